#!/bin/sh
# The engine's data paths (t_paths.c; doc/architecture.md, "The engine's
# data paths"): each call meant for a path takes it and no other, counted
# on every rank, every value read back checked; the dataset read by ncdump.
. "$top_srcdir/test/common.sh"
for np in $(nps t_paths); do
  d=$(newdir)
  run_np "$np" "$B/test/t_paths" "$d"; report $? "t_paths each call on its path np=$np"
  nf=$np; [ "$np" -lt 2 ] && nf=2
  ncdump_all "$d/paths.nc" "$d/paths.nc.u.0" "$d/paths.nc.u.$((nf - 1))"; report $? "t_paths ncdump reads the files np=$np"
  rm -rf "$d"
done
finish
