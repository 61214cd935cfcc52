"""Read datasets written by ncsf, subfiling for Parallel netCDF, from Python.

ncsf.open(path) gives a Dataset whose variables index like NumPy arrays at
their global shape; xarray.open_dataset(path, engine="ncsf") gives an
xarray Dataset read lazily (doc/python.md)."""

from .errors import (ForeignSubfileError, IncompleteDatasetError, IncompleteDatasetWarning, MetadataError,
                     MissingSubfileError, NcsfError, TruncatedSubfileError)
from .reader import Dataset, open  # noqa: A004

__all__ = ["Dataset", "open", "NcsfError", "MetadataError", "MissingSubfileError", "TruncatedSubfileError",
           "ForeignSubfileError", "IncompleteDatasetError", "IncompleteDatasetWarning", "NcsfBackendEntrypoint"]
__version__ = "0.1.0"


def __getattr__(name):
    # xarray is optional: imported only when the backend is asked for
    if name == "NcsfBackendEntrypoint":
        from .xarray_backend import NcsfBackendEntrypoint
        return NcsfBackendEntrypoint
    raise AttributeError(name)
