#!/bin/sh
# Collective puts of record variables in which some processes have a zero
# count: PnetCDF 1.14.1 and 1.15.0 hang on them (a process with nothing
# skips the reduction of the record count; fixed after 1.15.0), so ncsf
# must never make such a call itself. test/t_zerocount (pnetcdf.h and
# -lpnetcdf only) makes them on a variable, sub, that the preload
# subfiles: ncsf's engine serves them, and what ncsf asks of PnetCDF (the
# placeholder's records at sync, wait_all and close, fill_var_rec, the
# record count) must finish at every process count, with every value read
# back, 11 records in the base file's header, the placeholder all fill
# values (ncdump). Each run has 60 s (the test takes seconds).
# Run plain first, at 2 processes and 20 s, it says whether this PnetCDF
# has the bug (SKIP when it hangs: its own bug, that a program hits
# without ncsf too).
. "$top_srcdir/test/common.sh"
APP=$B/test/t_zerocount
PRE=$B/.libs/libncsf-preload.so
unset NCSF_HINTS PNETCDF_HINTS
pnc=$(sed -n 's/^PNETCDF_PREFIX = //p' "$B/Makefile")
ver=$("$pnc/bin/pnetcdf-config" --version 2> /dev/null | awk '{print $NF}')
ver=${ver:-of unknown version}
HINTS="subfiling=enable;subfiling_nfiles=2;subfiling_min_size=0;subfiling_vars=sub"
TEST_TIMEOUT=${NCSF_TEST_TIMEOUT:-20}

d=$(newdir)
run_np 2 "$APP" "$d/plain.nc" > "$d/plain.txt" 2>&1
_rc=$?
if [ $_rc -eq 124 ]; then
  echo "SKIP: t_zerocount plain run: PnetCDF $ver hangs on a collective put of a record variable with a zero count on some process (its own bug: plain PnetCDF programs hit it too)"
else
  [ $_rc -eq 0 ] || cat "$d/plain.txt" >&2
  report $_rc "t_zerocount plain run: PnetCDF $ver, every value read back np=2"
fi

TEST_TIMEOUT=${NCSF_TEST_TIMEOUT:-60}
for np in $(nps t_zerocount); do
  d=$(newdir)
  run_np "$np" "NCSF_HINTS=$HINTS" "LD_PRELOAD=$(with_yield "$PRE")" "$APP" "$d/z.nc" > "$d/out.txt" 2>&1
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/out.txt" >&2
  report $_rc "t_zerocount: sub subfiled, zero counts on some processes, PnetCDF $ver: no hang, every value read back np=$np"
  ls "$d"/z.nc.sub.* > /dev/null 2>&1 && ncdump_all "$d"/z.nc* &&
    "$NCDUMP" -h "$d/z.nc" | grep -q 'time = UNLIMITED ; // (11 currently)' &&
    "$NCDUMP" -v sub "$d/z.nc" | sed -n '/^data:/,$p' | tr -d ' \n' | grep -qE '^data:sub=_(,_){10};}$'
  report $? "t_zerocount: the base file counts 11 records, its placeholder all fill values, every file valid np=$np"
done
finish
