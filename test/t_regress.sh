#!/bin/sh
# One case per defect found by trying the library on purpose (t_regress.c
# says which); each case runs on its own, so a hang fails only itself.
. "$top_srcdir/test/common.sh"
cases="records pending names reopen marks buftype varm fill erange dims records2 fifo climb mixed overflow newline enddef why multi hidden pgrid lateatt indefine sharedbuf vardrec indepflush indeprename"
for np in $(nps t_regress); do
  d=$(newdir)
  for c in $cases; do
    mkdir "$d/$c"
    run_np "$np" "$B/test/t_regress" "$c" "$d/$c"; report $? "t_regress $c np=$np"
  done
  # a bad varid on one rank in PnetCDF's safe mode: every rank gets it
  mkdir "$d/mixed-safe"
  PNETCDF_SAFE_MODE=1 run_np "$np" "$B/test/t_regress" mixed "$d/mixed-safe"; report $? "t_regress mixed, safe mode np=$np"
  # the tools on a FIFO where a subfile should be, and a subfile that
  # climbs out of its dataset: an answer, not a hang
  timeout 60 "$B/tools/ncsf-info" "$d/fifo/fifo.nc" > "$d/info.txt" 2>&1; rc=$?
  [ $rc -eq 1 ] && grep -q "not a regular file" "$d/info.txt"; report $? "ncsf-info on a FIFO subfile np=$np (exit $rc)"
  timeout 60 "$B/tools/ncsf-merge" -q "$d/fifo/fifo.nc" "$d/merged.nc" > "$d/merge.txt" 2>&1; rc=$?
  [ $rc -eq 1 ]; report $? "ncsf-merge refuses a dataset with a FIFO subfile np=$np (exit $rc)"
  timeout 60 "$B/tools/ncsf-info" "$d/climb/climb.nc.v.0" > "$d/info.txt" 2>&1; rc=$?
  [ $rc -eq 1 ] && grep -q "does not lead" "$d/info.txt"; report $? "ncsf-info on a subfile that climbs out np=$np (exit $rc)"
  rm -rf "$d"
done
finish
