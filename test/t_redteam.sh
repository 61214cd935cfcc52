#!/bin/sh
# The defects an adversarial reading found (issue 20), each kept as a
# regression test (test/t_redteam.c says what each case checks):
#  - nospace: a growing subfile header on a full 1 MiB tmpfs (SKIP where
#    mounting is not permitted)
#  - rename, pgrid, indep, mark, clobber: ncdump reads every file written
#  - swap: a const buffer under nc_in_place_swap (MPI_Info and
#    PNETCDF_HINTS); the PnetCDF-only build run plain and through the
#    preload, whose data must equal the plain run's
#  - emfile (under ulimit -n 256) and an over-long NCSF_HINTS value: the
#    messages name the cause and the remedy
. "$top_srcdir/test/common.sh"
P=$B/test/t_redteam
PLAIN=$B/test/t_redteam_plain
PRE=$B/.libs/libncsf-preload.so
unset NCSF_HINTS PNETCDF_HINTS
[ -n "${ASAN_OPTIONS:-}" ] && ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0" && export ASAN_OPTIONS
data_of() { "$NCDUMP" "$1" | sed -n '/^data:/,$p'; }

for np in $(nps t_redteam); do
  d=$(newdir)
  mkdir "$d/full"
  if mount -t tmpfs -o size=1m ncsf-redteam "$d/full" 2> /dev/null; then
    run_np "$np" "$P" nospace "$d/full"; report $? "t_redteam a subfile header grows on a full file system: NC_ENO_SPACE, marked failed, no wrong value np=$np"
    umount "$d/full"
  else
    echo "SKIP: t_redteam nospace np=$np (mounting a tmpfs is not permitted here)"
  fi

  run_np "$np" "$P" rename "$d" && ncdump_all "$d/ren.nc" "$d"/ren.nc.*
  report $? "t_redteam rename_var, then def_var under the old name: both keep their data, ncdump np=$np"

  run_np "$np" "$P" pgrid "$d"; report $? "t_redteam subfiling_pgrid whose product overflows: NC_EINVAL at def_var np=$np"

  run_np "$np" "$P" indep "$d" && ncdump_all "$d/indep.nc" "$d"/indep.nc.*
  report $? "t_redteam redef in independent mode: collective mode after enddef np=$np"

  run_np "$np" "$P" mark "$d" && ncdump_all "$d/mark.nc" "$d/mark5.nc" "$d"/mark.nc.* "$d"/mark5.nc.* &&
    "$B/tools/ncsf-info" "$d/mark.nc" > /dev/null && "$B/tools/ncsf-info" "$d/mark5.nc" > /dev/null
  report $? "t_redteam a user attribute spelling the completion mark is left alone np=$np"

  run_np "$np" "$P" clobber "$d" && expect_files "$d" "cl.nc*" cl.nc cl.nc.v.0 cl.nc.v.1 cl.nc.v.4 cl.nc.v.5 cl.nc.v.9 &&
    expect_files "$d" "cl2.nc*" cl2.nc cl2.nc.v.0 cl2.nc.v.1 cl2.nc.v.12 cl2.nc.v.4 cl2.nc.v.5 &&
    [ "$(cat "$d/precious")" = keep ] && ncdump_all "$d/cl.nc" "$d/cl.nc.v.0" "$d/cl.nc.v.1" \
      "$d/cl2.nc" "$d/cl2.nc.v.0" "$d/cl2.nc.v.1"
  report $? "t_redteam NC_CLOBBER with fewer subfiles removes the old ones (12 checked by process 0 alone and removed by all, 18 by all), nothing else np=$np"

  # swap: through ncsf; then PnetCDF's hint from the environment
  run_np "$np" "$P" swap "$d" && ls "$d"/swap_disable.nc.v.1 > /dev/null
  report $? "t_redteam nc_in_place_swap (MPI_Info): a const buffer is written, not swapped in place np=$np"
  PNETCDF_HINTS="nc_in_place_swap=disable" run_np "$np" "$P" swap "$d"
  report $? "t_redteam nc_in_place_swap=disable from PNETCDF_HINTS np=$np"
  mkdir "$d/plain" "$d/pre"
  run_np "$np" "$PLAIN" swap "$d/plain" && ! ls "$d"/plain/*.nc.* > /dev/null 2>&1
  report $? "t_redteam_plain swap: plain PnetCDF writes the const buffer np=$np"
  run_np "$np" "LD_PRELOAD=$(with_yield "$PRE")" "$PLAIN" swap "$d/pre" && ls "$d/pre/swap_auto.nc.v.1" > /dev/null &&
    for f in swap_disable swap_auto swap_enable; do
      data_of "$d/plain/$f.nc" > "$d/a.txt" && "$B/tools/ncsf-merge" "$d/pre/$f.nc" "$d/m.nc" > /dev/null &&
        data_of "$d/m.nc" > "$d/b.txt" && cmp "$d/a.txt" "$d/b.txt" && rm -f "$d/m.nc" || exit 1
    done
  report $? "t_redteam_plain swap through the preload: subfiled, no crash, data equal the plain run's np=$np"

  # out of descriptors at enddef
  (ulimit -n 256 && export NCSF_VERBOSE=1 && run_np "$np" "$P" emfile "$d") > "$d/emfile.txt" 2>&1 &&
    grep -q "ulimit -n" "$d/emfile.txt" && grep -q "subfiling_max_open" "$d/emfile.txt"
  rc=$?; [ $rc -eq 0 ] || cat "$d/emfile.txt" >&2
  report $rc "t_redteam out of file descriptors: an agreed error naming ulimit -n and subfiling_max_open np=$np"

  long=$(head -c 2000 /dev/zero | tr '\0' 'a')
  (export NCSF_VERBOSE=1 && NCSF_HINTS="subfiling=enable;subfiling_vars=$long" run_np "$np" "$P" envlong "$d") > "$d/env.txt" 2>&1 &&
    grep -q "value is 2000 bytes, more than the [0-9][0-9]* an MPI_Info value may hold" "$d/env.txt" && grep -q "shorten it" "$d/env.txt"
  rc=$?; [ $rc -eq 0 ] || cat "$d/env.txt" >&2
  report $rc "t_redteam an over-long NCSF_HINTS value: the warning gives the limit and the remedy np=$np"
done
finish
