#!/bin/sh
# Subfiling for programs that were not written for it.
#  - test/preload_app (pnetcdf.h, -lpnetcdf only) run plain, then under
#    LD_PRELOAD=libncsf-preload.so: with no hints the file is byte for byte
#    the plain one; with NCSF_HINTS its large variables are subfiled, every
#    value reads back, ncsf-info finds the dataset sound, nc_verify and
#    ncdump read the files, and the merged dataset's data equal the plain.
#  - the same program with PnetCDF linked statically: the preload says it
#    cannot reach it (and the program still runs, unsubfiled).
#  - test/t_bypass, whose I/O file includes pnetcdf.h only, linked with
#    -lncsf: its ncmpi_* calls reach ncsf (the data are in the subfiles).
. "$top_srcdir/test/common.sh"
APP=$B/test/preload_app
PRE=$B/.libs/libncsf-preload.so
T=$B/tools
unset NCSF_HINTS PNETCDF_HINTS
# a sanitizer build's preload comes before libasan in the load order
[ -n "${ASAN_OPTIONS:-}" ] && ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0" && export ASAN_OPTIONS

! readelf -d "$APP" | grep -q "libncsf"
report $? "preload_app is linked with PnetCDF only"

# the data section of an ncdump listing (the header names the file)
data_of() { "$NCDUMP" "$1" | sed -n '/^data:/,$p'; }

for np in $(nps t_preload); do
  d=$(newdir)
  run_np "$np" "$APP" "$d/plain.nc" > "$d/out.txt" 2>&1 && ! ls "$d"/plain.nc.* > /dev/null 2>&1
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/out.txt" >&2
  report $_rc "preload_app plain: values read back, no subfiles np=$np"

  run_np "$np" LD_PRELOAD="$(with_yield "$PRE")" "$APP" "$d/nohints.nc" > "$d/out.txt" 2>&1 &&
    ! ls "$d"/nohints.nc.* > /dev/null 2>&1 && cmp "$d/plain.nc" "$d/nohints.nc"
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/out.txt" >&2
  report $_rc "preload without hints: the file is byte for byte the plain one np=$np"

  NCSF_HINTS="subfiling=enable;subfiling_nfiles=3;subfiling_min_size=100" \
    run_np "$np" LD_PRELOAD="$(with_yield "$PRE")" "$APP" "$d/sf.nc" > "$d/out.txt" 2>&1
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/out.txt" >&2
  report $_rc "preload with NCSF_HINTS: every value read back np=$np"

  expect_files "$d" "sf.nc.*" sf.nc.pres.0 sf.nc.pres.1 sf.nc.pres.2 sf.nc.temp.0 sf.nc.temp.1 sf.nc.temp.2 &&
    "$T/ncsf-info" "$d/sf.nc" > "$d/info.txt" 2>&1 &&
    grep -q "temp" "$d/info.txt" && "$B/test/nc_verify" "$d/sf.nc" "$d"/sf.nc.* && ncdump_all "$d/sf.nc" "$d"/sf.nc.*
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/info.txt" >&2
  report $_rc "preload: temp and pres subfiled (lev, flux below subfiling_min_size), ncsf-info, nc_verify, ncdump np=$np"

  "$T/ncsf-merge" "$d/sf.nc" "$d/merged.nc" && data_of "$d/plain.nc" > "$d/plain.txt" &&
    data_of "$d/merged.nc" > "$d/merged.txt" && cmp "$d/plain.txt" "$d/merged.txt"
  report $? "preload: the merged dataset's data equal the plain run's np=$np"

  run_np "$np" "$B/test/t_bypass" "$d/by.nc" > "$d/out.txt" 2>&1 &&
    [ "$(cd "$d" && ls by.nc.field.* | wc -l)" -eq 2 ] && "$B/test/nc_verify" "$d"/by.nc.field.*
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/out.txt" >&2
  report $_rc "a file with pnetcdf.h in a program linked with -lncsf: calls reach ncsf, data in the subfiles np=$np"
done

if [ -x "$B/test/preload_app_static" ]; then
  d=$(newdir)
  NCSF_HINTS="subfiling=enable;subfiling_nfiles=2" \
    run_np 2 LD_PRELOAD="$(with_yield "$PRE")" "$B/test/preload_app_static" "$d/st.nc" > "$d/out.txt" 2> "$d/err.txt" &&
    [ "$(grep -c 'cannot reach ncsf' "$d/err.txt")" -eq 1 ] && ! ls "$d"/st.nc.* > /dev/null 2>&1
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/out.txt" "$d/err.txt" >&2
  report $_rc "preload over a program with PnetCDF linked statically: said once, program unharmed np=2"
fi
finish
