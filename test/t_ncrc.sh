#!/bin/sh
# netCDF-C 4.10 loading the plugin from .ncrc (doc/reading.md). Opt-in:
# SKIPs unless scripts/netcdf410.sh built netCDF-C 4.10 (into
# .deps/netcdf-4.10, or NCSF_NETCDF410). The plugin's sources are built
# against 4.10 (-Wall -Wextra, no warning), and so is test/ncrc_copy.c, a
# program that knows nothing of ncsf: nc_open(NC_NOWRITE | NC_UDF0)
# without nc_def_user_format, copying every dimension, attribute and value
# into a classic file. With $HOME/.ncrc (or NCRCENV_RC) naming the plugin
# (NETCDF.UDF0.LIBRARY, NETCDF.UDF0.INIT), it reads t_matrix's subfiled
# datasets (format 2, np=3; format 1, np=2) through the base file and
# through a subfile, and netCDF-C 4.9's ncdump prints the copies exactly
# as it prints ncsf-merge's output. Without the .ncrc the open fails
# (the .ncrc is what loads it); with NETCDF.UDF0.MAGIC=CDF every classic
# open is refused with a message, the plugin's own opens included,
# never a recursion (it was: a segmentation fault). The .ncrc leaves plain
# classic files alone; the preload works with 4.10's ncdump too.
. "$top_srcdir/test/common.sh"
P=${NCSF_NETCDF410:-$top_srcdir/.deps/netcdf-4.10}
if [ ! -x "$P/bin/nc-config" ] || ! "$P/bin/nc-config" --version | grep -q "netCDF 4\.10"; then
  echo "SKIP: t_ncrc (no netCDF-C 4.10 in $P: bash scripts/netcdf410.sh builds it)"; exit 0
fi
unset NCSF_HINTS NCSF_INCOMPLETE NCRCENV_RC NCRCENV_IGNORE NCRCENV_HOME
CC410=${CC410:-cc}

