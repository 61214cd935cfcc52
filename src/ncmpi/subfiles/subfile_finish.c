/*
 * subfile_finish.c: at sync and close, everything written reaches the
 * files' headers and lengths. Each subfile's home raises its record count
 * and extends it to its full length (raw_bytes.c), so a short file always
 * means a damaged one; a subfile this writer did not make whole (cut short
 * or missing when it opened the dataset) is left as it is. The base file
 * gets the records of the subfiled record variables (one placeholder
 * value, whatever their number) and, after PnetCDF has closed it, the
 * length its header says it has.
 */
#include <stdlib.h>
#include <string.h>
#include "ncsfi_subfiles.h"

/* The length netCDF's validator expects of subfile k of the variables that
 * share lead's files: header, fixed variables (each padded to 4 bytes),
 * or the records. */
MPI_Offset ncsfi_file_size_expected(ncsf_file *f, const ncsf_var *lead, int k)
{
    sf_offsets o;
    if (!sf_layout_get_offsets(lead->lay, k, &o) || o.head < 0) return -1;
    MPI_Offset end = o.head, begin_rec = -1, recsize = 0;
    for (int i = 0; i < f->nvars_cap; i++) {
        const ncsf_var *v = f->vars[i];
        if (!v || v->file_id != lead->varid) continue;
        if (!sf_layout_get_offsets(v->lay, k, &o) || o.begin < 0) return -1;
        if (v->lay->record) {
            if (begin_rec < 0 || o.begin < begin_rec) begin_rec = o.begin;
            recsize = o.recsize;
        } else {
            MPI_Offset b = ncsfi_block_bytes(v->lay, k);
            if (b < 0) return -1;
            b = (b + 3) / 4 * 4;
            if (o.begin + b > end) end = o.begin + b;
        }
    }
    if (begin_rec >= 0 && f->numrecs > 0) end = ncsfi_mul_add(f->numrecs, recsize, begin_rec);
    return end;
}

static int finish_file(ncsf_file *f, const ncsf_var *lead, int k)
{
    char pbuf[SF_PATH_MAX];
    const char *path = sf_layout_path(lead->lay, k, pbuf, sizeof pbuf);
    int err = NC_NOERR, record = 0;
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i] && f->vars[i]->file_id == lead->varid && f->vars[i]->lay->record) record = 1;
    if (record) err = ncsfi_raw_raise_numrecs(path, 1, f->format, f->numrecs);
    MPI_Offset want = ncsfi_file_size_expected(f, lead, k);
    if (!err && want > 0) err = ncsfi_raw_extend(path, 1, want);
    if (err) ncsfi_set_error(f, 1, "cannot finish subfile %s: %s", path, ncmpi_strerror(err));
    return err;
}

/* Placeholder records filled at one close or sync, at most: more new
 * records than this (a put at a huge record index, the records between
 * being holes) get only the last one written, which keeps the base
 * file's record count, so a sparse dataset stays sparse. */
#define FILL_RECS_MAX ((MPI_Offset)1 << 20)

/* One placeholder holds its fill value (_FillValue, else the type's
 * default), so that a tool that knows nothing of ncsf shows it missing:
 * the scalar, or the element of each record added since the last fill
 * (which also makes the base file's record count cover the records). */
