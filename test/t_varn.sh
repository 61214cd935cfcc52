#!/bin/sh
# Irregular decompositions with many pieces (t_varn.c, issue 22): 10^5
# scattered pieces per process written with varn_all and iput_varn +
# wait_all, read back by varn (collective, non-blocking, independent) and
# whole, every value checked; with more subfiles than processes and fewer;
# and the engine's window on outstanding requests (subfiling_window=2 at 4
# processes, where the pairwise exchange would otherwise have 6 at once).
. "$top_srcdir/test/common.sh"
for np in $(nps t_varn); do
  more=$((2 * np + 1)) fewer=$((np / 2 > 0 ? np / 2 : 1))
  for n in $more $fewer; do
    d=$(newdir)
    run_np "$np" "$B/test/t_varn" "$d" "$n" 16; report $? "t_varn np=$np, $n subfiles"
    ncdump_all "$d/varn.nc"; report $? "t_varn ncdump reads the base file np=$np, $n subfiles"
    rm -rf "$d"
  done
  if [ "$np" -ge 4 ]; then
    d=$(newdir)
    run_np "$np" "$B/test/t_varn" "$d" "$np" 2 2000; report $? "t_varn np=$np window of 2 requests"
    rm -rf "$d"
  fi
done
finish
