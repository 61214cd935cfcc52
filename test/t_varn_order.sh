#!/bin/sh
# A varn's pieces in any order (t_varn_order.c): in file order cut in
# adjacent halves, levels descending, a permutation; written in one order,
# read back in another, every pair, every value checked; with more
# subfiles than processes and fewer.
. "$top_srcdir/test/common.sh"
for np in $(nps t_varn_order); do
  for n in $((np + 1)) 1; do
    d=$(newdir)
    run_np "$np" "$B/test/t_varn_order" "$d" "$n"; report $? "t_varn_order np=$np, $n subfiles"
    rm -rf "$d"
  done
done
finish
