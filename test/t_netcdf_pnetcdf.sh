#!/bin/sh
# netCDF-C's PnetCDF path through the one preload (doc/transparency.md).
# Opt-in and full tier: SKIPs unless scripts/netcdf-pnetcdf.sh built
# netCDF-C with --enable-pnetcdf (into .deps/netcdf-pnetcdf, or
# NCSF_NETCDF_PNETCDF; its built tree in .deps/src/netcdf-c-*-pnetcdf).
#
# 1. test/nc_onepreload.c built against that netCDF-C writes through
#    nc_create_par(NC_PNETCDF) (netCDF-C forwards to PnetCDF's ncmpi_*)
#    under LD_PRELOAD=libncsf-preload.so alone, at 1, 2 and 4 processes:
#    the dataset is subfiled, and nc_open (the plugin) and nc_open_par
#    (netCDF-C's PnetCDF dispatch, reaching ncsf's ncmpi_open) read every
#    value back with the plain counts; merged, it dumps as the plain run's.
# 2. netCDF-C's own PnetCDF tests, the programs of nc_test's
#    run_pnetcdf_tests.sh at its process counts, plain and through the
#    preload with every variable subfiled: each passes both ways
#    (tst_addvar opens tst_pnetcdf's subfiled dataset with nc_open and
#    NC_WRITE, adds two variables in redef and writes one: the preload
#    hands that open to netCDF-C's PnetCDF dispatch, so ncsf writes it);
#    every file both runs leave, merged, dumps as the plain run's
#    (tst_pnetcdf.nc as tst_addvar left it; t_nc.nc: its header and the
#    variables it writes whole; the elements it never writes are
#    undefined in no-fill mode).
. "$top_srcdir/test/common.sh"
P=${NCSF_NETCDF_PNETCDF:-$top_srcdir/.deps/netcdf-pnetcdf}
PN=${PNETCDF_PREFIX:-$top_srcdir/.deps/pnetcdf}
PRE=$B/.libs/libncsf-preload.so
if [ ! -x "$P/bin/nc-config" ] || [ "$("$P/bin/nc-config" --has-pnetcdf 2> /dev/null)" != yes ]; then
  echo "SKIP: t_netcdf_pnetcdf (no netCDF-C with PnetCDF in $P: bash scripts/netcdf-pnetcdf.sh builds it)"; exit 0
fi
NT=$(ls -d "$top_srcdir"/.deps/src/netcdf-c-*-pnetcdf/nc_test 2> /dev/null | head -1)
if [ -z "$NT" ] || [ ! -x "$NT/tst_pnetcdf" ]; then
  echo "SKIP: t_netcdf_pnetcdf (netCDF-C's nc_test programs are not built: bash scripts/netcdf-pnetcdf.sh)"; exit 0
fi
if [ ! -f "$B/.libs/libncsf-netcdf-hook.so" ] || grep -q -- "--enable-sanitizers" "$B/config.log" 2> /dev/null; then
  echo "SKIP: t_netcdf_pnetcdf (no netCDF-C read path in the preload, or the sanitizer build)"; exit 0
fi
[ -f "$PN/include/pnetcdf.h" ] || PN=$(dirname "$(dirname "$(ldd "$PRE" | awk '/libpnetcdf/ {print $3}')")")
unset NCSF_HINTS NCSF_INCOMPLETE PNETCDF_HINTS
HINTS="subfiling=enable;subfiling_nfiles=2;subfiling_min_size=0"
T=$B/tools

# body FILE: its dump without the first line (which names the file); with
# NCDUMP_VARS set, only those variables' data
body() { "$NCDUMP" ${NCDUMP_VARS:+-v "$NCDUMP_VARS"} "$1" | sed 1d; }
# same_dump PLAIN SUBFILED: merged (when subfiled), the same dump
same_dump() {
  if "$NCDUMP" -h "$2" 2> /dev/null | grep -q subfiling_dataset_id; then
    rm -f "$scratch/m.nc"
    "$T/ncsf-merge" -q "$2" "$scratch/m.nc" || return 1
    body "$scratch/m.nc" > "$scratch/b.cdl"
  else
    body "$2" > "$scratch/b.cdl"
  fi
  body "$1" > "$scratch/a.cdl" && cmp -s "$scratch/a.cdl" "$scratch/b.cdl"
}

APP=$scratch/nc_onepreload
mpicc -O1 -Wall -Wextra -I"$P/include" -I"$PN/include" "$top_srcdir/test/nc_onepreload.c" \
  -L"$P/lib" -Wl,-rpath,"$P/lib" -L"$PN/lib" -Wl,-rpath,"$PN/lib" -lnetcdf -lpnetcdf -o "$APP" > "$scratch/cc.log" 2>&1 &&
  [ ! -s "$scratch/cc.log" ]
