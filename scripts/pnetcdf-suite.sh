#!/usr/bin/env bash
# PnetCDF 1.12.3's own test programs through ncsf.
#
# Builds the programs of PnetCDF's test/testcases, test/nonblocking and
# test/C (C and Fortran; and nonblocking/mcoll_perf, which PnetCDF builds
# but does not list) from the source scripts/setup.sh unpacked, and runs
# each at 1 and 4 processes twice: plain, and under
# LD_PRELOAD=libncsf-preload.so with NCSF_HINTS="subfiling=enable;
# subfiling_nfiles=2;subfiling_min_size=0", which subfiles every variable
# that can be, however small. A run
# passes when the program passes both ways and every netCDF file it wrote
# through ncsf, merged by ncsf-merge, equals the plain one under PnetCDF's
# ncmpidiff (header and data). Programs known to fail through ncsf, each
# with its reason, are listed in scripts/pnetcdf-suite.xfail; one of them
# that passes is reported (so the list only shrinks).
#
#   bash scripts/pnetcdf-suite.sh [PROGRAM...]     (after scripts/setup.sh)
#
# Prints one line per program and process count, then
# "N passed, N failed, N expected-failure"; exits 1 if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
top=$PWD
pnc=$(sed -n 's/^PNETCDF_PREFIX = //p' Makefile 2>/dev/null)
[ -n "$pnc" ] || { echo "pnetcdf-suite.sh: run scripts/setup.sh first" >&2; exit 1; }
src=$(ls -d "$top"/.deps/src/pnetcdf-*/ 2>/dev/null | head -n 1)
[ -n "$src" ] && [ -f "$src/test/testcases/Makefile" ] ||
  { echo "pnetcdf-suite.sh: no configured PnetCDF source in .deps/src (scripts/setup.sh)" >&2; exit 1; }
make -s -j2 libncsf-preload.la tools/ncsf-merge test/libyieldidle.la > /dev/null || exit 1
pre=$top/.libs/libncsf-preload.so
# both runs preload test/yield_idle.c's shim (4 ranks on 2 cores: MPICH
# would poll without yielding); NCSF_TEST_YIELD=0 leaves it out
yield=
[ "${NCSF_TEST_YIELD:-1}" = 0 ] || yield=$top/test/.libs/libyieldidle.so
merge=$top/tools/ncsf-merge
diff=$pnc/bin/ncmpidiff
xfail_list=$top/scripts/pnetcdf-suite.xfail
MPIEXEC=${MPIEXEC:-mpiexec}
. "$top/scripts/launcher.sh"   # ncsf_launch: MPICH, Open MPI or srun
NCSF_LAUNCHER=${NCSF_LAUNCHER:-$(ncsf_launcher_kind)}
TIMEOUT=${NCSF_SUITE_TIMEOUT:-300}
NCSF_LAUNCH_WRAP="timeout -k 10 $TIMEOUT"
dirs="testcases nonblocking C"

echo "== building PnetCDF's test programs ($dirs)"
make -s -C "$src/test/common" > /dev/null 2>&1 || { echo "pnetcdf-suite.sh: cannot build test/common" >&2; exit 1; }
printf 'print-progs:\n\t@echo $(TESTPROGRAMS)\n' > "$src/test/.print-progs.mk"
progs=()
for d in $dirs; do
  make -s -C "$src/test/$d" check TESTS= > "$src/test/$d/.ncsf-build.log" 2>&1 ||
    { tail -20 "$src/test/$d/.ncsf-build.log" >&2; echo "pnetcdf-suite.sh: cannot build test/$d" >&2; exit 1; }
  for p in $(make -s -C "$src/test/$d" -f Makefile -f "$src/test/.print-progs.mk" print-progs); do
    progs+=("$d/$p")
  done
done
rm -f "$src/test/.print-progs.mk"
# built by "make check" but not among PnetCDF's TESTPROGRAMS: its C test of
# mput/mget (several variables in one call) and blocking/non-blocking writes
progs+=("nonblocking/mcoll_perf")
[ $# -gt 0 ] && progs=("$@")

# why PROG is expected to fail through ncsf at NP processes, or nothing
xfail_reason() {
  awk -v p="$1" -v n="$2" '!/^#/ && NF && $1 == p && ($2 == "*" || $2 == n) { $1 = ""; $2 = ""; sub(/^  */, ""); print; exit }' "$xfail_list"
}

out=$(mktemp -d "${TMPDIR:-/tmp}/ncsf-suite.XXXXXX")
trap 'rm -rf "$out"' EXIT
npass=0 nfail=0 nxfail=0 nskip=0
failed=()
for prog in "${progs[@]}"; do
  name=${prog##*/}
  for np in 1 4; do
    w=$out/$name.$np
    mkdir -p "$w/plain" "$w/ncsf"
    (cd "$src/test/${prog%/*}" &&
      ncsf_launch "$np" ${yield:+"LD_PRELOAD=$yield"} -- "./$name" "$w/plain/$name.nc" > "$w/plain.txt" 2>&1)
    prc=$?
    if [ $prc -ne 0 ]; then
      # not ncsf's business: the program does not pass on this count by itself
      echo "SKIP: $prog np=$np (fails without ncsf, exit $prc)"
      nskip=$((nskip + 1))
      continue
    fi
    (cd "$src/test/${prog%/*}" &&
      NCSF_HINTS="subfiling=enable;subfiling_nfiles=2;subfiling_min_size=0" NCSF_QUIET=1 \
        ncsf_launch "$np" "LD_PRELOAD=$pre${yield:+ $yield}" -- "./$name" "$w/ncsf/$name.nc" \
        > "$w/ncsf.txt" 2>&1)
    rc=$? why=""
    [ $rc -eq 0 ] || why="exit $rc through ncsf: $(grep -m1 -iE 'fail|error' "$w/ncsf.txt" | cut -c1-160)"
    # every netCDF file of the plain run, merged from the ncsf run, compared
    if [ -z "$why" ]; then
      for f in "$w"/plain/*; do
        b=${f##*/}
        head -c 3 "$f" 2> /dev/null | grep -q '^CDF' || continue
        [ -f "$w/ncsf/$b" ] || { why="no $b through ncsf"; break; }
        "$merge" "$w/ncsf/$b" "$w/merged.nc" > "$w/merge.txt" 2>&1 ||
          { why="ncsf-merge $b: $(head -c 160 "$w/merge.txt")"; break; }
        "$diff" -q "$f" "$w/merged.nc" > "$w/diff.txt" 2>&1 ||
          { why="$b differs: $(grep -m1 -v '^$' "$w/diff.txt" | cut -c1-160)"; break; }
        rm -f "$w/merged.nc"
      done
    fi
    reason=$(xfail_reason "$prog" "$np")
    if [ -z "$why" ] && [ -z "$reason" ]; then
      echo "PASS: $prog np=$np"; npass=$((npass + 1))
    elif [ -z "$why" ]; then
      echo "FAIL: $prog np=$np passes but is listed as an expected failure ($reason): take it off the list"
      nfail=$((nfail + 1)); failed+=("$prog np=$np")
    elif [ -n "$reason" ]; then
      echo "XFAIL: $prog np=$np ($reason)"; nxfail=$((nxfail + 1))
    else
      echo "FAIL: $prog np=$np: $why"; nfail=$((nfail + 1)); failed+=("$prog np=$np")
    fi
    rm -rf "$w"
  done
done
echo "$npass passed, $nfail failed, $nxfail expected-failure ($nskip runs skipped: they fail without ncsf)"
[ $nfail -eq 0 ]
