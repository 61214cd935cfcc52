/*
 * ncsf_internal.h: the PnetCDF-facing layer. It routes each call: a call on
 * a variable that is not subfiled goes to PnetCDF unchanged; a call on a
 * subfiled one is validated here, its buffer brought to the file's
 * representation, and handed to the engine (src/subfile).
 */
#ifndef NCSF_INTERNAL_H
#define NCSF_INTERNAL_H

#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#define NCSF_NO_REDIRECT
#include "ncsf.h"
#include "sf.h"
/* the library's own calls of the ncmpi_* names it defines go to PnetCDF */
#include "pnetcdf_next.h"

#define NCSF_ITYPE_LONG (sizeof(long) == 8 ? NC_INT64 : NC_INT)
/* PnetCDF's version (pnetcdf.h), 11503 for 1.15.3: where versions differ
 * in what a call returns, ncsf returns what the one it is built with does */
#define NCSF_PNETCDF_AT_LEAST(maj, min) \
    (PNETCDF_VERSION_MAJOR * 100 + PNETCDF_VERSION_MINOR >= (maj) * 100 + (min))
#define NCSF_REQ_BASE (1 << 29) /* ids of ncsf's own non-blocking requests */
#define NCSF_DEFAULT_MAX_OPEN 64
/* bytes one process gathers per round: rounds that stay in the cache
 * (4 MiB wrote FLASH-IO's one wait_all of 24 variables ~1.4x faster at
 * P = 2 than 256 MiB rounds did; doc/benchmarks.md) */
#define NCSF_DEFAULT_AGGREGATE (4LL << 20)
/* file-wide hints leave smaller variables (bytes per record) in the base
 * file: less than a Lustre stripe gains nothing from files of its own */
#define NCSF_DEFAULT_MIN_SIZE (1LL << 20)
#define NCSF_ATT_PREFIX "subfiling_"
#define NCSF_NAME_MAX 255 /* bytes of one file name (a directory entry) */

/* ---- meta/hints.c ------------------------------------------------------ */
typedef struct ncsf_hints {
    int enable;    /* -1 not given, 0 disable, 1 enable */
    int nfiles;    /* 0 not given */
    char *dims;    /* subfiling_dims as given, or NULL */
    char *pgrid;   /* subfiling_pgrid as given (checked: positive counts), or NULL */
    char *group;   /* subfiling_group, or NULL */
    int max_open;  /* 0 not given */
    long long aggregate; /* subfiling_aggregate bytes, -1 not given */
    int accept_incomplete; /* subfiling_incomplete=accept */
    char *dir;     /* subfiling_dir, or NULL */
    int format;    /* subfiling_format: 1 or 2, 0 not given */
    char *vars;    /* subfiling_vars: only these are subfiled by file hints */
    char *exclude; /* subfiling_exclude: these never are, by file hints */
    long long min_size; /* subfiling_min_size: bytes (per record), -1 not given */
    long long max_size; /* subfiling_max_size: bytes, 0 not given */
} ncsf_hints;

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

/* ---- meta/env_hints.c: NCSF_HINTS and PNETCDF_HINTS' subfiling keys ---- */
/* user's info with the environment's hints over it, in a new info for the
 * caller to free; MPI_INFO_NULL when the environment adds nothing. */
int ncsfi_env_info(MPI_Comm comm, MPI_Info user, MPI_Info *out);
/* PnetCDF's subfiling keys taken out of PNETCDF_HINTS while ncsf creates a
 * subfile, and put back. */
int ncsfi_pnetcdf_env_quiet(char **saved);
void ncsfi_pnetcdf_env_restore(char *saved);
void ncsfi_hints_free(ncsf_hints *h);

/* ---- the state of one open dataset ------------------------------------- */
typedef struct ncsf_var {
    int varid;
    nc_type xtype;
    int ndims;
    int dimids[SF_MAX_DIMS]; /* in the file opened through PnetCDF */
    int nfiles;
    int file_id;             /* varid of the variable whose subfiles it shares */
    char *group;             /* subfiling_group, or NULL */
    char *stem;              /* subfile k is named stem.k, relative to the
                              * dataset's dir (format 2, and every variable
                              * this writer defines) ... */
    char **names;            /* ... or these nfiles names (read from a
                              * format 1 file); see ncsfi_var_name */
    int created;             /* its subfiles exist on disk */
    int broken;              /* NC error every access gets: a subfile is
                              * missing, foreign, cut short or was never
                              * created; 0 if usable */
    int broken_k;            /* the subfile that broke it */
    int atts_dirty;          /* its attributes (or name) changed since its
                              * subfiles got them (att_write.c) */
    char *subfile_name;      /* renamed: the name its subfiles still give
                              * it, else NULL (rename.c) */
    MPI_Offset max_records;  /* records a put may reach (offsets fit) */
    sf_layout *lay;          /* owned by the engine context once in_ctx */
    int in_ctx;
    int ph_filled;           /* a fixed-size placeholder holds its fill
                              * value (subfile_finish.c) */
} ncsf_var;

typedef struct ncsf_pending ncsf_pending;

