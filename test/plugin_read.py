"""netCDF4-python, unmodified, through LD_PRELOAD=libncsf-netcdf.so: every
variable of the subfiled dataset SUBFILED read whole and in slices (single
indices, ranges, strides, a reversed range: vara and vars), compared value
for value, with the attributes and dimensions, with ncsf-merge's copy
MERGED (a plain file, which the preload leaves to netCDF-C).

    python3 plugin_read.py SUBFILED MERGED
"""
import sys

import netCDF4
import numpy as np


def slices(shape):
    yield (Ellipsis,)
    yield tuple(slice(None, None, 2) for _ in shape)
    yield tuple(slice(1, None) if n > 1 else slice(None) for n in shape)
    yield (shape[0] - 1,) + (Ellipsis,) if shape and shape[0] else (Ellipsis,)
    yield tuple(slice(n // 3, n - n // 4, 3) for n in shape)
    yield (slice(None, None, -1),) + (Ellipsis,) if shape else (Ellipsis,)


def main(sub, merged):
    a, b = netCDF4.Dataset(sub), netCDF4.Dataset(merged)
    for ds in (a, b):
        ds.set_auto_maskandscale(False)
    assert sorted(a.ncattrs()) == sorted(b.ncattrs()), (a.ncattrs(), b.ncattrs())
    assert {k: len(d) for k, d in a.dimensions.items()} == {k: len(d) for k, d in b.dimensions.items()}
    assert list(a.variables) == list(b.variables), (list(a.variables), list(b.variables))
    reads = 0
    for name, va in a.variables.items():
        vb = b.variables[name]
        assert va.dimensions == vb.dimensions and va.shape == vb.shape and va.dtype == vb.dtype, name
        assert va.ncattrs() == vb.ncattrs(), (name, va.ncattrs(), vb.ncattrs())
        for k in va.ncattrs():
            assert np.array_equal(np.asarray(va.getncattr(k)), np.asarray(vb.getncattr(k))), (name, k)
        for key in slices(va.shape):
            x, y = np.asarray(va[key]), np.asarray(vb[key])
            assert x.shape == y.shape and np.array_equal(x, y), (name, key, x, y)
            reads += 1
    a.close()
    b.close()
    print("%s: %d variables, %d slices identical" % (sub, len(b.variables), reads))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
