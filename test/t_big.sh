#!/bin/sh
# Pieces and runs beyond 2 GiB (t_big.c): 2 processes, about 8 GB of
# memory and 6 GB of disk; SKIP (saying why) where the machine has less.
. "$top_srcdir/test/common.sh"
if [ "${NCSF_TIER:-full}" = quick ]; then
  echo "SKIP: t_big (2.5 GiB pieces: the full tier, bash scripts/test.sh --full)"; finish
fi
mem_kb=$(sed -n 's/^MemAvailable: *\([0-9]*\) kB/\1/p' /proc/meminfo 2>/dev/null)
disk_kb=$(df -Pk "$scratch" | awk 'NR == 2 {print $4}')
if [ "${mem_kb:-0}" -lt 11000000 ] || [ "${disk_kb:-0}" -lt 8000000 ]; then
  echo "SKIP: t_big (needs 11 GB of free memory and 8 GB of disk; has ${mem_kb:-?} kB and ${disk_kb:-?} kB)"
  finish
fi
for mode in gather mpiio; do
  d=$(newdir)
  # requests over 2 GiB, which PnetCDF refuses (NC_EMAX_REQ), allowed
  NCSF_LARGE_REQ=1 run_np 2 "$B/test/t_big" "$d" "$mode"; report $? "t_big a 2.5 GiB piece through $mode np=2"
  rm -rf "$d"
done
finish
