#!/bin/sh
# A varn on a variable of the same shape, in the same subfiles and with
# the same pieces as another's takes a copy of that one's plan; anything
# else builds one (t_derive.c: the counters on every process, every value
# read back two ways, the plans kept for the dataset opened again). The
# files: ncdump reads each; merged, netCDF4-python checks every value.
. "$top_srcdir/test/common.sh"
find_python "netCDF4, numpy" || echo "t_derive: no netCDF4-python: the merged files are not checked value by value"
for np in $(nps t_derive); do
  for n in $((np + 1)) 1 2; do
    d=$(newdir)
    what="t_derive np=$np, $n subfiles"
    run_np "$np" "$B/test/t_derive" "$d" "$n"; rc=$?
    if [ $rc -eq 0 ]; then ncdump_all "$d"/derive.nc* || rc=1; fi
    if [ $rc -eq 0 ] && [ -n "$PY" ]; then
      "$B/tools/ncsf-merge" --quiet "$d/derive.nc" "$d/merged.nc" && "$PY" - "$d/merged.nc" "$np" <<'PYEOF' || rc=1
import sys, netCDF4, numpy as np
ds = netCDF4.Dataset(sys.argv[1])
names = ["T", "Q", "U", "W", "F", "R"]
for v, name in enumerate(names):
    a = ds.variables[name][:]
    t, l, c = np.meshgrid(np.arange(a.shape[0]), np.arange(a.shape[1]), np.arange(a.shape[2]), indexing="ij")
    want = v * 100000 + t * 10000 + l * 1000 + c + 0.5
    if a.shape != (2, 3, 24 * int(sys.argv[2]) * 5) or not np.array_equal(np.asarray(a, dtype=np.float64), want):
        sys.exit("%s: %d wrong values, shape %s" % (name, int((np.asarray(a) != want).sum()), a.shape))
PYEOF
    fi
    report $rc "$what"
    rm -rf "$d"
  done
done
finish
