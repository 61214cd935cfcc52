/*
 * ncsfnc.h: the netCDF-C dispatch plugin that reads a subfiled dataset in
 * place (doc/reading.md). Read-only, no MPI, no PnetCDF: the base file and
 * the subfiles are plain netCDF classic files, read through netCDF-C's own
 * classic dispatch; this layer presents each subfiled variable at its
 * global shape and sends a read to the subfiles that hold it.
 *
 * Files:
 *   layout.c    a variable's subfiling_* attributes (doc/format.md) parsed
 *               and checked, versions 1 and 2
 *   cdfsize.c   the length a classic file's header implies (a subfile cut
 *               short reads as zeros through netCDF-C: this notices it)
 *   dataset.c   open and close: the base file (found from a subfile too),
 *               its state, its variables, the open files' registry
 *   subfiles.c  subfiles opened on first use, checked, at most max_open
 *   read.c      vara/vars/varm of a subfiled variable, block by block
 *   dispatch.c  the NC_Dispatch table: inquiries, attributes (subfiling_*
 *               hidden), writes refused with NC_EPERM
 *   route.c     which opens go to the plugin, and the .ncrc init entry
 *   preload.c   nc_open/nc__open for LD_PRELOAD=libncsf-netcdf.so
 *   hook.c      the entry libncsf-preload.so calls (libncsf-netcdf-hook.so)
 *   real_open.c netCDF-C's own nc_open/nc__open (below the preload's)
 *   say.c       the plugin's messages on stderr, when asked (NCSF_VERBOSE)
 *
 * Calls go one way: preload, hook -> route -> dispatch -> read -> dataset -> subfiles ->
 * layout, cdfsize, real_open, say.
 */
#ifndef NCSFNC_H
#define NCSFNC_H

#include <stddef.h>
#include <netcdf.h>

#define NCSFNC_MAX_DIMS 16
#define NCSFNC_MAX_PDIMS 8
#define NCSFNC_MAX_FILES (1 << 24)
#define NCSFNC_DEFAULT_MAX_OPEN 64

/* how one variable is split (doc/format.md "Variable attributes") */
typedef struct {
    int version;                        /* 1 or 2 */
    int ndims;                          /* n */
    long long gsize[NCSFNC_MAX_DIMS];   /* 0 along the record dimension */
    int record;
    int nfiles;
    int npart;
    int pdims[NCSFNC_MAX_PDIMS];
    int pgrid[NCSFNC_MAX_PDIMS];
    long long *bounds[NCSFNC_MAX_PDIMS]; /* pgrid[p] + 1 each */
    int index;                          /* -1 on the placeholder */
    char *dimnames;                     /* n names separated by '\n' */
    char *stem;                         /* version 2 */
    char *names;                        /* version 1: N names, '\n' */
    char **name;                        /* version 1: pointers into names */
} ncsfnc_layout;

int ncsfnc_layout_read(int ncid, int varid, int version, ncsfnc_layout *lay, char *msg, size_t msglen);
void ncsfnc_layout_free(ncsfnc_layout *lay);
void ncsfnc_layout_block(const ncsfnc_layout *lay, int k, long long *start, long long *count);
int ncsfnc_layout_same(const ncsfnc_layout *a, const ncsfnc_layout *b);
/* subfile k's name relative to the base file's directory */
int ncsfnc_layout_name(const ncsfnc_layout *lay, int k, char *buf, size_t len);
int ncsfnc_plain_relative(const char *p);

/* the least length the classic file at path must have; -1 if unreadable */
long long ncsfnc_expected_size(const char *path);
/* Whether a classic file's header has a global attribute called name,
 * read without netCDF-C: 1 yes, 0 no, -1 a header this cannot follow,
 * -2 not a classic file (or not readable). */
int ncsfnc_classic_has_gatt(const char *path, const char *name);

typedef struct {
    int subfiled;
    char name[NC_MAX_NAME + 1];
    nc_type xtype;
    int ndims;
    int dimids[NCSFNC_MAX_DIMS];
    ncsfnc_layout lay;
    int natts;        /* visible ones */
    int *attmap;      /* visible attnum -> the base file's */
    unsigned char *ok; /* per subfile: checked and found good */
} ncsfnc_var;

