#!/bin/sh
# The netCDF-C dispatch plugin (src/netcdf, doc/reading.md): unmodified
# netCDF-C programs under LD_PRELOAD=libncsf-netcdf.so read subfiled
# datasets in place. t_matrix's cases (every type, 1-D to 5-D, record
# variables, multi-axis grids, variable groups, CDF-1/2/5) in format 2
# (np=3) and format 1 (np=2; the quick tier: format 2 at np=2): ncdump
# prints exactly what it prints for
# ncsf-merge's output (through the base file and through a subfile), ncks
# hyperslabs and cdo read the same values, netCDF-C's vara/vars/varm/var1
# calls the same values and errors (test/plugin_api.c), writes are refused,
# netCDF4-python reads the same
# slices (test/plugin_read.py), a Fortran program through libnetcdff too
# (test/plugin_fortran.f90). A moved dataset with its subfiles in a
# directory; an incomplete one refused and accepted (NCSF_INCOMPLETE);
# missing and cut-short subfiles named; writes refused; other files left
# to netCDF-C. 2,048 subfiles under ulimit -n 256, and a one-slice read
# opening only the subfiles that hold the slice (counted).
. "$top_srcdir/test/common.sh"
PL=$B/.libs/libncsf-netcdf.so
if [ ! -f "$PL" ]; then
  echo "SKIP: t_plugin (libncsf-netcdf.so not built: configure found no netcdf_dispatch.h)"; exit 0
fi
if grep -q -- "--enable-sanitizers" "$B/config.log" 2> /dev/null; then
  echo "SKIP: t_plugin (the sanitizer build: uninstrumented programs cannot take an instrumented preload)"; exit 0
fi
unset NCSF_HINTS NCSF_INCOMPLETE
find_python "netCDF4, numpy"
NCKS=$(command -v ncks || true)
CDO=$(command -v cdo || true)
FAPP=
if command -v gfortran > /dev/null 2>&1 && [ -f /usr/include/netcdf.inc ] &&
   gfortran -O1 -I/usr/include "$top_srcdir/test/plugin_fortran.f90" -o "$scratch/plugin_fortran" \
     $(nf-config --flibs 2> /dev/null || echo -lnetcdff) > "$scratch/fc.log" 2>&1; then
  FAPP=$scratch/plugin_fortran
  ! readelf -d "$FAPP" | grep -q ncsf; report $? "t_plugin: Fortran reader built with gfortran -lnetcdff, nothing of ncsf"
else
  echo "SKIP: the Fortran reader (gfortran or libnetcdff-dev missing)"
fi

# same_out LABEL CMD...: CMD's stdout and status through the plugin (on
# $sub) and without it (on $mrg): identical
same_out() {
  _label=$1; shift
  LD_PRELOAD=$PL "$@" "$sub" > "$scratch/p.out" 2> "$scratch/p.err"; _r1=$?
  "$@" "$mrg" > "$scratch/m.out" 2> "$scratch/m.err"; _r2=$?
  if [ $_r1 -ne $_r2 ] || ! cmp -s "$scratch/p.out" "$scratch/m.out"; then
    echo "$_label on $sub: status $_r1 through the plugin, $_r2 on the merged file" >&2
    diff "$scratch/p.out" "$scratch/m.out" | head -10 >&2; head -5 "$scratch/p.err" >&2
    return 1
  fi
}

