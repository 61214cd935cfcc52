#!/bin/sh
# One switch (doc/transparency.md): LD_PRELOAD=libncsf-preload.so alone
# lets an unmodified program write a subfiled dataset through PnetCDF and
# read it back in place through netCDF-C's nc_open in the same process.
# test/nc_onepreload.c (linked with -lpnetcdf -lnetcdf, nothing of ncsf)
# writes fixed, record, scalar, 1-D and 64-bit variables with ncmpi_* and
# checks what nc_open shows: the dimension, variable and attribute counts
# of the plain file (no subfiling_* attribute), each shape, every value.
# Plain and preloaded, at 1, 2 and 4 processes, with empty stderr; the
# preloaded dataset is subfiled, and ncsf-merge's output dumps as the plain
# file. The preload is not linked with libnetcdf and a PnetCDF-only program
# under it loads none; with libncsf-netcdf.so preloaded too it still reads;
# netCDF4-python (which loads libnetcdf itself) reads in place too.
# nc_delete through the preload removes a subfiled dataset's subfiles.
. "$top_srcdir/test/common.sh"
PRE=$B/.libs/libncsf-preload.so
HOOK=$B/.libs/libncsf-netcdf-hook.so
PL=$B/.libs/libncsf-netcdf.so
APP=$B/test/nc_onepreload
T=$B/tools
if [ ! -f "$HOOK" ]; then
  echo "SKIP: t_onepreload (libncsf-netcdf-hook.so not built: configure found no netcdf_dispatch.h)"; exit 0
fi
if grep -q -- "--enable-sanitizers" "$B/config.log" 2> /dev/null; then
  echo "SKIP: t_onepreload (the sanitizer build: uninstrumented programs cannot take an instrumented preload)"; exit 0
fi
unset NCSF_HINTS NCSF_INCOMPLETE
HINTS="subfiling=enable;subfiling_nfiles=2;subfiling_min_size=0"

! readelf -d "$PRE" | grep -q "libnetcdf" && ! readelf -d "$HOOK" | grep -q "libnetcdf" &&
  ! readelf -d "$APP" | grep -q "ncsf"
report $? "t_onepreload: neither libncsf-preload.so nor libncsf-netcdf-hook.so needs libnetcdf; nc_onepreload has nothing of ncsf"

# the dump without its first line (which names the file)
body() { "$NCDUMP" "$1" | sed 1d; }

for np in $(nps t_onepreload); do
  d=$(newdir)
  run_np "$np" "$APP" pnetcdf "$d/plain.nc" > "$d/out" 2> "$d/err" &&
    grep -qx OK "$d/out" && [ ! -s "$d/err" ] && ! ls "$d"/plain.nc.* > /dev/null 2>&1
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/out" "$d/err" >&2
  report $_rc "t_onepreload: plain: nc_open reads every value back, stderr empty np=$np"

  NCSF_HINTS=$HINTS run_np "$np" LD_PRELOAD="$(with_yield "$PRE")" "$APP" pnetcdf "$d/sf.nc" > "$d/out" 2> "$d/err" &&
    grep -qx OK "$d/out" && [ ! -s "$d/err" ]
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/out" "$d/err" >&2
  report $_rc "t_onepreload: libncsf-preload.so alone: nc_open reads the subfiled dataset in place (counts, values), stderr empty np=$np"

  "$NCDUMP" -h "$d/sf.nc" | grep -q subfiling_dataset_id && ls "$d"/sf.nc.fix.* > /dev/null 2>&1 &&
    "$T/ncsf-merge" -q "$d/sf.nc" "$d/merged.nc" && body "$d/merged.nc" > "$d/m.cdl" && body "$d/plain.nc" > "$d/p.cdl" &&
    cmp -s "$d/m.cdl" "$d/p.cdl"
  _rc=$?; [ $_rc -eq 0 ] || { ls "$d" >&2; diff "$d/p.cdl" "$d/m.cdl" | head >&2; }
  report $_rc "t_onepreload: the dataset is subfiled; merged, ncdump prints the plain file np=$np"

  NCSF_HINTS=$HINTS run_np "$np" LD_PRELOAD="$(with_yield "$PRE $PL")" "$APP" pnetcdf "$d/both.nc" > "$d/out" 2> "$d/err" &&
    grep -qx OK "$d/out" && [ ! -s "$d/err" ]
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/out" "$d/err" >&2
  report $_rc "t_onepreload: both libraries preloaded: the same np=$np"
done

last=$d
# nc_delete through the preload removes the subfiles with the base file
# (netCDF-C's own unlinks the base file only)
d=$(newdir)
NCSF_HINTS=$HINTS run_np 2 LD_PRELOAD="$(with_yield "$PRE")" "$APP" pnetcdf "$d/del.nc" delete > "$scratch/del.out" 2> "$scratch/del.err" &&
  grep -qx OK "$scratch/del.out" && [ ! -s "$scratch/del.err" ] && [ -z "$(ls "$d")" ] ||
  { cat "$scratch/del.err" >&2; ls "$d" >&2; false; }
