/*
 * varsize.c: the format's size limits, judged as plain PnetCDF judges them.
 *
 * A subfiled variable's bytes are in its subfiles, and its placeholder in
 * the base file is small, so PnetCDF's own enddef of the base file never
 * finds a variable too large for CDF-1 or CDF-2. The contract is PnetCDF's
 * with every variable in one file: NC_EVARSIZE at enddef (ncmpi_enddef,
 * ncmpi__enddef, close in define mode) where PnetCDF 1.12.3 would say it.
 * So before the base file's enddef this lays the dataset out as PnetCDF
 * would with every variable at its whole shape, and applies its rules:
 *
 *  - sizes: a variable (one record of a record variable) of more than
 *    2^31-4 bytes (CDF-1) or 2^32-4 (CDF-2) is allowed only once among
 *    the fixed-size variables, and only as the last of them with no
 *    record variable at all; once among the record variables, and only
 *    as the last of them;
 *  - offsets (CDF-1 only): no variable may begin past 2^31-1; the header
 *    (its size as PnetCDF would write it, ncsf's own attributes left
 *    out), h_minfree and the alignments (hints nc_header_align_size,
 *    nc_var_align_size, nc_record_align_size, from the info or
 *    PNETCDF_HINTS, else _enddef's arguments, else PnetCDF's defaults)
 *    place the variables; after a redef no variable moves back, as
 *    PnetCDF keeps the begins of the enddef before.
 *
 * The answer is the same on every process (the definitions are), and is
 * agreed anyway. A refused enddef leaves the dataset in define mode with
 * nothing created, as PnetCDF's does.
 */
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfi_dataset.h"

#define CDF1_OFF_MAX 2147483647LL      /* the largest begin CDF-1 can hold */
#define DEFAULT_ALIGN 512

/* what the last enddef that succeeded laid out, and the alignments that
 * stay once worked out (PnetCDF keeps them for the open's life) */
struct ncsf_vsize {
    MPI_Offset h_align, r_align;   /* 0: not worked out yet */
    MPI_Offset begin_rec;          /* kept across attempts, as PnetCDF's */
    int have_old;
    MPI_Offset old_begin_var, old_begin_rec;
    MPI_Offset *old_fix, *old_rec; /* begins, by order among their kind */
    int old_nfix, old_nrec;
    /* the attempt in progress, kept by ncsfi_varsize_commit */
    MPI_Offset *fix, *rec, begin_var;
    int nfix, nrec;
};

static MPI_Offset round_up(MPI_Offset x, MPI_Offset a)
{
    return a > 1 ? (x + a - 1) / a * a : x;
}

/* One variable as the single-file layout sees it. */
typedef struct {
    int record;
    MPI_Offset len;   /* bytes (of one record), rounded to 4 */
    int fits;         /* len within the format's limit */
} vinfo;

/* Bytes of a name in the header: its length, then its bytes padded to 4. */
static MPI_Offset name_bytes(const char *name, MPI_Offset x)
{
    return x + round_up((MPI_Offset)strlen(name), 4);
}

/* Does the dataset carry ncsf's attributes (subfiling_version)? Asked
 * once per judgement: every lookup by name costs PnetCDF a normalisation. */
static int has_ncsf_atts(int ncid)
{
    return ncmpi_inq_att(ncid, NC_GLOBAL, NCSF_ATT_PREFIX "version", NULL, NULL) == NC_NOERR;
}

/* ncsf's own attributes, in a dataset that has them */
static int hidden(int ours, const char *name)
{
    return ours && !strncmp(name, NCSF_ATT_PREFIX, sizeof NCSF_ATT_PREFIX - 1);
}

