#!/bin/bash
# e3sm-io.sh [-n P] [-o DIR] [-s SRC]: the collectives a real client makes,
# counted, never timed. E3SM-IO (the E3SM climate model's I/O kernel,
# github.com/Parallel-NetCDF/E3SM-IO), unmodified, built against this
# build's PnetCDF, runs its F, G and I cases (the 16-process maps of its
# datasets/, `-k -a pnetcdf -x canonical -r 2`: one iput_varn or iput_vara
# per variable and record, one wait_all per record) plain and under
# LD_PRELOAD=libncsf-preload.so with
#   - every variable subfiled: subfiling_nfiles=2, subfiling_min_size=0;
#   - the default subfiling_min_size (none of F's and G's variables
#     subfiled, I's largest are);
# all with the counting layer (libmpicount.so). Printed per run, the most of
# any rank: collectives on the whole communicator (wcoll), communicators
# made (comms); the datasets created and the wait_all calls (E3SM-IO's own
# report: files and flushes), the subfiles made; ncsf's extra collectives
# over plain's, and the bound "plain + 7 per create and enddef + 5 per
# wait + 4 per close" (test/t_collectives.sh's constants; communicators:
# plain's + 2, the census's and ncsf's own). Every output file written through ncsf, merged
# by ncsf-merge, must equal the plain one under ncmpidiff. The I case
# leaves elements no process writes, fill mode off (undefined: plain
# PnetCDF's hold whatever its aggregation buffer held), so its data are
# compared in a second set of runs, "I -u" (E3SM-IO's -u: every element
# written), counted too. Exits 1 if a run fails, a count exceeds its bound
# or a file differs.
#
# SRC: an E3SM-IO source tree (default: $E3SM_IO_SRC, else the git
# repository $E3SM_IO_MIRROR, /work/.mirror/Parallel-NetCDF+E3SM-IO/repo,
# whose HEAD is checked out); neither: SKIP. Built once per commit and
# PnetCDF under $E3SM_IO_BUILD (default ${TMPDIR:-/tmp}/ncsf-e3sm-io; two
# minutes with the runs on 2 cores), reused after. P: 4 (default); DIR:
# where the raw counters and E3SM-IO's reports go (default: a temporary
# directory).
# E3SM_IO_CALLERS=1 also records the call sites of every collective
# (MPICOUNT_CALLERS=DIR/TAG.callers; benchmarks/scaling/callers.sh names
# them). The twelve runs and their checks: about a minute at P = 2 and 4.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/launcher.sh"
B=${top_builddir:-$top}
np=4 out='' src=${E3SM_IO_SRC:-}
mirror=${E3SM_IO_MIRROR:-/work/.mirror/Parallel-NetCDF+E3SM-IO/repo}
while [ $# -gt 0 ]; do
  case $1 in
    -n) np=$2; shift ;;
    -o) out=$2; shift ;;
    -s) src=$2; shift ;;
    -h|--help) sed -n '2,/^set/{/^#/p}' "$0"; exit 0 ;;
    *) echo "e3sm-io.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
pnc=$(sed -n 's/^PNETCDF_PREFIX = //p' "$B/Makefile" 2> /dev/null)
[ -n "$pnc" ] || { echo "e3sm-io.sh: no PNETCDF_PREFIX in $B/Makefile: configure first" >&2; exit 2; }
make -s -C "$B" -j2 libncsf-preload.la tools/ncsf-merge benchmarks/scaling/libmpicount.so test/libyieldidle.la > /dev/null ||
  { echo "e3sm-io.sh: make failed in $B" >&2; exit 2; }
cnt=$B/benchmarks/scaling/libmpicount.so pre=$B/.libs/libncsf-preload.so merge=$B/tools/ncsf-merge
diff=$pnc/bin/ncmpidiff
# 4 ranks on 2 cores: MPICH polls without yielding unless preloaded with
# test/yield_idle.c's shim (the same calls, only sooner); NCSF_TEST_YIELD=0
# leaves it out
yield=
[ "${NCSF_TEST_YIELD:-1}" = 0 ] || yield=$B/test/.libs/libyieldidle.so
for f in "$cnt" "$pre" "$merge" "$diff" ${yield:+"$yield"}; do
  [ -e "$f" ] || { echo "e3sm-io.sh: $f is missing" >&2; exit 2; }
done

