/*
 * subfiles.c: the life of the subfiles on disk.
 *
 * create: at enddef, each new subfile's header is written by one rank
 *   (subfile j by rank j mod P) through PnetCDF on MPI_COMM_SELF, so that
 *   every subfile is a netCDF file ncdump can read; the data offsets it got
 *   are then shared with every rank. Subfiles are created exclusively:
 *   with NC_NOCLOBBER an existing file at any subfile's name fails enddef
 *   on every rank before anything is created; without it, what is in the
 *   way is unlinked (never written through: a symbolic link there is
 *   removed, not followed) and the subfile made anew.
 * check: at open, the same distribution verifies every subfile (a regular
 *   file, of this dataset, consistent with the base file's attributes,
 *   with the dataset's record count, not cut short) and learns its
 *   offsets. A subfile that fails breaks its own variable only: every
 *   access to that variable then fails with the reason, on every rank.
 * finish: at sync and close, record counts are written into the headers of
 *   subfiles of record variables and every subfile is extended to its full
 *   size (raw_bytes.c), so a short file always means a damaged one.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
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

/* a * b + c, or -1 if it does not fit */
static MPI_Offset mul_add(MPI_Offset a, MPI_Offset b, MPI_Offset c)
{
    MPI_Offset r;
    if (a < 0 || b < 0 || c < 0 || __builtin_mul_overflow(a, b, &r) || __builtin_add_overflow(r, c, &r))
        return -1;
    return r;
}

/* Bytes of block k (one record of it, for a record variable); -1 if that
 * does not fit in 64 bits. */
static MPI_Offset block_bytes(const sf_layout *lay, int k)
{
    MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS], n = lay->elsize;
    sf_layout_block(lay, k, st, ct);
    for (int d = lay->record ? 1 : 0; d < lay->ndims && n >= 0; d++) n = mul_add(n, ct[d], 0);
    return n;
}

/* Bytes a subfile holding this variable is at least: the header, the block,
 * nrecs records; -1 if that does not fit in 64 bits (a crafted layout). */
