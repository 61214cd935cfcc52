#!/bin/sh
# The engine's plan cache across a checkpoint loop (t_plans.c): repeated,
# changed, alternating and cycling decompositions, record time series and
# wait_all batches, with reuse counted on every rank and every value read
# back, then again at another process count and by ncdump.
. "$top_srcdir/test/common.sh"
for np in $(nps t_plans); do
  d=$(newdir)
  run_np "$np" "$B/test/t_plans" write "$d"; report $? "t_plans reuse, rebuild and eviction np=$np"
  run_np "$(other_np "$np")" "$B/test/t_plans" read "$d"; report $? "t_plans read back by np=$(other_np "$np")"
  ncdump_all "$d/plans.nc" "$d/plans.nc.u.0" "$d/plans.nc.u.2" "$d/plans.nc.r.1"; report $? "t_plans ncdump reads the files np=$np"
  rm -rf "$d"
done
finish
