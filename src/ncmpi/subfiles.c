/*
 * subfiles.c: the life of the subfiles on disk.
 *
 * create: at enddef, each new subfile's header is written by one rank
 *   (subfile j by rank j mod P) through PnetCDF on MPI_COMM_SELF, so that
 *   every subfile is a netCDF file ncdump can read; the data offsets it got
 *   are then shared with every rank.
 * check: at open, the same distribution verifies every subfile (present,
 *   of this dataset, consistent with the base file's attributes, not cut
 *   short) and learns its offsets.
 * finish: at sync and close, record counts are written into the headers of
 *   subfiles of record variables and every subfile is extended to its full
 *   size, so a short file always means a damaged one.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ncsf_internal.h"

/* Every not yet created (or, for check, every) subfile: (var, block). */
typedef struct { ncsf_var *v; int k; } slot;

static int list_slots(ncsf_file *f, int only_new, slot **out, int *n)
{
    int total = 0;
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i] && !(only_new && f->vars[i]->created)) total += f->vars[i]->nfiles;
    slot *s = malloc(sizeof(slot) * (total ? total : 1));
    if (!s) return NC_ENOMEM;
    int j = 0;
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i] && !(only_new && f->vars[i]->created))
            for (int k = 0; k < f->vars[i]->nfiles; k++) s[j++] = (slot){f->vars[i], k};
    *out = s;
    *n = total;
    return NC_NOERR;
}

static int format_cmode(int format)
{
    if (format == NC_FORMAT_CDF5) return NC_64BIT_DATA;
    if (format == NC_FORMAT_CDF2) return NC_64BIT_OFFSET;
    return 0;
}

static MPI_Offset block_elems(const sf_layout *lay, int k, int skip_record)
{
    MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS], n = 1;
    sf_layout_block(lay, k, st, ct);
    for (int d = (skip_record && lay->record) ? 1 : 0; d < lay->ndims; d++) n *= ct[d];
    return n;
}

/* Bytes a complete subfile has: the header, the block, nrecs records. */
MPI_Offset ncsfi_expected_size(const sf_layout *lay, int k, MPI_Offset nrecs)
{
    MPI_Offset per = block_elems(lay, k, 1) * lay->elsize;
    if (!lay->record) return lay->begin[k] + per;
    if (nrecs == 0) return lay->begin[k];
    return lay->begin[k] + (nrecs - 1) * lay->recsize[k] + per;
}

/* Define variable v (block k) in the subfile sid. */
static int define_in_subfile(ncsf_file *f, int sid, ncsf_var *v, int k, int *svar)
{
    int err = NC_NOERR, sdim[SF_MAX_DIMS], natts;
    char name[NC_MAX_NAME + 1], att[NC_MAX_NAME + 1];
    MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS];
    sf_layout_block(v->lay, k, st, ct);
    for (int d = 0; !err && d < v->ndims; d++) {
        MPI_Offset want = (d == 0 && v->lay->record) ? NC_UNLIMITED : ct[d], have;
        err = ncmpi_inq_dimname(f->ncid, v->dimids[d], name);
        if (!err && ncmpi_inq_dimid(sid, name, &sdim[d]) != NC_NOERR)
            err = ncmpi_def_dim(sid, name, want, &sdim[d]);
        else if (!err && want != NC_UNLIMITED && ncmpi_inq_dimlen(sid, sdim[d], &have) == NC_NOERR && have != want)
            err = NC_EDIMSIZE; /* cannot happen for variables partitioned alike */
    }
    if (!err) err = ncmpi_inq_varname(f->ncid, v->varid, name);
    if (!err) err = ncmpi_def_var(sid, name, v->xtype, v->ndims, sdim, svar);
    /* the user's attributes of the variable come along */
    if (!err) err = ncmpi_inq_varnatts(f->ncid, v->varid, &natts);
    for (int i = 0; !err && i < natts; i++) {
        err = ncmpi_inq_attname(f->ncid, v->varid, i, att);
        if (!err && strncmp(att, NCSF_ATT_PREFIX, strlen(NCSF_ATT_PREFIX)))
            err = ncmpi_copy_att(f->ncid, v->varid, att, sid, *svar);
    }
    if (!err) err = ncsfi_put_var_atts(f, sid, *svar, v, k);
    return err;
}

