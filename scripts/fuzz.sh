#!/usr/bin/env bash
# Run the libFuzzer target over the subfiling-attribute parser and the
# partition arithmetic (test/fuzz/fuzz_attrs.c) for a bounded time.
#
#   bash scripts/fuzz.sh [SECONDS]        default 60
#
# Needs clang with libFuzzer (Debian: clang, libclang-rt-dev; installed
# here if missing) and a built tree (scripts/setup.sh). The library's
# sources are compiled again with clang, coverage instrumentation, ASan and
# UBSan into build-fuzz/. New inputs that widen coverage go to
# build-fuzz/corpus; a crash input is copied to test/fuzz/regressions/,
# where make check replays it from then on, and the script fails.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
top=$PWD
probe() {
  command -v clang >/dev/null &&
  echo 'int LLVMFuzzerTestOneInput(const char *d, long n){(void)d;(void)n;return 0;}' |
    clang -x c -fsanitize=fuzzer - -o /tmp/ncsf-fuzz-probe 2>/dev/null
}
if ! probe; then
  [ "$(id -u)" = 0 ] || { echo "fuzz.sh: clang with libFuzzer is missing (apt-get install clang libclang-rt-dev)" >&2; exit 1; }
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q clang libclang-rt-dev >/dev/null ||
    { apt-get update -qq && apt-get install -y -q clang libclang-rt-dev >/dev/null; } || exit 1
  probe || { echo "fuzz.sh: clang cannot link -fsanitize=fuzzer" >&2; exit 1; }
fi
rm -f /tmp/ncsf-fuzz-probe
[ -f src/ncmpi/api/api_getput.c ] || { echo "fuzz.sh: build the tree first (bash scripts/setup.sh)" >&2; exit 1; }
pnc=$(sed -n 's/^PNETCDF_PREFIX = //p' Makefile)
out=build-fuzz
mkdir -p "$out/obj" "$out/corpus"
export MPICH_CC=clang
flags="-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -DHAVE_CONFIG_H"
incs="-I$top -I$top/include -I$top/src/subfile -I$top/src/ncmpi -I$top/src/ncmpi/base -I$top/src/ncmpi/api -I$top/test/fuzz -I$pnc/include"
objs=()
for src in src/subfile/*.c src/ncmpi/*/*.c test/fuzz/fuzz_attrs.c test/fuzz/fuzz_libfuzzer.c; do
  o=$out/obj/$(echo "$src" | tr / _).o
  mpicc $flags -fsanitize=fuzzer-no-link $incs -c "$src" -o "$o"
  objs+=("$o")
done
mpicc $flags -fsanitize=fuzzer "${objs[@]}" -L"$pnc/lib" -Wl,-rpath,"$pnc/lib" -lpnetcdf -o "$out/fuzz_attrs"
make -s test/fuzz/fuzz_replay > /dev/null
mkdir -p "$out/seeds"
test/fuzz/fuzz_replay --seeds "$out/seeds"
cd "$out"
rm -f crash-* leak-* timeout-* oom-*
rc=0
./fuzz_attrs -max_total_time="$secs" -print_final_stats=1 -artifact_prefix=./ \
  corpus seeds "$top/test/fuzz/corpus" "$top/test/fuzz/regressions" > fuzz.log 2>&1 || rc=$?
grep -E "stat::number_of_executed_units|stat::new_units_added|Done [0-9]+ runs" fuzz.log || true
for c in crash-* leak-* timeout-* oom-*; do
  [ -e "$c" ] || continue
  cp "$c" "$top/test/fuzz/regressions/"
  echo "fuzz.sh: $c saved in test/fuzz/regressions (add it to git)" >&2
  rc=1
done
[ $rc -eq 0 ] || tail -40 fuzz.log >&2
exit $rc
