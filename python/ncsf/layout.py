"""The block grid of one subfiled variable, from its subfiling_* attributes
(doc/format.md, versions 1 and 2), every value checked as the C library
checks it: a reader never builds a path or a shape it has not verified."""

import math

from .errors import MetadataError

MAX_DIMS, MAX_PDIMS, MAX_FILES = 16, 8, 1 << 24


def plain_relative_path(p):
    """Relative, made of plain names: no leading '/', no empty, '.' or '..'
    component, no control character."""
    if not isinstance(p, str) or not p or p.startswith("/") or len(p) > 1024:
        return False
    if any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in p):
        return False
    return all(part not in ("", ".", "..") for part in p.split("/"))


def even_bounds(extent, g):
    q, r = divmod(extent, g)
    return [c * q + min(c, r) for c in range(g + 1)]


def _ints(atts, name, n=None, what="integers"):
    if name not in atts:
        raise MetadataError("attribute %s is missing" % name)
    v = atts[name]
    try:
        vals = [v] if not hasattr(v, "__len__") or isinstance(v, str) else list(v)
        out = []
        for x in vals:
            if isinstance(x, str) or float(x) != int(x):
                raise ValueError
            out.append(int(x))
    except (TypeError, ValueError, OverflowError):
        raise MetadataError("attribute %s does not hold %s" % (name, what)) from None
    if n is not None and len(out) != n:
        raise MetadataError("attribute %s has %d values, expected %d" % (name, len(out), n))
    return out


def _text(atts, name):
    if name not in atts or not isinstance(atts[name], str) or not atts[name]:
        raise MetadataError("attribute %s is missing or not text" % name)
    if "\0" in atts[name]:
        raise MetadataError("attribute %s holds a NUL byte" % name)
    return atts[name]


