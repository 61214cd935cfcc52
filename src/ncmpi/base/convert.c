/*
 * convert.c: netCDF external types. Sizes, the MPI types of flexible
 * buffers, conversion between the caller's type and the variable's with
 * netCDF's range rules, and the big-endian byte order of the files.
 */
#include <float.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>
#include "ncsfi_base.h"

int ncsfi_xsize(nc_type t)
{
    switch (t) {
    case NC_BYTE: case NC_CHAR: case NC_UBYTE: return 1;
    case NC_SHORT: case NC_USHORT: return 2;
    case NC_INT: case NC_UINT: case NC_FLOAT: return 4;
    case NC_DOUBLE: case NC_INT64: case NC_UINT64: return 8;
    default: return 0;
    }
}

static int named_itype(MPI_Datatype dt, nc_type *it)
{
    if (dt == MPI_CHAR) *it = NC_CHAR;
    else if (dt == MPI_SIGNED_CHAR || dt == MPI_BYTE || dt == MPI_INT8_T) *it = NC_BYTE;
    else if (dt == MPI_UNSIGNED_CHAR || dt == MPI_UINT8_T) *it = NC_UBYTE;
    else if (dt == MPI_SHORT || dt == MPI_INT16_T) *it = NC_SHORT;
    else if (dt == MPI_UNSIGNED_SHORT || dt == MPI_UINT16_T) *it = NC_USHORT;
    else if (dt == MPI_INT || dt == MPI_INT32_T) *it = NC_INT;
    else if (dt == MPI_UNSIGNED || dt == MPI_UINT32_T) *it = NC_UINT;
    else if (dt == MPI_LONG) *it = NCSF_ITYPE_LONG;
    else if (dt == MPI_UNSIGNED_LONG) *it = sizeof(long) == 8 ? NC_UINT64 : NC_UINT;
    else if (dt == MPI_FLOAT) *it = NC_FLOAT;
    else if (dt == MPI_DOUBLE) *it = NC_DOUBLE;
    else if (dt == MPI_LONG_LONG_INT || dt == MPI_LONG_LONG || dt == MPI_INT64_T) *it = NC_INT64;
    else if (dt == MPI_UNSIGNED_LONG_LONG || dt == MPI_UINT64_T) *it = NC_UINT64;
    /* Fortran's (a Fortran program's flexible calls, through PnetCDF's
     * bindings): integers and reals by their size */
    else if (dt == MPI_CHARACTER) *it = NC_CHAR;
    else if (dt == MPI_INTEGER || dt == MPI_INTEGER1 || dt == MPI_INTEGER2 || dt == MPI_INTEGER4 ||
             dt == MPI_INTEGER8) {
        int size = 0;
        if (MPI_Type_size(dt, &size) != MPI_SUCCESS) return NC_EMPI;
        if (size == 1) *it = NC_BYTE;
        else if (size == 2) *it = NC_SHORT;
        else if (size == 4) *it = NC_INT;
        else if (size == 8) *it = NC_INT64;
        else return NC_EUNSPTETYPE;
    } else if (dt == MPI_REAL || dt == MPI_REAL4 || dt == MPI_REAL8 || dt == MPI_DOUBLE_PRECISION) {
        int size = 0;
        if (MPI_Type_size(dt, &size) != MPI_SUCCESS) return NC_EMPI;
        if (size == 4) *it = NC_FLOAT;
        else if (size == 8) *it = NC_DOUBLE;
        else return NC_EUNSPTETYPE;
    } else return NC_EUNSPTETYPE;
    return NC_NOERR;
}

/* A flexible call's buftype when its bufcount is -1: PnetCDF then takes
 * the buffer as contiguous elements of buftype, as many as the call
 * selects, and converts only the C types its typed calls use (the MPI
 * types of text, schar, uchar, short, ushort, int, uint, long, float,
 * double, longlong, ulonglong); any other type, derived or named, is
 * NC_EBADTYPE in PnetCDF 1.12, at the post for a put and at the
 * completion for a get, NC_EINVAL at the call in 1.14 and later. */
