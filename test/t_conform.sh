#!/bin/sh
# PnetCDF's contract where its own test programs found ncsf keeping
# another (t_conform.c says what each case checks), with safe mode off
# (PnetCDF's default) and on.
. "$top_srcdir/test/common.sh"
for np in $(nps t_conform); do
  for c in badname modes mixdef codes manydims; do
    d=$(newdir)
    PNETCDF_SAFE_MODE=0 run_np "$np" "$B/test/t_conform" $c "$d"; report $? "t_conform $c np=$np"
    PNETCDF_SAFE_MODE=1 run_np "$np" "$B/test/t_conform" $c "$d"; report $? "t_conform $c in safe mode np=$np"
    rm -rf "$d"
  done
  # process 0 alone defines a variable: safe mode off only (PnetCDF's safe
  # def_var is collective)
  d=$(newdir)
  PNETCDF_SAFE_MODE=0 run_np "$np" "$B/test/t_conform" onlyone "$d"; report $? "t_conform onlyone np=$np"
  rm -rf "$d"
done
finish