/* Header bytes of varid's attribute list (ncsf's own left out). */
static int att_list_bytes(int ncid, int ours, int varid, MPI_Offset x, MPI_Offset *bytes)
{
    int natts, err = varid == NC_GLOBAL ? ncmpi_inq_natts(ncid, &natts)
                                        : ncmpi_inq_varnatts(ncid, varid, &natts);
    if (err) return err;
    *bytes = 4 + x;
    for (int a = 0; a < natts; a++) {
        char name[NC_MAX_NAME + 1];
        nc_type t;
        MPI_Offset n;
        if ((err = ncmpi_inq_attname(ncid, varid, a, name))) return err;
        if (hidden(ours, name)) continue;
        if ((err = ncmpi_inq_att(ncid, varid, name, &t, &n))) return err;
        *bytes += name_bytes(name, x) + 4 + x + round_up(n * ncsfi_xsize(t), 4);
    }
    return NC_NOERR;
}

/* The variable's type, dimensions and header bytes (ours < 0: not
 * needed, nothing counted), at its whole shape. */
static int var_shape(ncsf_file *f, int varid, int unlim, MPI_Offset x, vinfo *vi,
                     MPI_Offset *hbytes, MPI_Offset vlen_max, int ours)
{
    char name[NC_MAX_NAME + 1];
    nc_type t;
    int ndims, err;
    ncsf_var *v = varid < f->nvars_cap ? f->vars[varid] : NULL;
    if ((err = ncmpi_inq_varndims(f->ncid, varid, &ndims))) return err;
    if (v) ndims = v->ndims;
    int *dimids = malloc(sizeof(int) * (size_t)(ndims + 1));
    if (!dimids) return NC_ENOMEM;
    err = ncmpi_inq_var(f->ncid, varid, name, &t, NULL, v ? NULL : dimids, NULL);
    if (v) memcpy(dimids, v->dimids, sizeof(int) * (size_t)ndims);
    MPI_Offset atts = 0;
    if (!err && ours >= 0) err = att_list_bytes(f->ncid, ours, varid, x, &atts);
    /* name, ndims, dimids, attributes, type, vsize, begin */
    *hbytes += name_bytes(name, x) + x + ndims * x + atts + 4 + x + (f->format == NC_FORMAT_CLASSIC ? 4 : 8);
    vi->record = ndims > 0 && dimids[0] == unlim;
    MPI_Offset prod = ncsfi_xsize(t);
    vi->fits = 1;
    for (int d = vi->record; !err && d < ndims; d++) {
        MPI_Offset len;
        if ((err = ncmpi_inq_dimlen(f->ncid, dimids[d], &len))) break;
        if (len > 0 && prod > vlen_max / len) vi->fits = 0;
        if (len > 0 && prod > INT64_MAX / len) prod = INT64_MAX - 3; /* refused at def_var */
        else prod *= len;
    }
    free(dimids);
    vi->len = round_up(prod, 4);
    return err;
}

/* The dimension list's header bytes. */
static int dim_list_bytes(int ncid, int ndims, MPI_Offset x, MPI_Offset *bytes)
{
    *bytes = 4 + x;
    for (int d = 0; d < ndims; d++) {
        char name[NC_MAX_NAME + 1];
        int err = ncmpi_inq_dimname(ncid, d, name);
        if (err) return err;
        *bytes += name_bytes(name, x) + x;
    }
    return NC_NOERR;
}

/* PnetCDF's size rule: at most one variable over the limit among each
 * kind, the last of its kind, and none among the fixed-size ones when
 * there are record variables. */
static int check_sizes(const vinfo *vi, int nvars)
{
    int nbig[2] = {0, 0}, last_big[2] = {0, 0}, nrec = 0;
    for (int i = 0; i < nvars; i++) {
        int k = vi[i].record;
        nrec += k;
        last_big[k] = !vi[i].fits;
        nbig[k] += !vi[i].fits;
    }
    for (int k = 0; k < 2; k++)
        if (nbig[k] > 1 || (nbig[k] == 1 && !last_big[k])) return NC_EVARSIZE;
    if (nbig[0] && nrec) return NC_EVARSIZE;
    return NC_NOERR;
}

