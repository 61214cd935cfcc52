"""Tests of the Python reader and the xarray backend against datasets the C
library wrote (test/t_python.sh writes them and runs this):

  NCSF_PY_DATA     directories of datasets (t_matrix output), each with a
                   merged/ directory holding ncsf-merge's output of every
                   base file: every variable is compared value for value,
                   whole and in strided, reversed and integer selections,
                   through ncsf.open, through xarray, through a subfile path
                   and with dask one chunk per block
  NCSF_PY_DAMAGE   a directory with two small datasets (sub.nc, other.nc:
                   test/t_basic3d) to damage: missing, truncated and foreign
                   subfiles, an unfinished dataset, a stem leaving the
                   dataset's directory
"""

import glob
import os
import warnings
import shutil
import tempfile
import unittest

import netCDF4
import numpy as np

import ncsf

DATA = [d for d in os.environ.get("NCSF_PY_DATA", "").split(os.pathsep) if d]
DAMAGE = os.environ.get("NCSF_PY_DAMAGE", "")

try:
    import xarray as xr
    import dask  # noqa: F401
    HAVE_XARRAY = True
except ImportError:
    HAVE_XARRAY = False


def merged_of(path):
    return os.path.join(os.path.dirname(path), "merged", os.path.basename(path))


def datasets():
    """(base file, its merged copy) of every subfiled dataset."""
    out = []
    for d in DATA:
        for f in sorted(glob.glob(os.path.join(d, "*.nc"))):
            if os.path.exists(merged_of(f)):
                out.append((f, merged_of(f)))
    return out


def read_merged(path):
    with netCDF4.Dataset(path) as nc:
        nc.set_auto_maskandscale(False)
        return {name: np.asarray(v[...]) for name, v in nc.variables.items()}


