/*
 * subfiles.c: a subfile is opened the first time a read needs it, checked
 * (doc/format.md "What a reader checks"), and kept open among at most
 * max_open others; the least recently used one is closed to make room.
 * Subfiles shared by a group of variables are one entry (keyed by path).
 * The checks of one variable in one subfile are done once per open
 * dataset; the file-level ones (regular file, identity, length, records)
 * every time the file is opened again.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ncsfnc.h"

static void drop(ncsfnc_file *f, int i)
{
    nc_close(f->open[i].ncid);
    free(f->open[i].path);
    f->open[i] = f->open[--f->nopen];
}

void ncsfnc_subfiles_close(ncsfnc_file *f)
{
    while (f->nopen) drop(f, f->nopen - 1);
}

/* the file-level checks of a subfile just opened */
static int check_file(ncsfnc_file *f, ncsfnc_var *v, const char *path, int id, long long size)
{
    char dsid[33];
    nc_type t;
    size_t len;
    if (nc_inq_att(id, NC_GLOBAL, "subfiling_dataset_id", &t, &len) || t != NC_CHAR || len != 32 ||
        nc_get_att_text(id, NC_GLOBAL, "subfiling_dataset_id", dsid) || memcmp(dsid, f->dsid, 32)) {
        ncsfnc_say(f, "subfile %s of variable %s belongs to another dataset", path, v->name);
        return NC_EVARMETA;
    }
    long long want = ncsfnc_expected_size(path);
    if (want < 0) {
        ncsfnc_say(f, "subfile %s of variable %s: its header cannot be read", path, v->name);
        return NC_EVARMETA;
    }
    if (size < want) {
        ncsfnc_say(f, "subfile %s of variable %s is %lld bytes, expected at least %lld: it was cut short", path,
                   v->name, size, want);
        return NC_ETRUNC;
    }
    /* (the record count: check_var, for a record variable's subfile) */
    return NC_NOERR;
}

/* variable v in subfile k: its layout is the base file's, its shape its block's */
static int check_var(ncsfnc_file *f, ncsfnc_var *v, int k, const char *path, int id, int *varidp)
{
    int vid, nd, dimids[NC_MAX_VAR_DIMS], err;
    nc_type t;
    char msg[512] = "";
    if (nc_inq_varid(id, v->name, &vid) || nc_inq_var(id, vid, NULL, &t, &nd, NULL, NULL) || t != v->xtype ||
        nd != v->ndims || nd > NC_MAX_VAR_DIMS || nc_inq_vardimid(id, vid, dimids)) {
        ncsfnc_say(f, "subfile %s holds no variable %s of its type and rank", path, v->name);
        return NC_EVARMETA;
    }
    ncsfnc_layout mine;
    if ((err = ncsfnc_layout_read(id, vid, f->version, &mine, msg, sizeof msg))) {
        ncsfnc_say(f, "subfile %s, variable %s: %s", path, v->name, msg);
        return NC_EVARMETA;
    }
    int same = mine.index == k && ncsfnc_layout_same(&mine, &v->lay);
    ncsfnc_layout_free(&mine);
    if (!same) {
        ncsfnc_say(f, "subfile %s does not match the layout recorded for variable %s", path, v->name);
        return NC_EVARMETA;
    }
    long long st[NCSFNC_MAX_DIMS], ct[NCSFNC_MAX_DIMS];
    ncsfnc_layout_block(&v->lay, k, st, ct);
    for (int d = v->lay.record; d < nd; d++) {
        size_t len;
        if (nc_inq_dimlen(id, dimids[d], &len) || (long long)len != ct[d]) {
            ncsfnc_say(f, "subfile %s: variable %s is not the shape of its block %d", path, v->name, k);
            return NC_EVARMETA;
        }
    }
    /* a record variable's subfile holds every record of the dataset (one
     * that holds only fixed-size variables has none to hold) */
    int unlim = -1;
    size_t recs = 0;
    if (v->lay.record && f->numrecs &&
        (nc_inq_unlimdim(id, &unlim) || unlim < 0 || dimids[0] != unlim || nc_inq_dimlen(id, unlim, &recs) ||
         recs < f->numrecs)) {
        ncsfnc_say(f, "subfile %s of variable %s has %zu records, the dataset %zu", path, v->name, recs, f->numrecs);
        return NC_ETRUNC;
    }
    *varidp = vid;
    return NC_NOERR;
}

static int open_one(ncsfnc_file *f, ncsfnc_var *v, const char *path, int *idp)
{
    struct stat sb;
    if (stat(path, &sb)) {
        int e = errno;
        ncsfnc_say(f, "subfile %s of variable %s is %s", path, v->name, e == ENOENT ? "missing" : strerror(e));
        return e == ENOENT ? ENOENT : NC_EACCESS;
    }
    if (!S_ISREG(sb.st_mode)) {
        ncsfnc_say(f, "subfile %s of variable %s is not a regular file", path, v->name);
        return NC_ENOTNC;
    }
    if (f->nopen >= f->max_open) { /* make room: the least recently used */
        int lru = 0;
        for (int i = 1; i < f->nopen; i++)
            if (f->open[i].used < f->open[lru].used) lru = i;
        drop(f, lru);
    }
    int id, err = ncsfnc_real_open(path, NC_NOWRITE, &id);
    if (err) {
        ncsfnc_say(f, "subfile %s of variable %s cannot be opened: %s", path, v->name, nc_strerror(err));
        return err;
    }
    f->opens++;
    if ((err = check_file(f, v, path, id, (long long)sb.st_size))) {
        nc_close(id);
        return err;
    }
    if (!f->open && !(f->open = calloc((size_t)f->max_open, sizeof *f->open))) {
        nc_close(id);
        return NC_ENOMEM;
    }
    char *p = strdup(path);
    if (!p) {
        nc_close(id);
        return NC_ENOMEM;
    }
    f->open[f->nopen++] = (ncsfnc_open_file){p, id, ++f->clock};
    if (f->nopen > f->most_open) f->most_open = f->nopen;
    *idp = id;
    return NC_NOERR;
}

int ncsfnc_subfile(ncsfnc_file *f, ncsfnc_var *v, int k, int *ncidp, int *varidp)
{
    char rel[4096], path[8192];
    if (ncsfnc_layout_name(&v->lay, k, rel, sizeof rel)) return NC_EVARMETA;
    snprintf(path, sizeof path, "%s%s", f->dir, rel);
    int id = -1, err;
    for (int i = 0; i < f->nopen && id < 0; i++)
        if (!strcmp(f->open[i].path, path)) {
            id = f->open[i].ncid;
            f->open[i].used = ++f->clock;
        }
    if (id < 0 && (err = open_one(f, v, path, &id))) return err;
    *ncidp = id;
    if (v->ok[k]) return nc_inq_varid(id, v->name, varidp);
    if ((err = check_var(f, v, k, path, id, varidp))) return err;
    v->ok[k] = 1;
    return NC_NOERR;
}