int ncsfi_itype_of_counted(MPI_Datatype dt, nc_type *itype)
{
    const MPI_Datatype known[] = {MPI_CHAR, MPI_SIGNED_CHAR, MPI_UNSIGNED_CHAR, MPI_SHORT,
                                  MPI_UNSIGNED_SHORT, MPI_INT, MPI_UNSIGNED, MPI_LONG, MPI_FLOAT,
                                  MPI_DOUBLE, MPI_LONG_LONG_INT, MPI_UNSIGNED_LONG_LONG};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (dt == known[i]) return named_itype(dt, itype);
    /* PnetCDF 1.14 refuses any other type with bufcount -1 (NC_COUNT_IGNORE)
     * as an invalid argument, where 1.12 found it a bad type */
    return NCSF_PNETCDF_AT_LEAST(1, 14) ? NC_EINVAL : NC_EBADTYPE;
}

/* The MPI type of an external type's values in memory (PnetCDF's choice). */
MPI_Datatype ncsfi_mpi_type_of(nc_type t)
{
    switch (t) {
    case NC_BYTE: return MPI_SIGNED_CHAR;
    case NC_CHAR: return MPI_CHAR;
    case NC_SHORT: return MPI_SHORT;
    case NC_INT: return MPI_INT;
    case NC_FLOAT: return MPI_FLOAT;
    case NC_DOUBLE: return MPI_DOUBLE;
    case NC_UBYTE: return MPI_UNSIGNED_CHAR;
    case NC_USHORT: return MPI_UNSIGNED_SHORT;
    case NC_UINT: return MPI_UNSIGNED;
    case NC_INT64: return MPI_LONG_LONG_INT;
    case NC_UINT64: return MPI_UNSIGNED_LONG_LONG;
    default: return MPI_DATATYPE_NULL;
    }
}

/* The one element type a (possibly derived) MPI datatype is built of. */
int ncsfi_itype_of_mpi(MPI_Datatype dt, nc_type *itype)
{
    int ni, na, nd, comb;
    if (MPI_Type_get_envelope(dt, &ni, &na, &nd, &comb) != MPI_SUCCESS) return NC_EMPI;
    if (comb == MPI_COMBINER_NAMED) return named_itype(dt, itype);
    int ints[ni > 0 ? ni : 1];
    MPI_Aint addrs[na > 0 ? na : 1];
    MPI_Datatype types[nd > 0 ? nd : 1];
    if (MPI_Type_get_contents(dt, ni, na, nd, ints, addrs, types) != MPI_SUCCESS) return NC_EMPI;
    int err = NC_NOERR;
    nc_type first = NC_NAT;
    for (int i = 0; i < nd; i++) {
        nc_type t;
        int e = ncsfi_itype_of_mpi(types[i], &t);
        int ni2, na2, nd2, c2 = MPI_COMBINER_NAMED;
        int m = MPI_Type_get_envelope(types[i], &ni2, &na2, &nd2, &c2);
        if (m == MPI_SUCCESS && c2 != MPI_COMBINER_NAMED) m = MPI_Type_free(&types[i]);
        if (m != MPI_SUCCESS && !e) e = NC_EMPI;
        if (e) { err = e; continue; }
        if (first == NC_NAT) first = t;
        else if (t != first) err = NC_EMULTITYPES;
    }
    if (!err && first == NC_NAT) err = NC_EUNSPTETYPE;
    if (!err) *itype = first;
    return err;
}

/* One value in transit: integers keep full 64-bit precision. */
typedef struct { int kind; long long i; unsigned long long u; double f; } value;
enum { V_INT, V_UINT, V_FLOAT };

static value load(const char *p, nc_type t)
{
    value v = {V_INT, 0, 0, 0};
    switch (t) {
    case NC_BYTE: v.i = *(const signed char *)p; break;
    case NC_CHAR: v.i = *(const char *)p; break;
    case NC_SHORT: { short x; memcpy(&x, p, 2); v.i = x; break; }
    case NC_INT: { int x; memcpy(&x, p, 4); v.i = x; break; }
    case NC_INT64: { long long x; memcpy(&x, p, 8); v.i = x; break; }
    case NC_UBYTE: v.kind = V_UINT; v.u = *(const unsigned char *)p; break;
    case NC_USHORT: { unsigned short x; memcpy(&x, p, 2); v.kind = V_UINT; v.u = x; break; }
    case NC_UINT: { unsigned x; memcpy(&x, p, 4); v.kind = V_UINT; v.u = x; break; }
    case NC_UINT64: { unsigned long long x; memcpy(&x, p, 8); v.kind = V_UINT; v.u = x; break; }
    case NC_FLOAT: { float x; memcpy(&x, p, 4); v.kind = V_FLOAT; v.f = x; break; }
    case NC_DOUBLE: { double x; memcpy(&x, p, 8); v.kind = V_FLOAT; v.f = x; break; }
    default: break;
    }
    return v;
}

