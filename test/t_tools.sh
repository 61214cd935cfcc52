#!/bin/sh
# ncsf-merge, ncsf-split and ncsf-info: a merged dataset equals the same
# data written by plain PnetCDF, value for value and attribute for
# attribute; split then merge gives the original back; info finds damage.
. "$top_srcdir/test/common.sh"
T=$B/tools
dump() { "$NCDUMP" "$1" | sed 1d; }   # the first line names the file
for np in $(nps t_tools); do
  d=$(newdir)
  run_np "$np" "$B/test/t_basic3d" "$d/plain.nc" plain > /dev/null &&
  run_np "$np" "$B/test/t_basic3d" "$d/sub.nc" subfile 4 > /dev/null; report $? "t_tools write plain and subfiled datasets np=$np"

  run_np "$np" "$T/ncsf-merge" -q "$d/sub.nc" "$d/merged.nc" &&
  dump "$d/plain.nc" > "$d/plain.cdl" && dump "$d/merged.nc" > "$d/merged.cdl" &&
  cmp "$d/plain.cdl" "$d/merged.cdl"; report $? "ncsf-merge of the base file equals plain PnetCDF's file np=$np"

  run_np "$np" "$T/ncsf-merge" -q "$d/sub.nc.temperature.2" "$d/merged2.nc" &&
  dump "$d/merged2.nc" | cmp - "$d/plain.cdl"; report $? "ncsf-merge given a subfile path np=$np"

  mkdir "$d/moved" && mv "$d"/sub.nc* "$d/moved/" &&
  run_np "$np" "$T/ncsf-merge" -q "$d/moved/sub.nc" "$d/merged3.nc" &&
  dump "$d/merged3.nc" | cmp - "$d/plain.cdl"; report $? "ncsf-merge after moving the dataset np=$np"

  # without the base file, one subfile still describes the whole array
  mv "$d/moved/sub.nc" "$d/base.away" &&
  run_np "$np" "$T/ncsf-merge" -q "$d/moved/sub.nc.temperature.1" "$d/merged4.nc" &&
  "$B/test/nc_verify" "$d/merged4.nc" > /dev/null &&
  "$NCDUMP" -h "$d/merged4.nc" | grep -q "int temperature(z, y, x)"; report $? "ncsf-merge from a lone subfile np=$np"
  mv "$d/base.away" "$d/moved/sub.nc"

  # subfiles in a directory of their own (hint subfiling_dir)
  run_np "$np" "$B/test/t_basic3d" "$d/insub.nc" subfile 4 parts/a > /dev/null &&
  [ "$(ls "$d"/parts/a/insub.nc.temperature.* | wc -l)" -eq 4 ] &&
  "$T/ncsf-info" "$d/parts/a/insub.nc.temperature.3" > "$d/info.txt" &&
  grep -q "parts/a/insub.nc.temperature.0" "$d/info.txt" &&
  run_np "$np" "$T/ncsf-merge" -q "$d/parts/a/insub.nc.temperature.2" "$d/merged5.nc" &&
  dump "$d/merged5.nc" | cmp - "$d/plain.cdl" &&
  ncdump_all "$d"/parts/a/insub.nc.temperature.*; report $? "subfiling_dir: subfiles in parts/a, read through a subfile np=$np"

  # only some variables (-v), another format, netCDF-4 with compression
  run_np "$np" "$T/ncsf-merge" -q -v temperature --format classic "$d/moved/sub.nc" "$d/only.nc" &&
  [ "$("$NCDUMP" -k "$d/only.nc")" = classic ] &&
  "$NCDUMP" -h "$d/only.nc" | grep -q "int temperature(z, y, x)" &&
  [ "$("$NCDUMP" -h "$d/only.nc" | grep -c "^	[a-z]* [a-z]*(")" -eq 1 ] &&
  "$B/test/nc_verify" "$d/only.nc" > /dev/null; report $? "ncsf-merge -v temperature --format classic np=$np"
  run_np "$np" "$T/ncsf-merge" -q -v nosuch "$d/moved/sub.nc" "$d/none.nc" 2> "$d/err.txt"; rc=$?
  [ $rc -eq 1 ] && grep -q "no variable nosuch" "$d/err.txt" && [ ! -e "$d/none.nc" ]; report $? "ncsf-merge -v with a missing variable is refused np=$np"
  if [ "$np" -eq 1 ]; then
    "$T/ncsf-merge" -q --format netcdf4 --deflate 4 --shuffle "$d/moved/sub.nc.temperature.1" "$d/merged.nc4" &&
    [ "$("$NCDUMP" -k "$d/merged.nc4")" = netCDF-4 ] &&
    "$NCDUMP" -hs "$d/merged.nc4" | grep -q "temperature:_DeflateLevel = 4" &&
    dump "$d/merged.nc4" | cmp - "$d/plain.cdl"; report $? "ncsf-merge --format netcdf4 --deflate 4 --shuffle: the same data, compressed"
    if command -v ncks > /dev/null; then
      # NCO reads every kind of file ncsf writes or makes
      ok=0
      for f in "$d/moved/sub.nc" "$d/moved/sub.nc.temperature.0" "$d/moved/sub.nc.temperature.3" "$d/merged.nc" "$d/merged.nc4" "$d/only.nc"; do
        ncks -H "$f" > /dev/null 2>&1 || { echo "ncks cannot read $f" >&2; ok=1; }
      done
      ncks -H -v temperature -d z,9 -d y,7 -d x,5 "$d/merged.nc4" | grep -q "temperature\[479\]"
      [ $ok -eq 0 ] && [ $? -eq 0 ]; report $? "ncks reads the base file, subfiles and merged files"
    else
      echo "SKIP: ncks (NCO) is not installed"
    fi
  else
    run_np "$np" "$T/ncsf-merge" -q --format netcdf4 "$d/moved/sub.nc" "$d/m.nc4" 2> /dev/null; rc=$?
    [ $rc -eq 1 ] && [ ! -e "$d/m.nc4" ]; report $? "ncsf-merge --format netcdf4 under mpiexec -n $np is refused (one process)"
  fi

  run_np "$np" "$T/ncsf-split" "$d/plain.nc" "$d/split.nc" --var temperature --nfiles 3 --dims z &&
  "$T/ncsf-info" "$d/split.nc" > "$d/info.txt" &&
  [ "$(ls "$d"/split.nc.temperature.* | wc -l)" -eq 3 ] &&
  run_np "$np" "$T/ncsf-merge" -q "$d/split.nc" "$d/back.nc" &&
  dump "$d/back.nc" | cmp - "$d/plain.cdl"; report $? "ncsf-split then ncsf-merge gives the original np=$np"

  # format 1 (ncsf-split --format 1): info, merge and a subfile path still work
  run_np "$np" "$T/ncsf-split" "$d/plain.nc" "$d/v1.nc" --var temperature --nfiles 3 --dims y --format 1 &&
  "$NCDUMP" -h "$d/v1.nc.temperature.2" | grep -q "subfiling_names" &&
  "$T/ncsf-info" "$d/v1.nc.temperature.1" > "$d/info1.txt" && grep -q "format: version 1" "$d/info1.txt" &&
  run_np "$np" "$T/ncsf-merge" -q "$d/v1.nc.temperature.0" "$d/back1.nc" &&
  dump "$d/back1.nc" | cmp - "$d/plain.cdl"; report $? "format 1: ncsf-split --format 1, ncsf-info, ncsf-merge np=$np"
  rm -rf "$d"
done

d=$(newdir)
run_np 2 "$B/test/t_basic3d" "$d/sub.nc" subfile 4 > /dev/null
"$T/ncsf-info" "$d/sub.nc" > "$d/info.txt"; rc=$?
[ $rc -eq 0 ] && grep -q "all subfiles ok" "$d/info.txt"; report $? "ncsf-info on a sound dataset"
# --json: the same facts for scripts (any python3 parses it: json is in its library)
jcheck() { python3 -c "import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if ($1) else 1)" "$2"; }
"$T/ncsf-info" --json "$d/sub.nc.temperature.2" > "$d/info.json"; rc=$?
[ $rc -eq 0 ] && jcheck "d['ok'] and d['subfiling_format'] == 2 and d['state'] == 'complete' and len(d['variables']) == 1 and d['variables'][0]['type'] == 'int' and d['variables'][0]['shape'] == [10, 8, 6] and d['variables'][0]['nfiles'] == 4 and [s['status'] for s in d['variables'][0]['subfiles']] == ['ok'] * 4 and d['variables'][0]['subfiles'][3]['start'] == [5, 4, 0]" "$d/info.json"
report $? "ncsf-info --json on a sound dataset, through a subfile"
mv "$d/sub.nc.temperature.1" "$d/away"
"$T/ncsf-info" "$d/sub.nc" > "$d/info.txt"; rc=$?
[ $rc -eq 1 ] && grep -q "MISSING" "$d/info.txt"; report $? "ncsf-info reports a missing subfile (exit $rc)"
"$T/ncsf-info" --json "$d/sub.nc" > "$d/info.json"; rc=$?
[ $rc -eq 1 ] && jcheck "not d['ok'] and [s['status'] for s in d['variables'][0]['subfiles']] == ['ok', 'missing', 'ok', 'ok'] and 'message' in d['variables'][0]['subfiles'][1]" "$d/info.json"
report $? "ncsf-info --json reports a missing subfile (exit $rc)"
mv "$d/away" "$d/sub.nc.temperature.1"
truncate -s -4 "$d/sub.nc.temperature.3"
"$T/ncsf-info" "$d/sub.nc.temperature.0" > "$d/info.txt"; rc=$?
[ $rc -eq 1 ] && grep -q "TRUNCATED" "$d/info.txt"; report $? "ncsf-info reports a truncated subfile (exit $rc)"
"$T/ncsf-merge" -q "$d/sub.nc" "$d/x.nc" 2> /dev/null; [ $? -ne 0 ]; report $? "ncsf-merge refuses a damaged dataset"
# ... and leaves no output, not even its temporary file
[ ! -e "$d/x.nc" ] && [ -z "$(ls -A "$d" | grep ncsf-tmp)" ]; report $? "a failed ncsf-merge leaves nothing behind"
run_np 2 "$T/ncsf-split" "$d/sub.nc" "$d/sp.nc" --var temperature --nfiles 2 2> /dev/null; rc=$?
[ $rc -ne 0 ] && [ -z "$(ls "$d" | grep '^sp\.nc')" ]; report $? "a failed ncsf-split removes what it made (exit $rc)"
truncate -s +4 "$d/sub.nc.temperature.3"   # whole again
"$T/ncsf-info" "$d/sub.nc" > /dev/null; report $? "the dataset is whole again"
# the output may never be a file of the input, --force or not
cp "$d/sub.nc.temperature.2" "$d/keep.2"
"$T/ncsf-merge" -q --force "$d/sub.nc" "$d/sub.nc" 2> "$d/err.txt"; rc=$?
[ $rc -eq 1 ] && grep -q "ncsf-merge: .*file of the input" "$d/err.txt" && "$T/ncsf-info" "$d/sub.nc" > /dev/null
report $? "ncsf-merge --force IN IN is refused and IN survives (exit $rc)"
"$T/ncsf-merge" -q --force "$d/sub.nc" "$d/sub.nc.temperature.2" 2> /dev/null; rc=$?
[ $rc -eq 1 ] && cmp -s "$d/sub.nc.temperature.2" "$d/keep.2"; report $? "ncsf-merge onto one of its subfiles is refused (exit $rc)"
ln -s sub.nc.temperature.0 "$d/alias.nc"; ln "$d/sub.nc.temperature.1" "$d/hard.nc"
"$T/ncsf-merge" -q --force "$d/sub.nc" "$d/alias.nc" 2> /dev/null; r1=$?
"$T/ncsf-merge" -q --force "$d/sub.nc.temperature.3" "$d/hard.nc" 2> /dev/null; r2=$?
[ $r1 -eq 1 ] && [ $r2 -eq 1 ] && "$T/ncsf-info" "$d/sub.nc" > /dev/null; report $? "ncsf-merge onto a symbolic or hard link to the input is refused ($r1 $r2)"
cp "$d/plain.nc" "$d/plain.keep" 2> /dev/null || run_np 1 "$B/test/t_basic3d" "$d/plain.nc" plain > /dev/null
cp "$d/plain.nc" "$d/plain.keep"
"$T/ncsf-split" --force "$d/plain.nc" "$d/plain.nc" --var temperature --nfiles 2 2> /dev/null; rc=$?
[ $rc -eq 1 ] && cmp -s "$d/plain.nc" "$d/plain.keep"; report $? "ncsf-split --force IN IN is refused (exit $rc)"
# progress and "wrote" only on a terminal: nothing on stderr here
"$T/ncsf-merge" "$d/sub.nc" "$d/quiet.nc" 2> "$d/err.txt"; rc=$?
[ $rc -eq 0 ] && [ ! -s "$d/err.txt" ] && [ -f "$d/quiet.nc" ]; report $? "ncsf-merge prints nothing when stderr is not a terminal"
touch "$d/exists.nc"
"$T/ncsf-merge" -q "$d/plain.nc" "$d/exists.nc" 2> /dev/null; [ $? -eq 1 ]; report $? "ncsf-merge refuses to overwrite"
for t in ncsf-merge ncsf-split ncsf-info; do
  "$T/$t" --help | grep -q usage && { "$T/$t" > /dev/null 2>&1; [ $? -eq 2 ]; }; report $? "$t --help and usage errors"
done
# every tool: --help on stdout with exit 0, and a man page man(1) renders
# without a warning (t_install checks the installed ones)
rc=0
for t in ncsf-merge ncsf-split ncsf-info; do
  "$T/$t" --help > "$scratch/help.txt" && grep -q "^usage: $t" "$scratch/help.txt" &&
  man -l "$top_srcdir/doc/man/$t.1" 2> "$scratch/man.err" | grep -q "^NAME" && [ ! -s "$scratch/man.err" ] ||
    { echo "$t: --help or doc/man/$t.1 is missing or broken" >&2; cat "$scratch/man.err" >&2; rc=1; }
done
report $rc "t_tools: every tool answers --help and has a man page (man -l doc/man/TOOL.1, no warnings)"
# an error names the cause and what to do about it
"$T/ncsf-merge" -q "$scratch/nosuch.nc" "$scratch/m.nc" 2> "$scratch/err.txt"; rc=$?
[ $rc -eq 1 ] && grep -q "cannot open .*nosuch.nc: .*(no such file: check the path)" "$scratch/err.txt" &&
echo "not netCDF" > "$scratch/text.nc" &&
! "$T/ncsf-split" "$scratch/text.nc" "$scratch/s.nc" --var a --nfiles 2 2> "$scratch/err.txt" &&
grep -q "cannot open .*text.nc: .*ncdump -k FILE" "$scratch/err.txt"
report $? "t_tools: open errors name the file, the cause and a remedy"
finish