/* A PnetCDF alignment hint: PNETCDF_HINTS over the info; 0 if not given. */
static MPI_Offset hint(const ncsf_file *f, const char *key)
{
    const char *env = getenv("PNETCDF_HINTS");
    size_t kl = strlen(key);
    for (const char *p = env; p && *p;) {
        while (*p == ';' || *p == ' ') p++;
        if (!strncmp(p, key, kl) && p[kl] == '=') {
            long long v = strtoll(p + kl + 1, NULL, 10);
            return v > 0 ? v : 0;
        }
        p = strchr(p, ';');
    }
    char val[MPI_MAX_INFO_VAL + 1];
    int flag = 0;
    if (f->info == MPI_INFO_NULL || MPI_Info_get(f->info, key, MPI_MAX_INFO_VAL, val, &flag) != MPI_SUCCESS ||
        !flag)
        return 0; /* not given (or not readable): PnetCDF's default */
    long long v = strtoll(val, NULL, 10);
    return v > 0 ? v : 0;
}

static MPI_Offset striping_unit(const ncsf_file *f)
{
    MPI_Info info;
    char val[MPI_MAX_INFO_VAL + 1];
    int flag = 0;
    if (ncmpi_inq_file_info(f->ncid, &info) != NC_NOERR) return 0;
    if (MPI_Info_get(info, "striping_unit", MPI_MAX_INFO_VAL, val, &flag) != MPI_SUCCESS) flag = 0;
    if (MPI_Info_free(&info) != MPI_SUCCESS) flag = 0; /* as if not given */
    return flag ? strtoll(val, NULL, 10) : 0;
}

typedef struct {
    MPI_Offset h_minfree, v_align, v_minfree, r_align;
} enddef_args;

/* The alignments this enddef uses, as PnetCDF works them out (kept). */
static void alignments(ncsf_file *f, struct ncsf_vsize *s, const enddef_args *a, MPI_Offset fix_bytes,
                       MPI_Offset *h_align, MPI_Offset *v_align)
{
    if (!s->h_align) s->h_align = hint(f, "nc_header_align_size");
    if (!s->h_align) {
        MPI_Offset su = striping_unit(f);
        if (a->v_align > 0) s->h_align = a->v_align;
        else if (fix_bytes > 0 && a->r_align > 0) s->h_align = a->r_align;
        /* PnetCDF 1.14 and 1.15 no longer align to the striping unit */
        else if (!NCSF_PNETCDF_AT_LEAST(1, 14) && su > 0 && fix_bytes > 4 * su) s->h_align = su;
        else s->h_align = DEFAULT_ALIGN;
    }
    s->h_align = round_up(s->h_align, 4);
    if (!s->r_align) s->r_align = hint(f, "nc_record_align_size");
    if (!s->r_align) s->r_align = a->r_align;
    s->r_align = s->r_align ? round_up(s->r_align, 4) : 4;
    MPI_Offset fx = hint(f, "nc_var_align_size");
    *v_align = fx ? round_up(fx, 4) : 4;
    *h_align = s->h_align;
}

/* The offsets, CDF-1 only: no variable begins past CDF1_OFF_MAX. */
static int place(struct ncsf_vsize *s, const vinfo *vi, int nvars, MPI_Offset header,
                 const enddef_args *a, MPI_Offset h_align, MPI_Offset v_align, int cdf1)
{
    MPI_Offset end = nvars ? round_up(header + a->h_minfree, h_align) : header;
    if (s->have_old && end < s->old_begin_var) end = s->old_begin_var;
    MPI_Offset first = -1;
    s->nfix = s->nrec = 0;
    for (int i = 0; i < nvars; i++) {
        if (vi[i].record) continue;
        if (cdf1 && end > CDF1_OFF_MAX) return NC_EVARSIZE;
        MPI_Offset b = round_up(end, v_align);
        if (s->have_old && s->nfix < s->old_nfix && b < s->old_fix[s->nfix]) b = s->old_fix[s->nfix];
        s->fix[s->nfix++] = b;
        if (first < 0) first = b;
        end = b + vi[i].len;
    }
    if (s->begin_rec < end || s->begin_rec != round_up(s->begin_rec, v_align))
        s->begin_rec = round_up(end, v_align);
    if (s->begin_rec < end + a->v_minfree) s->begin_rec = round_up(end + a->v_minfree, v_align);
    s->begin_rec = round_up(s->begin_rec, s->r_align);
    if (s->have_old && s->begin_rec < s->old_begin_rec) s->begin_rec = s->old_begin_rec;
    s->begin_var = first >= 0 ? first : s->begin_rec;
    end = s->begin_rec;
    for (int i = 0; i < nvars; i++) {
        if (!vi[i].record) continue;
        if (cdf1 && end > CDF1_OFF_MAX) return NC_EVARSIZE;
        MPI_Offset b = end;
        if (s->have_old && s->nrec < s->old_nrec && b < s->old_rec[s->nrec]) b = s->old_rec[s->nrec];
        s->rec[s->nrec++] = b;
        end = b + vi[i].len;
    }
    return NC_NOERR;
}

