#!/bin/sh
# A restart reads back what it wrote (t_restart.c): with the same
# decomposition every collective read goes straight to the reader's own
# subfiles (no plan, no gathering, counted on every rank; opened read
# only, through descriptors, not MPI-IO; opened for writing, through
# MPI-IO); reads across subfiles in long runs stay direct (also when the
# reader's buffer is strided), short strided ones are gathered; then
# another process count reads everything; every value checked.
. "$top_srcdir/test/common.sh"
for np in $(nps t_restart); do
  d=$(newdir)
  run_np "$np" "$B/test/t_restart" write "$d"; report $? "t_restart same-decomposition restart reads direct np=$np"
  run_np "$(other_np "$np")" "$B/test/t_restart" read "$d"; report $? "t_restart read back by np=$(other_np "$np")"
  rm -rf "$d"
done
finish