/* Is v within [lo, hi]? (lo, hi as signed bounds; uhi the unsigned max) */
static int in_signed(value v, long long lo, long long hi)
{
    if (v.kind == V_INT) return v.i >= lo && v.i <= hi;
    if (v.kind == V_UINT) return v.u <= (unsigned long long)hi;
    return v.f >= (double)lo && v.f <= (double)hi;
}

static int in_unsigned(value v, unsigned long long hi)
{
    if (v.kind == V_INT) return v.i >= 0 && (unsigned long long)v.i <= hi;
    if (v.kind == V_UINT) return v.u <= hi;
    return v.f >= 0 && v.f <= (double)hi;
}

static long long as_ll(value v)
{
    return v.kind == V_INT ? v.i : v.kind == V_UINT ? (long long)v.u : (long long)v.f;
}

static unsigned long long as_ull(value v)
{
    return v.kind == V_INT ? (unsigned long long)v.i : v.kind == V_UINT ? v.u : (unsigned long long)v.f;
}

static double as_double(value v)
{
    return v.kind == V_INT ? (double)v.i : v.kind == V_UINT ? (double)v.u : v.f;
}

/* The type's default fill value at p (what a value read out of the
 * memory type's range becomes, PnetCDF's "erange fill"). */
static void store_fill(char *p, nc_type t)
{
    switch (t) {
    case NC_BYTE: *(signed char *)p = NC_FILL_BYTE; break;
    case NC_SHORT: { short x = NC_FILL_SHORT; memcpy(p, &x, 2); break; }
    case NC_INT: { int x = NC_FILL_INT; memcpy(p, &x, 4); break; }
    case NC_INT64: { long long x = NC_FILL_INT64; memcpy(p, &x, 8); break; }
    case NC_UBYTE: *(unsigned char *)p = NC_FILL_UBYTE; break;
    case NC_USHORT: { unsigned short x = NC_FILL_USHORT; memcpy(p, &x, 2); break; }
    case NC_UINT: { unsigned x = NC_FILL_UINT; memcpy(p, &x, 4); break; }
    case NC_UINT64: { unsigned long long x = NC_FILL_UINT64; memcpy(p, &x, 8); break; }
    case NC_FLOAT: { float x = NC_FILL_FLOAT; memcpy(p, &x, 4); break; }
    case NC_DOUBLE: { double x = NC_FILL_DOUBLE; memcpy(p, &x, 8); break; }
    default: break;
    }
}

/* Store v as type t at p; returns 1 if out of t's range, and then stores
 * fill (one value of t, native order) or, if NULL, t's default fill value
 * instead: a put's value out of the variable's range becomes the
 * variable's fill value, its _FillValue if it has one (PnetCDF's rule, in
 * fill mode or not); a get's out of the memory type's range becomes that
 * type's default. */
