#!/bin/sh
# Puts byte swapped by the engine (test/t_swapped.c): on the way to the
# file from a read-only buffer (blocking and non-blocking), on the way
# through a gather (staged sends, the leader's round buffer), in place
# where a sender has too much to stage, with collective MPI-IO, independent
# and varn (blocking and posted, from a read-only buffer, read back with
# varn); the buffers unchanged, every value read back, the files checked
# by netCDF-C and ncdump.
. "$top_srcdir/test/common.sh"
for np in $(nps t_swapped); do
  d=$(newdir)
  for m in direct iput gather big mpiio indep varn ivarn; do
    run_np "$np" "$B/test/t_swapped" "$d/$m.nc" $m; report $? "t_swapped $m: buffers unchanged, swapped on the way where expected, every value np=$np"
    "$B/test/nc_verify" "$d/$m.nc"* && ncdump_all "$d/$m.nc"*; report $? "t_swapped $m: files checked by netCDF-C and ncdump np=$np"
  done
  rm -rf "$d"
done
finish
