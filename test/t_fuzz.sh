#!/bin/sh
# The fuzz target without libFuzzer: the seeds (each must be accepted),
# the committed corpus and every crash input found so far
# (test/fuzz/regressions); scripts/fuzz.sh runs the fuzzer itself.
. "$top_srcdir/test/common.sh"
R=$B/test/fuzz/fuzz_replay
d=$(newdir)
"$R" --seeds "$d"; report $? "fuzz seeds are accepted by the attribute parser"
"$R" "$d" "$top_srcdir/test/fuzz/corpus" "$top_srcdir/test/fuzz/regressions"; report $? "fuzz corpus and regression inputs replayed"
finish
