/*
 * subfile_check.c: the subfiles of a dataset just opened, each checked by
 * its home rank, once for all the variables it holds: a regular file, of
 * this dataset, consistent with the base file's attributes, with the
 * dataset's record count, not cut short. A subfile that fails breaks its
 * own variables only: every access to them then fails with the reason, on
 * every rank; the others read.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ncsfi_subfiles.h"

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

/* The variable svar of the subfile has the block's shape under the global
 * dimensions' names: dimension d of length count[d] (the record dimension
 * unlimited). */
static int block_shape_ok(const ncsfi_cdf_header *h, int svar, const ncsf_var *v, int k)
{
    const ncsfi_cdf_var *sv = &h->vars[svar];
    MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS];
    if (sv->ndims != v->ndims) return 0;
    sf_layout_block(v->lay, k, st, ct);
    for (int d = 0; d < sv->ndims; d++) {
        int id = sv->dimids[d];
        if (d == 0 && v->lay->record) {
            if (id != h->unlimdim) return 0;
        } else if (id == h->unlimdim || h->dims[id].len != ct[d]) {
            return 0;
        }
    }
    return 1;
}

/* The header of subfile path, read and parsed (one open, no PnetCDF: see
 * cdf_header.c): a regular file of this dataset. */
static int open_subfile(ncsf_file *f, const char *path, const char *varname, MPI_Offset *size,
                        ncsfi_cdf_header *h)
{
    char id[33] = "";
    /* a subfile's header is about as long as the base file's (the same
     * global attributes, fewer variables, three attributes more each) */
    size_t first = f->base_hdr ? ((size_t)f->base_hdr->hsize + 8191) / 4096 * 4096 : 0;
    int sys = 0, err = ncsfi_cdf_read_first(path, first, h, size, &sys);
    if (err == NC_ENOENT || (err && sys && err != NC_EREAD && err != NC_EBAD_FILE)) {
        ncsfi_set_error(f, 0, "subfile %s of variable %s: %s%s", path, varname, strerror(sys),
                        ncsfi_nofiles_remedy());
        return err;
    }
    if (err == NC_EBAD_FILE) {
        ncsfi_set_error(f, 0, "subfile %s of variable %s is not a regular file", path, varname);
        return err;
    }
    if (err) {
        ncsfi_set_error(f, 0, "subfile %s of variable %s cannot be opened: %s", path, varname,
                        ncmpi_strerror(err));
        return err;
    }
    if (!ncsfi_cdf_dataset_id(h, id) || memcmp(id, f->dsid, 32) != 0) {
        ncsfi_set_error(f, 0, "subfile %s belongs to another dataset (identity %.32s, expected %s)",
                        path, id, f->dsid);
        ncsfi_cdf_free(h);
        return NC_EVARMETA;
    }
    return NC_NOERR;
}

/* The subfiling attributes of variable svar of subfile h are the base
 * file's (b, variable v), byte for byte, but for the three that say which
 * block it holds, which say block k (and the base file's note on its
 * placeholder, which subfiles do not carry): then the layout they describe is
 * v's, and parsing them again (ncsfi_read_var_atts_cdf) can be skipped.
 * Anything else (a value changed, an attribute more or less) says no,
 * and the full check says what is wrong. */