# the plugin and the copying program, against 4.10
PL=$scratch/libncsf-netcdf.so
COPY=$scratch/ncrc_copy
$CC410 -O1 -Wall -Wextra -fPIC -shared -I"$top_srcdir/src/netcdf" -I"$P/include" \
  "$top_srcdir"/src/netcdf/*.c -L"$P/lib" -Wl,-rpath,"$P/lib" -lnetcdf -ldl -lpthread \
  -o "$PL" > "$scratch/cc.log" 2>&1 && [ ! -s "$scratch/cc.log" ]
_rc=$?; [ $_rc -ne 0 ] && cat "$scratch/cc.log" >&2
report $_rc "t_ncrc: the plugin built against netCDF-C $("$P/bin/nc-config" --version | cut -d' ' -f2), no warning"
$CC410 -O1 -Wall -Wextra -I"$P/include" "$top_srcdir/test/ncrc_copy.c" -L"$P/lib" -Wl,-rpath,"$P/lib" -lnetcdf \
  -o "$COPY" > "$scratch/cc2.log" 2>&1 && [ ! -s "$scratch/cc2.log" ] &&
  ! nm -D "$COPY" | grep -q nc_def_user_format && ! readelf -d "$COPY" | grep -q ncsf &&
  readelf -d "$COPY" | grep -q "libnetcdf.so.22"
_rc=$?; [ $_rc -ne 0 ] && cat "$scratch/cc2.log" >&2
report $_rc "t_ncrc: ncrc_copy built against 4.10 (libnetcdf.so.22), no nc_def_user_format, nothing of ncsf"
[ -x "$PL" ] && [ -x "$COPY" ] || finish

home=$scratch/home empty=$scratch/empty
mkdir -p "$home" "$empty"
printf 'NETCDF.UDF0.LIBRARY=%s\nNETCDF.UDF0.INIT=ncsf_netcdf_init\n' "$PL" > "$home/.ncrc"

# copies LABEL DIR RCENV...: with the environment RCENV, ncrc_copy udf0
# on every subfiled dataset of DIR (its base file, then a subfile) gives
# a file that ncdump (4.9) prints as it prints ncsf-merge's output
n=0
copies() {
  _label=$1 _dir=$2; shift 2
  _bad=0 n=0
  mkdir -p "$_dir/copy" "$_dir/copy1"
  for f in "$_dir"/*.nc; do
    "$NCDUMP" -h "$f" 2> /dev/null | grep -q subfiling_dataset_id || continue
    b=$(basename "$f")
    [ -f "$_dir/merged/$b" ] || "$B/tools/ncsf-merge" -q "$f" "$_dir/merged/$b" || { echo "ncsf-merge failed on $f" >&2; _bad=1; continue; }
    n=$((n + 1))
    "$NCDUMP" "$_dir/merged/$b" > "$scratch/m.out"
    one=$(ls "$f".* | head -n 1)
    for c in "$f:copy" "$one:copy1"; do
      env "$@" timeout 120 "$COPY" udf0 "${c%:*}" "$_dir/${c##*:}/$b" > "$scratch/c.out" 2> "$scratch/c.err" &&
        grep -q "^netCDF-C 4\.10" "$scratch/c.out" &&
        "$NCDUMP" "$_dir/${c##*:}/$b" | cmp -s - "$scratch/m.out" ||
        { echo "$_label: ${c%:*} copied through 4.10 differs from ncsf-merge's output" >&2
          head -3 "$scratch/c.err" >&2; _bad=$((_bad + 1)); }
    done
  done
  [ $n -ge 20 ] || { echo "$_label: only $n subfiled datasets" >&2; _bad=$((_bad + 1)); }
  return $_bad
}

for spec in "3 write 2" "2 write1 1"; do
  set -- $spec
  d=$(newdir)
  mkdir "$d/merged"
  run_np "$1" "$B/test/t_matrix" "$2" "$d" > /dev/null; report $? "t_ncrc: t_matrix $2 np=$1 (format $3)"
  copies "format $3" "$d" HOME="$home"
  report $? "t_ncrc: \$HOME/.ncrc: 4.10 reads $n datasets (base file, a subfile) identical to ncsf-merge's output (format $3)"
done
last=$d

# NCRCENV_RC names the file instead
cp "$home/.ncrc" "$scratch/ncsf.rc"
rm -rf "$last/copy" "$last/copy1"
copies "NCRCENV_RC" "$last" HOME="$empty" NCRCENV_RC="$scratch/ncsf.rc"
report $? "t_ncrc: NCRCENV_RC=file: the same, $n datasets"

# the .ncrc leaves other opens alone: a plain classic file read as
# always, and 4.10's ncdump (no NC_UDF0) sees the base file itself; the
# preload (LD_PRELOAD, which adds NC_UDF0) works with 4.10's ncdump
bad=0 bad_pre=0
for m in "$last"/merged/*.nc; do
  b=$(basename "$m")
  HOME="$home" timeout 120 "$COPY" plain "$m" "$scratch/p.nc" > /dev/null &&
    "$NCDUMP" "$scratch/p.nc" | sed 1d > "$scratch/p.out" && "$NCDUMP" "$m" | sed 1d | cmp -s - "$scratch/p.out" ||
    { echo "plain copy of $m differs" >&2; bad=$((bad + 1)); }
  HOME="$home" "$P/bin/ncdump" -h "$last/$b" | grep -q subfiling_dataset_id || bad=$((bad + 1))
  HOME="$empty" LD_PRELOAD=$PL timeout 120 "$P/bin/ncdump" "$last/$b" > "$scratch/p.out" &&
    HOME="$empty" "$P/bin/ncdump" "$m" | cmp -s - "$scratch/p.out" ||
    { echo "4.10's ncdump under LD_PRELOAD differs on $b" >&2; bad_pre=$((bad_pre + 1)); }
done
report $bad "t_ncrc: with the .ncrc, plain classic files copy identical and 4.10's ncdump (no NC_UDF0) sees the base files themselves"
report $bad_pre "t_ncrc: the preload with 4.10's ncdump: identical to its dump of ncsf-merge's output"

# no .ncrc: NC_UDF0 names no format
f=$(ls "$last"/*.nc | head -n 1)
(cd "$empty" && HOME="$empty" timeout 60 "$COPY" udf0 "$f" "$scratch/none.nc") > /dev/null 2> "$scratch/none.err"
_rc=$?
[ $_rc -eq 1 ] && grep -q "nc_open" "$scratch/none.err"
report $? "t_ncrc: without the .ncrc the NC_UDF0 open fails (status $_rc:$(sed 's/.*)://' "$scratch/none.err" | head -n 1))"

# NETCDF.UDF0.MAGIC=CDF: every classic file is the plugin's, its own opens too
mkdir -p "$scratch/magic"
cat "$home/.ncrc" > "$scratch/magic/.ncrc"
echo "NETCDF.UDF0.MAGIC=CDF" >> "$scratch/magic/.ncrc"
plain=$last/merged/$(basename "$f")
for c in "udf0 $f" "plain $plain" "plain $f"; do
  set -- $c
  (cd "$empty" && HOME="$scratch/magic" timeout 60 "$COPY" "$1" "$2" "$scratch/magic.nc") > /dev/null 2> "$scratch/magic.err"
  _rc=$?
  [ $_rc -eq 1 ] && grep -q "NETCDF.UDFn.MAGIC" "$scratch/magic.err" && grep -q "Invalid argument" "$scratch/magic.err"
  report $? "t_ncrc: MAGIC=CDF: ncrc_copy $1 on ${2#$last/} refused with a message (status $_rc)"
done
finish