/* "../" for each directory in name, then stem */
static char *relative_base(const char *stem, const char *name)
{
    int up = 0;
    for (const char *c = name; *c; c++) up += *c == '/';
    char *s = malloc(3 * (size_t)up + strlen(stem) + 1);
    if (!s) return NULL;
    for (int i = 0; i < up; i++) memcpy(s + 3 * i, "../", 3);
    strcpy(s + 3 * up, stem);
    return s;
}

/* Subfile k of the variables sharing lead's subfiles (lead alone, unless
 * a subfiling_group joined others to it). out[2*slot] gets each one's data
 * offset and record size, slot_of[varid] + k being its slot. */
static int create_file(ncsf_file *f, ncsf_var *lead, int k, const int *slot_of, MPI_Offset *out)
{
    int sid, err, svar;
    const char *path = lead->lay->paths[k];
    err = ncmpi_create(MPI_COMM_SELF, path, NC_CLOBBER | format_cmode(f->format), f->info, &sid);
    if (err) {
        ncsfi_set_error(f, 1, "cannot create subfile %s: %s", path, ncmpi_strerror(err));
        return err;
    }
    err = ncsfi_put_dataset_id(f, sid);
    if (!err) {
        /* the base file seen from the subfile's directory */
        char *base = relative_base(f->stem, lead->names[k]);
        err = base ? ncmpi_put_att_text(sid, NC_GLOBAL, "subfiling_base", strlen(base), base) : NC_ENOMEM;
        free(base);
    }
    for (int i = 0; !err && i < f->nvars_cap; i++)
        if (f->vars[i] && !f->vars[i]->created && f->vars[i]->file_id == lead->varid)
            err = define_in_subfile(f, sid, f->vars[i], k, &svar);
    if (!err) err = ncmpi_enddef(sid);
    for (int i = 0; !err && i < f->nvars_cap; i++)
        if (f->vars[i] && !f->vars[i]->created && f->vars[i]->file_id == lead->varid) {
            char name[NC_MAX_NAME + 1];
            MPI_Offset *o = out + 2 * (slot_of[i] + k);
            ncmpi_inq_varname(f->ncid, i, name);
            err = ncmpi_inq_varid(sid, name, &svar);
            if (!err) err = ncmpi_inq_varoffset(sid, svar, &o[0]);
            if (!err) err = ncmpi_inq_recsize(sid, &o[1]);
        }
    int e = ncmpi_close(sid);
    if (!err) err = e;
    if (err) ncsfi_set_error(f, 1, "cannot write the header of subfile %s: %s", path, ncmpi_strerror(err));
    return err;
}

/* Sum per-slot offsets over ranks and agree on the error. */
static int share_offsets(ncsf_file *f, slot *s, int n, MPI_Offset *buf, int err)
{
    if (n) MPI_Allreduce(MPI_IN_PLACE, buf, 2 * n, MPI_OFFSET, MPI_SUM, f->comm);
    err = ncsfi_agree(f->comm, err);
    if (err) return err;
    for (int j = 0; j < n; j++) {
        s[j].v->lay->begin[s[j].k] = buf[2 * j];
        s[j].v->lay->recsize[s[j].k] = buf[2 * j + 1];
    }
    return NC_NOERR;
}

