#!/usr/bin/env bash
# The test suite, set up first (idempotent); the last line of make check
# is "N passed, N failed". Exit status 0 only if every test passed.
#
#   bash scripts/test.sh          the quick tier (the README's command):
#                                 every test, small sizes, 1, 2 and 4
#                                 processes (NCSF_TIER=quick; under 5 min)
#   bash scripts/test.sh --full   the full suite (what .ci/run runs): every
#                                 test at 1, 2, 3, 4 and 8 processes and full
#                                 sizes, then PnetCDF's own test programs
#                                 through ncsf (scripts/pnetcdf-suite.sh), the
#                                 differential tester (scripts/difftest.sh,
#                                 when present), the reliability runs
#                                 (scripts/reliability.sh: sanitizers with
#                                 the fault sweep, valgrind, fuzzing), and
#                                 the matrix (doc/testing.md, "CI's hour"):
#                                 against PnetCDF 1.15.0 and 1.14.1
#                                 (scripts/matrix.sh, NCSF_MATRIX_CONFIGS,
#                                 NCSF_MATRIX_TESTS; SKIP without
#                                 ../shared/deps), PnetCDF 1.15.0's test
#                                 programs, Open MPI with Debian's PnetCDF
#                                 and each MPI-IO component
#                                 (scripts/openmpi.sh; NCSF_OPENMPI=0 leaves
#                                 it out), PIO's C unit tests (NCSF_PIO=0
#                                 leaves them out) and netCDF-C's PnetCDF
#                                 tests (test/t_netcdf_pnetcdf.sh;
#                                 NCSF_NETCDF_PNETCDF_TESTS=0); under CI (NCSF_CI_START,
#                                 NCSF_CI_LIMIT) a matrix step that would
#                                 end past the limit says so and is not run
#
# Longer runs, each one command (doc/testing.md): the whole quick tier
# against PnetCDF 1.14.1 and 1.15.0 (bash scripts/matrix.sh), against Open
# MPI with Debian's PnetCDF (bash scripts/openmpi.sh), PIO's C unit tests
# (bash scripts/pio-tests.sh), netCDF-C's PnetCDF tests (bash
# scripts/netcdf-pnetcdf.sh, then make check TESTS=test/t_netcdf_pnetcdf.sh).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tier=quick
case ${1:-} in
  --full) tier=full ;;
  --quick|"") ;;
  -h|--help) sed -n '2,/^set -uo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "test.sh: unknown option $1 (--full for the full suite, --help)" >&2; exit 2 ;;
