#!/bin/sh
# Bad input and damaged datasets: the NC_E* code on every rank that should
# have it (t_errors.c says which).
. "$top_srcdir/test/common.sh"
for np in $(nps t_errors); do
  d=$(newdir)
  run_np "$np" "$B/test/t_errors" input "$d"; report $? "t_errors bad hints and calls np=$np"
  # PnetCDF's safe mode: an argument error on one rank fails every rank
  PNETCDF_SAFE_MODE=1 run_np "$np" "$B/test/t_errors" input "$d"; report $? "t_errors bad calls in safe mode np=$np"
  run_np "$np" "$B/test/t_errors" damage "$d"; report $? "t_errors damaged datasets and fuzz np=$np"
  d1=$(newdir)
  run_np "$np" "$B/test/t_errors" damage "$d1" 1; report $? "t_errors damaged format 1 datasets and fuzz np=$np"
  rm -rf "$d1"
  "$B/tools/ncsf-info" "$d/crashed/incomplete.nc" > "$d/info.txt"; rc=$?
  [ $rc -eq 1 ] && grep -q INCOMPLETE "$d/info.txt"; report $? "ncsf-info reports a dataset its writer did not close np=$np"
  "$B/tools/ncsf-info" --json "$d/crashed/incomplete.nc" > "$d/info.json"; rc=$?
  [ $rc -eq 1 ] && python3 -c "import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if d['state'] == 'writing' and not d['ok'] else 1)" "$d/info.json"
  report $? "ncsf-info --json says the dataset is still being written np=$np"
  rm -rf "$d"
done
finish
