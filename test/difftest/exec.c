/*
 * The interpreter's file, define-mode and inquiry ops. Each op is one
 * PnetCDF call (an inquiry op several), logged with its answers.
 */
#include <stdlib.h>
#include <string.h>
#include "difftest.h"

int bad_id(void) { return 77; }

int var_of(const State *s, int slot)
{
    if (slot < 0) return NC_GLOBAL;
    return slot < MAXVARS && s->varid[slot] >= 0 ? s->varid[slot] : bad_id();
}

static int dim_of(const State *s, int slot)
{
    return slot >= 0 && slot < MAXDIMS && s->dimid[slot] >= 0 ? s->dimid[slot] : bad_id();
}

static void forget_requests(State *s)
{
    for (int i = 0; i < MAXREQ; i++) s->req[i].live = 0;
}

/* small values of memory type mt, from a seed: letters for text */
static void att_values(int mt, unsigned long long seed, int n, void *buf)
{
    for (int i = 0; i < n; i++) {
        long long v = (long long)((seed >> (i * 5)) % 50) - (mt == MT_UCHAR || mt == MT_USHORT || mt == MT_UINT || mt == MT_ULONGLONG ? 0 : 10);
        if ((seed >> 60) == 3 && i == 0) v = 300;           /* out of range for a byte */
        switch (mt) {
        case MT_TEXT: ((char *)buf)[i] = (char)('a' + (v + 10) % 26); break;
        case MT_SCHAR: ((signed char *)buf)[i] = (signed char)v; break;
        case MT_UCHAR: ((unsigned char *)buf)[i] = (unsigned char)v; break;
        case MT_SHORT: ((short *)buf)[i] = (short)v; break;
        case MT_USHORT: ((unsigned short *)buf)[i] = (unsigned short)v; break;
        case MT_INT: ((int *)buf)[i] = (int)v; break;
        case MT_UINT: ((unsigned *)buf)[i] = (unsigned)v; break;
        case MT_FLOAT: ((float *)buf)[i] = (float)v + 0.25f; break;
        case MT_DOUBLE: ((double *)buf)[i] = (double)v + 0.125; break;
        case MT_LONGLONG: ((long long *)buf)[i] = v; break;
        default: ((unsigned long long *)buf)[i] = (unsigned long long)v; break;
        }
    }
}

static int put_att(State *s, const Op *op, char *desc, size_t cap)
{
    double buf[8];
    int vid = var_of(s, op->slot), n = (int)op->len;
    if (op->flex) {                 /* generic: the buffer in the attribute's own type */
        int mt = mt_of_nctype(op->type);
        att_values(mt, op->seed, n, buf);
        snprintf(desc, cap, "put_att(var=%d,%s,type=%d,len=%d)", vid, op->name, op->type, n);
        return ncmpi_put_att(s->ncid, vid, op->name, op->type, n, buf);
    }
    att_values(op->mt, op->seed, n, buf);
    snprintf(desc, cap, "put_att_%d(var=%d,%s,type=%d,len=%d)", op->mt, vid, op->name, op->type, n);
    switch (op->mt) {
    case MT_TEXT: return ncmpi_put_att_text(s->ncid, vid, op->name, n, (char *)buf);
    case MT_SCHAR: return ncmpi_put_att_schar(s->ncid, vid, op->name, op->type, n, (signed char *)buf);
    case MT_UCHAR: return ncmpi_put_att_uchar(s->ncid, vid, op->name, op->type, n, (unsigned char *)buf);
    case MT_SHORT: return ncmpi_put_att_short(s->ncid, vid, op->name, op->type, n, (short *)buf);
    case MT_USHORT: return ncmpi_put_att_ushort(s->ncid, vid, op->name, op->type, n, (unsigned short *)buf);
    case MT_INT: return ncmpi_put_att_int(s->ncid, vid, op->name, op->type, n, (int *)buf);
    case MT_UINT: return ncmpi_put_att_uint(s->ncid, vid, op->name, op->type, n, (unsigned *)buf);
    case MT_FLOAT: return ncmpi_put_att_float(s->ncid, vid, op->name, op->type, n, (float *)buf);
    case MT_DOUBLE: return ncmpi_put_att_double(s->ncid, vid, op->name, op->type, n, buf);
    case MT_LONGLONG: return ncmpi_put_att_longlong(s->ncid, vid, op->name, op->type, n, (long long *)buf);
    default: return ncmpi_put_att_ulonglong(s->ncid, vid, op->name, op->type, n, (unsigned long long *)buf);
    }
}

