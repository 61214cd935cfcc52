#!/bin/sh
# An open takes the subfiling attributes from the base file's header as
# ncsf parses it (meta/base_header.c: read by process 0, broadcast; for
# datasets of 16 variables or more, and any with NCSF_BASE_HEADER=share)
# instead of asking PnetCDF for each by name. Both ways must describe the same
# variables: t_matrix's datasets (every type, 1-D to 5-D, record
# variables, grids, groups, CDF-1/2/5; formats 2 and 1) are read back at
# another process count both ways (every value checked; the read fails
# when ncsf's parse skips a variable); damaged datasets give the codes
# t_regress expects with the attributes asked of PnetCDF too (its own run
# takes them from ncsf's parse). A create over an old dataset
# (NC_CLOBBER, dataset/clobber.c, which reads headers the same way) is
# t_redteam's clobber case.
. "$top_srcdir/test/common.sh"
unset NCSF_BASE_HEADER
for spec in "3 write 2" "2 write1 4"; do
  set -- $spec
  d=$(newdir)
  run_np "$1" "$B/test/t_matrix" "$2" "$d" > /dev/null; report $? "t_base_header: t_matrix $2 np=$1"
  NCSF_BASE_HEADER=share run_np "$3" "$B/test/t_matrix" read "$d" > /dev/null
  report $? "t_base_header: read back np=$3, header parsed by ncsf"
  NCSF_BASE_HEADER=pnetcdf run_np "$3" "$B/test/t_matrix" read "$d" > /dev/null
  report $? "t_base_header: read back np=$3, attributes asked of PnetCDF"
done
# damaged datasets: the same codes with the attributes asked of PnetCDF
# and from ncsf's parse (t_regress's own run takes them from either, as
# its datasets have fewer or more than 16 variables)
cases=$(quick_or "climb fifo marks dims records2 names" "records pending names reopen marks buftype varm fill erange dims records2 fifo climb mixed overflow newline enddef why multi hidden pgrid lateatt indefine sharedbuf vardrec")
d=$(newdir)
for c in $cases; do
  mkdir "$d/$c"
  NCSF_BASE_HEADER=pnetcdf run_np 2 "$B/test/t_regress" "$c" "$d/$c"; report $? "t_base_header: t_regress $c np=2, attributes asked of PnetCDF"
  rm -rf "$d/$c"; mkdir "$d/$c"
  NCSF_BASE_HEADER=share run_np 2 "$B/test/t_regress" "$c" "$d/$c"; report $? "t_base_header: t_regress $c np=2, header parsed by ncsf"
done
finish
