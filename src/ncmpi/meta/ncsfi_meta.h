/*
 * ncsfi_meta.h: the names src/ncmpi/meta/ offers to the layers above it
 * (what describes a subfiled variable: hints, partition and layout, the subfiling_* attributes).
 * A file of meta/ includes this header only; it includes the one below
 * (doc/architecture.md: api, dataset, io, subfiles, meta, base), so a
 * name of a higher layer is unknown here: using one does not compile.
 */
#ifndef NCSFI_META_H
#define NCSFI_META_H

#include "../base/ncsfi_base.h"

/* ---- meta/hints.c ------------------------------------------------------- */

int ncsfi_hints_parse(MPI_Info info, ncsf_hints *h, char *msg, int msglen);
/* File-wide hints: a grid without dimensions has one count (the default
 * partitions one dimension). */
int ncsfi_hints_check_file_grid(const ncsf_hints *h, char *msg, int msglen);
/* Warns (if print and NCSF_VERBOSE, ncsfi_verbose) of keys that look like ncsf's but
 * are not (a misspelling, with the likely key), and of settings such as
 * subfiling_nfiles given where subfiling is not enabled (h parsed from
 * info; enabled_elsewhere: the file's hints enable it). seen holds what
 * was said on this dataset already: each thing is said once. */
void ncsfi_hints_warn(MPI_Info info, const ncsf_hints *h, int enabled_elsewhere, int print,
                      char *seen, size_t seenlen, const char *where);
/* ---- meta/env_hints.c --------------------------------------------------- */
/* user's info with the environment's hints over it, in a new info for the
 * caller to free; MPI_INFO_NULL when the environment adds nothing. */
int ncsfi_env_info(MPI_Comm comm, MPI_Info user, MPI_Info *out);
/* PnetCDF's subfiling keys taken out of PNETCDF_HINTS while ncsf creates a
 * subfile, and put back. */
int ncsfi_pnetcdf_env_quiet(char **saved);
void ncsfi_pnetcdf_env_restore(char *saved);
/* ---- meta/hints.c ------------------------------------------------------- */
void ncsfi_hints_free(ncsf_hints *h);
/* ---- meta/hidden_atts.c ------------------------------------------------- */
/* varid's attribute count as the API shows it (ncsf's own left out) */
int ncsfi_visible_natts(int ncid, int varid, int *nattsp);
/* ---- meta/nfiles_default.c ---------------------------------------------- */
/* nfiles_default.c: the number of subfiles of a variable of bytes bytes
 * (per record for a record variable) when subfiling_nfiles is not given:
 * one per node, or more to keep each under max_size (0: no bound). */
int ncsfi_default_nfiles(const ncsf_file *f, double bytes, long long max_size);
/* ---- meta/layout.c ------------------------------------------------------ */
/* The block grid of a variable partitioned along pdims (sorted; order[p]
 * is pdims[p]'s position in subfiling_dims): the counts of subfiling_pgrid
 * (pgrid_spec) when given, which must agree with nfiles_given (0: not
 * given) and fit the extents, else nfiles factored over the dimensions.
 * NC_EINVAL with a message when the counts do not fit, but 1 (a skip by
 * design, no message) if quiet and a dimension is shorter than its count. */
int ncsfi_var_grid(ncsf_file *f, const char *name, const char *pgrid_spec, int nfiles_given,
                   int nfiles, int npart, const int *pdims, const int *order,
                   const MPI_Offset *gsize, int quiet, int *pgrid);
/* Is stem (one of its names stem.K) the subfiles' of a variable other
 * than lead and its group? Local. */
int ncsfi_stem_in_use(const ncsf_file *f, int lead, const char *stem);
/* The subfiles of lead (and of its group) not made yet named stem.K from
 * now on, and their attributes in the base file (define mode) said so.
 * Local. */
int ncsfi_var_restem(ncsf_file *f, int lead, const char *stem);
int ncsfi_var_new(ncsf_file *f, int varid, const char *name, nc_type xtype, int ndims,
                  const int *dimids, const MPI_Offset *gsize, int record,
                  int npart, const int *pdims, const int *pgrid, const char *group,
                  ncsf_var **vp);
/* the one destroy of a variable, and of its layout unless in_ctx */
void ncsfi_var_destroy(ncsf_var *v);
/* the variable alone, for programs that free its layout themselves */
void ncsfi_var_free(ncsf_var *v);
sf_layout *ncsfi_layout_new(int id, int ndims, const MPI_Offset *gsize,
                            int record, int npart, const int *pdims,
                            const int *pgrid, int elsize);
int ncsfi_check_group(ncsf_file *f, const char *name, const char *group, const int *dimids,
                      int npart, const int *pdims, const int *pgrid);
/* The dimensions spec (subfiling_dims) names, sorted, into pdims; order[p]
 * is pdims[p]'s position in spec. quiet: a failure is a skip by design
 * (dimensions named for the whole file that this variable lacks): no
 * message */
int ncsfi_resolve_pdims(ncsf_file *f, const char *varname, int ndims,
                        const int *dimids, int record, const char *spec,
                        int *npart, int *pdims, int *order, int quiet);
