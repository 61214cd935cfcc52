#!/bin/sh
# The first test: a 3-D block-decomposed array through the library, plain
# and subfiled, read back by the library, by netCDF-C and by ncdump.
. "$top_srcdir/test/common.sh"
for np in $(nps t_basic3d); do
  d=$(newdir)
  run_np "$np" "$B/test/t_basic3d" "$d/plain.nc" plain; report $? "t_basic3d plain np=$np"
  "$B/test/nc_verify" "$d/plain.nc" && ncdump_all "$d/plain.nc"; report $? "t_basic3d plain file checked by netCDF-C and ncdump np=$np"
  run_np "$np" "$B/test/t_basic3d" "$d/sub.nc" subfile 4; report $? "t_basic3d subfiled np=$np"
  n=$(ls "$d"/sub.nc.temperature.* 2>/dev/null | wc -l)
  [ "$n" -eq 4 ]; report $? "t_basic3d 4 subfiles exist np=$np (found $n)"
  "$B/test/nc_verify" "$d"/sub.nc* && ncdump_all "$d"/sub.nc*; report $? "t_basic3d subfiles checked by netCDF-C and ncdump np=$np"
  rm -rf "$d"
done
finish
