/*
 * The differential tester (doc/testing.md, "The differential tester"): a
 * program generated from a seed is run through plain PnetCDF and through
 * ncsf (the preload); each rank logs every call, its return code and every
 * answer, and scripts/difftest.sh compares the two runs.
 *
 * gen.c makes the op list from the seed (the same on every rank); exec.c
 * runs the define, inquiry and file ops; exec_data.c the data ops;
 * log.c writes the log lines. Ops name dimensions, variables and requests
 * by slot: an op whose slot was never filled (its op was cut by --ops)
 * passes an id no file has, and fails the same way in both runs.
 */
#ifndef DIFFTEST_H
#define DIFFTEST_H
#include <stdio.h>
#include <pnetcdf.h>

enum { MAXDIMS = 6, MAXVARS = 8, MAXRANK = 4, MAXREQ = 32, MAXOPS = 80, NAMELEN = 32 };

enum opkind {
    OP_CREATE, OP_OPEN, OP_CLOSE, OP_DELETE, OP_REDEF, OP_ENDDEF, OP_DEF_DIM, OP_DEF_VAR,
    OP_PUT_ATT, OP_DEL_ATT, OP_RENAME_ATT, OP_COPY_ATT, OP_RENAME_DIM, OP_RENAME_VAR,
    OP_DEF_VAR_FILL, OP_SET_FILL, OP_BEGIN_INDEP, OP_END_INDEP, OP_SYNC, OP_SYNC_NUMRECS,
    OP_FLUSH, OP_INQ, OP_PUT, OP_GET, OP_ATTACH, OP_DETACH, OP_WAIT, OP_CANCEL,
    OP_MPUT, OP_MGET, OP_READALL, OP_INQ_SIZES, OP_SECOND, OP_NKINDS
};

/* how a data op is issued */
enum api { API_VAR, API_VAR1, API_VARA, API_VARS, API_VARM, API_VARN, API_NAPIS };
enum how { HOW_COLL, HOW_INDEP, HOW_IPUT, HOW_BPUT, HOW_NHOWS };

/* memory types of the typed API, in this order */
enum mtype { MT_TEXT, MT_SCHAR, MT_UCHAR, MT_SHORT, MT_USHORT, MT_INT, MT_UINT,
             MT_FLOAT, MT_DOUBLE, MT_LONGLONG, MT_ULONGLONG, MT_N };

/* a variable's shape as the generator believed it */
typedef struct {
    int nd;
    MPI_Offset len[MAXDIMS];   /* a record dimension: the records the generator expects */
    int rec0;                  /* the first dimension is the record one */
} Shape;

typedef struct {
    int kind;
    int slot, slot2;           /* var or dim slot (-1: global / none) */
    int type;                  /* nc_type of a definition or an attribute */
    int mt;                    /* memory type of a data op */
    int api, how, flex;        /* flex: 0 typed, 1 derived-or-basic MPI type, 2 bufcount -1 */
    int nd, dims[MAXDIMS];     /* def_var: dimension slots */
    int arg[4];                /* kind-specific small integers */
    MPI_Offset len;            /* def_dim length, attribute length, attach size */
    int nv, vslot[3];          /* mput/mget: the variables' slots */
    Shape sh[3];               /* data ops: the variables' shapes (sh[0] for one) */
    char name[NAMELEN], name2[NAMELEN];
    unsigned long long seed;   /* everything else comes from here (and the rank) */
} Op;

typedef struct {
    int nops;
    Op op[MAXOPS];
} Program;

/* one request of a nonblocking call, until it is waited for */
typedef struct {
    int id, live, op, mt, get, api;
    void *buf;                 /* never freed: a failed wait may leave it the library's */
    MPI_Offset n;
} Req;

/* the interpreter's state: what the calls have returned so far */
typedef struct {
    int rank, nprocs;
    int ncid, open, indef, indep;  /* as the calls that succeeded left them */
    int synced;                    /* the op just before was a sync that succeeded */
    const char *path;
    int dimid[MAXDIMS], varid[MAXVARS];
    Req req[MAXREQ];
    FILE *log;
    unsigned long long seed;
} State;

/* gen.c */
/* version: the generator's rules as of a reproducer's gen= line (1: before
   independent-epoch races were avoided; GEN_VERSION: today's) */
enum { GEN_VERSION = 4 };
void gen_program(unsigned long long seed, Program *p, int version);
const char *op_name(int kind);

/* exec.c, exec_data.c */
void exec_op(State *s, const Op *op, int index);
void exec_data(State *s, const Op *op, int index);
void exec_wait(State *s, const Op *op, int index);
void exec_multi(State *s, const Op *op, int index);
void exec_readall(State *s, const Op *op, int index);
void fill_new_records(State *s, MPI_Offset end);
int bad_id(void);
int var_of(const State *s, int slot);

/* log.c */
const char *err_name(int err);
void log_line(State *s, int index, const char *call, int err, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void log_values(char *out, size_t cap, int mt, const void *buf, MPI_Offset n);
size_t mt_size(int mt);
int mt_of_nctype(nc_type t);
MPI_Datatype mt_mpi(int mt);
nc_type mt_nctype(int mt);

/* random numbers: splitmix64 */
unsigned long long rnd_next(unsigned long long *s);
int rnd_below(unsigned long long *s, int n);
#endif