static int fill_placeholder(ncsf_file *f, const ncsf_var *v)
{
    unsigned char fill[8];
    int nofill;
    ncmpi_inq_var_fill(f->ncid, v->varid, &nofill, fill);
    if (!v->lay->record) {
        /* every process writes the same bytes (a collective needs them all) */
        if (!f->indep) return ncmpi_put_var_all(f->ncid, v->varid, fill, 1, MPI_DATATYPE_NULL);
        return f->rank == 0 ? ncmpi_put_var(f->ncid, v->varid, fill, 1, MPI_DATATYPE_NULL) : NC_NOERR;
    }
    MPI_Offset start = f->filled_recs, n = f->numrecs - f->filled_recs;
    if (n > FILL_RECS_MAX) start = f->numrecs - 1, n = 1;
    MPI_Offset last = f->numrecs - 1, one = 1, first = start, count = n - 1;
    if (!f->indep) {
        /* Collectively, every process writes a non-empty part: PnetCDF
         * 1.14.1 and 1.15.0 hang on a collective put of a record variable
         * in which some process has a zero count (that process skips the
         * reduction of the record count). The records before the last are
         * shared out; a process left without any writes the last record
         * again, the same bytes. */
        MPI_Offset q = (n - 1) / f->nprocs, m = (n - 1) % f->nprocs;
        first = start + f->rank * q + (f->rank < m ? f->rank : m);
        count = q + (f->rank < m);
        if (count == 0) first = last, count = 1;
    } else if (f->rank != 0) {
        count = 0; /* independently, process 0 writes them all */
    }
    int es = ncsfi_xsize(v->xtype);
    unsigned char *buf = malloc((size_t)(count > 1 ? count : 1) * es);
    int err = ncsfi_agreef(f, buf ? NC_NOERR : NC_ENOMEM);
    if (!err) {
        for (MPI_Offset r = 0; r < (count > 1 ? count : 1); r++) memcpy(buf + r * es, fill, es);
        /* the last record's value first, alone: it makes the file as long
         * as the strided rest needs, so MPI-IO's read-modify-write of the
         * rest reads holes (zeros) and never leaves stale bytes in the
         * other variables' unwritten records */
        if (!f->indep) {
            err = ncmpi_put_vara_all(f->ncid, v->varid, &last, &one, buf, one, MPI_DATATYPE_NULL);
            if (!err && n > 1)
                err = ncmpi_put_vara_all(f->ncid, v->varid, &first, &count, buf, count, MPI_DATATYPE_NULL);
        } else if (f->rank == 0) {
            err = ncmpi_put_vara(f->ncid, v->varid, &last, &one, buf, one, MPI_DATATYPE_NULL);
            if (!err && n > 1)
                err = ncmpi_put_vara(f->ncid, v->varid, &first, &count, buf, count, MPI_DATATYPE_NULL);
        }
    }
    free(buf);
    return err;
}

/* In collective mode the scalar placeholders not yet filled are written
 * by process 0 outside PnetCDF (raw_bytes.c, 5.): its outcome, this
 * process's (NC_NOERR elsewhere), for the caller to agree on. */
int ncsfi_fill_fixed_own(ncsf_file *f)
{
    int n = 0, err = NC_NOERR;
    for (int i = 0; i < f->nvars_cap; i++)
        n += f->vars[i] && !f->vars[i]->lay->record && !f->vars[i]->ph_filled;
    if (!n || f->rank != 0) return NC_NOERR;
    MPI_Offset *at = malloc(sizeof *at * (size_t)n);
    unsigned char *bytes = malloc(8 * (size_t)n);
    int *len = malloc(sizeof *len * (size_t)n), k = 0;
    err = at && bytes && len ? NC_NOERR : NC_ENOMEM;
    unsigned char *b = bytes;
    for (int i = 0; i < f->nvars_cap && !err; i++) {
        const ncsf_var *v = f->vars[i];
        if (!v || v->lay->record || v->ph_filled) continue;
        int nofill, es = ncsfi_xsize(v->xtype);
        err = ncmpi_inq_var_fill(f->ncid, v->varid, &nofill, b);
        if (!err) err = ncmpi_inq_varoffset(f->ncid, v->varid, &at[k]);
        ncsfi_swap(b, es, 1); /* the file's byte order */
        len[k++] = es;
        b += es;
    }
    if (!err) err = ncsfi_raw_write_pieces(f->path, k, at, bytes, len);
    if (err) ncsfi_set_error(f, 1, "%s: cannot write the placeholders' fill values: %s", f->path,
                             ncmpi_strerror(err));
    free(at);
    free(bytes);
    free(len);
    return err;
}

void ncsfi_fixed_filled(ncsf_file *f)
{
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i] && !f->vars[i]->lay->record) f->vars[i]->ph_filled = 1;
}

/* The same, its outcome agreed if agree (one reduction), else this
 * process's (for the caller to agree on); no collective write on the
 * base file (an enddef agrees on it with the subfiles' creation). */
