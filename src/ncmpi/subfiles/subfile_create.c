/*
 * subfile_create.c: the subfiles of newly defined variables, made at
 * enddef, each by its home rank, through PnetCDF on MPI_COMM_SELF, so that
 * every subfile is a netCDF file ncdump can read.
 *
 * Subfiles are created exclusively: with NC_NOCLOBBER an existing file at
 * any subfile's name fails enddef on every rank before anything is
 * created; without it, what is in the way is unlinked (never written
 * through: a symbolic link there is removed, not followed) and the subfile
 * made anew.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ncsf_internal.h"

static int format_cmode(int format)
{
    if (format == NC_FORMAT_CDF5) return NC_64BIT_DATA;
    if (format == NC_FORMAT_CDF2) return NC_64BIT_OFFSET;
    return 0;
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
    /* fill mode as the placeholder has it (ncmpi_set_fill, def_var_fill):
     * the block is filled when the subfile is made, with the _FillValue
     * copied above or the type's default, as PnetCDF fills a file */
    int nofill = 1;
    if (!err && ncmpi_inq_var_fill(f->ncid, v->varid, &nofill, NULL) == NC_NOERR && !nofill)
        err = ncmpi_def_var_fill(sid, *svar, 0, NULL);
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

/* Subfile k of the new variables sharing lead's subfiles (lead alone,
 * unless a subfiling_group joined others to it); their offsets in it are
 * recorded (this rank is its home). */
static int create_file(ncsf_file *f, ncsf_var *lead, int k)
{
    int sid, err, svar;
    char pbuf[SF_PATH_MAX], name[SF_PATH_MAX];
    const char *path = sf_layout_path(lead->lay, k, pbuf, sizeof pbuf);
    if (!f->noclobber && (err = clear_the_way(f, path))) return err;
    /* the dataset's hints, and striping of its own (subfile_striping.c) */
    MPI_Info hints;
    if ((err = ncsfi_subfile_hints(f, lead, k, path, &hints))) return err;
    err = ncsfi_subfile_pnetcdf_info(f, path, 1, hints, &sid);
    MPI_Info_free(&hints);
    if (err) {
        ncsfi_set_error(f, 1, "cannot create subfile %s: %s%s", path, ncmpi_strerror(err), ncsfi_nofiles_remedy());
        return err;
    }
    err = ncsfi_put_dataset_id(f, sid);
    if (!err) {
        /* the base file seen from the subfile's directory */
        char *base = ncsfi_var_name(lead, k, name, sizeof name) ? NULL : relative_base(f->stem, name);
        err = base ? ncmpi_put_att_text(sid, NC_GLOBAL, "subfiling_base", strlen(base), base) : NC_ENOMEM;
        free(base);
    }
    for (int i = 0; !err && i < f->nvars_cap; i++)
        if (f->vars[i] && !f->vars[i]->created && f->vars[i]->file_id == lead->varid)
            err = define_in_subfile(f, sid, f->vars[i], k, &svar);
    if (!err) err = ncmpi_enddef(sid);
    if (!err) err = ncsfi_record_offsets(f, lead, k, sid, 1);
    int e = ncmpi_close(sid);
    if (!err) err = e;
    if (err) ncsfi_set_error(f, 1, "cannot write the header of subfile %s: %s", path, ncmpi_strerror(err));
    return err;
}

/* With NC_NOCLOBBER nothing may be at any new subfile's name: looked at
 * (by each subfile's home) before anything is created, so that nothing is
 * touched. */
static int check_names_free(ncsf_file *f, const ncsf_slot *s, int n)
{
    int err = NC_NOERR;
    struct stat sb;
    char path[SF_PATH_MAX];
    for (int j = 0; !err && j < n; j++) {
        const char *p = sf_layout_path(s[j].lead->lay, s[j].k, path, sizeof path);
        if ((err = in_the_way(p, &sb)))
            ncsfi_set_error(f, 1, "subfile %s exists (the dataset was created with NC_NOCLOBBER)", p);
    }
    return ncsfi_agreef(f, err);
}

int ncsfi_create_subfiles(ncsf_file *f, int err)
{
    ncsf_slot *s = NULL;
    int n = 0;
    if (!err) err = ncsfi_home_files(f, 1, &s, &n);
    err = ncsfi_agreef(f, err);
    int any = 0; /* new subfiles anywhere (n counts this rank's) */
    for (int i = 0; i < f->nvars_cap; i++) any |= f->vars[i] && !f->vars[i]->created;
    if (!err && any && f->hints.dir) {
        /* the directory first, by one process; everyone learns the outcome */
        char why[600] = "";
        if (f->rank == 0 && (err = ncsfi_make_dirs(f->dir, f->hints.dir, why, sizeof why)))
            ncsfi_set_error(f, 1, "%s", why);
        err = ncsfi_agreef(f, err);
    }
    if (!err && any && f->noclobber) err = check_names_free(f, s, n);
    int mine = NC_NOERR;
    for (int j = 0; !err && !mine && j < n; j++) mine = create_file(f, s[j].lead, s[j].k);
    if (!err) err = ncsfi_agreef(f, mine);
    for (int i = 0; !err && i < f->nvars_cap; i++)
        if (f->vars[i]) f->vars[i]->created = 1;
    if (!err) err = ncsfi_add_layouts(f, NC_NOERR);
    free(s);
    return err;
}
