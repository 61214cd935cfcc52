#!/usr/bin/env bash
# NCAR ParallelIO (PIO 2.7.0, the CESM and E3SM climate models' I/O
# library) C unit tests through ncsf's preload, against the same tests run
# plain, counted through the MPI profiling interface.
#
#   bash scripts/pio-tests.sh [--ci] [--build-only] [-t "TEST..."] [-o DIR]
#
# PIO comes from ../shared/clients/pio-2.7.0.tar.gz (relative to the
# checkout, or to the main checkout of a git worktree; PIO_TARBALL names
# another), is unpacked and built once in .deps/pio-2.7.0 (PIO_DIR names
# another directory): autoreconf -i; configure CC=mpicc --disable-fortran
# --disable-shared against the project's PnetCDF; make -C src; then the
# test programs of tests/cunit that a run needs, once. Without the
# tarball: SKIP, saying why.
# Each test runs at the process count of PIO's own tests/cunit/run_tests.sh
# (4; test_async_multi2 and test_async_manyproc 8), in a directory of its
# own, twice:
#   - plain: PnetCDF 1.12.3 alone;
#   - through ncsf: LD_PRELOAD of libncsf-preload.so alone (PIO writes
#     through PnetCDF and reads files back through netCDF-C; the preload
#     carries both paths, so netCDF-C sees a subfiled dataset whole), with
#     NCSF_HINTS="subfiling=enable;subfiling_nfiles=2;subfiling_min_size=0".
# A test passes when both runs exit 0 and every file the plain run leaves
# (*.nc) is there after the ncsf run with the same ncdump listing: a
# subfiled dataset merged first (tools/ncsf-merge); PIO's decomposition
# files' :backtrace attribute (code addresses) left out; elements never
# written left out, and counted: PIO's tests mostly write in no-fill mode
# (PnetCDF's default), where an element never written is undefined; plain
# PnetCDF's files of these tests hold 0xFF bytes there (-1, 255, NaN, "\377"), ncsf's
# subfiles zeros (holes), so an element is never written when its bytes
# are all ones plainly and all zeros through ncsf, in a variable without a
# _FillValue attribute of all ones (a fill-mode variable's never-written
# elements hold its fill value in both files and ncdump lists them as "_",
# so they compare as any other value). The tests read back and check every
# element they write.
# Collectives on communicators of more than one process and communicators
# made (per rank, the most of any rank) are counted in both runs (libmpicount.so), printed
# per test, with ncsf's ratio to plain's; a ratio above PIO_MAX_RATIO
# (1.1) is said as "over", and fails the test only with --strict-counts.
# Those are the collectives the program and its libraries (PIO, PnetCDF,
# ncsf) call; the collectives MPI-IO makes inside MPI (ROMIO's, for
# PnetCDF's MPI_File_open, write_all, close) are counted apart and printed
# beside them as the "all" columns, with their ratio (not judged).
# Each run's wall time (launch included) is printed too, with ncsf's over
# plain's: a paired ratio, meaningful on an idle machine only (`uptime`).
# --build-only: build PIO and the run's test programs, run nothing (CI
# builds them behind other steps).
# --ci: 16 of them, the pioc, darray and async tests of up to a minute
# each. Prints a line per test, the per-test table, "N passed, N failed";
# exits 1 if any failed. On 2 cores shared with other work (load 12 to
# 21): the whole run's tests about 16 minutes, --ci's 7 to 13, building
# PIO 3 to 8 (doc/testing.md).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
B=${top_builddir:-$top}
tarball=${PIO_TARBALL:-$top/../shared/clients/pio-2.7.0.tar.gz}
if [ -z "${PIO_TARBALL:-}" ] && [ ! -f "$tarball" ]; then
  # a git worktree elsewhere: ../shared of the main checkout
  common=$(git -C "$top" rev-parse --path-format=absolute --git-common-dir 2> /dev/null)
  [ -n "$common" ] && [ -f "$(dirname "$common")/../shared/clients/pio-2.7.0.tar.gz" ] &&
    tarball=$(dirname "$common")/../shared/clients/pio-2.7.0.tar.gz
fi
pnc=${PNETCDF_DIR:-$top/.deps/pnetcdf}
tests='' ci=0 strict=0 out='' build_only=0
while [ $# -gt 0 ]; do
  case $1 in
    --ci) ci=1 ;;
    --build-only) build_only=1 ;;
    --strict-counts) strict=1 ;;
    -t) tests=$2; shift ;;
    -o) out=$2; shift ;;
    -h|--help) sed -n '2,/^set/{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "pio-tests.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
if [ ! -f "$tarball" ]; then
  echo "SKIP: pio-tests.sh: $tarball is absent (PIO 2.7.0's source, ../shared/clients)"
  exit 0
