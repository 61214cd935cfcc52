#!/bin/sh
# Write every case with P processes, read it back with another count, and
# check every file with netCDF-C and ncdump.
. "$top_srcdir/test/common.sh"
for np in $(nps t_matrix); do
  d=$(newdir)
  run_np "$np" "$B/test/t_matrix" write "$d"; report $? "t_matrix write+read np=$np"
  q=$(other_np "$np")
  run_np "$q" "$B/test/t_matrix" read "$d"; report $? "t_matrix read np=$q of data written by np=$np"
  "$B/test/nc_verify" "$d"/*; report $? "t_matrix netCDF-C check of every file np=$np"
  ncdump_all "$d"/*; report $? "t_matrix ncdump reads every file np=$np"
  rm -rf "$d"
done
finish