static int store(char *p, nc_type t, value v, const void *fill)
{
    int bad = 0;
    switch (t) {
    case NC_BYTE: bad = !in_signed(v, SCHAR_MIN, SCHAR_MAX); *(signed char *)p = (signed char)as_ll(v); break;
    case NC_CHAR: *p = (char)as_ll(v); break;
    case NC_SHORT: { bad = !in_signed(v, SHRT_MIN, SHRT_MAX); short x = (short)as_ll(v); memcpy(p, &x, 2); break; }
    case NC_INT: { bad = !in_signed(v, INT_MIN, INT_MAX); int x = (int)as_ll(v); memcpy(p, &x, 4); break; }
    case NC_INT64: {
        bad = v.kind == V_UINT ? v.u > LLONG_MAX : v.kind == V_FLOAT ? !(v.f >= -9.2233720368547758e18 && v.f < 9.2233720368547758e18) : 0;
        long long x = as_ll(v); memcpy(p, &x, 8); break; }
    case NC_UBYTE: bad = !in_unsigned(v, UCHAR_MAX); *(unsigned char *)p = (unsigned char)as_ull(v); break;
    case NC_USHORT: { bad = !in_unsigned(v, USHRT_MAX); unsigned short x = (unsigned short)as_ull(v); memcpy(p, &x, 2); break; }
    case NC_UINT: { bad = !in_unsigned(v, UINT_MAX); unsigned x = (unsigned)as_ull(v); memcpy(p, &x, 4); break; }
    case NC_UINT64: {
        bad = v.kind == V_INT ? v.i < 0 : v.kind == V_FLOAT ? !(v.f >= 0 && v.f < 1.8446744073709552e19) : 0;
        unsigned long long x = as_ull(v); memcpy(p, &x, 8); break; }
    case NC_FLOAT: {
        double d = as_double(v);
        bad = v.kind == V_FLOAT && (d > FLT_MAX || d < -FLT_MAX);
        float x = (float)d; memcpy(p, &x, 4); break; }
    case NC_DOUBLE: { double x = as_double(v); memcpy(p, &x, 8); break; }
    default: break;
    }
    if (bad && fill) memcpy(p, fill, (size_t)ncsfi_xsize(t));
    else if (bad) store_fill(p, t);
    return bad;
}

/* The conversions between the two real types, the common case (a
 * model's doubles kept as floats in its plot files), by typed loops that
 * the compiler can vectorise, with the rules of load and store above:
 * float to double is exact; a finite double beyond the float range, or
 * an infinity, is out of range (a fill value, NC_ERANGE), a NaN
 * is not. in is in the file's byte order when swap is set. */
static int float_to_double(const char *in, char *out, MPI_Offset n, int swap)
{
    for (MPI_Offset i = 0; i < n; i++) {
        uint32_t u;
        float x;
        memcpy(&u, in + 4 * i, 4);
        if (swap) u = __builtin_bswap32(u);
        memcpy(&x, &u, 4);
        double d = x;
        memcpy(out + 8 * i, &d, 8);
    }
    return NC_NOERR;
}

static int double_to_float(const char *in, char *out, MPI_Offset n, const void *fill)
{
    int bad = 0;
    float fv = NC_FILL_FLOAT;
    if (fill) memcpy(&fv, fill, 4);
    for (MPI_Offset i = 0; i < n; i++) {
        double d;
        memcpy(&d, in + 8 * i, 8);
        int out_of_range = d > FLT_MAX || d < -FLT_MAX;
        float x = out_of_range ? fv : (float)d;
        bad |= out_of_range;
        memcpy(out + 4 * i, &x, 4);
    }
    return bad ? NC_ERANGE : NC_NOERR;
}

/* n values from type a at in to type b at out (both native byte order);
 * NC_ERANGE if any did not fit (those become fill, one value of b, or b's
 * default fill value if fill is NULL; the others are converted all the
 * same). */
static int convert(const void *in, nc_type a, void *out, nc_type b, MPI_Offset n, const void *fill)
{
    int sa = ncsfi_xsize(a), sb = ncsfi_xsize(b), bad = 0;
    const char *p = in;
    char *q = out;
    if (a == b) {
        memcpy(out, in, (size_t)n * sa);
        return NC_NOERR;
    }
    if (a == NC_FLOAT && b == NC_DOUBLE) return float_to_double(in, out, n, 0);
    if (a == NC_DOUBLE && b == NC_FLOAT) return double_to_float(in, out, n, fill);
    for (MPI_Offset i = 0; i < n; i++, p += sa, q += sb)
        bad |= store(q, b, load(p, a), fill);
    return bad ? NC_ERANGE : NC_NOERR;
}

int ncsfi_convert_put(const void *in, nc_type itype, void *out, nc_type xtype, MPI_Offset n,
                      const void *fill)
{
    return convert(in, itype, out, xtype, n, fill);
}

int ncsfi_convert_get(const void *in, nc_type xtype, void *out, nc_type itype, MPI_Offset n)
{
    return convert(in, xtype, out, itype, n, NULL);
}

