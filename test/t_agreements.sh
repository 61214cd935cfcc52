#!/bin/sh
# ncsf's own collectives per dataset: one lifecycle (create, def_var of K
# variables, enddef, one iput_varn per variable and one wait_all, close) by
# benchmarks/scaling/manyvars (-s 1 -R -S: every variable subfiled, values
# checked by the program), run plain and under LD_PRELOAD=libncsf-preload.so,
# counted by the MPI profiling layer (benchmarks/scaling/libmpicount.so):
# collectives on communicators of more than one process, the most of any
# rank, per phase (create to enddef, the writes and the wait, close). What
# ncsf adds to plain PnetCDF's count in the same run configuration:
#  - every variable subfiled: at most CREATE at create and enddef (the node
#    census of the communicator, taken at its first dataset, included), WAIT
#    at the wait, CLOSE at close; the same for K = 4 and K = 32 variables
#    (nothing per variable: def_var takes no collective step);
#  - a create over the dataset the first run left (NC_CLOBBER: its
#    subfiles found and removed): at most REPLACE more than CREATE for
#    one of at most 16 subfiles (4 variables), at most REPLACE_LARGE more
#    for one of more (32 variables);
#  - rounds of independent data mode (manyvars -I 4: begin_indep_data, an
#    independent put_varn, end_indep_data): at most INDEP more per round;
#  - a wait_all on NC_REQ_ALL with nothing pending anywhere before the
#    close (manyvars -E; PIO makes one before every close): nothing more
#    than plain's at close (one reduction, in place of PnetCDF's own);
#  - no variable subfiled (the default subfiling_min_size): nothing at the
#    wait and at close, at most NONE at create and enddef;
#  - the same dataset opened again on the same communicator and read back
#    (manyvars without -R): at most OPEN at the open, and over the whole
#    run at most 2 communicators more than plain PnetCDF's: ncsf's own
#    over the caller's, made at the first dataset and shared by the next
#    ones, and the node census's (none per dataset).
. "$top_srcdir/test/common.sh"
P=$B/benchmarks/scaling/manyvars
PRE=${NCSF_AGREEMENTS_PRELOAD:-$B/.libs/libncsf-preload.so}
CNT=$B/benchmarks/scaling/libmpicount.so
unset NCSF_HINTS PNETCDF_HINTS
[ -n "${ASAN_OPTIONS:-}" ] && ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0" && export ASAN_OPTIONS
for f in "$P" "$PRE" "$CNT"; do
  [ -e "$f" ] || { echo "FAIL: t_agreements: $f is missing (make)"; exit 1; }
done
phases=create,write,close,open,read,close2,indep
# measured (MPICH, 2 and 4 processes): 6 at create and enddef (2 of them
# the census, 1 the communicator of ncsf's; 7 while the census had a
# reduction of its own, 8 while PnetCDF's enddef had an agreement of its
# own), 3 at the first wait (the engine's first and
# last reductions and its plan's two, less PnetCDF's own wait, left out
# where every variable is subfiled; 4 before), 2 at close (the flush's
# reduction and the outcome's; 3 while the record placeholders' new
# records went through PnetCDF's collective wait, 4 while the
# placeholders' fill had an agreement of its own), 3 at an open of a
# subfiled dataset of fewer than 16 variables (the hints; PnetCDF's
# outcome with ncsf's and the variables'; the subfiles' check with their
# record limits; 4 while the variables had a reduction of their own, 5
# while the check's limits had one too)
CREATE=6 WAIT=3 CLOSE=2 NONE=5 OPEN=3 COMMS=2
# a create over a subfiled dataset: of at most 16 subfiles, nothing more
# (process 0 checks them alone, and the create's first reduction carries
# the outcome; 2 more before); of more, 3 more (its header broadcast,
# in two steps for a header over 16 KiB, and
# the agreement on the old subfiles' list); end_indep_data: 1 (PnetCDF's
# outcome, the subfiles written independently closed and the record
# count in one reduction; 3 before)
REPLACE=0 REPLACE_LARGE=3 INDEP=1

# count TAG NP NVARS PRELOAD HINTS [OVER]: one run; its per-phase maxima
# over ranks (phase multi_calls) in $d/TAG.max. With OVER (a TAG run
# before), the dataset is created over that run's
count() {
  _t=$1 _np=$2 _nv=$3 _pre=$4 _h=$5 _f=$d/$1.d/f.nc
  if [ -n "${6:-}" ]; then _f=$d/$6.d/f.nc; else rm -rf "$d/$_t.d"; mkdir "$d/$_t.d"; fi
  run_np "$_np" "LD_PRELOAD=$(with_yield "${_pre:+$_pre }$CNT")" "NCSF_HINTS=$_h" "MPICOUNT_OUT=$d/$_t.txt" \
    "MPICOUNT_PHASES=$phases" "$P" -v "$_nv" -s 1 -R -S ${MV_EXTRA:-} "$_f" > "$d/$_t.out" 2>&1 &&
    grep -q '^VERIFY manyvars: ok' "$d/$_t.out" || { cat "$d/$_t.out" >&2; return 1; }
  awk 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
       $1 > 0 { k = $2; if ($c["multi_calls"] > w[k]) w[k] = $c["multi_calls"]; seen[k] = 1 }
       END { for (k in seen) print k, w[k] + 0 }' "$d/$_t.txt" | sort > "$d/$_t.max"
}