typedef struct ncsf_file {
    int ncid;
    MPI_Comm comm;
    int rank, nprocs;
    MPI_Info info;       /* the user's info at create/open (dup) */
    char *path;          /* as given */
    char *dir;           /* directory of path, "" for the cwd */
    char *stem;          /* file name part of the base file */
    char *name_stem;     /* what the subfiles' names start with: stem, or
                          * stem~J when subfiles of another dataset (one
                          * whose base file was renamed, say) hold stem's
                          * names; chosen at a create's first subfiled
                          * def_var (defvar.c), recorded in each
                          * variable's subfiling_stem */
    int name_stem_chosen;
    char clobbered_id[33]; /* identity of the dataset the create replaced
                          * ("" if none): its subfiles are no other's */
    int format;          /* NC_FORMAT_CLASSIC / _CDF2 / _CDF5 */
    int readonly, indef, indep;
    int swap_mode;       /* NCSF_SWAP_*: nc_in_place_swap as PnetCDF has it
                          * (UNKNOWN until the first put asks: an open
                          * for reading never does) */
    int pnc_puts, pnc_gets; /* PnetCDF's own non-blocking requests pending
                          * (variables not subfiled), as posted through
                          * ncsf: PnetCDF numbers puts even, gets odd */
    MPI_Offset bput_usage; /* bytes of the attached buffer that pending
                            * bputs on subfiled variables count */
    int safe_mode;       /* PNETCDF_SAFE_MODE=1 at create/open: an argument
                          * error fails a collective call on every rank */
    int noclobber;       /* created with NC_NOCLOBBER: subfiles too */
    int via_subfile;     /* opened through one subfile's path */
    int marked;          /* we write its state mark (state.c) */
    int mark_pending;    /* the mark was defined after the last enddef (a
                          * dropped definition takes it away again) */
    int state_at_open;   /* NCSF_STATE_* it had when opened (COMPLETE if new) */
    int mark_held;       /* the count the handle took at its creation or
                          * open is held (process 0's; the same on every
                          * process; state.c) */
    int touched;         /* this process took a count of its own (a change
                          * after a sync) */
    MPI_Offset mark_at;  /* where the mark stood at its last change by this
                          * process, 0 if unknown */
    int write_failed;    /* error of the first failed write or subfile creation
                          * this rank saw, 0 if none */
    char dsid[33];       /* dataset identity, "" if none yet */
    struct ncsfi_cdf_header_s *base_hdr; /* during an open: the base file's
                          * header as parsed (meta/base_header.c), which
                          * the subfiles' checks compare with; else NULL */
    int version;         /* on-disk format (doc/format.md): 1 or 2 */
    ncsf_hints hints;    /* given at create/open */
    int max_open;
    int yield;           /* waits sleep between tests (sf_node_oversubscribed) */
    ncsf_var **vars;     /* by varid; NULL if not subfiled */
    int nsubfiled;       /* how many are (the same on every rank) */
    int nvars_cap;
    MPI_Offset numrecs;  /* records of subfiled record variables */
    MPI_Offset filled_recs; /* placeholder records below this hold the fill value (subfile_finish.c) */
    int noop_said;       /* "the hints change nothing" printed (file.c) */
    MPI_Offset *dimlen;  /* global lengths when opened via a subfile */
    int ndimlen;
    sf_context *ctx;
    ncsf_pending *pending;
    int next_req;
    char errmsg[512];
    char warned[512];    /* hints warned about (ncsfi_hints_warn) */
    struct ncsf_vsize *vsize; /* the single-file layout (varsize.c) */
    /* the def_var calls of this define mode with hints (api/defvar.c),
     * agreed at its enddef: a hash of what each defined and its outcome,
     * and whether a variable became subfiled here */
    unsigned long long defs_hash;
    int defs_subfiled;
    int dsid_pending;    /* dsid is a stand-in (zeros) until the enddef
                          * makes the identity (one broadcast) */
} ncsf_file;

/* ---- base/registry.c: the open datasets by ncid ------------------------ */
ncsf_file *ncsfi_lookup(int ncid);
int ncsfi_register(ncsf_file *f);
void ncsfi_unregister(ncsf_file *f);
ncsf_var *ncsfi_var(const ncsf_file *f, int varid);