# --- the E3SM-IO build ---
cache=${E3SM_IO_BUILD:-${TMPDIR:-/tmp}/ncsf-e3sm-io}
if [ -n "$src" ]; then
  [ -f "$src/configure.ac" ] && [ -d "$src/datasets" ] ||
    { echo "SKIP: e3sm-io.sh: $src is no E3SM-IO source tree (configure.ac, datasets/)"; exit 0; }
  src=$(cd "$src" && pwd)
  id=$(git -C "$src" rev-parse --short HEAD 2> /dev/null || echo dir-$(echo "$src" | cksum | cut -d' ' -f1))
elif git --git-dir="$mirror" rev-parse -q --verify HEAD^{commit} > /dev/null 2>&1; then
  id=$(git --git-dir="$mirror" rev-parse --short HEAD)
else
  echo "SKIP: e3sm-io.sh: no E3SM-IO source (-s SRC, \$E3SM_IO_SRC) and no git repository at $mirror (\$E3SM_IO_MIRROR)"
  exit 0
fi
bld=$cache/$id-$(echo "$pnc" | cksum | cut -d' ' -f1)
exe=$bld/src/e3sm_io
if [ ! -x "$exe" ]; then
  echo "building E3SM-IO $id against $pnc in $bld (once; build.log there)"
  rm -rf "$bld"; mkdir -p "$bld"
  if [ -n "$src" ]; then
    (cd "$src" && tar --exclude=.git -cf - .) | tar -C "$bld" -xf -
  else
    # the snapshot may lack large files the build does not need (a 512-
    # process map, MPI-IO test data): check out everything else
    excl=()
    while read -r _ _ o path; do
      git --git-dir="$mirror" cat-file -e "$o" 2> /dev/null || excl+=(":(exclude)$path")
    done < <(git --git-dir="$mirror" ls-tree -r HEAD | awk '$2 == "blob"')
    git clone -q --no-checkout "$mirror" "$bld" && git -C "$bld" restore --source=HEAD -- . "${excl[@]}" ||
      { echo "e3sm-io.sh: cannot check out $mirror" >&2; exit 2; }
  fi
  # static and unoptimized: its header sources are one function of
  # thousands of calls each, which gcc compiles for minutes at -O1 (twice
  # with shared libraries); the counts do not depend on the optimization
  (cd "$bld" && { [ -x configure ] || autoreconf -fi; } &&
    ./configure --with-pnetcdf="$pnc" --disable-shared CC=mpicc CXX=mpicxx CFLAGS=-O0 CXXFLAGS=-O0 &&
    make -j2) > "$bld/build.log" 2>&1 && [ -x "$exe" ] ||
    { echo "e3sm-io.sh: building E3SM-IO failed: $bld/build.log" >&2; tail -n 5 "$bld/build.log" >&2; exit 2; }
fi

out=${out:-$(mktemp -d "${TMPDIR:-/tmp}/ncsf-e3sm-io-out.XXXXXX")}
data=$(mktemp -d "${TMPDIR:-/tmp}/ncsf-e3sm-io-data.XXXXXX")
trap 'rm -rf "$data"' EXIT
mkdir -p "$out"
failures=0

# one TAG CASE PRELOAD HINTS: E3SM-IO's CASE (f, g, i; iu: i with -u)
# into $data/TAG; prints "wcoll comms files flushes subfiles" (0s if it
# failed)
one() {
  local tag=$1 c=${2%u} p=$3 h=$4 u=
  [ "$c" = "$2" ] || u=-u
  rm -rf "${data:?}/$tag"; mkdir -p "$data/$tag"
  NCSF_LAUNCH_WRAP="timeout 900" ncsf_launch "$np" "LD_PRELOAD=${p:+$p }$cnt${yield:+ $yield}" "NCSF_HINTS=$h" \
    "NCSF_QUIET=1" "MPICOUNT_OUT=$out/$tag.txt" \
    ${E3SM_IO_CALLERS:+"MPICOUNT_CALLERS=$out/$tag.callers"} -- \
    "$exe" -k -a pnetcdf -x canonical -r 2 $u -o "$data/$tag/$c.nc" "$bld/datasets/map_${c}_case_16p.nc" \
    > "$out/$tag.out" 2>&1
  local rc=$?
  if [ $rc -ne 0 ] || ! [ -s "$out/$tag.txt" ] || grep -qi 'error' "$out/$tag.out"; then
    echo "FAILED: $tag (exit $rc): $(grep -i -m2 'error' "$out/$tag.out")" >&2
    failures=$((failures + 1))
    echo "0 0 0 0 0 0"
    return
  fi
  local files flushes subfiles
  subfiles=$(find "$data/$tag" -name '*.nc.*' | wc -l)
  files=$(grep -c '^History output file' "$out/$tag.out")
  flushes=$(awk -F= '/^No. I\/O flush calls/ { s += $2 } END { print s + 0 }' "$out/$tag.out")
  awk -v f="$files" -v w="$flushes" -v s="$subfiles" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
       { r = $c["rank"]; wc[r] += $c["world_calls"]; cm[r] += $c["comms"]; in_[r] += $c["inner_calls"] }
       END { for (r in wc) { if (wc[r] > W) W = wc[r]; if (cm[r] > M) M = cm[r]; if (in_[r] > I) I = in_[r] }
             printf "%d %d %d %d %d %d\n", W, M, f, w, s, I }' "$out/$tag.txt"
}

