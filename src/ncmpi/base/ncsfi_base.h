/*
 * ncsfi_base.h: the names src/ncmpi/base/ offers to the layers above it
 * (what every layer uses: the shared types (a dataset's state, its variables, hints, a parsed classic header), agreement, errors, the registry, conversion, headers read and built, paths).
 * A file of base/ includes this header only; it includes the one below
 * (doc/architecture.md: api, dataset, io, subfiles, meta, base), so a
 * name of a higher layer is unknown here: using one does not compile.
 */
#ifndef NCSFI_BASE_H
#define NCSFI_BASE_H

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
    MPI_Comm comm;       /* ncsf's over the caller's, shared by the datasets
                          * on it (sf_comm_shared); held by comm_hold */
    void *comm_hold;
    int rank, nprocs;
    MPI_Info info;       /* the user's info at create/open (dup) */
    char *path;          /* as given */
    char *dir;           /* directory of path, "" for the cwd */
    char *stem;          /* file name part of the base file */
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
    int never_ended;     /* created here and no enddef has succeeded yet:
                          * PnetCDF has written no header (its abort
                          * deletes the file); ncmpi_inq_header_size cannot
                          * tell, as PnetCDF 1.15 answers it in define mode */
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
/* ---- base/registry.c ---------------------------------------------------- */
ncsf_file *ncsfi_lookup(int ncid);
int ncsfi_register(ncsf_file *f);
void ncsfi_unregister(ncsf_file *f);
ncsf_var *ncsfi_var(const ncsf_file *f, int varid);
/* ---- base/errors.c ------------------------------------------------------ */
int ncsfi_error_from_engine(int sf_err);
int ncsfi_route_error(ncsf_file *f, int bits, int mine);
/* Whether messages go to stderr: NCSF_VERBOSE, PNETCDF_VERBOSE_DEBUG_MODE=1 (errors.c). */
int ncsfi_verbose(void);
void ncsfi_set_error(ncsf_file *f, int print, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* ---- base/collective.c -------------------------------------------------- */
/* The worst (lowest) of every rank's err, on every rank; yield as
 * sf_wait_request. Never made to fail by fault injection. */
int ncsfi_agree(MPI_Comm comm, int yield, int err);
/* Several agreements in one reduction: n (at most SF_AGREE_WORDS_MAX)
 * 64-bit words reduced by op over comm (sf_agree_words). An error code
 * rides as itself under MPI_MIN and as its negation under MPI_MAX; a value
 * of process 0 alone rides under MPI_MAX with INT64_MIN from the others.
 * NC_NOERR, or NC_EMPI with v untouched. Never made to fail by fault
 * injection. */
int ncsfi_agree_words(MPI_Comm comm, int yield, int64_t *v, int n, MPI_Op op);
/* The same over the file's communicator. */
int ncsfi_agreef(const ncsf_file *f, int err);
/* An enddef's agreement: the worst err, and whether every process made
 * the same def_var calls with hints in this define mode (f->defs_hash):
 * NC_EMULTIDEFINE if not and a variable became subfiled on some process.
 * *any_subfiled: some process subfiled a variable in this define mode.
 * id: process 0's new dataset identity (16 bytes; NULL elsewhere or when
 * none is pending), carried by the same reduction into f->dsid on every
 * process where one is pending. *foreign: this process found another
 * dataset's subfile at a new subfile's name (ncsfi_foreign_in_the_way);
 * then whether any did. */
int ncsfi_agree_defs(ncsf_file *f, int err, const unsigned char *id, int *any_subfiled, int *foreign);
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
/* ---- base/collective.c -------------------------------------------------- */
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
/* ---- base/paths.c ------------------------------------------------------- */
char *ncsfi_subfile_stem(const char *dir, const char *stem, const char *name, int group);
/* Name of subfile k of v relative to the dataset's directory, into buf:
 * NC_NOERR, or NC_EINVAL if it does not fit. */
int ncsfi_var_name(const ncsf_var *v, int k, char *buf, size_t len);
/* Do a and b store their data in the same files? */
int ncsfi_same_files(const ncsf_var *a, const ncsf_var *b);
int ncsfi_subfile_name_fits(const char *stem, const char *name, int group, int nfiles);
int ncsfi_has_control_char(const char *s);
char *ncsfi_join(const char *dir, const char *name);
/* Is the file at path a subfile of a dataset other than dsid and dsid2
 * (a regular file, never followed through a link, readable as netCDF,
 * whose subfiling_dataset_id is neither; "" for none)? *id gets its
 * identity (33 bytes). Local: one lstat, and a read of the header of a
 * file that is there. */
int ncsfi_foreign_file(const char *path, const char *dsid, const char *dsid2, char *id);
int ncsfi_relative_path_ok(const char *p);
int ncsfi_make_dirs(const char *base_dir, const char *rel, char *why, int whylen);
/* Where attributes are written: a PnetCDF dataset, or a classic header
 * being built in memory (base/cdf_encode.c); values as type's C type. */
struct ncsfi_cdf_header_s;
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
/* ---- base/cdf_header.c -------------------------------------------------- */
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
/* subfiling_dataset_id from a parsed header: 1 and id (32 characters
 * and a null) if it has one of the right type and length, else 0 and "" */
int ncsfi_cdf_dataset_id(const ncsfi_cdf_header *h, char id[33]);
/* ---- base/cdf_encode.c -------------------------------------------------- */
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
/* ---- base/numrecs.c ----------------------------------------------------- */

/* base/numrecs.c: ncsf's record count raised to PnetCDF's (records of
 * variables that are not subfiled) */
void ncsfi_numrecs_follow(ncsf_file *f);
/* In independent mode each process counts the records it wrote itself:
 * the largest count, on every process (collective; NC_EMPI if the
 * reduction fails). */
int ncsfi_numrecs_agree(ncsf_file *f);
typedef int (*ncsfi_mark_edit)(char v[8], void *arg);
/* ---- base/convert.c ----------------------------------------------------- */
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

#include "../../fault/fault.h"
/* ---- base/convert.c ----------------------------------------------------- */
int ncsfi_need_swap(void);
/* nc_in_place_swap (PnetCDF's hint), read from PnetCDF's info of ncid */
enum { NCSF_SWAP_UNKNOWN = -1, NCSF_SWAP_AUTO = 0, NCSF_SWAP_ENABLE = 1, NCSF_SWAP_DISABLE = 2 };
#define NCSF_SWAP_AUTO_MIN 4096 /* auto: larger buffers (PnetCDF's NC_BYTE_SWAP_BUFFER_SIZE) */
/* ---- base/convert.c ----------------------------------------------------- */
int ncsfi_swap_mode(int ncid);
int ncsfi_swap_in_place(int mode, size_t nbytes);

#endif
