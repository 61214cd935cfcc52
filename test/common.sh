# Sourced by every test script: run MPI programs with a timeout, report
# one PASS/FAIL line per run (test/run-mpi-test turns them into automake
# results), keep scratch files in one directory removed at the end.
set -u
: "${top_builddir:=.}"
: "${top_srcdir:=.}"
: "${MPIEXEC:=mpiexec}"
: "${NCDUMP:=ncdump}"
TEST_TIMEOUT=${NCSF_TEST_TIMEOUT:-600}
export NCSF_QUIET=${NCSF_QUIET:-1}
B=$top_builddir
failed=0

# Process counts for a test: NCSF_TEST_NP, else test/nprocs.txt, else 1 2 3 4 8.
nps() {
  if [ -n "${NCSF_TEST_NP:-}" ]; then echo "$NCSF_TEST_NP"; return; fi
  line=$(grep "^$1 " "$top_srcdir/test/nprocs.txt" 2>/dev/null | cut -d' ' -f2-)
  echo "${line:-1 2 3 4 8}"
}

# The next process count after $1 in the list, wrapping round (readers
# use a different count from writers).
other_np() {
  case $1 in 1) echo 3;; 2) echo 1;; 3) echo 4;; 4) echo 8;; *) echo 2;; esac
}

# (sh has no local variables: names here start with _ so callers keep theirs)
run_np() {
  _n=$1; shift
  timeout -k 10 "$TEST_TIMEOUT" "$MPIEXEC" -n "$_n" "$@"
  _rc=$?
  [ $_rc -eq 124 ] && echo "TIMEOUT after ${TEST_TIMEOUT}s: mpiexec -n $_n $*" >&2
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

finish() { exit $((failed > 0)); }
