#!/bin/sh
# A program in the exact shape of the paper's Figure 6.
. "$top_srcdir/test/common.sh"
for np in $(nps t_figure6); do
  d=$(newdir)
  run_np "$np" "$B/test/t_figure6" "$d/fig6.nc"; report $? "t_figure6 np=$np"
  want=4; [ $((np * 4)) -lt 4 ] && want=$((np * 4))
  n=$(ls "$d"/fig6.nc.var.* 2>/dev/null | wc -l)
  [ "$n" -eq "$want" ]; report $? "t_figure6 $want subfiles np=$np (found $n)"
  "$B/test/nc_verify" "$d"/fig6.nc* && ncdump_all "$d"/fig6.nc*; report $? "t_figure6 files checked by netCDF-C and ncdump np=$np"
  rm -rf "$d"
done
finish
