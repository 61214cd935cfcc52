/*
 * subfile_create.c: the subfiles of newly defined variables, made at
 * enddef, each by its home rank, so that every subfile is a netCDF file
 * ncdump can read.
 *
 * Usually ncsf writes the subfile's header itself (base/cdf_encode.c, laid
 * out as PnetCDF would lay it out) through one exclusive MPI-IO create on
 * MPI_COMM_SELF, and in fill mode the fill values PnetCDF's enddef would
 * write: no PnetCDF create, define calls, enddef and close; the engine
 * keeps the create's handle for the data. Where the header would not be
 * PnetCDF's default layout (alignment hints) or is at a format's limits,
 * PnetCDF makes the subfile on MPI_COMM_SELF from the same description
 * (build_header), replayed through its define calls
 * (NCSF_SUBFILE_HEADER=pnetcdf asks for that everywhere: the tests
 * compare the two, byte for byte).
 *
 * Subfiles are created exclusively: with NC_NOCLOBBER an existing file at
 * any subfile's name fails enddef on every rank before anything is
 * created; without it, what is in the way is unlinked (never written
 * through: a symbolic link there is removed, not followed) and the subfile
 * made anew, unless it is a subfile of another dataset (its
 * subfiling_dataset_id another's): that fails the enddef (NC_EEXIST). The
 * enddef looked for such subfiles at the new names before PnetCDF's
 * enddef and renamed the variables they stood in the way of
 * (ncsfi_foreign_in_the_way, ncsfi_avoid_foreign), so only one made in
 * between is met here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ncsfi_subfiles.h"

static int format_cmode(int format)
{
    if (format == NC_FORMAT_CDF5) return NC_64BIT_DATA;
    if (format == NC_FORMAT_CDF2) return NC_64BIT_OFFSET;
    return 0;
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
    /* another dataset's subfile (one whose base file was renamed, say:
     * it still reads it by this name) is never removed */
    char id[33];
    if (S_ISREG(sb.st_mode) && ncsfi_foreign_file(path, f->dsid, f->clobbered_id, id)) {
        ncsfi_set_error(f, 0, "cannot create subfile %s: a subfile of another dataset (identity %s) is "
                        "there, and is not removed", path, id);
        return NC_EEXIST;
    }
    if (unlink(path) != 0 && errno != ENOENT) {
        ncsfi_set_error(f, 1, "cannot replace %s: %s", path, strerror(errno));
        return errno == EACCES || errno == EPERM ? NC_EACCESS : NC_EFILE;
    }
    return NC_NOERR;
}

int ncsfi_subfile_pnetcdf(ncsf_file *f, const char *path, int create, int *sid)
{
    return ncsfi_subfile_pnetcdf_info(f, path, create, f->info, sid);
}

int ncsfi_subfile_pnetcdf_info(ncsf_file *f, const char *path, int create, MPI_Info hints, int *sid)
{
    /* PnetCDF's own subfiling never applies to a subfile: not from the
     * program's info, not from PNETCDF_HINTS (env_hints.c) */
    MPI_Info info = MPI_INFO_NULL;
    char *saved = NULL;
    int err = MPI_Info_create(&info) == MPI_SUCCESS ? NC_NOERR : NC_ENOMEM;
    (void)f;
    if (!err && hints != MPI_INFO_NULL) {
        err = MPI_Info_free(&info) != MPI_SUCCESS ? NC_EMPI
              : MPI_Info_dup(hints, &info) == MPI_SUCCESS ? NC_NOERR : NC_ENOMEM;
    }
    if (!err && MPI_Info_set(info, "pnetcdf_subfiling", "disable") != MPI_SUCCESS) err = NC_EMPI;
    if (!err) err = ncsfi_pnetcdf_env_quiet(&saved);
    /* exclusive: O_EXCL also refuses a symbolic link put there meanwhile */
    if (!err && create) err = ncmpi_create(MPI_COMM_SELF, path, NC_NOCLOBBER | format_cmode(f->format), info, sid);
    else if (!err) err = ncmpi_open(MPI_COMM_SELF, path, NC_WRITE, info, sid);
    ncsfi_pnetcdf_env_restore(saved);
    if (info != MPI_INFO_NULL) MPI_Info_free(&info);
    return err;
}

