#!/bin/sh
# Quiet by default (doc/user-guide.md "Messages"): a library call that
# succeeds, or returns an error code the caller reads, prints nothing on
# stderr; NCSF_VERBOSE=1 (or PnetCDF's PNETCDF_VERBOSE_DEBUG_MODE=1) prints
# the messages that explain an error or a setting that does nothing.
# test/nc_onepreload.c under LD_PRELOAD=libncsf-preload.so: a dataset
# written with file-wide hints that subfile none of its variables (the note
# says so only when asked, once), and a probe of a missing file with
# nc_open and ncmpi_open (NC_ENOENT to the program; "cannot open" only
# when asked); ncdump through the preload's netCDF-C read path reading a
# subfiled dataset (nothing), and one with a subfile missing (ncdump's own
# error; the plugin's reason only when asked). Plain runs print nothing
# either. 1, 2 and 4 processes.
. "$top_srcdir/test/common.sh"
PRE=$B/.libs/libncsf-preload.so
APP=$B/test/nc_onepreload
if grep -q -- "--enable-sanitizers" "$B/config.log" 2> /dev/null; then
  echo "SKIP: t_quiet (the sanitizer build: uninstrumented programs cannot take an instrumented preload)"; exit 0
fi
if [ ! -f "$B/.libs/libncsf-netcdf-hook.so" ]; then
  echo "SKIP: t_quiet (no netCDF-C read path: configure found no netcdf_dispatch.h)"; exit 0
fi
unset NCSF_HINTS NCSF_INCOMPLETE
# hints that subfile nothing here (every variable under the default 1 MiB)
NOOP="subfiling=enable;subfiling_nfiles=2"
ALL="subfiling=enable;subfiling_nfiles=2;subfiling_min_size=0"

for np in $(nps t_quiet); do
  d=$(newdir)
  run_np "$np" "$APP" pnetcdf "$d/plain.nc" > "$d/out" 2> "$d/err" && grep -qx OK "$d/out" && [ ! -s "$d/err" ] &&
    run_np "$np" "$APP" probe "$d/missing.nc" > "$d/out" 2> "$d/err" && grep -qx OK "$d/out" && [ ! -s "$d/err" ]
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/err" >&2
  report $_rc "t_quiet: plain PnetCDF and netCDF-C: a write, a read, a missing file probed: stderr empty np=$np"

  NCSF_HINTS=$NOOP run_np "$np" LD_PRELOAD="$(with_yield "$PRE")" "$APP" pnetcdf "$d/noop.nc" > "$d/out" 2> "$d/err" &&
    grep -qx OK "$d/out" && [ ! -s "$d/err" ] && ! ls "$d"/noop.nc.* > /dev/null 2>&1
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/err" >&2
  report $_rc "t_quiet: file-wide hints that subfile nothing: stderr empty np=$np"

  NCSF_VERBOSE=1 NCSF_HINTS=$NOOP run_np "$np" LD_PRELOAD="$(with_yield "$PRE")" "$APP" pnetcdf "$d/noop.nc" > "$d/out" 2> "$d/err" &&
    grep -qx OK "$d/out" && [ "$(grep -c "none of its 5 variables is subfiled" "$d/err")" -eq 1 ] &&
    [ "$(wc -l < "$d/err")" -eq 1 ]
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/err" >&2
  report $_rc "t_quiet: NCSF_VERBOSE=1: the note that the hints subfile nothing, once np=$np"

  NCSF_HINTS=$ALL run_np "$np" LD_PRELOAD="$(with_yield "$PRE")" "$APP" probe "$d/missing.nc" > "$d/out" 2> "$d/err" &&
    grep -qx OK "$d/out" && [ ! -s "$d/err" ]
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/err" >&2
  report $_rc "t_quiet: a missing file probed through the preload: the error code, stderr empty np=$np"

  for v in NCSF_VERBOSE=1 PNETCDF_VERBOSE_DEBUG_MODE=1; do
    (export "$v"; NCSF_HINTS=$ALL run_np "$np" LD_PRELOAD="$(with_yield "$PRE")" "$APP" probe "$d/missing.nc") > "$d/out" 2> "$d/err" &&
      grep -qx OK "$d/out" && grep -q "^ncsf: cannot open .*missing.nc" "$d/err"
    _rc=$?; [ $_rc -eq 0 ] || cat "$d/err" >&2
    report $_rc "t_quiet: $v: the missing file's message np=$np"
  done

  NCSF_HINTS=$ALL run_np "$np" LD_PRELOAD="$(with_yield "$PRE")" "$APP" pnetcdf "$d/sf.nc" > "$d/out" 2> "$d/err" &&
    grep -qx OK "$d/out" && [ ! -s "$d/err" ] && ls "$d"/sf.nc.rec.* > /dev/null 2>&1
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/err" >&2
  report $_rc "t_quiet: a subfiled dataset written and read back through the preload: stderr empty np=$np"
done

# netCDF-C's ncdump through the preload's read path
LD_PRELOAD=$PRE "$NCDUMP" "$d/sf.nc" > "$d/dump" 2> "$d/err" && [ ! -s "$d/err" ] &&
  grep -q "rec = UNLIMITED ; // (3 currently)" "$d/dump" && ! grep -q subfiling_ "$d/dump"
_rc=$?; [ $_rc -eq 0 ] || cat "$d/err" >&2
report $_rc "t_quiet: ncdump through libncsf-preload.so reads the subfiled dataset: stderr empty"

mv "$d/sf.nc.rec.1" "$d/away"
LD_PRELOAD=$PRE "$NCDUMP" "$d/sf.nc" > "$d/dump" 2> "$d/err"
[ $? -ne 0 ] && ! grep -q "ncsf" "$d/err" && [ -s "$d/err" ]
_rc=$?; [ $_rc -eq 0 ] || cat "$d/err" >&2
report $_rc "t_quiet: a subfile missing: ncdump fails with netCDF-C's error, nothing from ncsf"
NCSF_VERBOSE=1 LD_PRELOAD=$PRE "$NCDUMP" "$d/sf.nc" > "$d/dump" 2> "$d/err"
[ $? -ne 0 ] && grep -q "^ncsf-netcdf: subfile .*sf.nc.rec.1 of variable rec is missing" "$d/err"
_rc=$?; [ $_rc -eq 0 ] || cat "$d/err" >&2
report $_rc "t_quiet: NCSF_VERBOSE=1: the plugin names the missing subfile"
finish
