#!/bin/sh
# Subfiles whose headers ncsf writes itself (base/cdf_encode.c) are the
# files PnetCDF would have made: the same dataset split twice, once as
# usual and once with NCSF_SUBFILE_HEADER=pnetcdf (PnetCDF makes every
# subfile), gives subfiles equal byte for byte but for the 32 characters
# of the dataset's random identity. Inputs of every classic format, with
# record and fixed-size variables of every type, attributes of every type,
# a _FillValue; every subfile read by ncdump. The encoder alone is
# compared with PnetCDF on random definitions (t_cdfencode).
#
# Fill mode (test/t_fillsub: variables of every type written in part, a
# _FillValue on some, one variable's own fill mode off), run under the
# preload with every variable subfiled, both ways: the base file and every
# subfile equal byte for byte but for the identity, read by ncdump; and
# counted (libmpicount.so), a dataset in fill mode opens each subfile
# through MPI-IO no more often than the same dataset in no-fill mode (ncsf
# writes the fill values through the create's own handle, which the
# engine keeps; before, PnetCDF made the subfiles in fill mode and the
# engine opened each again).
. "$top_srcdir/test/common.sh"
: "${NCGEN:=ncgen}"
PRE=$B/.libs/libncsf-preload.so
CNT=$B/benchmarks/scaling/libmpicount.so
[ -n "${ASAN_OPTIONS:-}" ] && ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0" && export ASAN_OPTIONS

# Files $1 and $2 equal but within one run of at most 32 bytes (the
# dataset identity each subfile records).
same_but_identity() {
  [ "$(wc -c < "$1")" = "$(wc -c < "$2")" ] || { echo "$1: $(wc -c < "$1") bytes, $2: $(wc -c < "$2")" >&2; return 1; }
  cmp -l "$1" "$2" | awk -v f="$1" '
    { if (n == 0) lo = $1; hi = $1; n++ }
    END { if (n > 0 && hi - lo >= 32) { printf "%s: %d bytes differ, from %d to %d\n", f, n, lo, hi > "/dev/stderr"; exit 1 } }'
}

# the most MPI_File_open calls of any rank in counts file $1
opens_of() {
  awk 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { if ($c["file_open"] > m) m = $c["file_open"] } END { print m + 0 }' "$1"
}

FH="subfiling=enable;subfiling_nfiles=3;subfiling_min_size=0"
for fmt in 1 2 5; do
  for np in $(nps t_subfile_header); do
    a=$(newdir) b=$(newdir) c=$(newdir)
    run_np "$np" "NCSF_HINTS=$FH" "LD_PRELOAD=$(with_yield "$PRE $CNT")" "MPICOUNT_OUT=$a/count" \
      "$B/test/t_fillsub" "$a" $fmt fill > "$a/log" 2>&1 && grep -q 't_fillsub: ok' "$a/log" &&
    run_np "$np" "NCSF_HINTS=$FH" "LD_PRELOAD=$(with_yield "$PRE")" NCSF_SUBFILE_HEADER=pnetcdf \
      "$B/test/t_fillsub" "$b" $fmt fill > "$b/log" 2>&1 && grep -q 't_fillsub: ok' "$b/log" &&
    run_np "$np" "NCSF_HINTS=$FH" "LD_PRELOAD=$(with_yield "$PRE $CNT")" "MPICOUNT_OUT=$c/count" \
      "$B/test/t_fillsub" "$c" $fmt nofill > "$c/log" 2>&1 && grep -q 't_fillsub: ok' "$c/log"
    rc=$?
    [ $rc -ne 0 ] && cat "$a/log" "$b/log" "$c/log"
    n=0
    for f in "$a"/f.nc*; do
      [ $rc -eq 0 ] || break
      g=$b/$(basename "$f")
      same_but_identity "$f" "$g" && "$NCDUMP" "$f" > /dev/null || rc=1
      n=$((n + 1))
    done
    [ $n -ge 4 ] || rc=1
    report $rc "t_subfile_header: fill mode, CDF-$fmt, $n files with ncsf's subfiles equal PnetCDF's and read by ncdump np=$np"
    fo=$(opens_of "$a/count") no=$(opens_of "$c/count")
    [ "$fo" -le "$no" ]
    report $? "t_subfile_header: fill mode, CDF-$fmt: MPI-IO opens $fo, no more than in no-fill mode ($no) np=$np"
  done