static int fill_fixed_together(ncsf_file *f, int agree)
{
    int n = 0;
    for (int i = 0; i < f->nvars_cap; i++)
        n += f->vars[i] && !f->vars[i]->lay->record && !f->vars[i]->ph_filled;
    if (!n) return NC_NOERR; /* the same on every process: the variables and their marks are */
    int err = ncsfi_fill_fixed_own(f);
    if (!agree) return err; /* marked once agreed (ncsfi_placeholders_filled) */
    err = ncsfi_agreef(f, err);
    if (!err) ncsfi_fixed_filled(f);
    return err;
}

/* In collective mode the record placeholders' new records, all of them
 * at once: process 0 posts two non-blocking puts per placeholder (the last
 * record's value, then the rest, as fill_placeholder writes them) and
 * every process completes them in two collective waits of PnetCDF's, one
 * per kind, whatever the number of variables; one reduction agrees on
 * the outcome if agree, else the caller agrees on it (process 0 without
 * the memory posts nothing and waits with the others). Only this
 * function's own requests are waited for (the program's stay pending).
 * Every process takes the same steps whatever its outcome so far. */
static int fill_records_together(ncsf_file *f, int agree)
{
    int n = 0, err = NC_NOERR;
    for (int i = 0; i < f->nvars_cap; i++) n += f->vars[i] && f->vars[i]->lay->record;
    if (!n || f->numrecs <= f->filled_recs) return NC_NOERR; /* the same on every process */
    MPI_Offset start = f->filled_recs, cnt = f->numrecs - f->filled_recs, last = f->numrecs - 1, one = 1;
    if (cnt > FILL_RECS_MAX) start = f->numrecs - 1, cnt = 1;
    MPI_Offset rest = cnt - 1;
    int m = f->rank == 0 ? n : 0;
    unsigned char *bytes = NULL;
    int *req = NULL, *st = NULL;
    if (m) {
        bytes = malloc((size_t)m * 8 * (size_t)cnt);
        req = malloc(sizeof(int) * 2 * (size_t)m);
        st = malloc(sizeof(int) * 2 * (size_t)m);
        if (!bytes || !req || !st) err = NC_ENOMEM;
    }
    int k = 0, nlast = 0;
    for (int i = 0; !err && m && i < f->nvars_cap; i++) {
        const ncsf_var *v = f->vars[i];
        if (!v || !v->lay->record) continue;
        unsigned char fill[8], *b = bytes + (size_t)k++ * 8 * (size_t)cnt;
        int nofill, es = ncsfi_xsize(v->xtype);
        ncmpi_inq_var_fill(f->ncid, v->varid, &nofill, fill);
        for (MPI_Offset r = 0; r < cnt; r++) memcpy(b + r * es, fill, es);
        err = ncmpi_iput_vara(f->ncid, v->varid, &last, &one, b, 1, MPI_DATATYPE_NULL, &req[nlast]);
        if (!err) nlast++;
    }
    /* the last records first, alone: they make the file as long as the
     * rest needs, so that MPI-IO's read-modify-write of the rest reads
     * holes and never leaves stale bytes in other variables' records */
    int e = ncmpi_wait_all(f->ncid, nlast, req, st);
    if (!err) err = e;
    for (int j = 0; !err && j < nlast; j++) err = st[j];
    int nrest = 0;
    k = 0;
    for (int i = 0; !err && m && rest > 0 && i < f->nvars_cap; i++) {
        const ncsf_var *v = f->vars[i];
        if (!v || !v->lay->record) continue;
        unsigned char *b = bytes + (size_t)k++ * 8 * (size_t)cnt;
        err = ncmpi_iput_vara(f->ncid, v->varid, &start, &rest, b, rest, MPI_DATATYPE_NULL, &req[nrest]);
        if (!err) nrest++;
    }
    /* (whether a second wait is needed is known everywhere: rest is) */
    if (rest > 0) {
        e = ncmpi_wait_all(f->ncid, nrest, req, st);
        if (!err) err = e;
        for (int j = 0; !err && j < nrest; j++) err = st[j];
    }
    free(bytes);
    free(req);
    free(st);
    return agree ? ncsfi_agreef(f, err) : err;
}

