# Sourced by every test script: run MPI programs with a timeout, report
# one PASS/FAIL line per run (test/run-mpi-test turns them into automake
# results), keep scratch files in one directory removed at the end.
set -u
: "${top_builddir:=.}"
: "${top_srcdir:=.}"
: "${MPIEXEC:=mpiexec}"
: "${NCDUMP:=ncdump}"
TEST_TIMEOUT=${NCSF_TEST_TIMEOUT:-600}
# the library prints nothing unless asked: the tests see its default
unset NCSF_VERBOSE PNETCDF_VERBOSE_DEBUG_MODE
B=$top_builddir
failed=0

# Process counts for a test: NCSF_TEST_NP, else test/nprocs.txt, else
# 1 2 3 4 8; counts above NCSF_TEST_NP_MAX (if set) are left out (the
# sanitizer build sets 2: on 2 cores more instrumented processes are
# mostly waiting), but a list keeps at least its smallest count.
# The quick tier (NCSF_TIER=quick, scripts/test.sh's default) keeps the
# counts among 1 2 (the first of the list if none is): two cores carry
# two processes; 3, 4 and 8 are the full tier's.
nps() {
  if [ -n "${NCSF_TEST_NP:-}" ]; then _l=$NCSF_TEST_NP
  else
    _l=$(grep "^$1 " "$top_srcdir/test/nprocs.txt" 2>/dev/null | cut -d' ' -f2-)
    _l=${_l:-1 2 3 4 8}
    if [ "${NCSF_TIER:-full}" = quick ]; then
      _q=
      for _n in $_l; do case $_n in 1|2) _q="$_q $_n" ;; esac; done
      [ -n "$_q" ] && _l=$_q || _l=${_l%% *}
    fi
  fi
  # the full tier after the quick one (NCSF_TEST_NP_SKIP="1 2", set by
  # scripts/test.sh --full under .ci/run): the counts the quick tier ran
  # are left out, unless nothing else is left
  if [ "${NCSF_TIER:-full}" != quick ] && [ -n "${NCSF_TEST_NP_SKIP:-}" ]; then
    _r=
    for _n in $_l; do
      case " $NCSF_TEST_NP_SKIP " in *" $_n "*) ;; *) _r="$_r $_n" ;; esac
    done
    [ -n "$_r" ] && _l=$_r
  fi
  _out=
  for _n in $_l; do
    [ -n "${NCSF_TEST_NP_MAX:-}" ] && [ "$_n" -gt "$NCSF_TEST_NP_MAX" ] && continue
    _out="$_out $_n"
  done
  # a list with no count within the bound keeps its smallest
  [ -n "$_out" ] || _out=$(printf '%s\n' $_l | sort -n | head -n 1)
  echo "${_out# }"
}

# The PnetCDF version this build is configured with (configure's
# PNETCDF_VERSION_STRING, as in the Makefile), and whether it hangs on a
# collective put of a record variable in which some process has a zero
# count and another does not (1.14 and 1.15.0: the process with nothing
# skips the reduction of the record count; fixed after 1.15.0;
# doc/user-guide.md, "Which PnetCDF and MPI"). A plain PnetCDF run that
# makes such a put cannot finish there: the tests SKIP it, saying so.
pnetcdf_version() { sed -n 's/^PNETCDF_VERSION_STRING = //p' "$B/Makefile" 2>/dev/null; }
pnetcdf_zero_count_hang() { case $(pnetcdf_version) in 1.14.*|1.15.0) return 0 ;; esac; return 1; }

# sanitized: whether this is the sanitizer build (configure
# --enable-sanitizers, scripts/sanitize.sh), where a large allocation costs
# a memset of its shadow: each MPI_File_open (ROMIO's buffers) then takes
# tens of milliseconds, and cases of thousands of opens run smaller
sanitized() { grep -q -- "--enable-sanitizers" "$B/config.log" 2> /dev/null; }

# quick_or SMALL FULL: SMALL in the quick tier, else FULL (a size, a count)
quick_or() { if [ "${NCSF_TIER:-full}" = quick ]; then echo "$1"; else echo "$2"; fi; }

# The next process count after $1 in the list, wrapping round (readers
# use a different count from writers), within NCSF_TEST_NP_MAX.
other_np() {
  case $1 in 1) _o=3;; 2) _o=1;; 3) _o=4;; 4) _o=8;; *) _o=2;; esac
  # the quick tier stays among 1 2
  [ "${NCSF_TIER:-full}" = quick ] && case $1 in 1) _o=2;; 2) _o=1;; *) _o=2;; esac
  if [ -n "${NCSF_TEST_NP_MAX:-}" ] && [ "$_o" -gt "$NCSF_TEST_NP_MAX" ]; then
    [ "$1" -eq 2 ] && _o=1 || _o=2
  fi
  echo "$_o"
}