def selections(shape):
    """Strided, reversed, integer and mixed selections of an array."""
    full = tuple(slice(None) for _ in shape)
    sels = [full, tuple(slice(None, None, -1) for _ in shape), tuple(slice(1, None, 2) for _ in shape),
            tuple(slice(None, None, -3) for _ in shape)]
    if shape:
        sels.append((shape[0] // 2,) + full[1:])
        sels.append(full[:-1] + (shape[-1] - 1,))
        sels.append(tuple(slice(n // 3, max(n // 3 + 1, n - 1), 1 + d % 2) for d, n in enumerate(shape)))
    return [s for s in sels if all(n > 0 for n in shape)] or [full]


class ReaderTest(unittest.TestCase):
    def setUp(self):
        if not datasets():
            self.skipTest("NCSF_PY_DATA names no datasets")

    def test_every_variable_every_selection(self):
        checked = 0
        for base, merged in datasets():
            want = read_merged(merged)
            with ncsf.open(base) as ds:
                self.assertIn(ds.version, (1, 2))
                self.assertEqual(set(ds.variables), set(want), base)
                for name, var in ds.variables.items():
                    self.assertEqual(var.shape, want[name].shape, (base, name))
                    for sel in selections(var.shape):
                        got = var[sel]
                        np.testing.assert_array_equal(got, want[name][sel], err_msg="%s %s %s" % (base, name, sel))
                        checked += 1
                    if var.layout is not None:
                        self.assertFalse(any(k.startswith("subfiling_") for k in var.attrs))
        self.assertGreater(checked, 50)

    def test_through_a_subfile(self):
        n = 0
        for base, merged in datasets():
            subs = sorted(glob.glob(base + ".*.0")) + sorted(glob.glob(os.path.join(os.path.dirname(base), "*", os.path.basename(base) + ".*.0")))
            if not subs:
                continue
            want = read_merged(merged)
            with ncsf.open(subs[0]) as ds:
                self.assertFalse(ds.lone)
                self.assertEqual(os.path.realpath(ds.path), os.path.realpath(base))
                for name, var in ds.variables.items():
                    np.testing.assert_array_equal(var[...], want[name], err_msg=name)
            n += 1
        self.assertGreater(n, 0)

    def test_both_formats_present(self):
        versions = set()
        for base, _ in datasets():
            with ncsf.open(base) as ds:
                if any(v.layout is not None for v in ds.variables.values()):
                    versions.add(ds.version)
        self.assertEqual(versions, {1, 2})


@unittest.skipUnless(HAVE_XARRAY, "xarray or dask is not installed")
class XarrayTest(unittest.TestCase):
    def setUp(self):
        if not datasets():
            self.skipTest("NCSF_PY_DATA names no datasets")

    def test_open_dataset_values(self):
        # against xarray's own netCDF4 engine on the merged file, decoded
        # alike (char arrays become strings, fill values NaN, ...)
        for base, merged in datasets():
            kw = dict(decode_times=False)
            with xr.open_dataset(base, engine=ncsf.NcsfBackendEntrypoint, **kw) as x, \
                    xr.open_dataset(merged, engine="netcdf4", **kw) as y:
                self.assertEqual(set(x.variables), set(y.variables))
                self.assertFalse(any(k.startswith("subfiling_") for k in x.attrs))
                xr.testing.assert_identical(x, y)
                for name in y.variables:
                    if x[name].ndim:
                        sel = {x[name].dims[0]: slice(None, None, -2)}
                        np.testing.assert_array_equal(x[name].isel(sel).values, y[name].isel(sel).values,
                                                      err_msg="%s %s reversed" % (base, name))

    def test_dask_one_chunk_per_block(self):
        n = 0
        for base, merged in datasets():
            want = read_merged(merged)
            with ncsf.open(base) as ds:
                subfiled = {k: v for k, v in ds.variables.items() if v.layout is not None and v.layout.nfiles > 1
                            and np.dtype(v.dtype).kind in "iuf" and all(s > 0 for s in v.shape)}
            if not subfiled:
                continue
            with xr.open_dataset(base, engine=ncsf.NcsfBackendEntrypoint, chunks={}, mask_and_scale=False,
                                 decode_times=False) as x:
                for name, v in subfiled.items():
                    da = x[name].data
                    self.assertEqual(int(np.prod([len(c) for c in da.chunks])), v.layout.nfiles, (base, name))
                    self.assertEqual(tuple(da.chunks), tuple(v.chunks()), (base, name))
                    got = float(x[name].astype("float64").mean().compute())
                    self.assertAlmostEqual(got, float(want[name].astype("float64").mean()), places=6)
                    n += 1
        self.assertGreater(n, 0)

    def test_entry_point_registered_or_source_tree(self):
        # from the source tree the class is passed; once installed,
        # engine="ncsf" names it through the entry point
        from xarray.backends import list_engines
        engines = list_engines()
        if "ncsf" in engines:
            self.assertIs(type(engines["ncsf"]), ncsf.NcsfBackendEntrypoint)


@unittest.skipUnless(DAMAGE, "NCSF_PY_DAMAGE is not set")
class DamageTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="ncsf-py-")
        for f in glob.glob(os.path.join(DAMAGE, "*")):
            shutil.copy(f, self.dir)
        self.base = os.path.join(self.dir, "sub.nc")
        self.sub = lambda k: os.path.join(self.dir, "sub.nc.temperature.%d" % k)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_sound(self):
        with ncsf.open(self.base) as ds:
            self.assertEqual(ds["temperature"][...].shape, ds["temperature"].shape)

    def test_missing_subfile_is_lazy(self):
        os.remove(self.sub(3))
        with ncsf.open(self.base) as ds:  # opening reads no subfile
            t = ds["temperature"]
            st, ct = t.layout.block(0)
            part = t[tuple(slice(s, s + c) for s, c in zip(st, ct))]  # block 0 alone
            self.assertEqual(part.shape, tuple(ct))
            self.assertEqual(ds.opens, 1)
            with self.assertRaises(ncsf.MissingSubfileError) as e:
                t[...]
            self.assertIn("sub.nc.temperature.3", str(e.exception))
        if HAVE_XARRAY:
            with xr.open_dataset(self.base, engine=ncsf.NcsfBackendEntrypoint) as x:
                with self.assertRaises(ncsf.MissingSubfileError):
                    x["temperature"].values

    def test_truncated_subfile(self):
        with open(self.sub(2), "r+b") as f:
            f.truncate(os.path.getsize(self.sub(2)) - 8)
        with ncsf.open(self.base) as ds:
            with self.assertRaises(ncsf.TruncatedSubfileError):
                ds["temperature"][...]

    def test_foreign_subfile(self):
        shutil.copy(os.path.join(self.dir, "other.nc.temperature.1"), self.sub(1))
        with ncsf.open(self.base) as ds:
            with self.assertRaises(ncsf.ForeignSubfileError):
                ds["temperature"][...]

    def mark(self, value):
        # the base file's subfiling_state, in place
        with open(self.base, "r+b") as f:
            head = f.read(8192)
            at = head.find(b"complete")
            self.assertGreater(at, 0)
            f.seek(at)
            f.write(value)

    def test_incomplete(self):
        self.mark(b"writing ")
        with self.assertRaises(ncsf.IncompleteDatasetError):
            ncsf.open(self.base)
        with self.assertWarns(ncsf.IncompleteDatasetWarning):
            ds = ncsf.open(self.base, incomplete="accept")
        with ds:
            ds["temperature"][...]
        if HAVE_XARRAY:
            with self.assertRaises(ncsf.IncompleteDatasetError):
                xr.open_dataset(self.base, engine=ncsf.NcsfBackendEntrypoint)
            with self.assertWarns(ncsf.IncompleteDatasetWarning):
                xr.open_dataset(self.base, engine=ncsf.NcsfBackendEntrypoint, incomplete="accept").close()

    def test_synced(self):
        # "synced  ": whole as of the writer's last sync, read as complete
        self.mark(b"synced  ")
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            with ncsf.open(self.base) as ds:
                self.assertIsNone(ds.incomplete)
                ds["temperature"][...]

    def test_incomplete_completed_records(self):
        # a writer that died: the base file still says "writing " and has
        # 3 records, subfile 1 only 2 (the record count in its header)
        base = os.path.join(self.dir, "rec.nc")
        with open(base, "r+b") as f:
            head = f.read(8192)
            f.seek(head.find(b"complete"))
            f.write(b"writing ")
        with open(base + ".v.1", "r+b") as f:
            self.assertEqual(f.read(4), b"CDF\x05")
            f.write((2).to_bytes(8, "big"))
        with self.assertRaises(ncsf.IncompleteDatasetError) as e:
            ncsf.open(base)
        self.assertIn("incomplete='accept'", str(e.exception))
        with self.assertWarns(ncsf.IncompleteDatasetWarning) as w:
            ds = ncsf.open(base, incomplete="accept")
        self.assertIn("its writer did not close it", str(w.warning))
        self.assertIn("2 of its 3 records", str(w.warning))
        with ds:
            self.assertEqual(ds["v"].shape, (2, 8))
            np.testing.assert_array_equal(ds["v"][...], np.arange(16.0).reshape(2, 8))
            np.testing.assert_array_equal(ds["v"][::-1, 3], [11.0, 3.0])
            np.testing.assert_array_equal(ds["t"][...], [10, 20])
            self.assertEqual(ds.dims["time"], 2)
        if HAVE_XARRAY:
            with self.assertWarns(ncsf.IncompleteDatasetWarning):
                x = xr.open_dataset(base, engine=ncsf.NcsfBackendEntrypoint, incomplete="accept")
            with x:
                self.assertEqual(x.sizes["time"], 2)
                np.testing.assert_array_equal(x["t"].values, [10, 20])
                np.testing.assert_array_equal(x["v"].values, np.arange(16.0).reshape(2, 8))

    def test_stem_leaving_the_directory(self):
        with netCDF4.Dataset(self.base, "a") as nc:
            nc["temperature"].setncattr("subfiling_stem", "../sub.nc.temperature")
        with self.assertRaises(ncsf.MetadataError):
            ncsf.open(self.base)

    def test_lone_subfile(self):
        os.remove(self.base)
        with ncsf.open(self.sub(1)) as ds:
            self.assertTrue(ds.lone)
            self.assertEqual(list(ds.variables), ["temperature"])
            t = ds["temperature"][...]
        with ncsf.open(os.path.join(self.dir, "other.nc")) as other:
            self.assertEqual(t.shape, other["temperature"].shape)

    def test_not_a_dataset_and_missing_file(self):
        with self.assertRaises(FileNotFoundError):
            ncsf.open(os.path.join(self.dir, "nosuch.nc"))


if __name__ == "__main__":
    unittest.main()
