#!/usr/bin/env bash
# ncsf with Open MPI and the distribution's PnetCDF (Debian's and Ubuntu's
# libpnetcdf-dev, built for Open MPI): one configuration of the CI matrix.
#
#   bash scripts/openmpi.sh [--io "ompio romio321"] [--keep] [--dir DIR]
#                           [--install-only | --build-only | --reuse DIR] [--tests "test/t_a.sh ..."]
#
# 1. Installs libopenmpi-dev, openmpi-bin and libpnetcdf-dev with apt-get
#    when they are missing (as root). Installing Open MPI moves Debian's
#    MPI alternatives (mpicc, mpiexec, mpirun, /usr/lib/<multiarch>/libmpi.so,
#    the mpi include directory) to Open MPI: they are set to MPICH's (when
#    MPICH is installed; else to their values before) right after the
#    install, and again on exit, whatever happens (trap), so the main build
#    (MPICH) and every other job of the machine keep theirs. Run it after
#    scripts/setup.sh: installed later, MPICH (priority 40) would not take
#    the alternatives back from Open MPI (50).
# 2. Copies the checkout's files (git ls-files) to a scratch directory
#    (DIR/src), builds there in a directory of its own (DIR/build, VPATH)
#    with CC=mpicc.openmpi --with-pnetcdf=/usr, test programs included:
#    the checkout is not touched.
# 3. Runs the quick tier (NCSF_TIER=quick make check) through Open MPI's
#    mpirun once per MPI-IO component (OMPI_MCA_io: ompio, Open MPI's
#    default, and romio321), and prints "openmpi-IO: N passed, N failed,
#    N skipped" for each, the failures' lines, and the time taken.
#
#   --io LIST      the MPI-IO components to run with (default "ompio romio321")
#   --tests LIST   run these test scripts only (make check TESTS=LIST);
#                  "mpi": the MPI-sensitive subset for CI (subfiles
#                  written and read collectively through views, restart
#                  and reopen, errors, plans, faults, groups, nodes)
#   --dir DIR      build in DIR (made if missing, emptied first; kept)
#                  instead of a temporary directory
#   --install-only step 1 only (CI installs first, before anything else
#                  runs: the install moves the alternatives for a moment)
#   --build-only   steps 1 and 2 only (with --dir: a build for --reuse),
#                  NCSF_BUILD_JOBS compilers at a time (default 2)
#   --reuse DIR    skip steps 1 and 2: run the tests in DIR, built before
#                  by --build-only --dir DIR (the checkout's later edits
#                  are not in it)
#   --keep         keep the temporary directory (logs in DIR/logs-IO)
# Exit status 0 only if every configuration passed. A temporary directory
# is removed unless --keep or a failure (its path is printed).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
ios="ompio romio321"
keep=0 dir= build_only=0 install_only=0 reuse= tests=
while [ $# -gt 0 ]; do
  case $1 in
    --io) ios=${2:?--io needs a list}; shift ;;
    --keep) keep=1 ;;
    --dir) dir=${2:?--dir needs a directory}; shift ;;
    --build-only) build_only=1 ;;
    --install-only) install_only=1 ;;
    --reuse) reuse=${2:?--reuse needs a directory}; shift ;;
    --tests) tests=${2:?--tests needs a list}; shift ;;
    -h|--help) sed -n '2,/^set /{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "openmpi.sh: unknown option $1 (--help)" >&2; exit 2 ;;
  esac
  shift
done
say() { echo "openmpi.sh: $*"; }
[ -n "$reuse" ] && [ $build_only = 1 ] && { echo "openmpi.sh: --reuse and --build-only exclude each other" >&2; exit 2; }
[ -n "$reuse" ] && [ -n "$dir" ] && { echo "openmpi.sh: --reuse DIR names the directory; --dir is for the build" >&2; exit 2; }
if [ -n "$reuse" ]; then
  reuse=$(cd "$reuse" 2>/dev/null && pwd) && [ -f "$reuse/build/Makefile" ] && [ -x "$reuse/build/test/t_matrix" ] ||
    { echo "openmpi.sh: no build in ${reuse:-the --reuse directory} (bash scripts/openmpi.sh --build-only --dir DIR makes one)" >&2; exit 2; }
