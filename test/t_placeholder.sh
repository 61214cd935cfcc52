#!/bin/sh
# A subfiled variable's placeholder in the base file reads as its fill
# value (_FillValue, else the type's default) in tools that know nothing
# of ncsf: ncdump shows "_", netCDF4-python a masked value; never 0, a
# value that looks like data. Written by an application (t_basic3d) and
# by ncsf-split (a record variable, an int with its own _FillValue, a
# float without), at every process count.
. "$top_srcdir/test/common.sh"
find_python "netCDF4, numpy"
# every data value of variable $2 in ncdump's output of $1 is "_"
all_fill() {
  "$NCDUMP" -v "$2" "$1" | sed -n '/^data:/,$p' | tr -d ' \n' | grep -qE "^data:$2=_(,_)*;}$" ||
    { echo "$1: $2 is not all fill values:" >&2; "$NCDUMP" -v "$2" "$1" | sed -n '/^data:/,$p' >&2; return 1; }
}
in=$scratch/in.nc
if [ -n "$PY" ]; then
  "$PY" -c "
import sys, netCDF4, numpy as np
with netCDF4.Dataset(sys.argv[1], 'w', format='NETCDF3_64BIT_OFFSET') as nc:
    nc.createDimension('time', None); nc.createDimension('y', 12); nc.createDimension('x', 5)
    nc.createVariable('rec', 'f8', ('time', 'y', 'x'))[0:4] = np.arange(240.0).reshape(4, 12, 5)
    nc.createVariable('ifill', 'i4', ('y', 'x'), fill_value=-7)[:] = np.arange(60).reshape(12, 5)
    nc.createVariable('flt', 'f4', ('y', 'x'))[:] = np.ones((12, 5))
" "$in"; report $? "t_placeholder: an input file"
fi
for np in $(nps t_placeholder); do
  d=$(newdir)
  run_np "$np" "$B/test/t_basic3d" "$d/sub.nc" subfile 4 > /dev/null &&
  all_fill "$d/sub.nc" temperature; report $? "t_placeholder: ncdump shows _ for an application's placeholder np=$np"
  [ -n "$PY" ] || continue
  run_np "$np" "$B/tools/ncsf-split" "$in" "$d/split.nc" --var rec,ifill,flt --nfiles 3 --dims y &&
  all_fill "$d/split.nc" rec && all_fill "$d/split.nc" ifill && all_fill "$d/split.nc" flt &&
  "$NCDUMP" -h "$d/split.nc" | grep -q "rec:subfiling_note = \"This is a placeholder"
  report $? "t_placeholder: ncdump shows _ for record, _FillValue and default-fill placeholders, next to the note np=$np"
  "$PY" -c "
import sys, netCDF4, numpy as np
with netCDF4.Dataset(sys.argv[1]) as nc:
    assert nc['rec'].shape == (4,), nc['rec'].shape
    for name, fill in (('rec', netCDF4.default_fillvals['f8']), ('ifill', -7), ('flt', netCDF4.default_fillvals['f4'])):
        v = nc[name][...]
        assert np.ma.getmaskarray(v).all(), (name, v)
        nc[name].set_auto_mask(False)
        raw = np.asarray(nc[name][...])
        assert (raw == fill).all(), (name, raw)
        nc[name].set_auto_mask(True)
print('placeholders masked')
" "$d/split.nc"; report $? "t_placeholder: netCDF4-python reads every placeholder as masked (its fill value) np=$np"
  run_np "$np" "$B/tools/ncsf-merge" -q "$d/split.nc" "$d/merged.nc" &&
  "$NCDUMP" "$in" | sed 1d > "$d/in.cdl" && "$NCDUMP" "$d/merged.nc" | sed 1d | cmp - "$d/in.cdl"
  report $? "t_placeholder: the data itself is untouched (split then merge gives the input) np=$np"
  rm -rf "$d"
done
finish
