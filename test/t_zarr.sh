#!/bin/sh
# Zarr references (doc/reading.md): ncsf-info --kerchunk and the Python
# package's python3 -m ncsf.kerchunk write the same kerchunk JSON for
# t_matrix's cases (format 2 at np=3, format 1 at np=2; the quick tier:
# format 2 at np=2), and xarray's zarr
# engine through fsspec's reference filesystem, with ncsf not importable,
# reads every variable identical (raw and decoded, attributes and fill
# values) to ncsf-merge's output. References kept beside a moved dataset;
# uneven blocks (chunks of the gcd); an incomplete dataset refused, then
# accepted; 2,048 subfiles. Needs Debian's python3-zarr, python3-fsspec,
# python3-xarray, python3-netcdf4; SKIP without them.
. "$top_srcdir/test/common.sh"
need_python "netCDF4, zarr, fsspec, xarray" "t_zarr (no python3 with netCDF4, zarr, fsspec and xarray: Debian python3-zarr python3-fsspec)"
unset NCSF_HINTS NCSF_INCOMPLETE
CMP=$top_srcdir/test/zarr_compare.py
INFO=$B/tools/ncsf-info
# the Python package's writer (ncsf importable here only)
pyrefs() { PYTHONPATH="$top_srcdir/python" PYTHONDONTWRITEBYTECODE=1 "$PY" -m ncsf.kerchunk "$@"; }
# the reader: ncsf not on the path, run from the references' directory
zread() { (cd "$(dirname "$1")" && env -u PYTHONPATH PYTHONDONTWRITEBYTECODE=1 "$PY" "$CMP" read "$(basename "$1")" "$2" ${3:+"$3"} ${4:+"$4"}); }

# the failures a batch printed, at least 1 (an interpreter that died says none)
failures() { _k=$(grep -c '^FAILED' "$1"); [ "$_k" -gt 0 ] && echo "$_k" || echo 1; }