MPI_Offset ncsfi_expected_size(const sf_layout *lay, int k, MPI_Offset nrecs)
{
    MPI_Offset per = block_bytes(lay, k);
    if (per < 0) return -1;
    if (!lay->record) return mul_add(1, per, lay->begin[k]);
    if (nrecs == 0) return lay->begin[k];
    MPI_Offset r = mul_add(nrecs - 1, lay->recsize[k], lay->begin[k]);
    return r < 0 ? -1 : mul_add(1, per, r);
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

/* Something at a subfile's name: NC_NOERR if nothing is there. */
static int in_the_way(const char *path, struct stat *sb)
{
    if (lstat(path, sb) != 0) return errno == ENOENT ? NC_NOERR : NC_EFILE;
    return NC_EEXIST;
}

/* Make room for a new subfile without writing through what is there. */
static int clear_the_way(ncsf_file *f, const char *path)
{
    struct stat sb;
    int err = in_the_way(path, &sb);
    if (err != NC_EEXIST) return err;
    if (S_ISDIR(sb.st_mode)) {
        ncsfi_set_error(f, 1, "cannot create subfile %s: a directory is in the way", path);
        return NC_EFILE;
    }
    if (!S_ISREG(sb.st_mode) && !S_ISLNK(sb.st_mode)) {
        ncsfi_set_error(f, 1, "cannot create subfile %s: something that is not a regular file is in the way", path);
        return NC_EBAD_FILE;
    }
    if (unlink(path) != 0 && errno != ENOENT) {
        ncsfi_set_error(f, 1, "cannot replace %s: %s", path, strerror(errno));
        return errno == EACCES || errno == EPERM ? NC_EACCESS : NC_EFILE;
    }
    return NC_NOERR;
}

/* Subfile k of the variables sharing lead's subfiles (lead alone, unless
 * a subfiling_group joined others to it). out[3*slot] gets each one's data
 * offset, record size and header size, slot_of[varid] + k being its slot. */
static int create_file(ncsf_file *f, ncsf_var *lead, int k, const int *slot_of, MPI_Offset *out)
{
    int sid, err, svar;
    const char *path = lead->lay->paths[k];
    if (!f->noclobber && (err = clear_the_way(f, path))) return err;
    /* exclusive: O_EXCL also refuses a symbolic link put there meanwhile */
    err = ncmpi_create(MPI_COMM_SELF, path, NC_NOCLOBBER | format_cmode(f->format), f->info, &sid);
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
    MPI_Offset hsize = 0;
    if (!err) err = ncmpi_inq_header_size(sid, &hsize);
    for (int i = 0; !err && i < f->nvars_cap; i++)
        if (f->vars[i] && !f->vars[i]->created && f->vars[i]->file_id == lead->varid) {
            char name[NC_MAX_NAME + 1];
            MPI_Offset *o = out + 3 * (slot_of[i] + k);
            err = ncmpi_inq_varname(f->ncid, i, name);
            if (!err) err = ncmpi_inq_varid(sid, name, &svar);
            if (!err) err = ncmpi_inq_varoffset(sid, svar, &o[0]);
            if (!err) err = ncmpi_inq_recsize(sid, &o[1]);
            o[2] = hsize;
        }
    int e = ncmpi_close(sid);
    if (!err) err = e;
    if (err) ncsfi_set_error(f, 1, "cannot write the header of subfile %s: %s", path, ncmpi_strerror(err));
    return err;
}

/* Sum per-slot values over ranks (each slot is filled by one rank) and
 * agree on the error. */
static int share_slots(ncsf_file *f, MPI_Offset *buf, int n, int width, int err)
{
    if (n && MPI_Allreduce(MPI_IN_PLACE, buf, width * n, MPI_OFFSET, MPI_SUM, f->comm) != MPI_SUCCESS && !err)
        err = NC_EMPI;
    return ncsfi_agree(f->comm, err);
}

static void learn_offsets(slot *s, int n, const MPI_Offset *buf, int width)
{
    for (int j = 0; j < n; j++) {
        s[j].v->lay->begin[s[j].k] = buf[width * j];
        s[j].v->lay->recsize[s[j].k] = buf[width * j + 1];
        s[j].v->hsize[s[j].k] = buf[width * j + 2];
    }
}

/* How many records a put may reach in variable v: every byte offset of
 * its records must fit in 64 bits, in each subfile and in the base file
 * (its placeholder has a value per record); CDF-1 and CDF-2 count records
 * in 32 bits, as PnetCDF checks for its own variables. */
static void set_max_records(ncsf_file *f, ncsf_var *v)
{
    MPI_Offset max = f->format == NC_FORMAT_CDF5 ? INT64_MAX : (MPI_Offset)NC_MAX_UINT, rs = 0, off = 0;
    if (!v->lay->record) return;
    for (int k = 0; k < v->nfiles; k++) {
        MPI_Offset per = block_bytes(v->lay, k), b = v->lay->begin[k], r = v->lay->recsize[k];
        if (per < 0 || r <= 0 || b > INT64_MAX - per) { max = 0; break; }
        if ((INT64_MAX - b - per) / r + 1 < max) max = (INT64_MAX - b - per) / r + 1;
    }
    if (!f->via_subfile && ncmpi_inq_recsize(f->ncid, &rs) == NC_NOERR && rs > 0 &&
        ncmpi_inq_varoffset(f->ncid, v->varid, &off) == NC_NOERR && off >= 0 &&
        (INT64_MAX - off - 8) / rs + 1 < max)
        max = (INT64_MAX - off - 8) / rs + 1;
    v->max_records = max;
}

static int add_layouts(ncsf_file *f)
{
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i]) set_max_records(f, f->vars[i]);
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i] && !f->vars[i]->in_ctx) {
            if (sf_context_add_layout(f->ctx, f->vars[i]->lay) != SF_OK) return NC_ENOMEM;
            f->vars[i]->in_ctx = 1;
        }
    return NC_NOERR;
}

/* One job per new subfile file: the slots whose variable leads its files;
 * job j is rank j mod P's. */
static int is_my_job(ncsf_file *f, const slot *s, int *job)
{
    if (s->v->file_id != s->v->varid) return 0;
    return (*job)++ % f->nprocs == f->rank;
}

/* With NC_NOCLOBBER nothing may be at any new subfile's name: looked at
 * before anything is created, so that nothing is touched. */
static int check_names_free(ncsf_file *f, slot *s, int n)
{
    int err = NC_NOERR, job = 0;
    struct stat sb;
    for (int j = 0; !err && j < n; j++)
        if (is_my_job(f, &s[j], &job) && (err = in_the_way(s[j].v->lay->paths[s[j].k], &sb)))
            ncsfi_set_error(f, 1, "subfile %s exists (the dataset was created with NC_NOCLOBBER)",
                            s[j].v->lay->paths[s[j].k]);
    return ncsfi_agree(f->comm, err);
}

