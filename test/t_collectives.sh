#!/bin/sh
# Collectives per variable: a program shaped like the climate models' I/O
# libraries (benchmarks/scaling/manyvars: many small variables, fixed,
# record and scalar, written with one iput_varn or bput_varn per variable
# and one wait_all per step, read back the same way, every value checked),
# run plain and under LD_PRELOAD=libncsf-preload.so, counted through the
# MPI profiling interface (benchmarks/scaling/libmpicount.so). Per phase
# (create to enddef, the writes, close, open, the reads, close) the
# collectives on the whole communicator and the communicators made, the
# most of any rank:
#  - with every variable subfiled (N = P subfiles each) and with the
#    default subfiling_min_size (none subfiled), ncsf's count is at most
#    plain PnetCDF's plus a constant per create, enddef, wait and close;
#  - the counts do not grow with the number of variables: 512 variables
#    cost what 64 do, to within one collective per phase.
. "$top_srcdir/test/common.sh"
P=$B/benchmarks/scaling/manyvars
PRE=${NCSF_COLLECTIVES_PRELOAD:-$B/.libs/libncsf-preload.so}
CNT=$B/benchmarks/scaling/libmpicount.so
unset NCSF_HINTS PNETCDF_HINTS
[ -n "${ASAN_OPTIONS:-}" ] && ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0" && export ASAN_OPTIONS
for f in "$P" "$PRE" "$CNT"; do
  [ -e "$f" ] || { echo "FAIL: t_collectives: $f is missing (make)"; exit 1; }
done
phases=create,write,close,open,read,rclose
steps=2
# The constants: what ncsf may add to plain PnetCDF's count in each phase
# (per create + enddef; per wait, times the steps; per close; per open).
# Measured (2 and 4 processes, 512 variables every one subfiled): 7 at
# create (the node census and ncsf's communicator, once per communicator,
# among them; 8 while PnetCDF's enddef's outcome was agreed on its own,
# not with the subfiles' creation), 4 per write wait, 2 at close (the
# flush's reduction, with the state mark's count of writers and the
# placeholders' fill, and the outcome's; 4 while the record placeholders'
# new records went through PnetCDF's collective wait, 5 while their fill
# was agreed on its own), 7 at open (8 while the variables' record
# limits had a reduction of their own), 4 per read wait (7 while a
# read-only dataset's wait made an empty pass for puts); one more for
# slack, none at create, close and open.
allow() {
  case $1 in
    create) echo 7 ;; write) echo $((5 * steps)) ;; close) echo 2 ;;
    open) echo 7 ;; read) echo $((5 * steps)) ;; rclose) echo 2 ;;
  esac
}

# count TAG NP NVARS PRELOAD HINTS [ARGS]: one run; its per-phase maxima over
# ranks (phase world_calls comms) in $d/TAG.max
count() {
  _t=$1 _np=$2 _nv=$3 _pre=$4 _h=$5; shift 5
  rm -rf "$d/$_t.d"; mkdir "$d/$_t.d"
  run_np "$_np" "LD_PRELOAD=$(with_yield "${_pre:+$_pre }$CNT")" "NCSF_HINTS=$_h" "MPICOUNT_OUT=$d/$_t.txt" \
    "MPICOUNT_PHASES=$phases" "$P" -v "$_nv" -s "$steps" "$@" "$d/$_t.d/f.nc" > "$d/$_t.out" 2>&1 &&
    grep -q '^VERIFY manyvars: ok' "$d/$_t.out" || { cat "$d/$_t.out" >&2; return 1; }
  awk 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
       $1 > 0 { k = $2; if ($c["world_calls"] > w[k]) w[k] = $c["world_calls"]; if ($c["comms"] > m[k]) m[k] = $c["comms"]; seen[k] = 1 }
       END { for (k in seen) print k, w[k] + 0, m[k] + 0 }' "$d/$_t.txt" | sort > "$d/$_t.max"
}

# within A B: every phase of run A within plain run B plus its allowance
# (collectives) and plus 2 communicators (the census's and ncsf's own)
within() {
  _bad=0
  for _ph in $(echo $phases | tr , ' '); do
    _a=$(awk -v k="$_ph" '$1 == k { print $2, $3 }' "$d/$1.max") _b=$(awk -v k="$_ph" '$1 == k { print $2, $3 }' "$d/$2.max")
    set -- "$1" "$2" ${_a:-0 0} ${_b:-0 0}
    echo "  $_ph: $1 $3 collectives, $4 communicators; $2 $5, $6"
    [ "$3" -le $(($5 + $(allow "$_ph"))) ] || { echo "  $_ph: $3 collectives > $5 + $(allow "$_ph")" >&2; _bad=1; }
    [ "$4" -le $(($6 + 2)) ] || { echo "  $_ph: $4 communicators > $6 + 2" >&2; _bad=1; }
  done
  return $_bad
}

# same A B: runs A and B count the same collectives per phase, to within one
same() {
  join "$d/$1.max" "$d/$2.max" | awk -v a="$1" -v b="$2" '{ d = $2 - $4; if (d < 0) d = -d; if (d > 1) { print "  " $1 ": " a " " $2 ", " b " " $4 > "/dev/stderr"; bad = 1 } } END { exit bad }'
}

for np in $(nps t_collectives); do
  d=$(newdir)
  all="subfiling=enable;subfiling_nfiles=$np;subfiling_min_size=0"
  count plain "$np" 512 "" ""
  report $? "t_collectives: plain PnetCDF, 512 variables np=$np"
  count none "$np" 512 "$PRE" "subfiling=enable" && within none plain
  report $? "t_collectives: preload, default subfiling_min_size (no variable subfiled), 512 variables: plain's collectives plus a constant per call np=$np"
  count all "$np" 512 "$PRE" "$all" && within all plain
  report $? "t_collectives: preload, every variable subfiled ($((512 * np)) subfiles), 512 variables: plain's collectives plus a constant per call np=$np"
  count all64 "$np" 64 "$PRE" "$all" && same all64 all
  report $? "t_collectives: every variable subfiled, 64 variables cost what 512 do np=$np"
  count plainb "$np" 512 "" "" -b && count allb "$np" 512 "$PRE" "$all" -b && within allb plainb
  report $? "t_collectives: bput_varn, every variable subfiled, 512 variables: plain's collectives plus a constant per call np=$np"
done
finish
