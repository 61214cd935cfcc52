#!/usr/bin/env bash
# The test suite, set up first (idempotent); the last line of make check
# is "N passed, N failed". Exit status 0 only if every test passed.
#
#   bash scripts/test.sh          the quick tier (the README's command):
#                                 every test, small sizes, 1 and 2
#                                 processes (NCSF_TIER=quick; 3 to 6 min)
#   bash scripts/test.sh --full   the full suite (what .ci/run runs): every
#                                 test at 1, 2, 3, 4 and 8 processes and full
#                                 sizes, then the reliability runs
#                                 (scripts/reliability.sh: sanitizers with
#                                 the fault sweep, valgrind, fuzzing),
#                                 PnetCDF's own test programs through ncsf
#                                 (scripts/pnetcdf-suite.sh), the
#                                 differential tester (scripts/difftest.sh,
#                                 when present), and the matrix (doc/testing.md, "CI's hour"):
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
#                                 NCSF_CI_LIMIT) a step after the full
#                                 tier's make check that would end past the
#                                 limit says so and is not run
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
# the full tier right after the quick one (.ci/run sets NCSF_QUICK_RAN=1):
# the process counts the quick tier ran, 1 and 2, are left out of each
# test's list where others remain (test/common.sh, nps): the quick tier
# ran them at small sizes; 8 too, whose runs come after the reliability
# checks, within CI's hour (below)
np_skip=
[ "$tier" = full ] && [ "${NCSF_QUICK_RAN:-0}" = 1 ] && np_skip="1 2 8" &&
  echo "test.sh: the quick tier ran before: counts 1 and 2 left out of the lists that have others, 8 run later"
