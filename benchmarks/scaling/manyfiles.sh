#!/bin/bash
# manyfiles.sh [-n NP] [-o DIR]: what a dataset of many subfiles and one of
# many small variables cost in MPI traffic and opens, counted, never timed.
# benchmarks/scaling/manyvars (PnetCDF's API alone: create, define, enddef,
# one iput_varn per variable and one wait_all per step for 2 steps, close;
# then open, the same reads, close) runs plain and under
# LD_PRELOAD=libncsf-preload.so with the counting layer (libmpicount.so):
#   - 1, 64, 1,024 and 4,096 subfiles: V variables (no scalars, -S) of N
#     subfiles each (V x N = 1 x 1, 32 x 2, 512 x 2, 1024 x 4);
#   - 500 small variables (scalars among them) with the default
#     subfiling_min_size (none subfiled) and with every one subfiled (N=2).
# Per run, the most of any rank, summed over the phases: collectives on the
# whole communicator (wcoll), on smaller ones (gcoll), communicators made,
# MPI_File_open calls and open(2) calls (ROMIO's included); then the same
# per subfile and per variable, and ncsf's extra collectives over plain's.
# NP: 4 (default). DIR: where the raw counters go (default: a temporary
# directory). About a minute at NP = 4 on 2 idle cores.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/launcher.sh"
B=${top_builddir:-$top}
np=4 out=''
while [ $# -gt 0 ]; do
  case $1 in
    -n) np=$2; shift ;;
    -o) out=$2; shift ;;
    -h|--help) sed -n '2,/^set/{/^#/p}' "$0"; exit 0 ;;
    *) echo "manyfiles.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
prog=$B/benchmarks/scaling/manyvars cnt=$B/benchmarks/scaling/libmpicount.so pre=$B/.libs/libncsf-preload.so
for f in "$prog" "$cnt" "$pre"; do
  [ -e "$f" ] || { echo "manyfiles.sh: $f is missing: run make first" >&2; exit 2; }
done
out=${out:-$(mktemp -d "${TMPDIR:-/tmp}/ncsf-manyfiles.XXXXXX")}
data=$(mktemp -d "${TMPDIR:-/tmp}/ncsf-manyfiles-data.XXXXXX")
trap 'rm -rf "$data"' EXIT
mkdir -p "$out"
failures=0

# one TAG PRELOAD HINTS ARGS...: a run; prints "wcoll gcoll comms fopen popen"
one() {
  local tag=$1 p=$2 h=$3; shift 3
  rm -rf "${data:?}"/*
  local o
  o=$(NCSF_LAUNCH_WRAP="timeout 900" ncsf_launch "$np" "LD_PRELOAD=${p:+$p }$cnt" "NCSF_HINTS=$h" "NCSF_QUIET=1" \
      "MPICOUNT_OUT=$out/$tag.txt" "MPICOUNT_PHASES=create,write,close,open,read,rclose" -- \
      "$prog" "$@" "$data/f.nc" 2>&1)
  if ! echo "$o" | grep -q '^VERIFY manyvars: ok'; then
    echo "FAILED: $tag: $o" | tail -n 3 >&2
    failures=$((failures + 1))
    echo "0 0 0 0 0"
    return
  fi
  awk 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
       $1 > 0 { k = $1; split("world_calls group_calls comms file_open posix_open", n, " ")
                for (j = 1; j <= 5; j++) if ($c[n[j]] > m[k, j]) m[k, j] = $c[n[j]]; seen[k] = 1 }
       END { for (k in seen) for (j = 1; j <= 5; j++) s[j] += m[k, j]
             printf "%d %d %d %d %d\n", s[1], s[2], s[3], s[4], s[5] }' "$out/$tag.txt"
}

printf 'manyvars at P = %d, 2 steps; the most of any rank, summed over create..close, open..close\n\n' "$np"
printf '%-34s %9s %6s %6s %6s %6s %6s %6s  %s\n' "dataset" "subfiles" "wcoll" "gcoll" "comms" "fopen" "open2" "extra" "per subfile / per variable (wcoll, fopen)"
row() {  # LABEL SUBFILES NVARS PLAIN-COUNTS NCSF-COUNTS
  local label=$1 sub=$2 nv=$3
  read -r pw pg pc pf pp <<< "$4"
  read -r w g c f p <<< "$5"
  printf '%-34s %9s %6d %6d %6d %6d %6d %6s\n' "  plain PnetCDF" "-" "$pw" "$pg" "$pc" "$pf" "$pp" "-"
  printf '%-34s %9d %6d %6d %6d %6d %6d %6d  %s\n' "  ncsf" "$sub" "$w" "$g" "$c" "$f" "$p" $((w - pw)) \
    "$(awk -v s="$sub" -v v="$nv" -v w="$w" -v f="$f" 'BEGIN { printf "%.3g %.3g / %.3g %.3g", s ? w / s : 0, s ? f / s : 0, w / v, f / v }')"
}
for spec in "1 1 1" "64 32 2" "1024 512 2" "4096 1024 4"; do
  read -r sub nv nf <<< "$spec"
  echo "$sub subfiles: $nv variables x $nf subfiles"
  pl=$(one "plain.S$sub" "" "" -S -v "$nv")
  nc=$(one "ncsf.S$sub" "$pre" "subfiling=enable;subfiling_nfiles=$nf;subfiling_min_size=0" -S -v "$nv")
  row "" "$sub" "$nv" "$pl" "$nc"
done
echo "500 small variables (scalars among them), default subfiling_min_size: none subfiled"
pl=$(one plain.V500 "" "" -v 500)
nc=$(one ncsf.V500none "$pre" "subfiling=enable" -v 500)
row "" 0 500 "$pl" "$nc"
echo "500 small variables, every one that can be (436 of 500) subfiled in 2"
nc=$(one ncsf.V500all "$pre" "subfiling=enable;subfiling_nfiles=2;subfiling_min_size=0" -v 500)
row "" 872 500 "$pl" "$nc"
cat <<EOF

wcoll, gcoll: collectives on the whole communicator and on smaller ones
(MPI_COMM_SELF included); comms: communicators made; fopen: MPI_File_open;
open2: open(2) through the C library (ROMIO's opens, ncsf's own, PnetCDF's):
per rank, the most of any rank in each phase, summed. extra: ncsf's wcoll
minus plain's. ROMIO's own MPI traffic is not counted (it calls PMPI).
raw counters: $out
EOF
[ $failures -eq 0 ]
