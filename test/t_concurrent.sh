#!/bin/sh
# Datasets written at the same time (t_concurrent.c): the two halves of
# the processes each with its own, and one communicator with two whose
# collective calls interleave; read again by another process count.
. "$top_srcdir/test/common.sh"
for np in $(nps t_concurrent); do
  d=$(newdir)
  run_np "$np" "$B/test/t_concurrent" halves "$d"; report $? "t_concurrent two halves writing at once np=$np"
  run_np "$np" "$B/test/t_concurrent" twice "$d"; report $? "t_concurrent two datasets interleaved np=$np"
  run_np "$(other_np "$np")" "$B/test/t_concurrent" read "$d"; report $? "t_concurrent read back by np=$(other_np "$np")"
  ncdump_all "$d/one.nc" "$d/one.nc.a.0" "$d/two.nc.b.1"; report $? "t_concurrent ncdump reads the files np=$np"
  rm -rf "$d"
done
finish