class Layout:
    """How one variable is split: global shape, the grid, subfile names."""

    def __init__(self, varname, atts, version):
        self.varname = varname
        try:
            self._parse(atts, version)
        except MetadataError as e:
            raise MetadataError("variable %s: %s" % (varname, e)) from None

    def _parse(self, atts, version):
        if version not in (1, 2):
            raise MetadataError("subfiling format version %r is not 1 or 2" % (version,))
        self.version = version
        (nd,) = _ints(atts, "subfiling_gndims", 1)
        if not 1 <= nd <= MAX_DIMS:
            raise MetadataError("subfiling_gndims=%d is out of range" % nd)
        self.ndims = nd
        self.gsize = _ints(atts, "subfiling_gsize", nd)
        self.record = self.gsize[0] == 0
        for d in range(1 if self.record else 0, nd):
            if self.gsize[d] < 1:
                raise MetadataError("subfiling_gsize[%d]=%d is not a length" % (d, self.gsize[d]))
        (n,) = _ints(atts, "subfiling_nfiles", 1)
        if not 1 <= n <= MAX_FILES:
            raise MetadataError("subfiling_nfiles=%d is out of range" % n)
        self.nfiles = n
        self.pdims = _ints(atts, "subfiling_porder")
        if not 1 <= len(self.pdims) <= MAX_PDIMS:
            raise MetadataError("subfiling_porder has %d values" % len(self.pdims))
        self.pgrid = _ints(atts, "subfiling_pgrid", len(self.pdims))
        for p, (d, g) in enumerate(zip(self.pdims, self.pgrid)):
            if d < (1 if self.record else 0) or d >= nd or (p and d <= self.pdims[p - 1]):
                raise MetadataError("subfiling_porder[%d]=%d is not a dimension it can be split along" % (p, d))
            if not 1 <= g <= self.gsize[d]:
                raise MetadataError("subfiling_pgrid[%d]=%d does not fit extent %d" % (p, g, self.gsize[d]))
        if math.prod(self.pgrid) != n:
            raise MetadataError("subfiling_pgrid multiplies to %d, not subfiling_nfiles=%d" % (math.prod(self.pgrid), n))
        (self.index,) = _ints(atts, "subfiling_index", 1)
        if not -1 <= self.index < n:
            raise MetadataError("subfiling_index=%d is out of range" % self.index)
        dn = _text(atts, "subfiling_dimnames").split("\n")
        if len(dn) != nd or not all(dn):
            raise MetadataError("subfiling_dimnames does not hold %d names" % nd)
        self.dimnames = dn
        self.names = self.stem = None
        if version == 2:
            self._parse_v2(atts)
        else:
            self._parse_v1(atts)

    def _parse_v2(self, atts):
        stem = _text(atts, "subfiling_stem")
        if not plain_relative_path(stem):
            raise MetadataError('subfile stem "%s" is not a relative path of plain names' % stem)
        self.stem = stem
        if "subfiling_bounds" in atts:
            flat = _ints(atts, "subfiling_bounds", sum(g + 1 for g in self.pgrid))
            self.bounds, at = [], 0
            for d, g in zip(self.pdims, self.pgrid):
                b = flat[at:at + g + 1]
                at += g + 1
                if b[0] != 0 or b[-1] != self.gsize[d] or any(b[c + 1] <= b[c] for c in range(g)):
                    raise MetadataError("subfiling_bounds along dimension %d do not increase from 0 to %d"
                                        % (d, self.gsize[d]))
                self.bounds.append(b)
        else:
            self.bounds = [even_bounds(self.gsize[d], g) for d, g in zip(self.pdims, self.pgrid)]
        if self.index >= 0:
            st = _ints(atts, "subfiling_block_start", self.ndims)
            ct = _ints(atts, "subfiling_block_count", self.ndims)
            if (st, ct) != self.block(self.index):
                raise MetadataError("subfiling_block_start/count are not block %d of the grid" % self.index)

    def _parse_v1(self, atts):
        nd, n = self.ndims, self.nfiles
        st = _ints(atts, "subfiling_starts", n * nd)
        ct = _ints(atts, "subfiling_counts", n * nd)
        names = _text(atts, "subfiling_names").split("\n")
        if len(names) != n or not all(names):
            raise MetadataError("subfiling_names does not hold %d names" % n)
        for nm in names:
            if not plain_relative_path(nm):
                raise MetadataError('subfile name "%s" is not a relative path of plain names' % nm)
        self.names = names
        # the recorded blocks must form the grid: one range per column
        cols = [dict() for _ in self.pdims]
        for k in range(n):
            coords = self.coords(k)
            for d in range(nd):
                s, c = st[k * nd + d], ct[k * nd + d]
                if d in self.pdims:
                    p = self.pdims.index(d)
                    if s < 0 or c < 1 or s + c > self.gsize[d]:
                        raise MetadataError("subfile %d covers [%d, +%d) of dimension %d, outside its extent" % (k, s, c, d))
                    if cols[p].setdefault(coords[p], (s, s + c)) != (s, s + c):
                        raise MetadataError("subfile %d does not line up with the block grid" % k)
                elif s != 0 or c != (0 if d == 0 and self.record else self.gsize[d]):
                    raise MetadataError("subfile %d covers [%d, +%d) of dimension %d, expected the whole extent" % (k, s, c, d))
        self.bounds = []
        for p, (d, g) in enumerate(zip(self.pdims, self.pgrid)):
            b = [cols[p][c][0] for c in range(g)] + [cols[p][g - 1][1]]
            if b[0] != 0 or b[-1] != self.gsize[d] or any(cols[p][c][1] != b[c + 1] for c in range(g)):
                raise MetadataError("blocks along dimension %d overlap or leave gaps" % d)
            self.bounds.append(b)

    # ---- the grid -------------------------------------------------------
    def coords(self, k):
        out = []
        for g in reversed(self.pgrid):
            out.append(k % g)
            k //= g
        return out[::-1]

    def block_of(self, coords):
        k = 0
        for c, g in zip(coords, self.pgrid):
            k = k * g + c
        return k

    def block(self, k):
        """Start and count of block k (count 0 along the record dimension)."""
        st = [0] * self.ndims
        ct = [0 if d == 0 and self.record else self.gsize[d] for d in range(self.ndims)]
        for p, c in enumerate(self.coords(k)):
            d = self.pdims[p]
            st[d] = self.bounds[p][c]
            ct[d] = self.bounds[p][c + 1] - self.bounds[p][c]
        return st, ct

    def name(self, k):
        """Subfile k's name, relative to the base file's directory."""
        return self.names[k] if self.names is not None else "%s.%d" % (self.stem, k)

    def same_files(self, other):
        return self.nfiles == other.nfiles and self.name(0) == other.name(0)
