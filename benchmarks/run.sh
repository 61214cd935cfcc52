#!/usr/bin/env bash
# Run the benchmark kernels in every mode on the same problem, interleaved
# (A B C D D C B A ...), and print one table per kernel: median bandwidth,
# min-max, the ratio of medians to the shared-file mode and the median of
# the ratios to one file per process repetition by repetition ("x fpp");
# the CSV of every run and a PNG of the medians (plot_bench.py) go to OUTDIR.
#
#   benchmarks/run.sh [--quick] [-n NP] [-r REPS] [--small] [-N "2 4 8"] [-k "s3d flash coll e3sm"]
#                     [-c CHECKPOINTS] [-H key=value]... [-d DATADIR] [-o OUTDIR]
#
# PnetCDF 1.15's own modes beside ncsf's: when scripts/pnetcdf-version.sh
# has built PnetCDF 1.15.0 into .deps/pnetcdf-1.15.0, the kernels are built
# against it too (once, in .deps/bench-pnetcdf-1.15.0) and run in its
# shared mode ("pnc1.15-shared"), with its intra-node aggregation
# ("pnc1.15-aggr", nc_num_aggrs_per_node=1) and with its built-in
# subfiling ("pnc1.15-subfiling", N as ncsf's), interleaved with the
# others. --no-peers leaves them out.
#
# --quick (the README's first command): one process per core (at most 4,
# at least 2), 3 repetitions, N = NP, the default sizes with 2 S3D-IO
# checkpoints: what subfiling does on this machine in a few minutes.
# Under every table a headline: subfiling against one shared file and
# against one file per process, write and read, per kernel. More processes
# than cores are allowed but said: MPI polls while it waits, so every
# collective then spins and the table measures the oversubscription.
#
# Defaults: 8 processes, 3 repetitions, S3D-IO at 50^3 points per process
# (5 checkpoints), FLASH-IO at 16^3-cell blocks, 80+rank%3 blocks per
# process, coll_perf-style 3-D block test at 64^3 ints x 10 variables per
# process, E3SM-like varn kernel at 12500 runs of columns x 8 levels (10^5
# pieces per process per 3-D variable), subfile counts 2, 4 and NP.
# --small: 20^3 points, 2 checkpoints, 8^3-cell blocks, 20 blocks, 24^3
# ints, 1250 runs of columns (a quick verified run). The peak resident
# memory per process of every run goes to OUTDIR too (.rss).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
B=${top_builddir:-$top}
np= reps=3 small=0 quick=0 peers=1 nlist= kernels="s3d flash coll e3sm" ckpts= hints=() data= out=
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    --no-peers) peers=0 ;;
    -n) np=$2; shift ;;
    -r) reps=$2; shift ;;
    --small) small=1 ;;
    -N) nlist=$2; shift ;;
    -k) kernels=$2; shift ;;
    -c) ckpts=$2; shift ;;
    -H) hints+=(-H "$2"); shift ;;
    -d) data=$2; shift ;;
    -o) out=$2; shift ;;
    -h|--help) sed -n '2,32p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
cores=$(nproc 2>/dev/null || echo 2)
if [ -z "$np" ]; then
  if [ $quick -eq 1 ]; then np=$(( cores < 2 ? 2 : cores > 4 ? 4 : cores )); else np=8; fi
fi
if [ $quick -eq 1 ]; then
  [ -n "$nlist" ] || nlist=$np
  [ -n "$ckpts" ] || ckpts=2
fi
[ -n "$nlist" ] || nlist=$(printf '%s\n' 2 4 "$np" | awk -v p="$np" '$1<=p' | sort -nu | tr '\n' ' ')
data=${data:-${TMPDIR:-/tmp}/ncsf-bench.$$}
out=${out:-$top/bench-results}
mkdir -p "$data" "$out"
trap 'rm -rf "$data"' EXIT
csv=$out/results-$(date +%Y%m%d-%H%M%S).csv
log=${csv%.csv}.log
rss=${csv%.csv}.rss
: > "$csv"
: > "$rss"

# npx npy npz for a process count (x fastest, as MPI_Dims_create would give z first)
grid() { local n=$1 x=1 y=1 z=1 f=2 d=0
  while [ "$n" -gt 1 ]; do
    while [ $((n % f)) -ne 0 ]; do f=$((f + 1)); done
    case $((d % 3)) in 0) z=$((z * f));; 1) y=$((y * f));; 2) x=$((x * f));; esac
    n=$((n / f)); d=$((d + 1))
  done; echo "$x $y $z"; }

