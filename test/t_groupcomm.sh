#!/bin/sh
# The MPI-IO method's group communicators are made from a parent with no
# attributes (test/t_groupcomm.c): an application's MPI-IO file on the
# world communicator first, then a dataset written by columns (groups of
# every rank) and by rows (groups of 2 at 4 processes), read back both
# ways. Under Open MPI's ROMIO a group made from a parent with ROMIO's
# cached processor names aborts in MPI_File_open.
. "$top_srcdir/test/common.sh"
for np in $(nps t_groupcomm); do
  d=$(newdir)
  run_np "$np" "$B/test/t_groupcomm" "$d/g.nc" "$d/own.bin" > "$d/out.txt" 2>&1
  rc=$?
  [ $rc -eq 0 ] || cat "$d/out.txt" >&2
  report $rc "t_groupcomm: groups' communicators made from a parent without attributes ($(sed -n 's/^GROUPS //p' "$d/out.txt")) np=$np"
  "$B/test/nc_verify" "$d"/g.nc*; report $? "t_groupcomm netCDF-C check of every file np=$np"
  rm -rf "$d"
done
finish
