/*
 * The generator: from a seed, a program of 10-60 ops over one dataset.
 * It keeps a model of the dataset (dimensions, variables, attributes,
 * define or data mode, independent mode, open or closed) so that most ops
 * are valid; about one op in ten is deliberately wrong (a call in the wrong
 * mode, a bad id, a bad type, out-of-bounds coordinates, a name in use).
 * Every rank generates the same program: define-mode arguments never
 * depend on the rank, so collective calls agree.
 */
#include <string.h>
#include "difftest.h"

typedef struct { int used, unlim; MPI_Offset len; char name[NAMELEN]; } MDim;
typedef struct { int used, type, nd, dims[MAXDIMS], ownfill; char name[NAMELEN]; } MVar;
typedef struct {
    int fmt, open, define, indep, writable, attached, nreq, pending, gen, renames;
    int force_bput;                    /* version 4: the next put is a bput (gen_bput_detach) */
    int version;                       /* 1: before the independent-epoch rule; 3: second handles;
                                          4: own fill values, detach with bputs pending, buffer mixes */
    MDim dim[MAXDIMS];
    MVar var[MAXVARS];
    MPI_Offset recs;
    /* independent I/O is not ordered across ranks: in one independent epoch
       a variable is either read by any number of ops or written by one op
       (ep_read, ep_written); requests still pending count as what they do */
    unsigned char ep_read[MAXVARS], ep_written[MAXVARS], pending_var[MAXVARS];
    /* version 4: the out-of-range kind (arg[2]) and the generation
     * (arg[3]) of the puts pending on a variable, all alike (pend_put: one
     * is pending) */
    unsigned char pend_put[MAXVARS], pend_range[MAXVARS];
    int pend_gen[MAXVARS];
    Program *p;
    unsigned long long r;
} Model;

static const char *names[] = {
    "create", "open", "close", "delete", "redef", "enddef", "def_dim", "def_var",
    "put_att", "del_att", "rename_att", "copy_att", "rename_dim", "rename_var",
    "def_var_fill", "set_fill", "begin_indep", "end_indep", "sync", "sync_numrecs",
    "flush", "inq", "put", "get", "attach", "detach", "wait", "cancel",
    "mput", "mget", "readall", "inq_sizes", "second"};

const char *op_name(int kind) { return kind >= 0 && kind < OP_NKINDS ? names[kind] : "?"; }