int ncsfi_create_subfiles(ncsf_file *f)
{
    slot *s = NULL;
    int n = 0, err = list_slots(f, 1, &s, &n);
    int *slot_of = calloc(f->nvars_cap + 1, sizeof(int));
    MPI_Offset *buf = calloc(2 * (size_t)n + 1, sizeof(MPI_Offset));
    if (!err && (!buf || !slot_of)) err = NC_ENOMEM;
    if (n && f->hints.dir) {
        /* the directory first, by one process; everyone learns the outcome */
        char why[600] = "";
        if (!err && f->rank == 0 && (err = ncsfi_make_dirs(f->dir, f->hints.dir, why, sizeof why)))
            ncsfi_set_error(f, 1, "%s", why);
        err = ncsfi_agree(f->comm, err);
    }
    for (int j = n - 1; !err && j >= 0; j--) slot_of[s[j].v->varid] = j;
    /* one job per new subfile: (leader, k); job j is rank j mod P's */
    int job = 0;
    for (int j = 0; !err && j < n; j++) {
        ncsf_var *v = s[j].v;
        if (v->file_id != v->varid) continue;
        if (job++ % f->nprocs == f->rank) err = create_file(f, v, s[j].k, slot_of, buf);
    }
    err = share_offsets(f, s, n, buf, err);
    for (int j = 0; !err && j < n; j++) s[j].v->created = 1;
    for (int i = 0; !err && i < f->nvars_cap; i++)
        if (f->vars[i] && !f->vars[i]->in_ctx) {
            if (sf_context_add_layout(f->ctx, f->vars[i]->lay) != SF_OK) err = NC_ENOMEM;
            else f->vars[i]->in_ctx = 1;
        }
    free(slot_of);
    free(buf);
    free(s);
    return err;
}

/* ---- check at open ------------------------------------------------------ */

static int same_layout(const sf_layout *a, const sf_layout *b)
{
    if (a->ndims != b->ndims || a->record != b->record || a->npart != b->npart ||
        a->nblocks != b->nblocks)
        return 0;
    for (int d = a->record; d < a->ndims; d++)
        if (a->gsize[d] != b->gsize[d]) return 0;
    for (int p = 0; p < a->npart; p++) {
        if (a->pdims[p] != b->pdims[p] || a->pgrid[p] != b->pgrid[p]) return 0;
        for (int c = 0; c <= a->pgrid[p]; c++)
            if (a->bounds[p][c] != b->bounds[p][c]) return 0;
    }
    return 1;
}

int ncsfi_check_subfile(ncsf_file *f, ncsf_var *v, int k, MPI_Offset *out)
{
    int sid, err, svar, index = -1, nd;
    char name[NC_MAX_NAME + 1], id[33] = "";
    const char *path = v->lay->paths[k];
    ncsf_var *sv = NULL;
    nc_type t;
    MPI_Offset len, nrecs = 0;
    struct stat sb;

    ncmpi_inq_varname(f->ncid, v->varid, name);
    if (stat(path, &sb) != 0) {
        ncsfi_set_error(f, 1, "subfile %s of variable %s: %s", path, name, strerror(errno));
        return errno == ENOENT ? NC_ENOENT : NC_EFILE;
    }
    err = ncmpi_open(MPI_COMM_SELF, path, NC_NOWRITE, MPI_INFO_NULL, &sid);
    if (err) {
        ncsfi_set_error(f, 1, "subfile %s of variable %s cannot be opened: %s", path, name, ncmpi_strerror(err));
        return err;
    }
    if (ncmpi_inq_att(sid, NC_GLOBAL, "subfiling_dataset_id", &t, &len) != NC_NOERR || t != NC_CHAR ||
        len != 32 || ncmpi_get_att_text(sid, NC_GLOBAL, "subfiling_dataset_id", id) != NC_NOERR ||
        memcmp(id, f->dsid, 32) != 0) {
        ncsfi_set_error(f, 1, "subfile %s belongs to another dataset (identity %.32s, expected %s)",
                        path, id, f->dsid);
        err = NC_EVARMETA;
        goto out;
    }
    if ((err = ncmpi_inq_varid(sid, name, &svar))) {
        ncsfi_set_error(f, 1, "subfile %s holds no variable %s", path, name);
        err = NC_EVARMETA;
        goto out;
    }
    err = ncsfi_read_var_atts(f, sid, svar, &sv, &index);
    if (err) {
        char msg[sizeof f->errmsg];
        memcpy(msg, f->errmsg, sizeof msg);
        ncsfi_set_error(f, 1, "subfile %s: %s", path, msg);
        goto out;
    }
    ncmpi_inq_varndims(sid, svar, &nd);
    nc_type st;
    ncmpi_inq_vartype(sid, svar, &st);
    if (index != k || st != v->xtype || nd != v->ndims || !same_layout(sv->lay, v->lay)) {
        ncsfi_set_error(f, 1, "subfile %s does not match the layout recorded for variable %s "
                        "(it says it is subfile %d of %d)", path, name, index, sv->nfiles);
        err = NC_EVARMETA;
        goto out;
    }
    if ((err = ncmpi_inq_varoffset(sid, svar, &out[0]))) goto out;
    if ((err = ncmpi_inq_recsize(sid, &out[1]))) goto out;
    if (v->lay->record) {
        int unlim;
        ncmpi_inq_unlimdim(sid, &unlim);
        if (unlim >= 0) ncmpi_inq_dimlen(sid, unlim, &nrecs);
    }
    out[2] = nrecs;
    /* a complete subfile is at least this long */
    v->lay->begin[k] = out[0];
    v->lay->recsize[k] = out[1];
    MPI_Offset want = ncsfi_expected_size(v->lay, k, nrecs);
    if ((MPI_Offset)sb.st_size < want) {
        ncsfi_set_error(f, 1, "subfile %s is %lld bytes, expected at least %lld: it was cut short",
                        path, (long long)sb.st_size, (long long)want);
        err = NC_ETRUNC;
    }
out:
    if (sv) { sf_layout_free(sv->lay); ncsfi_var_free(sv); }
    ncmpi_close(sid);
    return err;
}