# reopen TAG NP PRELOAD HINTS: a run that opens the dataset again and
# reads it back; per-phase maxima in $d/TAG.max, the most communicators
# made by any rank over the run in $d/TAG.comms
reopen() {
  _t=$1 _np=$2 _pre=$3 _h=$4
  rm -rf "$d/$_t.d"; mkdir "$d/$_t.d"
  run_np "$_np" "LD_PRELOAD=$(with_yield "${_pre:+$_pre }$CNT")" "NCSF_HINTS=$_h" "MPICOUNT_OUT=$d/$_t.txt" \
    "MPICOUNT_PHASES=create,write,close,open,read,close2" "$P" -v 4 -s 1 -S "$d/$_t.d/f.nc" > "$d/$_t.out" 2>&1 &&
    grep -q '^VERIFY manyvars: ok' "$d/$_t.out" || { cat "$d/$_t.out" >&2; return 1; }
  awk 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
       { k = $2; if ($c["multi_calls"] > w[k]) w[k] = $c["multi_calls"]; seen[k] = 1 }
       END { for (k in seen) print k, w[k] + 0 }' "$d/$_t.txt" | sort > "$d/$_t.max"
  awk 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { m[$3] += $c["comms"] }
       END { x = 0; for (r in m) if (m[r] > x) x = m[r]; print x }' "$d/$_t.txt" > "$d/$_t.comms"
}

# extra A B PHASE: run A's count of PHASE less plain run B's
extra() {
  echo $(( $(awk -v k="$3" '$1 == k { print $2 }' "$d/$1.max") - $(awk -v k="$3" '$1 == k { print $2 }' "$d/$2.max") ))
}

# within A B C W L: A's extra over B at most C (create), W (write), L (close)
within() {
  _c=$(extra "$1" "$2" create) _w=$(extra "$1" "$2" write) _l=$(extra "$1" "$2" close)
  echo "  $1 over $2: create $_c (at most $3), write $_w (at most $4), close $_l (at most $5)"
  [ "$_c" -le "$3" ] && [ "$_w" -le "$4" ] && [ "$_l" -le "$5" ]
}

for np in $(nps t_agreements); do
  d=$(newdir)
  all="subfiling=enable;subfiling_nfiles=$np;subfiling_min_size=0"
  count plain4 "$np" 4 "" "" && count plain32 "$np" 32 "" ""
  report $? "t_agreements: plain PnetCDF, 4 and 32 variables np=$np"
  count all4 "$np" 4 "$PRE" "$all" && within all4 plain4 $CREATE $WAIT $CLOSE
  report $? "t_agreements: every variable subfiled, 4 variables: ncsf adds at most $CREATE collectives at create and enddef, $WAIT at the wait, $CLOSE at close np=$np"
  count plain4r "$np" 4 "" "" plain4 && count all4r "$np" 4 "$PRE" "$all" all4 &&
    within all4r plain4r $((CREATE + REPLACE)) $WAIT $CLOSE
  report $? "t_agreements: a create over the subfiled dataset a run before left: at most $REPLACE collectives more than a create np=$np"
  count all32 "$np" 32 "$PRE" "$all" && within all32 plain32 $CREATE $WAIT $CLOSE &&
    cmp -s "$d/all4.max" "$d/all32.max" || { echo "  4 variables: $(cat "$d/all4.max" | tr '\n' ' '); 32: $(cat "$d/all32.max" | tr '\n' ' ')" >&2; false; }
  report $? "t_agreements: every variable subfiled, 32 variables: the same collectives as 4 np=$np"
  count plain32r "$np" 32 "" "" plain32 && count all32r "$np" 32 "$PRE" "$all" all32 &&
    within all32r plain32r $((CREATE + REPLACE_LARGE)) $WAIT $CLOSE
  report $? "t_agreements: a create over a subfiled dataset of more than 16 subfiles: at most $REPLACE_LARGE collectives more than a create np=$np"
  MV_EXTRA="-I 4"
  count plainind "$np" 4 "" "" && count allind "$np" 4 "$PRE" "$all" && {
    _i=$(extra allind plainind indep)
    echo "  allind over plainind: 4 rounds of independent mode $_i (at most $((4 * INDEP)))"
    [ "$_i" -le $((4 * INDEP)) ]
  }
  report $? "t_agreements: independent data mode: at most $INDEP collective more per end_indep_data np=$np"
  MV_EXTRA="-E"
  count plainE "$np" 4 "" "" && count allE "$np" 4 "$PRE" "$all" && within allE plainE $CREATE $WAIT $CLOSE
  report $? "t_agreements: a wait on nothing pending before the close (as PIO's): nothing more than plain's np=$np"
  MV_EXTRA=
  count none "$np" 32 "$PRE" "subfiling=enable" && within none plain32 $NONE 0 0
  report $? "t_agreements: no variable subfiled: nothing at the wait and at close, at most $NONE at create and enddef np=$np"
  reopen plainre "$np" "" "" && reopen allre "$np" "$PRE" "$all" && {
    _o=$(extra allre plainre open) _m=$(( $(cat "$d/allre.comms") - $(cat "$d/plainre.comms") ))
    echo "  allre over plainre: open $_o (at most $OPEN), communicators $_m (at most $COMMS)"
    [ "$_o" -le $OPEN ] && [ "$_m" -le $COMMS ]
  }
  report $? "t_agreements: a second dataset on the communicator: at most $OPEN collectives at its open, no communicator of its own np=$np"
done
finish
