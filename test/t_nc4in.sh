#!/bin/sh
# ncsf-split reads netCDF-4 (HDF5) input through netCDF-C: a classic-model
# netCDF-4 file and a netCDF-4 file with CDF-5's extra types and a record
# dimension become subfiled datasets, and ncsf-merge gives back what
# ncdump shows of the input; groups, user-defined types and strings are
# refused with the cause, leaving no file behind.
. "$top_srcdir/test/common.sh"
need_python "netCDF4, numpy" "t_nc4in (no python3 with netCDF4 to write the inputs: Debian python3-netcdf4)"
in=$(newdir)
"$PY" - "$in" << 'PYEOF'
import sys, netCDF4, numpy as np
d = sys.argv[1]
with netCDF4.Dataset(d + "/classic4.nc", "w", format="NETCDF4_CLASSIC") as nc:
    nc.title = "netCDF-4 classic model"
    nc.createDimension("time", None); nc.createDimension("z", 6); nc.createDimension("x", 10)
    t = nc.createVariable("temp", "f8", ("time", "z", "x"), zlib=True, fill_value=-999.0)
    t.units = "K"
    t[0:3] = np.arange(180.0).reshape(3, 6, 10) / 7
    nc.createVariable("p", "i4", ("z", "x"))[:] = np.arange(60).reshape(6, 10) - 30
    nc.createVariable("name", "S1", ("x",))[:] = np.array(list("abcdefghij"), "S1")
with netCDF4.Dataset(d + "/enhanced4.nc", "w", format="NETCDF4") as nc:
    nc.createDimension("time", None); nc.createDimension("y", 8)
    nc.createVariable("u8", "u1", ("time", "y"))[0:2] = np.arange(16).reshape(2, 8) + 200
    nc.createVariable("i64", "i8", ("y",))[:] = np.arange(8) * 10**12
    nc.createVariable("u64", "u8", ("y",))[:] = np.arange(8, dtype="u8") + 2**63
    nc.createVariable("f", "f4", ("time", "y"), chunksizes=(1, 4))[0:2] = np.ones((2, 8), "f4") / 3
with netCDF4.Dataset(d + "/groups4.nc", "w", format="NETCDF4") as nc:
    nc.createDimension("x", 4); nc.createVariable("a", "f8", ("x",))[:] = 1
    nc.createGroup("g").createVariable("b", "f8", ("x",))
with netCDF4.Dataset(d + "/string4.nc", "w", format="NETCDF4") as nc:
    nc.createDimension("x", 4); nc.createVariable("a", "f8", ("x",))[:] = 1
    nc.createVariable("s", str, ("x",))[0] = "hello"
with netCDF4.Dataset(d + "/usertype4.nc", "w", format="NETCDF4") as nc:
    nc.createDimension("x", 4); nc.createVariable("a", "f8", ("x",))[:] = 1
    ct = nc.createCompoundType(np.dtype([("i", "i4"), ("f", "f8")]), "pair")
    nc.createVariable("c", ct, ("x",))
PYEOF
report $? "t_nc4in: netCDF-4 inputs written by netCDF4-python"
for np in $(nps t_nc4in); do
  d=$(newdir)
  for spec in "classic4 temp,p" "enhanced4 u8,i64,u64,f"; do
    set -- $spec
    run_np "$np" "$B/tools/ncsf-split" "$in/$1.nc" "$d/$1.nc" --var "$2" --nfiles 3 &&
    "$B/tools/ncsf-info" "$d/$1.nc" > /dev/null &&
    run_np "$np" "$B/tools/ncsf-merge" -q "$d/$1.nc" "$d/$1.merged.nc" &&
    "$NCDUMP" "$in/$1.nc" | sed 1d > "$d/$1.in.cdl" && "$NCDUMP" "$d/$1.merged.nc" | sed 1d > "$d/$1.out.cdl" &&
    diff "$d/$1.in.cdl" "$d/$1.out.cdl" >&2 &&
    [ -z "$(ls "$d" | grep 'ncsf-split-.*\.tmp')" ]
    report $? "t_nc4in: netCDF-4 $1 -> ncsf-split -> ncsf-merge equals the input in ncdump np=$np"
  done
  for bad in groups4:group string4:string usertype4:user; do
    f=${bad%%:*} what=${bad#*:}
    run_np "$np" "$B/tools/ncsf-split" "$in/$f.nc" "$d/$f.nc" --var a --nfiles 2 > "$d/err.txt" 2>&1; rc=$?
    [ $rc -eq 1 ] && grep -q "netCDF-4 file that cannot be split: .*$what" "$d/err.txt" &&
    [ -z "$(ls "$d" | grep "^$f")" ]
    report $? "t_nc4in: netCDF-4 with a $what refused with the cause, nothing left np=$np"
    [ $rc -eq 1 ] || cat "$d/err.txt" >&2
  done
  rm -rf "$d"
done
finish