int ncsfi_check_subfiles(ncsf_file *f)
{
    slot *s = NULL;
    int n = 0, err = list_slots(f, 0, &s, &n);
    if (err) return ncsfi_agree(f->comm, err);
    MPI_Offset *buf = calloc(3 * (size_t)n + 1, sizeof(MPI_Offset));
    MPI_Offset *two = calloc(2 * (size_t)n + 1, sizeof(MPI_Offset));
    int *cut = calloc((size_t)n + 1, sizeof(int));
    MPI_Offset nrecs = 0;
    if (!buf || !two || !cut) err = NC_ENOMEM;
    for (int j = f->rank; !err && j < n; j += f->nprocs) {
        err = ncsfi_check_subfile(f, s[j].v, s[j].k, &buf[3 * j]);
        if (err == NC_ETRUNC && f->hints.accept_incomplete) {
            /* the dataset opens; that variable's accesses fail */
            cut[j] = 1;
            err = NC_NOERR;
        }
        if (buf[3 * j + 2] > nrecs) nrecs = buf[3 * j + 2];
    }
    if (cut) {
        MPI_Allreduce(MPI_IN_PLACE, cut, n, MPI_INT, MPI_MAX, f->comm);
        for (int j = 0; j < n; j++)
            if (cut[j]) s[j].v->truncated = 1;
    }
    free(cut);
    for (int j = 0; two && buf && j < n; j++) { two[2 * j] = buf[3 * j]; two[2 * j + 1] = buf[3 * j + 1]; }
    MPI_Allreduce(MPI_IN_PLACE, &nrecs, 1, MPI_OFFSET, MPI_MAX, f->comm);
    if (nrecs > f->numrecs) f->numrecs = nrecs;
    err = share_offsets(f, s, n, two ? two : buf, err);
    for (int j = 0; !err && j < n; j++) s[j].v->created = 1;
    for (int i = 0; !err && i < f->nvars_cap; i++)
        if (f->vars[i]) {
            if (sf_context_add_layout(f->ctx, f->vars[i]->lay) != SF_OK) err = NC_ENOMEM;
            else f->vars[i]->in_ctx = 1;
        }
    free(two);
    free(buf);
    free(s);
    return err;
}

