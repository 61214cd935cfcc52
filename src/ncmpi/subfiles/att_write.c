/*
 * att_write.c: attributes the application writes in a dataset with
 * subfiling.
 *
 * - ncsf's own attribute names (subfiling_*) are reserved there, as
 *   netCDF-4 reserves its own: putting, deleting, renaming or copying onto
 *   one gives NC_ENAMEINUSE, and the dataset is unchanged. (In a dataset
 *   with no subfiled variable, such names are the application's.)
 * - A subfiled variable's attributes live on its placeholder in the base
 *   file and are copied into each of its subfiles, so that a subfile alone
 *   describes the variable. Attributes changed after the subfiles were made
 *   (in define mode again, after ncmpi_redef) reach them at the enddef
 *   that ends that define mode: each subfile's home rewrites the header,
 *   and since a longer header may move the data behind it, every rank then
 *   forgets the plans and the offsets it had of those subfiles. A renamed
 *   variable (rename.c) is renamed in its subfiles the same way.
 *
 * The put_att family is generated (api_getput.m4, AFUNC) around
 * ncsfi_att_name_check and ncsfi_att_changed below.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ncsfi_subfiles.h"

static int reserved_name(const char *name)
{
    return name && !strncmp(name, NCSF_ATT_PREFIX, sizeof NCSF_ATT_PREFIX - 1);
}

/* a dataset with subfiling: a subfiled variable, or the mark of one */
static int has_subfiling(ncsf_file *f)
{
    return f->nsubfiled > 0 ||
           ncmpi_inq_att(f->ncid, NC_GLOBAL, NCSF_ATT_PREFIX "version", NULL, NULL) == NC_NOERR;
}

int ncsfi_att_name_check(int ncid, int varid, const char *name)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (!f || !reserved_name(name) || !has_subfiling(f)) return NC_NOERR;
    ncsfi_set_error(f, f->rank == 0, "attribute %s: names beginning \"%s\" are ncsf's own in a dataset "
                    "with subfiling (variable %d)", name, NCSF_ATT_PREFIX, varid);
    return NC_ENAMEINUSE;
}

int ncsfi_att_changed(int ncid, int varid, int err)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (err || !f || varid < 0 || varid >= f->nvars_cap) return err;
    ncsf_var *v = f->vars[varid];
    if (v && v->created) v->atts_dirty = 1;
    return err;
}

int ncsf_del_att(int ncid, int varid, const char *name)
{
    int err = ncsfi_att_name_check(ncid, varid, name);
    if (!err) err = ncsfi_state_touch(ncid); /* an attribute may change in data mode too */
    if (!err) err = ncmpi_del_att(ncid, varid, name);
    return ncsfi_att_changed(ncid, varid, err);
}

int ncsf_rename_att(int ncid, int varid, const char *name, const char *newname)
{
    int err = ncsfi_att_name_check(ncid, varid, name);
    if (!err) err = ncsfi_att_name_check(ncid, varid, newname);
    if (!err) err = ncsfi_state_touch(ncid);
    if (!err) {
        ncsfi_mark_hold h;
        ncsfi_state_hdr_begin(ncid, 0, &h);
        err = ncmpi_rename_att(ncid, varid, name, newname);
        ncsfi_state_hdr_end(ncid, &h);
    }
    return ncsfi_att_changed(ncid, varid, err);
}

int ncsf_copy_att(int ncid_in, int varid_in, const char *name, int ncid_out, int varid_out)
{
    int err = ncsfi_att_name_check(ncid_out, varid_out, name);
    if (!err) err = ncsfi_state_touch(ncid_out);
    if (!err) {
        ncsfi_mark_hold h;
        ncsfi_state_hdr_begin(ncid_out, 0, &h);
        err = ncmpi_copy_att(ncid_in, varid_in, name, ncid_out, varid_out);
        ncsfi_state_hdr_end(ncid_out, &h);
    }
    return ncsfi_att_changed(ncid_out, varid_out, err);
}

