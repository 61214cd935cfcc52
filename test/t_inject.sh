#!/bin/sh
# Fault injection swept over every site of eight scenarios, at 1, 2 and 3
# processes (t_inject.c). Needs a library configured with
# --enable-fault-injection: scripts/reliability.sh builds one (with the
# sanitizers) and runs this there; an ordinary build says SKIP.
. "$top_srcdir/test/common.sh"
if [ ! -x "$B/test/t_inject" ]; then
  echo "SKIP: t_inject (this build has no fault injection; scripts/reliability.sh runs the sweep)"
  finish
fi
for np in $(nps t_inject); do
  for s in write read rewrite mpiio indep newcomm splitcomm varn; do
    d=$(newdir)
    run_np "$np" "$B/test/t_inject" "$s" "$d" ${NCSF_INJECT_MODE:-}; report $? "t_inject fault sweep over $s np=$np"
    rm -rf "$d"
  done
done
finish
