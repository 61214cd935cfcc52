#!/bin/sh
# ncsf's reader of netCDF classic headers (it checks subfiles at open)
# against PnetCDF on files of every classic format, and on every prefix
# and many damaged copies of their headers (t_cdfheader.c).
. "$top_srcdir/test/common.sh"
d=$(newdir)
"$B/test/t_cdfheader" "$d" > "$d/out" 2>&1; rc=$?
cat "$d/out"
report $rc "cdf headers parsed as PnetCDF reads them, cut or damaged ones refused"
finish