int ncsfi_atts_pending(const ncsf_file *f)
{
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i] && f->vars[i]->atts_dirty) return 1;
    return 0;
}

/* v's dimensions in subfile sid under the base file's names (renamed
 * there since): through names of their own first, so that names swapped
 * round never meet; then v's subfiling_dimnames again. */
static int follow_dim_names(ncsf_file *f, int sid, int svar, const ncsf_var *v)
{
    char want[NC_MAX_NAME + 1], have[NC_MAX_NAME + 1], tmp[32];
    int sdim[SF_MAX_DIMS], nd;
    int err = ncmpi_inq_varndims(sid, svar, &nd);
    if (!err && nd != v->ndims) err = NC_EVARMETA;
    if (!err) err = ncmpi_inq_vardimid(sid, svar, sdim);
    for (int pass = 0; pass < 2 && !err; pass++)
        for (int d = 0; !err && d < nd; d++) {
            err = ncmpi_inq_dimname(f->ncid, v->dimids[d], want);
            if (!err) err = ncmpi_inq_dimname(sid, sdim[d], have);
            if (err || !strcmp(want, have)) continue;
            snprintf(tmp, sizeof tmp, "ncsf_renaming_%d", sdim[d]);
            if (pass == 0 && strcmp(have, tmp)) err = ncmpi_rename_dim(sid, sdim[d], tmp);
            if (pass == 1) err = ncmpi_rename_dim(sid, sdim[d], want);
        }
    /* (another variable of a shared subfile may have moved them already) */
    if (!err) err = ncsfi_put_dimnames(f, sid, svar, v, 0);
    return err;
}

/* In the open subfile sid (in define mode): v under its new name, if it
 * was renamed, its dimensions under theirs, and the application's
 * attributes of v replaced by the base file's. */
static int replace_atts(ncsf_file *f, int sid, const ncsf_var *v)
{
    char name[NC_MAX_NAME + 1], att[NC_MAX_NAME + 1];
    int svar, n, err = ncmpi_inq_varname(f->ncid, v->varid, name);
    if (!err) err = ncmpi_inq_varid(sid, v->subfile_name ? v->subfile_name : name, &svar);
    if (!err && v->subfile_name) err = ncmpi_rename_var(sid, svar, name);
    if (!err) err = follow_dim_names(f, sid, svar, v);
    if (!err) err = ncmpi_inq_varnatts(sid, svar, &n);
    for (int i = n - 1; !err && i >= 0; i--) {
        err = ncmpi_inq_attname(sid, svar, i, att);
        if (!err && !reserved_name(att)) err = ncmpi_del_att(sid, svar, att);
    }
    if (!err) err = ncmpi_inq_varnatts(f->ncid, v->varid, &n);
    for (int i = 0; !err && i < n; i++) {
        err = ncmpi_inq_attname(f->ncid, v->varid, i, att);
        if (!err && !reserved_name(att)) err = ncmpi_copy_att(f->ncid, v->varid, att, sid, svar);
    }
    return err;
}

/* More than the header of subfile sid (open) can grow by, and the data
 * behind it move, when the changed variables of lead's files get their
 * names and attributes from the base file: every such attribute and name
 * counted whole, as if none were there before, with 8-byte counts, plus
 * the alignment PnetCDF may add before each variable's data. */