int ncsfi_create_subfiles(ncsf_file *f)
{
    slot *s = NULL;
    int n = 0, err = list_slots(f, 1, &s, &n);
    int *slot_of = calloc(f->nvars_cap + 1, sizeof(int));
    MPI_Offset *buf = calloc(3 * (size_t)n + 1, sizeof(MPI_Offset));
    if (!err && (!buf || !slot_of)) err = NC_ENOMEM;
    err = ncsfi_agree(f->comm, err);
    if (!err && n && f->hints.dir) {
        /* the directory first, by one process; everyone learns the outcome */
        char why[600] = "";
        if (f->rank == 0 && (err = ncsfi_make_dirs(f->dir, f->hints.dir, why, sizeof why)))
            ncsfi_set_error(f, 1, "%s", why);
        err = ncsfi_agree(f->comm, err);
    }
    if (!err && n && f->noclobber) err = check_names_free(f, s, n);
    for (int j = n - 1; !err && j >= 0; j--) slot_of[s[j].v->varid] = j;
    int job = 0, mine = err;
    for (int j = 0; !mine && j < n; j++)
        if (is_my_job(f, &s[j], &job)) mine = create_file(f, s[j].v, s[j].k, slot_of, buf);
    if (!err) err = share_slots(f, buf, n, 3, mine);
    if (!err) learn_offsets(s, n, buf, 3);
    for (int j = 0; !err && j < n; j++) s[j].v->created = 1;
    if (!err) err = ncsfi_agree(f->comm, add_layouts(f));
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

/* The variable in the subfile has the block's shape under the global
 * dimensions' names: dimension d of length count[d] (the record dimension
 * unlimited). */
static int block_shape_ok(int sid, int svar, const ncsf_var *v, int k)
{
    int nd, dimids[SF_MAX_DIMS], unlim = -1;
    MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS], len;
    if (ncmpi_inq_varndims(sid, svar, &nd) || nd != v->ndims || ncmpi_inq_vardimid(sid, svar, dimids))
        return 0;
    ncmpi_inq_unlimdim(sid, &unlim);
    sf_layout_block(v->lay, k, st, ct);
    for (int d = 0; d < nd; d++) {
        if (d == 0 && v->lay->record) {
            if (dimids[0] != unlim) return 0;
        } else if (dimids[d] == unlim || ncmpi_inq_dimlen(sid, dimids[d], &len) || len != ct[d]) {
            return 0;
        }
    }
    return 1;
}

