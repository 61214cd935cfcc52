#!/bin/sh
# A second handle on a dataset its writer has synced, abort in data mode
# and after a redef, records given to variables that are not subfiled, and
# NC_ERANGE from an iput (test/t_synced.c); the files checked by ncdump.
. "$top_srcdir/test/common.sh"
for np in $(nps t_synced); do
  d=$(newdir)
  for m in sync abort records range; do
    run_np "$np" "$B/test/t_synced" "$d/$m.nc" $m; report $? "t_synced $m: every value read back np=$np"
    ncdump_all "$d/$m.nc"*; report $? "t_synced $m: files read by ncdump np=$np"
  done
  rm -rf "$d"
done
finish