if [ $small -eq 1 ]; then pts=20 ck=${ckpts:-2} nxb=8 blocks=20 clen=24 echunks=1250; else pts=50 ck=${ckpts:-5} nxb=16 blocks=80 clen=64 echunks=12500; fi
read -r px py pz <<< "$(grid "$np")"
S3D_ARGS="$((pts * px)) $((pts * py)) $((pts * pz)) $px $py $pz"

modes=("shared" "fpp")
for n in $nlist; do modes+=("subfiling:$n" "pnetcdf-subfiling:$n"); done
# PnetCDF 1.15's modes, when it is built (scripts/pnetcdf-version.sh 1.15.0)
B115=
p115=$top/.deps/pnetcdf-1.15.0
if [ $peers -eq 1 ] && [ -x "$p115/bin/pnetcdf-config" ]; then
  # a copy of the checkout's files (the checkout itself is configured for
  # the default PnetCDF, so no second build directory can share it), made
  # again each time with the files' times kept: make rebuilds what changed
  B115=$top/.deps/bench-pnetcdf-1.15.0
  mkdir -p "$B115"
  if (cd "$top" && git ls-files -z | tar --null -T - -cf -) | tar -x -C "$B115" &&
     { [ -f "$B115/Makefile" ] || (cd "$B115" && { autoreconf -fi && ./configure --with-pnetcdf="$p115"; } > configure.log 2>&1); } &&
     (cd "$B115" && make -j"$cores" > make.log 2>&1); then
    modes+=("pnc1.15-shared" "pnc1.15-aggr")
    for n in $nlist; do modes+=("pnc1.15-subfiling:$n"); done
  else
    echo "note: the kernels could not be built against PnetCDF 1.15.0 (see $B115/*.log): its modes are left out"
    B115=
  fi
fi

failures=0 known=0
run() { # kernel mode[:N] extra...
  local k=$1 m=${2%%:*} n=${2#*:}; shift 2
  [ "$n" = "$m" ] && n=$np
  # PnetCDF 1.15's modes: the kernels built against it, in its own mode
  local bin=$B label=$m
  case $m in
    pnc1.15-shared) bin=$B115 m=shared ;;
    pnc1.15-aggr) bin=$B115 m=shared; set -- -H nc_num_aggrs_per_node=1 "$@" ;;
    pnc1.15-subfiling) bin=$B115 m=pnetcdf-subfiling ;;
  esac
  local cmd
  case $k in
    s3d) cmd=("$bin/benchmarks/s3d-io/s3d_io" -m "$m" -N "$n" "${hints[@]}" -q -c "$ck" "$@" $S3D_ARGS 0 1 "$data") ;;
    flash) # PnetCDF's own subfiling fails FLASH-IO's non-blocking writes
           # (NC_EIOMISMATCH): it runs blocking (-b)
           cmd=("$bin/benchmarks/flash-io/flash_io" -m "$m" -N "$n" "${hints[@]}" -q -n "$nxb" -B "$blocks" -f "$data/"
                $([ "$m" = pnetcdf-subfiling ] && echo -b) "$@") ;;
    coll) cmd=("$bin/benchmarks/coll-perf/coll_perf" -m "$m" -N "$n" "${hints[@]}" -q -l "$clen" -f "$data/" "$@") ;;
    e3sm) cmd=("$bin/benchmarks/e3sm-io/e3sm_io" -m "$m" -N "$n" "${hints[@]}" -q -c "$echunks" "$@" "$data") ;;
  esac
  echo "+ mpiexec -n $np ${cmd[*]}" >> "$log"
  local o
  sync # the previous run's dirty pages are not this run's to write back
  o=$(timeout 1800 mpiexec -n "$np" "${cmd[@]}" 2>&1); local rc=$?
  echo "$o" >> "$log"
  echo "$o" | grep '^CSV,' | sed "s/^CSV,\([^,]*\),\([^,]*\),[^,]*,/CSV,\1,\2,$label,/; s/\$/,$label,$r/" >> "$csv"
  echo "$o" | grep '^RSS,' | sed "s/^RSS,\([^,]*\),[^,]*,/RSS,\1,$label,/; s/\$/,$r/" >> "$rss"
  local v; v=$(echo "$o" | grep '^VERIFY' | head -n 1)
  if [ $rc -ne 0 ] || [ -z "$v" ] || echo "$v" | grep -q FAILED; then
    if [ "$m" = pnetcdf-subfiling ]; then known=$((known + 1)); echo "  (PnetCDF's own subfiling: ${v:-no verification line}; see doc/benchmarks.md)"
    else failures=$((failures + 1)); echo "  FAILED: $k $m N=$n (exit $rc) ${v}"; echo "$o" | tail -n 5; fi
  fi
  [ -n "$v" ] && echo "  $v (N=$n$([ "$label" = "$m" ] || echo ", $label"))"
}