/* At close, in collective mode: the record placeholders' new records
 * (the same ones fill_records_together writes, the same bytes) written by
 * process 0 outside PnetCDF, in one pass over the base file in offset
 * order, adjacent ones as one write; PnetCDF's record count is left as it
 * is, and the close raises the header's after PnetCDF's close. The
 * outcome, this process's (NC_NOERR elsewhere), for the caller to agree
 * on. */
static int fill_records_raw(ncsf_file *f)
{
    int n = 0, err = NC_NOERR;
    for (int i = 0; i < f->nvars_cap; i++) n += f->vars[i] && f->vars[i]->lay->record;
    if (!n || f->numrecs <= f->filled_recs || f->rank != 0) return NC_NOERR;
    MPI_Offset start = f->filled_recs, cnt = f->numrecs - f->filled_recs, recsize = 0;
    if (cnt > FILL_RECS_MAX) start = f->numrecs - 1, cnt = 1;
    size_t total = (size_t)n * (size_t)cnt;
    MPI_Offset *off = malloc(sizeof *off * (size_t)n), *at = malloc(sizeof *at * total);
    unsigned char *fill = malloc(8 * (size_t)n), *bytes = malloc(8 * total);
    int *es = malloc(sizeof *es * (size_t)n), *len = malloc(sizeof *len * total), k = 0, m = 0;
    if (!off || !at || !fill || !bytes || !es || !len) err = NC_ENOMEM;
    if (!err) err = ncmpi_inq_recsize(f->ncid, &recsize);
    /* the placeholders in the order of their offsets in a record */
    for (int i = 0; !err && i < f->nvars_cap; i++) {
        const ncsf_var *v = f->vars[i];
        if (!v || !v->lay->record) continue;
        int nofill, j = k++;
        MPI_Offset o = 0;
        err = ncmpi_inq_varoffset(f->ncid, v->varid, &o);
        for (; j > 0 && off[j - 1] > o; j--) {
            off[j] = off[j - 1], es[j] = es[j - 1];
            memcpy(fill + 8 * j, fill + 8 * (j - 1), 8);
        }
        off[j] = o;
        es[j] = ncsfi_xsize(v->xtype);
        if (!err) err = ncmpi_inq_var_fill(f->ncid, v->varid, &nofill, fill + 8 * j);
        ncsfi_swap(fill + 8 * j, es[j], 1); /* the file's byte order */
    }
    unsigned char *b = bytes;
    for (MPI_Offset r = start; !err && r < start + cnt; r++)
        for (int j = 0; j < k; j++) {
            MPI_Offset o = off[j] + r * recsize;
            memcpy(b, fill + 8 * j, (size_t)es[j]);
            b += es[j];
            if (m > 0 && at[m - 1] + len[m - 1] == o) len[m - 1] += es[j];
            else at[m] = o, len[m++] = es[j];
        }
    if (!err) err = ncsfi_raw_write_pieces(f->path, m, at, bytes, len);
    if (err) ncsfi_set_error(f, 1, "%s: cannot write the placeholders' fill values: %s", f->path,
                             ncmpi_strerror(err));
    free(off);
    free(at);
    free(fill);
    free(bytes);
    free(es);
    free(len);
    return err;
}

int ncsfi_fill_placeholders_unagreed(ncsf_file *f, int at_close)
{
    /* define mode (a flush there): the next enddef or close fills them */
    if (f->via_subfile || f->indef || f->indep) return NC_NOERR;
    int err = fill_fixed_together(f, 0), e = at_close ? fill_records_raw(f) : fill_records_together(f, 0);
    return err ? err : e;
}

void ncsfi_placeholders_filled(ncsf_file *f)
{
    if (f->via_subfile || f->indef || f->indep) return;
    ncsfi_fixed_filled(f);
    f->filled_recs = f->numrecs;
}

int ncsfi_fill_placeholders(ncsf_file *f)
{
    int err = NC_NOERR;
    /* define mode (a flush there): the next enddef or close fills them */
    if (f->via_subfile || f->indef) return NC_NOERR;
    if (!f->indep) err = fill_fixed_together(f, 1);
    if (!f->indep && !err) err = fill_records_together(f, 1);
    for (int i = 0; i < f->nvars_cap && !err; i++)
        if (f->vars[i] && (f->vars[i]->lay->record ? f->indep && f->numrecs > f->filled_recs
                                                    : !f->vars[i]->ph_filled)) {
            err = ncsfi_agreef(f, fill_placeholder(f, f->vars[i]));
            if (!err) f->vars[i]->ph_filled = 1;
        }
    if (!err) f->filled_recs = f->numrecs;
    return err;
}

