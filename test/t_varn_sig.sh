#!/bin/sh
# A varn's plan is reused only for the same pieces (t_varn_sig.c): calls
# that differ from a cached plan's in one piece on one process (a column
# further, another level, two pieces swapped, another record) or in their
# first record only (a plan of absolute positions) build a plan, a
# repeated one reuses it; every value checked; more subfiles than
# processes and fewer.
. "$top_srcdir/test/common.sh"
for np in $(nps t_varn_sig); do
  for n in $((np + 1)) 1; do
    d=$(newdir)
    run_np "$np" "$B/test/t_varn_sig" "$d" "$n"; report $? "t_varn_sig np=$np, $n subfiles"
    rm -rf "$d"
  done
done
finish