int ncsfi_record_offsets(ncsf_file *f, ncsf_var *lead, int k, int sid, int only_new)
{
    sf_offsets o = {-1, 0, 0};
    int err = ncmpi_inq_header_size(sid, &o.head), svar;
    if (!err) err = ncmpi_inq_recsize(sid, &o.recsize);
    for (int i = 0; !err && i < f->nvars_cap; i++) {
        ncsf_var *v = f->vars[i];
        if (!v || (only_new && v->created) || v->file_id != lead->varid) continue;
        char name[NC_MAX_NAME + 1];
        err = ncmpi_inq_varname(f->ncid, i, name);
        if (!err) err = ncmpi_inq_varid(sid, name, &svar);
        if (!err) err = ncmpi_inq_varoffset(sid, svar, &o.begin);
        if (!err && sf_layout_put_offsets(v->lay, k, &o) != SF_OK) err = NC_ENOMEM;
    }
    return err;
}

/* ---- the subfile's header, built once ------------------------------------ */

/* The user's attribute name of variable varid of the base file, into h. */
static int copy_att(ncsf_file *f, int varid, const char *name, ncsfi_cdf_header *h, int svar)
{
    nc_type t;
    MPI_Offset n;
    int err = ncmpi_inq_att(f->ncid, varid, name, &t, &n);
    int es = err ? 0 : ncsfi_xsize(t);
    void *buf = err ? NULL : malloc((size_t)(n * es) + 1);
    if (!err && !buf) err = NC_ENOMEM;
    if (!err && n) err = ncmpi_get_att(f->ncid, varid, name, buf);
    if (!err) err = ncsfi_cdf_put_att(h, svar, name, t, n, buf);
    free(buf);
    return err;
}

/* Variable v (block k) defined in the header h: the block's dimensions
 * (the record one unlimited), the user's attributes, then the subfiling
 * ones. */
static int define_in_header(ncsf_file *f, ncsfi_cdf_header *h, ncsf_var *v, int k, int *svar)
{
    int err = NC_NOERR, sdim[SF_MAX_DIMS], natts;
    char name[NC_MAX_NAME + 1], att[NC_MAX_NAME + 1];
    MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS];
    sf_layout_block(v->lay, k, st, ct);
    for (int d = 0; !err && d < v->ndims; d++) {
        MPI_Offset want = (d == 0 && v->lay->record) ? 0 : ct[d];
        err = ncmpi_inq_dimname(f->ncid, v->dimids[d], name);
        if (!err && (sdim[d] = ncsfi_cdf_dimid(h, name)) < 0) err = ncsfi_cdf_def_dim(h, name, want, &sdim[d]);
        else if (!err && h->dims[sdim[d]].len != want)
            err = NC_EDIMSIZE; /* cannot happen for variables partitioned alike */
    }
    if (!err) err = ncmpi_inq_varname(f->ncid, v->varid, name);
    if (!err) err = ncsfi_cdf_def_var(h, name, v->xtype, v->ndims, sdim, svar);
    if (!err) err = ncmpi_inq_varnatts(f->ncid, v->varid, &natts);
    for (int i = 0; !err && i < natts; i++) {
        err = ncmpi_inq_attname(f->ncid, v->varid, i, att);
        if (!err && strncmp(att, NCSF_ATT_PREFIX, strlen(NCSF_ATT_PREFIX)))
            err = copy_att(f, v->varid, att, h, *svar);
    }
    ncsf_att_sink sink = ncsfi_sink_cdf(h);
    if (!err) err = ncsfi_put_var_atts_to(f, &sink, *svar, v, k);
    return err;
}

/* Subfile k's header, whichever way the file is made: the dataset's id
 * and the base file's name, then the new variables sharing lead's files,
 * in varid order; vs[j] is the variable defined j-th. */