fi
pre=$B/.libs/libncsf-preload.so cnt=$B/benchmarks/scaling/libmpicount.so
merge=$B/tools/ncsf-merge
for f in "$pre" "$B/.libs/libncsf-netcdf-hook.so" "$cnt" "$merge" "$pnc/lib/libpnetcdf.so"; do
  [ -e "$f" ] || { echo "pio-tests.sh: $f is missing (make; scripts/setup.sh)" >&2; exit 2; }
done
# test/libyieldidle.so (test/yield_idle.c) in every rank of both runs:
# MPICH's UCX polling never yields, and 4 or 8 ranks on 2 cores would
# spend their time waiting (PIO_TEST_YIELD=0 runs without it)
yield=$B/test/.libs/libyieldidle.so
if [ "${PIO_TEST_YIELD:-1}" = 0 ]; then yield=''
elif [ ! -e "$yield" ]; then
  make -C "$B" test/libyieldidle.la > /dev/null 2>&1 || yield=''
  [ -e "$yield" ] || yield=''
fi
command -v ncdump > /dev/null || { echo "SKIP: pio-tests.sh: ncdump is not installed"; exit 0; }
. "$top/scripts/launcher.sh"

# ---- PIO, built once ----------------------------------------------------
pio=${PIO_DIR:-$top/.deps/pio-2.7.0}
cunit=$pio/tests/cunit
if [ ! -f "$cunit/Makefile" ] || [ ! -f "$pio/src/clib/libpioc.la" ]; then
  echo "pio-tests.sh: building PIO in $pio (log: $pio.build.log)"
  b0=$(date +%s)
  mkdir -p "$pio" && tar xzf "$tarball" -C "$pio" --strip-components=1 &&
    (cd "$pio" && autoreconf -i &&
       ./configure CC=mpicc --disable-fortran --disable-shared CPPFLAGS="-I$pnc/include" \
         LDFLAGS="-L$pnc/lib -Wl,-rpath,$pnc/lib" &&
       make -j"${PIO_BUILD_JOBS:-2}" -C src) > "$pio.build.log" 2>&1 ||
    { echo "pio-tests.sh: the PIO build failed: $pio.build.log" >&2; tail -n 20 "$pio.build.log" >&2; exit 2; }
  echo "pio-tests.sh: PIO built in $(( $(date +%s) - b0 )) s"
fi

# ---- the tests and their process counts, from PIO's run_tests.sh --------
rt=$cunit/run_tests.sh.in
list4=$(sed -n "/^PIO_TESTS='/,/'\$/p" "$rt" | tr -d "'\\\\" | sed 's/PIO_TESTS=//' | tr -s ' \n' ' ')
list8=$(sed -n "s/^PIO_TESTS_8='\(.*\)'/\1/p" "$rt")
nps_of() { case " $list8 " in *" $1 "*) echo 8 ;; *) echo 4 ;; esac; }
if [ -z "$tests" ]; then
  if [ $ci -eq 1 ]; then
    # pioc, darray and async tests of up to a minute each (the whole
    # list's test_darray_multivar and test_darray_1d take minutes)
    tests='test_pioc test_pioc_unlim test_pioc_fill test_pioc_putget
           test_darray test_darray_3d test_darray_multivar3 test_darray_vard test_darray_fill
           test_darray_append test_darray_async_simple test_darray_async
           test_async_simple test_async_4proc test_async_multicomp test_async_multi2'
  else
    # every test once (test_simple appears twice in PIO's list)
    tests=$(printf '%s\n' $list4 $list8 | awk '!seen[$0]++')
  fi
fi
# the test programs this run needs, built once (all 38 for the whole run)
missing=''
for t in $tests; do [ -x "$cunit/$t" ] || missing="$missing $t"; done
if [ -n "$missing" ]; then
  b0=$(date +%s)
  make -j"${PIO_BUILD_JOBS:-2}" -k -C "$cunit" $missing >> "$pio.build.log" 2>&1 ||
    echo "pio-tests.sh: some test programs do not build: $pio.build.log" >&2
  echo "pio-tests.sh: $(echo $missing | wc -w) test programs built in $(( $(date +%s) - b0 )) s"
fi
[ $build_only = 1 ] && exit 0
out=${out:-$(mktemp -d "${TMPDIR:-/tmp}/ncsf-pio.XXXXXX")}
mkdir -p "$out"
hints="subfiling=enable;subfiling_nfiles=2;subfiling_min_size=0"

