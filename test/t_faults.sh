#!/bin/sh
# File-system faults, a writer killed before close, 500 subfiles under a
# small descriptor limit, an extent beyond 2^32: agreed NC_E* codes, and
# what was written before a fault still reads back.
. "$top_srcdir/test/common.sh"
# Root writes through permission bits: the unwritable-directory case runs
# as nobody then, in a directory nobody owns.
as_user() {
  if [ "$(id -u)" = 0 ]; then setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; else "$@"; fi
}
chmod 0711 "$scratch"
for np in $(nps t_faults); do
  d=$(newdir); chmod 0711 "$d"
  run_np "$np" "$B/test/t_faults" fs "$d"; report $? "t_faults file-system faults np=$np"
  mkdir "$d/ro-run"; [ "$(id -u)" = 0 ] && chown 65534:65534 "$d/ro-run"
  if as_user test -x "$B/test/.libs/t_faults" -a -r "$B/.libs/libncsf.so" -a -w "$d/ro-run"; then
    NCSF_LAUNCH_WRAP="as_user timeout -k 10 $TEST_TIMEOUT"
    ncsf_launch "$np" ${YIELD_SO:+"LD_PRELOAD=$YIELD_SO"} -- "$B/test/t_faults" ro "$d/ro-run"
    report $? "t_faults unwritable subfile directory np=$np"
    NCSF_LAUNCH_WRAP=
  else
    echo "SKIP: t_faults unwritable subfile directory np=$np (user nobody cannot reach the build tree)"
  fi
  "$B/tools/ncsf-info" "$d/fsize.nc" > "$d/info.txt"; rc=$?
  [ $rc -eq 1 ] && grep -q "INCOMPLETE: a write" "$d/info.txt"; report $? "ncsf-info reports a dataset whose write failed np=$np"

  # a really full disk: a 1 MiB tmpfs, where this machine lets us mount one
  mkdir "$d/full"
  if mount -t tmpfs -o size=1m ncsf-test "$d/full" 2> /dev/null; then
    run_np "$np" "$B/test/t_faults" full "$d/full"; report $? "t_faults a full file system (1 MiB tmpfs) np=$np"
    umount "$d/full"
  else
    echo "SKIP: t_faults a full file system np=$np (mounting a tmpfs is not permitted here)"
  fi

  run_np "$np" "$B/test/t_faults" die "$d" > "$d/die.txt" 2>&1; rc=$?
  # killed, not finished and not hung
  [ $rc -ne 0 ] && [ $rc -ne 124 ] && grep -q "killing myself" "$d/die.txt"; report $? "t_faults a rank killed before close np=$np (exit $rc)"
  "$B/tools/ncsf-info" "$d/died.nc" > "$d/info.txt"; rc=$?
  [ $rc -eq 1 ] && grep -q "INCOMPLETE: its writer did not close" "$d/info.txt"; report $? "ncsf-info reports the killed writer's dataset np=$np"
  run_np "$(other_np "$np")" "$B/test/t_faults" died "$d"; report $? "t_faults killed writer's dataset refused, readable on request np=$(other_np "$np")"
  run_np "$np" "$B/test/t_faults" die_synced "$d" > "$d/die_synced.txt" 2>&1; rc=$?
  [ $rc -ne 0 ] && [ $rc -ne 124 ] && grep -q "killing myself" "$d/die_synced.txt"; report $? "t_faults a rank killed after a sync np=$np (exit $rc)"
  "$B/tools/ncsf-info" "$d/died_synced.nc" > "$d/info_synced.txt"; rc=$?
  [ $rc -eq 0 ] && grep -q "state: synced" "$d/info_synced.txt"; report $? "ncsf-info reports the dataset synced before the kill np=$np"
  run_np "$(other_np "$np")" "$B/test/t_faults" died_synced "$d"; report $? "t_faults dataset killed after a sync opens whole as of the sync np=$(other_np "$np")"

  (ulimit -n 64 && run_np "$np" "$B/test/t_faults" many "$d"); report $? "t_faults 500 subfiles under ulimit -n 64 np=$np"
  ncdump_all "$d/many.nc.a.0" "$d/many.nc.a.499"; report $? "ncdump reads subfiles 0 and 499 np=$np"

  run_np "$np" "$B/test/t_faults" huge "$d"; report $? "t_faults extent 2^32+3 along the partitioned dimension np=$np"
  "$NCDUMP" -h "$d/huge.nc.h.4" | grep -q "x = 858993459 ;"; report $? "ncdump -h: last block of the huge variable np=$np"
  rm -rf "$d"
done
finish