static int build_header(ncsf_file *f, ncsf_var *lead, int k, ncsfi_cdf_header *h, ncsf_var **vs)
{
    char name[SF_PATH_MAX];
    ncsf_att_sink sink = ncsfi_sink_cdf(h);
    ncsfi_cdf_init(h, f->format);
    int err = ncsfi_put_dataset_id_to(f, &sink), svar;
    if (!err) {
        /* the base file seen from the subfile's directory */
        char *base = ncsfi_var_name(lead, k, name, sizeof name) ? NULL : relative_base(f->stem, name);
        err = base ? ncsfi_cdf_put_att(h, NC_GLOBAL, "subfiling_base", NC_CHAR, (MPI_Offset)strlen(base), base)
                   : NC_ENOMEM;
        free(base);
    }
    for (int i = 0; !err && i < f->nvars_cap; i++)
        if (f->vars[i] && !f->vars[i]->created && f->vars[i]->file_id == lead->varid) {
            err = define_in_header(f, h, f->vars[i], k, &svar);
            if (!err) vs[svar] = f->vars[i];
        }
    return err;
}

/* Fill mode as the placeholder has it (ncmpi_set_fill, def_var_fill). */
static int fill_mode_on(ncsf_file *f, const ncsf_var *v)
{
    int nofill = 1;
    return ncmpi_inq_var_fill(f->ncid, v->varid, &nofill, NULL) != NC_NOERR || !nofill;
}

/* ---- made by PnetCDF ------------------------------------------------------ */

static int put_att_native(int sid, int varid, const ncsfi_cdf_att *a)
{
    int es = ncsfi_xsize(a->type);
    void *buf = malloc((size_t)(a->nelems * es) + 1);
    if (!buf) return NC_ENOMEM;
    if (a->nelems) memcpy(buf, a->values, (size_t)(a->nelems * es));
    ncsfi_swap(buf, es, a->nelems); /* the header holds the file's byte order */
    int err = a->type == NC_CHAR ? ncmpi_put_att_text(sid, varid, a->name, a->nelems, buf)
                                 : ncmpi_put_att(sid, varid, a->name, a->type, a->nelems, buf);
    free(buf);
    return err;
}

/* The subfile made through PnetCDF on MPI_COMM_SELF from the header h;
 * a variable with fill mode on gets it there too, so that PnetCDF fills
 * the block when the subfile is made, with the _FillValue copied or the
 * type's default, as it fills a file. */
static int create_via_pnetcdf(ncsf_file *f, ncsf_var *lead, int k, const char *path, MPI_Info hints,
                              const ncsfi_cdf_header *h, ncsf_var *const *vs)
{
    int sid, err = ncsfi_subfile_pnetcdf_info(f, path, 1, hints, &sid), id;
    if (err) {
        ncsfi_set_error(f, 1, "cannot create subfile %s: %s%s", path, ncmpi_strerror(err), ncsfi_nofiles_remedy());
        return err;
    }
    for (int i = 0; !err && i < h->ndims; i++)
        err = ncmpi_def_dim(sid, h->dims[i].name, h->dims[i].len ? h->dims[i].len : NC_UNLIMITED, &id);
    for (int i = 0; !err && i < h->ngatts; i++) err = put_att_native(sid, NC_GLOBAL, &h->gatts[i]);
    for (int j = 0; !err && j < h->nvars; j++) {
        const ncsfi_cdf_var *v = &h->vars[j];
        err = ncmpi_def_var(sid, v->name, v->type, v->ndims, v->dimids, &id);
        for (int i = 0; !err && i < v->natts; i++) err = put_att_native(sid, id, &v->atts[i]);
        if (!err && fill_mode_on(f, vs[j])) err = ncmpi_def_var_fill(sid, id, 0, NULL);
    }
    if (!err) err = ncmpi_enddef(sid);
    if (!err) err = ncsfi_record_offsets(f, lead, k, sid, 1);
    int e = ncmpi_close(sid);
    if (!err) err = e;
    if (err) ncsfi_set_error(f, 1, "cannot write the header of subfile %s: %s", path, ncmpi_strerror(err));
    return err;
}

/* ---- made by ncsf --------------------------------------------------------- */

static int hint_set(MPI_Info info, const char *key)
{
    char v[MPI_MAX_INFO_VAL + 1];
    int flag = 0;
    if (info != MPI_INFO_NULL && MPI_Info_get(info, key, MPI_MAX_INFO_VAL, v, &flag) != MPI_SUCCESS) return 1;
    return flag;
}