# the most of any rank, over the whole run: collectives on communicators
# of more than one process (PIO's async tests work on communicators
# smaller than the world), communicators made
# and, beside them, the same with the collectives MPI makes itself (ROMIO's,
# uncounted above: column inner_calls, benchmarks/scaling/mpicount.c)
counts() { awk 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
  { w[$3] += $c["multi_calls"]; m[$3] += $c["comms"]; a[$3] += $c["multi_calls"] + $c["inner_calls"] }
  END { for (r in w) { if (w[r] > W) W = w[r]; if (m[r] > M) M = m[r]; if (a[r] > A) A = a[r] }
        printf "%d %d %d\n", W, M, A }' "$1"; }

# an ncdump listing without the first line (the file's name) and the
# decomposition files' :backtrace attribute
listing() { ncdump "$1" 2>&1 | sed '1d; /:backtrace = /,/ ;$/d'; }

# compare PLAIN NCSF (ncdump listings): the headers identical, the data
# value by value; prints the count of elements never written (below)
compare() {
  python3 - "$1" "$2" <<'EOF'
import re, sys
ONES = {'byte': {'-1'}, 'short': {'-1'}, 'int': {'-1'}, 'int64': {'-1'},
        'ubyte': {'255'}, 'ushort': {'65535'}, 'uint': {'4294967295'},
        'uint64': {'18446744073709551615'},
        'float': {'NaN', '-NaN', 'nan', '-nan', 'NaNf', '-NaNf'},
        'double': {'NaN', '-NaN', 'nan', '-nan'}}
ZERO = re.compile(r'-?0(\.0*)?(e[+-]?0+)?[a-zA-Z]*$')
TOK = re.compile(r'"(?:[^"\\]|\\.)*"|[^\s,;]+')
ESC = {'n': 10, 't': 9, 'r': 13, 'b': 8, 'f': 12, 'v': 11, 'a': 7, '\\': 92, '"': 34, "'": 39, '?': 63}

def unquote(t):
    out, i, s = [], 0, t[1:-1]
    while i < len(s):
        c = s[i]
        if c != '\\':
            out.append(ord(c)); i += 1; continue
        m = re.match(r'[0-7]{1,3}', s[i + 1:])
        if m:
            out.append(int(m.group(), 8) & 255); i += 1 + len(m.group())
        else:
            out.append(ESC.get(s[i + 1], ord(s[i + 1]))); i += 2
    return out

def split(text):
    head, sep, data = text.partition('\ndata:\n')
    types, ones_fill = {}, set()
    for line in head.split('\n'):
        m = re.match(r'\t(\w+) (\S+?)(\(.*\))? ;$', line)
        if m: types[m.group(2)] = m.group(1)
        m = re.match(r'\t\t(\S+?):_FillValue = (.*) ;$', line)
        if m: ones_fill.add(m.group(1))
    blocks = re.split(r'\n (\S+) =', '\n' + data)
    return head, types, ones_fill, blocks

a, b = (open(p, encoding='latin-1').read() for p in sys.argv[1:3])
ha, types, fills, ba = split(a)
hb, _, _, bb = split(b)
if ha != hb:
    print("differ: the headers"); sys.exit(1)
if [x for x in ba[1::2]] != [x for x in bb[1::2]]:
    print("differ: the variables listed"); sys.exit(1)
unwritten = 0
for name, da, db in zip(ba[1::2], ba[2::2], bb[2::2]):
    t = types.get(name, '')
    ta, tb = TOK.findall(da), TOK.findall(db)
    if len(ta) != len(tb):
        print("differ: %s: %d values against %d" % (name, len(ta), len(tb))); sys.exit(1)
    for x, y in zip(ta, tb):
        if x == y: continue
        if t == 'char' and x[:1] == '"' and y[:1] == '"' and name not in fills:
            xa, ya = unquote(x), unquote(y)
            n = max(len(xa), len(ya)); xa += [0] * (n - len(xa)); ya += [0] * (n - len(ya))
            bad = [i for i in range(n) if xa[i] != ya[i] and not (xa[i] == 255 and ya[i] == 0)]
            if not bad:
                unwritten += sum(1 for i in range(n) if xa[i] != ya[i]); continue
        elif x in ONES.get(t, ()) and ZERO.match(y) and name not in fills:
            unwritten += 1; continue
        print("differ: %s: %s against %s" % (name, x[:60], y[:60])); sys.exit(1)
print(unwritten)
EOF
}

echo "pio-tests.sh: $(echo $tests | wc -w) tests; an element never written (its bytes all ones plainly," \
  "all zeros through ncsf, no _FillValue of all ones) is left out of the comparison and counted"
npass=0 nfail=0 r0=$(date +%s)
summary=$out/counts.txt
echo "test np plain_coll ncsf_coll ratio plain_comms ncsf_comms files unwritten result seconds plain_s ncsf_s time_ratio plain_all ncsf_all all_ratio" > "$summary"
for t in $tests; do
  np=$(nps_of "$t")
  [ -x "$cunit/$t" ] || { echo "FAIL: $t: not built"; nfail=$((nfail + 1)); continue; }
  w=$out/$t
  rm -rf "$w"; mkdir -p "$w/plain" "$w/ncsf"
  # PIO's tests read data files of their own from the test directory
  [ -d "$cunit/data" ] && { cp -r "$cunit/data" "$w/plain/"; cp -r "$cunit/data" "$w/ncsf/"; }
  why='' t0=$(date +%s) p0=$(date +%s.%N)
  (cd "$w/plain" && NCSF_LAUNCH_WRAP="timeout -k 10 1800" ncsf_launch "$np" "LD_PRELOAD=$cnt${yield:+ $yield}" \
     "MPICOUNT_OUT=$w/plain.count" -- "$cunit/$t" > "$w/plain.out" 2>&1) || why="plain run failed (exit $?)"
  p1=$(date +%s.%N) n1=$p1
  if [ -z "$why" ]; then
    (cd "$w/ncsf" && NCSF_LAUNCH_WRAP="timeout -k 10 1800" ncsf_launch "$np" "LD_PRELOAD=$pre $cnt${yield:+ $yield}" \
       "NCSF_HINTS=$hints" "NCSF_QUIET=1" "MPICOUNT_OUT=$w/ncsf.count" -- "$cunit/$t" > "$w/ncsf.out" 2>&1) ||
      why="run through ncsf failed (exit $?): $(tail -n 2 "$w/ncsf.out" | tr '\n' ' ')"
    n1=$(date +%s.%N)
  fi
  # each run's wall time (the launcher's too), and ncsf's over plain's
  read -r ps ns tr <<< "$(awk -v a="$p0" -v b="$p1" -v c="$n1" \
    'BEGIN { printf "%.2f %.2f %.3f\n", b - a, c - b, (b > a ? (c - b) / (b - a) : 0) }')"
  nfiles=0 unwritten=0
  if [ -z "$why" ]; then
    for f in "$w"/plain/*.nc; do
      [ -e "$f" ] || continue
      b=$(basename "$f") g=$w/ncsf/$b
      nfiles=$((nfiles + 1))
      [ -e "$g" ] || { why="$b: not written through ncsf"; break; }
      if ncdump -h "$g" 2> /dev/null | grep -c 'subfiling_dataset_id' > /dev/null; then
        "$merge" --quiet --force "$g" "$w/merged.$b" > "$w/merge.out" 2>&1 || { why="$b: ncsf-merge failed"; break; }
        g=$w/merged.$b
      fi
      listing "$f" > "$w/a.cdl"; listing "$g" > "$w/b.cdl"
      r=$(compare "$w/a.cdl" "$w/b.cdl") || { why="$b: $r"; break; }
      unwritten=$((unwritten + r))
    done
  fi
  read -r pc pm pa <<< "$(counts "$w/plain.count" 2> /dev/null || echo '0 0 0')"
  read -r nc nm na <<< "$(counts "$w/ncsf.count" 2> /dev/null || echo '0 0 0')"
  ratio=$(awk -v a="$nc" -v b="$pc" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')
  aratio=$(awk -v a="$na" -v b="$pa" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')
  over=$(awk -v r="$ratio" -v m="${PIO_MAX_RATIO:-1.1}" 'BEGIN { print (r > m) }')
  [ -z "$why" ] && [ "$over" = 1 ] && [ $strict -eq 1 ] && why="collectives $ratio x plain's"
  secs=$(( $(date +%s) - t0 ))
  note="${secs} s (run plain ${ps} s, through ncsf ${ns} s: $tr x), collectives $nc against $pc ($ratio x; with MPI's own $na against $pa, $aratio x), communicators $nm against $pm, $nfiles files"
  [ "$unwritten" -gt 0 ] && note="$note, $unwritten elements never written (0xFF plainly, 0 through ncsf)"
  [ "$over" = 1 ] && note="$note, over ${PIO_MAX_RATIO:-1.1}x"
  if [ -z "$why" ]; then
    echo "PASS: $t np=$np: $note"; npass=$((npass + 1)); res=pass
  else
    echo "FAIL: $t np=$np: $why; $note"; nfail=$((nfail + 1)); res=fail
  fi
  echo "$t $np $pc $nc $ratio $pm $nm $nfiles $unwritten $res $secs $ps $ns $tr $pa $na $aratio" >> "$summary"
  # keep what a failure needs, drop the data of a pass
  [ $res = pass ] && rm -rf "$w/plain" "$w/ncsf" "$w"/merged.* "$w"/*.cdl
done
echo "per test (collectives on communicators of more than one process and communicators made, the most of any rank;" \
  "*_all: with the collectives MPI-IO makes inside MPI; $summary):"
column -t "$summary" 2> /dev/null || cat "$summary"
echo "$npass passed, $nfail failed ($(( $(date +%s) - r0 )) s)"
[ $nfail -eq 0 ]
