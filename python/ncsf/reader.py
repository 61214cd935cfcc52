"""Reading a subfiled dataset without MPI: the base file (or one subfile)
through netCDF4-python, each subfiled variable presented at its global
shape, and a slice read from only the subfiles it touches, each opened
(and checked) the first time it is needed."""

import collections
import os
import stat
import warnings

import netCDF4
import numpy as np

from . import cdfheader
from .errors import (ForeignSubfileError, IncompleteDatasetError, IncompleteDatasetWarning, MetadataError,
                     MissingSubfileError, NcsfError, TruncatedSubfileError)
from .layout import Layout

ATT_PREFIX = "subfiling_"
MAX_OPEN_DEFAULT = 64  # the C library's subfiling_max_open


def _open_limit(max_open):
    """Subfiles held open at once: max_open (default 64, or NCSF_MAX_OPEN),
    at most a quarter of the descriptor limit (ulimit -n), at least 1."""
    if max_open is None:
        env = os.environ.get("NCSF_MAX_OPEN", "")
        max_open = int(env) if env.isdigit() and int(env) > 0 else MAX_OPEN_DEFAULT
    if not isinstance(max_open, int) or max_open < 1:
        raise ValueError("max_open must be a positive integer")
    try:
        import resource
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if soft != resource.RLIM_INFINITY:
            max_open = min(max_open, max(1, soft // 4))
    except (ImportError, OSError, ValueError):
        pass
    return max_open


def _user_atts(ncvar_or_ds):
    return {k: ncvar_or_ds.getncattr(k) for k in ncvar_or_ds.ncattrs() if not k.startswith(ATT_PREFIX)}


def _is_subfile(nc):
    for v in nc.variables.values():
        if "subfiling_index" in v.ncattrs() and int(v.getncattr("subfiling_index")) >= 0:
            return True
    return False


def _open_nc(path):
    try:
        nc = netCDF4.Dataset(path, "r")
    except FileNotFoundError:
        raise
    except OSError as e:
        raise NcsfError("%s cannot be opened: %s" % (path, e)) from None
    nc.set_auto_maskandscale(False)
    return nc


class Dataset:
    """A subfiled dataset opened through its base file or any subfile.

    incomplete: "refuse" (default) raises IncompleteDatasetError for a
    dataset whose writer did not close it or whose writing failed;
    "accept" opens it anyway, with an IncompleteDatasetWarning, and shows
    each record variable with the records every one of its subfiles holds
    (the completed ones). max_open: subfiles held open at once (default
    64 as the C library's subfiling_max_open, or NCSF_MAX_OPEN; at most a
    quarter of ulimit -n): the least recently used one is closed first.
    Values are returned as stored (no scale_factor, no masking): xarray
    decodes them itself."""

    def __init__(self, path, incomplete="refuse", max_open=None):
        if incomplete not in ("refuse", "accept"):
            raise ValueError('incomplete must be "refuse" or "accept"')
        self.path = os.fspath(path)
        self.max_open = _open_limit(max_open)
        self._subfiles = collections.OrderedDict()  # open subfiles, least recently used first
        self._checked = set()  # subfiles (and (variable, block) pairs) already checked
        self.opens = 0  # netCDF4.Dataset opens of subfiles (laziness, visible)
        self.incomplete = None  # why the dataset may be incomplete, when accepted anyway
        nc = _open_nc(self.path)
        self.lone = False
        self.dir = os.path.dirname(self.path)
        if _is_subfile(nc):
            nc = self._from_subfile(nc)
        self._nc = nc
        self.dataset_id = nc.getncattr("subfiling_dataset_id") if "subfiling_dataset_id" in nc.ncattrs() else None
        self.version = None
        if self.dataset_id is not None:
            if not isinstance(self.dataset_id, str) or len(self.dataset_id) != 32:
                raise MetadataError("%s: subfiling_dataset_id is malformed" % self.path)
            self.version = int(nc.getncattr("subfiling_version")) if "subfiling_version" in nc.ncattrs() else None
            if self.version not in (1, 2):
                raise MetadataError("%s: subfiling_version is missing or not 1 or 2" % self.path)
            if not self.lone:
                state = nc.getncattr("subfiling_state") if "subfiling_state" in nc.ncattrs() else "complete"
                # "synced  ": whole as of its writer's last sync, read as complete;
                # "writing ", "writing2".."writing9", "wNNNNNNN": that many writer
                # processes hold changes not synced (doc/format.md): refused
                if state.rstrip() not in ("complete", "synced"):
                    why = ("writing it failed (a subfile could not be created, written or finished, or "
                           "requests were dropped)" if state.startswith("failed") else "its writer did not close it")
                    if incomplete != "accept":
                        raise IncompleteDatasetError(
                            "%s: %s, so it may be incomplete (give incomplete='accept', as the C library's "
                            "hint subfiling_incomplete=accept, to open it anyway)" % (self.path, why))
                    self.incomplete = why
        self.attrs = _user_atts(nc)
        unlim = [d for d in nc.dimensions.values() if d.isunlimited()]
        self.numrecs = len(unlim[0]) if unlim else 0
        self.variables = {}
        for name, v in nc.variables.items():
            if "subfiling_enabled" in v.ncattrs() and int(v.getncattr("subfiling_enabled")) == 1:
                lay = Layout(name, {k: v.getncattr(k) for k in v.ncattrs()}, self.version)
                if (lay.index >= 0) != self.lone:
                    raise MetadataError("%s: variable %s has subfiling_index=%d in a %s file"
                                        % (self.path, name, lay.index, "sub" if self.lone else "base"))
                if not self.lone:
                    _check_dims(self.path, name, [nc.dimensions.get(n) for n in lay.dimnames], lay, lay.gsize)
                self.variables[name] = SubfiledVariable(self, name, v, lay)
            elif not self.lone:
                self.variables[name] = PlainVariable(v)
        # the global length of each dimension: the base file's (records: the
        # record count), and for a subfile alone what its variables say
        self.dims = {}
        if not self.lone:
            for name, d in nc.dimensions.items():
                self.dims[name] = self.numrecs if d.isunlimited() else len(d)
        for v in self.variables.values():
            for dn, n in zip(v.dims, v.shape):
                self.dims.setdefault(dn, n)
        if self.incomplete is not None:
            self._completed_records()

    def _completed_records(self):
        """An unfinished dataset, accepted: the records it shows are those
        the base file and every subfile of a record variable hold (the
        completed ones); says so once, as a warning."""
        n = self.numrecs
        for v in self.variables.values():
            if isinstance(v, SubfiledVariable) and v.layout.record:
                for k in range(v.layout.nfiles):
                    try:
                        nc = self._subfile(v, k, records=False)
                    except NcsfError:
                        continue  # reading that block raises, as it would anyway
                    unlim = [d for d in nc.dimensions.values() if d.isunlimited()]
                    if unlim:
                        n = min(n, len(unlim[0]))
        short = ""
        if n < self.numrecs:
            short = "; %d of its %d records are complete in every subfile, and only those are shown" \
                % (n, self.numrecs)
            for name, d in self._nc.dimensions.items():
                if d.isunlimited():
                    self.dims[name] = n
            for v in self.variables.values():
                v.numrecs = n
            self.numrecs = n
        warnings.warn("ncsf: %s: %s, so it may be incomplete; opened anyway (incomplete='accept')%s"
                      % (self.path, self.incomplete, short), IncompleteDatasetWarning, stacklevel=4)

    def _from_subfile(self, nc):
        """Opened through a subfile: the base file when it is there and of the
        same dataset, else this subfile's variables alone."""
        own = None
        for v in nc.variables.values():
            if "subfiling_index" in v.ncattrs() and int(v.getncattr("subfiling_index")) >= 0:
                atts = {k: v.getncattr(k) for k in v.ncattrs()}
                version = int(nc.getncattr("subfiling_version")) if "subfiling_version" in nc.ncattrs() else None
                own = Layout(v.name, atts, version).name(int(atts["subfiling_index"]))
                break
        base = nc.getncattr("subfiling_base") if "subfiling_base" in nc.ncattrs() else None
        depth = own.count("/")
        # exactly one "../" per directory of the subfile's own name, then a plain name
        if not isinstance(base, str) or base[:3 * depth] != "../" * depth or "/" in base[3 * depth:] \
                or base[3 * depth:] in ("", ".", ".."):
            raise MetadataError("%s: subfiling_base %r does not lead to a base file" % (self.path, base))
        sub_dir = os.path.dirname(self.path)
        dsdir = sub_dir
        for _ in range(depth):
            dsdir = os.path.dirname(dsdir) if dsdir not in ("", ".") else os.path.join(dsdir, "..")
        base_path = os.path.join(sub_dir, base)
        dsid = nc.getncattr("subfiling_dataset_id") if "subfiling_dataset_id" in nc.ncattrs() else None
        try:
            if stat.S_ISREG(os.stat(base_path).st_mode):
                b = _open_nc(base_path)
                if not _is_subfile(b) and "subfiling_dataset_id" in b.ncattrs() \
                        and b.getncattr("subfiling_dataset_id") == dsid:
                    nc.close()
                    self.path = base_path
                    self.dir = os.path.dirname(base_path)
                    return b
                b.close()
        except (OSError, NcsfError):
            pass
        self.lone = True
        self.dir = dsdir
        return nc

    # ---- subfiles, opened on first use ---------------------------------
    def _subfile(self, var, k, records=True):
        lay = var.layout
        key = lay.name(k)
        if key in self._subfiles:
            self._subfiles.move_to_end(key)
            return self._subfiles[key]
        while len(self._subfiles) >= self.max_open:
            self._subfiles.popitem(last=False)[1].close()
        path = os.path.join(self.dir, lay.name(k))
        try:
            st = os.stat(path)
        except FileNotFoundError:
            raise MissingSubfileError("subfile %s of variable %s is missing" % (path, var.name)) from None
        if not stat.S_ISREG(st.st_mode):
            raise NcsfError("subfile %s of variable %s is not a regular file" % (path, var.name))
        nc = _open_nc(path)
        self.opens += 1
        if key in self._checked:
            self._subfiles[key] = nc
            return nc
        try:
            if "subfiling_dataset_id" not in nc.ncattrs() or nc.getncattr("subfiling_dataset_id") != self.dataset_id:
                raise ForeignSubfileError("subfile %s belongs to another dataset" % path)
            try:
                want = cdfheader.expected_size(path)
            except ValueError as e:
                raise MetadataError("subfile %s: unreadable header (%s)" % (path, e)) from None
            if st.st_size < want:
                raise TruncatedSubfileError("subfile %s is %d bytes, expected at least %d: it was cut short"
                                            % (path, st.st_size, want))
            unlim = [d for d in nc.dimensions.values() if d.isunlimited()]
            need = getattr(var, "numrecs", self.numrecs)
            if records and unlim and len(unlim[0]) < need:
                raise TruncatedSubfileError("subfile %s has %d records, the dataset %d"
                                            % (path, len(unlim[0]), need))
        except NcsfError:
            nc.close()
            raise
        if records:
            self._checked.add(key)
        self._subfiles[key] = nc
        return nc

    def _subfile_var(self, var, k):
        nc = self._subfile(var, k)
        lay = var.layout
        if var.name not in nc.variables:
            raise MetadataError("subfile %s holds no variable %s" % (lay.name(k), var.name))
        sv = nc.variables[var.name]
        if (var.name, k) in self._checked:
            return sv
        atts = {a: sv.getncattr(a) for a in sv.ncattrs()}
        mine = Layout(var.name, atts, self.version)
        if mine.index != k or mine.gsize != lay.gsize or mine.pgrid != lay.pgrid or mine.pdims != lay.pdims \
                or mine.bounds != lay.bounds:
            raise MetadataError("subfile %s does not match the layout recorded for variable %s"
                                % (lay.name(k), var.name))
        st, ct = lay.block(k)
        shape = sv.shape
        for d in range(lay.ndims):
            if not (d == 0 and lay.record) and shape[d] != ct[d]:
                raise MetadataError("subfile %s: variable %s is %s, its block %s"
                                    % (lay.name(k), var.name, shape, ct))
        _check_dims(lay.name(k), var.name, sv.get_dims(), lay, ct)
        self._checked.add((var.name, k))
        return sv

    def close(self):
        for nc in self._subfiles.values():
            nc.close()
        self._subfiles.clear()
        if self._nc is not None:
            self._nc.close()
            self._nc = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __getitem__(self, name):
        return self.variables[name]


class PlainVariable:
    """A variable stored in the base file as usual."""

    def __init__(self, ncvar):
        self._v = ncvar
        self.name = ncvar.name
        self.dims = ncvar.dimensions
        self.dtype = ncvar.dtype
        self.attrs = _user_atts(ncvar)
        self.layout = None
        self.record = bool(ncvar.dimensions) and ncvar.get_dims()[0].isunlimited()
        self.numrecs = ncvar.shape[0] if self.record else None  # fewer for an unfinished dataset accepted

    @property
    def shape(self):
        if self.record:
            return (self.numrecs,) + tuple(self._v.shape[1:])
        return self._v.shape

    def __getitem__(self, key):
        if self.record and self.numrecs < self._v.shape[0]:
            sels, squeeze = _normalize(key, self.shape)
            out = np.asarray(self._v[:self.numrecs])[np.ix_(*sels)]
            return out.reshape(tuple(n for i, n in enumerate(out.shape) if i not in squeeze))
        return np.asarray(self._v[key])


def _normalize(key, shape):
    """key as one (slice or int) per dimension; ints become slices and
    their axes are squeezed afterwards."""
    if not isinstance(key, tuple):
        key = (key,)
    if any(k is Ellipsis for k in key):
        i = [j for j, k in enumerate(key) if k is Ellipsis][0]
        key = key[:i] + (slice(None),) * (len(shape) - len(key) + 1) + key[i + 1:]
    key = key + (slice(None),) * (len(shape) - len(key))
    if len(key) != len(shape):
        raise IndexError("too many indices: %d for %d dimensions" % (len(key), len(shape)))
    sels, squeeze = [], []
    for d, (k, n) in enumerate(zip(key, shape)):
        if isinstance(k, (int, np.integer)):
            i = int(k) + n if int(k) < 0 else int(k)
            if not 0 <= i < n:
                raise IndexError("index %d is out of bounds for dimension %d of length %d" % (int(k), d, n))
            sels.append(np.array([i], dtype=np.int64))
            squeeze.append(d)
        elif isinstance(k, slice):
            sels.append(np.arange(*k.indices(n), dtype=np.int64))
        else:
            a = np.asarray(k)
            if a.ndim != 1 or a.dtype.kind not in "iu":
                raise IndexError("only integers, slices and 1-D integer arrays can index a variable")
            a = np.where(a < 0, a + n, a).astype(np.int64)
            if a.size and (a.min() < 0 or a.max() >= n):
                raise IndexError("index out of bounds for dimension %d of length %d" % (d, n))
            sels.append(a)
    return sels, tuple(squeeze)


def _as_slice(local):
    """Positions local (sorted either way, evenly spaced, or one) as an
    increasing slice, and whether to reverse what it reads."""
    if local.size == 1:
        return slice(int(local[0]), int(local[0]) + 1), False
    step = int(local[1] - local[0])
    lo, hi = int(local.min()), int(local.max())
    if step != 0 and np.all(np.diff(local) == step):
        return slice(lo, hi + 1, abs(step)), step < 0
    return None, False


def _check_dims(path, name, dims, lay, lengths):
    """dims (netCDF4 dimensions: the base file's by the names
    subfiling_dimnames gives, a subfile variable's own) are the layout's:
    the names subfiling_dimnames gives, the first unlimited exactly when
    the layout is a record layout, the others of the given lengths (the
    base file: gsize; a subfile: its block's) (doc/format.md, What a reader
    checks)."""
    if len(dims) != lay.ndims:
        raise MetadataError("%s: variable %s has %d dimensions, subfiling_gndims says %d"
                            % (path, name, len(dims), lay.ndims))
    for d, (dim, want) in enumerate(zip(dims, lay.dimnames)):
        rec = d == 0 and lay.record
        if dim is None or dim.name != want:
            raise MetadataError("%s: variable %s: dimension %s named by subfiling_dimnames does not exist"
                                % (path, name, want) if dim is None else
                                "%s: variable %s: dimension %s named by subfiling_dimnames is not the file's (%s)"
                                % (path, name, want, dim.name))
        if dim.isunlimited() != rec or (not rec and len(dim) != lengths[d]):
            raise MetadataError("%s: variable %s: dimension %s is %s%d long in this file, but the subfiling "
                                "attributes say %s" % (path, name, want, "unlimited, " if dim.isunlimited() else "",
                                                       len(dim), "unlimited" if rec else lengths[d]))


class SubfiledVariable:
    """A subfiled variable at its global shape; indexing reads only the
    subfiles the selection touches."""

    def __init__(self, ds, name, placeholder, layout):
        self._ds = ds
        self.name = name
        self.layout = layout
        self.dims = tuple(layout.dimnames)
        self.dtype = placeholder.dtype
        self.attrs = _user_atts(placeholder)
        self.numrecs = ds.numrecs  # fewer when an unfinished dataset is accepted
        self._bounds = [np.asarray(b, dtype=np.int64) for b in layout.bounds]

    @property
    def shape(self):
        lay = self.layout
        return tuple(self.numrecs if d == 0 and lay.record else lay.gsize[d] for d in range(lay.ndims))

    def block_shape(self, k):
        st, ct = self.layout.block(k)
        return tuple(self.numrecs if d == 0 and self.layout.record else ct[d] for d in range(self.layout.ndims))

    def chunks(self):
        """Block sizes along each dimension: the subfile grid."""
        lay, out = self.layout, []
        for d in range(lay.ndims):
            if d in lay.pdims:
                b = lay.bounds[lay.pdims.index(d)]
                out.append(tuple(b[c + 1] - b[c] for c in range(len(b) - 1)))
            else:
                out.append((self.shape[d],))
        return tuple(out)

    def __getitem__(self, key):
        shape = self.shape
        sels, squeeze = _normalize(key, shape)
        out = np.empty(tuple(len(s) for s in sels), dtype=self.dtype)
        lay = self.layout
        # per partitioned dimension, the grid columns the selection meets:
        # each index's column by bisection on the block boundaries
        # (O(log G) per index, nothing proportional to the grid)
        per_dim = []
        for p, d in enumerate(lay.pdims):
            b = self._bounds[p]
            col = np.searchsorted(b, sels[d], side="right") - 1
            order = np.argsort(col, kind="stable")
            cuts = np.flatnonzero(np.diff(col[order])) + 1
            cols = []
            for pos in np.split(order, cuts) if order.size else []:
                c = int(col[pos[0]])
                cols.append((c, pos, sels[d][pos] - b[c]))
            per_dim.append(cols)
        if out.size == 0:
            return out.reshape(tuple(n for i, n in enumerate(out.shape) if i not in squeeze))

        def visit(p, coords, picks):
            if p == len(lay.pdims):
                self._read_block(lay.block_of(coords), picks, sels, out)
                return
            for c, pos, local in per_dim[p]:
                visit(p + 1, coords + [c], picks + [(pos, local)])

        visit(0, [], [])
        if squeeze:
            out = out.reshape(tuple(n for i, n in enumerate(out.shape) if i not in squeeze))
        return out

    def _read_block(self, k, picks, sels, out):
        sv = self._ds._subfile_var(self, k)
        lay = self.layout
        where, key, flip, fancy = [], [], [], False
        for d in range(lay.ndims):
            if d in lay.pdims:
                pos, local = picks[lay.pdims.index(d)]
            else:
                pos, local = np.arange(len(sels[d])), sels[d]
            where.append(pos)
            sl, rev = _as_slice(local)
            if sl is None:  # an index array that is not a progression
                sl, rev, fancy = local, False, True
            key.append(sl)
            flip.append(rev)
        if fancy:
            # netCDF4 takes one index array per dimension (orthogonal)
            data = np.asarray(sv[tuple(key)])
        else:
            data = np.asarray(sv[tuple(key)])
            for d, rev in enumerate(flip):
                if rev:
                    data = np.flip(data, axis=d)
        out[np.ix_(*where)] = data.reshape(tuple(len(w) for w in where))


def open(path, incomplete="refuse", max_open=None):  # noqa: A001 (the package's verb)
    """Open a subfiled dataset (its base file or any subfile); see Dataset."""
    return Dataset(path, incomplete=incomplete, max_open=max_open)