done

d=$(newdir)
"$B/test/t_cdfencode" "$d" "$(quick_or 400 3000)" > "$d/out" 2>&1; rc=$?
cat "$d/out"
report $rc "t_subfile_header: encoded headers equal PnetCDF's, byte for byte, on random definitions"

command -v "$NCGEN" > /dev/null 2>&1 || { echo "SKIP: t_subfile_header: no ncgen"; finish; }

# the CDL of one input: $1 the format (classic, 64-bit-offset, cdf5)
cdl() {
  cat <<EOF
netcdf allkinds {
dimensions:
  t = UNLIMITED ;
  y = 12 ;
  x = 5 ;
  s = 3 ;
variables:
  double rec(t, y, x) ;
    rec:units = "K" ;
    rec:scale = 1.5 ;
    rec:range = 0s, 10s ;
  int fix(y, x) ;
    fix:_FillValue = -7 ;
  short sh(y, s) ;
    sh:bytes = 1b, 2b, 3b ;
    sh:f = 1.f, 2.5f ;
  byte by(y) ;
  char ch(y, s) ;
    ch:note = "seven c" ;
  float fl(t, y) ;
EOF
  [ "$1" = cdf5 ] && cat <<EOF
  uint64 big(y, x) ;
    big:u = 4000000000u ;
    big:ll = 9000000000000ll ;
  ushort us(t, y) ;
EOF
  cat <<EOF
  double keep(x) ;
// global attributes:
    :title = "t_subfile_header" ;
    :ints = 1, 2, 3 ;
data:
 rec = $(seq -s, 1 180) ;
 fix = $(seq -s, 1 60) ;
 sh = $(seq -s, 1 36) ;
 by = $(seq -s, 1 12) ;
 ch = "abcdefghijklmnopqrstuvwxyzabcdefghij" ;
 fl = $(seq -s, 1 36) ;
 keep = 1, 2, 3, 4, 5 ;
EOF
  [ "$1" = cdf5 ] && cat <<EOF
 big = $(seq -s, 1 60) ;
 us = $(seq -s, 1 36) ;
EOF
  echo "}"
}

for fmt in classic 64-bit-offset cdf5; do
  in=$scratch/in-$fmt.nc
  cdl $fmt > "$scratch/in-$fmt.cdl" && "$NCGEN" -k $fmt -o "$in" "$scratch/in-$fmt.cdl"
  report $? "t_subfile_header: an input in format $fmt (ncgen)" || continue
  vars=rec,fix,sh,by,ch,fl
  [ $fmt = cdf5 ] && vars=$vars,big,us
  for np in $(nps t_subfile_header); do
    a=$(newdir) b=$(newdir)
    run_np "$np" "$B/tools/ncsf-split" "$in" "$a/s.nc" --var $vars --nfiles 3 --dims y > "$a/log" 2>&1 &&
    run_np "$np" NCSF_SUBFILE_HEADER=pnetcdf "$B/tools/ncsf-split" "$in" "$b/s.nc" --var $vars --nfiles 3 --dims y > "$b/log" 2>&1
    rc=$?
    [ $rc -ne 0 ] && cat "$a/log" "$b/log"
    n=0
    for f in "$a"/s.nc.*; do
      [ $rc -eq 0 ] || break
      g=$b/$(basename "$f")
      same_but_identity "$f" "$g" && "$NCDUMP" "$f" > /dev/null || rc=1
      n=$((n + 1))
    done
    [ $n -gt 0 ] || rc=1
    report $rc "t_subfile_header: $fmt, $n subfiles with ncsf's headers equal PnetCDF's and read by ncdump np=$np"
  done
done
finish