static MPI_Offset growth_bound(ncsf_file *f, ncsf_var *lead, int sid, MPI_Offset *header)
{
    MPI_Offset bound = 0, align = 512;
    int nvars = 0;
    MPI_Info used = MPI_INFO_NULL;
    if (ncmpi_inq_file_info(sid, &used) == NC_NOERR && used != MPI_INFO_NULL) {
        static const char *const keys[] = {"nc_header_align_size", "nc_var_align_size", "nc_record_align_size"};
        char val[MPI_MAX_INFO_VAL + 1];
        for (int i = 0; i < 3; i++) {
            int flag = 0;
            if (MPI_Info_get(used, keys[i], MPI_MAX_INFO_VAL, val, &flag) != MPI_SUCCESS) flag = 0;
            if (flag && atoll(val) > align) align = atoll(val);
        }
        MPI_Info_free(&used);
    }
    ncmpi_inq_nvars(sid, &nvars);
    for (int i = 0; i < f->nvars_cap; i++) {
        ncsf_var *v = f->vars[i];
        int n = 0;
        if (!v || !v->atts_dirty || v->file_id != lead->varid) continue;
        bound += 8 + NC_MAX_NAME + 4;
        ncmpi_inq_varnatts(f->ncid, i, &n);
        for (int a = 0; a < n; a++) {
            char att[NC_MAX_NAME + 1];
            nc_type t;
            MPI_Offset len = 0;
            if (ncmpi_inq_attname(f->ncid, i, a, att) || ncmpi_inq_att(f->ncid, i, att, &t, &len)) continue;
            bound += 8 + NC_MAX_NAME + 4 + 4 + 8 + len * ncsfi_xsize(t) + 4;
        }
    }
    *header = bound;
    return bound + (MPI_Offset)(nvars + 3) * align;
}

/* After the rewrite: the subfile is as long as its header now says (a
 * move that ran out of room leaves it short). */
static int check_moved(ncsf_file *f, ncsf_var *lead, int k, const char *path)
{
    struct stat sb;
    MPI_Offset want = ncsfi_file_size_expected(f, lead, k);
    if (want <= 0 || (stat(path, &sb) == 0 && (MPI_Offset)sb.st_size >= want)) return NC_NOERR;
    int err = ncsfi_raw_space_error(path);
    ncsfi_set_error(f, 1, "subfile %s: its header grew and the data behind it could not all be moved "
                    "(%s): its variables are lost", path, ncmpi_strerror(err));
    return err;
}

/* Subfile k of lead's files (this rank is its home): the changed
 * variables' attributes rewritten; where every variable's data now starts
 * recorded. *moved: the data may have been touched (the failure, if any,
 * came after PnetCDF began its enddef). */
static int rewrite_file(ncsf_file *f, ncsf_var *lead, int k, int *moved)
{
    char pbuf[SF_PATH_MAX];
    const char *path = sf_layout_path(lead->lay, k, pbuf, sizeof pbuf);
    MPI_Offset len = 0;
    int sid, err = ncsfi_subfile_pnetcdf(f, path, 0, &sid);
    *moved = 0;
    if (err) {
        ncsfi_set_error(f, 1, "cannot open subfile %s to bring it the attributes changed: %s%s", path,
                        ncmpi_strerror(err), ncsfi_nofiles_remedy());
        return err;
    }
    /* room for the move first: a full file system is found before any
     * byte of data moves. A header that still fits before the data moves
     * nothing (PnetCDF keeps where the data starts) and needs no room: a
     * sparse subfile is then not filled in. */
    MPI_Offset hsize = 0, extent = 0, header = 0, bound = growth_bound(f, lead, sid, &header);
    int fits = ncmpi_inq_header_size(sid, &hsize) == NC_NOERR &&
               ncmpi_inq_header_extent(sid, &extent) == NC_NOERR && hsize + header <= extent;
    if (!fits) err = ncsfi_raw_reserve(path, bound, &len);
    if (err) {
        ncmpi_close(sid);
        ncsfi_set_error(f, 1, "cannot bring the attributes changed to subfile %s: %s (no room to move "
                        "its data behind a longer header; nothing was changed)", path, ncmpi_strerror(err));
        return err;
    }
    err = ncmpi_redef(sid);
    for (int i = 0; !err && i < f->nvars_cap; i++) {
        ncsf_var *v = f->vars[i];
        if (v && v->atts_dirty && v->file_id == lead->varid) err = replace_atts(f, sid, v);
    }
    if (!err) {
        *moved = 1;
        err = ncmpi_enddef(sid);
    }
    if (!err) err = ncsfi_record_offsets(f, lead, k, sid, 0);
    int e = ncmpi_close(sid);
    if (!err) err = e;
    if (err) ncsfi_set_error(f, 1, "cannot bring the attributes changed to subfile %s: %s", path,
                             ncmpi_strerror(err));
    else err = check_moved(f, lead, k, path);
    return err;
}

