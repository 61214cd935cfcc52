"""The xarray backend: xr.open_dataset(path, engine="ncsf").

Every variable is a lazily indexed array: nothing is read at open but the
base file's header (or one subfile's); a selection reads only the blocks
it touches. encoding["preferred_chunks"] is the subfile grid, so that
chunks={} gives one dask chunk per subfile block."""

import threading
import warnings

import numpy as np
import xarray as xr
from xarray.backends import BackendArray, BackendEntrypoint
from xarray.core import indexing

from .reader import Dataset


class _Array(BackendArray):
    def __init__(self, var, lock):
        self._var = var
        self._lock = lock
        self.shape = var.shape
        self.dtype = np.dtype(var.dtype)

    def __getitem__(self, key):
        return indexing.explicit_indexing_adapter(key, self.shape, indexing.IndexingSupport.OUTER, self._raw)

    def _raw(self, key):
        with self._lock:  # netCDF-C is not thread safe
            return self._var[key]


class NcsfBackendEntrypoint(BackendEntrypoint):
    description = "Subfiled netCDF datasets written by ncsf (base file + subfiles), read lazily"
    url = "doc/python.md"
    open_dataset_parameters = ("filename_or_obj", "drop_variables", "incomplete", "max_open", "mask_and_scale",
                               "decode_times", "decode_coords", "use_cftime", "decode_timedelta")

    def open_dataset(self, filename_or_obj, *, drop_variables=None, incomplete="refuse", max_open=None, mask_and_scale=True,
                     decode_times=True, decode_coords=True, use_cftime=None, decode_timedelta=None):
        ds = Dataset(filename_or_obj, incomplete=incomplete, max_open=max_open)
        lock = threading.Lock()
        variables = {}
        for name, v in ds.variables.items():
            if drop_variables and name in drop_variables:
                continue
            data = indexing.LazilyIndexedArray(_Array(v, lock))
            encoding = {"dtype": np.dtype(v.dtype), "source": ds.path}
            if v.layout is not None:
                encoding["preferred_chunks"] = dict(zip(v.dims, v.chunks()))
                encoding["ncsf_subfiles"] = v.layout.nfiles
            variables[name] = xr.Variable(v.dims, data, dict(v.attrs), encoding)
        store = xr.Dataset(variables, attrs=dict(ds.attrs))
        out = xr.decode_cf(store, mask_and_scale=mask_and_scale, decode_times=decode_times,
                           decode_coords=decode_coords, use_cftime=use_cftime, decode_timedelta=decode_timedelta)
        out.set_close(ds.close)
        return out

    def guess_can_open(self, filename_or_obj):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ds = Dataset(filename_or_obj, incomplete="accept")
            with ds:
                return ds.dataset_id is not None
        except Exception:
            return False