/* ---- finish at sync/close ----------------------------------------------- */

static int write_numrecs(int fd, int format, MPI_Offset nrecs)
{
    unsigned char b[8];
    int n = format == NC_FORMAT_CDF5 ? 8 : 4;
    MPI_Offset cur = 0;
    if (pread(fd, b, n, 4) != n) return -1;
    for (int i = 0; i < n; i++) cur = (cur << 8) | b[i];
    if (cur >= nrecs) return 0;
    for (int i = n - 1; i >= 0; i--) { b[i] = (unsigned char)(nrecs & 0xff); nrecs >>= 8; }
    return pwrite(fd, b, n, 4) == n ? 0 : -1;
}

static int finish_one(ncsf_file *f, ncsf_var *v, int k)
{
    const char *path = v->lay->paths[k];
    int fd = open(path, O_RDWR);
    struct stat sb;
    int err = NC_NOERR;
    if (fd < 0) {
        ncsfi_set_error(f, 1, "cannot reopen subfile %s to finish it: %s", path, strerror(errno));
        return errno == ENOENT ? NC_ENOENT : NC_EFILE;
    }
    if (v->lay->record && write_numrecs(fd, f->format, f->numrecs) != 0) err = NC_EWRITE;
    MPI_Offset want = ncsfi_expected_size(v->lay, k, v->lay->record ? f->numrecs : 0);
    if (!err && (fstat(fd, &sb) != 0 || ((MPI_Offset)sb.st_size < want && ftruncate(fd, want) != 0)))
        err = NC_EWRITE;
    if (close(fd) != 0 && !err) err = NC_EWRITE;
    if (err) ncsfi_set_error(f, 1, "cannot finish subfile %s: %s", path, strerror(errno));
    return err;
}

/* Make the base file's record count cover the subfiled record variables:
 * one placeholder gets fill values up to the global count. */
static int extend_base_records(ncsf_file *f)
{
    int unlim, err;
    MPI_Offset have;
    ncsf_var *rv = NULL;
    for (int i = 0; i < f->nvars_cap && !rv; i++)
        if (f->vars[i] && f->vars[i]->lay->record) rv = f->vars[i];
    if (!rv || f->via_subfile) return NC_NOERR;
    if ((err = ncmpi_inq_unlimdim(f->ncid, &unlim)) || unlim < 0) return err;
    if ((err = ncmpi_inq_dimlen(f->ncid, unlim, &have))) return err;
    if (have >= f->numrecs) return NC_NOERR;
    MPI_Offset start = have, count = f->rank == 0 ? f->numrecs - have : 0;
    unsigned char fill[8];
    int nofill;
    char *buf = malloc((size_t)(count ? count : 1) * 8);
    if (!buf) return NC_ENOMEM;
    ncmpi_inq_var_fill(f->ncid, rv->varid, &nofill, fill);
    int es = ncsfi_xsize(rv->xtype);
    for (MPI_Offset i = 0; i < count; i++) memcpy(buf + i * es, fill, es);
    /* buftype NULL: the buffer is in the variable's own type */
    if (!f->indep)
        err = ncmpi_put_vara_all(f->ncid, rv->varid, &start, &count, buf, count, MPI_DATATYPE_NULL);
    else
        err = f->rank == 0 ? ncmpi_put_vara(f->ncid, rv->varid, &start, &count, buf, count, MPI_DATATYPE_NULL)
                           : NC_NOERR;
    free(buf);
    return err;
}

int ncsfi_finish_subfiles(ncsf_file *f)
{
    slot *s = NULL;
    int n = 0, err = list_slots(f, 0, &s, &n);
    for (int j = f->rank; !err && j < n; j += f->nprocs)
        if (s[j].v->created) err = finish_one(f, s[j].v, s[j].k);
    free(s);
    err = ncsfi_agree(f->comm, err);
    if (!err) err = extend_base_records(f);
    return err;
}
