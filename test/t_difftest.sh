#!/bin/sh
# The differential tester (doc/testing.md): every reproducer in
# test/difftest/regressions replayed (each must agree, or match a known
# class of test/difftest/known.txt), then 30 random programs, 12 in the
# quick tier (from seed NCSF_DIFFTEST_SEED, default 1; NCSF_DIFFTEST_BUDGET
# programs), each run
# through plain PnetCDF and through ncsf with every variable subfiled.
# One PASS:/FAIL:/XFAIL: line per program; scripts/difftest.sh -n 300 is
# the long campaign.
. "$top_srcdir/test/common.sh"
# In the sanitizer build, memory errors stop a generated program as ever,
# but leaks are not checked here: a program whose buffer_detach ncsf
# refuses (a bput pending: NC_EPENDINGBPUT, as PnetCDF) leaves PnetCDF's
# attached buffer and its own request buffers at exit (seed 27 at 4
# processes); the library's own leaks are checked by every other test
[ -n "${ASAN_OPTIONS:-}" ] && ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0" && export ASAN_OPTIONS
R=$top_srcdir/scripts/difftest.sh
regs=$(ls "$top_srcdir"/test/difftest/regressions/*.txt 2>/dev/null)
rc=0
if [ -n "$regs" ]; then
  bash "$R" --replay $regs || rc=1
fi
bash "$R" -S -s "${NCSF_DIFFTEST_SEED:-1}" -n "${NCSF_DIFFTEST_BUDGET:-$(quick_or 12 30)}" || rc=1
exit $rc