int ncsfi_finish_own_subfiles(ncsf_file *f)
{
    ncsf_slot *s = NULL;
    ncsfi_numrecs_follow(f);
    int n = 0, err = ncsfi_home_files(f, 0, &s, &n);
    for (int j = 0; !err && j < n; j++) {
        const ncsf_var *v = s[j].lead;
        int broken = 0;
        for (int i = 0; i < f->nvars_cap; i++)
            if (f->vars[i] && f->vars[i]->file_id == v->varid && f->vars[i]->broken) broken = 1;
        /* never pad or touch what this writer did not make whole */
        if (!v->created || broken) continue;
        err = finish_file(f, v, s[j].k);
    }
    free(s);
    return err;
}

int ncsfi_finish_subfiles(ncsf_file *f, int pre)
{
    int err = ncsfi_finish_own_subfiles(f);
    if (pre) err = pre;
    /* in collective data mode the placeholders' new records with them,
     * one outcome agreed; in independent mode (the same on every
     * process) each placeholder agrees on its own fill */
    if (f->indep) {
        err = ncsfi_agreef(f, err);
        return err ? err : ncsfi_fill_placeholders(f);
    }
    int e = ncsfi_fill_placeholders_unagreed(f, 0);
    err = ncsfi_agreef(f, err ? err : e);
    if (!err) ncsfi_placeholders_filled(f);
    return err;
}

/* Where the base file's data ends by its header (what netCDF's validator
 * expects its length to be): after the records if it has any, else after
 * the header and every fixed-size variable (each padded to 4 bytes). */
int ncsfi_base_data_end(ncsf_file *f, MPI_Offset *end)
{
    int nvars, unlim = -1, err = ncmpi_inq_nvars(f->ncid, &nvars);
    MPI_Offset numrecs = 0, begin_rec = -1, recsize = 0;
    if (!err) err = ncmpi_inq_header_size(f->ncid, end);
    if (!err) err = ncmpi_inq_unlimdim(f->ncid, &unlim);
    if (!err && unlim >= 0) err = ncmpi_inq_dimlen(f->ncid, unlim, &numrecs);
    /* (the placeholders' records a close wrote outside PnetCDF count) */
    if (!err && unlim >= 0 && f->numrecs > numrecs) numrecs = f->numrecs;
    if (!err) err = ncmpi_inq_recsize(f->ncid, &recsize);
    for (int i = 0; !err && i < nvars; i++) {
        int nd, *dimids;
        nc_type t;
        MPI_Offset off, len = 1, dl;
        if ((err = ncmpi_inq_var(f->ncid, i, NULL, &t, &nd, NULL, NULL))) break;
        if ((err = ncmpi_inq_varoffset(f->ncid, i, &off))) break;
        if (!(dimids = malloc(sizeof(int) * (nd ? nd : 1)))) return NC_ENOMEM;
        if ((err = ncmpi_inq_vardimid(f->ncid, i, dimids))) { free(dimids); break; }
        if (nd > 0 && dimids[0] == unlim) {
            if (begin_rec < 0 || off < begin_rec) begin_rec = off;
            free(dimids);
            continue;
        }
        for (int d = 0; !err && d < nd; d++) {
            err = ncmpi_inq_dimlen(f->ncid, dimids[d], &dl);
            len = ncsfi_mul_add(len, dl, 0);
        }
        free(dimids);
        len = ncsfi_mul_add(len, ncsfi_xsize(t), 3);
        if (len < 0 || off + len / 4 * 4 < 0) return NC_EINTOVERFLOW;
        if (off + len / 4 * 4 > *end) *end = off + len / 4 * 4;
    }
    if (!err && numrecs > 0 && begin_rec >= 0) *end = ncsfi_mul_add(numrecs, recsize, begin_rec);
    return err;
}
