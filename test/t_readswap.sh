#!/bin/sh
# Collective gets read alone from the subfiles, their elements reversed as
# they arrive (test/t_readswap.c): read only and open for writing, a block
# of every subfile per process, runs through a file view, a plan that
# reads a process's block again, a bad start on one process, posted gets;
# every value checked, nothing written past the caller's buffer, the
# files checked by netCDF-C and ncdump.
. "$top_srcdir/test/common.sh"
for np in $(nps t_readswap); do
  d=$(newdir)
  for m in ro rw cols strided mixed bad iget; do
    run_np "$np" "$B/test/t_readswap" "$d/$m.nc" $m; report $? "t_readswap $m: every value, reversed as it arrived where read alone np=$np"
    "$B/test/nc_verify" "$d/$m.nc"* && ncdump_all "$d/$m.nc"*; report $? "t_readswap $m: files checked by netCDF-C and ncdump np=$np"
  done
  rm -rf "$d"
done
finish