NCSF_TEST_NP_SKIP=$np_skip NCSF_TIER=$tier make -j"$jobs" check 2>&1 | grep -v '^make\['
rc=${PIPESTATUS[0]}
# make check prints the line itself when everything passed; print it on failure too
if [ "$rc" -ne 0 ]; then
  cat test/*.log 2>/dev/null | grep -E '^(FAIL|ERROR|TIMEOUT)|\[rank' | head -n 40
  sh test/summary.sh test-suite.log
fi
echo "test.sh: $tier tier of make check took $(( $(date +%s) - start )) s"
# where it went: the slowest scripts (test/run-mpi-test ends each log with
# the script's wall time)
slowest=$(for f in test/t_*.log; do
  t=$(tail -n 1 "$f" | sed -n 's/^# took \([0-9]*\) s$/\1/p')
  [ -n "$t" ] && echo "$t $(basename "$f" .log)"
done | sort -rn | head -n 8 | awk '{printf "%s%s %s s", (NR > 1 ? ", " : ""), $2, $1}')
[ -z "$slowest" ] || echo "test.sh: the slowest scripts: $slowest"
[ "$tier" = full ] || exit "$rc"
# the rest of the full suite: each runs even if one before failed
step() {
  echo "== $*"
  "$@" || { echo "test.sh: FAILED: $*" >&2; rc=1; }
}
# CI's hour (NCSF_CI_START, seconds since the epoch, and NCSF_CI_LIMIT,
# seconds, set by .ci/run): every step after the full tier's make check
# has an estimate of its cost, the time it took on the machine the
# estimates were measured on (doc/testing.md, "CI's hour"; its full tier
# took 1,150 s, 880 s after the quick tier), scaled by this machine's
# speed, the full tier's time here against that one; a step that would
# end past the limit is not started, and says so in the log ("NOT RUN for
# CI's hour"). Outside CI every step runs.
full_s=$(( $(date +%s) - start ))
ref_s=1150
[ -z "$np_skip" ] || ref_s=880
speed_pct=$(( full_s * 100 / ref_s ))
[ "$speed_pct" -ge 20 ] || speed_pct=20
fits() { # SECONDS NAME: SECONDS as measured there
  [ -n "${NCSF_CI_START:-}" ] && [ -n "${NCSF_CI_LIMIT:-}" ] || return 0
  local used=$(( $(date +%s) - NCSF_CI_START )) est=$(( $1 * speed_pct / 100 ))
  [ $(( used + est )) -le "$NCSF_CI_LIMIT" ] && return 0
  echo "== NOT RUN for CI's hour: $2 (about $est s here; $used s of $NCSF_CI_LIMIT s used)"
  return 1
}
fits_quiet() { fits "$1" - > /dev/null; }
# The other configurations' builds, one compiler at a time, behind the
# checks that leave a core idle (PnetCDF's suite runs one program at a
# time, mostly on one process): PnetCDF 1.15.0 and 1.14.1 from
# ../shared/deps and ncsf against each (scripts/matrix.sh's build stage),
# ncsf with Open MPI and Debian's PnetCDF (scripts/openmpi.sh
# --build-only), PIO 2.7.0 from ../shared/clients and its test programs
# (scripts/pio-tests.sh), netCDF-C with its PnetCDF dispatch
# (scripts/netcdf-pnetcdf.sh). Each starts only if it and its tests fit
# CI's hour (its estimate is both).
matrix_configs=${NCSF_MATRIX_CONFIGS-"pnetcdf-1.15.0 pnetcdf-1.14.1"}
ompi_dir=${NCSF_OPENMPI_DIR:-/tmp/ncsf-openmpi-ci}
# a build left out for the hour leaves a mark here; its tests then are not
# run either (a build that fails still fails its tests' step)
notbuilt=$(mktemp -d)
prebuild_log=$(mktemp)
trap 'rm -rf "$notbuilt" "$prebuild_log"' EXIT
prebuild() { # KEY SECONDS NAME COMMAND...
  local key=$1 secs=$2 name=$3; shift 3
  if fits "$secs" "$name"; then "$@"; else : > "$notbuilt/$key"; fi
}
built() { # KEY NAME
  [ -e "$notbuilt/$1" ] || return 0
  echo "== NOT RUN for CI's hour: $2 (its build was not made: above)"
  return 1
}
prebuild_pid=
start_builds() {
  # Open MPI and Debian's PnetCDF installed first, while nothing else
  # runs: the install moves Debian's MPI alternatives until openmpi.sh
  # sets them back to MPICH's
  if [ "${NCSF_OPENMPI:-1}" != 0 ]; then
    if ! fits 1000 "Open MPI (install, build, tests)"; then NCSF_OPENMPI=0
    elif ! bash scripts/openmpi.sh --install-only; then
      echo "test.sh: FAILED: Open MPI could not be installed (NCSF_OPENMPI=0 leaves it out)" >&2
      rc=1 NCSF_OPENMPI=0
    fi
  fi
  (
    for c in $matrix_configs; do
      prebuild "$c" 1300 "the build of matrix $c" env NCSF_BUILD_JOBS=1 NCSF_MATRIX_STAGE=build bash scripts/matrix.sh "$c"
    done
    [ "${NCSF_OPENMPI:-1}" = 0 ] || prebuild ompi 1000 "the build of ncsf with Open MPI" \
      env NCSF_BUILD_JOBS=1 bash scripts/openmpi.sh --build-only --dir "$ompi_dir"
    [ "${NCSF_PIO:-1}" = 0 ] || prebuild pio 500 "the build of PIO" env PIO_BUILD_JOBS=1 bash scripts/pio-tests.sh --ci --build-only
    [ "${NCSF_NETCDF_PNETCDF_TESTS:-1}" = 0 ] || prebuild netcdf 900 "the build of netCDF-C with PnetCDF" \
      env NCSF_JOBS=1 bash scripts/netcdf-pnetcdf.sh
  ) > "$prebuild_log" 2>&1 &
  prebuild_pid=$!
}
# Where the hour has room for everything (the reliability checks slowed
# by a build beside them, the suite, the tester, the matrix's tests:
# 4,500 s there), the builds start now, beside the reliability checks;
# else after them, which then have both cores (outside CI: now)
fits_quiet 4500 && start_builds
# The reliability checks (scripts/reliability.sh): make check under ASan +
# UBSan with the fault sweep, valgrind memcheck of the core tests, a
# bounded libFuzzer run
fits 1250 "make check under ASan+UBSan" && step bash scripts/reliability.sh asan
fits 60 "valgrind memcheck" && step bash scripts/reliability.sh memcheck
fits 150 "libFuzzer" && step bash scripts/reliability.sh fuzz
# The full tier's runs at 8 processes, when the make check above left
# them out: the scripts whose list of counts has 8
if [ -n "$np_skip" ]; then
  np8=
  for t in $(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory print-tests); do
    n=$(basename "$t" .sh)
    grep -q "nps $n\b" "$t" 2> /dev/null || continue
    l=$(grep "^$n " test/nprocs.txt | cut -d' ' -f2-)
    case " ${l:-1 2 3 4 8} " in *" 8 "*) np8="$np8 $t" ;; esac
  done
  [ -z "$np8" ] || { fits 400 "the full tier at 8 processes" &&
    NCSF_TEST_NP=8 NCSF_TIER=full step make -j"$jobs" check TESTS="${np8# }"; }
fi
[ -n "$prebuild_pid" ] || start_builds
fits 800 "PnetCDF's test programs through ncsf" && step bash scripts/pnetcdf-suite.sh
[ -f scripts/difftest.sh ] && fits 550 "the differential tester, 80 programs" &&
  step bash scripts/difftest.sh -s 31 -n "${NCSF_DIFFTEST_BUDGET:-80}"
wait "$prebuild_pid"
echo "== builds for the matrix"
cat "$prebuild_log"
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
  built "$c" "matrix $c" && fits 200 "matrix $c" &&
    NCSF_MATRIX_STAGE=check NCSF_MATRIX_TESTS=$matrix_tests step bash scripts/matrix.sh "$c"
done
if [ "${NCSF_OPENMPI:-1}" != 0 ]; then
  for io in ompio romio321; do
    built ompi "Open MPI, $io" && fits 250 "Open MPI, $io" &&
      step bash scripts/openmpi.sh --reuse "$ompi_dir" --io "$io" --tests "${NCSF_OPENMPI_TESTS:-mpi}"
  done
fi
case " $matrix_configs " in
  *" pnetcdf-1.15.0 "*)
    if [ ! -f "${NCSF_MATRIX_DIR:-/tmp/ncsf-matrix}/pnetcdf-1.15.0/.built" ]; then
      echo "== SKIP: PnetCDF 1.15.0's test programs (no ncsf build against PnetCDF 1.15.0: the matrix step says why)"
    else built pnetcdf-1.15.0 "PnetCDF 1.15.0's test programs" && fits 100 "PnetCDF 1.15.0's test programs" &&
      step bash scripts/pnetcdf-suite.sh --pnetcdf 1.15.0 --ncsf-build "${NCSF_MATRIX_DIR:-/tmp/ncsf-matrix}/pnetcdf-1.15.0" \
        ${NCSF_SUITE_115_RUNS-testcases/file_create_open testcases/tst_del_attr testcases/tst_inq_header_size cdl/tst_cdl_hdr_parser testcases/tst_grow_header testcases/tst_redefine testcases/tst_def_var_fill fandc/pnctest header/header_consistency testcases/add_var}
    fi ;;
esac
# PIO's C unit tests through the preload: its pioc, darray and async tests
[ "${NCSF_PIO:-1}" = 0 ] || { built pio "PIO's C unit tests (--ci)" && fits 250 "PIO's C unit tests (--ci)" &&
  step bash scripts/pio-tests.sh --ci; }
# netCDF-C's PnetCDF path: its run_pnetcdf_tests.sh programs plain and
# through the preload (netCDF-C 4.9.0 with PnetCDF, built above; the
# test says SKIP when that build could not be made)
[ "${NCSF_NETCDF_PNETCDF_TESTS:-1}" = 0 ] || { built netcdf "netCDF-C's PnetCDF tests" && fits 300 "netCDF-C's PnetCDF tests" &&
  NCSF_TIER=full step make check TESTS=test/t_netcdf_pnetcdf.sh; }
echo "test.sh: full suite took $(( $(date +%s) - start )) s, $([ "$rc" -eq 0 ] && echo passed || echo FAILED)"
exit "$rc"
