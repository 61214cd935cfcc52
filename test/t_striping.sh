#!/bin/sh
# The hints every subfile is created with (t_striping.c): the dataset's
# striping and ROMIO hints reach each subfile; with no striping hint, one
# stripe per subfile sized to its data on a striped file system
# (NCSF_ASSUME_STRIPED=1 stands in for Lustre), nothing added here.
. "$top_srcdir/test/common.sh"
for np in $(nps t_striping); do
  d=$(newdir)
  run_np "$np" "$B/test/t_striping" "$d"; report $? "t_striping subfile hints read back np=$np"
  rm -rf "$d"
done
finish