_rc=$?; [ $_rc -ne 0 ] && cat "$scratch/cc.log" >&2
report $_rc "t_netcdf_pnetcdf: nc_onepreload built against netCDF-C $("$P/bin/nc-config" --version | cut -d' ' -f2) with PnetCDF"

for np in $(nps t_netcdf_pnetcdf); do
  d=$(newdir)
  run_np "$np" "$APP" ncpar "$d/plain.nc" > "$d/out" 2> "$d/err" && grep -qx OK "$d/out" && [ ! -s "$d/err" ] &&
    ! ls "$d"/plain.nc.* > /dev/null 2>&1
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/err" >&2
  report $_rc "t_netcdf_pnetcdf: nc_create_par(NC_PNETCDF) plain: nc_open and nc_open_par read every value np=$np"
  NCSF_HINTS=$HINTS run_np "$np" LD_PRELOAD="$(with_yield "$PRE")" "$APP" ncpar "$d/sf.nc" > "$d/out" 2> "$d/err" &&
    grep -qx OK "$d/out" && [ ! -s "$d/err" ] && ls "$d"/sf.nc.rec.1 "$d"/sf.nc.fix.1 > /dev/null 2>&1 &&
    same_dump "$d/plain.nc" "$d/sf.nc"
  _rc=$?; [ $_rc -eq 0 ] || cat "$d/err" >&2
  report $_rc "t_netcdf_pnetcdf: nc_create_par(NC_PNETCDF) under the preload: subfiled, nc_open and nc_open_par read every value, merged it dumps as plain np=$np"
done

# netCDF-C's own PnetCDF tests (run_pnetcdf_tests.sh's list and counts)
TESTS_NC="1:tst_pnetcdf 1:tst_addvar:tst_pnetcdf.nc 2:tst_parallel2 1:t_nc 1:tst_atts3 1:tst_nofill 1:nc_test
1:tst_default_format_pnetcdf 1:tst_small 1:tst_formatx_pnetcdf 1:tst_cdf5format"
pd=$(newdir) sd=$(newdir)
# nc_test makes a dataset of 136 variables for each of its many cases:
# with every variable subfiled, 272 subfiles each, minutes on 2 cores
TEST_TIMEOUT=${NCSF_TEST_TIMEOUT:-3600}
np_ok=0 ns_ok=0 ntests=0
for t in $TESTS_NC; do
  n=${t%%:*} rest=${t#*:}
  prog=${rest%%:*} arg=
  [ "$prog" != "$rest" ] && arg=${rest#*:}
  [ -x "$NT/$prog" ] || { echo "SKIP: $prog (not built)"; continue; }
  ntests=$((ntests + 1))
  (cd "$pd" && run_np "$n" "$NT/$prog" $arg) > "$pd/$prog.out" 2>&1
  _rp=$?
  (cd "$sd" && NCSF_HINTS=$HINTS run_np "$n" LD_PRELOAD="$(with_yield "$PRE")" "$NT/$prog" $arg) > "$sd/$prog.out" 2>&1
  _rs=$?
  [ $_rp -eq 0 ] && np_ok=$((np_ok + 1))
  [ $_rs -eq 0 ] && ns_ok=$((ns_ok + 1))
  report $_rp "t_netcdf_pnetcdf: netCDF-C's $prog (np=$n) plain"
  [ $_rs -eq 0 ] || tail -5 "$sd/$prog.out" >&2
  report $_rs "t_netcdf_pnetcdf: netCDF-C's $prog (np=$n) through the preload, every variable subfiled"
done
echo "netCDF-C's PnetCDF tests: $np_ok of $ntests pass plain, $ns_ok of $ntests through the preload"

# the files both runs leave: merged, the same dump (tst_pnetcdf.nc with
# tst_addvar's two variables)
nf=0 bad=0
for f in "$pd"/*.nc; do
  b=$(basename "$f")
  [ -f "$sd/$b" ] || continue
  nf=$((nf + 1))
  # t_nc leaves elements of its Byte, Char, Short and Double variables
  # unwritten, and netCDF-C's PnetCDF dispatch keeps PnetCDF's no-fill
  # default: those bytes are undefined (plain PnetCDF's file holds 0xFF
  # there, ncsf's zeros). t_nc itself reads back every element it wrote
  # (it passes through the preload); here its header and the variables
  # it writes whole (Long, Float) are compared
  NCDUMP_VARS=
  [ "$b" = t_nc.nc ] && NCDUMP_VARS=Long,Float
  same_dump "$f" "$sd/$b" || { echo "$b differs from the plain run's" >&2; diff "$scratch/a.cdl" "$scratch/b.cdl" | head -5 >&2; bad=$((bad + 1)); }
  NCDUMP_VARS=
done
[ $bad -eq 0 ] && [ $nf -ge 5 ]
report $? "t_netcdf_pnetcdf: the $nf files both runs leave: merged, ncdump prints the plain run's"
finish
