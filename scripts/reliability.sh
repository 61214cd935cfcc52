#!/usr/bin/env bash
# The reliability checks beyond the test suite (doc/reliability.md):
#   1. make check built with ASan + UBSan          (scripts/sanitize.sh)
#   2. the core tests under valgrind memcheck       (scripts/memcheck.sh)
#   3. the libFuzzer target for FUZZ_SECONDS (60)   (scripts/fuzz.sh)
# Run after scripts/setup.sh (scripts/test.sh runs it). Installs valgrind
# and clang with apt-get when they are missing.
#
#   bash scripts/reliability.sh [asan] [memcheck] [fuzz]   (default: all three)
set -uo pipefail
cd "$(dirname "$0")/.."
[ -f Makefile ] || bash scripts/setup.sh || exit 1
rc=0
step() {
  local name=$1; shift
  local t0=$SECONDS
  echo "== $name"
  if "$@"; then echo "== $name: ok ($((SECONDS - t0)) s)"; else echo "== $name: FAILED ($((SECONDS - t0)) s)"; rc=1; fi
}
[ $# -gt 0 ] || set -- asan memcheck fuzz
for what in "$@"; do
  case $what in
    asan) step "make check under ASan+UBSan" bash scripts/sanitize.sh ;;
    memcheck) step "valgrind memcheck" bash scripts/memcheck.sh ;;
    fuzz) step "libFuzzer, ${FUZZ_SECONDS:-60} s" bash scripts/fuzz.sh "${FUZZ_SECONDS:-60}" ;;
    *) echo "reliability.sh: asan, memcheck or fuzz, not $what" >&2; exit 2 ;;
  esac
done
exit $rc
