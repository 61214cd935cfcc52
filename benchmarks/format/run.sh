#!/usr/bin/env bash
# What the on-disk format costs as the number of subfiles N grows, format 2
# against format 1 in the same run (doc/benchmarks.md, "Metadata at many
# subfiles").
#
#   benchmarks/format/run.sh [-n P] [-r REPEATS] [-N "256 1024 4096"] [-d DIR]
#
# 1. format_header: the header of one subfile and of the base file of a 4-D
#    variable (N, 2, 2, 2) for N = 4,096 and 65,536, built by the writer's
#    own code without making the files.
# 2. format_scale: real datasets of N subfiles (one 64-byte row each, in the
#    page cache) written and read back by P processes (default 4), every
#    value checked; the median over REPEATS (default 3) of each step, and
#    the growth of enddef and open from the smallest N to the largest
#    against the growth of N (format 1 grows as N^2: every one of its N
#    headers lists all N blocks).
# At P > 2 this machine (2 cores) is oversubscribed: the times are noisy,
# the ratios between formats in one run still say something; the bytes are
# exact.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
B=${top_builddir:-$top}
np=4 reps=3 nlist="256 1024 4096" dir=''
while [ $# -gt 0 ]; do
  case $1 in
    -n) np=$2; shift 2;;
    -r) reps=$2; shift 2;;
    -N) nlist=$2; shift 2;;
    -d) dir=$2; shift 2;;
    -h|--help) sed -n '2,20p' "$0"; exit 0;;
    *) echo "usage: $0 [-n P] [-r REPEATS] [-N \"256 1024 4096\"] [-d DIR]" >&2; exit 2;;
  esac
done
[ -n "$dir" ] || dir=$(mktemp -d "${TMPDIR:-/tmp}/ncsf-format.XXXXXX")
rm -rf "$dir/data"
mkdir -p "$dir/data"
log=$dir/runs.log
: > "$log"

echo "Header of one subfile and of the base file, 4-D variable (N, 2, 2, 2), bytes"
printf '%8s %16s %16s %16s %16s\n' N "subfile v1" "subfile v2" "base v1" "base v2"
for n in 4096 65536; do
  h1=$("$B/benchmarks/format/format_header" "$n" 1) || exit 1
  h2=$("$B/benchmarks/format/format_header" "$n" 2) || exit 1
  echo "$h1" >> "$log"; echo "$h2" >> "$log"
  get() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
  printf '%8s %16s %16s %16s %16s\n' "$n" "$(get "$h1" subfile_header)" "$(get "$h2" subfile_header)" \
    "$(get "$h1" base_header)" "$(get "$h2" base_header)"
done
echo

fails=0
for f in 2 1; do
  for n in $nlist; do
    for r in $(seq "$reps"); do
      # a new directory each time, nothing deleted until the end: ext4 does
      # not reuse inodes freed in the last minutes, and scanning past
      # thousands of them made file creation several times slower
      run=$dir/data/$f.$n.$r
      mkdir -p "$run"; sync
      line=$(mpiexec -n "$np" "$B/benchmarks/format/format_scale" write "$run" "$n" "$f") || fails=$((fails + 1))
      echo "$line" >> "$log"
      case $line in *" wrong=0"*) ;; *) fails=$((fails + 1)); echo "FAILED: $line" >&2;; esac
    done
  done
done
rm -rf "$dir/data"
python3 - "$log" "$np" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    if not line.startswith("FORMAT_SCALE"): continue
    kv = dict(x.split("=") for x in line.split()[1:])
    rows.setdefault((int(kv["format"]), int(kv["N"])), []).append(kv)
print("Real datasets, %s processes, median of %d runs (seconds; bytes on disk)" % (sys.argv[2], len(next(iter(rows.values())))))
print("%6s %6s %9s %9s %9s %9s %12s %14s" % ("format", "N", "enddef", "close", "open", "get", "subfile B", "dataset B"))
med = {}
for (f, n), rs in sorted(rows.items()):
    m = {k: statistics.median(float(r[k]) for r in rs) for k in ("enddef", "close", "open", "get")}
    med[(f, n)] = m
    print("%6d %6d %9.3f %9.3f %9.3f %9.3f %12s %14s" % (f, n, m["enddef"], m["close"], m["open"], m["get"],
          rs[0]["subfile_bytes"], rs[0]["dataset_bytes"]))
ns = sorted({n for (_, n) in rows})
if len(ns) > 1:
    lo, hi = ns[0], ns[-1]
    print("\nGrowth from N=%d to N=%d (N grew %.0fx):" % (lo, hi, hi / lo))
    for f in (2, 1):
        if (f, lo) in med and (f, hi) in med:
            print("  format %d: enddef %.1fx, open %.1fx" % (f, med[(f, hi)]["enddef"] / med[(f, lo)]["enddef"],
                  med[(f, hi)]["open"] / med[(f, lo)]["open"]))
PY
echo "raw lines: $log"
[ "$fails" -eq 0 ] || { echo "$fails runs failed" >&2; exit 1; }