# same TAG: every file of plain run PLAIN.CASE equals TAG's, merged
same() {
  local tag=$1 c=$2 f b
  for f in "$data/plain.$c"/*.nc; do
    b=${f##*/}
    [ -f "$data/$tag/$b" ] || { echo "DIFFERS: $tag: no $b" >&2; return 1; }
    "$merge" "$data/$tag/$b" "$data/merged.nc" > "$out/$tag.merge" 2>&1 ||
      { echo "DIFFERS: $tag: ncsf-merge $b: $(head -c 200 "$out/$tag.merge")" >&2; return 1; }
    "$diff" -q "$f" "$data/merged.nc" > "$out/$tag.diff" 2>&1 ||
      { echo "DIFFERS: $tag: $b: $(grep -m2 -v '^$' "$out/$tag.diff" | cut -c1-200)" >&2; rm -f "$data/merged.nc"; return 1; }
    rm -f "$data/merged.nc"
  done
}

printf 'E3SM-IO %s (F, G, I cases, 16-process maps, -k -a pnetcdf -x canonical -r 2) at P = %d\n' "$id" "$np"
printf 'collectives (wcoll) and communicators made (comms) per rank, the most of any rank\n\n'
printf '%-6s %-26s %6s %6s %8s %6s %6s %6s %6s %6s %s\n' case run files waits subfiles wcoll comms extra bound romio data
all="subfiling=enable;subfiling_nfiles=2;subfiling_min_size=0"
for c in f g i iu; do
  C=$(echo $c | tr a-z A-Z); C=${C%U}; [ $c = iu ] && C="I -u"
  read -r pw pm pf pl _ pi <<< "$(one "plain.$c" "$c" "" "")"
  printf '%-6s %-26s %6d %6d %8s %6d %6d %6s %6s %6d %s\n' "$C" "plain PnetCDF" "$pf" "$pl" - "$pw" "$pm" - - "$pi" -
  for m in all none; do
    if [ $m = all ]; then h=$all label="ncsf, every variable (N=2)"; else h="subfiling=enable" label="ncsf, default min_size"; fi
    read -r w cm f l sf in_ <<< "$(one "$m.$c" "$c" "$pre" "$h")"
    bound=$((pw + pf * (7 + 4) + l * 5))
    ok=ok
    if [ "$w" -eq 0 ]; then ok=failed
    elif [ $c = i ]; then ok="see I -u"
    else same "$m.$c" "$c" || { ok=differs; failures=$((failures + 1)); }; fi
    printf '%-6s %-26s %6d %6d %8d %6d %6d %6d %6d %6d %s\n' "" "$label" "$f" "$l" "$sf" "$w" "$cm" $((w - pw)) "$bound" "$in_" "$ok"
    if [ "$w" -gt 0 ] && { [ "$w" -gt "$bound" ] || [ "$cm" -gt $((pm + 2)) ]; }; then
      echo "OVER: $m.$c: $w collectives (bound $bound), $cm communicators (plain $pm + 5 per file)" >&2
      failures=$((failures + 1))
    fi
  done
done
cat <<EOF

files: datasets E3SM-IO creates; waits: its wait_all calls (its "flush
calls"), one per record per file; subfiles: the subfiles ncsf made.
wcoll: collectives on the whole communicator (communicators made
included), comms: communicators made, per rank, the most of any rank;
ROMIO's own collectives are not in wcoll (it calls PMPI); romio: those
(MPI-IO's collectives inside MPI, on communicators of more than one
process, column inner_calls of libmpicount.so), per rank, the most of any
rank, not judged. extra: ncsf's
wcoll minus plain's; bound: plain's + 7 per create and enddef + 5 per
wait + 4 per close (and communicators: plain's + 2). data:
every file, merged by ncsf-merge, equal to plain's under ncmpidiff. The
I case leaves elements no process writes, fill mode off: what they hold
is undefined (plain PnetCDF's are whatever its aggregation buffer held),
so its data are compared with -u (E3SM-IO fills every element).
raw counters and E3SM-IO's reports: $out
EOF
[ $failures -eq 0 ]