/* every attribute of a variable (or the globals): name, type, length, values */
static void log_atts(State *s, int index, int vid, int natts)
{
    char name[NC_MAX_NAME + 1], call[160], vals[2048];
    for (int i = 0; i < natts && i < 32; i++) {
        nc_type t = 0;
        MPI_Offset len = 0;
        long long buf[64];
        int e = ncmpi_inq_attname(s->ncid, vid, i, name);
        if (e == NC_NOERR) e = ncmpi_inq_att(s->ncid, vid, name, &t, &len);
        snprintf(call, sizeof call, "att(var=%d,#%d)", vid, i);
        if (e != NC_NOERR || len > 64 * 8 / (MPI_Offset)mt_size(mt_of_nctype(t))) {
            log_line(s, index, call, e, "%s type=%d len=%lld", e ? "" : name, t, (long long)len);
            continue;
        }
        memset(buf, 0, sizeof buf);
        e = ncmpi_get_att(s->ncid, vid, name, buf);
        log_values(vals, sizeof vals, mt_of_nctype(t), buf, len);
        log_line(s, index, call, e, "%s type=%d len=%lld %s", name, t, (long long)len, vals);
    }
}

static void inq_var(State *s, int index, int v)
{
    char name[NC_MAX_NAME + 1] = "", call[64], vals[256];
    int nd = 0, dims[16], natts = 0, nofill = -1, e;
    nc_type t = 0;
    long long fill = 0;
    snprintf(call, sizeof call, "inq_var(%d)", v);
    e = ncmpi_inq_varndims(s->ncid, v, &nd);
    if (e == NC_NOERR && nd <= 16) e = ncmpi_inq_var(s->ncid, v, name, &t, &nd, dims, &natts);
    if (e != NC_NOERR || nd > 16) { log_line(s, index, call, e, "nd=%d", nd); return; }
    char dl[128] = "";
    for (int i = 0; i < nd; i++) snprintf(dl + strlen(dl), sizeof dl - strlen(dl), "%d,", dims[i]);
    log_line(s, index, call, e, "%s type=%d dims=[%s] natts=%d", name, t, dl, natts);
    e = ncmpi_inq_var_fill(s->ncid, v, &nofill, &fill);
    log_values(vals, sizeof vals, mt_of_nctype(t), &fill, 1);
    snprintf(call, sizeof call, "inq_var_fill(%d)", v);
    log_line(s, index, call, e, "no_fill=%d %s", nofill, vals);
    log_atts(s, index, v, natts);
}

/* the whole header as the inquiry functions tell it */
static void inq_all(State *s, int index)
{
    int ndims = -1, nvars = -1, ngatts = -1, unlim = -2, fmt = -1, ffmt = -1, plen = 0, e;
    char path[1024] = "", name[NC_MAX_NAME + 1];
    e = ncmpi_inq(s->ncid, &ndims, &nvars, &ngatts, &unlim);
    log_line(s, index, "inq", e, "ndims=%d nvars=%d ngatts=%d unlimdim=%d", ndims, nvars, ngatts, unlim);
    if (e != NC_NOERR) return;
    e = ncmpi_inq_format(s->ncid, &fmt);
    log_line(s, index, "inq_format", e, "%d", fmt);
    /* (not while the dataset is in its first define mode: what the other
       ranks find on disk then depends on timing, for PnetCDF too) */
    if (!s->indef) {
        e = ncmpi_inq_file_format(s->path, &ffmt);
        log_line(s, index, "inq_file_format", e, "%d", ffmt);
    }
    e = ncmpi_inq_path(s->ncid, &plen, path);
    log_line(s, index, "inq_path", e, "%s %s", plen == (int)strlen(s->path) ? "len ok" : "len wrong",
             strcmp(path, s->path) ? path : "(the path)");
    /* (not inq_num_rec_vars, inq_num_fix_vars: PnetCDF 1.12.3 answers
       garbage after an open, different in each run) */
    for (int d = 0; d < ndims && d < 16; d++) {
        MPI_Offset len = -1;
        char call[32];
        e = ncmpi_inq_dim(s->ncid, d, name, &len);
        snprintf(call, sizeof call, "inq_dim(%d)", d);
        log_line(s, index, call, e, "%s %lld", e ? "" : name, (long long)len);
    }
    log_atts(s, index, NC_GLOBAL, ngatts);
    for (int v = 0; v < nvars && v < 16; v++) inq_var(s, index, v);
}

static void inq_sizes(State *s, int index)
{
    MPI_Offset size = -1;
    int n = -1, e = ncmpi_inq_nreqs(s->ncid, &n);
    log_line(s, index, "inq_nreqs", e, "%d", n);
    e = ncmpi_inq_buffer_size(s->ncid, &size);
    log_line(s, index, "inq_buffer_size", e, "%lld", (long long)size);
    size = -1, e = ncmpi_inq_buffer_usage(s->ncid, &size);
    log_line(s, index, "inq_buffer_usage", e, "%lld", (long long)size);
}