/* Does a variable stored in file_id's files have changed attributes? */
static int file_changed(const ncsf_file *f, int file_id)
{
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i] && f->vars[i]->atts_dirty && !f->vars[i]->broken && f->vars[i]->file_id == file_id)
            return 1;
    return 0;
}

/* A rewrite failed somewhere (err, agreed): the dataset is marked failed
 * at close (its subfiles' attributes are not the base file's); where data
 * may have been moved in part (moved, on any rank), every variable of the
 * files being rewritten refuses access from now on, rather than give
 * values that may be wrong. Collective. */
static void lost_or_stale(ncsf_file *f, int err, int moved)
{
    if (!f->write_failed) f->write_failed = err;
    if ((MPI_Allreduce)(MPI_IN_PLACE, &moved, 1, MPI_INT, MPI_MAX, f->comm) != MPI_SUCCESS) moved = 1;
    if (!moved) return;
    /* the files first, then their variables (file_changed skips broken ones) */
    char *hit = calloc(f->nvars_cap > 0 ? f->nvars_cap : 1, 1);
    for (int i = 0; i < f->nvars_cap; i++)
        if (f->vars[i] && f->vars[i]->file_id == i && (!hit || file_changed(f, i))) {
            if (hit) hit[i] = 1;
        }
    for (int i = 0; i < f->nvars_cap; i++) {
        ncsf_var *v = f->vars[i];
        /* out of memory: every subfiled variable, to be safe */
        if (v && v->created && !v->broken && (!hit || hit[v->file_id])) {
            v->broken = err;
            v->broken_k = -1;
        }
    }
    free(hit);
}

int ncsfi_sync_var_atts(ncsf_file *f)
{
    ncsf_slot *s = NULL;
    int n = 0, err = ncsfi_agreef(f, ncsfi_home_files(f, 0, &s, &n)), mine = NC_NOERR;
    /* (a file's slots come one after another: its answer is kept) */
    int last_id = -1, changed = 0, moved = 0;
    for (int j = 0; !err && !mine && j < n; j++) {
        if (s[j].lead->varid != last_id) {
            last_id = s[j].lead->varid;
            changed = file_changed(f, last_id);
        }
        if (changed) mine = rewrite_file(f, s[j].lead, s[j].k, &moved);
    }
    free(s);
    if (!err) err = ncsfi_agreef(f, mine);
    if (err) lost_or_stale(f, err, mine && moved);
    /* every rank alike (the flags follow collective calls): the plans and
     * the offsets learnt of these subfiles are stale; a home keeps its own,
     * just recorded */
    int forgot = sf_context_forget_plans(f->ctx);
    if (forgot && !err) err = ncsfi_error_from_engine(forgot);
    for (int i = 0; i < f->nvars_cap; i++) {
        ncsf_var *lead = f->vars[i];
        if (!lead || !lead->created || lead->file_id != i || !file_changed(f, i)) continue;
        int first, end;
        sf_home_blocks(i, lead->nfiles, f->nprocs, f->rank, &first, &end);
        for (int j = 0; j < f->nvars_cap; j++)
            if (f->vars[j] && f->vars[j]->file_id == i) sf_layout_forget_offsets(f->vars[j]->lay, first, end);
    }
    if (!err)
        for (int i = 0; i < f->nvars_cap; i++)
            if (f->vars[i]) {
                f->vars[i]->atts_dirty = 0;
                free(f->vars[i]->subfile_name);
                f->vars[i]->subfile_name = NULL;
            }
    return err;
}