/* out[]: data offset, record size, header size, record count */
int ncsfi_check_subfile(ncsf_file *f, ncsf_var *v, int k, MPI_Offset *out)
{
    int sid, err, svar, index = -1;
    char name[NC_MAX_NAME + 1], id[33] = "";
    const char *path = v->lay->paths[k];
    ncsf_var *sv = NULL;
    nc_type t, st;
    MPI_Offset len, nrecs = 0;
    struct stat sb;

    ncmpi_inq_varname(f->ncid, v->varid, name);
    if (stat(path, &sb) != 0) {
        ncsfi_set_error(f, 0, "subfile %s of variable %s: %s", path, name, strerror(errno));
        return errno == ENOENT ? NC_ENOENT : NC_EFILE;
    }
    if (!S_ISREG(sb.st_mode)) {
        ncsfi_set_error(f, 0, "subfile %s of variable %s is not a regular file", path, name);
        return NC_EBAD_FILE;
    }
    err = ncmpi_open(MPI_COMM_SELF, path, NC_NOWRITE, MPI_INFO_NULL, &sid);
    if (err) {
        ncsfi_set_error(f, 0, "subfile %s of variable %s cannot be opened: %s", path, name, ncmpi_strerror(err));
        return err;
    }
    if (ncmpi_inq_att(sid, NC_GLOBAL, "subfiling_dataset_id", &t, &len) != NC_NOERR || t != NC_CHAR ||
        len != 32 || ncmpi_get_att_text(sid, NC_GLOBAL, "subfiling_dataset_id", id) != NC_NOERR ||
        memcmp(id, f->dsid, 32) != 0) {
        ncsfi_set_error(f, 0, "subfile %s belongs to another dataset (identity %.32s, expected %s)",
                        path, id, f->dsid);
        err = NC_EVARMETA;
        goto out;
    }
    if ((err = ncmpi_inq_varid(sid, name, &svar))) {
        ncsfi_set_error(f, 0, "subfile %s holds no variable %s", path, name);
        err = NC_EVARMETA;
        goto out;
    }
    err = ncsfi_read_var_atts(f, sid, svar, &sv, &index);
    if (err) {
        char msg[sizeof f->errmsg];
        memcpy(msg, f->errmsg, sizeof msg);
        ncsfi_set_error(f, 0, "subfile %s: %s", path, msg);
        goto out;
    }
    ncmpi_inq_vartype(sid, svar, &st);
    if (index != k || st != v->xtype || !same_layout(sv->lay, v->lay) || !block_shape_ok(sid, svar, v, k)) {
        ncsfi_set_error(f, 0, "subfile %s does not match the layout recorded for variable %s "
                        "(it says it is subfile %d of %d)", path, name, index, sv->nfiles);
        err = NC_EVARMETA;
        goto out;
    }
    if ((err = ncmpi_inq_varoffset(sid, svar, &out[0]))) goto out;
    if ((err = ncmpi_inq_recsize(sid, &out[1]))) goto out;
    if ((err = ncmpi_inq_header_size(sid, &out[2]))) goto out;
    if (v->lay->record) {
        int unlim;
        ncmpi_inq_unlimdim(sid, &unlim);
        if (unlim >= 0) ncmpi_inq_dimlen(sid, unlim, &nrecs);
    }
    out[3] = nrecs;
    /* a complete subfile is at least this long */
    v->lay->begin[k] = out[0];
    v->lay->recsize[k] = out[1];
    MPI_Offset want = ncsfi_expected_size(v->lay, k, nrecs);
    if (want < 0) {
        ncsfi_set_error(f, 0, "subfile %s: its layout describes more than 2^63 bytes", path);
        err = NC_EVARMETA;
    } else if ((MPI_Offset)sb.st_size < want) {
        ncsfi_set_error(f, 0, "subfile %s is %lld bytes, expected at least %lld: it was cut short",
                        path, (long long)sb.st_size, (long long)want);
        err = NC_ETRUNC;
    }
out:
    if (sv) { sf_layout_free(sv->lay); ncsfi_var_free(sv); }
    ncmpi_close(sid);
    return err;
}

/* What every access to a broken variable says (the same on every rank,
 * made from the agreed code). */
void ncsfi_broken_message(ncsf_file *f, const ncsf_var *v)
{
    char name[NC_MAX_NAME + 1] = "?";
    ncmpi_inq_varname(f->ncid, v->varid, name);
    const char *path = v->broken_k >= 0 ? v->lay->paths[v->broken_k] : NULL, *why;
    switch (v->broken) {
    case NC_ENOENT: why = "is missing"; break;
    case NC_ETRUNC: why = "is cut short (fewer bytes or records than the dataset has)"; break;
    case NC_EVARMETA: why = "belongs to another dataset or does not match the recorded layout"; break;
    case NC_EBAD_FILE: why = "is not a regular file"; break;
    default: why = "cannot be read"; break;
    }
    if (path) ncsfi_set_error(f, 0, "variable %s: subfile %s %s (%s)", name, path, why, ncmpi_strerror(v->broken));
    else ncsfi_set_error(f, 0, "variable %s: its subfiles could not be created at enddef (%s)", name,
                         ncmpi_strerror(v->broken));
}

#define CHECK_WIDTH 5 /* begin, recsize, header size, record count, error */

int ncsfi_check_subfiles(ncsf_file *f)
{
    slot *s = NULL;
    int n = 0, err = list_slots(f, 0, &s, &n);
    MPI_Offset *buf = err ? NULL : calloc(CHECK_WIDTH * (size_t)n + 1, sizeof(MPI_Offset));
    if (!err && !buf) err = NC_ENOMEM;
    err = ncsfi_agree(f->comm, err);
    if (err) { free(s); free(buf); return err; }
    for (int j = f->rank; j < n; j += f->nprocs) {
        MPI_Offset *o = &buf[CHECK_WIDTH * j];
        o[4] = ncsfi_check_subfile(f, s[j].v, s[j].k, o);
        if (o[4] && !getenv("NCSF_QUIET")) fprintf(stderr, "ncsf: %s\n", f->errmsg);
    }
    err = share_slots(f, buf, n, CHECK_WIDTH, NC_NOERR);
    /* the dataset's record count: the base file's, or more if subfiles
     * have more (a writer that died before finishing the base file) */
    for (int j = 0; !err && j < n; j++)
        if (!buf[CHECK_WIDTH * j + 4] && buf[CHECK_WIDTH * j + 3] > f->numrecs) f->numrecs = buf[CHECK_WIDTH * j + 3];
    for (int j = 0; !err && j < n; j++) {
        MPI_Offset *o = &buf[CHECK_WIDTH * j];
        ncsf_var *v = s[j].v;
        int e = (int)o[4];
        if (!e && v->lay->record && o[3] < f->numrecs) e = NC_ETRUNC; /* records missing */
        if (e && !v->broken) {
            v->broken = e;
            v->broken_k = s[j].k;
        }
        if (!e) {
            v->lay->begin[s[j].k] = o[0];
            v->lay->recsize[s[j].k] = o[1];
            v->hsize[s[j].k] = o[2];
        }
        v->created = 1;
    }
    if (!err) err = ncsfi_agree(f->comm, add_layouts(f));
    free(buf);
    free(s);
    return err;
}