/* May ncsf write subfile k's header (else PnetCDF makes the subfile)? */
static int header_is_ours(MPI_Info hints, ncsfi_cdf_header *h)
{
    static const char *align[] = {"nc_header_align_size", "nc_var_align_size", "nc_record_align_size"};
    const char *env = getenv("NCSF_SUBFILE_HEADER"), *pnc = getenv("PNETCDF_HINTS");
    if (env && !strcmp(env, "pnetcdf")) return 0;
    for (int i = 0; i < 3; i++)
        if (hint_set(hints, align[i]) || (pnc && strstr(pnc, align[i]))) return 0;
    /* at a format's limits PnetCDF judges (and says why) */
    return ncsfi_cdf_lay_out(h, 0) == NC_NOERR;
}

/* The file's striping unit as MPI-IO reports it (0: none), which PnetCDF
 * aligns a large file's data to. */
static MPI_Offset striping_unit(MPI_File fh)
{
    MPI_Info used = MPI_INFO_NULL;
    char v[MPI_MAX_INFO_VAL + 1];
    int flag = 0;
    long long unit = 0;
    if (MPI_File_get_info(fh, &used) != MPI_SUCCESS) {
        if (used != MPI_INFO_NULL) MPI_Info_free(&used);
        return 0;
    }
    if (MPI_Info_get(used, "striping_unit", MPI_MAX_INFO_VAL, v, &flag) == MPI_SUCCESS && flag)
        unit = strtoll(v, NULL, 10);
    MPI_Info_free(&used);
    return unit > 0 && unit <= INT32_MAX ? (MPI_Offset)unit : 0;
}

/* The offsets of h's variables recorded in their layouts. */
static int record_header_offsets(int k, const ncsfi_cdf_header *h, ncsf_var *const *vs)
{
    sf_offsets o = {.begin = -1, .recsize = h->recsize, .head = h->hsize};
    for (int j = 0; j < h->nvars; j++) {
        o.begin = h->vars[j].begin;
        if (sf_layout_put_offsets(vs[j]->lay, k, &o) != SF_OK) return NC_ENOMEM;
    }
    return NC_NOERR;
}

/* A failed create's netCDF code, as PnetCDF gives it for its own. */
static int open_error(int rc)
{
    int cls = MPI_ERR_OTHER;
    MPI_Error_class(rc, &cls);
    switch (cls) {
    case MPI_ERR_FILE_EXISTS: return NC_EEXIST;
    case MPI_ERR_NO_SUCH_FILE: return NC_ENOENT;
    case MPI_ERR_READ_ONLY: return NC_EPERM;
    case MPI_ERR_ACCESS: return NC_EACCESS;
    case MPI_ERR_BAD_FILE: return NC_EBAD_FILE;
    default: {
        /* no space, quota, no descriptor left...; else NC_EFILE */
        int e = ncsfi_error_from_engine(sf_error_from_mpi(rc, SF_ERR_OPEN));
        return e == NC_EMPI ? NC_EFILE : e;
    }
    }
}

/* n bytes at off through fh, all of them. */
static int write_all_at(MPI_File fh, MPI_Offset off, const void *buf, MPI_Offset n)
{
    MPI_Status st;
    MPI_Count wrote = 0;
    int rc = MPI_File_write_at(fh, off, buf, (int)n, MPI_BYTE, &st);
    if (rc != MPI_SUCCESS) return ncsfi_error_from_engine(sf_error_from_mpi(rc, SF_ERR_WRITE));
    if (MPI_Get_elements_x(&st, MPI_BYTE, &wrote) != MPI_SUCCESS || wrote != (MPI_Count)n) return NC_EWRITE;
    return NC_NOERR;
}

/* Bytes of fill values written at once, at most. */
#define FILL_CHUNK ((MPI_Offset)1 << 20)

/* What PnetCDF's enddef writes into a file it makes in fill mode: each
 * fixed-size variable whose fill mode is on (the placeholder's, as
 * def_var_fill or set_fill left it) gets its fill value (its _FillValue,
 * else the type's default) in every element, in the file's byte order;
 * the padding after a variable is not written, as PnetCDF does not write
 * it. A record variable has no record yet. */
