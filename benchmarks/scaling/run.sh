#!/usr/bin/env bash
# Count the MPI traffic of ncsf's calls per rank as the process count P
# grows, without a cluster: benchmarks/scaling/scaling runs under the
# counting layer libmpicount.so (LD_PRELOAD) for P = 4 8 16 32 64, all on
# this machine (oversubscribed: slow, but the counts are exact).
#
#   benchmarks/scaling/run.sh [-q|-F] [-P "4 8 16"] [-s ZxYxX] [-o OUTDIR]
#   benchmarks/scaling/run.sh --report OUTDIR   (tables and plot again)
#
# Per P: N = P/4 and N = P subfiles, aligned and straddling decompositions
# (phases 1-4; the aligned N = P run also reads back with the same P,
# phase 5), straddling with subfiling_max_open=2 and N = P, the aligned
# N = P file read by 3P/4 processes, and the same variable not subfiled
# (plain PnetCDF: the baseline). Then a checkpoint loop per P: 3 more
# creates (create, def_var, enddef; a put; close) on the same
# communicator after the first, N = P: its table (loop.txt) gives per
# create the whole-communicator calls, bytes and communicators made, which
# must not grow with P (the node census is taken at the first create only). About 6 minutes on 2 cores; -q: P = 4 8
# 16 (2 minutes); -F is accepted and does nothing (it once added max_open=2
# at P = 64, when that reopened every subfile in every call and took 4
# minutes more). Prints one table per phase
# (per call, the maximum over ranks) and per phase and configuration the
# least-squares slope of log(whole-communicator bytes received per rank
# per call) against log(P): about 1 is O(P) per rank, about 0 constant.
# -o: where the raw counters (raw/), summary.txt, slopes.txt, engine.txt, runs.log and
# scaling.png go (default: a new temporary directory). The plot needs
# python3 with matplotlib (Debian: python3-matplotlib), else it is skipped.
# MPICH 4.0.2 ch4:ucx runs 64 local processes with its defaults (UCX picks
# shared memory; nothing to set). Do not set UCX_TLS=tcp,self: every run
# then hangs in MPI_Finalize here, even at 4 processes.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/launcher.sh"   # ncsf_launch: MPICH, Open MPI or srun
B=${top_builddir:-$top}
plist="4 8 16 32 64" size=4x8x8 out='' report_only=0 m2max=1000000
while [ $# -gt 0 ]; do
  case $1 in
    -q) plist="4 8 16" ;;
    -F) m2max=1000000 ;;
    -P) plist=$2; shift ;;
    -s) size=$2; shift ;;
    -o) out=$2; shift ;;
    --report) out=$2; report_only=1; shift ;;
    -h|--help) sed -n '2,/^set/{/^#/p}' "$0"; exit 0 ;;
    *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
drv=$B/benchmarks/scaling/scaling lib=$B/benchmarks/scaling/libmpicount.so
for f in "$drv" "$lib"; do
  [ -e "$f" ] || { echo "run.sh: $f is missing: run make first" >&2; exit 2; }