fi
# the subset CI runs with each component (doc/testing.md, Open MPI)
mpi_subset="test/t_matrix.sh test/t_restart.sh test/t_errors.sh test/t_plans.sh test/t_faults.sh test/t_groupcomm.sh test/t_nodes.sh"
[ "$tests" = mpi ] && tests=$mpi_subset
start=$(date +%s)

# ---- the alternatives Open MPI's packages move, and putting them back
alts="mpi mpirun"
multiarch=$(gcc -print-multiarch 2>/dev/null || true)
[ -n "$multiarch" ] && alts="$alts mpi-$multiarch"
declare -A before=()
for a in $alts; do
  before[$a]=$(update-alternatives --query "$a" 2>/dev/null | sed -n 's/^Value: //p')
done
# MPICH's, when it is installed (the project's MPI), whatever they were
mpich_alts() {
  [ -x /usr/bin/mpicc.mpich ] || return 0
  before[mpi]=/usr/bin/mpicc.mpich
  [ -x /usr/bin/mpirun.mpich ] && before[mpirun]=/usr/bin/mpirun.mpich
  [ -n "$multiarch" ] && [ -d "/usr/include/$multiarch/mpich" ] && before[mpi-$multiarch]=/usr/include/$multiarch/mpich
  return 0
}
mpich_alts
restore() {
  for a in $alts; do
    v=${before[$a]:-}
    [ -n "$v" ] || continue
    cur=$(update-alternatives --query "$a" 2>/dev/null | sed -n 's/^Value: //p')
    [ "$cur" = "$v" ] || update-alternatives --set "$a" "$v" > /dev/null 2>&1 ||
      echo "openmpi.sh: could not set the $a alternative back to $v" >&2
  done
}
scratch= temp=0
cleanup() {
  rc=$?
  restore
  if [ -n "$scratch" ] && [ $temp = 1 ] && [ $keep = 0 ] && [ $rc = 0 ]; then rm -rf "$scratch"
  elif [ -n "$scratch" ]; then echo "openmpi.sh: build and logs kept in $scratch" >&2; fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- packages
need=
for p in libopenmpi-dev openmpi-bin libpnetcdf-dev; do
  dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'install ok installed' || need="$need $p"
done
if [ -n "$need" ]; then
  [ "$(id -u)" = 0 ] || { echo "openmpi.sh: missing packages:$need (apt-get install them as root)" >&2; exit 1; }
  say "installing$need"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get install -y --no-install-recommends $need > /dev/null 2>&1 ||
    { apt-get update > /dev/null 2>&1 && apt-get install -y --no-install-recommends $need > /dev/null; }; } ||
    { echo "openmpi.sh: apt-get install$need failed" >&2; exit 1; }
fi
mpich_alts
restore
if [ -n "${before[mpi]:-}" ]; then
  say "mpicc is still $(readlink -f "$(command -v mpicc)") ($(mpicc -show 2>/dev/null | head -c 60)...)"
fi
command -v mpicc.openmpi > /dev/null && command -v mpirun.openmpi > /dev/null ||
  { echo "openmpi.sh: mpicc.openmpi or mpirun.openmpi missing" >&2; exit 1; }
[ $install_only = 1 ] && { say "Open MPI and Debian's PnetCDF installed"; exit 0; }

# ---- the tree, copied, and built apart (VPATH)
if [ -n "$reuse" ]; then
  scratch=$reuse
  say "reusing the build in $scratch/build"