static int ensure_state(ncsf_file *f, int nvars)
{
    struct ncsf_vsize *s = f->vsize;
    if (!s && !(s = f->vsize = calloc(1, sizeof *s))) return NC_ENOMEM;
    MPI_Offset *fix = realloc(s->fix, sizeof *fix * (size_t)(nvars + 1));
    if (fix) s->fix = fix;
    MPI_Offset *rec = realloc(s->rec, sizeof *rec * (size_t)(nvars + 1));
    if (rec) s->rec = rec;
    return fix && rec ? NC_NOERR : NC_ENOMEM;
}

/* The whole judgement, on this process. */
static int judge(ncsf_file *f, const enddef_args *a)
{
    int ndims, nvars, unlim, err;
    if ((err = ncmpi_inq(f->ncid, &ndims, &nvars, NULL, &unlim))) return err;
    if ((err = ensure_state(f, nvars))) return err;
    MPI_Offset x = f->format == NC_FORMAT_CDF5 ? 8 : 4;
    MPI_Offset vlen_max = f->format == NC_FORMAT_CDF5 ? INT64_MAX - 3
                        : f->format == NC_FORMAT_CLASSIC ? 2147483647LL - 3 : 4294967295LL - 3;
    vinfo *vi = calloc((size_t)nvars + 1, sizeof *vi);
    if (!vi) return NC_ENOMEM;
    MPI_Offset header = 4 + x, part = 0, fix_bytes = 0, vars = 4 + x;
    /* the header's size places the variables, which matters to CDF-1's
     * offset limit only (the sizes of CDF-2 and CDF-5 do not depend on
     * where a variable begins): counted for CDF-1 alone */
    int cdf1 = f->format == NC_FORMAT_CLASSIC, ours = cdf1 ? has_ncsf_atts(f->ncid) : -1;
    if (cdf1) {
        err = dim_list_bytes(f->ncid, ndims, x, &part);
        header += part;
        if (!err) err = att_list_bytes(f->ncid, ours, NC_GLOBAL, x, &part);
        header += part;
    }
    for (int i = 0; !err && i < nvars; i++) {
        err = var_shape(f, i, unlim, x, &vi[i], &vars, vlen_max, ours);
        if (!vi[i].record) fix_bytes += vi[i].len;
    }
    header += vars;
    MPI_Offset h_align, v_align;
    if (!err) alignments(f, f->vsize, a, fix_bytes, &h_align, &v_align);
    if (!err) err = check_sizes(vi, nvars);
    if (!err) err = place(f->vsize, vi, nvars, header, a, h_align, v_align, f->format == NC_FORMAT_CLASSIC);
    free(vi);
    return err;
}

