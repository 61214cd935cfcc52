#!/bin/sh
# Whose a dataset is (issue 34, items 1 and 2; test/t_owners.c says what
# each run checks).
# 1. Writer A writes and syncs; a second write handle B (the same program,
#    or another job run while A waits) opens the dataset NC_WRITE and
#    closes it; A writes again. A killed before close: every reader of
#    another job is refused (NC_ETRUNC), ncsf-info says INCOMPLETE with the
#    count (each process of A that wrote after the sync). A closing: the put and close return NC_NOERR, the values read
#    back, ncsf-info says complete, ncdump reads every file. The mark
#    damaged before A's put: the put fails on every process, nothing
#    written. Linked with libncsf, and a PnetCDF-only build under the
#    preload.
# 2. out.nc created, renamed day1.nc, out.nc created again: day1.nc and
#    the new out.nc read back value for value by another job, and by
#    ncsf-merge (its output compared by ncdump with the values the
#    program checked).
. "$top_srcdir/test/common.sh"
PRE=$B/.libs/libncsf-preload.so
T=$B/tools
unset NCSF_HINTS PNETCDF_HINTS
[ -n "${ASAN_OPTIONS:-}" ] && ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0" && export ASAN_OPTIONS
HINTS="subfiling=enable;subfiling_nfiles=2;subfiling_min_size=0"

# run BUILD N ARGS...: lib (test/t_owners) or pre (t_owners_plain preloaded)
run() {
  _b=$1 _n=$2; shift 2
  if [ "$_b" = pre ]; then run_np "$_n" "NCSF_HINTS=$HINTS" "LD_PRELOAD=$(with_yield "$PRE")" "$B/test/t_owners_plain" "$@"
  else run_np "$_n" "$B/test/t_owners" "$@"; fi
}

# one scenario: build, np, reader np, B (same|other), end (die|close|damage)
scenario() {
  _bd=$1 _np=$2 _rnp=$3 _B=$4 _end=$5
  _d=$(newdir); _f=$_d/a.nc
  _what="$_bd B=$_B $_end np=$_np"
  if [ "$_B" = other ]; then
    run "$_bd" "$_np" a "$_f" other "$_end" > "$_d/a.txt" 2>&1 &
    _pid=$!
    _i=0; while [ ! -f "$_f.synced" ] && [ $_i -lt 1200 ]; do sleep 0.1; _i=$((_i + 1)); done
    run "$_bd" "$_rnp" b "$_f" > "$_d/b.txt" 2>&1; _rc=$?
    [ $_rc -eq 0 ] || cat "$_d/b.txt" >&2
    report $_rc "t_owners $_what: B in another job (np=$_rnp) opens NC_WRITE and closes"
    touch "$_f.go"
    wait $_pid; _rc=$?
  else
    run "$_bd" "$_np" a "$_f" "$_B" "$_end" > "$_d/a.txt" 2>&1; _rc=$?
  fi
  ls "$_f".v.0 "$_f".v.1 > /dev/null 2>&1 || { echo "no subfiles a.nc.v.0, .1" >&2; _rc=99; }
  if [ "$_end" = die ]; then
    [ $_rc -ne 0 ] && [ $_rc -ne 124 ] && [ $_rc -ne 99 ] && grep -q "killing myself" "$_d/a.txt"; _rc=$?
    [ $_rc -eq 0 ] || cat "$_d/a.txt" >&2
    report $_rc "t_owners $_what: A writes after B's close and is killed"
    run "$_bd" "$_rnp" check "$_f" dead > "$_d/c.txt" 2>&1; _rc=$?
    [ $_rc -eq 0 ] || cat "$_d/c.txt" >&2
    report $_rc "t_owners $_what: every reader refused (NC_ETRUNC) np=$_rnp"
    "$T/ncsf-info" "$_f" > "$_d/info.txt" 2>&1; _rc=$?
    [ $_rc -eq 1 ] && grep -q "state: INCOMPLETE: its writer did not close it ($_np writer process" "$_d/info.txt"; _rc=$?
    [ $_rc -eq 0 ] || cat "$_d/info.txt" >&2
    report $_rc "t_owners $_what: ncsf-info says INCOMPLETE, each of its $_np processes counted"
  elif [ "$_end" = close ]; then
    [ $_rc -eq 0 ] || cat "$_d/a.txt" >&2
    report $_rc "t_owners $_what: A's put and close after B's close return NC_NOERR"
    run "$_bd" "$_rnp" check "$_f" closed > "$_d/c.txt" 2>&1; _rc=$?
    [ $_rc -eq 0 ] || cat "$_d/c.txt" >&2
    report $_rc "t_owners $_what: every value read back np=$_rnp"
    "$T/ncsf-info" "$_f" > "$_d/info.txt" 2>&1 && grep -q "state: complete" "$_d/info.txt" &&
      ncdump_all "$_f" "$_f".v.*; _rc=$?
    [ $_rc -eq 0 ] || cat "$_d/info.txt" >&2
    report $_rc "t_owners $_what: ncsf-info says complete, ncdump reads every file"
  else
    [ $_rc -eq 0 ] || cat "$_d/a.txt" >&2
    report $_rc "t_owners $_what: the put after the mark was damaged fails on every process"
    run "$_bd" "$_rnp" check "$_f" damaged > "$_d/c.txt" 2>&1; _rc=$?
    [ $_rc -eq 0 ] || cat "$_d/c.txt" >&2
    report $_rc "t_owners $_what: refused; its mark repaired, nothing of the refused put written np=$_rnp"
  fi
  rm -rf "$_d"
}