else
  if [ -n "$dir" ]; then
    mkdir -p "$dir" && scratch=$(cd "$dir" && pwd) || { echo "openmpi.sh: cannot make $dir" >&2; exit 1; }
    [ "$scratch" != / ] && [ "$scratch" != "$top" ] || { echo "openmpi.sh: --dir $dir would be emptied" >&2; scratch=; exit 2; }
    rm -rf "$scratch/src" "$scratch/build" "$scratch"/logs-* "$scratch"/*.log
  else
    scratch=$(mktemp -d "${TMPDIR:-/tmp}/ncsf-openmpi.XXXXXX") && temp=1
    [ $build_only = 1 ] && keep=1
  fi
  src=$scratch/src obj=$scratch/build
  mkdir -p "$src" "$obj"
  (cd "$top" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) | tar -xf - -C "$src" ||
    { echo "openmpi.sh: copying the tree failed" >&2; exit 1; }
  say "building in $obj ($(mpirun.openmpi --version 2>&1 | head -n 1), PnetCDF $(sed -n 's/^#define PNETCDF_VERSION *"\(.*\)"/\1/p' /usr/include/pnetcdf.h))"
  (cd "$src" && autoreconf -fi > "$scratch/autoreconf.log" 2>&1) || { tail -n 20 "$scratch/autoreconf.log" >&2; exit 1; }
  (cd "$obj" && "$src/configure" CC=mpicc.openmpi --with-pnetcdf=/usr > "$scratch/configure.log" 2>&1) ||
    { tail -n 20 "$scratch/configure.log" >&2; exit 1; }
  (cd "$obj" && make -j"${NCSF_BUILD_JOBS:-2}" > "$scratch/make.log" 2>&1 && make -j"${NCSF_BUILD_JOBS:-2}" check TESTS= > "$scratch/make-check.log" 2>&1) ||
    { grep -E 'error|Error' "$scratch/make.log" "$scratch/make-check.log" | head -n 20 >&2; exit 1; }
  if grep -h 'warning:' "$scratch/make.log" "$scratch/make-check.log"; then
    echo "openmpi.sh: the build with Open MPI has warnings (above)" >&2; exit 1
  fi
  if [ $build_only = 1 ]; then
    say "built in $obj ($(( $(date +%s) - start )) s); run the tests with --reuse $scratch"
    exit 0
  fi
fi
src=$scratch/src obj=$scratch/build
# the difftest's ncmpidiff: Debian ships it apart (pnetcdf-bin, not
# installed here: its /usr/bin/ncmpidiff would come first on PATH for the
# MPICH build too); the checkout's own PnetCDF build serves
[ -x "$top/.deps/pnetcdf/bin/ncmpidiff" ] && export NCMPIDIFF=$top/.deps/pnetcdf/bin/ncmpidiff

# ---- the quick tier, once per MPI-IO component
rc=0
for io in $ios; do
  t0=$(date +%s)
  # an earlier run's results out of the count (a reused build, a subset)
  (cd "$obj" && rm -f test-suite.log test/*.log test/*.trs)
  (cd "$obj" && OMPI_MCA_io=$io NCSF_TIER=quick MPIEXEC=mpirun.openmpi make check ${tests:+TESTS="$tests"} > "$scratch/check-$io.log" 2>&1)
  r=$?
  rm -rf "$scratch/logs-$io"; mkdir -p "$scratch/logs-$io"
  (cd "$obj" && cp test-suite.log test/*.log "$scratch/logs-$io/" 2> /dev/null)
  line=$(sh "$src/test/summary.sh" "$obj/test-suite.log")
  echo "openmpi-$io: $line ($(( $(date +%s) - t0 )) s${tests:+; $(echo $tests | wc -w) scripts})"
  if [ $r -ne 0 ]; then
    rc=1
    grep -hE '^(FAIL|ERROR|TIMEOUT)' "$obj"/test/*.log | head -n 40
  fi
done
say "took $(( $(date +%s) - start )) s"
exit $rc
