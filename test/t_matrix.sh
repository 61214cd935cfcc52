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
# format 1 datasets (the create hint subfiling_format=1) read back as well
for np in $(nps t_matrix_v1); do
  d=$(newdir)
  run_np "$np" "$B/test/t_matrix" write1 "$d"; report $? "t_matrix format 1 write+read np=$np"
  q=$(other_np "$np")
  run_np "$q" "$B/test/t_matrix" read "$d"; report $? "t_matrix format 1 read np=$q of data written by np=$np"
  "$B/test/nc_verify" "$d"/* && ncdump_all "$d"/*; report $? "t_matrix format 1 netCDF-C, ncdump and ncvalidator check np=$np"
  for f in "$d"/*.nc; do "$NCDUMP" -h "$f"; done > "$d/headers.txt" 2>&1
  n1=$(grep -c "subfiling_version = 1" "$d/headers.txt"); n2=$(grep -c "subfiling_version = 2" "$d/headers.txt")
  [ "$n1" -gt 0 ] && [ "$n2" -eq 0 ]; report $? "t_matrix format 1 datasets say version 1 ($n1 base files, $n2 of version 2) np=$np"
  rm -rf "$d"
done
finish