static int atts_as_base(const ncsfi_cdf_header *b, const ncsfi_cdf_header *h, int svar, const ncsf_var *v, int k)
{
    static const char *const per_block[] = {"subfiling_index", "subfiling_block_start", "subfiling_block_count"};
    const ncsfi_cdf_var *bv = &b->vars[v->varid], *sv = &h->vars[svar];
    int nb = 0, ns = 0, seen = 0;
    MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS];
    sf_layout_block(v->lay, k, st, ct);
    for (int i = 0; i < bv->natts; i++) {
        const char *n = bv->atts[i].name;
        if (n && !strncmp(n, "subfiling_", 10) && strcmp(n, per_block[0]) && strcmp(n, per_block[1]) &&
            strcmp(n, per_block[2]) && strcmp(n, "subfiling_note")) /* (the placeholder's, base only) */
            nb++;
    }
    for (int i = 0; i < sv->natts; i++) {
        const ncsfi_cdf_att *a = &sv->atts[i];
        if (!a->name || strncmp(a->name, "subfiling_", 10)) continue;
        int which = -1;
        for (int j = 0; j < 3; j++) if (!strcmp(a->name, per_block[j])) which = j;
        if (which == 0) {
            int index = -1;
            if (a->nelems != 1 || ncsfi_cdf_att_get(a, NC_INT, &index) || index != k) return 0;
            seen |= 1;
        } else if (which > 0) {
            MPI_Offset got[SF_MAX_DIMS];
            if (a->nelems != v->ndims || ncsfi_cdf_att_get(a, NC_INT64, got)) return 0;
            for (int d = 0; d < v->ndims; d++)
                if (got[d] != (which == 1 ? st[d] : ct[d])) return 0;
            seen |= 1 << which;
        } else {
            const ncsfi_cdf_att *o = ncsfi_cdf_att_find(b, v->varid, a->name);
            int es = ncsfi_xsize(a->type);
            if (!o || o->type != a->type || o->nelems != a->nelems || es <= 0 ||
                memcmp(o->values, a->values, (size_t)(a->nelems * es)))
                return 0;
            ns++;
        }
    }
    /* format 2 says the block in the subfile; format 1 by index alone */
    return ns == nb && (seen == 7 || (v->stem == NULL && seen == 1));
}

/* Variable v in the parsed subfile h (block k, size bytes long): its
 * attributes, shape and length; its offsets recorded; *nrecs its records. */
static int check_var(ncsf_file *f, const ncsfi_cdf_header *h, const char *path, MPI_Offset size, ncsf_var *v,
                     int k, MPI_Offset *nrecs)
{
    char name[NC_MAX_NAME + 1];
    int svar, index = -1, err;
    ncsf_var *sv = NULL;
    *nrecs = 0;
    ncmpi_inq_varname(f->ncid, v->varid, name);
    if ((svar = ncsfi_cdf_varid(h, name)) < 0) {
        ncsfi_set_error(f, 0, "subfile %s holds no variable %s", path, name);
        return NC_EVARMETA;
    }
    int fast = f->base_hdr && atts_as_base(f->base_hdr, h, svar, v, k);
    if (!fast && (err = ncsfi_read_var_atts_cdf(f, h, svar, &sv, &index))) {
        char msg[sizeof f->errmsg];
        memcpy(msg, f->errmsg, sizeof msg);
        ncsfi_set_error(f, 0, "subfile %s: %s", path, msg);
        return err;
    }
    if ((!fast && (index != k || !same_layout(sv->lay, v->lay))) || h->vars[svar].type != v->xtype ||
        !block_shape_ok(h, svar, v, k)) {
        ncsfi_set_error(f, 0, "subfile %s does not match the layout recorded for variable %s "
                        "(it says it is subfile %d of %d)", path, name, fast ? k : index,
                        fast ? v->nfiles : sv->nfiles);
        err = NC_EVARMETA;
    }
    ncsfi_var_destroy(sv);
    if (err) return err;
    sf_offsets o = {h->vars[svar].begin, h->recsize, h->hsize};
    if (sf_layout_put_offsets(v->lay, k, &o) != SF_OK) return NC_ENOMEM;
    if (v->lay->record && h->unlimdim >= 0) *nrecs = h->numrecs;
    /* a complete subfile is at least this long */
    MPI_Offset want = ncsfi_expected_size(v->lay, k, *nrecs);
    if (want < 0) {
        ncsfi_set_error(f, 0, "subfile %s: its layout describes more than 2^63 bytes", path);
        return NC_EVARMETA;
    }
    if (size < want) {
        ncsfi_set_error(f, 0, "subfile %s is %lld bytes, expected at least %lld: it was cut short",
                        path, (long long)size, (long long)want);
        return NC_ETRUNC;
    }
    return NC_NOERR;
}

int ncsfi_check_subfile(ncsf_file *f, ncsf_var *v, int k, MPI_Offset *out)
{
    char name[NC_MAX_NAME + 1] = "?";
    MPI_Offset size = 0;
    ncsfi_cdf_header h;
    int err;
    char pbuf[SF_PATH_MAX];
    const char *path = sf_layout_path(v->lay, k, pbuf, sizeof pbuf);
    ncmpi_inq_varname(f->ncid, v->varid, name);
    if ((err = open_subfile(f, path, name, &size, &h))) return err;
    err = check_var(f, &h, path, size, v, k, &out[3]);
    sf_offsets o;
    sf_layout_get_offsets(v->lay, k, &o);
    out[0] = o.begin;
    out[1] = o.recsize;
    out[2] = o.head;
    ncsfi_cdf_free(&h);
    return err;
}

