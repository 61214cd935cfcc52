"""A dataset of many subfiles (2,048, or NCSF_PY_MANY_N: test/t_python.sh
makes it with ncsf-split and runs this under `ulimit -n 256`) read through the installed
package: every value against ncsf-merge's output, never more subfiles open
than the bound, and one element costs one subfile.

  NCSF_PY_MANY   the base file; its merged copy is NAME.merged
"""

import os
import resource
import unittest

import netCDF4
import numpy as np

import ncsf

BASE = os.environ.get("NCSF_PY_MANY", "")
NFILES = int(os.environ.get("NCSF_PY_MANY_N", "2048"))

try:
    import xarray as xr
    import dask  # noqa: F401
    HAVE_XARRAY = True
except ImportError:
    HAVE_XARRAY = False


def open_fds():
    return len(os.listdir("/proc/self/fd"))


@unittest.skipUnless(BASE, "NCSF_PY_MANY names no dataset")
class ManySubfilesTest(unittest.TestCase):
    def setUp(self):
        with netCDF4.Dataset(BASE + ".merged") as nc:
            nc.set_auto_maskandscale(False)
            self.want = {k: np.asarray(v[...]) for k, v in nc.variables.items()}

    def test_the_installed_package(self):
        self.assertIn("site-packages", ncsf.__file__)

    def test_descriptor_limit_is_low(self):
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        self.assertLessEqual(soft, 256, "run this under ulimit -n 256")

    def test_whole_variable_bounded(self):
        before = open_fds()
        with ncsf.open(BASE) as ds:
            v = ds["v"]
            self.assertEqual(v.layout.nfiles, NFILES)
            self.assertEqual(ds.max_open, 64)
            np.testing.assert_array_equal(v[...], self.want["v"])
            self.assertEqual(ds.opens, v.layout.nfiles)
            self.assertLessEqual(len(ds._subfiles), 64)
            self.assertLessEqual(open_fds() - before, 64 + 2)
            np.testing.assert_array_equal(v[:, ::-3, 1::7], self.want["v"][:, ::-3, 1::7])
            np.testing.assert_array_equal(ds["w"][...], self.want["w"])

    def test_small_bound(self):
        with ncsf.open(BASE, max_open=3) as ds:
            v = ds["v"]
            np.testing.assert_array_equal(v[1, 10:40, :], self.want["v"][1, 10:40, :])
            self.assertLessEqual(len(ds._subfiles), 3)

    def test_bound_capped_by_ulimit(self):
        with ncsf.open(BASE, max_open=100000) as ds:
            self.assertLessEqual(ds.max_open, resource.getrlimit(resource.RLIMIT_NOFILE)[0] // 4)

    def test_one_element_one_subfile(self):
        with ncsf.open(BASE) as ds:
            v = ds["v"]
            for t, y, x in [(0, 0, 0), (2, 63, 39), (1, 31, 17)]:
                self.assertEqual(v[t, y, x], self.want["v"][t, y, x])
            self.assertEqual(ds.opens, 3)

    @unittest.skipUnless(HAVE_XARRAY, "xarray or dask is not installed")
    def test_xarray_one_chunk_per_block(self):
        with xr.open_dataset(BASE, engine="ncsf", chunks={}, mask_and_scale=False) as x:
            self.assertEqual(x["v"].data.npartitions, NFILES)
            np.testing.assert_array_equal(x["v"].values, self.want["v"])
            self.assertAlmostEqual(float(x["v"].mean()), float(self.want["v"].mean()))


if __name__ == "__main__":
    unittest.main()