# Every rank preloads test/libyieldidle.so (test/yield_idle.c): MPICH
# polls without yielding, and with more ranks than cores each collective
# would cost tens of milliseconds. NCSF_TEST_YIELD=0 runs without it.
# A test that sets LD_PRELOAD itself gives "$(with_yield LIB)".
YIELD_SO=
if [ "${NCSF_TEST_YIELD:-1}" != 0 ] && [ -f "$B/test/.libs/libyieldidle.so" ]; then
  YIELD_SO="$B/test/.libs/libyieldidle.so"
  # an ASan program checks that its runtime is loaded first
  [ -n "${ASAN_OPTIONS:-}" ] && ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0" && export ASAN_OPTIONS
fi
with_yield() { echo "$1${YIELD_SO:+ $YIELD_SO}"; }

# (sh has no local variables: names here start with _ so callers keep theirs)
# run_np N [NAME=VALUE...] PROG ARGS...: through scripts/launcher.sh, which
# knows how MPICH, Open MPI and srun hand a variable (LD_PRELOAD,
# NCSF_HINTS...) to every rank; without an LD_PRELOAD=, the yield library
. "$top_srcdir/scripts/launcher.sh"
NCSF_LAUNCHER=${NCSF_LAUNCHER:-$(ncsf_launcher_kind)}
run_np() {
  _n=$1; shift
  _k=0 _pre=0
  for _a in "$@"; do
    case $_a in
      LD_PRELOAD=*) _pre=1 ;;
      [A-Z]*=*) ;;
      *) break ;;
    esac
    _k=$((_k + 1))
  done
  # "--" after the variables, then the program's words
  _i=0 _all=$#
  while [ $_i -lt $_all ]; do
    _a=$1; shift
    [ $_i = $_k ] && set -- "$@" --
    set -- "$@" "$_a"
    _i=$((_i + 1))
  done
  [ $_pre = 0 ] && [ -n "$YIELD_SO" ] && set -- "LD_PRELOAD=$YIELD_SO" "$@"
  NCSF_LAUNCH_WRAP="timeout -k 10 $TEST_TIMEOUT"
  ncsf_launch "$_n" "$@"
  _rc=$?
  NCSF_LAUNCH_WRAP=
  [ $_rc -eq 124 ] && echo "TIMEOUT after ${TEST_TIMEOUT}s: $MPIEXEC -n $_n $*" >&2
  return $_rc
}

report() {
  if [ "$1" -eq 0 ]; then echo "PASS: $2"; else echo "FAIL: $2"; failed=$((failed + 1)); fi
}

scratch=$(mktemp -d "${TMPDIR:-/tmp}/ncsf-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
newdir() { mktemp -d "$scratch/run.XXXXXX"; }

# ncdump must read every file given, and each subfile must show its index;
# PnetCDF's ncvalidator (when configure found it) must find each valid,
# without a warning (a file shorter than its header says, say).
ncdump_all() {
  for f in "$@"; do
    "$NCDUMP" "$f" > "$scratch/dump.txt" 2>&1 || { echo "ncdump failed on $f" >&2; cat "$scratch/dump.txt" >&2; return 1; }
    if [ -n "${NCVALIDATOR:-}" ]; then
      "$NCVALIDATOR" "$f" > "$scratch/valid.txt" 2>&1
      if ! grep -q "is a valid NetCDF" "$scratch/valid.txt" || grep -qiE "warning|error" "$scratch/valid.txt"; then
        echo "ncvalidator does not find $f valid:" >&2; cat "$scratch/valid.txt" >&2; return 1
      fi
    fi
    case $f in
      *.nc) ;;
      *) grep -q "subfiling_index = [0-9]" "$scratch/dump.txt" || { echo "no subfiling_index in $f" >&2; return 1; } ;;
    esac
  done
}

# expect_files DIR PATTERN NAME...: the files of DIR that match PATTERN
# are exactly NAME... (in any order); says what differs
expect_files() {
  _dir=$1 _pat=$2; shift 2
  _got=$(cd "$_dir" && ls $_pat 2>/dev/null | sort | tr '\n' ' ' | sed 's/ $//')
  _want=$(for _n in "$@"; do echo "$_n"; done | sort | tr '\n' ' ' | sed 's/ $//')
  [ "$_got" = "$_want" ] || { echo "$_pat in $_dir: [$_got], expected [$_want]" >&2; return 1; }
}

# find_python MODULES: PY becomes the first python3 (Debian's before the
# one on PATH) that imports MODULES (as an import statement lists them),
# else ""; its status says which
find_python() {
  PY=
  for _p in /usr/bin/python3 python3; do
    if command -v "$_p" > /dev/null 2>&1 && "$_p" -c "import $1" 2> /dev/null; then PY=$_p; return 0; fi
  done
  return 1
}
# need_python MODULES WHY: as find_python; without one, "SKIP: WHY" and
# the script ends
need_python() { find_python "$1" || { echo "SKIP: $2"; exit 0; }; }

finish() { exit $((failed > 0)); }