int ncsfi_swap_convert_get(void *in, nc_type xtype, void *out, nc_type itype, MPI_Offset n)
{
    /* floats read as doubles: the swap and the widening in one pass */
    if (xtype == NC_FLOAT && itype == NC_DOUBLE) return float_to_double(in, out, n, ncsfi_need_swap());
    ncsfi_swap(in, ncsfi_xsize(xtype), n);
    return convert(in, xtype, out, itype, n, NULL);
}

int ncsfi_need_swap(void)
{
#ifdef WORDS_BIGENDIAN
    return 0;
#else
    return 1;
#endif
}

/* PnetCDF's hint nc_in_place_swap as PnetCDF settled it for the dataset
 * (its MPI_Info at create/open, PNETCDF_HINTS over it): enable, disable,
 * or auto (what PnetCDF does when it is absent or unknown). */
int ncsfi_swap_mode(int ncid)
{
    MPI_Info used = MPI_INFO_NULL;
    char val[MPI_MAX_INFO_VAL + 1] = "";
    int flag = 0, mode = NCSF_SWAP_AUTO;
    if (ncmpi_inq_file_info(ncid, &used) != NC_NOERR) return mode;
    if (used != MPI_INFO_NULL) {
        /* an info that cannot be read leaves the default (auto) */
        if (MPI_Info_get(used, "nc_in_place_swap", MPI_MAX_INFO_VAL, val, &flag) != MPI_SUCCESS) flag = 0;
        if (flag && !strcasecmp(val, "enable")) mode = NCSF_SWAP_ENABLE;
        else if (flag && !strcasecmp(val, "disable")) mode = NCSF_SWAP_DISABLE;
        if (MPI_Info_free(&used) != MPI_SUCCESS) mode = NCSF_SWAP_AUTO;
    }
    return mode;
}

/* May a put of nbytes byte swap the caller's buffer in place (and back)?
 * As PnetCDF decides: always when enabled, never when disabled, and by
 * default only buffers larger than its 4 KiB (smaller ones are copied). */
int ncsfi_swap_in_place(int mode, size_t nbytes)
{
    if (mode == NCSF_SWAP_ENABLE) return 1;
    if (mode == NCSF_SWAP_DISABLE) return 0;
    return nbytes > NCSF_SWAP_AUTO_MIN;
}

void ncsfi_swap(void *buf, int size, MPI_Offset n)
{
    if (ncsfi_need_swap() && size > 1) sf_swap(buf, size, n);
}

/* MPI_Pack and MPI_Unpack take int sizes: a buffer of more than 2 GiB
 * goes count elements of its type at a time, each call under 1 GiB. */
static int pack_chunks(void *user, MPI_Offset count, MPI_Datatype t, char *packed, int pack)
{
    int size;
    MPI_Aint lb, extent;
    if (MPI_Type_size(t, &size) != MPI_SUCCESS || MPI_Type_get_extent(t, &lb, &extent) != MPI_SUCCESS)
        return NC_EMPI;
    if (size <= 0) return NC_NOERR;
    MPI_Offset per = ((MPI_Offset)1 << 30) / size;
    if (per < 1) return NC_EINTOVERFLOW; /* one element of the type over 1 GiB */
    for (MPI_Offset done = 0; done < count;) {
        MPI_Offset n = count - done < per ? count - done : per;
        char *u = (char *)user + done * extent, *p = packed + done * size;
        int pos = 0, rc = pack ? MPI_Pack(u, (int)n, t, p, (int)(n * size), &pos, MPI_COMM_SELF)
                               : MPI_Unpack(p, (int)(n * size), &pos, u, (int)n, t, MPI_COMM_SELF);
        if (rc != MPI_SUCCESS) return NC_EMPI;
        done += n;
    }
    return NC_NOERR;
}

int ncsfi_pack(const void *user, MPI_Offset count, MPI_Datatype t, void *packed)
{
    return pack_chunks((void *)user, count, t, packed, 1);
}

int ncsfi_unpack(const void *packed, void *user, MPI_Offset count, MPI_Datatype t)
{
    return pack_chunks(user, count, t, (char *)packed, 0);
}
