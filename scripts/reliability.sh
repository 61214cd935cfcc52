#!/usr/bin/env bash
# The reliability checks beyond the test suite (doc/reliability.md):
#   1. make check built with ASan + UBSan          (scripts/sanitize.sh)
#   2. the core tests under valgrind memcheck       (scripts/memcheck.sh)
#   3. the libFuzzer target for FUZZ_SECONDS (60)   (scripts/fuzz.sh)
# Run after scripts/setup.sh (scripts/test.sh runs it). Installs valgrind
# and clang with apt-get when they are missing.
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
step "make check under ASan+UBSan" bash scripts/sanitize.sh
step "valgrind memcheck" bash scripts/memcheck.sh
step "libFuzzer, ${FUZZ_SECONDS:-60} s" bash scripts/fuzz.sh "${FUZZ_SECONDS:-60}"
exit $rc