int ncsfi_varsize_check(ncsf_file *f, MPI_Offset h_minfree, MPI_Offset v_align,
                        MPI_Offset v_minfree, MPI_Offset r_align, int *agreed_defs, int *foreign)
{
    *agreed_defs = 0;
    /* not in define mode, a negative argument: PnetCDF's codes */
    if (!f || !f->indef || f->readonly || h_minfree < 0 || v_align < 0 || v_minfree < 0 || r_align < 0) {
        *foreign = 0;
        return NC_NOERR;
    }
    enddef_args a = {h_minfree, v_align, v_minfree, r_align};
    int err = judge(f, &a);
    /* without a subfiled variable PnetCDF's own enddef judges exactly:
     * the layout is only kept for a later redef */
    if (!f->nsubfiled && err == NC_EVARSIZE) err = NC_NOERR;
    /* with the define mode's def_var calls: one reduction */
    int any = 0;
    unsigned char id[16];
    /* the identity of a dataset subfiled in this define mode: process 0's
     * draw, carried by the same reduction */
    if (f->rank == 0 && f->dsid_pending) ncsfi_draw_dataset_id(f, id);
    err = ncsfi_agree_defs(f, err, f->rank == 0 && f->dsid_pending ? id : NULL, &any, foreign);
    *agreed_defs = err ? 0 : any ? 2 : 1;
    if (err == NC_EVARSIZE && f->rank == 0)
        ncsfi_set_error(f, 0, "enddef: a variable is too large for the %s format, or begins too far into "
                        "the file, as PnetCDF lays it out in one file (NC_EVARSIZE)",
                        f->format == NC_FORMAT_CLASSIC ? "CDF-1" : f->format == NC_FORMAT_CDF2 ? "CDF-2" : "CDF-5");
    return err;
}

/* The enddef succeeded: its layout is what a later redef keeps. */
void ncsfi_varsize_commit(ncsf_file *f)
{
    struct ncsf_vsize *s = f ? f->vsize : NULL;
    if (!s) return;
    free(s->old_fix);
    free(s->old_rec);
    s->old_fix = s->fix;
    s->old_rec = s->rec;
    s->old_nfix = s->nfix;
    s->old_nrec = s->nrec;
    s->old_begin_var = s->begin_var;
    s->old_begin_rec = s->begin_rec;
    s->have_old = 1;
    s->fix = s->rec = NULL; /* grown again at the next attempt */
    s->nfix = s->nrec = 0;
}

void ncsfi_varsize_free(ncsf_file *f)
{
    struct ncsf_vsize *s = f ? f->vsize : NULL;
    if (!s) return;
    free(s->fix); free(s->rec); free(s->old_fix); free(s->old_rec);
    free(s);
    f->vsize = NULL;
}

/* More bytes than any format holds (PnetCDF's def_var refuses it with
 * NC_EVARSIZE: left to it). */
int ncsfi_varsize_unrepresentable(nc_type xtype, int ndims, const MPI_Offset *gsize, int record)
{
    MPI_Offset prod = ncsfi_xsize(xtype);
    for (int d = record; d < ndims; d++) {
        if (gsize[d] > 0 && prod > (INT64_MAX - 3) / gsize[d]) return 1;
        prod *= gsize[d];
    }
    return 0;
}

/* Close after an enddef refused for size (define mode still): as
 * PnetCDF's close, the new definitions are dropped. A dataset never ended
 * is left as PnetCDF leaves it, an empty file (and ncsf has made no
 * subfile yet); a redefined one keeps what its last enddef wrote. Sets
 * *dropped when the base file is gone (no mark to write). Collective. */
int ncsfi_never_ended(const ncsf_file *f)
{
    return f->never_ended;
}

int ncsfi_varsize_discard(ncsf_file *f, int *dropped)
{
    *dropped = ncsfi_never_ended(f);
    int err = ncmpi_abort(f->ncid); /* a new file is deleted */
    if (MPI_Barrier(f->comm) != MPI_SUCCESS && !err) err = NC_EMPI; /* every rank's delete done */
    if (*dropped && f->rank == 0) {
        int fd = open(f->path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (fd < 0 && !err) err = NC_EFILE;
        if (fd >= 0) close(fd);
    }
    if (MPI_Barrier(f->comm) != MPI_SUCCESS && !err) err = NC_EMPI;
    return err;
}
