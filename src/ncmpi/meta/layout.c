/*
 * layout.c: what a subfiled variable is made of: which dimensions it is
 * partitioned along, its block grid, and the names of its subfiles
 * (paths.c makes the names).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfi_meta.h"

/* Does v(dimids) use the dimension at position d at another position too?
 * A subfile defines each dimension once, so one split at one position and
 * whole at another cannot be: such a dimension is never partitioned. */
static int used_twice(int ndims, const int *dimids, int d)
{
    for (int i = 0; i < ndims; i++)
        if (i != d && dimids[i] == dimids[d]) return 1;
    return 0;
}

/* No subfiling_dims: the first dimension after the record dimension
 * that the variable uses once. */
static int default_pdim(ncsf_file *f, const char *varname, int ndims, const int *dimids, int record,
                        int *npart, int *pdims, int *order, int quiet)
{
    if (record && ndims < 2) {
        if (!quiet) ncsfi_set_error(f, f->rank == 0, "variable %s: a record variable needs a "
                        "dimension besides the record dimension to be subfiled", varname);
        return NC_EINVAL;
    }
    int d = record ? 1 : 0;
    while (d < ndims && used_twice(ndims, dimids, d)) d++;
    if (d == ndims) {
        if (!quiet) ncsfi_set_error(f, f->rank == 0, "variable %s: every dimension it could be split "
                        "along appears twice in it (v(d,d)), and a subfile defines a dimension once: "
                        "it cannot be subfiled", varname);
        return NC_EINVAL;
    }
    *npart = 1;
    pdims[0] = d;
    order[0] = 0;
    return NC_NOERR;
}

int ncsfi_resolve_pdims(ncsf_file *f, const char *varname, int ndims,
                        const int *dimids, int record, const char *spec,
                        int *npart, int *pdims, int *order, int quiet)
{
    if (!spec) return default_pdim(f, varname, ndims, dimids, record, npart, pdims, order, quiet);
    char *copy = strdup(spec), *save = NULL;
    if (!copy) return NC_ENOMEM;
    int n = 0, err = NC_NOERR;
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        while (*tok == ' ') tok++;
        char *e = tok + strlen(tok);
        while (e > tok && e[-1] == ' ') *--e = 0;
        int d = -1;
        for (int i = 0; i < ndims && d < 0; i++) {
            char name[NC_MAX_NAME + 1];
            if (ncmpi_inq_dimname(f->ncid, dimids[i], name) == NC_NOERR && !strcmp(name, tok))
                d = i;
        }
        if (d < 0 && *tok) {
            char *end;
            long x = strtol(tok, &end, 10);
            if (!*end && x >= 0 && x < ndims) d = (int)x;
        }
        if (d < 0) {
            if (!quiet) ncsfi_set_error(f, f->rank == 0, "hint subfiling_dims=\"%s\": \"%s\" is not a "
                            "dimension of variable %s", spec, tok, varname);
            err = NC_EINVAL;
            break;
        }
        if (d >= 0 && used_twice(ndims, dimids, d)) {
            if (!quiet) ncsfi_set_error(f, f->rank == 0, "hint subfiling_dims=\"%s\": dimension \"%s\" "
                            "appears twice in variable %s, and a subfile defines a dimension once: it "
                            "cannot be partitioned", spec, tok, varname);
            err = NC_EINVAL;
            break;
        }
        if (record && d == 0) {
            if (!quiet) ncsfi_set_error(f, f->rank == 0, "hint subfiling_dims=\"%s\": variable %s cannot be "
                            "partitioned along its record dimension", spec, varname);
            err = NC_EINVAL;
            break;
        }
        for (int i = 0; i < n; i++)
            if (pdims[i] == d) {
                if (!quiet) ncsfi_set_error(f, f->rank == 0, "hint subfiling_dims=\"%s\" names dimension "
                                "%d twice", spec, d);
                err = NC_EINVAL;
            }
        if (err) break;
        if (n == SF_MAX_PDIMS) {
            if (!quiet) ncsfi_set_error(f, f->rank == 0, "hint subfiling_dims=\"%s\": at most %d "
                            "dimensions", spec, SF_MAX_PDIMS);
            err = NC_EINVAL;
            break;
        }
        pdims[n++] = d;
    }
    free(copy);
    if (err) return err;
    if (n == 0) {
        if (!quiet) ncsfi_set_error(f, f->rank == 0, "hint subfiling_dims=\"%s\" names no dimension", spec);
        return NC_EINVAL;
    }
    /* sorted, each remembering where spec named it */
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && pdims[j - 1] > pdims[j]; j--) {
            int t = pdims[j]; pdims[j] = pdims[j - 1]; pdims[j - 1] = t;
            t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
        }
    *npart = n;
    return NC_NOERR;
}