esac
bash "$top/scripts/setup.sh" || exit 1
cd "$top"
start=$(date +%s)
# the test scripts two at a time on two cores (NCSF_TEST_JOBS; each
# script's MPI runs yield while they wait: test/yield_idle.c)
jobs=${NCSF_TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
[ "$jobs" -le 4 ] || jobs=4
NCSF_TIER=$tier make -j"$jobs" check 2>&1 | grep -v '^make\['
rc=${PIPESTATUS[0]}
# make check prints the line itself when everything passed; print it on failure too
if [ "$rc" -ne 0 ]; then
  cat test/*.log 2>/dev/null | grep -E '^(FAIL|ERROR|TIMEOUT)|\[rank' | head -n 40
  sh test/summary.sh test-suite.log
fi
echo "test.sh: $tier tier of make check took $(( $(date +%s) - start )) s"
[ "$tier" = full ] || exit "$rc"
# the rest of the full suite: each runs even if one before failed
step() {
  echo "== $*"
  "$@" || { echo "test.sh: FAILED: $*" >&2; rc=1; }
}
# CI's hour (NCSF_CI_START, seconds since the epoch, and NCSF_CI_LIMIT,
# seconds, set by .ci/run): a step of the matrix that would end after the
# limit, by its measured cost, is not started, and says so in the log
# ("NOT RUN for CI's hour"); outside CI every step runs.
fits() { # SECONDS NAME
  [ -n "${NCSF_CI_START:-}" ] && [ -n "${NCSF_CI_LIMIT:-}" ] || return 0
  local used=$(( $(date +%s) - NCSF_CI_START ))
  [ $(( used + $1 )) -le "$NCSF_CI_LIMIT" ] && return 0
  echo "== NOT RUN for CI's hour: $2 (about $1 s; $used s of $NCSF_CI_LIMIT s used)"
  return 1
}
# The other configurations' builds, one compiler at a time, behind the
# suite (it runs one program at a time, mostly on one process, and leaves
# a core idle): PnetCDF 1.15.0 and 1.14.1 from ../shared/deps and ncsf
# against each (scripts/matrix.sh's build stage), ncsf with Open MPI and
# Debian's PnetCDF (scripts/openmpi.sh --build-only), PIO 2.7.0 from
# ../shared/clients and its test programs (scripts/pio-tests.sh),
# netCDF-C with its PnetCDF dispatch (scripts/netcdf-pnetcdf.sh)
matrix_configs=${NCSF_MATRIX_CONFIGS-"pnetcdf-1.15.0 pnetcdf-1.14.1"}
ompi_dir=${NCSF_OPENMPI_DIR:-/tmp/ncsf-openmpi-ci}
# Open MPI and Debian's PnetCDF installed first, while nothing else runs:
# the install moves Debian's MPI alternatives until openmpi.sh sets them
# back to MPICH's
if [ "${NCSF_OPENMPI:-1}" != 0 ] && ! bash scripts/openmpi.sh --install-only; then
  echo "test.sh: FAILED: Open MPI could not be installed (NCSF_OPENMPI=0 leaves it out)" >&2
  rc=1 NCSF_OPENMPI=0
fi
prebuild_log=$(mktemp)
(
  [ -z "$matrix_configs" ] || NCSF_BUILD_JOBS=1 NCSF_MATRIX_STAGE=build bash scripts/matrix.sh $matrix_configs
  [ "${NCSF_OPENMPI:-1}" = 0 ] || NCSF_BUILD_JOBS=1 bash scripts/openmpi.sh --build-only --dir "$ompi_dir"
  [ "${NCSF_PIO:-1}" = 0 ] || PIO_BUILD_JOBS=1 bash scripts/pio-tests.sh --ci --build-only
  [ "${NCSF_NETCDF_PNETCDF_TESTS:-1}" = 0 ] || NCSF_JOBS=1 bash scripts/netcdf-pnetcdf.sh
) > "$prebuild_log" 2>&1 &
prebuild=$!
step bash scripts/pnetcdf-suite.sh
[ -f scripts/difftest.sh ] && step bash scripts/difftest.sh -s 31 -n "${NCSF_DIFFTEST_BUDGET:-80}"
step bash scripts/reliability.sh
wait "$prebuild"
echo "== builds for the matrix"
cat "$prebuild_log"; rm -f "$prebuild_log"
# The matrix, within CI's hour (doc/testing.md, "CI's hour"): against
# PnetCDF 1.15.0 and 1.14.1 the collective writes they hang on when a
# process has nothing to write (doc/user-guide.md, "Which PnetCDF and
# MPI") and the tests of plans, restarts and ownership; PnetCDF 1.15.0's
# own test programs (ten of them) through the preload; Open MPI's two MPI-IO
# components on the tests of collective and independent subfile I/O.
# The whole quick tier of each is one command (scripts/matrix.sh,
# scripts/openmpi.sh).
matrix_tests=${NCSF_MATRIX_TESTS-"test/t_zerocount.sh test/t_matrix.sh test/t_plans.sh test/t_restart.sh test/t_basic3d.sh test/t_synced.sh test/t_owners.sh"}
for c in $matrix_configs; do
  fits 150 "matrix $c" &&
    NCSF_MATRIX_STAGE=check NCSF_MATRIX_TESTS=$matrix_tests step bash scripts/matrix.sh "$c"
done
if [ "${NCSF_OPENMPI:-1}" != 0 ]; then
  for io in ompio romio321; do
    fits 180 "Open MPI, $io" &&
      step bash scripts/openmpi.sh --reuse "$ompi_dir" --io "$io" --tests "${NCSF_OPENMPI_TESTS:-mpi}"
  done
fi
case " $matrix_configs " in
  *" pnetcdf-1.15.0 "*)
    if [ ! -f "${NCSF_MATRIX_DIR:-/tmp/ncsf-matrix}/pnetcdf-1.15.0/.built" ]; then
      echo "== SKIP: PnetCDF 1.15.0's test programs (no ncsf build against PnetCDF 1.15.0: the matrix step says why)"
    else fits 240 "PnetCDF 1.15.0's test programs" &&
      step bash scripts/pnetcdf-suite.sh --pnetcdf 1.15.0 --ncsf-build "${NCSF_MATRIX_DIR:-/tmp/ncsf-matrix}/pnetcdf-1.15.0" \
        ${NCSF_SUITE_115_RUNS-testcases/file_create_open testcases/tst_del_attr testcases/tst_inq_header_size cdl/tst_cdl_hdr_parser testcases/tst_grow_header testcases/tst_redefine testcases/tst_def_var_fill fandc/pnctest header/header_consistency testcases/add_var}
    fi ;;
esac
# PIO's C unit tests through the preload: its pioc, darray and async tests
[ "${NCSF_PIO:-1}" = 0 ] || { fits 240 "PIO's C unit tests (--ci)" && step bash scripts/pio-tests.sh --ci; }
# netCDF-C's PnetCDF path: its run_pnetcdf_tests.sh programs plain and
# through the preload (netCDF-C 4.9.0 with PnetCDF, built above; the
# test says SKIP when that build could not be made)
[ "${NCSF_NETCDF_PNETCDF_TESTS:-1}" = 0 ] || { fits 180 "netCDF-C's PnetCDF tests" &&
  NCSF_TIER=full step make check TESTS=test/t_netcdf_pnetcdf.sh; }
echo "test.sh: full suite took $(( $(date +%s) - start )) s, $([ "$rc" -eq 0 ] && echo passed || echo FAILED)"
exit "$rc"
