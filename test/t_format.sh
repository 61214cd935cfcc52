#!/bin/sh
# Format 2 at many subfiles: the header of one subfile stays under 4 KiB at
# N = 4,096 and 65,536 (format 1 lists every block: hundreds of KiB), and a
# real dataset of 4,096 subfiles is written and read back (every value
# checked) by 4 processes, its files valid to ncdump and ncvalidator.
. "$top_srcdir/test/common.sh"
F=$B/benchmarks/format
for n in 4096 65536; do
  h2=$(run_np 1 "$F/format_header" "$n" 2 | sed -n 's/.* subfile_header=\([0-9]*\).*/\1/p')
  h1=$(run_np 1 "$F/format_header" "$n" 1 | sed -n 's/.* subfile_header=\([0-9]*\).*/\1/p')
  [ -n "$h2" ] && [ -n "$h1" ] && [ "$h2" -le 4096 ] && [ "$h1" -gt $((n * 64)) ]
  report $? "format 2 subfile header at N=$n is ${h2:-?} bytes (<= 4096; format 1: ${h1:-?})"
done
for np in $(nps t_format); do
  d=$(newdir)
  out=$(run_np "$np" "$F/format_scale" write "$d" 4096 2); rc=$?
  echo "$out"
  [ $rc -eq 0 ] && echo "$out" | grep -q " wrong=0" && [ "$(ls "$d" | wc -l)" -eq 4097 ]
  report $? "4096 subfiles written and read back np=$np"
  ncdump_all "$d/fs.nc" "$d/fs.nc.a.0" "$d/fs.nc.a.4095"; report $? "ncdump and ncvalidator read base and subfiles np=$np"
  rm -rf "$d"
done
finish
