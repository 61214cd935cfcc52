#!/bin/sh
# The counting layer (benchmarks/scaling/libmpicount.so) counts the
# collectives a program makes once each, and the ones MPI-IO makes inside
# MPI apart, in column inner_calls (t_mpicount.c has the three phases):
# phase 1, 2 of the program's (multi_calls 2 from 2 processes on, 0 at 1)
# and no inner one; phase 2, none of the program's and, from 2 processes
# on, at least 3 inner ones (ROMIO's open, write_at_all and close each
# make at least one), none at 1; phase 3, one communicator made, counted
# once (comms 1), no inner call. Every rank's line is checked. An MPI
# whose MPI-IO makes its collectives within itself, where no PMPI_
# definition sees them (Open MPI's ompio), counts no inner call in phase
# 2 on any rank: that part is said as SKIP, the rest checked.
. "$top_srcdir/test/common.sh"
CNT=$B/benchmarks/scaling/libmpicount.so
[ -e "$CNT" ] || { echo "FAIL: t_mpicount: $CNT is missing (make)"; exit 1; }
for np in $(nps t_mpicount); do
  d=$(newdir)
  run_np "$np" "LD_PRELOAD=$CNT" "MPICOUNT_OUT=$d/c.txt" "$B/test/t_mpicount" "$d/f.dat"; rc=$?
  if [ $rc -eq 0 ]; then
    awk -v np="$np" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
      function want(what, got, w) { if (got != w) { printf "rank %d phase %d: %s %s, not %s\n", $3, $1, what, got, w; bad = 1 } }
      $1 == 1 { n1++; want("multi_calls", $c["multi_calls"], np > 1 ? 2 : 0); want("inner_calls", $c["inner_calls"], 0)
                want("world_calls", $c["world_calls"], 2) }
      $1 == 2 { n2++; want("multi_calls", $c["multi_calls"], 0); want("file_open", $c["file_open"], 1)
                if ($c["inner_calls"] == 0) none++
                else if (np > 1 && $c["inner_calls"] < 3) { printf "rank %d: %d inner calls in the MPI-IO phase\n", $3, $c["inner_calls"]; bad = 1 }
                if (np == 1) want("inner_calls", $c["inner_calls"], 0) }
      $1 == 3 { n3++; want("comms", $c["comms"], 1); want("inner_calls", $c["inner_calls"], 0) }
      END { if (n1 != np || n2 != np || n3 != np) { print "phases missing"; bad = 1 }
            if (!bad && np > 1 && none == np) exit 3
            if (np > 1 && none > 0 && none < np) { print "MPI-IO counted on some ranks only"; bad = 1 }
            exit bad }' "$d/c.txt"; rc=$?
  fi
  what="t_mpicount np=$np: the program's collectives once, MPI-IO's own apart"
  if [ $rc -eq 3 ]; then
    # an MPI whose MPI-IO calls its collectives within itself (Open MPI's
    # ompio): the program's counts checked, MPI-IO's cannot be seen
    echo "SKIP: $what: this MPI's MPI-IO makes no PMPI_ call the layer can see (the program's counts checked)"
    rc=0
  else
    [ $rc -ne 0 ] && cat "$d/c.txt" 2> /dev/null
    report $rc "$what"
  fi
  rm -rf "$d"
done
finish