static void def_var(State *s, const Op *op, int index)
{
    int dims[MAXDIMS], id = -1, e;
    char call[128], dl[64] = "";
    for (int i = 0; i < op->nd; i++) {
        dims[i] = dim_of(s, op->dims[i]);
        snprintf(dl + strlen(dl), sizeof dl - strlen(dl), "%d,", dims[i]);
    }
    e = ncmpi_def_var(s->ncid, op->name, op->type, op->nd, dims, &id);
    if (e == NC_NOERR) s->varid[op->slot] = id;
    snprintf(call, sizeof call, "def_var(%s,type=%d,dims=[%s])", op->name, op->type, dl);
    log_line(s, index, call, e, "id=%d", e ? -1 : id);
}

static void def_var_fill(State *s, const Op *op, int index)
{
    double buf[1];
    char call[96];
    int vid = var_of(s, op->slot);
    att_values(mt_of_nctype(op->type), op->seed | 1, 1, buf);
    int e = ncmpi_def_var_fill(s->ncid, vid, op->arg[0], op->arg[1] ? NULL : buf);
    snprintf(call, sizeof call, "def_var_fill(var=%d,no_fill=%d,%s)", vid, op->arg[0], op->arg[1] ? "NULL" : "value");
    log_line(s, index, call, e, NULL);
}