unsigned long long rnd_next(unsigned long long *s)
{
    unsigned long long z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int rnd_below(unsigned long long *s, int n) { return n <= 1 ? 0 : (int)(rnd_next(s) % (unsigned)n); }

static int chance(Model *m, int percent) { return rnd_below(&m->r, 100) < percent; }

static Op *add(Model *m, int kind)
{
    Op *op = &m->p->op[m->p->nops++];
    memset(op, 0, sizeof *op);
    op->kind = kind;
    op->slot = op->slot2 = -1;
    op->seed = rnd_next(&m->r);
    op->arg[3] = m->gen;
    return op;
}

static int room(const Model *m) { return m->p->nops < MAXOPS - 12; }

/* may an op in independent mode read (write = 0) or write variable v now?
   Plain PnetCDF's own result would depend on which rank runs first. */
static int indep_ok(const Model *m, int v, int write)
{
    if (m->version < 2 || !m->indep || !m->var[v].used) return 1;
    return write ? !m->ep_read[v] && !m->ep_written[v] : !m->ep_written[v];
}

static void indep_use(Model *m, int v, int write)
{
    if (!m->indep) return;
    if (write) m->ep_written[v] = 1;
    else m->ep_read[v] = 1;
}

/* a new independent epoch: only the requests still pending are in it */
static void indep_begin(Model *m)
{
    for (int v = 0; v < MAXVARS; v++) {
        m->ep_read[v] = (m->pending_var[v] & 1) != 0;
        m->ep_written[v] = (m->pending_var[v] & 2) != 0;
    }
}

static void requests_done(Model *m)
{
    m->pending = 0;
    memset(m->pending_var, 0, sizeof m->pending_var);
    memset(m->pend_put, 0, sizeof m->pend_put);
}

/* a type for a variable or an attribute: the format's, now and then a wrong one */
static nc_type pick_type(Model *m)
{
    if (chance(m, 3)) return chance(m, 50) ? 0 : 13;                  /* NC_EBADTYPE */
    if (m->fmt == 5 || chance(m, 4)) return (nc_type)(1 + rnd_below(&m->r, 11));
    return (nc_type)(1 + rnd_below(&m->r, 6));
}

/* the memory type a program would use for nc_type t (now and then another) */
static int pick_mt(Model *m, nc_type t)
{
    static const int native[] = {MT_DOUBLE, MT_SCHAR, MT_TEXT, MT_SHORT, MT_INT, MT_FLOAT, MT_DOUBLE,
                                 MT_UCHAR, MT_USHORT, MT_UINT, MT_LONGLONG, MT_ULONGLONG};
    if (chance(m, 4)) return t == NC_CHAR ? MT_INT : MT_TEXT;        /* NC_ECHAR */
    if (t != NC_CHAR && chance(m, 25)) return MT_SCHAR + rnd_below(&m->r, MT_N - 1);
    return t >= 1 && t <= 11 ? native[t] : MT_INT;
}

static int pick_dim(Model *m)
{
    int tries = 8, d;
    do { d = rnd_below(&m->r, MAXDIMS); } while (!m->dim[d].used && --tries);
    return d;
}

static int pick_var(Model *m)
{
    int tries = 8, v;
    if (chance(m, 3)) return MAXVARS - 1;        /* maybe never defined */
    do { v = rnd_below(&m->r, MAXVARS); } while (!m->var[v].used && --tries);
    return v;
}

static void shape_of(const Model *m, int v, Shape *sh)
{
    memset(sh, 0, sizeof *sh);
    sh->nd = m->var[v].nd;
    for (int i = 0; i < sh->nd && i < MAXDIMS; i++) {
        const MDim *d = &m->dim[m->var[v].dims[i] % MAXDIMS];
        sh->len[i] = d->unlim ? m->recs + 2 : d->len;
        if (i == 0 && d->unlim) sh->rec0 = 1;
    }
}

static void new_name(Model *m, char *out, const char *base)
{
    if (chance(m, 8)) { strcpy(out, "d0"); return; }                  /* in use (or not) */
    snprintf(out, NAMELEN, "%s_%c%d", base, chance(m, 30) ? 'L' : 'r', m->renames++);
}

static void gen_create(Model *m)
{
    static const int fmts[] = {1, 2, 5};
    Op *op = add(m, OP_CREATE);
    m->fmt = fmts[rnd_below(&m->r, 3)];
    op->arg[0] = m->fmt;
    memset(m->dim, 0, sizeof m->dim);
    memset(m->var, 0, sizeof m->var);
    m->open = m->define = m->writable = 1;
    m->indep = m->attached = m->nreq = 0;
    m->recs = 0;
    /* PnetCDF's default is no fill: unwritten data would be undefined */
    add(m, OP_SET_FILL);
}

static void gen_def_dim(Model *m)
{
    int slot = rnd_below(&m->r, MAXDIMS);
    Op *op = add(m, OP_DEF_DIM);
    int have_unlim = 0;
    for (int i = 0; i < MAXDIMS; i++) have_unlim |= m->dim[i].used && m->dim[i].unlim;
    op->slot = slot;
    op->len = (!have_unlim && chance(m, 35)) || chance(m, 3) ? NC_UNLIMITED : 1 + rnd_below(&m->r, 9);
    if (chance(m, 2)) op->len = -3;                                    /* NC_EDIMSIZE */
    snprintf(op->name, NAMELEN, "d%d", slot);
    if (m->define && !m->dim[slot].used) {
        m->dim[slot].used = 1;
        m->dim[slot].unlim = op->len == NC_UNLIMITED;
        m->dim[slot].len = op->len;
        strcpy(m->dim[slot].name, op->name);
    }
}

static void gen_def_var(Model *m)
{
    int slot = rnd_below(&m->r, MAXVARS), unlim = -1;
    Op *op = add(m, OP_DEF_VAR);
    op->slot = slot;
    op->type = pick_type(m);
    op->nd = rnd_below(&m->r, 4);
    for (int i = 0; i < MAXDIMS; i++) if (m->dim[i].used && m->dim[i].unlim) unlim = i;
    for (int i = 0; i < op->nd; i++) {
        int d = pick_dim(m), tries = 8;
        for (;;) {                   /* distinct dimensions, the record one not after the first */
            int again = m->dim[d].used && m->dim[d].unlim && !chance(m, 4);
            for (int j = 0; j < i; j++) again |= op->dims[j] == d;
            if (!again || !--tries) break;
            d = pick_dim(m);
        }
        op->dims[i] = d;
    }
    if (op->nd > 0 && unlim >= 0 && chance(m, 50)) op->dims[0] = unlim;
    if (op->nd >= 2 && chance(m, 6)) op->dims[1] = op->dims[op->nd - 1]; /* v(d,d) */
    snprintf(op->name, NAMELEN, "v%d", slot);
    if (m->define && !m->var[slot].used) {
        MVar *v = &m->var[slot];
        v->used = 1, v->type = op->type, v->nd = op->nd;
        memcpy(v->dims, op->dims, sizeof v->dims);
        strcpy(v->name, op->name);
        /* version 4: a numeric variable with a _FillValue of its own, which
         * values out of its range become (put_att in the attribute's own
         * type, one value) */
        if (m->version >= 4 && v->type >= NC_BYTE && v->type <= NC_UINT64 && v->type != NC_CHAR &&
            room(m) && chance(m, 40)) {
            Op *att = add(m, OP_PUT_ATT);
            att->slot = slot, att->type = v->type, att->mt = mt_of_nctype(v->type);
            att->flex = 1, att->len = 1;
            strcpy(att->name, "_FillValue");
            strcpy(att->name2, "a_x");
            v->ownfill = 1;
        }
    }
}

static void gen_att(Model *m)
{
    static const char *anames[] = {"a0", "a1", "units", "_FillValue", "a_long_attribute_name"};
    int k = rnd_below(&m->r, 10);
    Op *op = add(m, k < 5 ? OP_PUT_ATT : k < 7 ? OP_DEL_ATT : k < 9 ? OP_RENAME_ATT : OP_COPY_ATT);
    op->slot = chance(m, 35) ? -1 : pick_var(m);
    op->slot2 = chance(m, 50) ? -1 : pick_var(m);
    snprintf(op->name, NAMELEN, "%s", anames[rnd_below(&m->r, op->slot < 0 ? 3 : 5)]);
    if (op->kind == OP_PUT_ATT && !strcmp(op->name, "_FillValue") && !chance(m, 10))
        op->type = m->var[op->slot].used ? m->var[op->slot].type : NC_INT;
    else
        op->type = chance(m, 20) ? NC_CHAR : pick_type(m);
    op->mt = pick_mt(m, op->type);
    op->flex = rnd_below(&m->r, 2);               /* typed or generic ncmpi_put_att */
    op->len = rnd_below(&m->r, 6);
    new_name(m, op->name2, "a");
}

static void gen_rename(Model *m)
{
    int dim = chance(m, 50);
    Op *op = add(m, dim ? OP_RENAME_DIM : OP_RENAME_VAR);
    op->slot = dim ? pick_dim(m) : pick_var(m);
    new_name(m, op->name, dim ? "d" : "v");
}

static void gen_fill(Model *m)
{
    Op *op = add(m, chance(m, 60) ? OP_DEF_VAR_FILL : OP_SET_FILL);
    op->slot = pick_var(m);
    op->type = m->var[op->slot].used ? m->var[op->slot].type : NC_INT;
    op->arg[0] = chance(m, 25);                   /* no_fill / NC_NOFILL */
    op->arg[1] = chance(m, 20);                   /* def_var_fill with a NULL value */
    if (op->arg[0] && room(m)) {
        /* what a program reads where nothing was written without fill is
           undefined (PnetCDF leaves the buffer as it was, ncsf gives
           zeros): fill goes back on at once, the switch is still tested */
        Op *back = add(m, op->kind);
        back->slot = op->slot, back->type = op->type;
    }
}

/* the define phase: dimensions, variables, attributes, fill settings */
static void gen_define(Model *m, int n)
{
    for (int i = 0; i < n && room(m); i++) {
        int k = rnd_below(&m->r, 20);
        if (k < 5) gen_def_dim(m);
        else if (k < 11) gen_def_var(m);
        else if (k < 15) gen_att(m);
        else if (k < 17) gen_rename(m);
        else if (k < 19) gen_fill(m);
        else add(m, OP_INQ);
    }
}

static void gen_data_op(Model *m, int kind)
{
    Op *op = add(m, kind);
    int v = pick_var(m);
    if (!indep_ok(m, v, kind == OP_PUT)) { op->kind = OP_INQ; return; }
    indep_use(m, v, kind == OP_PUT);
    op->slot = v;
    op->type = m->var[v].used ? m->var[v].type : NC_INT;
    op->mt = pick_mt(m, op->type);
    op->api = rnd_below(&m->r, API_NAPIS);
    op->how = m->indep ? HOW_INDEP : HOW_COLL;
    if (chance(m, 5)) op->how = m->indep ? HOW_COLL : HOW_INDEP;      /* the wrong mode */
    if (chance(m, 35)) op->how = kind == OP_PUT && chance(m, 40) ? HOW_BPUT : HOW_IPUT;
    if (m->force_bput) op->how = HOW_BPUT;
    /* two gets of one variable completed by one wait may read one element
       twice, which PnetCDF 1.12.3 gets wrong (known.txt, get-overlap):
       one pending get per variable */
    if (m->version >= 2 && kind == OP_GET && op->how == HOW_IPUT && (m->pending_var[v] & 1))
        op->how = m->indep ? HOW_INDEP : HOW_COLL;
    op->flex = chance(m, 60) ? 0 : chance(m, 75) ? 1 : 2;
    op->arg[0] = -1;
    if (op->how >= HOW_IPUT && m->nreq < MAXREQ) op->arg[0] = m->nreq++;
    if (op->how >= HOW_IPUT) m->pending = 1, m->pending_var[v] |= kind == OP_PUT ? 2 : 1;
    op->arg[2] = chance(m, 6);                    /* values out of range for the type */
    /* version 4: out of every type's range (2), most often into a variable
     * with a _FillValue of its own */
    if (m->version >= 4 && kind == OP_PUT && m->var[v].used &&
        ((m->var[v].ownfill && chance(m, 35)) || (op->arg[2] && chance(m, 50))))
        op->arg[2] = 2;
    /* version 4: the puts pending on one variable, which one wait may
     * complete together, write the same values where they overlap (else
     * the outcome is undefined): they are of one generation and one
     * out-of-range kind, the first's */
    if (m->version >= 4 && kind == OP_PUT && op->how >= HOW_IPUT) {
        if (m->pend_put[v]) op->arg[2] = m->pend_range[v], op->arg[3] = m->pend_gen[v];
        else m->pend_put[v] = 1, m->pend_range[v] = (unsigned char)op->arg[2], m->pend_gen[v] = op->arg[3];
    }
    shape_of(m, v, &op->sh[0]);
    /* PnetCDF 1.12.3 itself asserts on flexible text into a number, and
       hangs on a collective varn of a scalar: programs avoid both */
    if (op->flex && op->mt == MT_TEXT && op->type != NC_CHAR) op->mt = MT_INT;
    if (op->api == API_VARN && op->sh[0].nd == 0) op->api = API_VARA;
    /* ... and overruns its buffer in a varn that converts (ubyte from float) */
    if (op->api == API_VARN && op->type >= NC_BYTE && op->type <= NC_UINT64) op->mt = mt_of_nctype(op->type);
    /* version 4: a flexible get with the other kind of buffer (text for a
     * number, a number for text) that moves nothing on any rank (arg[1]:
     * the executor makes every count 0): PnetCDF succeeds, not looking at
     * the type; with elements to move it stops on an assertion */
    /* version 4: values out of range 2 from a memory type that carries
     * them (a double's 1e300 beyond a float, 5e9 beyond the integers; a
     * negative value for the unsigned types), not by a varn (which must not
     * convert, above) */
    if (m->version >= 4 && op->arg[2] == 2 && op->type != NC_DOUBLE && op->type != NC_CHAR) {
        op->mt = op->type == NC_FLOAT || chance(m, 50) ? MT_DOUBLE : MT_LONGLONG;
        if (op->api == API_VARN) op->api = API_VARA;
    }
    if (m->version >= 4 && op->flex && op->type == NC_CHAR && op->mt != MT_TEXT)
        op->mt = MT_TEXT;     /* ... as it does on a number into text: none of either but these */
    if (m->version >= 4 && kind == OP_GET && m->var[v].used && op->sh[0].nd > 0 && chance(m, 12)) {
        op->arg[1] = 1;
        op->api = API_VARA + rnd_below(&m->r, 3);
        op->flex = 1 + rnd_below(&m->r, 2);
        op->mt = op->type == NC_CHAR ? MT_SCHAR + rnd_below(&m->r, MT_N - 1) : MT_TEXT;
    }
    if (kind == OP_PUT && m->var[v].used && op->sh[0].rec0 && chance(m, 60)) m->recs++;
    /* version 4: the attached buffer detached while this bput is pending
     * (NC_EPENDINGBPUT: it stays pending, a later wait completes it) */
    if (m->version >= 4 && op->how == HOW_BPUT && room(m) && chance(m, 30)) add(m, OP_DETACH);
}

/* version 4: a bput (after an attach if the model has none attached) and
 * at once buffer_detach, refused while the bput is pending; a later wait
 * completes it */
static void gen_bput_detach(Model *m)
{
    if (!m->attached) { Op *a = add(m, OP_ATTACH); a->len = 4096; m->attached = 1; }
    m->force_bput = 1;
    gen_data_op(m, OP_PUT);
    m->force_bput = 0;
    add(m, OP_DETACH);
}

static void gen_multi(Model *m, int kind)
{
    Op *op = add(m, kind);
    op->nv = 1 + rnd_below(&m->r, 3);
    for (int i = 0; i < op->nv; i++) {
        op->vslot[i] = pick_var(m);
        shape_of(m, op->vslot[i], &op->sh[i]);
    }
    /* each variable once (get-overlap, above); from version 3 in an mput
     * too (writes that overlap in one call: PnetCDF writes a converted
     * copy's bytes unconverted, and MPI leaves the outcome undefined) */
    if ((m->version >= 2 && kind == OP_MGET) || (m->version >= 3 && kind == OP_MPUT))
        for (int i = 1; i < op->nv; i++)
            for (int j = 0; j < i; j++)
                if (op->vslot[j] == op->vslot[i]) {
                    op->vslot[i] = op->vslot[--op->nv];
                    op->sh[i] = op->sh[op->nv];
                    i--;
                    break;
                }
    for (int i = 0; i < op->nv; i++)             /* one op naming v twice is one writer */
        if (!indep_ok(m, op->vslot[i], kind == OP_MPUT)) {
            memset(op->vslot, 0, sizeof op->vslot);
            memset(op->sh, 0, sizeof op->sh);
            op->nv = 0, op->kind = OP_INQ;
            return;
        }
    for (int i = 0; i < op->nv; i++) indep_use(m, op->vslot[i], kind == OP_MPUT);
    op->mt = -1;                                  /* each variable's own type */
    op->arg[1] = m->indep;
    op->arg[2] = chance(m, 6);
    if (m->version >= 4 && kind == OP_MPUT && op->arg[2] && chance(m, 50)) op->arg[2] = 2;
}

static void gen_nonblocking_end(Model *m)
{
    Op *op = add(m, chance(m, 80) ? OP_WAIT : OP_CANCEL);
    op->arg[0] = rnd_below(&m->r, 6);             /* which requests (exec.c says) */
    op->arg[1] = m->indep ? !chance(m, 10) : chance(m, 8);   /* ncmpi_wait (indep) */
    op->arg[2] = m->nreq;
    /* (version 4: a list with a bad id completes none of it, in PnetCDF
     * 1.12.3: its puts stay pending, with their values) */
    if (op->arg[0] <= 2) {
        unsigned char keep[MAXVARS];
        memcpy(keep, m->pend_put, sizeof keep);
        requests_done(m);
        if (m->version >= 4 && op->arg[0] == 2) memcpy(m->pend_put, keep, sizeof keep);
    }
    /* version 4: the buffer detached once the wait has completed the bputs */
    if (m->version >= 4 && op->kind == OP_WAIT && op->arg[0] <= 2 && room(m) && chance(m, 20)) add(m, OP_DETACH);
    m->gen = m->p->nops;
}

static void gen_sync_point(Model *m)
{
    int k = rnd_below(&m->r, 10);
    if (k < 3) {
        add(m, m->indep ? OP_END_INDEP : OP_BEGIN_INDEP);
        m->indep = !m->indep;
        if (m->indep) indep_begin(m);
    }
    else if (k < 5) {
        add(m, OP_SYNC);
        /* version 3: a second handle reads what the sync wrote */
        if (m->version >= 3 && chance(m, 70)) add(m, OP_SECOND);
    }
    else if (k < 6) add(m, OP_SYNC_NUMRECS);
    else if (k < 7) add(m, OP_FLUSH);
    else if (k < 8) { Op *op = add(m, OP_ATTACH); op->len = chance(m, 10) ? 8 : 4096; m->attached = 1; }
    else if (k < 9) { add(m, OP_DETACH); m->attached = 0; }
    else add(m, OP_INQ_SIZES);
    m->gen = m->p->nops;
}

/* readall reads every variable: in independent mode, none written in the epoch */
static int readall_ok(const Model *m)
{
    for (int v = 0; v < MAXVARS; v++)
        if (!indep_ok(m, v, 0)) return 0;
    return 1;
}

static void gen_readall(Model *m)
{
    if (!readall_ok(m)) { add(m, OP_INQ); return; }
    Op *op = add(m, OP_READALL);
    op->arg[0] = m->indep;
    for (int v = 0; v < MAXVARS; v++) indep_use(m, v, 0);
}

static void gen_reopen(Model *m)
{
    Op *op;
    add(m, OP_CLOSE);
    op = add(m, OP_OPEN);
    op->arg[0] = m->writable = chance(m, 70);
    m->define = m->indep = m->nreq = m->attached = 0;
    requests_done(m);
    if (m->writable) {              /* an open is in no-fill mode again */
        add(m, OP_REDEF);
        add(m, OP_SET_FILL);
        add(m, OP_ENDDEF);
    }
    m->gen = m->p->nops;
}

/* the data phase: puts and gets of every kind, mode switches, a redef now and then */
static void gen_data(Model *m, int n)
{
    for (int i = 0; i < n && room(m); i++) {
        int k = rnd_below(&m->r, 100);
        if (k < 30) {
            if (m->version >= 4 && chance(m, 10)) gen_bput_detach(m);
            else gen_data_op(m, OP_PUT);
        }
        else if (k < 48) gen_data_op(m, OP_GET);
        else if (k < 53) gen_multi(m, chance(m, 60) ? OP_MPUT : OP_MGET);
        else if (k < 63) gen_nonblocking_end(m);
        else if (k < 75) gen_sync_point(m);
        else if (k < 80) add(m, OP_INQ);
        else if (k < 83) gen_readall(m);
        else if (k < 88) { gen_att(m); }
        else if (k < 90) gen_rename(m);
        else if (k < 94) {
            /* PnetCDF 1.12.3 takes redef with requests pending, then fails in enddef */
            if (m->pending) { Op *w = add(m, OP_WAIT); w->arg[1] = m->indep; requests_done(m); }
            add(m, OP_REDEF); m->define = 1;
            gen_define(m, 1 + rnd_below(&m->r, 4));
            add(m, OP_ENDDEF); m->define = 0, m->indep = 0;
            m->gen = m->p->nops;
        } else if (k < 97) gen_reopen(m);
        else if (!m->pending) add(m, OP_REDEF + rnd_below(&m->r, 2) * (OP_ENDDEF - OP_REDEF));   /* wrong mode, mostly */
    }
}

static void gen_ending(Model *m)
{
    Op *op;
    if (m->nreq && chance(m, 70)) { op = add(m, OP_WAIT); op->arg[0] = 0; op->arg[1] = m->indep; }
    if (m->indep && chance(m, 60)) { add(m, OP_END_INDEP); m->indep = 0; }
    if (!readall_ok(m)) { add(m, OP_END_INDEP); m->indep = 0; }
    if (m->version >= 3 && chance(m, 40)) { add(m, OP_SYNC); add(m, OP_SECOND); }
    gen_readall(m);
    add(m, OP_INQ);
    add(m, OP_CLOSE);
    if (chance(m, 8)) {
        add(m, OP_DELETE);
        gen_create(m);
        gen_define(m, 3);
        add(m, OP_ENDDEF);
        add(m, OP_CLOSE);
    }
    op = add(m, OP_OPEN); op->arg[0] = 0;
    add(m, OP_INQ);
    op = add(m, OP_READALL); op->arg[0] = 0;
    add(m, OP_CLOSE);
}

void gen_program(unsigned long long seed, Program *p, int version)
{
    Model m;
    memset(&m, 0, sizeof m);
    memset(p, 0, sizeof *p);
    m.p = p;
    m.version = version;
    m.r = seed * 0x2545F4914F6CDD1DULL + 12345;
    int target = 10 + rnd_below(&m.r, 45);
    gen_create(&m);
    for (int i = 0, n = 1 + rnd_below(&m.r, 4); i < n; i++) gen_def_dim(&m);
    for (int i = 0, n = 1 + rnd_below(&m.r, 5); i < n; i++) gen_def_var(&m);
    gen_define(&m, rnd_below(&m.r, 8));
    add(&m, OP_ENDDEF); m.define = 0;
    m.gen = p->nops;
    gen_data(&m, target - p->nops);
    gen_ending(&m);
}
