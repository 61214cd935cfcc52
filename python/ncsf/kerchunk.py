"""Zarr references to a subfiled dataset, in kerchunk's JSON format
(version 1): every chunk of every variable mapped to [file, offset, length]
in the subfile (or base file) that holds it, so that any Zarr reader
(xarray's zarr engine through fsspec's reference filesystem) reads the
global arrays in place, with no ncsf code installed (doc/reading.md).

Chunks: Zarr wants one regular chunk shape per array. Along a partitioned
dimension the chunk length is the greatest common divisor of the block
boundaries and the extent (one chunk per block when the blocks are equal);
a record variable has one chunk per record; every chunk must be one
contiguous byte range of one subfile, so the dimensions before the last one
whose chunks are shorter than its blocks get chunk length 1.

    python3 -m ncsf.kerchunk DATASET OUT.json

File names in the references are relative to OUT.json's directory (fsspec
resolves them against the working directory: open the references from
there), each behind a prefix of no-op path components that makes the names
of a variable's chunks sort in chunk order (url_order)."""

import json
import math
import os
import sys

import numpy as np

from . import cdfheader
from .reader import Dataset, SubfiledVariable


def zarr_dtype(dtype):
    dt = np.dtype(dtype)
    if dt.kind == "S":
        return "|S1"
    return dt.newbyteorder(">").str if dt.itemsize > 1 else "|" + dt.str[1:]


def _jsonable(v):
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    if isinstance(v, np.ndarray):
        return [_jsonable(x) for x in v.tolist()] if v.ndim else _jsonable(v.item())
    if isinstance(v, np.generic):
        return _jsonable(v.item())
    if isinstance(v, float) and not math.isfinite(v):
        return "NaN" if math.isnan(v) else ("Infinity" if v > 0 else "-Infinity")
    if isinstance(v, list):
        return [_jsonable(x) for x in v]
    return v


def chunk_shape(var, shape):
    """The largest regular chunk shape whose chunks each lie contiguous in
    one file (module docstring)."""
    lay = var.layout if isinstance(var, SubfiledVariable) else None
    if lay is not None:
        record = lay.record
    else:
        record = bool(shape) and var._v.get_dims()[0].isunlimited()
    chunks, full = [], []
    for d, n in enumerate(shape):
        if d == 0 and record:
            chunks.append(1)
            full.append(True)
        elif lay is not None and d in lay.pdims:
            b = lay.bounds[lay.pdims.index(d)]
            g = 0
            for x in b[1:]:
                g = math.gcd(g, x)
            chunks.append(g)
            full.append(all(b[i + 1] - b[i] == g for i in range(len(b) - 1)))
        else:
            chunks.append(max(n, 1))
            full.append(True)
    last = max([d for d in range(len(shape)) if not full[d]], default=-1)
    for d in range(last):
        chunks[d] = 1
    return chunks, bool(record)


def url_order(ordinal, width, rel):
    """The file name of chunk number ordinal (C order) of a variable of
    2**width chunks at most: rel behind "." and width tokens, "/." for a 0
    bit and "//" for a 1 bit, most significant first, then "/". Each token
    is a no-op in a POSIX path and "/." sorts before "//", so a variable's
    chunk names sort in chunk order whatever the files are called: fsspec
    before 2023.3.0 sorts a multi-chunk read's ranges by name and hands them
    back in request order (chunk order), and reads right with these names
    (doc/reading.md)."""
    return "." + "".join("//" if (ordinal >> b) & 1 else "/." for b in range(width - 1, -1, -1)) + "/" + rel


class _Files:
    """Each file's data layout (begin of each variable, record size), once."""

    def __init__(self):
        self._cache = {}

    def get(self, path):
        if path not in self._cache:
            self._cache[path] = cdfheader.data_layout(path)
        return self._cache[path]


def _var_refs(ds, name, var, refdir, files, refs):
    shape = list(var.shape)
    chunks, record = chunk_shape(var, shape)
    es = np.dtype(var.dtype).itemsize
    nch = [-(-n // c) if n else 0 for n, c in zip(shape, chunks)]
    lay = var.layout if isinstance(var, SubfiledVariable) else None
    count = 0
    width = (math.prod(nch) - 1).bit_length() if math.prod(nch) > 1 else 0
    for idx in np.ndindex(*nch) if shape else [()]:
        start = [i * c for i, c in zip(idx, chunks)]
        if lay is not None:
            coords = [next(c for c in range(lay.pgrid[p]) if lay.bounds[p][c] <= start[d] < lay.bounds[p][c + 1])
                      for p, d in enumerate(lay.pdims)]
            k = lay.block_of(coords)
            ds._subfile_var(var, k)  # checked as the reader checks it
            path = os.path.join(ds.dir, lay.name(k))
            bst, bct = lay.block(k)
        else:
            path = ds.path
            bst, bct = [0] * len(shape), list(shape)
        numrecs, recsize, begins = files.get(path)
        off = begins[name]
        first = 1 if record else 0
        if record:
            off += start[0] * recsize
        stride = es
        for d in range(len(shape) - 1, first - 1, -1):
            off += (start[d] - bst[d]) * stride
            stride *= bct[d]
        length = es * math.prod(chunks)
        key = "%s/%s" % (name, ".".join(str(i) for i in idx) if idx else "0")
        real = os.path.join(os.path.realpath(os.path.dirname(path) or "."), os.path.basename(path))
        refs[key] = [url_order(count, width, os.path.relpath(real, refdir)), off, length]
        count += 1
    return chunks, count


def references(path, out_path, incomplete="refuse"):
    """The kerchunk (version 1) dict for the dataset at path (its base file
    or any subfile), file names relative to out_path's directory; and the
    number of chunk references it holds."""
    refdir = os.path.realpath(os.path.dirname(os.path.abspath(out_path)))
    refs = {".zgroup": json.dumps({"zarr_format": 2})}
    total = 0
    files = _Files()
    with Dataset(path, incomplete=incomplete) as ds:
        if ds.lone:
            raise ValueError("%s: the base file is not there; references need the whole dataset" % path)
        refs[".zattrs"] = json.dumps({k: _jsonable(v) for k, v in ds.attrs.items()})
        for name, var in ds.variables.items():
            shape = list(var.shape)
            attrs = {k: _jsonable(v) for k, v in var.attrs.items() if k != "_FillValue"}
            attrs["_ARRAY_DIMENSIONS"] = list(var.dims)
            fill = _jsonable(var.attrs["_FillValue"]) if "_FillValue" in var.attrs else None
            if isinstance(fill, list):
                fill = fill[0] if fill else None
            if np.dtype(var.dtype).kind == "S":
                fill = None
            chunks, n = _var_refs(ds, name, var, refdir, files, refs)
            refs[name + "/.zarray"] = json.dumps({
                "chunks": chunks, "compressor": None, "dtype": zarr_dtype(var.dtype), "fill_value": fill,
                "filters": None, "order": "C", "shape": shape, "zarr_format": 2})
            refs[name + "/.zattrs"] = json.dumps(attrs)
            total += n
    return {"version": 1, "refs": refs}, total


def write(path, out_path, incomplete="refuse"):
    """Write the references of the dataset at path to out_path; returns the
    number of chunk references."""
    refs, n = references(path, out_path, incomplete=incomplete)
    tmp = out_path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(refs, f, indent=0)
    os.replace(tmp, out_path)
    return n


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2 or argv[0].startswith("-"):
        print("usage: python3 -m ncsf.kerchunk DATASET OUT.json", file=sys.stderr)
        return 2
    n = write(argv[0], argv[1])
    print("%s: %d chunk references" % (argv[1], n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