static void file_op(State *s, const Op *op, int index)
{
    int e, old = -1;
    char call[96];
    switch (op->kind) {
    case OP_CREATE: {
        int cmode = NC_CLOBBER | (op->arg[0] == 2 ? NC_64BIT_OFFSET : op->arg[0] == 5 ? NC_64BIT_DATA : 0);
        for (int i = 0; i < MAXDIMS; i++) s->dimid[i] = -1;
        for (int i = 0; i < MAXVARS; i++) s->varid[i] = -1;
        forget_requests(s);
        e = ncmpi_create(MPI_COMM_WORLD, s->path, cmode, MPI_INFO_NULL, &s->ncid);
        s->open = s->indef = e == NC_NOERR, s->indep = 0;
        snprintf(call, sizeof call, "create(cdf%d)", op->arg[0]);
        log_line(s, index, call, e, NULL);
        return;
    }
    case OP_OPEN:
        forget_requests(s);
        e = ncmpi_open(MPI_COMM_WORLD, s->path, op->arg[0] ? NC_WRITE : NC_NOWRITE, MPI_INFO_NULL, &s->ncid);
        s->open = e == NC_NOERR, s->indef = s->indep = 0;
        log_line(s, index, op->arg[0] ? "open(write)" : "open(nowrite)", e, NULL);
        return;
    case OP_CLOSE:
        e = ncmpi_close(s->ncid);
        s->open = 0;
        forget_requests(s);
        log_line(s, index, "close", e, NULL);
        return;
    case OP_DELETE: {
        /* every rank deletes at once: one removes the file and the others
         * may find it gone already (NC_ENOENT), which rank wins being
         * timing in PnetCDF too; logged as the one outcome, deleted */
        e = ncmpi_delete(s->path, MPI_INFO_NULL);
        int won = e == NC_NOERR, any = 0;
        MPI_Allreduce(&won, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        if (any && e == NC_ENOENT) e = NC_NOERR;
        log_line(s, index, "delete", e, NULL);
        return;
    }
    case OP_SET_FILL:
        e = ncmpi_set_fill(s->ncid, op->arg[0] ? NC_NOFILL : NC_FILL, &old);
        log_line(s, index, op->arg[0] ? "set_fill(nofill)" : "set_fill(fill)", e, "old=%d", e ? -1 : old);
        return;
    }
}

/* A second handle, read-only, on the dataset the first has open (after a
 * sync): every variable read through it, collectively, and closed. */
static void second_handle(State *s, int index, int after_sync)
{
    int first = s->ncid, nc2 = -1;
    /* ncsf refuses a dataset being written unless a sync has just marked
     * it whole (doc/format.md), PnetCDF opens it whatever it holds */
    if (!after_sync) {
        log_line(s, index, "second:none (no sync just before)", NC_NOERR, NULL);
        return;
    }
    int e = ncmpi_open(MPI_COMM_WORLD, s->path, NC_NOWRITE, MPI_INFO_NULL, &nc2);
    log_line(s, index, "second:open(nowrite)", e, NULL);
    if (e != NC_NOERR) return;
    Op all;
    memset(&all, 0, sizeof all);
    all.kind = OP_READALL;
    s->ncid = nc2;
    exec_readall(s, &all, index);
    s->ncid = first;
    log_line(s, index, "second:close", ncmpi_close(nc2), NULL);
}

void exec_op(State *s, const Op *op, int index)
{
    int e, id = -1, after_sync = s->synced;
    char call[160];
    s->synced = 0;
    switch (op->kind) {
    case OP_CREATE: case OP_OPEN: case OP_CLOSE: case OP_DELETE: case OP_SET_FILL:
        file_op(s, op, index); return;
    case OP_REDEF:
        e = ncmpi_redef(s->ncid);
        if (e == NC_NOERR) s->indef = 1, s->indep = 0;
        log_line(s, index, "redef", e, NULL);
        return;
    case OP_ENDDEF:
        e = ncmpi_enddef(s->ncid);
        if (e == NC_NOERR) s->indef = 0, s->indep = 0;
        log_line(s, index, "enddef", e, NULL);
        return;
    case OP_DEF_DIM:
        e = ncmpi_def_dim(s->ncid, op->name, op->len, &id);
        if (e == NC_NOERR) s->dimid[op->slot] = id;
        snprintf(call, sizeof call, "def_dim(%s,%lld)", op->name, (long long)op->len);
        log_line(s, index, call, e, "id=%d", e ? -1 : id);
        return;
    case OP_DEF_VAR: def_var(s, op, index); return;
    case OP_PUT_ATT: e = put_att(s, op, call, sizeof call); log_line(s, index, call, e, NULL); return;
    case OP_DEL_ATT:
        snprintf(call, sizeof call, "del_att(var=%d,%s)", var_of(s, op->slot), op->name);
        log_line(s, index, call, ncmpi_del_att(s->ncid, var_of(s, op->slot), op->name), NULL);
        return;
    case OP_RENAME_ATT:
        snprintf(call, sizeof call, "rename_att(var=%d,%s,%s)", var_of(s, op->slot), op->name, op->name2);
        log_line(s, index, call, ncmpi_rename_att(s->ncid, var_of(s, op->slot), op->name, op->name2), NULL);
        return;
    case OP_COPY_ATT:
        snprintf(call, sizeof call, "copy_att(var=%d,%s,var=%d)", var_of(s, op->slot), op->name, var_of(s, op->slot2));
        log_line(s, index, call, ncmpi_copy_att(s->ncid, var_of(s, op->slot), op->name, s->ncid, var_of(s, op->slot2)), NULL);
        return;
    case OP_RENAME_DIM:
        snprintf(call, sizeof call, "rename_dim(%d,%s)", dim_of(s, op->slot), op->name);
        log_line(s, index, call, ncmpi_rename_dim(s->ncid, dim_of(s, op->slot), op->name), NULL);
        return;
    case OP_RENAME_VAR:
        snprintf(call, sizeof call, "rename_var(%d,%s)", var_of(s, op->slot), op->name);
        log_line(s, index, call, ncmpi_rename_var(s->ncid, var_of(s, op->slot), op->name), NULL);
        return;
    case OP_DEF_VAR_FILL: def_var_fill(s, op, index); return;
    case OP_BEGIN_INDEP:
        e = ncmpi_begin_indep_data(s->ncid);
        if (e == NC_NOERR) s->indep = 1;
        log_line(s, index, "begin_indep_data", e, NULL);
        return;
    case OP_END_INDEP:
        e = ncmpi_end_indep_data(s->ncid);
        if (e == NC_NOERR) s->indep = 0;
        log_line(s, index, "end_indep_data", e, NULL);
        return;
    case OP_SYNC:
        e = ncmpi_sync(s->ncid);
        s->synced = e == NC_NOERR;
        log_line(s, index, "sync", e, NULL);
        return;
    case OP_SYNC_NUMRECS: log_line(s, index, "sync_numrecs", ncmpi_sync_numrecs(s->ncid), NULL); return;
    case OP_FLUSH: log_line(s, index, "flush", ncmpi_flush(s->ncid), NULL); return;
    case OP_INQ: inq_all(s, index); return;
    case OP_INQ_SIZES: inq_sizes(s, index); return;
    case OP_ATTACH:
        snprintf(call, sizeof call, "buffer_attach(%lld)", (long long)op->len);
        log_line(s, index, call, ncmpi_buffer_attach(s->ncid, op->len), NULL);
        return;
    case OP_DETACH: log_line(s, index, "buffer_detach", ncmpi_buffer_detach(s->ncid), NULL); return;
    case OP_PUT: case OP_GET: exec_data(s, op, index); return;
    case OP_WAIT: case OP_CANCEL: exec_wait(s, op, index); return;
    case OP_MPUT: case OP_MGET: exec_multi(s, op, index); return;
    case OP_READALL: exec_readall(s, op, index); return;
    case OP_SECOND: second_handle(s, index, after_sync); return;
    }
}