done
out=${out:-$(mktemp -d "${TMPDIR:-/tmp}/ncsf-scaling.XXXXXX")}
data=$(mktemp -d "${TMPDIR:-/tmp}/ncsf-scaling-data.XXXXXX")
trap 'rm -rf "$data"' EXIT
mkdir -p "$out/raw"
log=$out/runs.log
[ $report_only -eq 1 ] || { : > "$log"; rm -f "$out"/raw/*.txt "$out"/loop/*.txt; }
mkdir -p "$out/loop"
phases=create,put10,iput_wait,close,read,recreate,reclose
nloop=3

failures=0
# run TAG NP driver-args...: one run under the counting layer; its counters
# go to raw/TAG.txt. The variables reach every rank (and only the ranks,
# not the launcher: scripts/launcher.sh).
run() {
  local tag=$1 np=$2; shift 2
  echo "+ mpiexec -n $np $drv $*" >> "$log"
  local o rc
  o=$(NCSF_LAUNCH_WRAP="timeout 900" ncsf_launch "$np" "LD_PRELOAD=$lib" "MPICOUNT_PHASES=$phases" \
        "MPICOUNT_OUT=$out/raw/$tag.txt" -- "$drv" "$@" 2>&1); rc=$?
  echo "$o" >> "$log"
  if [ $rc -ne 0 ] || ! echo "$o" | grep -q '^VERIFY.*: ok'; then
    failures=$((failures + 1))
    echo "FAILED (exit $rc): mpiexec -n $np scaling $*"; echo "$o" | tail -n 5
    rm -f "$out/raw/$tag.txt"
  fi
}

start=$(date +%s)
[ $report_only -eq 1 ] && plist=
for P in $plist; do
  q=$((P / 4)); [ $q -ge 1 ] || q=1
  printf 'P = %-3s' "$P"
  for N in $(printf '%s\n' $q "$P" | sort -nu); do
    for d in aligned straddle; do
      rw=(-w); [ $d = aligned ] && [ "$N" = "$P" ] && rw=()
      run "$d.N$N.m0.P$P" "$P" -n "$N" -d $d -s "$size" -f "$data/$d.$N.$P.nc" "${rw[@]}"
      printf ' .'
    done
  done
  [ "$P" -le $m2max ] && run "straddle.N$P.m2.P$P" "$P" -n "$P" -d straddle -m 2 -s "$size" -f "$data/m2.$P.nc" -w
  run "plain.N0.m0.P$P" "$P" -n 0 -d aligned -s "$size" -f "$data/plain.$P.nc" -w
  r=$((3 * P / 4)); [ $r -ge 1 ] || r=1
  run "readother.N$P.m0.P$r" "$r" -r -f "$data/aligned.$P.$P.nc"
  run "../loop/P$P" "$P" -n "$P" -d aligned -s "$size" -f "$data/loop.$P.nc" -w -c $nloop
  printf ' . (%s s so far)\n' $(($(date +%s) - start))
done

# The checkpoint loop: per create after the first (phase 6: create,
# def_var, enddef; phase 7: close), the maximum over ranks, against the
# first create (phase 1) of the same run.
looptab=$out/loop.txt
for f in "$out"/loop/P*.txt; do
  [ -e "$f" ] || continue
  awk -v n=$nloop 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { k = $1; P = $4
      if ($c["world_calls"] > wc[k]) wc[k] = $c["world_calls"]; if ($c["world_bytes"] > wb[k]) wb[k] = $c["world_bytes"]
      if ($c["comms"] > cm[k]) cm[k] = $c["comms"] }
    END { printf "%d %g %g %g %g %g %g %g %g\n", P, wc[1], wb[1], cm[1], wc[6] / n, wb[6] / n, cm[6] / n, wc[7] / n, wb[7] / n }' "$f"
done | sort -n > "$looptab"
sed -i '1i P first_wcoll first_wbytes first_comms create_wcoll create_wbytes create_comms close_wcoll close_wbytes' "$looptab"
printf '\n== checkpoint loop: %d creates after the first on one communicator (per create, max over ranks) ==\n' $nloop
awk 'NR > 1 { printf "%5d  first create: %3g coll %6g B %2g comms;  each later create: %3g coll %6g B %2g comms;  close: %3g coll %6g B\n", $1, $2, $3, $4, $5, $6, $7, $8, $9
        x = log($1); y = log($6 > 0 ? $6 : 1); m++; sx += x; sy += y; sxx += x * x; sxy += x * y }
  END { d = m * sxx - sx * sx; if (m >= 2 && d > 0) printf "slope of log(bytes per later create) against log(P): %.3f\n", (m * sxy - sx * sy) / d }' "$looptab"

# One summary line per (run, phase): per call, max over ranks (opens_all:
# the sum over ranks). Config names say how N relates to P.
summary=$out/summary.txt
for f in "$out"/raw/*.txt; do
  [ -e "$f" ] || continue
  t=$(basename "$f" .txt)
  IFS=. read -r d n m p <<< "$t"
  awk -v d="$d" -v n="${n#N}" -v m="${m#m}" '
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $1 == 0 { next }
    { k = $2; np[k] = $4; seen[k] = 1
      mx(k, "wcoll", $c["world_calls"]); mx(k, "wbytes", $c["world_bytes"])
      mx(k, "gcoll", $c["group_calls"]); mx(k, "gbytes", $c["group_bytes"])
      mx(k, "nbr", $c["nbr_bytes"]); mx(k, "comms", $c["comms"])
      mx(k, "msgs", $c["sent_msgs"] + $c["recv_msgs"]); mx(k, "p2pb", $c["sent_bytes"] + $c["recv_bytes"])
      mx(k, "fopen", $c["file_open"]); all[k] += $c["file_open"]; mx(k, "hwm", $c["vmhwm_kib"]) }
    function mx(k, col, v) { if (!((k, col) in M) || v > M[k, col]) M[k, col] = v }
    END {
      split("create put10 iput_wait close read", order, " ")
      for (j = 1; j <= 5; j++) { k = order[j]; if (!(k in seen)) continue
        calls = k == "put10" ? 10 : 1
        P = np[k]; N = n
        if (d == "readother") { cfg = "reread_by_3P/4" } else if (d == "plain") { cfg = "plain_PnetCDF" } else { cfg = d (N == P ? ",N=P" : ",N=P/4") (m > 0 ? ",max_open=" m : "") }
        printf "%s %s %d %d %s %d %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %d\n", k, cfg, P, N, d, m,
          M[k,"wcoll"]/calls, M[k,"wbytes"]/calls, M[k,"gcoll"]/calls, M[k,"gbytes"]/calls, M[k,"nbr"]/calls,
          M[k,"comms"]/calls, M[k,"msgs"]/calls, M[k,"p2pb"]/calls, M[k,"fopen"]/calls, all[k]/calls, M[k,"hwm"] } }' "$f"
done | sort -k1,1 -k2,2 -k3,3n > "$summary"
sed -i '1i phase config P N decomp max_open world_coll world_bytes group_coll group_bytes nbr_bytes comms p2p_msgs p2p_bytes file_open file_open_all vmhwm_kib' "$summary"

# Tables, one per phase, and the slopes.
slopes=$out/slopes.txt
awk -v slopes="$slopes" '
  NR == 1 { next }
  { key = $1 SUBSEP $2; row[key] = row[key] sprintf("%5d %5d  %-25s %6g %10g %6g %9g %7g %6g %7g %9g %6g %7g %9d\n",
        $3, $4, $2, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
    if (!(key in cnt)) { cfgs[$1] = cfgs[$1] " " $2 }
    if (!(key in lo) || $3 < lo[key]) lo[key] = $3
    if ($3 > hi[key]) hi[key] = $3
    if ($8 > 0) { x = log($3); y = log($8); cnt[key]++; sx[key] += x; sy[key] += y; sxx[key] += x * x; sxy[key] += x * y }
    else cnt[key] += 0
    m[key]++; lp[key] += $3; lb[key] += $8; lpp[key] += $3 * $3; lpb[key] += $3 * $8 }
  # least-squares slope of y against x from the sums
  function fit(n, sx, sy, sxx, sxy,   d, s) {
    d = n * sxx - sx * sx; if (n < 2 || d <= 0) return "n/a"
    s = sprintf("%.3f", (n * sxy - sx * sy) / d); return s == "-0.000" ? "0.000" : s }
  END {
    split("create put10 iput_wait close read", order, " ")
    split("create,def_var,enddef|10 put_vara_double_all (per call)|8 iput_vara_double + wait_all|close|open + get_vara_double_all + close", title, "|")
    print "phase config slope_log_world_bytes_vs_log_P world_bytes_per_added_process points" > slopes
    for (j = 1; j <= 5; j++) { k = order[j]; if (!(k in cfgs)) continue
      printf "\n== phase %d: %s ==\n", j, title[j]
      printf "%5s %5s  %-25s %6s %10s %6s %9s %7s %6s %7s %9s %6s %7s %9s\n", "P", "N", "configuration", "wcoll",
        "wbytes", "gcoll", "gbytes", "nbrB", "comms", "p2pmsg", "p2pbytes", "fopen", "opens*", "peakKiB"
      n = split(substr(cfgs[k], 2), list, " ")
      for (i = 1; i <= n; i++) printf "%s", row[k, list[i]]
      printf "slope of log(wbytes) against log(P) [and wbytes per added process, linear fit]:\n"
      for (i = 1; i <= n; i++) { key = k SUBSEP list[i]
        s = fit(cnt[key], sx[key], sy[key], sxx[key], sxy[key]); b = fit(m[key], lp[key], lb[key], lpp[key], lpb[key])
        printf "  %-25s %6s  [%s B]  P = %d..%d\n", list[i], s, b, lo[key], hi[key]
        printf "%s %s %s %s %d\n", k, list[i], s, b, cnt[key] > slopes } } }' "$summary"
cat <<'EOF'

Per call; the maximum over ranks: wcoll, wbytes: collectives on a communicator
of all P processes and the bytes each rank receives from them; gcoll, gbytes:
on smaller communicators; nbrB: neighbourhood collectives, bytes; comms:
communicators created; p2pmsg, p2pbytes: point-to-point messages and bytes,
sent + received; fopen: MPI_File_open; opens*: MPI_File_open summed over
ranks; peakKiB: VmHWM at the end of the phase. reread_by_3P/4: the aligned
N = P file read back by 3/4 as many processes (P: readers, N: writers).
plain_PnetCDF: the same variable not subfiled (PnetCDF alone, through ncsf):
what MPI and PnetCDF cost by themselves, traffic and memory.
ROMIO's own MPI traffic (inside MPI_File_*) goes to PMPI and is not counted.
A large constant flattens the log-log slope of a phase that still grows per
process (read: PnetCDF broadcasts a 256 KiB header chunk at open, on the
whole communicator for the base file and on MPI_COMM_SELF, counted as a
group, for each subfile header): the [B] figure is the growth per process.
EOF

# The engine's own counts over the ten puts (from each run's output): the
# group steps a rank waits on in sequence per call is the critical path.
engine=$out/engine.txt
awk '
  /^\+ mpiexec -n / { np = $4; n = np; d = "aligned"; m = 0; loop = 0
    for (i = 5; i < NF; i++) { if ($i == "-n") n = $(i + 1); if ($i == "-d") d = $(i + 1); if ($i == "-m") m = $(i + 1); if ($i == "-c") loop = 1 } }
  /^ENGINE put10/ && !loop { printf "%d %d %s %d %g %g %g %g\n", np, n, d, m, $9 / 10, $11, $13, $15 }' "$log" |
  sort -k3,3 -k4,4n -k2,2n -k1,1n > "$engine"
sed -i '1i P N decomp max_open group_waits_per_call plans_built plans_reused subfile_opens' "$engine"
printf '\n== the engine over 10 put_vara_double_all (max over ranks) ==\n'
awk 'NR > 1 { printf "%5d %5d  %-9s max_open=%-2s  %4g sequential group steps per call; plans built %g, reused %g; subfile opens %g\n", $1, $2, $3, $4, $5, $6, $7, $8 }' "$engine"

png=$out/scaling.png py=
for p in python3 /usr/bin/python3; do   # a python3 of one's own may lack Debian's matplotlib
  if "$p" -c 'import matplotlib' 2> /dev/null; then py=$p; break; fi
done
if [ -n "$py" ]; then
  "$py" - "$summary" "$png" <<'EOF'
import sys, math, collections
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
rows = [l.split() for l in open(sys.argv[1])][1:]
order = ["create", "put10", "iput_wait", "close", "read"]
lines = collections.defaultdict(list)
for r in rows:
    if float(r[7]) > 0:
        lines[(r[0], r[1])].append((int(r[2]), float(r[7])))

def slope(pts):
    xs, ys = [math.log(x) for x, _ in pts], [math.log(y) for _, y in pts]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    d = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / d if d > 0 else float("nan")

styles = [("o", "-"), ("s", "--"), ("^", "-."), ("v", ":"), ("D", "-"), ("x", "--")]
fig, axes = plt.subplots(2, 3, figsize=(15, 9))
for ax, ph in zip(axes.flat, order):
    cfgs = sorted(c for p, c in lines if p == ph)
    for i, cfg in enumerate(cfgs):
        pts = sorted(lines[(ph, cfg)])
        mk, ls = styles[i % len(styles)]
        ax.plot([x for x, _ in pts], [y for _, y in pts], marker=mk, linestyle=ls, fillstyle="none",
                label="%s (slope %.2f)" % (cfg, slope(pts)))
    allpts = [pt for c in cfgs for pt in lines[(ph, c)]]
    if allpts:  # a line of slope 1 through the lowest point, for the eye
        lo, hi = min(x for x, _ in allpts), max(x for x, _ in allpts)
        y0 = min(y for x, y in allpts if x == lo)
        ax.plot([lo, hi], [y0, y0 * hi / lo], "k:", linewidth=0.8, label="slope 1: O(P) per rank")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_title("phase %s" % ph)
    ax.set_xlabel("processes P (read: P readers)")
    ax.set_ylabel("whole-comm bytes received per rank per call (max)")
    ax.legend(fontsize=7)
axes.flat[-1].axis("off")
fig.suptitle("ncsf: MPI traffic on the whole communicator per rank per call (counted with libmpicount)")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=100)
EOF
  [ -s "$png" ] && echo "plot: $png"
else
  echo "plot skipped: python3 cannot import matplotlib (Debian: apt-get install python3-matplotlib)"
fi
echo "raw counters: $out/raw, summary: $summary, slopes: $slopes, log: $log"
[ $report_only -eq 1 ] || echo "$failures failed runs, $(($(date +%s) - start)) s"
[ $failures -eq 0 ]
