#!/usr/bin/env bash
# make check with AddressSanitizer and UndefinedBehaviorSanitizer: the
# working tree's sources are copied to build-san/ and configured there with
# --enable-sanitizers (the main build stays as it is).
#
#   bash scripts/sanitize.sh          (after scripts/setup.sh)
#
# The tests run in the quick tier (small sizes; the fault sweep t_inject
# at 1 and 2 processes) unless NCSF_TIER=full is set: under ASan every run
# costs two to three times its time, and the full tier at every count made
# CI outrun its budget (NCSF_TEST_NP_MAX, 2 by default, bounds the counts).
set -euo pipefail
cd "$(dirname "$0")/.."
top=$PWD
pnc=$(sed -n 's/^PNETCDF_PREFIX = //p' Makefile)
[ -n "$pnc" ] || { echo "sanitize.sh: configure the tree first (bash scripts/setup.sh)" >&2; exit 1; }
rm -rf build-san
mkdir build-san
git ls-files -co --exclude-standard -z | grep -zv '^build-' | tar --null -T - -cf - | tar -xf - -C build-san
cd build-san
autoreconf -fi > autoreconf.log 2>&1
./configure --enable-sanitizers --enable-fault-injection --with-pnetcdf="$pnc" > configure.log 2>&1 ||
  { tail -30 configure.log >&2; exit 1; }
make -j2 > make.log 2>&1 || { grep -E "error|warning" make.log | head -30 >&2; exit 1; }
if grep -q "warning:" make.log; then grep "warning:" make.log | head -20 >&2; echo "sanitize.sh: warnings" >&2; exit 1; fi
# Process counts of the tests' lists up to 2 (NCSF_TEST_NP_MAX, default 2
# here; the runs a script makes at a fixed count of 3 or 4 still run):
# four instrumented processes on two cores cost CI minutes for no case the
# uninstrumented full suite (scripts/test.sh --full, 8 included) and
# valgrind (scripts/memcheck.sh, 3 processes) miss.
# Left out here (NCSF_SAN_SKIP; empty: every test), as they run no library
# code the others do not run under the sanitizers: t_layers (nm and the
# compiler on the objects), t_collectives and t_agreements (they count the
# collectives of calls the other tests make), t_python and t_zarr (Python
# readers of files the C tools write; the tools run under the sanitizers
# in t_tools and t_checks).
skip=${NCSF_SAN_SKIP-"t_layers t_collectives t_agreements t_python t_zarr"}
tests=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory print-tests)
for t in $skip; do tests=$(echo " $tests " | sed "s| test/$t.sh | |"); done
rc=0
NCSF_TIER=${NCSF_TIER:-quick} NCSF_TEST_NP_MAX=${NCSF_TEST_NP_MAX:-2} make -j"${NCSF_TEST_JOBS:-2}" check TESTS="$tests" > check.log 2>&1 || rc=$?
grep -E "^(FAIL|ERROR|XPASS)" check.log || true
grep -E "^[0-9]+ passed, [0-9]+ failed" check.log || tail -20 check.log
exit $rc