static int fill_direct(ncsf_file *f, MPI_File fh, const ncsfi_cdf_header *h, ncsf_var *const *vs)
{
    unsigned char *buf = NULL;
    int err = NC_NOERR;
    for (int j = 0; !err && j < h->nvars; j++) {
        const ncsfi_cdf_var *v = &h->vars[j];
        unsigned char value[8];
        int nofill = 1, es = ncsfi_xsize(v->type);
        if (v->record) continue;
        if ((err = ncmpi_inq_var_fill(f->ncid, vs[j]->varid, &nofill, value)) || nofill) continue;
        MPI_Offset n = 1;
        for (int d = 0; d < v->ndims; d++) n *= h->dims[v->dimids[d]].len;
        ncsfi_swap(value, es, 1);
        MPI_Offset per = FILL_CHUNK / es, m = n < per ? n : per;
        if (!buf && !(buf = malloc((size_t)FILL_CHUNK))) err = NC_ENOMEM;
        for (MPI_Offset i = 0; !err && i < m; i++) memcpy(buf + i * es, value, (size_t)es);
        for (MPI_Offset done = 0; !err && done < n; done += m) {
            if (n - done < m) m = n - done;
            err = write_all_at(fh, v->begin + done * es, buf, m * es);
        }
    }
    free(buf);
    return err;
}

/* The subfile created with one exclusive MPI-IO open, its header (laid
 * out with the striping unit MPI-IO reports) written, and in fill mode
 * its fixed-size variables' fill values; the handle, on success, in
 * *keep (the engine's first handle of it), else closed. */
static int create_direct(ncsf_file *f, int k, const char *path, MPI_Info hints, ncsfi_cdf_header *h,
                         ncsf_var *const *vs, MPI_File *keep)
{
    unsigned char *bytes = NULL;
    size_t n = 0;
    MPI_File fh = MPI_FILE_NULL;
    /* exclusive: a file or a symbolic link put there meanwhile is refused */
    int rc = MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_RDWR, hints, &fh);
    if (rc != MPI_SUCCESS) {
        /* a handle an MPI reports failed all the same is not left open */
        if (fh != MPI_FILE_NULL) MPI_File_close(&fh);
        int err = open_error(rc);
        ncsfi_set_error(f, 1, "cannot create subfile %s: %s%s", path, ncmpi_strerror(err), ncsfi_nofiles_remedy());
        return err;
    }
    MPI_Offset unit = striping_unit(fh);
    int err = unit ? ncsfi_cdf_lay_out(h, unit) : NC_NOERR;
    if (!err) err = ncsfi_cdf_encode(h, &bytes, &n);
    if (!err) err = write_all_at(fh, 0, bytes, (MPI_Offset)n);
    free(bytes);
    if (!err) err = fill_direct(f, fh, h, vs);
    if (!err) err = record_header_offsets(k, h, vs);
    if (!err) *keep = fh, fh = MPI_FILE_NULL;
    else if (MPI_File_close(&fh) != MPI_SUCCESS && !err) err = NC_EFILE;
    if (err) ncsfi_set_error(f, 1, "cannot write the header of subfile %s: %s", path, ncmpi_strerror(err));
    return err;
}

/* Subfile k of the new variables sharing lead's subfiles (lead alone,
 * unless a subfiling_group joined others to it); their offsets in it are
 * recorded (this rank is its home). */
static int create_file(ncsf_file *f, ncsf_var *lead, int k)
{
    int err;
    char pbuf[SF_PATH_MAX];
    const char *path = sf_layout_path(lead->lay, k, pbuf, sizeof pbuf);
    if (!f->noclobber && (err = clear_the_way(f, path))) return err;
    /* the dataset's hints, and striping of its own (subfile_striping.c) */
    MPI_Info hints;
    if ((err = ncsfi_subfile_hints(f, lead, k, path, &hints))) return err;
    ncsfi_cdf_header h;
    ncsf_var **vs = malloc(sizeof *vs * (size_t)(f->nvars_cap + 1));
    err = vs ? build_header(f, lead, k, &h, vs) : NC_ENOMEM;
    if (err) ncsfi_set_error(f, 1, "cannot describe subfile %s: %s", path, ncmpi_strerror(err));
    else if (header_is_ours(hints, &h)) {
        /* the engine keeps the create's handle: its first access opens nothing */
        MPI_File fh = MPI_FILE_NULL;
        err = create_direct(f, k, path, hints, &h, vs, &fh);
        int e = ncsfi_error_from_engine(sf_context_adopt_handle(f->ctx, lead->lay->file_id, k, &fh));
        if (!err) err = e;
    } else {
        err = create_via_pnetcdf(f, lead, k, path, hints, &h, vs);
    }
    if (vs) ncsfi_cdf_free(&h);
    free(vs);
    MPI_Info_free(&hints);
    return err;
}