/* ---- base/errors.c ----------------------------------------------------- */
int ncsfi_error_from_engine(int sf_err);
int ncsfi_route_error(ncsf_file *f, int bits, int mine);
/* Whether messages go to stderr: NCSF_VERBOSE, PNETCDF_VERBOSE_DEBUG_MODE=1 (errors.c). */
int ncsfi_verbose(void);
void ncsfi_set_error(ncsf_file *f, int print, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- base/collective.c: the shape of every collective entry point ------ */
/* The worst (lowest) of every rank's err, on every rank; yield as
 * sf_wait_request. Never made to fail by fault injection. */
int ncsfi_agree(MPI_Comm comm, int yield, int err);
/* The same over the file's communicator. */
int ncsfi_agreef(const ncsf_file *f, int err);
/* An enddef's agreement: the worst err, and whether every process made
 * the same def_var calls with hints in this define mode (f->defs_hash):
 * NC_EMULTIDEFINE if not and a variable became subfiled on some process.
 * *any_subfiled: some process subfiled a variable in this define mode. */
int ncsfi_agree_defs(ncsf_file *f, int err, int *any_subfiled);
/* A collective entry point, step by step (collective.c says the shape):
 *   ncsf_coll c; ncsfi_coll_begin_file(&c, f);
 *   ncsfi_coll_note(&c, local_check());        local checks
 *   if (ncsfi_coll_agree(&c)) return c.err;     one agreement
 *   ncsfi_coll_note(&c, step_every_rank_takes());
 *   return ncsfi_coll_end(&c);                  one agreement on the outcome */
typedef struct ncsf_coll {
    MPI_Comm comm;
    int yield;
    int err;     /* the first error noted here, or the agreed one */
} ncsf_coll;
void ncsfi_coll_begin(ncsf_coll *c, MPI_Comm comm, int yield);
void ncsfi_coll_begin_file(ncsf_coll *c, const ncsf_file *f);
/* keeps the first error noted; returns it */
int ncsfi_coll_note(ncsf_coll *c, int err);
/* the worst error of every rank, on every rank (also into c->err) */
int ncsfi_coll_agree(ncsf_coll *c);
int ncsfi_coll_end(ncsf_coll *c);
/* A collective entry point that calls PnetCDF first: whether ncsf's own
 * collective steps follow is agreed (every rank takes them, or none); the
 * rank keeps PnetCDF's code (own), else gets the worst of the others'. */
int ncsfi_agree_pnetcdf(const ncsf_file *f, int own);

/* ---- api/route.c: ncsf or PnetCDF -------------------------------------- */
int ncsfi_route(int ncid, int varid);
/* put: the call writes (a put in a read-only dataset is NC_EPERM first) */
int ncsfi_route_collective(int ncid, int varid, int put);

/* ---- meta/hidden_atts.c ------------------------------------------------ */
/* varid's attribute count as the API shows it (ncsf's own left out) */
int ncsfi_visible_natts(int ncid, int varid, int *nattsp);

/* ---- api/multi.c: mput/mget (api_getput.m4) ---------------------------- */
/* 1: ncid has subfiled variables, its mput/mget are served as iput/iget
 * and one wait; 0: PnetCDF's own; NC_EBADID: no dataset of ours. */
int ncsfi_route_multi(int ncid);
/* Room for num requests and their statuses (NULL if num is 0, or with
 * *err = NC_ENOMEM). */
int *ncsfi_multi_reqs(int num, int *err);
/* Completes the first `posted` requests in reqs (from ncsfi_multi_reqs;
 * may be NULL when posted is 0) and frees it: wait_all when
 * collective (even with none posted: the others may have some), else
 * wait. Returns err if set, else the first error of the wait. */
int ncsfi_multi_wait(int ncid, int posted, int *reqs, int err, int collective);
/* PnetCDF's checks of an mput/mget before anything is posted (kind
 * NCSF_VAR..NCSF_VARM; itype NC_NAT for the flexible calls): the first
 * error, every variable's mode, id, type and coordinates in turn. A
 * collective call refused for an argument of this rank has joined the
 * others' wait (with nothing) when this returns. */
int ncsfi_multi_check(int ncid, int num, const int *varids, int put, nc_type itype, int collective,
                      int kind, MPI_Offset *const *starts, MPI_Offset *const *counts,
                      MPI_Offset *const *strides);

/* ---- dataset/file.c ---------------------------------------------------- */
/* The one create of a dataset's state (collective, agreed) ... */
int ncsfi_file_new(MPI_Comm comm, int yield, const char *path, MPI_Info info, int ncid,
                   ncsf_file **fp);
/* ... and its one destroy: unregistered, its variables (each with the
 * layout it owns, ncsfi_var_destroy), pending requests, engine context, info
 * and communicator. A context still there is freed collectively: callers
 * reach this on every rank (an agreed failure), or took it first (close,
 * abort). */
void ncsfi_file_free(ncsf_file *f);

/* ---- dataset/varsize.c: PnetCDF's size limits with every variable in one file -- */
/* Before the base file's enddef (arguments as ncmpi__enddef's): NC_EVARSIZE
 * on every rank where PnetCDF would refuse the dataset laid out with each
 * subfiled variable at its whole shape, agreed with the define mode's
 * def_var calls (ncsfi_agree_defs) in one reduction. *agreed_defs: 0 not
 * agreed (not in define mode, bad arguments, an error), 1 agreed, 2
 * agreed and some process subfiled a variable in this define mode.
 * Collective. */
int ncsfi_varsize_check(ncsf_file *f, MPI_Offset h_minfree, MPI_Offset v_align,
                        MPI_Offset v_minfree, MPI_Offset r_align, int *agreed_defs);
/* After an enddef that succeeded: its layout is the one a redef keeps. */
void ncsfi_varsize_commit(ncsf_file *f);
void ncsfi_varsize_free(ncsf_file *f);
/* 1: more bytes than any format holds (PnetCDF's def_var: NC_EVARSIZE) */
/* close in define mode after NC_EVARSIZE: the new definitions dropped,
 * the base file closed (*dropped: a new dataset, left an empty file) */
int ncsfi_varsize_discard(ncsf_file *f, int *dropped);
/* 1: a dataset created and never ended (PnetCDF has written no header:
 * its abort deletes the file) */
int ncsfi_never_ended(const ncsf_file *f);
int ncsfi_varsize_unrepresentable(nc_type xtype, int ndims, const MPI_Offset *gsize, int record);

/* ---- dataset/locate.c: from a path to its dataset ---------------------- */
int ncsfi_regular_file(const char *path);
int ncsfi_is_subfile(int ncid);
/* The base file of the subfile open as ncid (opened by path), checked
 * against the subfile's own recorded name, and the dataset's directory. */
int ncsfi_locate_base(int ncid, const char *path, char **base, char **dsdir, char *why, int whylen);

/* ---- meta/layout.c (and base/paths.c): partition a variable and name its subfiles --- */
/* The block grid of a variable partitioned along pdims (sorted; order[p]
 * is pdims[p]'s position in subfiling_dims): the counts of subfiling_pgrid
 * (pgrid_spec) when given, which must agree with nfiles_given (0: not
 * given) and fit the extents, else nfiles factored over the dimensions.
 * NC_EINVAL with a message when the counts do not fit, but 1 (a skip by
 * design, no message) if quiet and a dimension is shorter than its count. */
/* nfiles_default.c: the number of subfiles of a variable of bytes bytes
 * (per record for a record variable) when subfiling_nfiles is not given:
 * one per node, or more to keep each under max_size (0: no bound). */
int ncsfi_default_nfiles(const ncsf_file *f, double bytes, long long max_size);
int ncsfi_var_grid(ncsf_file *f, const char *name, const char *pgrid_spec, int nfiles_given,
                   int nfiles, int npart, const int *pdims, const int *order,
                   const MPI_Offset *gsize, int quiet, int *pgrid);
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
char *ncsfi_subfile_stem(const char *dir, const char *stem, const char *name, int group);
/* Name of subfile k of v relative to the dataset's directory, into buf:
 * NC_NOERR, or NC_EINVAL if it does not fit. */
int ncsfi_var_name(const ncsf_var *v, int k, char *buf, size_t len);
/* Do a and b store their data in the same files? */
int ncsfi_same_files(const ncsf_var *a, const ncsf_var *b);
int ncsfi_subfile_name_fits(const char *stem, const char *name, int group, int nfiles);
int ncsfi_has_control_char(const char *s);
char *ncsfi_join(const char *dir, const char *name);
/* Is a file of dir ("": the current one) named stem.NAME.K (K decimal)
 * a subfile of a dataset other than dsid and dsid2 (a netCDF file whose
 * subfiling_dataset_id is neither; "" for none)? */
int ncsfi_foreign_subfiles(const char *dir, const char *stem, const char *dsid, const char *dsid2);
int ncsfi_relative_path_ok(const char *p);
int ncsfi_make_dirs(const char *base_dir, const char *rel, char *why, int whylen);
/* The dimensions spec (subfiling_dims) names, sorted, into pdims; order[p]
 * is pdims[p]'s position in spec. quiet: a failure is a skip by design
 * (dimensions named for the whole file that this variable lacks): no
 * message */
int ncsfi_resolve_pdims(ncsf_file *f, const char *varname, int ndims,
                        const int *dimids, int record, const char *spec,
                        int *npart, int *pdims, int *order, int quiet);

/* ---- meta/metadata.c: the subfiling attributes ------------------------- */
typedef struct ncsf_atts ncsf_atts;
int ncsfi_atts_make(ncsf_file *f, const ncsf_var *v, const char *varname, ncsf_atts **out);
int ncsfi_atts_put(int ncid, int varid, const ncsf_atts *a, int index);
/* Where attributes are written: a PnetCDF dataset, or a classic header
 * being built in memory (base/cdf_encode.c); values as type's C type. */
struct ncsfi_cdf_header_s;
typedef struct ncsf_att_sink {
    int ncid;
    struct ncsfi_cdf_header_s *header;
    int (*put)(const struct ncsf_att_sink *s, int varid, const char *name, nc_type type, MPI_Offset n,
               const void *values);
} ncsf_att_sink;
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
/* ---- meta/base_header.c ---- the header of a dataset just opened, read
 * by process 0, broadcast and parsed by every process (collective): 1 and
 * *h filled if it describes what PnetCDF opened, else 0 (ask PnetCDF) */
int ncsfi_base_header_share(ncsf_file *f, struct ncsfi_cdf_header_s *h);
/* Process 0's parsed header *h (len bytes, len agreed) to every process
 * of comm (collective; the others' *h zeroed on entry): NC_NOERR and *h
 * parsed everywhere; NC_ENOMEM or NC_ENOTNC agreed (some process without
 * room, process 0 without the header), NC_EMPI on a process whose
 * broadcast failed; *h freed on failure */
int ncsfi_header_bcast(MPI_Comm comm, int rank, struct ncsfi_cdf_header_s *h, MPI_Offset len);
/* subfiling_dataset_id from a parsed header: 1 and id (32 characters
 * and a null) if it has one of the right type and length, else 0 and "" */
int ncsfi_cdf_dataset_id(const struct ncsfi_cdf_header_s *h, char id[33]);
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
/* Every value checked; NC_EVARMETA (message in f->errmsg) if they do not
 * describe one consistent partition. f->dir prefixes the subfile paths. */
int ncsfi_parse_var_atts(ncsf_file *f, const ncsf_att_source *src, int varid,
                         ncsf_var **vp, int *index);
int ncsfi_new_dataset_id(ncsf_file *f);
/* The name a subfile records for itself (relative to the dataset's dir). */
int ncsfi_own_subfile_name(int ncid, char **name);

/* ---- base/cdf_header.c: a netCDF classic header, parsed -------------- */
typedef struct { char *name; MPI_Offset len; } ncsfi_cdf_dim; /* len 0: the record dimension */
typedef struct {
    char *name;
    nc_type type;
    MPI_Offset nelems;
    const unsigned char *values; /* in the file's byte order, into bytes */
} ncsfi_cdf_att;
typedef struct {
    char *name;
    int ndims, *dimids, natts, record;
    ncsfi_cdf_att *atts;
    nc_type type;
    MPI_Offset begin, len, unpadded; /* len: one record's or the whole, padded to 4 */
} ncsfi_cdf_var;
typedef struct ncsfi_cdf_header_s {
    int format; /* NC_FORMAT_CLASSIC, NC_FORMAT_CDF2, NC_FORMAT_CDF5 */
    MPI_Offset numrecs, hsize, recsize;
    int ndims, ngatts, nvars, unlimdim;
    ncsfi_cdf_dim *dims;
    ncsfi_cdf_att *gatts;
    ncsfi_cdf_var *vars;
    unsigned char *bytes; /* what was read (ncsfi_cdf_read) */
    int owned;            /* built (cdf_encode.c): each attribute's values its own */
} ncsfi_cdf_header;
/* path's header (*size the file's length): NC_ENOENT, NC_EACCESS,
 * NC_EFILE, NC_EBAD_FILE (not a regular file), NC_EREAD,
 * NC_ENOTNC (not a netCDF header, or cut short), NC_ENOMEM; *sys_errno
 * the system's reason where there is one */
int ncsfi_cdf_read(const char *path, ncsfi_cdf_header *h, MPI_Offset *size, int *sys_errno);
/* The same, reading first bytes at first (a header of about that size;
 * more if it is longer; 0: the default, 64 KiB). */
int ncsfi_cdf_read_first(const char *path, size_t first, ncsfi_cdf_header *h, MPI_Offset *size,
                         int *sys_errno);
/* The same from a file open on fd (which stays open). */
int ncsfi_cdf_read_fd(int fd, ncsfi_cdf_header *h, MPI_Offset *size);
/* the same from memory (the fuzz target); values point into bytes */
int ncsfi_cdf_parse(const void *bytes, size_t n, ncsfi_cdf_header *h);
void ncsfi_cdf_free(ncsfi_cdf_header *h);
/* each variable's len, unpadded and record, and the record size, by
 * PnetCDF's rules from the dimensions and types (NC_ENOTNC: overflow) */
int ncsfi_cdf_derive(ncsfi_cdf_header *h);
/* varid -1: the global attributes; NULL if there is none such */
const ncsfi_cdf_att *ncsfi_cdf_att_find(const ncsfi_cdf_header *h, int varid, const char *name);
int ncsfi_cdf_varid(const ncsfi_cdf_header *h, const char *name);
int ncsfi_cdf_dimid(const ncsfi_cdf_header *h, const char *name);
/* the values as memtype (NC_CHAR: the text; else converted by netCDF's
 * rules, NC_ECHAR between text and numbers) */
int ncsfi_cdf_att_get(const ncsfi_cdf_att *a, nc_type memtype, void *out);

/* ---- base/cdf_encode.c: a classic header built, laid out, encoded ------ */
/* an empty header of format (NC_FORMAT_CLASSIC, _CDF2, _CDF5) to build */
void ncsfi_cdf_init(ncsfi_cdf_header *h, int format);
/* len 0: the record dimension */
int ncsfi_cdf_def_dim(ncsfi_cdf_header *h, const char *name, MPI_Offset len, int *id);
int ncsfi_cdf_def_var(ncsfi_cdf_header *h, const char *name, nc_type type, int ndims, const int *dimids,
                      int *id);
/* varid -1: global; values as type's C type in memory (NC_CHAR: bytes) */
int ncsfi_cdf_put_att(ncsfi_cdf_header *h, int varid, const char *name, nc_type type, MPI_Offset n,
                      const void *values);
/* hsize, each variable's begin and len, recsize: as PnetCDF lays out a new
 * file without alignment hints (striping_unit: the file's, 0 if none);
 * NC_EVARSIZE at a format's limits (PnetCDF's to judge) */
int ncsfi_cdf_lay_out(ncsfi_cdf_header *h, MPI_Offset striping_unit);
/* the header's bytes (hsize of them, freed by the caller) */
int ncsfi_cdf_encode(const ncsfi_cdf_header *h, unsigned char **bytes, size_t *n);

/* base/numrecs.c: ncsf's record count raised to PnetCDF's (records of
 * variables that are not subfiled) */
void ncsfi_numrecs_follow(ncsf_file *f);

/* ---- dataset/state.c: did the writer close the dataset? ---------------- */
/* (the mark's edits and its lock held: subfiles/raw_bytes.c, below) */
#define NCSFI_MARK_NOT_HERE 1
typedef int (*ncsfi_mark_edit)(char v[8], void *arg);
typedef struct { int fd, found; char saved[8]; } ncsfi_mark_hold;
enum { NCSF_STATE_WRITING = 0, NCSF_STATE_COMPLETE = 1, NCSF_STATE_FAILED = 2, NCSF_STATE_SYNCED = 3 };
int ncsfi_put_state(int ncid, int state);
int ncsfi_read_state(int ncid);
/* the same, with the count of writers holding changes not synced */
int ncsfi_read_state_count(int ncid, long *count);
/* a mark's 8 bytes: NCSF_STATE_*, *count its writers; <0 malformed */
int ncsfi_mark_parse(const char *v, long *count);
int ncsfi_state_begin_writing(ncsf_file *f);
/* Collective, at the end of a sync whose outcome here is err */
int ncsfi_state_synced(ncsf_file *f, int err);
/* Before this process changes anything in dataset ncid (a put, a wait, a
 * redef, a rename, an attribute): the mark a sync left goes back to
 * "writing " first. No collective; cheap when there is nothing to do. */
int ncsfi_state_touch(int ncid);
/* Around PnetCDF's calls that write the whole header (enddef; a rename or
 * an attribute change in data mode): process 0 holds the mark's lock and
 * puts back the count PnetCDF's memory does not know. Collective calls;
 * enddef 0: nothing in define mode. */
void ncsfi_state_hdr_begin(int ncid, int enddef, ncsfi_mark_hold *h);
void ncsfi_state_hdr_end(int ncid, ncsfi_mark_hold *h);
int ncsfi_state_finish(ncsf_file *f, int failed, MPI_Offset hsize);

/* ---- dataset/clobber.c: a create over an old dataset removes its subfiles --- */
typedef struct { char **paths; int n; char old_id[33]; /* the replaced dataset's identity, "" if none */ } ncsf_stale;
/* Collective, before ncmpi_create with NC_CLOBBER: this rank's share of
 * the old dataset's subfiles at path (each verified to be one), read
 * before the create replaces the base file. Agreed. */
int ncsfi_clobber_collect(MPI_Comm comm, int yield, const char *path, ncsf_stale *s);
/* After the create succeeded: removed (and s freed). */
void ncsfi_clobber_remove(ncsf_stale *s);
void ncsfi_clobber_free(ncsf_stale *s);

/* ---- subfiles/raw_bytes.c: the only bytes written outside PnetCDF's API --- */
/* The state mark (the 8 value bytes of the global NC_CHAR attribute
 * name), changed by one read-modify-write under a lock that every
 * process and job changing it takes (raw_bytes.c, 1.). The edit gets the
 * value and changes it in place, or returns an NC error (nothing
 * written), or NCSFI_MARK_NOT_HERE when the bytes are no mark at all. */
/* *at: where it stood (tried first if > 0), then where it stands */
int ncsfi_raw_mark_update(const char *path, const char *name, MPI_Offset *at, ncsfi_mark_edit edit, void *arg);
/* The lock held across a write of PnetCDF's (the whole header, the mark
 * in it as PnetCDF holds it in memory): hold takes the lock and keeps the
 * value on disk (found: 0 if there is no mark yet); release writes the
 * edit of that value where the mark stands after the write, and lets the
 * lock go. */
int ncsfi_raw_mark_hold(const char *path, const char *name, ncsfi_mark_hold *h);
int ncsfi_raw_mark_release(const char *name, ncsfi_mark_hold *h, ncsfi_mark_edit edit, void *arg, MPI_Offset *at);
int ncsfi_raw_raise_numrecs(const char *path, int format, MPI_Offset nrecs);
int ncsfi_raw_extend(const char *path, int subfile, MPI_Offset size);
/* n pieces of the base file: len[i] bytes (following one another in
 * bytes) at offset at[i] (raw_bytes.c, 5.) */
int ncsfi_raw_write_pieces(const char *path, int n, const MPI_Offset *at, const unsigned char *bytes,
                           const int *len);
/* Blocks for the first size bytes of a subfile allocated (its length
 * unchanged): NC_ENO_SPACE (or NC_EQUOTA) now rather than half-way
 * through PnetCDF moving its data. *len gets its current length. */
int ncsfi_raw_reserve(const char *path, MPI_Offset extra, MPI_Offset *len);
/* NC_ENO_SPACE if the file system holding path has no block free, else
 * NC_EWRITE */
int ncsfi_raw_space_error(const char *path);

/* ---- subfiles/subfiles.c and subfile_*.c: the life of the subfiles ----- */
/* A subfile: block k of lead (the variable whose varid is its file_id). */
typedef struct { ncsf_var *lead; int k; } ncsf_slot;
/* The subfiles this rank is home of (of new variables only if only_new). */
int ncsfi_home_files(ncsf_file *f, int only_new, ncsf_slot **out, int *n);
int ncsfi_add_layouts(ncsf_file *f, int err);
MPI_Offset ncsfi_mul_add(MPI_Offset a, MPI_Offset b, MPI_Offset c);
/* After a failed open: the cause and remedy when this process is out of
 * file descriptors, else "" (appended to the message). */
const char *ncsfi_nofiles_remedy(void);
MPI_Offset ncsfi_block_bytes(const sf_layout *lay, int k);
/* Bytes a subfile holding this variable is at least (-1: unknown here, or
 * more than 2^63). */
MPI_Offset ncsfi_expected_size(const sf_layout *lay, int k, MPI_Offset nrecs);
/* The subfiles of the variables the enddef defined, made by their homes;
 * err: this rank's error so far, agreed in the first step. Collective. */
int ncsfi_create_subfiles(ncsf_file *f, int err);
/* A subfile opened (create 0, for writing) or created through PnetCDF on
 * MPI_COMM_SELF, PnetCDF's own subfiling kept out of it. */
int ncsfi_subfile_pnetcdf(ncsf_file *f, const char *path, int create, int *sid);
/* The same with these hints instead of the dataset's. */
int ncsfi_subfile_pnetcdf_info(ncsf_file *f, const char *path, int create, MPI_Info hints, int *sid);
/* subfile_striping.c: the hints subfile k of lead's files is created with
 * (the dataset's, and one stripe sized to its data on a striped file
 * system that the dataset's hints say nothing of striping for); *hints is
 * to be freed. */
int ncsfi_subfile_hints(ncsf_file *f, ncsf_var *lead, int k, const char *path, MPI_Info *hints);
/* Where the data of the variables in subfile k of lead's files (the new
 * ones only, if only_new) start in the open subfile sid, recorded. */
int ncsfi_record_offsets(ncsf_file *f, ncsf_var *lead, int k, int sid, int only_new);

/* ---- subfiles/att_write.c: the application's attributes ---------------- */
/* NC_ENAMEINUSE for one of ncsf's own names in a dataset with subfiling. */
int ncsfi_att_name_check(int ncid, int varid, const char *name);
/* After an attribute call on varid that returned err: notes a change to a
 * subfiled variable whose subfiles exist. Returns err. */
int ncsfi_att_changed(int ncid, int varid, int err);
int ncsfi_atts_pending(const ncsf_file *f);
/* Collective, at enddef, once the subfiles are finished: the changed
 * attributes brought to the subfiles. */
int ncsfi_sync_var_atts(ncsf_file *f);
/* Collective (file.c): the subfiles finished, then the changes above
 * brought to them. */
int ncsfi_update_subfile_headers(ncsf_file *f);
int ncsfi_check_subfiles(ncsf_file *f);
/* The length subfile k of lead's files has by the offsets recorded (-1:
 * not known here). */
MPI_Offset ncsfi_file_size_expected(ncsf_file *f, const ncsf_var *lead, int k);
int ncsfi_finish_subfiles(ncsf_file *f);
/* Its local part: this rank's home subfiles finished (not agreed). */
int ncsfi_finish_own_subfiles(ncsf_file *f);
/* Collective: the placeholders not yet holding their fill value given it
 * (a fixed one once, a record one for the records added since). */
int ncsfi_fill_placeholders(ncsf_file *f);
/* io/fill_records.c: at the enddef that made their subfiles, the subfiled record
 * variables new in it (isnew[varid]) in fill mode get their fill value in
 * every record the dataset already has, as PnetCDF fills them. Collective. */
int ncsfi_fill_new_records(ncsf_file *f, const int *isnew);
/* One subfile: present, of this dataset, consistent, long enough. out[]
 * gets its data offset, record size, header size and record count. */
int ncsfi_check_subfile(ncsf_file *f, ncsf_var *v, int k, MPI_Offset *out);
void ncsfi_broken_message(ncsf_file *f, const ncsf_var *v);
int ncsfi_learn_offsets(void *arg, int file_id, int block);
int ncsfi_base_data_end(ncsf_file *f, MPI_Offset *end);

/* ---- base/convert.c ---------------------------------------------------- */
int ncsfi_xsize(nc_type t);
MPI_Datatype ncsfi_mpi_type_of(nc_type t);
int ncsfi_itype_of_mpi(MPI_Datatype dt, nc_type *itype);
/* buftype of a flexible call with bufcount -1 (if not one of the types
 * PnetCDF's typed calls use: NC_EBADTYPE, with PnetCDF 1.14 and later
 * NC_EINVAL) */
int ncsfi_itype_of_counted(MPI_Datatype dt, nc_type *itype);
/* a put's values out of xtype's range become fill (one value of xtype in
 * native order: the variable's fill value), with NC_ERANGE */
int ncsfi_convert_put(const void *in, nc_type itype, void *out, nc_type xtype,
                      MPI_Offset n, const void *fill);
int ncsfi_convert_get(const void *in, nc_type xtype, void *out, nc_type itype,
                      MPI_Offset n);
/* the same from the file's byte order (in is swapped, or read as is) */
int ncsfi_swap_convert_get(void *in, nc_type xtype, void *out, nc_type itype, MPI_Offset n);
void ncsfi_swap(void *buf, int size, MPI_Offset n);
int ncsfi_pack(const void *user, MPI_Offset count, MPI_Datatype t, void *packed);
int ncsfi_unpack(const void *packed, void *user, MPI_Offset count, MPI_Datatype t);

#include "../fault/fault.h"
int ncsfi_need_swap(void);
/* nc_in_place_swap (PnetCDF's hint), read from PnetCDF's info of ncid */
enum { NCSF_SWAP_UNKNOWN = -1, NCSF_SWAP_AUTO = 0, NCSF_SWAP_ENABLE = 1, NCSF_SWAP_DISABLE = 2 };
#define NCSF_SWAP_AUTO_MIN 4096 /* auto: larger buffers (PnetCDF's NC_BYTE_SWAP_BUFFER_SIZE) */
int ncsfi_swap_mode(int ncid);
int ncsfi_swap_in_place(int mode, size_t nbytes);

/* ---- io/getput.c: one call on a subfiled variable ---------------------- */
enum { NCSF_VAR1, NCSF_VAR, NCSF_VARA, NCSF_VARS, NCSF_VARM, NCSF_VARN };
enum { NCSF_MODE_INDEP, NCSF_MODE_COLL, NCSF_MODE_NB, NCSF_MODE_BPUT };

typedef struct ncsf_call {
    int put, kind, mode;
    const MPI_Offset *start, *count, *stride, *imap;
    int num;
    MPI_Offset *const *starts;
    MPI_Offset *const *counts;
    void *buf;
    MPI_Offset bufcount;
    MPI_Datatype buftype;
    nc_type itype;  /* typed calls; NC_NAT for flexible */
    int *req;
    int pre_err;    /* this rank cannot make the change (the state mark
                     * could not count it, state.c): nothing moves; a
                     * collective call joins the others with nothing */
} ncsf_call;

/* A call made ready for the engine: its requests and the buffer holding
 * the data in the file's representation. */
typedef struct ncsf_prepared {
    ncsf_var *v;
    int put;
    int nreq;
    sf_request *reqs;
    int has_nr;         /* a varn: its regions as one many-piece request */
    MPI_Offset rec_end; /* a collective put of a record variable (but a
                         * varn): the record count it sets by PnetCDF's
                         * rule, from its start, count and stride even when
                         * it moves nothing (0 otherwise) */
    sf_nrequest nr;     /* (starts and counts in nflat, num * ndims each) */
    MPI_Offset *nflat;
    void *xbuf;         /* the bytes as in the file */
    MPI_Offset nelems;
    int xbuf_is_user;   /* xbuf is the caller's buffer */
    int swapped;        /* ... byte swapped in place, to be swapped back */
    int engine_swaps;   /* ... byte swapped by the engine (sf_request.swap) */
    int swap_at_run;    /* ... to be swapped in place when the wait runs it
                         * (a non-blocking put) */
    void *ubuf;         /* caller's buffer, for gets */
    nc_type itype;
    int packed;         /* caller's buftype is a derived type */
    MPI_Datatype buftype;
    int own_buftype;    /* buftype is our duplicate (ncsfi_keep_buftype) */
    MPI_Offset bufcount;
    const MPI_Offset *imap; /* for varm gets */
    MPI_Offset count[SF_MAX_DIMS];
    int range_err;
} ncsf_prepared;

/* ---- io/max_req.c: PnetCDF's 2 GiB limit on one request ------------------ */
/* NC_EMAX_REQ when a request of nelems elements of xsize bytes is over it */
int ncsfi_max_req(MPI_Offset nelems, int xsize);
/* 1 when the puts (put) or gets among ps add up to more than it */
int ncsfi_max_req_over(ncsf_prepared *const *ps, int n, int put);

/* vard_flatten.c: a file type as runs of bytes, in type-map order */
typedef struct { MPI_Offset *off, *len; size_t n, cap; int err; } ncsfi_segs;
int ncsfi_flatten_type(MPI_Datatype t, ncsfi_segs *s);
int ncsfi_prepare(ncsf_file *f, ncsf_var *v, const ncsf_call *c, int copy,
                  ncsf_prepared *p);
int ncsfi_finish(ncsf_prepared *p);
void ncsfi_release(ncsf_prepared *p);
int ncsfi_keep_buftype(ncsf_prepared *p);
int ncsfi_run(ncsf_file *f, int n, ncsf_prepared **ps, int collective,
              int caller_err, int dirs);

/* ---- api/dispatch.c: one put or get call on a subfiled variable -------- */
void ncsfi_call_init(ncsf_call *c, int put, int kind, int mode);
int ncsfi_dispatch(int ncid, int varid, ncsf_call *c);

/* ---- io/nonblocking.c -------------------------------------------------- */
int ncsfi_post(ncsf_file *f, ncsf_var *v, ncsf_call *c);
void ncsfi_pending_free_all(ncsf_file *f);
int ncsfi_pending_count(const ncsf_file *f);
/* After PnetCDF's own iput, iget or bput (a variable not subfiled) on
 * ncid returned err, *req its id: counted. Returns err. */
int ncsfi_pnc_posted(int ncid, int err, const int *req);

#endif
