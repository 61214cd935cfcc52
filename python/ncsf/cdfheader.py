"""The header of a classic netCDF file (CDF-1, CDF-2, CDF-5), read just far
enough to know how long the file must be: netCDF-C reads zeros past the end
of a file cut short, so a reader that wants to notice one has to compute
the length itself (doc/format.md, Completeness)."""

import struct

_SIZES = {1: 1, 2: 1, 3: 2, 4: 4, 5: 4, 6: 8, 7: 1, 8: 2, 9: 4, 10: 8, 11: 8}


class _Cursor:
    def __init__(self, data, version):
        self.data, self.at, self.version = data, 0, version

    def take(self, n):
        if self.at + n > len(self.data):
            raise ValueError("header runs past the bytes read")
        b = self.data[self.at:self.at + n]
        self.at += n
        return b

    def int32(self):
        return struct.unpack(">i", self.take(4))[0]

    def count(self):  # NON_NEG: 8 bytes in CDF-5, else 4
        return struct.unpack(">q", self.take(8))[0] if self.version == 5 else struct.unpack(">I", self.take(4))[0]

    def offset(self):  # OFFSET: 4 bytes in CDF-1, else 8
        return struct.unpack(">I", self.take(4))[0] if self.version == 1 else struct.unpack(">q", self.take(8))[0]

    def name(self):
        n = self.count()
        s = self.take(n)
        self.take((4 - n % 4) % 4)
        return s.decode("utf-8", "replace")

    def skip_atts(self):
        tag, n = self.int32(), self.count()
        if tag == 0:
            return
        for _ in range(n):
            self.name()
            t, m = self.int32(), self.count()
            size = _SIZES.get(t, 1) * m
            self.take(size + (4 - size % 4) % 4)


def expected_size(path, max_header=1 << 26):
    """The least length the file at path must have: the end of its last
    fixed-size variable, or of its last record. Raises ValueError if the
    header cannot be read."""
    with open(path, "rb") as f:
        head = f.read(4)
        if len(head) < 4 or head[:3] != b"CDF" or head[3] not in (1, 2, 5):
            raise ValueError("not a classic netCDF file")
        version = head[3]
        size = 4096
        while True:
            f.seek(0)
            data = f.read(size)
            try:
                return _expected(data, version)
            except ValueError:
                if len(data) < size or size >= max_header:
                    raise
                size *= 4


def _expected(data, version):
    c = _Cursor(data, version)
    c.take(4)
    numrecs = c.count()
    if version != 5 and numrecs == 0xFFFFFFFF:
        numrecs = 0  # streaming: unknown
    tag, ndims = c.int32(), c.count()
    dims = []
    for _ in range(ndims if tag else 0):
        c.name()
        dims.append(c.count())
    c.skip_atts()
    tag, nvars = c.int32(), c.count()
    fixed_end, rec = 0, []
    for _ in range(nvars if tag else 0):
        c.name()
        nd = c.count()
        ids = [c.count() for _ in range(nd)]
        c.skip_atts()
        t = c.int32()
        vsize = c.count()
        begin = c.offset()
        if nd and dims[ids[0]] == 0:  # the record dimension
            n = _SIZES.get(t, 1)
            for i in ids[1:]:
                n *= dims[i]
            rec.append((begin, vsize, n))
        else:
            n = _SIZES.get(t, 1)
            for i in ids:
                n *= dims[i]
            fixed_end = max(fixed_end, begin + n)
    end = max(fixed_end, c.at)
    if rec and numrecs:
        recsize = sum(v for _, v, _ in rec) if len(rec) > 1 else rec[0][2]
        end = max([end] + [b + (numrecs - 1) * recsize + n for b, _, n in rec])
    return end


def data_layout(path, max_header=1 << 26):
    """Where each variable's data lies in the classic file at path:
    (numrecs, recsize, {name: begin}); recsize is the distance between one
    record and the next (no padding when there is one record variable)."""
    with open(path, "rb") as f:
        head = f.read(4)
        if len(head) < 4 or head[:3] != b"CDF" or head[3] not in (1, 2, 5):
            raise ValueError("not a classic netCDF file")
        size = 4096
        while True:
            f.seek(0)
            data = f.read(size)
            try:
                return _data_layout(data, head[3])
            except ValueError:
                if len(data) < size or size >= max_header:
                    raise
                size *= 4


def _data_layout(data, version):
    c = _Cursor(data, version)
    c.take(4)
    numrecs = c.count()
    tag, ndims = c.int32(), c.count()
    dims = []
    for _ in range(ndims if tag else 0):
        c.name()
        dims.append(c.count())
    c.skip_atts()
    tag, nvars = c.int32(), c.count()
    begins, rec = {}, []
    for _ in range(nvars if tag else 0):
        name = c.name()
        nd = c.count()
        ids = [c.count() for _ in range(nd)]
        c.skip_atts()
        t = c.int32()
        vsize = c.count()
        begins[name] = c.offset()
        if nd and dims[ids[0]] == 0:
            n = _SIZES.get(t, 1)
            for i in ids[1:]:
                n *= dims[i]
            rec.append((vsize, n))
    recsize = sum(v for v, _ in rec) if len(rec) > 1 else (rec[0][1] if rec else 0)
    return numrecs, recsize, begins