int ncsfi_var_grid(ncsf_file *f, const char *name, const char *pgrid_spec, int nfiles_given,
                   int nfiles, int npart, const int *pdims, const int *order,
                   const MPI_Offset *gsize, int quiet, int *pgrid)
{
    if (!pgrid_spec) {
        sf_grid_factor(nfiles_given ? nfiles_given : nfiles, npart, pdims, gsize, pgrid);
        return NC_NOERR;
    }
    /* the hint was checked when parsed: positive counts, a product in range */
    int counts[SF_MAX_PDIMS], n = 0;
    const char *s = pgrid_spec;
    while (*s && n <= SF_MAX_PDIMS) {
        char *end;
        long x = strtol(s, &end, 10);
        if (n < SF_MAX_PDIMS) counts[n] = (int)x;
        n++;
        s = end;
        while (*s == ' ' || *s == ',') s++;
    }
    if (n != npart) {
        /* a count per partitioned dimension: never a skip by design */
        ncsfi_set_error(f, f->rank == 0, "def_var %s: hint subfiling_pgrid=\"%s\" gives %d count%s for "
                        "%d partitioned dimension%s (subfiling_dims names them, in the same order)",
                        name, pgrid_spec, n, n == 1 ? "" : "s", npart, npart == 1 ? "" : "s");
        return NC_EINVAL;
    }
    long long prod = 1;
    for (int p = 0; p < npart; p++) {
        pgrid[p] = counts[order[p]];
        prod *= pgrid[p];
        if (pgrid[p] > gsize[pdims[p]]) {
            if (quiet) return 1;
            ncsfi_set_error(f, f->rank == 0, "def_var %s: hint subfiling_pgrid=\"%s\": %d blocks along "
                            "dimension %d, of length %lld", name, pgrid_spec, pgrid[p], pdims[p],
                            (long long)gsize[pdims[p]]);
            return NC_EINVAL;
        }
    }
    if (nfiles_given && prod != nfiles_given) {
        ncsfi_set_error(f, f->rank == 0, "def_var %s: hint subfiling_pgrid=\"%s\" makes %lld subfiles, "
                        "but subfiling_nfiles=%d", name, pgrid_spec, prod, nfiles_given);
        return NC_EINVAL;
    }
    return NC_NOERR;
}

/* The one destroy of a variable: its layout goes with it unless the
 * engine context owns it (in_ctx, ncsfi_add_layouts). */
void ncsfi_var_destroy(ncsf_var *v)
{
    if (!v) return;
    if (!v->in_ctx) sf_layout_free(v->lay);
    ncsfi_var_free(v);
}

/* The variable's own memory, its layout left alone: the programs outside
 * the library that free the layout themselves (tools/, benchmarks/format,
 * the fuzz target) call this; the library calls ncsfi_var_destroy. */
void ncsfi_var_free(ncsf_var *v)
{
    if (!v) return;
    if (v->names)
        for (int k = 0; k < v->nfiles; k++) free(v->names[k]);
    free(v->names);
    free(v->subfile_name);
    free(v->stem);
    free(v->group);
    free(v);
}

/* A layout with its per-block arrays allocated; bounds are set by the
 * caller (even ones for a new variable, the recorded ones when reading). */
sf_layout *ncsfi_layout_new(int id, int ndims, const MPI_Offset *gsize,
                             int record, int npart, const int *pdims,
                             const int *pgrid, int elsize)
{
    sf_layout *lay = calloc(1, sizeof *lay);
    if (!lay) return NULL;
    lay->id = id;
    lay->file_id = id;
    lay->ndims = ndims;
    lay->record = record;
    for (int d = 0; d < ndims; d++) lay->gsize[d] = gsize[d];
    lay->npart = npart;
    lay->nblocks = 1;
    for (int p = 0; p < npart; p++) {
        lay->pdims[p] = pdims[p];
        lay->pgrid[p] = pgrid[p];
        lay->nblocks *= pgrid[p];
    }
    lay->elsize = elsize;
    /* where each block's data starts is learnt later, by its home */
    return lay;
}

/* The variable of group whose subfiles a new variable would share. */
static ncsf_var *group_leader(ncsf_file *f, const char *group)
{
    for (int i = 0; group && i < f->nvars_cap; i++)
        if (f->vars[i] && f->vars[i]->file_id == i && f->vars[i]->group && !strcmp(f->vars[i]->group, group))
            return f->vars[i];
    return NULL;
}

/* Variables share subfiles only if their blocks line up: the same
 * dimensions partitioned into the same grid. */
static int same_partition(const ncsf_var *a, const int *dimids, int npart, const int *pdims,
                          const int *pgrid)
{
    if (a->lay->npart != npart) return 0;
    for (int p = 0; p < npart; p++)
        if (a->dimids[a->lay->pdims[p]] != dimids[pdims[p]] || a->lay->pgrid[p] != pgrid[p]) return 0;
    return 1;
}

