/*
 * The log: one line per call per rank, "INDEX call(args) = ERROR | answers",
 * and the helpers that print values of every memory type. Nothing here
 * prints an id that the library chooses freely (ncid, request ids): those
 * may differ between PnetCDF and ncsf without anything being wrong.
 */
#include <stdarg.h>
#include <string.h>
#include "difftest.h"

#define E(x) {x, #x}
static const struct { int code; const char *name; } errs[] = {
    E(NC_NOERR), E(NC_EBADID), E(NC_EEXIST), E(NC_EINVAL), E(NC_EPERM), E(NC_ENOTINDEFINE),
    E(NC_EINDEFINE), E(NC_EINVALCOORDS), E(NC_EMAXDIMS), E(NC_ENAMEINUSE), E(NC_ENOTATT),
    E(NC_EMAXATTS), E(NC_EBADTYPE), E(NC_EBADDIM), E(NC_EUNLIMPOS), E(NC_EMAXVARS),
    E(NC_ENOTVAR), E(NC_EGLOBAL), E(NC_ENOTNC), E(NC_EMAXNAME), E(NC_EUNLIMIT),
    E(NC_ENORECVARS), E(NC_ECHAR), E(NC_EEDGE), E(NC_ESTRIDE), E(NC_EBADNAME), E(NC_ERANGE),
    E(NC_ENOMEM), E(NC_EVARSIZE), E(NC_EDIMSIZE), E(NC_ETRUNC), E(NC_ENOTBUILT),
    E(NC_ESMALL), E(NC_ENOTINDEP), E(NC_EINDEP), E(NC_EFILE), E(NC_EREAD), E(NC_EWRITE),
    E(NC_EOFILE), E(NC_EMULTITYPES), E(NC_EIOMISMATCH), E(NC_ENEGATIVECNT),
    E(NC_EUNSPTETYPE), E(NC_EINVAL_REQUEST), E(NC_ENOTSUPPORT), E(NC_ENULLBUF),
    E(NC_EPREVATTACHBUF), E(NC_ENULLABUF), E(NC_EPENDINGBPUT), E(NC_EINSUFFBUF), E(NC_ENOENT),
    E(NC_EINTOVERFLOW), E(NC_ENOTENABLED), E(NC_EBAD_FILE), E(NC_ENULLSTART),
    E(NC_ENULLCOUNT), E(NC_EINVAL_CMODE), E(NC_ETYPESIZE), E(NC_ETYPE_MISMATCH),
    E(NC_ETYPESIZE_MISMATCH), E(NC_ESTRICTCDF2), E(NC_ENOTRECVAR), E(NC_ENOTFILL),
    E(NC_EINVAL_OMODE), E(NC_EPENDING), E(NC_EMAX_REQ), E(NC_EMULTIDEFINE),
    E(NC_EMULTIDEFINE_FNC_ARGS), E(NC_ELATEFILL), E(NC_EBADGRPID), E(NC_EACCESS),
    E(NC_ENOTSUPPORT), E(NC_EFLUSHED), E(NC_EMULTIDEFINE_DIM_NUM), E(NC_EMULTIDEFINE_VAR_NUM),
    E(NC_EMULTIDEFINE_ATTR_VAL), E(NC_EMULTIDEFINE_FILL_MODE),
};

const char *err_name(int err)
{
    static char buf[32];
    for (size_t i = 0; i < sizeof errs / sizeof errs[0]; i++)
        if (errs[i].code == err) return errs[i].name;
    snprintf(buf, sizeof buf, "E(%d)", err);
    return buf;
}

void log_line(State *s, int index, const char *call, int err, const char *fmt, ...)
{
    va_list ap;
    fprintf(s->log, "%03d %s = %s", index, call, err_name(err));
    if (fmt && *fmt) {
        fputs(" | ", s->log);
        va_start(ap, fmt);
        vfprintf(s->log, fmt, ap);
        va_end(ap);
    }
    fputc('\n', s->log);
    fflush(s->log);
}