typedef struct ncsf_atts ncsf_atts;
/* ---- meta/metadata.c ---------------------------------------------------- */
int ncsfi_atts_make(ncsf_file *f, const ncsf_var *v, const char *varname, ncsf_atts **out);
int ncsfi_atts_put(int ncid, int varid, const ncsf_atts *a, int index);
typedef struct ncsf_att_sink {
    int ncid;
    struct ncsfi_cdf_header_s *header;
    int (*put)(const struct ncsf_att_sink *s, int varid, const char *name, nc_type type, MPI_Offset n,
               const void *values);
} ncsf_att_sink;
/* ---- meta/metadata.c ---------------------------------------------------- */
ncsf_att_sink ncsfi_sink_pnetcdf(int ncid);
ncsf_att_sink ncsfi_sink_cdf(struct ncsfi_cdf_header_s *h);
int ncsfi_atts_put_to(const ncsf_att_sink *s, int varid, const ncsf_atts *a, int index);
void ncsfi_atts_free(ncsf_atts *a);
/* subfiling_dimnames (and, on a placeholder, subfiling_note) of v again,
 * after a dimension was renamed (rename.c) */
int ncsfi_put_dimnames(ncsf_file *f, int ncid, int varid, const ncsf_var *v, int placeholder);
int ncsfi_put_var_atts(ncsf_file *f, int ncid, int varid, const ncsf_var *v,
                       int index);
int ncsfi_put_dataset_id(ncsf_file *f, int ncid);
int ncsfi_put_var_atts_to(ncsf_file *f, const ncsf_att_sink *s, int varid, const ncsf_var *v, int index);
int ncsfi_put_dataset_id_to(ncsf_file *f, const ncsf_att_sink *s);
/* subfiling_version of the file ncid: NC_EVARMETA unless 1 or 2 */
int ncsfi_read_version(int ncid, int *version);
int ncsfi_read_var_atts(ncsf_file *f, int ncid, int varid, ncsf_var **vp,
                        int *index);
/* the same from a parsed header (a subfile's, read without PnetCDF) */
int ncsfi_read_var_atts_cdf(ncsf_file *f, const struct ncsfi_cdf_header_s *h, int varid, ncsf_var **vp,
                            int *index);
/* Does the variable carry subfiling_enabled = 1 (one int)? *yes, in a
 * dataset PnetCDF has open or in a parsed header; an error (no memory)
 * rather than a no that is not one */
int ncsfi_var_subfiled(int ncid, int varid, int *yes);
int ncsfi_cdf_var_subfiled(const struct ncsfi_cdf_header_s *h, int varid, int *yes);
/* ---- meta/base_header.c ------------------------------------------------- */
/* meta/base_header.c ---- the header of a dataset just opened, read
 * by process 0, broadcast and parsed by every process (collective): 1 and
 * *h filled if it describes what PnetCDF opened, else 0 (ask PnetCDF) */
int ncsfi_base_header_share(ncsf_file *f, struct ncsfi_cdf_header_s *h);
/* 1: ncsfi_base_header_share would ask PnetCDF at once, with no
 * collective step (few variables, or NCSF_BASE_HEADER=pnetcdf): the same
 * on every process that opened the file. Local. */
int ncsfi_base_header_local(const ncsf_file *f);
/* Process 0's parsed header *h (len bytes, len agreed) to every process
 * of comm (collective; the others' *h zeroed on entry): NC_NOERR and *h
 * parsed; over 16 KiB, NC_ENOMEM or NC_ENOTNC agreed (some process
 * without room, process 0 without the header); of at most 16 KiB, one
 * broadcast and no agreement: each process's own outcome (the header's
 * parse fails where process 0 had none), for the caller to agree on or
 * to fall back from alone; NC_EMPI on a process whose broadcast failed;
 * *h freed on failure */
int ncsfi_header_bcast(MPI_Comm comm, int rank, struct ncsfi_cdf_header_s *h, MPI_Offset len);
/* ---- meta/metadata.c ---------------------------------------------------- */
/* subfiling_version from a parsed header (NC_EVARMETA unless 1 or 2) */
int ncsfi_cdf_read_version(const struct ncsfi_cdf_header_s *h, int *version);
/* Where the attributes of one variable come from: a file (what
 * ncsfi_read_var_atts uses) or memory (the fuzz target). get converts to
 * memtype: NC_INT int, NC_INT64 long long, NC_DOUBLE double, NC_CHAR char. */
typedef struct ncsf_att_source {
    void *ctx;
    int (*inq)(void *ctx, const char *name, nc_type *t, MPI_Offset *len);
    int (*get)(void *ctx, const char *name, nc_type memtype, void *out);
    int (*dimid)(void *ctx, const char *name, int *id);
    /* length of dimension id and whether it is the unlimited one; NULL:
     * not checked (the fuzz target) */
    int (*dimlen)(void *ctx, int id, MPI_Offset *len, int *unlimited);
    const char *varname;
    nc_type xtype;
} ncsf_att_source;
/* ---- meta/metadata.c ---------------------------------------------------- */
/* Every value checked; NC_EVARMETA (message in f->errmsg) if they do not
 * describe one consistent partition. f->dir prefixes the subfile paths. */
int ncsfi_parse_var_atts(ncsf_file *f, const ncsf_att_source *src, int varid,
                         ncsf_var **vp, int *index);
/* A new dataset identity's 16 bytes, drawn by this process (process 0's
 * is agreed: ncsfi_agree_defs). Local. */
void ncsfi_draw_dataset_id(const ncsf_file *f, unsigned char id[16]);
/* The name a subfile records for itself (relative to the dataset's dir). */
int ncsfi_own_subfile_name(int ncid, char **name);

#endif
