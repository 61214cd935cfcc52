#!/bin/sh
# The format's size limits with every variable subfiled, as PnetCDF gives
# them with every variable in one file (t_varsize.c says what each case
# checks), with safe mode off (PnetCDF's default) and on.
. "$top_srcdir/test/common.sh"
for np in $(nps t_varsize); do
  for c in evarsize legal defvar maxreq; do
    d=$(newdir)
    PNETCDF_SAFE_MODE=0 run_np "$np" "$B/test/t_varsize" $c "$d"; report $? "t_varsize $c np=$np"
    PNETCDF_SAFE_MODE=1 run_np "$np" "$B/test/t_varsize" $c "$d"; report $? "t_varsize $c in safe mode np=$np"
    rm -rf "$d"
  done
done
finish