int ncsfi_check_group(ncsf_file *f, const char *name, const char *group, const int *dimids,
                      int npart, const int *pdims, const int *pgrid)
{
    ncsf_var *lead = group_leader(f, group);
    if (lead && (lead->created || !same_partition(lead, dimids, npart, pdims, pgrid))) {
        ncsfi_set_error(f, f->rank == 0, "def_var %s: hint subfiling_group=\"%s\": %s", name, group,
                        lead->created ? "the group's subfiles exist already (define its variables "
                                        "before the enddef that creates them)"
                                      : "its variables must be partitioned alike (same dimensions, "
                                        "same block grid)");
        return NC_EINVAL;
    }
    return NC_NOERR;
}

/* Is one of stem's file names (stem.K) a subfile of a variable of the
 * dataset other than varid (and the variables of its group, when it leads
 * one)? A variable renamed keeps its subfiles, so a new one under its old
 * name would otherwise be given the same files. */
static int stem_taken(const ncsf_file *f, int varid, const char *stem)
{
    size_t n = strlen(stem);
    for (int i = 0; i < f->nvars_cap; i++) {
        const ncsf_var *w = f->vars[i];
        if (!w || i == varid || w->file_id == varid) continue;
        if (w->stem && !strcmp(w->stem, stem)) return 1;
        for (int k = 0; w->names && k < w->nfiles; k++)
            if (!strncmp(w->names[k], stem, n) && w->names[k][n] == '.' && w->names[k][n + 1] &&
                strspn(w->names[k] + n + 1, "0123456789") == strlen(w->names[k] + n + 1))
                return 1;
    }
    return 0;
}

/* stem, or stem~2, stem~3, ... (never a byte of an escaped name, so
 * never another variable's stem by construction): the first whose files
 * no other variable has. NULL when out of memory. */
static char *unique_stem(const ncsf_file *f, int varid, char *stem)
{
    if (!stem || !stem_taken(f, varid, stem)) return stem;
    size_t n = strlen(stem) + 16;
    char *t = malloc(n);
    for (int j = 2; t; j++) {
        snprintf(t, n, "%s~%d", stem, j);
        if (!stem_taken(f, varid, t)) break;
    }
    free(stem);
    return t;
}

int ncsfi_stem_in_use(const ncsf_file *f, int lead, const char *stem)
{
    return stem_taken(f, lead, stem);
}

int ncsfi_var_restem(ncsf_file *f, int lead, const char *stem)
{
    int err = NC_NOERR;
    for (int i = 0; !err && i < f->nvars_cap; i++) {
        ncsf_var *w = f->vars[i];
        if (!w || w->file_id != lead || w->created) continue;
        char *s = strdup(stem), *p = ncsfi_join(f->dir, stem), name[NC_MAX_NAME + 1];
        ncsf_atts *a = NULL;
        if (!s || !p) {
            free(s);
            free(p);
            return NC_ENOMEM;
        }
        free(w->stem);
        w->stem = s;
        free(w->lay->path_stem);
        w->lay->path_stem = p;
        /* the attributes that name the subfiles, made again (define mode:
         * PnetCDF replaces them) */
        err = ncmpi_inq_varname(f->ncid, w->varid, name);
        if (!err) err = ncsfi_atts_make(f, w, name, &a);
        if (!err) err = ncsfi_atts_put(f->ncid, w->varid, a, -1);
        ncsfi_atts_free(a);
    }
    return err;
}

int ncsfi_var_new(ncsf_file *f, int varid, const char *name, nc_type xtype, int ndims,
                  const int *dimids, const MPI_Offset *gsize, int record,
                  int npart, const int *pdims, const int *pgrid, const char *group,
                  ncsf_var **vp)
{
    int n = 1;
    for (int p = 0; p < npart; p++) n *= pgrid[p];
    ncsf_var *lead = group_leader(f, group); /* compatible: checked before */
    ncsf_var *v = calloc(1, sizeof *v);
    if (!v) return NC_ENOMEM;
    v->varid = varid;
    v->xtype = xtype;
    v->ndims = ndims;
    memcpy(v->dimids, dimids, sizeof(int) * ndims);
    v->nfiles = n;
    v->file_id = lead ? lead->varid : varid;
    v->group = group ? strdup(group) : NULL;
    v->stem = lead ? strdup(lead->stem)
                   : unique_stem(f, varid, ncsfi_subfile_stem(f->hints.dir, f->stem, group ? group : name, group != NULL));
    v->lay = ncsfi_layout_new(varid, ndims, gsize, record, npart, pdims, pgrid, ncsfi_xsize(xtype));
    if (!v->stem || !v->lay || (group && !v->group) || sf_layout_set_even_bounds(v->lay) != SF_OK ||
        !(v->lay->path_stem = ncsfi_join(f->dir, v->stem)))
        goto nomem;
    v->lay->file_id = v->file_id;
    *vp = v;
    return NC_NOERR;
nomem:
    ncsfi_var_destroy(v);
    return NC_ENOMEM;
}