void ncsfi_broken_message(ncsf_file *f, const ncsf_var *v)
{
    char name[NC_MAX_NAME + 1] = "?";
    ncmpi_inq_varname(f->ncid, v->varid, name);
    char pbuf[SF_PATH_MAX];
    const char *path = v->broken_k >= 0 ? sf_layout_path(v->lay, v->broken_k, pbuf, sizeof pbuf) : NULL, *why;
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

/* A failure of one subfile, as one number: the lowest block wins (and
 * the reductions below keep it), its error in the low bits. */
#define KEY(k, err) ((int64_t)(k) * 1024 + (-(err) & 1023))
#define NO_KEY INT64_MAX

typedef struct { ncsf_var *v; int k; MPI_Offset nrecs; } seen;

int ncsfi_check_subfiles(ncsf_file *f)
{
    ncsf_slot *s = NULL;
    int n = 0, fatal = ncsfi_home_files(f, 0, &s, &n), nseen = 0;
    /* (home subfile, variable in it) pairs */
    size_t pairs = 1;
    for (int j = 0; !fatal && j < n; j++)
        for (int i = 0; i < f->nvars_cap; i++) pairs += f->vars[i] && f->vars[i]->file_id == s[j].lead->varid;
    /* key[nvars_cap + 1]: minus the most records seen; [+ 2]: the fewest
     * records of a record variable's subfile; [+ 3]: this rank's outcome
     * (all reduced with the keys). A small array is on the stack, so that
     * no rank can fail to make it; a large one's allocation is agreed
     * (nvars_cap is the same on every rank) */
    enum { KEYS_ON_STACK = 1024 }; /* 16 KiB */
    int nlim = ncsfi_layouts_count(f);
    int64_t key_s[2 * KEYS_ON_STACK + 4];
    int64_t *key = f->nvars_cap <= KEYS_ON_STACK ? key_s
                                                  : malloc(sizeof(int64_t) * ((size_t)f->nvars_cap + 4 + nlim));
    seen *mine = malloc(sizeof(seen) * pairs);
    MPI_Offset most = f->numrecs, fewest = INT64_MAX;
    if (!fatal && !mine) fatal = NC_ENOMEM;
    /* the reduction below needs every rank's keys */
    if (key != key_s && (fatal = ncsfi_agreef(f, key ? fatal : NC_ENOMEM))) {
        free(key);
        free(mine);
        free(s);
        return fatal;
    }
    for (int i = 0; i <= f->nvars_cap; i++) key[i] = NO_KEY;
    /* the subfiles this rank is home of, each opened once */
    for (int j = 0; !fatal && j < n; j++) {
        ncsf_var *lead = s[j].lead;
        int k = s[j].k;
        ncsfi_cdf_header h;
        char pbuf[SF_PATH_MAX];
        const char *path = sf_layout_path(lead->lay, k, pbuf, sizeof pbuf);
        char name[NC_MAX_NAME + 1] = "?";
        MPI_Offset size = 0;
        ncmpi_inq_varname(f->ncid, lead->varid, name);
        int ferr = open_subfile(f, path, name, &size, &h);
        if (ferr && ncsfi_verbose()) fprintf(stderr, "ncsf: %s\n", f->errmsg);
        for (int i = 0; i < f->nvars_cap; i++) {
            ncsf_var *v = f->vars[i];
            if (!v || v->file_id != lead->varid) continue;
            MPI_Offset nrecs = 0;
            int e = ferr ? ferr : check_var(f, &h, path, size, v, k, &nrecs);
            if (e == NC_ENOMEM) fatal = e;
            else if (e) {
                if (!ferr && ncsfi_verbose()) fprintf(stderr, "ncsf: %s\n", f->errmsg);
                if (KEY(k, e) < key[i]) key[i] = KEY(k, e);
            } else if (v->lay->record) {
                mine[nseen++] = (seen){v, k, nrecs};
                if (nrecs > most) most = nrecs;
                if (nrecs < fewest) fewest = nrecs;
            }
        }
        if (!ferr) ncsfi_cdf_free(&h);
    }
    /* the variables to the engine with their record limits (after the
     * opens above: a home's limits follow from its subfiles' offsets) */
    int64_t *lim = key + f->nvars_cap + 4;
    int lerr = ncsfi_layouts_local(f, !fatal, lim);
    if (!fatal) fatal = lerr;
    /* the dataset's record count: the base file's, or more if subfiles
     * have more (a writer that died before finishing the base file);
     * reduced with the first failure of each variable's own subfiles, the
     * fewest records any subfile has, the outcome and the record limits:
     * it agrees on the outcome, a trusted reduction (fault.h) */
    key[f->nvars_cap + 1] = -(int64_t)most;
    key[f->nvars_cap + 2] = fewest;
    key[f->nvars_cap + 3] = fatal;
    if ((MPI_Allreduce)(MPI_IN_PLACE, key, f->nvars_cap + 4 + nlim, MPI_INT64_T, MPI_MIN, f->comm) != MPI_SUCCESS)
        key[f->nvars_cap + 3] = fatal ? fatal : NC_EMPI;
    fatal = (int)key[f->nvars_cap + 3];
    most = -key[f->nvars_cap + 1];
    f->numrecs = most;
    /* a subfile with fewer records than that, anywhere: cut short; rare
     * (a writer died), and only then a second reduction of the keys, with
     * each such subfile marked by its home */
    if (!fatal && key[f->nvars_cap + 2] < most) {
        for (int j = 0; j < nseen; j++)
            if (mine[j].nrecs < most && KEY(mine[j].k, NC_ETRUNC) < key[mine[j].v->varid])
                key[mine[j].v->varid] = KEY(mine[j].k, NC_ETRUNC);
        fatal = ncsfi_agreef(f, MPI_Allreduce(MPI_IN_PLACE, key, f->nvars_cap, MPI_INT64_T, MPI_MIN, f->comm)
                                    == MPI_SUCCESS ? NC_NOERR : NC_EMPI);
    }
    for (int i = 0; i < f->nvars_cap; i++) {
        ncsf_var *v = f->vars[i];
        if (!v) continue;
        v->created = 1;
        /* a group's subfile breaks every variable in it */
        int64_t kk = key[i] < key[v->file_id] ? key[i] : key[v->file_id];
        if (kk != NO_KEY) {
            v->broken = -(int)(kk % 1024);
            v->broken_k = (int)(kk / 1024);
        }
    }
    if (!fatal) ncsfi_layouts_agreed(f, lim);
    if (key != key_s) free(key);
    free(mine);
    free(s);
    return fatal;
}

/* The engine asks for the offsets of a subfile this rank is not home of
 * (it reads or writes it independently): from its header. */
int ncsfi_learn_offsets(void *arg, int file_id, int block)
{
    ncsf_file *f = arg;
    ncsf_var *lead = ncsfi_var(f, file_id);
    if (!lead || block < 0 || block >= lead->nfiles) return SF_ERR_ARG;
    char pbuf[SF_PATH_MAX];
    const char *path = sf_layout_path(lead->lay, block, pbuf, sizeof pbuf);
    ncsfi_cdf_header h;
    MPI_Offset size;
    int sys, err = ncsfi_cdf_read(path, &h, &size, &sys);
    if (err) return err == NC_ENOMEM ? SF_ERR_NOMEM : SF_ERR_OPEN;
    for (int i = 0; !err && i < f->nvars_cap; i++) {
        ncsf_var *v = f->vars[i];
        char name[NC_MAX_NAME + 1];
        int svar;
        if (!v || v->file_id != file_id) continue;
        if ((err = ncmpi_inq_varname(f->ncid, i, name))) break;
        if ((svar = ncsfi_cdf_varid(&h, name)) < 0) {
            err = NC_ENOTVAR;
            break;
        }
        sf_offsets o = {h.vars[svar].begin, h.recsize, h.hsize};
        if (sf_layout_put_offsets(v->lay, block, &o) != SF_OK) {
            ncsfi_cdf_free(&h);
            return SF_ERR_NOMEM;
        }
    }
    ncsfi_cdf_free(&h);
    return err ? SF_ERR_OPEN : SF_OK;
}
