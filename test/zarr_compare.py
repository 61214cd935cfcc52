"""Checks of Zarr references (ncsf-info --kerchunk, python -m ncsf.kerchunk).

    python3 zarr_compare.py same A.json B.json
        the two reference files say the same (JSON parsed, the .zarray and
        .zattrs texts too)
    python3 zarr_compare.py read REF.json MERGED.nc [VAR INDEX]
        xarray's zarr engine through fsspec's reference filesystem, with ncsf
        not importable, reads every variable (or VAR[INDEX] along its first
        dimension) identical to ncsf-merge's output read by netCDF4: raw
        values and the decoded dataset (attributes, fill values)
    python3 zarr_compare.py many LIST
        each line of LIST one of the above ("same A B", "read REF MERGED"),
        a read run from REF's directory (the references' paths are relative
        to it), all in one interpreter; prints a line per failure and exits
        1 if any failed
"""
import os
import json
import sys


def load(p):
    r = json.load(open(p))
    assert r["version"] == 1, p
    return {k: (json.loads(v) if k.rsplit("/", 1)[-1] in (".zarray", ".zattrs", ".zgroup") else v)
            for k, v in r["refs"].items()}


def same(a, b):
    x, y = load(a), load(b)
    for k in sorted(set(x) | set(y)):
        if x.get(k) != y.get(k):
            sys.exit("%s and %s differ at %s: %r, %r" % (a, b, k, x.get(k), y.get(k)))
    print("same: %d keys" % len(x))


def read(ref, merged, var=None, index=None):
    try:
        import ncsf  # noqa: F401
        sys.exit("ncsf is importable: this check is meant to run without it")
    except ImportError:
        pass
    import numpy as np
    import xarray as xr
    for decode in (False, True):
        a = xr.open_dataset("reference://", engine="zarr", decode_cf=decode, mask_and_scale=decode,
                            backend_kwargs={"consolidated": False, "storage_options": {"fo": ref}})
        b = xr.open_dataset(merged, engine="netcdf4", decode_cf=decode, mask_and_scale=decode)
        names = [var] if var else list(b.variables)
        for k in names:
            x = a[k][int(index)].values if index is not None else a[k].values
            y = b[k][int(index)].values if index is not None else b[k].values
            assert decode or x.dtype == y.dtype, (k, x.dtype, y.dtype)
            assert x.shape == y.shape and np.array_equal(x, y, equal_nan=x.dtype.kind == "f"), (k, x, y)
        if not var:
            assert not decode or a.identical(b), (a, b)
        a.close()
        b.close()
    import fsspec
    print("identical: %s (fsspec %s from %s)" % (merged, fsspec.__version__, fsspec.__file__))


def many(listing):
    bad = 0
    top = os.getcwd()
    for line in open(listing):
        w = line.split()
        if not w:
            continue
        try:
            if w[0] == "same":
                same(w[1], w[2])
            else:
                os.chdir(os.path.dirname(os.path.abspath(w[1])))
                read(os.path.basename(w[1]), os.path.abspath(os.path.join(top, w[2])), *w[3:])
        except (SystemExit, Exception) as e:  # every line checked, each failure said
            bad += 1
            print("FAILED: %s: %r" % (line.strip(), e))
        finally:
            os.chdir(top)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    if sys.argv[1] == "many":
        many(sys.argv[2])
    elif sys.argv[1] == "same":
        same(sys.argv[2], sys.argv[3])
    else:
        read(*sys.argv[2:])