# the quick tier: format 2 at 2 processes only (CDF-1 and 3 processes are
# the full tier's)
for spec in $(quick_or "2:write:2" "3:write:2 2:write1:1"); do
  set -- $(echo "$spec" | tr : ' ')
  np=$1 fmt=$3
  d=$(newdir)
  run_np "$np" "$B/test/t_matrix" "$2" "$d" > /dev/null; report $? "t_zarr: t_matrix $2 np=$np (format $fmt)"
  mkdir "$d/merged" "$d/refs"
  n=0 bad_same=0 bad_read=0 nrefs=0
  : > "$d/pyrefs.lst"; : > "$d/same.lst"; : > "$d/read.lst"
  for f in "$d"/*.nc; do
    "$NCDUMP" -h "$f" 2> /dev/null | grep -q subfiling_dataset_id || continue
    b=$(basename "$f")
    "$B/tools/ncsf-merge" -q "$f" "$d/merged/$b" || { bad_read=$((bad_read + 1)); continue; }
    n=$((n + 1))
    "$INFO" --kerchunk "$d/refs/$b.json" "$f" > "$scratch/info.out" 2>&1 ||
      { echo "$b:" >&2; cat "$scratch/info.out" >&2; bad_same=$((bad_same + 1)); }
    nrefs=$((nrefs + $(sed -n 's/.*: \([0-9]*\) chunk references$/\1/p' "$scratch/info.out")))
    echo "$f $d/refs/$b.py.json" >> "$d/pyrefs.lst"
    echo "same $d/refs/$b.json $d/refs/$b.py.json" >> "$d/same.lst"
    echo "read $d/refs/$b.json $d/merged/$b" >> "$d/read.lst"
  done
  # each check in one interpreter for every dataset (an interpreter that
  # imports xarray takes a second to start)
  PYTHONPATH="$top_srcdir/python" PYTHONDONTWRITEBYTECODE=1 "$PY" -c "
import sys
from ncsf import kerchunk
bad = 0
for line in open(sys.argv[1]):
    base, out = line.split()
    try:
        kerchunk.write(base, out)
    except Exception as e:
        bad += 1
        print('FAILED: python -m ncsf.kerchunk %s: %r' % (base, e))
sys.exit(1 if bad else 0)" "$d/pyrefs.lst" > "$scratch/py.out" 2>&1 || { cat "$scratch/py.out" >&2; bad_same=$((bad_same + $(failures "$scratch/py.out"))); }
  "$PY" "$CMP" many "$d/same.lst" > "$scratch/same.out" 2>&1 ||
    { cat "$scratch/same.out" >&2; bad_same=$((bad_same + $(failures "$scratch/same.out"))); }
  env -u PYTHONPATH PYTHONDONTWRITEBYTECODE=1 "$PY" "$CMP" many "$d/read.lst" > "$scratch/read.out" 2>&1 ||
    { cat "$scratch/read.out" >&2; bad_read=$((bad_read + $(failures "$scratch/read.out"))); }
  [ "$(grep -c '^identical' "$scratch/read.out")" -eq "$n" ] || bad_read=$((bad_read + 1))
  [ $n -ge 20 ]; report $? "t_zarr: $n subfiled datasets of t_matrix (format $fmt)"
  report $bad_same "t_zarr: ncsf-info --kerchunk and python -m ncsf.kerchunk agree, $n datasets, $nrefs chunk references (format $fmt)"
  report $bad_read "t_zarr: xarray (zarr engine, references, no ncsf) reads what ncsf-merge wrote, $n datasets (format $fmt)"
done

# ---- moved with its references; uneven blocks; incomplete ------------------
d=$(newdir)
run_np 2 "$B/test/t_basic3d" "$d/x.nc" subfile 4 parts > /dev/null; report $? "t_zarr: dataset with subfiling_dir"
"$B/tools/ncsf-merge" -q "$d/x.nc" "$d/ref.nc"
mkdir "$d/refs" && "$INFO" --kerchunk "$d/refs/x.json" "$d/x.nc" > /dev/null
mkdir -p "$d/moved/a" && mv "$d/x.nc" "$d/parts" "$d/refs" "$d/moved/a/"
zread "$d/moved/a/refs/x.json" "$d/ref.nc" > "$scratch/read.out" 2>&1; _rc=$?; [ $_rc -eq 0 ] || cat "$scratch/read.out" >&2
report $_rc "t_zarr: references moved with the dataset still read it (paths relative to the reference file)"

"$PY" -c "
import sys, netCDF4, numpy as np
d = netCDF4.Dataset(sys.argv[1], 'w', format='NETCDF3_64BIT_OFFSET')
d.createDimension('t', None); d.createDimension('y', 10); d.createDimension('x', 6)
v = d.createVariable('u', 'f8', ('y', 'x'), fill_value=-1.5); v.units = 'm'
v[:] = np.arange(60.0).reshape(10, 6); v[3, 4] = -1.5
r = d.createVariable('r', 'i2', ('t', 'y', 'x')); r[0:3] = np.arange(180, dtype='i2').reshape(3, 10, 6)
d.close()" "$d/plain.nc" &&
  "$B/tools/ncsf-split" "$d/plain.nc" "$d/uneven.nc" --var u,r --nfiles 4 --dims y > /dev/null &&
  "$B/tools/ncsf-merge" -q "$d/uneven.nc" "$d/uneven_m.nc" &&
  "$INFO" --kerchunk "$d/uneven.json" "$d/uneven.nc" > "$scratch/info.out" && cat "$scratch/info.out" &&
  grep -q ": 40 chunk references" "$scratch/info.out" &&
  grep -q '"u/.zarray": "{\\"chunks\\": \[1, 6\]' "$d/uneven.json" &&
  zread "$d/uneven.json" "$d/uneven_m.nc" > "$scratch/read.out" 2>&1
_rc=$?; [ $_rc -eq 0 ] || cat "$scratch/read.out" >&2
report $_rc "t_zarr: blocks of 3,3,2,2 rows: chunks of 1 row (10 + 3 x 10 references), a fill value, identical"

"$PY" -c "
import sys
p = sys.argv[1]
b = open(p, 'rb').read(); at = b.find(b'complete'); assert at > 0
open(p, 'r+b').write(b[:at] + b'writing ' + b[at + 8:])" "$d/uneven.nc"
! "$INFO" --kerchunk "$d/inc.json" "$d/uneven.nc" > /dev/null 2> "$scratch/e.txt" && grep -q incomplete "$scratch/e.txt" &&
  [ ! -e "$d/inc.json" ] && NCSF_INCOMPLETE=accept "$INFO" --kerchunk "$d/inc.json" "$d/uneven.nc" > /dev/null &&
  ! pyrefs "$d/uneven.nc" "$d/inc.py.json" > /dev/null 2>&1
report $? "t_zarr: an incomplete dataset refused (both writers), accepted with NCSF_INCOMPLETE=accept"

# ---- whole variables over 64 subfiles, a record variable over them -------
# fsspec's ReferenceFileSystem.cat before 2023.3.0 (Debian bookworm's
# 2022.11) sorts a multi-chunk read's ranges by file name and hands them
# back in request order: read whole, these variables' chunk names (".10"
# before ".2", records across subfiles) do not sort in request order unless
# the references make them (kerchunk.c url_order). Read with the system's
# fsspec and with Debian trixie's 2025.3.2 unpacked by scripts/setup.sh.
new_fsspec=$top_srcdir/.deps/fsspec-trixie/usr/lib/python3/dist-packages
d=$(newdir)
"$PY" -c "
import sys, netCDF4, numpy as np
d = netCDF4.Dataset(sys.argv[1], 'w', format='NETCDF3_64BIT_OFFSET')
d.createDimension('t', None)
for n, l in (('z', 16), ('y', 16), ('x', 8)): d.createDimension(n, l)
v = d.createVariable('a', 'f8', ('z', 'y', 'x')); v[:] = np.arange(16 * 16 * 8.0).reshape(16, 16, 8) * 0.5
r = d.createVariable('r', 'i4', ('t', 'z', 'y', 'x')); r[0:5] = -np.arange(5 * 2048, dtype='i4').reshape(5, 16, 16, 8)
s = d.createVariable('s', 'i2', ('t', 'z')); s[0:3] = np.arange(48, dtype='i2').reshape(3, 16)
d.close()" "$d/plain.nc" &&
  "$B/tools/ncsf-split" "$d/plain.nc" "$d/s64.nc" --var a,r --nfiles 64 --dims z,y > /dev/null &&
  "$B/tools/ncsf-split" "$d/plain.nc" "$d/s12.nc" --var a,r,s --nfiles 12 --dims z > /dev/null &&
  "$B/tools/ncsf-merge" -q "$d/s64.nc" "$d/m64.nc" && "$B/tools/ncsf-merge" -q "$d/s12.nc" "$d/m12.nc" &&
  "$INFO" --kerchunk "$d/s64.json" "$d/s64.nc" > /dev/null && "$INFO" --kerchunk "$d/s12.json" "$d/s12.nc" > /dev/null &&
  pyrefs "$d/s64.nc" "$d/s64.py.json" > /dev/null && "$PY" "$CMP" same "$d/s64.json" "$d/s64.py.json" > /dev/null &&
  pyrefs "$d/s12.nc" "$d/s12.py.json" > /dev/null && "$PY" "$CMP" same "$d/s12.json" "$d/s12.py.json" > /dev/null
report $? "t_zarr: 64 and 12 subfiles, a 16x16x8 double, 5 records over them: references written (both writers agree)"
for c in s64 s12; do
  zread "$d/$c.json" "$d/m${c#s}.nc" > "$scratch/read.out" 2>&1; _rc=$?; cat "$scratch/read.out" | tail -n 1
  [ $_rc -eq 0 ] || cat "$scratch/read.out" >&2
  report $_rc "t_zarr: $c: whole variables and records over the subfiles identical through xarray, system fsspec"
  if [ -f "$new_fsspec/fsspec/__init__.py" ]; then
    (cd "$d" && PYTHONPATH=$new_fsspec PYTHONDONTWRITEBYTECODE=1 "$PY" "$CMP" read "$c.json" "m${c#s}.nc") > "$scratch/read.out" 2>&1
    _rc=$?; tail -n 1 "$scratch/read.out"; [ $_rc -eq 0 ] || cat "$scratch/read.out" >&2
    grep -q "fsspec-trixie" "$scratch/read.out" || _rc=1
    report $_rc "t_zarr: $c: the same through Debian trixie's fsspec (.deps/fsspec-trixie)"
  else
    echo "SKIP: t_zarr: $c through trixie's fsspec (not in .deps/fsspec-trixie: scripts/setup.sh unpacks it)"
  fi
done

# ---- 2,048 subfiles: one slice through the references ----------------------
# (256 in the sanitizer build: each subfile's open costs it 50 ms)
d=$(newdir) nbig=2048
sanitized && nbig=256
"$PY" -c "
import sys, netCDF4, numpy as np
d = netCDF4.Dataset(sys.argv[1], 'w', format='NETCDF3_64BIT_OFFSET')
for n, l in (('z', 64), ('y', 64), ('x', 32)): d.createDimension(n, l)
v = d.createVariable('temp', 'f4', ('z', 'y', 'x')); v.units = 'K'
v[:] = np.arange(64 * 64 * 32, dtype='f4').reshape(64, 64, 32); d.close()" "$d/plain.nc" &&
  (ulimit -n 256 && "$B/tools/ncsf-split" "$d/plain.nc" "$d/big.nc" --var temp --nfiles $nbig --dims z,y) &&
  "$B/tools/ncsf-merge" -q "$d/big.nc" "$d/merged.nc" &&
  "$INFO" --kerchunk "$d/big.json" "$d/big.nc" > "$scratch/info.out" && cat "$scratch/info.out" &&
  grep -q ": $nbig chunk references" "$scratch/info.out" &&
  zread "$d/big.json" "$d/merged.nc" temp 5 > "$scratch/read.out" 2>&1
_rc=$?; [ $_rc -eq 0 ] || cat "$scratch/read.out" >&2
report $_rc "t_zarr: $nbig subfiles, $nbig references, the slice z=5 identical through xarray"
finish