for np in $(nps t_owners); do
  rnp=$(other_np "$np")
  for s in "lib same die" "lib same close" "lib other die" "lib other close" "lib same damage" \
           "pre other die" "pre same close" "pre same damage"; do
    set -- $s
    scenario "$1" "$np" "$rnp" "$2" "$3"
  done

  # item 2: a renamed dataset and a new one at its old name
  for bd in lib pre; do
    d=$(newdir)
    run "$bd" "$np" renamed "$d" > "$d/r.txt" 2>&1; rc=$?
    [ $rc -eq 0 ] || cat "$d/r.txt" >&2
    report $rc "t_owners renamed $bd: out.nc renamed day1.nc, out.nc created again np=$np"
    run "$bd" "$rnp" check_renamed "$d" > "$d/r.txt" 2>&1; rc=$?
    [ $rc -eq 0 ] || cat "$d/r.txt" >&2
    report $rc "t_owners renamed $bd: day1.nc and the new out.nc read back, every value np=$rnp"
    # ncsf-merge reads each through its recorded stem; the merged files hold
    # what the program wrote (rows of 3 per process; day1: seed 1, out: seed 3)
    mkdir "$d/merged"
    "$T/ncsf-merge" -q "$d/day1.nc" "$d/merged/day1.nc" > "$d/m.txt" 2>&1 &&
      "$T/ncsf-merge" -q "$d/out.nc" "$d/merged/out.nc" >> "$d/m.txt" 2>&1 &&
      ncdump_all "$d/merged/day1.nc" "$d/merged/out.nc" >> "$d/m.txt" 2>&1 &&
      run "$bd" "$rnp" check_renamed "$d/merged" >> "$d/m.txt" 2>&1; rc=$?
    [ $rc -eq 0 ] || cat "$d/m.txt" >&2
    report $rc "t_owners renamed $bd: ncsf-merge reads both, every value np=$np"
    rm -rf "$d"
  done

  # the names of the new subfiles are looked at one by one, at the enddef
  # that makes them: no create or enddef reads the directory (which holds
  # 300 other files here), however many files it holds; the variable whose
  # names day1.nc's subfiles hold is named out.nc.v~2 (subfiling_stem)
  if command -v strace > /dev/null 2>&1; then
    d=$(newdir)
    i=0; while [ $i -lt 300 ]; do : > "$d/other.$i"; i=$((i + 1)); done
    # (a sanitizer build's leak check stops the threads with ptrace, which
    # strace holds already: off for this run)
    run_np "$np" "ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0" strace -ff -e trace=openat,open -o "$d/st" \
      "$B/test/t_owners" renamed "$d" > "$d/r.txt" 2>&1; rc=$?
    dirs=$(cat "$d"/st.* 2>/dev/null | grep -c "\"$d/*\".*O_DIRECTORY")
    [ $rc -eq 0 ] && [ "$dirs" -eq 0 ] && [ -f "$d/out.nc.v~2.0" ] && [ -f "$d/out.nc.v.0" ] &&
      ncdump -h "$d/out.nc" | grep -q 'subfiling_stem = "out.nc.v~2"' &&
      run lib "$rnp" check_renamed "$d" >> "$d/r.txt" 2>&1; rc=$?
    [ $rc -eq 0 ] || { cat "$d/r.txt" >&2; echo "directory opened $dirs times" >&2; ls "$d" | grep -v other | head >&2; }
    report $rc "t_owners renamed: no create or enddef reads the directory (300 other files), the new variable's subfiles out.nc.v~2.K np=$np"
    rm -rf "$d"
  else
    echo "SKIP: t_owners: the directory reads (no strace)"
  fi
done
finish