/* ---- finish at sync/close ----------------------------------------------- */

/* The length netCDF's validator expects of subfile k of the variables that
 * share lead's files: header, fixed variables (each padded to 4 bytes),
 * or the records. */
static MPI_Offset file_size_expected(ncsf_file *f, const ncsf_var *lead, int k)
{
    MPI_Offset end = lead->hsize[k], begin_rec = -1, recsize = 0;
    for (int i = 0; i < f->nvars_cap; i++) {
        const ncsf_var *v = f->vars[i];
        if (!v || v->file_id != lead->varid) continue;
        if (v->lay->record) {
            if (begin_rec < 0 || v->lay->begin[k] < begin_rec) begin_rec = v->lay->begin[k];
            recsize = v->lay->recsize[k];
        } else {
            MPI_Offset b = block_bytes(v->lay, k);
            if (b < 0) return -1;
            b = (b + 3) / 4 * 4;
            if (v->lay->begin[k] + b > end) end = v->lay->begin[k] + b;
        }
    }
    if (begin_rec >= 0 && f->numrecs > 0) end = mul_add(f->numrecs, recsize, begin_rec);
    return end;
}

static int finish_file(ncsf_file *f, const ncsf_var *lead, int k)
{
    const char *path = lead->lay->paths[k];
    int err = NC_NOERR, record = 0;
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i] && f->vars[i]->file_id == lead->varid && f->vars[i]->lay->record) record = 1;
    if (record) err = ncsfi_raw_raise_numrecs(path, f->format, f->numrecs);
    MPI_Offset want = file_size_expected(f, lead, k);
    if (!err && want > 0) err = ncsfi_raw_extend(path, 1, want);
    if (err) ncsfi_set_error(f, 1, "cannot finish subfile %s: %s", path, ncmpi_strerror(err));
    return err;
}

/* Make the base file's record count cover the subfiled record variables:
 * the last record of one placeholder is written (one value, whatever the
 * count: the records between are holes). */
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
    MPI_Offset start = f->numrecs - 1, count = f->rank == 0 ? 1 : 0;
    unsigned char fill[8];
    int nofill;
    ncmpi_inq_var_fill(f->ncid, rv->varid, &nofill, fill);
    /* buftype NULL: the buffer is in the variable's own type */
    if (!f->indep)
        return ncmpi_put_vara_all(f->ncid, rv->varid, &start, &count, fill, count, MPI_DATATYPE_NULL);
    return f->rank == 0 ? ncmpi_put_vara(f->ncid, rv->varid, &start, &count, fill, count, MPI_DATATYPE_NULL)
                        : NC_NOERR;
}

int ncsfi_finish_subfiles(ncsf_file *f)
{
    slot *s = NULL;
    int n = 0, err = list_slots(f, 0, &s, &n), job = 0;
    for (int j = 0; !err && j < n; j++) {
        const ncsf_var *v = s[j].v;
        /* never pad or touch what this writer did not make whole */
        if (!is_my_job(f, &s[j], &job) || !v->created || v->broken) continue;
        err = finish_file(f, v, s[j].k);
    }
    free(s);
    err = ncsfi_agree(f->comm, err);
    if (!err) err = ncsfi_agree(f->comm, extend_base_records(f));
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
            len = mul_add(len, dl, 0);
        }
        free(dimids);
        len = mul_add(len, ncsfi_xsize(t), 3);
        if (len < 0 || off + len / 4 * 4 < 0) return NC_EINTOVERFLOW;
        if (off + len / 4 * 4 > *end) *end = off + len / 4 * 4;
    }
    if (!err && numrecs > 0 && begin_rec >= 0) *end = mul_add(numrecs, recsize, begin_rec);
    return err;
}