static const size_t sizes[MT_N] = {1, 1, 1, 2, 2, 4, 4, 4, 8, 8, 8};
size_t mt_size(int mt) { return mt >= 0 && mt < MT_N ? sizes[mt] : 1; }

MPI_Datatype mt_mpi(int mt)
{
    switch (mt) {
    case MT_TEXT: return MPI_CHAR;
    case MT_SCHAR: return MPI_SIGNED_CHAR;
    case MT_UCHAR: return MPI_UNSIGNED_CHAR;
    case MT_SHORT: return MPI_SHORT;
    case MT_USHORT: return MPI_UNSIGNED_SHORT;
    case MT_INT: return MPI_INT;
    case MT_UINT: return MPI_UNSIGNED;
    case MT_FLOAT: return MPI_FLOAT;
    case MT_DOUBLE: return MPI_DOUBLE;
    case MT_LONGLONG: return MPI_LONG_LONG;
    default: return MPI_UNSIGNED_LONG_LONG;
    }
}

nc_type mt_nctype(int mt)
{
    static const nc_type t[MT_N] = {NC_CHAR, NC_BYTE, NC_UBYTE, NC_SHORT, NC_USHORT, NC_INT,
                                    NC_UINT, NC_FLOAT, NC_DOUBLE, NC_INT64, NC_UINT64};
    return mt >= 0 && mt < MT_N ? t[mt] : NC_INT;
}

int mt_of_nctype(nc_type t)
{
    static const int native[] = {MT_INT, MT_SCHAR, MT_TEXT, MT_SHORT, MT_INT, MT_FLOAT, MT_DOUBLE,
                                 MT_UCHAR, MT_USHORT, MT_UINT, MT_LONGLONG, MT_ULONGLONG};
    return t >= 1 && t <= 11 ? native[t] : MT_INT;
}

static int put_one(char *out, size_t cap, int mt, const void *buf, MPI_Offset i)
{
    const char *b = (const char *)buf;
    switch (mt) {
    case MT_TEXT: { unsigned char c = (unsigned char)b[i]; return c >= 32 && c < 127 ? snprintf(out, cap, "%c", c) : snprintf(out, cap, "\\%o", c); }
    case MT_SCHAR: return snprintf(out, cap, "%d ", ((const signed char *)b)[i]);
    case MT_UCHAR: return snprintf(out, cap, "%u ", ((const unsigned char *)b)[i]);
    case MT_SHORT: return snprintf(out, cap, "%d ", ((const short *)buf)[i]);
    case MT_USHORT: return snprintf(out, cap, "%u ", ((const unsigned short *)buf)[i]);
    case MT_INT: return snprintf(out, cap, "%d ", ((const int *)buf)[i]);
    case MT_UINT: return snprintf(out, cap, "%u ", ((const unsigned *)buf)[i]);
    case MT_FLOAT: return snprintf(out, cap, "%.9g ", ((const float *)buf)[i]);
    case MT_DOUBLE: return snprintf(out, cap, "%.17g ", ((const double *)buf)[i]);
    case MT_LONGLONG: return snprintf(out, cap, "%lld ", ((const long long *)buf)[i]);
    default: return snprintf(out, cap, "%llu ", ((const unsigned long long *)buf)[i]);
    }
}

/* n values as text: all of them when they fit, else a checksum and the first ones */
void log_values(char *out, size_t cap, int mt, const void *buf, MPI_Offset n)
{
    size_t used = 0;
    unsigned long long sum = 1469598103934665603ULL;
    const unsigned char *b = buf;
    for (MPI_Offset i = 0; buf && i < n * (MPI_Offset)mt_size(mt); i++) sum = (sum ^ b[i]) * 1099511628211ULL;
    used += (size_t)snprintf(out, cap, "n=%lld sum=%016llx [", (long long)n, sum);
    for (MPI_Offset i = 0; buf && i < n && used + 40 < cap; i++) {
        if (i == 200) { used += (size_t)snprintf(out + used, cap - used, "..."); break; }
        used += (size_t)put_one(out + used, cap - used, mt, buf, i);
    }
    snprintf(out + used, cap - used, "]");
}