/* With NC_NOCLOBBER nothing may be at any new subfile's name: looked at
 * (by each subfile's home) before anything is created, so that nothing is
 * touched. mine: this process's outcome so far, agreed with the look. */
static int check_names_free(ncsf_file *f, const ncsf_slot *s, int n, int mine)
{
    int err = mine;
    struct stat sb;
    char path[SF_PATH_MAX];
    for (int j = 0; !err && j < n; j++) {
        const char *p = sf_layout_path(s[j].lead->lay, s[j].k, path, sizeof path);
        if ((err = in_the_way(p, &sb)))
            ncsfi_set_error(f, 1, "subfile %s exists (the dataset was created with NC_NOCLOBBER)", p);
    }
    return ncsfi_agreef(f, err);
}

int ncsfi_create_subfiles(ncsf_file *f, int err, int mine)
{
    ncsf_slot *s = NULL;
    int n = 0;
    if (err) return err;
    /* this process's share: its failure is agreed with the next step */
    if (!mine) mine = ncsfi_home_files(f, 1, &s, &n);
    int any = 0; /* new subfiles anywhere (n counts this rank's) */
    for (int i = 0; i < f->nvars_cap; i++) any |= f->vars[i] && !f->vars[i]->created;
    if (any && f->hints.dir) {
        /* the directory first, by one process; everyone learns the outcome */
        char why[600] = "";
        int e = NC_NOERR;
        if (f->rank == 0 && !mine && (e = ncsfi_make_dirs(f->dir, f->hints.dir, why, sizeof why)))
            ncsfi_set_error(f, 1, "%s", why);
        err = ncsfi_agreef(f, mine ? mine : e);
        mine = NC_NOERR;
    }
    if (!err && any && f->noclobber) err = check_names_free(f, s, n, mine), mine = NC_NOERR;
    for (int j = 0; !err && !mine && j < n; j++) mine = create_file(f, s[j].lead, s[j].k);
    /* then process 0's fill of the new scalar placeholders (the base
     * file's): the files' outcome and the fill's agreed with the record
     * limits (one reduction) */
    if (!err && !mine && !f->readonly && !f->indep && !f->via_subfile) mine = ncsfi_fill_fixed_own(f);
    if (!err) err = ncsfi_add_layouts(f, mine);
    for (int i = 0; !err && i < f->nvars_cap; i++)
        if (f->vars[i]) f->vars[i]->created = 1;
    free(s);
    return err;
}

int ncsfi_foreign_in_the_way(ncsf_file *f)
{
    ncsf_slot *s = NULL;
    int n = 0, found = 0;
    char path[SF_PATH_MAX], id[33];
    /* with NC_NOCLOBBER anything there fails the enddef anyway */
    if (!f || f->noclobber || f->readonly || f->via_subfile || ncsfi_home_files(f, 1, &s, &n)) return 0;
    for (int j = 0; !found && j < n; j++)
        found = ncsfi_foreign_file(sf_layout_path(s[j].lead->lay, s[j].k, path, sizeof path), f->dsid,
                                   f->clobbered_id, id);
    free(s);
    return found;
}

/* Does any name of stem (in f's directory, as the variable's layout
 * joins them) hold another dataset's subfile? */
