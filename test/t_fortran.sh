#!/bin/sh
# An unmodified Fortran 90 PnetCDF program (test/fortran_app.f90, module
# pnetcdf, compiled here with mpif90 against PnetCDF alone) gains subfiling
# from LD_PRELOAD=libncsf-preload.so and NCSF_HINTS at 1, 2 and 4
# processes: it reads back every value itself; its two large variables have
# their subfiles, ncsf-info finds the dataset sound, nc_verify (netCDF-C)
# checks every value in the base file and the subfiles. SKIP when PnetCDF
# was built without Fortran, and in the sanitizer build (an uninstrumented
# program cannot take an instrumented preload).
. "$top_srcdir/test/common.sh"
pnc=$(sed -n 's/^PNETCDF_PREFIX = //p' "$B/Makefile")
if grep -q -- "--enable-sanitizers" "$B/config.log" 2> /dev/null; then
  echo "SKIP: t_fortran (the sanitizer build)"; exit 0
fi
if [ ! -x "$pnc/bin/pnetcdf-config" ]; then
  echo "SKIP: t_fortran (no pnetcdf-config in $pnc/bin to say whether this PnetCDF has Fortran interfaces, as with Debian's libpnetcdf-dev; scripts/setup.sh's PnetCDF has both)"; exit 0
fi
if [ "$("$pnc/bin/pnetcdf-config" --has-fortran 2> /dev/null)" != "yes" ]; then
  echo "SKIP: t_fortran (PnetCDF in $pnc was built without Fortran interfaces, as scripts/pnetcdf-version.sh builds 1.14.1 and 1.15.0; scripts/setup.sh's 1.12.3 has them)"; exit 0
fi
FC=${MPIF90:-mpif90}
PRE=$B/.libs/libncsf-preload.so
unset NCSF_HINTS PNETCDF_HINTS
app=$scratch/fortran_app
"$FC" -O1 -I"$pnc/include" "$top_srcdir/test/fortran_app.f90" -o "$app" \
  -L"$pnc/lib" -Wl,-rpath,"$pnc/lib" -lpnetcdf > "$scratch/fc.log" 2>&1 &&
  ! readelf -d "$app" | grep -q libncsf
_rc=$?; [ $_rc -eq 0 ] || cat "$scratch/fc.log" >&2
report $_rc "t_fortran: fortran_app built with $FC against PnetCDF only"
[ $_rc -eq 0 ] || finish

for np in $(nps t_fortran); do
  d=$(newdir)
  run_np "$np" "$app" "$d/plain.nc" > "$d/out.txt" 2>&1 && grep -q ": ok" "$d/out.txt" &&
    ! ls "$d"/plain.nc.* > /dev/null 2>&1
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/out.txt" >&2
  report $_rc "t_fortran: plain run, every value read back, no subfiles np=$np"

  NCSF_HINTS="subfiling=enable;subfiling_nfiles=3;subfiling_min_size=100" \
    run_np "$np" LD_PRELOAD="$(with_yield "$PRE")" "$app" "$d/sf.nc" > "$d/out.txt" 2>&1 && grep -q ": ok" "$d/out.txt"
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/out.txt" >&2
  report $_rc "t_fortran: under the preload with NCSF_HINTS, every value read back np=$np"

  expect_files "$d" "sf.nc.*" sf.nc.pres.0 sf.nc.pres.1 sf.nc.pres.2 sf.nc.temp.0 sf.nc.temp.1 sf.nc.temp.2 &&
    "$B/tools/ncsf-info" "$d/sf.nc" > "$d/info.txt" 2>&1 &&
    "$B/test/nc_verify" "$d/sf.nc" "$d"/sf.nc.* && ncdump_all "$d/sf.nc" "$d"/sf.nc.*
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/info.txt" >&2
  report $_rc "t_fortran: temp and pres subfiled (nlev below subfiling_min_size), ncsf-info, nc_verify, ncdump np=$np"
done
finish
