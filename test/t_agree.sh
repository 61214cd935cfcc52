#!/bin/sh
# Three of PnetCDF's answers that an outside differential tester found
# ncsf giving otherwise (issue 34, items 7-9): test/t_agree (pnetcdf.h,
# -lpnetcdf only) run plain, then under LD_PRELOAD=libncsf-preload.so with
# every variable subfiled but o* (subfiling_exclude), must tell the same
# story (return codes, every value read) and leave the same datasets
# (ncsf-merge's output dumps as the plain file does).
#  - erange: values out of the variable's range become its _FillValue
#    (the type's default without one), fill mode on or off, blocking,
#    flexible, iput and bput, CDF-2 and CDF-5
#  - detach: ncmpi_buffer_detach with a bput pending is NC_EPENDINGBPUT,
#    the bput completes at its wait (or is cancelled), then the detach
#  - mix: text and number buffers: a flexible call that moves nothing
#    succeeds whatever its type; a typed one is NC_ECHAR after the mode
#    and the variable, before the coordinates
. "$top_srcdir/test/common.sh"
APP=$B/test/t_agree
PRE=$B/.libs/libncsf-preload.so
T=$B/tools
unset PNETCDF_HINTS
HINTS="subfiling=enable;subfiling_nfiles=2;subfiling_min_size=0;subfiling_exclude=o,oc,on,ob_fv"

dump_of() { "$NCDUMP" "$1" | sed 1d; }

for np in $(nps t_agree); do
  d=$(newdir)
  for mode in erange detach mix; do
    mkdir -p "$d/plain/$mode" "$d/sf/$mode" "$d/merged/$mode"
    run_np "$np" "$APP" $mode "$d/plain/$mode" > "$d/plain/$mode.txt" 2>&1
    report $? "t_agree $mode plain np=$np"
    run_np "$np" "NCSF_HINTS=$HINTS" "LD_PRELOAD=$(with_yield "$PRE")" "$APP" $mode "$d/sf/$mode" \
      > "$d/sf/$mode.txt" 2>&1
    report $? "t_agree $mode subfiled np=$np"
    diff "$d/plain/$mode.txt" "$d/sf/$mode.txt" >&2
    report $? "t_agree $mode: return codes and values as plain PnetCDF's np=$np"
    _bad=0
    for f in "$d/plain/$mode"/*.nc; do
      _m=$mode/${f##*/}
      "$T/ncsf-merge" "$d/sf/$_m" "$d/merged/$_m" > /dev/null 2>&1 &&
        dump_of "$f" > "$d/a.txt" && dump_of "$d/merged/$_m" > "$d/b.txt" && cmp -s "$d/a.txt" "$d/b.txt" ||
        { echo "merged $_m differs from the plain one:" >&2; diff "$d/a.txt" "$d/b.txt" >&2; _bad=1; }
    done
    report $_bad "t_agree $mode: every merged dataset dumps as the plain one np=$np"
  done
  # the variables were subfiled (but the o* ones)
  (cd "$d/sf" && ls erange/erange_cdf5_fill.nc.b_fv.1 detach/detach.nc.s.1 mix/mix.nc.c.1 mix/mix.nc.n.1 > /dev/null) &&
    ! ls "$d/sf/detach"/detach.nc.o.* "$d/sf/mix"/mix.nc.oc.* > /dev/null 2>&1
  report $? "t_agree: the variables subfiled but o* np=$np"
done
finish
