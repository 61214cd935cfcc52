#!/bin/sh
# Node-aware defaults (test/t_nodes): one subfile per node, the census kept
# on the communicator (taken at the first create only), inter-node data
# bytes (none for blocks aligned with nodes), subfiling_max_size. Nodes are
# pretended with MPICH's MPIR_CVAR_NUM_CLIQUES=k and
# MPIR_CVAR_CLIQUES_BY_BLOCK=1 (k nodes of consecutive ranks), which
# MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) honours. Another MPI (Open
# MPI) ignores them: the run is made again with the nodes pretended by the
# test program's own MPI_Comm_split_type (T_NODES_PRETEND=k, through the
# profiling interface: the library's census calls it too), and says so.
. "$top_srcdir/test/common.sh"
P=$B/test/t_nodes
for np in $(nps t_nodes); do
  for k in 1 2 4; do
    [ "$k" -le "$np" ] && [ $((np % k)) -eq 0 ] || continue
    d=$(newdir)
    run_np "$np" MPIR_CVAR_NUM_CLIQUES=$k MPIR_CVAR_CLIQUES_BY_BLOCK=1 "$P" "$d/t" > "$d/out.txt" 2>&1
    rc=$?
    got=$(sed -n 's/^NODES \([0-9]*\) .*/\1/p' "$d/out.txt")
    how=
    if [ $rc -eq 0 ] && [ "$k" -gt 1 ] && [ "$got" = 1 ]; then
      # this MPI does not pretend nodes: the program does
      rm -rf "$d"; d=$(newdir)
      run_np "$np" T_NODES_PRETEND=$k T_NODES_BY_BLOCK=1 "$P" "$d/t" > "$d/out.txt" 2>&1
      rc=$?
      got=$(sed -n 's/^NODES \([0-9]*\) .*/\1/p' "$d/out.txt")
      how=" (this MPI has no MPIR_CVAR_NUM_CLIQUES: nodes pretended by the test's MPI_Comm_split_type)"
    fi
    [ $rc -eq 0 ] && [ "$got" = "$k" ] && grep -q "^NODES $k default_N $k by_block 1" "$d/out.txt" &&
      grep -q "^INTERNODE aligned 0 shifted [0-9]* runs 0$" "$d/out.txt" || cat "$d/out.txt" >&2
    [ $rc -eq 0 ] && [ "$got" = "$k" ] && grep -q "^NODES $k default_N $k by_block 1" "$d/out.txt" &&
      grep -q "^INTERNODE aligned 0 shifted [0-9]* runs 0$" "$d/out.txt"
    report $? "t_nodes: $k pretend nodes: N = $k by default, census at the first of 3 creates only, 0 inter-node bytes aligned (by gather and by runs), $(sed -n 's/^INTERNODE aligned 0 shifted \([0-9]*\).*/\1/p' "$d/out.txt") shifted; subfiling_max_size np=$np$how"
  done
  # round-robin placement (ranks 0 and 2 on one node, 1 and 3 on the
  # other): still one subfile per node, but rows in rank order now cross
  # nodes, and the counter says so
  if [ "$np" -eq 4 ]; then
    d=$(newdir)
    run_np "$np" MPIR_CVAR_NUM_CLIQUES=2 MPIR_CVAR_CLIQUES_BY_BLOCK=0 "$P" "$d/t" > "$d/out.txt" 2>&1
    rc=$?
    how=
    if [ $rc -eq 0 ] && grep -q "^NODES 1 " "$d/out.txt"; then
      rm -rf "$d"; d=$(newdir)
      run_np "$np" T_NODES_PRETEND=2 T_NODES_BY_BLOCK=0 "$P" "$d/t" > "$d/out.txt" 2>&1
      rc=$?
      how=" (nodes pretended by the test's MPI_Comm_split_type)"
    fi
    a=$(sed -n 's/^INTERNODE aligned \([0-9]*\) .*/\1/p' "$d/out.txt")
    [ $rc -eq 0 ] && grep -q "^NODES 2 default_N 2 by_block 0" "$d/out.txt" && [ "${a:-0}" -gt 0 ] || cat "$d/out.txt" >&2
    [ $rc -eq 0 ] && grep -q "^NODES 2 default_N 2 by_block 0" "$d/out.txt" && [ "${a:-0}" -gt 0 ]
    report $? "t_nodes: 2 pretend nodes, round-robin: N = 2 by default, the census by table, rows in rank order cross nodes ($a bytes) np=$np$how"
  fi
done
exit $failed