echo "ncsf benchmarks: $np processes, $reps repetitions, subfile counts: $nlist"
load0=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
# (the builds above raise the load average themselves: give it up to 90 s
# to settle below half the cores before the first run)
for _w in $(seq 18); do
  awk -v l="$load0" -v c="$cores" 'BEGIN { exit !(l + 0 > c / 2) }' || break
  [ "$_w" = 1 ] && echo "waiting up to 90 s for the load average ($load0) to settle"
  sleep 5
  load0=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
done
echo "load average $load0 on $cores cores$(awk -v l="$load0" -v c="$cores" 'BEGIN { if (l + 0 > c / 2) print ": the machine is busy, the ratios below measure that too" }')"
if [ "$np" -gt "$cores" ]; then
  echo "note: $np processes on $cores cores: MPI polls while it waits, so every collective spins"
  echo "      against the processes that have work; the table measures that, not subfiling (use -n $cores)"
fi
echo "S3D-IO ${pts}^3 points per process ($S3D_ARGS), $ck checkpoints; FLASH-IO ${nxb}^3 cells, $blocks+rank%3 blocks; E3SM-IO $echunks runs of columns x 8 levels"
echo "data in $data (removed at the end); raw results $csv, log $log"
for r in $(seq 1 "$reps"); do
  for k in $kernels; do
    echo "repetition $r, $k"
    # the order reversed every other repetition: a mode does not always
    # follow the same one (whose dirty pages the kernel is still writing)
    order=("${modes[@]}")
    [ $((r % 2)) -eq 0 ] && for ((j = 0; j < ${#modes[@]}; j++)); do order[j]=${modes[${#modes[@]} - 1 - j]}; done
    for m in "${order[@]}"; do run "$k" "$m"; done
    if [ "$k" = s3d ]; then
      # reading back with another process count (subfiling, N = NP):
      # write once, read with NP and with NP/2
      half=$(( np / 2 > 0 ? np / 2 : 1 ))
      read -r hx hy hz <<< "$(grid "$half")"
      gx=$((pts * px)) gy=$((pts * py)) gz=$((pts * pz))
      if [ $((gx % hx)) -eq 0 ] && [ $((gy % hy)) -eq 0 ] && [ $((gz % hz)) -eq 0 ] && [ "$half" -ne "$np" ]; then
        o=$(mpiexec -n "$np" "$B/benchmarks/s3d-io/s3d_io" -m subfiling -N "$np" "${hints[@]}" -q -c "$ck" -w $S3D_ARGS 0 1 "$data" 2>&1)
        echo "$o" >> "$log"
        for q in "$np" "$half"; do
          read -r qx qy qz <<< "$(grid "$q")"
          o=$(mpiexec -n "$q" "$B/benchmarks/s3d-io/s3d_io" -m subfiling -N "$np" "${hints[@]}" -q -c "$ck" $([ "$q" = "$half" ] || echo -k) -r $gx $gy $gz $qx $qy $qz 0 1 "$data" 2>&1)
          echo "$o" >> "$log"
          echo "$o" | grep '^CSV,' | sed "s/,read,subfiling,$q,/,read-np$q,subfiling,$q,/; s/\$/,subfiling,$r/" >> "$csv"
          v=$(echo "$o" | grep '^VERIFY'); [ -n "$v" ] && echo "  $v (read with $q processes)"
          echo "$v" | grep -q ok || { [ "$q" = "$half" ] && failures=$((failures + 1)); }
        done
      fi
    fi
  done
done

echo
awk -F, '
  { grp = $2 " " $3
    key = grp SUBSEP $4 SUBSEP ($4 ~ /subfiling/ ? $6 : "-")
    if (!(grp in gi)) { gi[grp] = ++ng; gname[ng] = grp }
    if (!(key in cnt)) { g = gi[grp]; gk[g, ++gn[g]] = key }
    cnt[key]++; val[key, cnt[key]] = $13 + 0
    if ($16 != "") { rv[key, $16] = $13 + 0; reps[$16] = 1 } }
  # the median over repetitions of the ratio to one file per process in
  # the same repetition (runs side by side share the machine'"'"'s state)
  function paired(k, f,   n, rr, x, a, b, t) {
    n = 0
    for (rr in reps) if (((k, rr) in rv) && ((f, rr) in rv) && rv[f, rr] > 0) x[++n] = rv[k, rr] / rv[f, rr]
    if (!n) return "-"
    for (a = 1; a <= n; a++) for (b = a + 1; b <= n; b++) if (x[b] < x[a]) { t = x[a]; x[a] = x[b]; x[b] = t }
    return sprintf("%.2f", n % 2 ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2) }
  function median(k,   m, a, b, t) {
    m = cnt[k]
    for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++)
      if (val[k, b] < val[k, a]) { t = val[k, a]; val[k, a] = val[k, b]; val[k, b] = t }
    return m % 2 ? val[k, (m + 1) / 2] : (val[k, m / 2] + val[k, m / 2 + 1]) / 2 }
  END {
    for (g = 1; g <= ng; g++) for (i = 1; i <= gn[g]; i++) { k = gk[g, i]; med[k] = median(k) }
    for (g = 1; g <= ng; g++) {
      split(gname[g], kp, " ")
      base = kp[1] " " (kp[2] ~ /^read/ ? "read" : kp[2] ~ /^write/ ? "write" : kp[2])
      printf "\n%s %s\n%-18s %4s %10s %21s %9s %9s %5s\n", kp[1], kp[2], "mode", "N", "MiB/s", "min-max", "x shared", "x fpp", "runs"
      for (i = 1; i <= gn[g]; i++) {
        k = gk[g, i]; split(k, p, SUBSEP)
        sh = base SUBSEP "shared" SUBSEP "-"
        r = (sh in med && med[sh] > 0) ? sprintf("%.2f", med[k] / med[sh]) : "-"
        pf = paired(k, base SUBSEP "fpp" SUBSEP "-")
        printf "%-18s %4s %10.1f %10.1f-%-10.1f %9s %9s %5d\n", p[2], p[3], med[k], val[k, 1], val[k, cnt[k]], r,
               pf, cnt[k]
        # the headline takes subfiling at its largest N, writes and reads
        # at the writing process count
        if (p[2] == "subfiling" && (kp[2] == "write" || kp[2] == "read") && p[3] + 0 >= hn[g]) {
          hn[g] = p[3] + 0; hs[g] = r; hf[g] = pf }
      }
    }
    # two lines a newcomer can quote: subfiling against one shared file and
    # one file per process, per kernel (the ratios of the tables above)
    for (o = 1; o <= 2; o++) {
      op = o == 1 ? "write" : "read"; ls = ""; lf = ""; nk = 0
      for (g = 1; g <= ng; g++) {
        split(gname[g], kp, " ")
        if (kp[2] != op || !(g in hn)) continue
        ls = ls (nk ? ", " : "") hs[g] "x (" kp[1] ")"; lf = lf (nk ? ", " : "") hf[g] "x"; nk++; np_ = hn[g] }
      if (nk) {
        if (o == 1) printf "\nheadline (%d processes, N = %d subfiles, medians of %d repetitions; load average %s at the start):\n", P, np_, R, L
        printf "  subfiling %ss at %s the bandwidth of one shared file, and at %s that of one file per process\n", op, ls, lf
      }
    }
  }' P="$np" R="$reps" L="$load0" "$csv"
# peak resident memory per process (kernels that report it), median KiB
if [ -s "$rss" ]; then
  echo
  echo "peak memory per process (median of the runs, MiB; x shared)"
  awk -F, '{ k = $2 " " $3 " " ($3 ~ /subfiling/ ? $5 : "-"); v[k] = v[k] " " $6; if (!(k in o)) ord[++n] = k; o[k] = 1 }
    END { for (i = 1; i <= n; i++) { k = ord[i]; m = split(v[k], x, " ")
            for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++) if (x[b] + 0 < x[a] + 0) { t = x[a]; x[a] = x[b]; x[b] = t }
            med[k] = m % 2 ? x[(m + 1) / 2] : (x[m / 2] + x[m / 2 + 1]) / 2 }
          for (i = 1; i <= n; i++) { k = ord[i]; split(k, p, " "); sh = p[1] " shared -"
            printf "%-8s %-18s %4s %10.1f %9s\n", p[1], p[2], p[3], med[k] / 1024, (sh in med) ? sprintf("%.2f", med[k] / med[sh]) : "-" } }' "$rss"
fi
# the same as a picture (Debian python3-matplotlib; skipped without it)
for py in /usr/bin/python3 python3; do
  if command -v "$py" > /dev/null 2>&1 && "$py" -c "import matplotlib" 2> /dev/null; then
    "$py" "$top/benchmarks/plot_bench.py" "$csv" || true
    break
  fi
done
echo
echo "verification: $failures failed$([ $known -gt 0 ] && echo ", $known runs of PnetCDF's own subfiling did not verify (its known bug)")"
[ $failures -eq 0 ]