# the quick tier: format 2 at 2 processes only (CDF-1 and 3 processes are
# the full tier's)
for spec in $(quick_or "2:write:2" "3:write:2 2:write1:1"); do
  set -- $(echo "$spec" | tr : ' ')
  np=$1 fmt=$3
  d=$(newdir)
  run_np "$np" "$B/test/t_matrix" "$2" "$d" > /dev/null; report $? "t_plugin: t_matrix $2 np=$np (format $fmt)"
  mkdir "$d/merged"
  n=0 bad_dump=0 bad_sub=0 bad_ncks=0 bad_cdo=0 cdo_read=0 bad_py=0 bad_f=0 f_read=0 bad_api=0
  for f in "$d"/*.nc; do
    "$NCDUMP" -h "$f" 2> /dev/null | grep -q subfiling_dataset_id || continue
    b=$(basename "$f")
    "$B/tools/ncsf-merge" -q "$f" "$d/merged/$b" || { echo "ncsf-merge failed on $f" >&2; bad_dump=1; continue; }
    n=$((n + 1))
    sub=$f mrg=$d/merged/$b
    same_out ncdump "$NCDUMP" || bad_dump=$((bad_dump + 1))
    # through one subfile: the whole dataset (ncdump names it after the path)
    one=$(ls "$f".* | head -n 1)
    LD_PRELOAD=$PL "$NCDUMP" "$one" | sed 1d > "$scratch/s.out" && "$NCDUMP" "$mrg" | sed 1d | cmp -s - "$scratch/s.out" ||
      { echo "ncdump through subfile $one differs" >&2; bad_sub=$((bad_sub + 1)); }
    if [ -n "$NCKS" ]; then
      same_out "ncks -d d0,1,,2" "$NCKS" -H -C -d d0,1,,2 || bad_ncks=$((bad_ncks + 1))
      if "$NCDUMP" -h "$mrg" | grep -q "	d1 = "; then
        same_out "ncks -d d0,1 -d d1,0,,3" "$NCKS" -H -C -d d0,1 -d d1,0,,3 || bad_ncks=$((bad_ncks + 1))
      fi
    fi
    if [ -n "$CDO" ]; then
      same_out "cdo outputf" "$CDO" -s outputf,%.17g,1 || bad_cdo=$((bad_cdo + 1))
      [ -s "$scratch/m.out" ] && cdo_read=$((cdo_read + 1))
    fi
    if [ -n "$PY" ]; then
      LD_PRELOAD=$PL "$PY" "$top_srcdir/test/plugin_read.py" "$f" "$mrg" > "$scratch/py.out" 2>&1 ||
        { cat "$scratch/py.out" >&2; bad_py=$((bad_py + 1)); }
    fi
    LD_PRELOAD=$PL "$B/test/plugin_api" "$f" "$mrg" > "$scratch/api.out" 2>&1 ||
      { cat "$scratch/api.out" >&2; bad_api=$((bad_api + 1)); }
    if [ -n "$FAPP" ]; then
      same_out "Fortran" "$FAPP" || bad_f=$((bad_f + 1))
      [ -s "$scratch/m.out" ] && f_read=$((f_read + 1))
    fi
  done
  [ $n -ge 20 ]; report $? "t_plugin: $n subfiled datasets of t_matrix (format $fmt)"
  report $bad_dump "t_plugin: ncdump through the plugin = ncdump of ncsf-merge's output, $n datasets (format $fmt)"
  report $bad_sub "t_plugin: ncdump of one subfile shows the whole dataset, $n datasets (format $fmt)"
  [ -n "$NCKS" ] && report $bad_ncks "t_plugin: ncks hyperslabs (stride, index) identical, $n datasets (format $fmt)"
  [ -n "$CDO" ] && { [ $cdo_read -ge 10 ]; report $((bad_cdo + $?)) "t_plugin: cdo outputf identical ($cdo_read datasets cdo can read) (format $fmt)"; }
  report $bad_api "t_plugin: nc_get_vara/vars/varm/var1, conversions, range errors identical; writes NC_EPERM, $n datasets (format $fmt)"
  [ -n "$PY" ] && report $bad_py "t_plugin: netCDF4-python slices identical, $n datasets (format $fmt)"
  [ -n "$FAPP" ] && { [ $f_read -ge 15 ]; report $((bad_f + $?)) "t_plugin: Fortran (libnetcdff) whole and strided reads identical, $f_read datasets with numbers (format $fmt)"; }
done

# ---- a dataset with its subfiles in a directory, moved --------------------
d=$(newdir)
run_np 2 "$B/test/t_basic3d" "$d/orig.nc" subfile 4 parts > /dev/null; report $? "t_plugin: dataset with subfiling_dir"
"$B/tools/ncsf-merge" -q "$d/orig.nc" "$d/ref.nc"
mkdir -p "$d/moved/deeper" "$d/m"
mv "$d/orig.nc" "$d/parts" "$d/moved/deeper/"
cp "$d/ref.nc" "$d/m/orig.nc"
sub=$d/moved/deeper/orig.nc mrg=$d/m/orig.nc
same_out ncdump "$NCDUMP"; report $? "t_plugin: moved dataset read through its base file"
(cd "$d/moved" && LD_PRELOAD=$PL "$NCDUMP" deeper/parts/orig.nc.temperature.2 | sed 1d) > "$scratch/s.out" &&
  "$NCDUMP" "$mrg" | sed 1d | cmp -s - "$scratch/s.out"
report $? "t_plugin: moved dataset read through a subfile in its directory (relative path)"

# ---- incomplete, damaged, written -----------------------------------------
d=$(newdir)
run_np 2 "$B/test/t_basic3d" "$d/x.nc" subfile 4 > /dev/null
mkdir "$d/m" && "$B/tools/ncsf-merge" -q "$d/x.nc" "$d/m/x.nc"
cp "$d/x.nc" "$d/x.nc.keep"
"$PY" -c "
import sys
p = sys.argv[1]
b = open(p, 'rb').read()
at = b.find(b'complete')
assert at > 0
open(p, 'r+b').write(b[:at] + b'writing ' + b[at + 8:])" "$d/x.nc"
LD_PRELOAD=$PL NCSF_VERBOSE=1 "$NCDUMP" "$d/x.nc" > /dev/null 2> "$scratch/e.txt"
[ $? -ne 0 ] && grep -q "did not close it" "$scratch/e.txt" && grep -q "truncated" "$scratch/e.txt"
report $? "t_plugin: incomplete dataset refused (NC_ETRUNC, says why)"
sub=$d/x.nc mrg=$d/m/x.nc
(export NCSF_INCOMPLETE=accept; same_out ncdump "$NCDUMP"); report $? "t_plugin: incomplete dataset accepted with NCSF_INCOMPLETE=accept"
(export NCSF_HINTS="subfiling_incomplete=accept"; same_out ncdump "$NCDUMP")
report $? "t_plugin: ... and with NCSF_HINTS=subfiling_incomplete=accept"
cp "$d/x.nc.keep" "$d/x.nc"
mv "$d/x.nc.temperature.2" "$d/away"
LD_PRELOAD=$PL NCSF_VERBOSE=1 "$NCDUMP" -v temperature "$d/x.nc" > /dev/null 2> "$scratch/e.txt"
[ $? -ne 0 ] && grep -q "x.nc.temperature.2 of variable temperature is missing" "$scratch/e.txt"
_rc=$?; [ $_rc -eq 0 ] || cat "$scratch/e.txt" >&2
report $_rc "t_plugin: a missing subfile is named, the read fails"
LD_PRELOAD=$PL "$NCDUMP" -v zaxis "$d/x.nc" | grep -q "zaxis = "; report $? "t_plugin: ... the other variables still read"
head -c $(($(wc -c < "$d/away") - 100)) "$d/away" > "$d/x.nc.temperature.2"
LD_PRELOAD=$PL NCSF_VERBOSE=1 "$NCDUMP" -v temperature "$d/x.nc" > /dev/null 2> "$scratch/e.txt"
[ $? -ne 0 ] && grep -q "x.nc.temperature.2 of variable temperature is .* bytes, expected at least" "$scratch/e.txt"
report $? "t_plugin: a subfile cut short is named (NC_ETRUNC)"
mv "$d/away" "$d/x.nc.temperature.2"
if [ -n "$PY" ]; then
  LD_PRELOAD=$PL "$PY" -c "
import sys, netCDF4
try:
    netCDF4.Dataset(sys.argv[1], 'a')
except OSError as e:
    assert 'ermi' in str(e) or 'read only' in str(e), e
    print('refused:', e)
else:
    sys.exit('opened for writing')
d = netCDF4.Dataset(sys.argv[1])
v = d['temperature']
try:
    v[0, 0, 0] = 1
except (OSError, RuntimeError) as e:
    print('refused:', e)
else:
    sys.exit('written')
" "$d/x.nc" > "$scratch/w.txt" 2>&1
  _rc=$?; cat "$scratch/w.txt"
  report $_rc "t_plugin: opening for writing and writing refused"
  # a netCDF-4 file and a plain classic file: netCDF-C's, untouched
  "$PY" -c "
import sys, netCDF4
d = netCDF4.Dataset(sys.argv[1], 'w', format='NETCDF4'); d.createDimension('n', 3)
d.createVariable('a', 'i4', ('n',))[:] = [1, 2, 3]; d.close()" "$d/four.nc"
  "$NCDUMP" "$d/four.nc" > "$scratch/four.txt" && LD_PRELOAD=$PL "$NCDUMP" "$d/four.nc" | cmp -s - "$scratch/four.txt" &&
    [ "$(LD_PRELOAD=$PL "$NCDUMP" -k "$d/four.nc")" = "netCDF-4" ] &&
    [ "$(LD_PRELOAD=$PL "$NCDUMP" -k "$d/m/x.nc")" = "cdf5" ] && [ "$(LD_PRELOAD=$PL "$NCDUMP" -k "$d/x.nc")" = "cdf5" ]
  report $? "t_plugin: netCDF-4 and plain classic files left to netCDF-C"
fi

# ---- 2,048 subfiles, few descriptors; a slice opens only its subfiles -----
d=$(newdir)
if [ -n "$PY" ]; then
  "$PY" -c "
import sys, netCDF4, numpy as np
d = netCDF4.Dataset(sys.argv[1], 'w', format='NETCDF3_64BIT_OFFSET')
for n, l in (('z', 64), ('y', 64), ('x', 32)): d.createDimension(n, l)
v = d.createVariable('temp', 'f4', ('z', 'y', 'x')); v.units = 'K'
v[:] = np.arange(64 * 64 * 32, dtype='f4').reshape(64, 64, 32); d.close()" "$d/plain.nc" &&
  (ulimit -n 256 && "$B/tools/ncsf-split" "$d/plain.nc" "$d/big.nc" --var temp --nfiles 2048 --dims z,y) &&
  [ "$(ls "$d"/big.nc.temp.* | wc -l)" -eq 2048 ] && mkdir "$d/m" && "$B/tools/ncsf-merge" -q "$d/big.nc" "$d/m/big.nc"
  report $? "t_plugin: a dataset of 2,048 subfiles (64 x 32 blocks)"
  sub=$d/big.nc mrg=$d/m/big.nc
  (ulimit -n 256 && export NCSF_NETCDF_STATS=1 && same_out ncdump "$NCDUMP") 2> "$scratch/stats.txt" &&
    grep -q "2048 subfile opens, at most 64 open at once" "$scratch/p.err"
  _rc=$?; cat "$scratch/p.err"
  report $_rc "t_plugin: ncdump of 2,048 subfiles under ulimit -n 256, identical, at most 64 open"
  # z = 5 lies in block row 5: the 32 subfiles 160..191, no other
  # (strace counts the system's opens; without it, the plugin's own count)
  seq 160 191 | sed 's/^/big.nc.temp./' | sort > "$scratch/want.txt"
  STRACE=$(command -v strace || true)
  (cd "$d" && NCSF_NETCDF_STATS=1 LD_PRELOAD=$PL ${STRACE:+"$STRACE" -f -e trace=openat -o "$scratch/st.txt"} \
     "$NCKS" -H -C -v temp -d z,5 big.nc > "$scratch/slice.txt" 2> "$scratch/stats.txt")
  [ -n "$STRACE" ] || cp "$scratch/want.txt" "$scratch/st.txt"
  grep -o 'big.nc.temp.[0-9]*' "$scratch/st.txt" | sort -u > "$scratch/opened.txt"
  cat "$scratch/stats.txt"
  cmp -s "$scratch/opened.txt" "$scratch/want.txt" && grep -q "32 subfile opens" "$scratch/stats.txt" &&
    "$NCKS" -H -C -v temp -d z,5 "$mrg" | cmp -s - "$scratch/slice.txt"
  report $? "t_plugin: one slice (z=5) opens exactly its 32 subfiles ($(grep -c 'big.nc.temp' "$scratch/st.txt") openat calls), values identical"
  # the time of that read, through the plugin and from the merged file
  t0=$(date +%s%N); for i in 1 2 3 4 5; do LD_PRELOAD=$PL "$NCKS" -H -C -v temp -d z,5 "$sub" > /dev/null; done
  t1=$(date +%s%N); for i in 1 2 3 4 5; do "$NCKS" -H -C -v temp -d z,5 "$mrg" > /dev/null; done; t2=$(date +%s%N)
  echo "INFO: one slice of 2,048 subfiles (ncks, mean of 5): plugin $(( (t1 - t0) / 5000000 )) ms, merged file $(( (t2 - t1) / 5000000 )) ms"
else
  echo "SKIP: the 2,048-subfile dataset (no python3 netCDF4 to make it)"
fi
# ---- subfiled fixed-size variables beside records (issue 34, item 4) ------
# temp, pres and lev (fixed-size) and flux (two records) each in 2
# subfiles, written through the preload by an unmodified PnetCDF program: a
# subfile of a fixed-size variable holds no records and is read; ncdump
# through the plugin prints every value as ncdump of ncsf-merge's output
for np in 1 2 4; do
  d=$(newdir)
  run_np "$np" LD_PRELOAD="$B/.libs/libncsf-preload.so" NCSF_HINTS="subfiling=enable;subfiling_nfiles=2;subfiling_min_size=10" \
    "$B/test/preload_app" "$d/mix.nc" > /dev/null &&
    expect_files "$d" "mix.nc.*" mix.nc.flux.0 mix.nc.flux.1 mix.nc.lev.0 mix.nc.lev.1 \
      mix.nc.pres.0 mix.nc.pres.1 mix.nc.temp.0 mix.nc.temp.1 &&
    mkdir "$d/m" && "$B/tools/ncsf-merge" -q "$d/mix.nc" "$d/m/mix.nc" &&
    "$NCDUMP" "$d/m/mix.nc" | grep -q "flux = *$" && sub=$d/mix.nc mrg=$d/m/mix.nc && same_out ncdump "$NCDUMP"
  report $? "t_plugin: fixed-size variables and records in subfiles (np=$np): ncdump through the plugin, every value"
done
finish
