#!/bin/sh
# A varn's plan outlives its dataset only where it holds (t_varn_keep.c):
# a dataset opened again, or made again with the same layout (on the
# same communicator or a duplicate), reuses the plans the last closed one
# left; one whose subfile offsets or subfile count differ builds its own.
# Every value read back is checked by the program, through the plan and
# through a path without one; and the dataset written after another
# dataset's plans were kept (C.nc) is merged and listed by ncdump, equal
# to the same content written by plain PnetCDF (ref.nc).
. "$top_srcdir/test/common.sh"
for np in $(nps t_varn_keep); do
  for n in $((np + 1)) 1; do
    d=$(newdir)
    run_np "$np" "$B/test/t_varn_keep" "$d" "$n"; r=$?
    if [ $r -eq 0 ]; then
      run_np 1 "$B/tools/ncsf-merge" -q "$d/C.nc" "$d/C-merged.nc" > "$d/merge.out" 2>&1 || { cat "$d/merge.out"; r=1; }
      # everything ncdump lists but the first line (the file's name)
      $NCDUMP "$d/C-merged.nc" 2> /dev/null | sed 1d > "$d/C.cdl"
      $NCDUMP "$d/ref.nc" 2> /dev/null | sed 1d > "$d/ref.cdl"
      if [ ! -s "$d/ref.cdl" ] || ! cmp -s "$d/C.cdl" "$d/ref.cdl"; then
        echo "t_varn_keep: C.nc merged differs from ref.nc:"; diff "$d/C.cdl" "$d/ref.cdl" | head -n 10; r=1
      fi
    fi
    report $r "t_varn_keep np=$np, $n subfiles"
    rm -rf "$d"
  done
done
finish