typedef struct {
    char *path;
    int ncid;
    unsigned long long used;
} ncsfnc_open_file;

typedef struct {
    int key;          /* the netCDF-C ncid (its file part) */
    int mode;
    int base;         /* the base file, open through netCDF-C */
    char *path;       /* the base file's path */
    char *dir;        /* its directory with a trailing '/', or "" */
    char dsid[33];    /* "" if not a subfiled dataset */
    int version;
    int format;
    size_t numrecs;
    int ndims, nvars;
    ncsfnc_var *vars;
    int ngatts;
    int *gattmap;
    int max_open, nopen;
    ncsfnc_open_file *open;
    unsigned long long clock;
    long long opens;  /* subfile opens, for NCSF_NETCDF_STATS */
    int most_open;
    int quiet;
} ncsfnc_file;

typedef int (*ncsfnc_open_fn)(const char *, int, int *);
typedef int (*ncsfnc_open2_fn)(const char *, int, size_t *, int *);

/* real_open.c: netCDF-C's own nc_open and nc__open, never the preload's;
 * whether they were found; ncsfnc_real_set gives them (libncsf-preload.so
 * finds them, hook.c), before the first open */
void ncsfnc_real_set(ncsfnc_open_fn open, ncsfnc_open2_fn open2);
int ncsfnc_real_open(const char *path, int mode, int *ncidp);
int ncsfnc_real_open2(const char *path, int mode, size_t *chunksizehintp, int *ncidp);
int ncsfnc_real_found(void);

/* dataset.c */
int ncsfnc_open(const char *path, int mode, int ncid);
int ncsfnc_close(int ncid, void *ignored);
int ncsfnc_abort(int ncid);
ncsfnc_file *ncsfnc_find(int ncid);
int ncsfnc_is_hidden(const char *attname);
/* say.c: whether messages are asked for (NCSF_VERBOSE,
 * PNETCDF_VERBOSE_DEBUG_MODE=1); a message on stderr unless f is quiet
 * (f->quiet: not asked for) */
int ncsfnc_verbose(void);
void ncsfnc_say(const ncsfnc_file *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* subfiles.c: subfile k of v opened (or found open) and checked; its
 * netCDF-C id and the variable's id in it */
int ncsfnc_subfile(ncsfnc_file *f, ncsfnc_var *v, int k, int *ncidp, int *varidp);
void ncsfnc_subfiles_close(ncsfnc_file *f);

/* read.c */
int ncsfnc_get(int ncid, int varid, const size_t *start, const size_t *count, const ptrdiff_t *stride,
               const ptrdiff_t *imap, void *value, nc_type memtype);
size_t ncsfnc_type_size(nc_type t);
int ncsfnc_typed_get(int ncid, int varid, const size_t *st, const size_t *ct, const ptrdiff_t *sd,
                     const ptrdiff_t *map, void *buf, nc_type mt);

/* dispatch.c */
extern const struct NC_Dispatch *ncsfnc_dispatch_table;
int ncsfnc_register(void);

/* route.c: the entry netCDF-C 4.10's .ncrc loader calls
 * (NETCDF.UDF0.INIT=ncsf_netcdf_init): the table, registered; NULL if not */
const struct NC_Dispatch *ncsf_netcdf_init(void);
/* route.c: nc_open and nc__open, the plugin's for a read-only open of a
 * subfiled dataset, else netCDF-C's own */
int ncsfnc_route_open(const char *path, int mode, int *ncidp);
int ncsfnc_route_open2(const char *path, int mode, size_t *chunksizehintp, int *ncidp);

/* hook.c: what libncsf-preload.so calls after loading
 * libncsf-netcdf-hook.so (src/preload/netcdf.c declares the same) */
#define NCSFNC_HOOK_VERSION 1
int ncsf_netcdf_hook(int version, ncsfnc_open_fn real_open, ncsfnc_open2_fn real_open2,
                     ncsfnc_open_fn *route_open, ncsfnc_open2_fn *route_open2);

#endif