report $? "t_onepreload: nc_delete of the subfiled dataset through the preload removes it and its subfiles np=2"

# without the preload, netCDF-C sees the base file as it is on disk (what
# the preload changes): the subfiling_* global attributes
d=$(newdir)
[ "$("$NCDUMP" -h "$last/sf.nc" | grep -c ":subfiling_")" -ge 3 ]
report $? "t_onepreload: the base file on disk has the subfiling_* global attributes nc_open hides"

# a classic file's nc_open through the preload: its header read once
# before netCDF-C opens it (route.c), not opened and closed by netCDF-C
# first: one open of the file more than netCDF-C alone (strace counts
# them), in each classic format; the subfiled base file is still told
# from a plain one (ncdump -h through the preload hides its subfiling_*
# attributes)
if command -v strace > /dev/null 2>&1 && command -v "${NCGEN:=ncgen}" > /dev/null 2>&1; then
  for k in classic 64-bit-offset cdf5; do
    d=$(newdir)
    printf 'netcdf p { dimensions: x = 4 ; variables: int v(x) ; v:units = "m" ; :title = "t" ; data: v = 1, 2, 3, 4 ; }\n' > "$d/p.cdl"
    "$NCGEN" -k $k -o "$d/p.nc" "$d/p.cdl" &&
      strace -f -e trace=open,openat -o "$d/plain.st" "$NCDUMP" -h "$d/p.nc" > "$d/plain.cdl" &&
      LD_PRELOAD="$PRE" strace -f -e trace=open,openat -o "$d/pre.st" "$NCDUMP" -h "$d/p.nc" > "$d/pre.cdl" 2> "$d/err" &&
      cmp -s "$d/plain.cdl" "$d/pre.cdl" && [ ! -s "$d/err" ] &&
      a=$(grep -c "\"$d/p.nc\"" "$d/plain.st") && b=$(grep -c "\"$d/p.nc\"" "$d/pre.st") &&
      [ "$a" -ge 1 ] && [ "$b" -le $((a + 1)) ]
    _rc=$?; [ $_rc -eq 0 ] && echo "  $k: netCDF-C alone opens the file $a times, through the preload $b" || cat "$d/err" >&2
    report $_rc "t_onepreload: nc_open of a plain $k file through the preload opens it at most once more than netCDF-C alone"
  done
  LD_PRELOAD="$PRE" "$NCDUMP" -h "$last/sf.nc" > "$scratch/sf.cdl" 2> "$scratch/sf.err" &&
    ! grep -q ":subfiling_" "$scratch/sf.cdl" && [ ! -s "$scratch/sf.err" ]
  report $? "t_onepreload: ncdump -h through the preload: the subfiled base file without its subfiling_* attributes"
else
  echo "SKIP: t_onepreload's count of opens (no strace or no ncgen)"
fi

# a PnetCDF-only program under the preload loads no netCDF-C
LD_DEBUG=files LD_PRELOAD="$PRE" NCSF_HINTS=$HINTS "$B/test/preload_app" "$d/pn.nc" > "$d/out" 2> "$d/ld" &&
  grep -q "libncsf-preload.so" "$d/ld" && ! grep -q "libnetcdf" "$d/ld" && ! grep -q "libncsf-netcdf" "$d/ld"
_rc=$?; [ $_rc -eq 0 ] || grep -E "netcdf|ncsf" "$d/ld" | head >&2
report $_rc "t_onepreload: a PnetCDF-only program under the preload loads neither libnetcdf nor the plugin"

# netCDF4-python loads libnetcdf with its module (RTLD_LOCAL): the preload
# finds it there
if find_python "netCDF4, numpy"; then
  prog='import sys, netCDF4
d = netCDF4.Dataset(sys.argv[1])
print(len(d.ncattrs()), sorted(d.variables), d["rec"].shape, int(d["rec"][:].sum()), float(d["fix"][:].sum()), int(d["big"][:].sum()))'
  "$PY" -c "$prog" "$last/plain.nc" > "$d/py.plain" 2>&1 &&
    LD_PRELOAD="$PRE" "$PY" -c "$prog" "$last/sf.nc" > "$d/py.sf" 2> "$d/py.err" &&
    [ ! -s "$d/py.err" ] && cmp -s "$d/py.plain" "$d/py.sf"
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/py.plain" "$d/py.sf" "$d/py.err" >&2
  report $_rc "t_onepreload: netCDF4-python under libncsf-preload.so reads the subfiled dataset as the plain one"
else
  echo "SKIP: netCDF4-python (not installed)"
fi
finish
