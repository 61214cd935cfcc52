#!/bin/sh
# One list of crafted datasets, every reader (doc/format.md, What a reader
# checks): a dataset written through the preload by preload_app (temp,
# pres, lev fixed-size and flux with records, each in 2 subfiles), then
# one subfiling attribute of the base file changed so that it contradicts
# the base file's dimensions. The C library (ncsf-merge), the netCDF-C
# plugin (ncdump), the Python reader and both reference writers
# (ncsf-info --kerchunk, python -m ncsf.kerchunk) must each refuse it with
# the metadata error (NC_EVARMETA, Python's MetadataError), and return no
# data. The undamaged dataset passes every reader first.
. "$top_srcdir/test/common.sh"
need_python "netCDF4, numpy" "t_checks (no python3 with netCDF4 and numpy: Debian python3-netcdf4)"
unset NCSF_HINTS NCSF_INCOMPLETE
PL=$B/.libs/libncsf-netcdf.so
EVARMETA="Problem with variable metadata"
d=$(newdir)
run_np 2 LD_PRELOAD="$B/.libs/libncsf-preload.so" NCSF_HINTS="subfiling=enable;subfiling_nfiles=2;subfiling_min_size=10" \
  "$B/test/preload_app" "$d/mix.nc" > /dev/null
report $? "t_checks: preload_app's dataset (np=2)"

# pyread DATASET: the Python reader opens it and reads every variable;
# prints the exception's class when it raises one
pyread() {
  PYTHONPATH="$top_srcdir/python" PYTHONDONTWRITEBYTECODE=1 "$PY" -c "
import sys, numpy as np
from ncsf.reader import Dataset
try:
    with Dataset(sys.argv[1]) as ds:
        for v in ds.variables.values():
            np.asarray(v[...])
except Exception as e:
    print(type(e).__name__, e)
    sys.exit(1)
print('read')" "$1"
}

# every_reader DIR GOOD: with GOOD 1 every reader reads DIR/mix.nc; with 0
# every reader refuses it with the metadata error. Sets bad to the count
# of readers that did otherwise.
every_reader() {
  _f=$1/mix.nc _good=$2 bad=0
  "$B/tools/ncsf-merge" -q "$_f" "$1/merged.nc" > "$scratch/c.txt" 2>&1; _rc=$?
  if [ $_good = 1 ]; then [ $_rc -eq 0 ]; else [ $_rc -ne 0 ] && grep -q "$EVARMETA" "$scratch/c.txt" && [ ! -e "$1/merged.nc" ]; fi ||
    { echo "C library (ncsf-merge), status $_rc:" >&2; cat "$scratch/c.txt" >&2; bad=$((bad + 1)); }
  if [ -f "$PL" ]; then
    LD_PRELOAD=$PL "$NCDUMP" "$_f" > "$scratch/p.out" 2> "$scratch/p.txt"; _rc=$?
    if [ $_good = 1 ]; then [ $_rc -eq 0 ]; else [ $_rc -ne 0 ] && grep -q "$EVARMETA" "$scratch/p.txt"; fi ||
      { echo "plugin (ncdump), status $_rc:" >&2; cat "$scratch/p.txt" >&2; bad=$((bad + 1)); }
  fi
  pyread "$_f" > "$scratch/y.txt" 2>&1; _rc=$?
  if [ $_good = 1 ]; then [ $_rc -eq 0 ]; else [ $_rc -ne 0 ] && grep -q "^MetadataError" "$scratch/y.txt"; fi ||
    { echo "Python reader, status $_rc:" >&2; cat "$scratch/y.txt" >&2; bad=$((bad + 1)); }
  "$B/tools/ncsf-info" --kerchunk "$1/refs.json" "$_f" > "$scratch/k.txt" 2>&1; _rc=$?
  if [ $_good = 1 ]; then [ $_rc -eq 0 ]; else [ $_rc -ne 0 ] && [ ! -e "$1/refs.json" ]; fi ||
    { echo "ncsf-info --kerchunk, status $_rc:" >&2; cat "$scratch/k.txt" >&2; bad=$((bad + 1)); }
  PYTHONPATH="$top_srcdir/python" PYTHONDONTWRITEBYTECODE=1 "$PY" -m ncsf.kerchunk "$_f" "$1/py.json" > "$scratch/k.txt" 2>&1; _rc=$?
  if [ $_good = 1 ]; then [ $_rc -eq 0 ]; else [ $_rc -ne 0 ] && grep -q "MetadataError" "$scratch/k.txt" && [ ! -e "$1/py.json" ]; fi ||
    { echo "python -m ncsf.kerchunk, status $_rc:" >&2; cat "$scratch/k.txt" >&2; bad=$((bad + 1)); }
}

every_reader "$d" 1
report $bad "t_checks: the undamaged dataset read by every reader"

# VAR|ATTRIBUTE|PYTHON-VALUE|WHAT: a copy of the dataset with that
# attribute of VAR in the base file set to the value (in a text, / for a
# newline)
for spec in "temp|subfiling_gsize|np.array([2**33, 5, 8], 'i8')|gsize 2^33 where the base file's z is 12" \
            "temp|subfiling_gsize|np.array([12, 8, 5], 'i8')|gsize naming y and x the wrong lengths" \
            "temp|subfiling_dimnames|'zz/y/x'|dimnames naming a dimension that does not exist" \
            "temp|subfiling_dimnames|'y/z/x'|dimnames naming y and z in the wrong order" \
            "flux|subfiling_dimnames|'x/x'|a record variable's dimnames without the record dimension" \
            "lev|subfiling_dimnames|'t'|a fixed-size variable's dimnames naming the record dimension"; do
  var=${spec%%|*} rest=${spec#*|}; att=${rest%%|*} rest=${rest#*|}; val=${rest%%|*} what=${rest#*|}
  c=$(newdir)
  cp "$d"/mix.nc* "$c/" && rm -f "$c/merged.nc" "$c/refs.json" "$c/py.json" &&
    "$PY" -c "
import sys, netCDF4, numpy as np
d = netCDF4.Dataset(sys.argv[1], 'a')
v = eval(sys.argv[4])
d[sys.argv[2]].setncattr(sys.argv[3], v.replace('/', '\\n') if isinstance(v, str) else v)
d.close()" "$c/mix.nc" "$var" "$att" "$val" || { report 1 "t_checks: crafting $what"; continue; }
  "$NCDUMP" -h "$c/mix.nc" | grep "$var:$att"
  every_reader "$c" 0
  report $bad "t_checks: $what ($var): the metadata error from every reader"
done
finish