static int stem_blocked(const ncsf_file *f, const char *stem, int nfiles)
{
    char path[SF_PATH_MAX], id[33], *at = ncsfi_join(f->dir, stem);
    int blocked = at == NULL;
    for (int k = 0; !blocked && k < nfiles; k++) {
        int n = snprintf(path, sizeof path, "%s.%d", at, k);
        blocked = n < 0 || (size_t)n >= sizeof path || ncsfi_foreign_file(path, f->dsid, f->clobbered_id, id);
    }
    free(at);
    return blocked;
}

/* stem~j (malloc's; NULL without memory) */
static char *stem_variant(const char *stem, int j)
{
    size_t len = strlen(stem) + 16;
    char *t = malloc(len);
    if (t) snprintf(t, len, "%s~%d", stem, j);
    return t;
}

/* Process 0: the new stems, as (varid, J) pairs in *list (*n of them),
 * each applied here as it is chosen (so that the next one sees it). */
static int pick_stems(ncsf_file *f, int **list, int *n)
{
    int err = NC_NOERR, cap = 0;
    *list = NULL;
    *n = 0;
    for (int i = 0; !err && i < f->nvars_cap; i++) {
        ncsf_var *v = f->vars[i];
        if (!v || v->file_id != v->varid || v->created || !v->stem || !stem_blocked(f, v->stem, v->nfiles)) continue;
        char *t = NULL, last[16];
        int j = 2;
        snprintf(last, sizeof last, "%d", v->nfiles - 1);
        for (; j < 1000; j++) {
            free(t);
            if (!(t = stem_variant(v->stem, j))) return NC_ENOMEM;
            const char *slash = strrchr(t, '/');
            if (strlen(slash ? slash + 1 : t) + 1 + strlen(last) > NCSF_NAME_MAX) { j = 1000; break; }
            if (!ncsfi_stem_in_use(f, v->varid, t) && !stem_blocked(f, t, v->nfiles)) break;
        }
        if (j == 1000) {
            ncsfi_set_error(f, 0, "enddef: subfiles of another dataset hold the names of variable %d's subfiles "
                            "(%s.K), and no other name is free", v->varid, v->stem);
            err = NC_EEXIST;
        } else if (*n == cap) {
            int *g = realloc(*list, sizeof(int) * 2 * (size_t)(cap = cap ? 2 * cap : 8));
            if (!g) err = NC_ENOMEM;
            else *list = g;
        }
        if (!err) {
            (*list)[2 * *n] = v->varid;
            (*list)[2 * *n + 1] = j;
            (*n)++;
            err = ncsfi_var_restem(f, v->varid, t);
        }
        free(t);
    }
    return err;
}

int ncsfi_avoid_foreign(ncsf_file *f)
{
    int *list = NULL, hdr[2] = {NC_NOERR, 0}, err = NC_NOERR;
    /* (the stems process 0 gave are given everywhere, even when it then
     * failed: the processes keep the same names) */
    if (f->rank == 0) hdr[0] = pick_stems(f, &list, &hdr[1]);
    /* (trusted, fault.h: every process takes as many rounds below) */
    if ((MPI_Bcast)(hdr, 2, MPI_INT, 0, f->comm) != MPI_SUCCESS) hdr[0] = NC_EMPI, hdr[1] = 0;
    err = hdr[0];
    /* the pairs in rounds of 64 (no memory needed to take them) */
    for (int at = 0; at < hdr[1]; at += 64) {
        int buf[128], m = hdr[1] - at < 64 ? hdr[1] - at : 64;
        if (f->rank == 0) memcpy(buf, list + 2 * at, sizeof(int) * 2 * (size_t)m);
        if (MPI_Bcast(buf, 2 * m, MPI_INT, 0, f->comm) != MPI_SUCCESS && !err) err = NC_EMPI;
        for (int i = 0; f->rank != 0 && i < m; i++) {
            ncsf_var *v = buf[2 * i] >= 0 && buf[2 * i] < f->nvars_cap ? f->vars[buf[2 * i]] : NULL;
            char *t = v && v->stem ? stem_variant(v->stem, buf[2 * i + 1]) : NULL;
            int e = t ? NC_NOERR : v ? NC_ENOMEM : NC_EINTERNAL;
            if (!e) e = ncsfi_var_restem(f, v->varid, t);
            if (!err) err = e;
            free(t);
        }
    }
    free(list);
    return ncsfi_agreef(f, err);
}
