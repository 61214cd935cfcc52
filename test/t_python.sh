#!/bin/sh
# The Python reader and xarray backend (python/, doc/python.md) on datasets
# the C library writes: t_matrix's cases at 1 and 3 processes (format 2)
# and at 2 (format 1), each compared value for value with ncsf-merge's
# output; damaged copies of a small dataset. Debian's python3 (with
# python3-netcdf4, -xarray, -dask) runs it; SKIP without netCDF4.
. "$top_srcdir/test/common.sh"
PY=
for p in /usr/bin/python3 python3; do
  if command -v "$p" > /dev/null 2>&1 && "$p" -c "import netCDF4, numpy" 2> /dev/null; then PY=$p; break; fi
done
if [ -z "$PY" ]; then
  echo "SKIP: t_python (no python3 with netCDF4 and numpy: Debian python3-netcdf4)"
  exit 0
fi
dirs=""
for spec in "1 write" "3 write" "2 write1"; do
  set -- $spec
  d=$(newdir)
  run_np "$1" "$B/test/t_matrix" "$2" "$d" > /dev/null; report $? "t_python: t_matrix $2 np=$1 for the Python reader"
  mkdir "$d/merged"
  for f in "$d"/*.nc; do
    "$NCDUMP" -h "$f" 2> /dev/null | grep -q subfiling_dataset_id || continue
    "$B/tools/ncsf-merge" -q "$f" "$d/merged/$(basename "$f")" || echo "ncsf-merge failed on $f" >&2
  done
  dirs="$dirs${dirs:+:}$d"
done
dmg=$(newdir)
run_np 2 "$B/test/t_basic3d" "$dmg/sub.nc" subfile 4 > /dev/null &&
run_np 2 "$B/test/t_basic3d" "$dmg/other.nc" subfile 4 > /dev/null; report $? "t_python: datasets to damage"
NCSF_PY_DATA=$dirs NCSF_PY_DAMAGE=$dmg PYTHONPATH="$top_srcdir/python${PYTHONPATH:+:$PYTHONPATH}" \
  PYTHONDONTWRITEBYTECODE=1 "$PY" -m unittest discover -v -s "$top_srcdir/python/tests" -p 'test_*.py' \
  2> "$scratch/py.log"
rc=$?
cat "$scratch/py.log"
report $rc "t_python: reader, xarray backend, dask chunks and damaged datasets ($PY)"

# installed with pip from the checkout, offline (a copy: the build leaves
# files beside the sources), then found by xarray as engine="ncsf"
if "$PY" -m pip --version > /dev/null 2>&1 && "$PY" -c "import xarray, setuptools" 2> /dev/null; then
  cp -r "$top_srcdir/python" "$scratch/pysrc" && rm -rf "$scratch/pysrc/tests"
  "$PY" -m pip install --quiet --no-build-isolation --no-deps --no-index --target "$scratch/site" "$scratch/pysrc" \
    > "$scratch/pip.log" 2>&1 &&
  one=$(ls "${dirs%%:*}"/*.nc | head -n 1) &&
  PYTHONPATH="$scratch/site" PYTHONDONTWRITEBYTECODE=1 "$PY" -c "
import sys, xarray as xr
from xarray.backends import list_engines
assert 'ncsf' in list_engines(), list_engines()
with xr.open_dataset(sys.argv[1], engine='ncsf') as ds:
    ds.load()
print('engine ncsf found and used:', sys.argv[1])" "$one"
  rc=$?
  [ $rc -eq 0 ] || cat "$scratch/pip.log"
  report $rc "t_python: pip install from the checkout, offline; xarray finds engine=\"ncsf\""
else
  echo "SKIP: pip or setuptools missing (Debian python3-pip, python3-setuptools)"
fi
finish
