#!/bin/sh
# The Python reader and xarray backend (python/, doc/python.md) on datasets
# the C library writes: t_matrix's cases at 1 and 3 processes (format 2)
# and at 2 (format 1), each compared value for value with ncsf-merge's
# output; damaged copies of a small dataset. Debian's python3 (with
# python3-netcdf4, -xarray, -dask) runs it; SKIP without netCDF4.
. "$top_srcdir/test/common.sh"
need_python "netCDF4, numpy" "t_python (no python3 with netCDF4 and numpy: Debian python3-netcdf4)"
dirs=""
# (the quick tier: 1 and 2 processes, formats 2 and 1)
for spec in 1:write $(quick_or "" 3:write) 2:write1; do
  set -- ${spec%%:*} ${spec#*:}
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
run_np 2 "$B/test/t_basic3d" "$dmg/other.nc" subfile 4 > /dev/null &&
"$PY" -c "
import sys, netCDF4, numpy as np
with netCDF4.Dataset(sys.argv[1], 'w', format='NETCDF3_64BIT_DATA') as nc:
    nc.createDimension('time', None); nc.createDimension('y', 8)
    nc.createVariable('v', 'f8', ('time', 'y'))[0:3] = np.arange(24.0).reshape(3, 8)
    nc.createVariable('t', 'i4', ('time',))[0:3] = [10, 20, 30]
" "$scratch/rec_in.nc" && "$B/tools/ncsf-split" "$scratch/rec_in.nc" "$dmg/rec.nc" --var v --nfiles 4 --dims y
report $? "t_python: datasets to damage"
NCSF_PY_DATA=$dirs NCSF_PY_DAMAGE=$dmg PYTHONPATH="$top_srcdir/python${PYTHONPATH:+:$PYTHONPATH}" \
  PYTHONDONTWRITEBYTECODE=1 "$PY" -m unittest discover -v -s "$top_srcdir/python/tests" -p 'test_*.py' \
  2> "$scratch/py.log"
rc=$?
cat "$scratch/py.log"
report $rc "t_python: reader, xarray backend, dask chunks and damaged datasets ($PY)"

# installed with pip from the checkout, offline, into fresh virtual
# environments (a copy of python/: a build leaves files beside the sources)
# one without system packages, so without setuptools' wheel (the package
# builds with the standard library alone; the full tier only), and one with Debian's numpy,
# netCDF4, xarray and dask, where pytest reads a 2,048-subfile dataset
# (512 in the quick tier) under ulimit -n 256 (python/tests/test_many.py) through the installed
# package, xarray finding engine="ncsf"
if "$PY" -m venv --help > /dev/null 2>&1 && "$PY" -c "import ensurepip" 2> /dev/null; then
  cp -r "$top_srcdir/python" "$scratch/pysrc" && rm -rf "$scratch/pysrc/tests" && cp "$top_srcdir/LICENSE" "$scratch/pysrc/"
  # (the bare venv is the full tier's: its pip install takes 20 s here)
  if [ "${NCSF_TIER:-full}" = quick ]; then
    echo "SKIP: t_python: pip install into a venv without system packages (the full tier's)"
  else
  "$PY" -m venv "$scratch/bare" > "$scratch/pip.log" 2>&1 &&
  ! "$scratch/bare/bin/python" -c "import wheel" 2> /dev/null &&
  "$scratch/bare/bin/python" -m pip install --no-index --no-deps "$scratch/pysrc" >> "$scratch/pip.log" 2>&1 &&
  "$scratch/bare/bin/python" -c "
import importlib.metadata as m
assert set(m.requires('ncsf')) >= {'numpy', 'netCDF4'}, m.requires('ncsf')
assert m.metadata('ncsf')['License'] == 'BSD-3-Clause'
assert [e.value for e in m.entry_points(group='xarray.backends') if e.name == 'ncsf']"
  rc=$?
  [ $rc -eq 0 ] || cat "$scratch/pip.log"
  report $rc "t_python: pip install offline into a venv without wheel or setuptools' wheel support; metadata declares numpy, netCDF4, BSD-3-Clause, the xarray entry point"
  fi

  # each more than ulimit -n 256 allows at once (300 in the sanitizer build)
  many=$(newdir) nmany=$(quick_or 512 2048)
  sanitized && nmany=300
  "$PY" -c "
import sys, netCDF4, numpy as np
with netCDF4.Dataset(sys.argv[1], 'w', format='NETCDF3_64BIT_DATA') as nc:
    nc.createDimension('time', None); nc.createDimension('y', 64); nc.createDimension('x', 40)
    v = nc.createVariable('v', 'f8', ('time', 'y', 'x')); v.units = 'K'
    v[0:3] = np.arange(3 * 64 * 40, dtype='f8').reshape(3, 64, 40) * 0.5 - 100
    w = nc.createVariable('w', 'i4', ('y', 'x')); w[:] = np.arange(64 * 40).reshape(64, 40)
" "$many/in.nc" &&
  (ulimit -n 256 && "$B/tools/ncsf-split" "$many/in.nc" "$many/sf.nc" --var v --nfiles "$nmany" --dims y,x) &&
  [ "$(ls "$many" | grep -c '^sf\.nc\.v\.')" -eq "$nmany" ] &&
  "$B/tools/ncsf-merge" -q "$many/sf.nc" "$many/sf.nc.merged"
  report $? "t_python: a $nmany-subfile dataset (ncsf-split under ulimit -n 256) and its ncsf-merge copy"

  "$PY" -m venv --system-site-packages "$scratch/venv" >> "$scratch/pip.log" 2>&1 &&
  "$scratch/venv/bin/python" -m pip install --no-build-isolation --no-index --no-deps "$scratch/pysrc" \
    >> "$scratch/pip.log" 2>&1
  rc=$?
  [ $rc -eq 0 ] || cat "$scratch/pip.log"
  report $rc "t_python: pip install --no-build-isolation offline into a venv with Debian's packages"
  if [ $rc -eq 0 ]; then
    if "$scratch/venv/bin/python" -c "import pytest" 2> /dev/null; then run="-m pytest -q -p no:cacheprovider"
    else run="-m unittest -v"; fi
    (cd "$scratch" && ulimit -n 256 && NCSF_PY_MANY="$many/sf.nc" NCSF_PY_MANY_N=$nmany PYTHONDONTWRITEBYTECODE=1 \
      "$scratch/venv/bin/python" $run "$top_srcdir/python/tests/test_many.py") > "$scratch/many.log" 2>&1
    rc=$?
    tail -n 25 "$scratch/many.log"
    report $rc "t_python: $nmany subfiles under ulimit -n 256 through the installed package (${run#-m }): values against ncsf-merge, at most 64 open, one element one subfile, xarray engine=\"ncsf\""
  fi
else
  echo "SKIP: python3 -m venv missing (Debian python3-venv)"
fi
finish
