/*
 * scaling: the calls whose MPI traffic benchmarks/scaling/run.sh counts
 * (with libmpicount.so preloaded) as the process count grows.
 *
 *   scaling [-n N] [-d aligned|straddle] [-s ZxYxX] [-m max_open] [-f path] [-c K] [-w|-r]
 *
 * One 3-D double variable v[z][y][x] of P*Z x Y x X values, subfiled along
 * z into N subfiles (default N = P). Rank r writes a block of rows of z
 * (all of y and x). Each phase lies between MPI_Pcontrol marks:
 *   1 create, def_var (subfiling=enable, subfiling_nfiles=N), enddef
 *   2 ten put_vara_double_all of the same block
 *   3 eight iput_vara_double (the block cut into eight slabs along y) and
 *     one wait_all
 *   4 close
 *   5 open, one get_vara_double_all of the whole array cut into blocks of
 *     rows for the processes of this run, close
 *   6 (-c K) K more creates, each with its def_var and enddef, on the
 *     same communicator after the first: a checkpoint loop; a new file
 *     each time, its block written once (phase 0) and
 *   7 closed
 * -w runs phases 1-4 only (the file stays), -r phase 5 only, on a file a
 * -w run left, with any process count. Between phases (MPI_Pcontrol(0),
 * counted as phase 0) the processes agree on errors.
 *
 * -d aligned: rank r writes rows [rZ, (r+1)Z): one subfile when N = P,
 *    1/(P/N) of one when N < P.
 * -d straddle: the rows are shifted by half a block, Z/2, so that with N =
 *    P rank r touches subfiles r and r+1: rank r writes [rZ + Z/2, (r+1)Z +
 *    Z/2); rank 0 also the first Z/2 rows, the last rank what remains.
 * -m max_open: the subfiling_max_open hint, given at create and at open.
 * -n 0: no subfiling (plain PnetCDF through ncsf): the baseline of what
 *    MPI and PnetCDF alone cost, traffic and memory.
 * Every value read is checked (a formula of its global index and of the
 * last write); the exit status is 1 on any error or wrong value, 2 on bad
 * usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>

enum { PH_CREATE = 1, PH_PUT, PH_IPUT, PH_CLOSE, PH_READ, PH_RECREATE, PH_RECLOSE };
#define NPUT 10 /* blocking collective writes in phase 2 */
#define NSLAB 8 /* non-blocking writes in phase 3 */

typedef struct {
    int nfiles, straddle, max_open, read_only, write_only, loops;
    MPI_Offset l[3]; /* rows of z per process, y, x */
    const char *path;
    int rank, nprocs;
} options;

typedef struct {
    MPI_Offset start[3], count[3];
} box;

/* The value of global element idx after write number version. */
static double value(MPI_Offset idx, int version) { return (double)idx * 16.0 + version; }

static MPI_Offset box_size(const box *b) { return b->count[0] * b->count[1] * b->count[2]; }

/* Fill buf with b's values (check = 0) or count those that differ. */
static long fill(double *buf, const box *b, const MPI_Offset *g, int version, int check)
{
    long bad = 0;
    MPI_Offset i = 0;
    for (MPI_Offset z = b->start[0]; z < b->start[0] + b->count[0]; z++)
        for (MPI_Offset y = b->start[1]; y < b->start[1] + b->count[1]; y++)
            for (MPI_Offset x = b->start[2]; x < b->start[2] + b->count[2]; x++, i++) {
                double v = value((z * g[1] + y) * g[2] + x, version);
                if (!check) buf[i] = v;
                else if (buf[i] != v) bad++;
            }
    return bad;
}

/* Rows of z this rank writes (see -d above). */
static box write_box(const options *o)
{
    MPI_Offset lz = o->l[0], h = o->straddle ? lz / 2 : 0;
    int r = o->rank, last = o->nprocs - 1;
    MPI_Offset z0 = r == 0 ? 0 : r * lz + h, z1 = r == last ? (MPI_Offset)o->nprocs * lz : (r + 1) * lz + h;
    return (box){{z0, 0, 0}, {z1 - z0, o->l[1], o->l[2]}};
}

/* Rows of g[0] for the processes of this run: blocks, the first ones one
 * longer when they do not divide evenly. */
static box read_box(const options *o, const MPI_Offset *g)
{
    MPI_Offset base = g[0] / o->nprocs, rem = g[0] % o->nprocs, r = o->rank;
    MPI_Offset z0 = r * base + (r < rem ? r : rem);
    return (box){{z0, 0, 0}, {base + (r < rem), g[1], g[2]}};
}

static void report(const options *o, int ncid, const char *what, int err)
{
    const char *msg = ncid >= 0 ? ncsf_errmsg(ncid) : "";
    fprintf(stderr, "scaling [%d]: %s: %s%s%s\n", o->rank, what, ncmpi_strerror(err), *msg ? ": " : "", msg);
}

/* End a phase: every process learns whether any failed (counted as phase
 * 0, the driver's own bookkeeping). Returns nonzero if one did. */
static int agree(int failed)
{
    int any = 0;
    MPI_Pcontrol(0);
    MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return any;
}

/* def_var's hints (subfiling, N) if for_var, else create's and open's
 * (max_open). */
static MPI_Info hints(const options *o, int for_var)
{
    MPI_Info info;
    char v[32];
    MPI_Info_create(&info);
    if (for_var && o->nfiles > 0) {
        MPI_Info_set(info, "subfiling", "enable");
        snprintf(v, sizeof v, "%d", o->nfiles);
        MPI_Info_set(info, "subfiling_nfiles", v);
    } else if (o->max_open > 0) {
        snprintf(v, sizeof v, "%d", o->max_open);
        MPI_Info_set(info, "subfiling_max_open", v);
    }
    return info;
}

/* Phase 1: create, define, enddef. The variable gets the subfiling hints
 * on def_var, max_open goes to create. phase: where it is counted;
 * path: the file. */
static int phase_create_as(const options *o, int phase, const char *path, const MPI_Offset *g, int *ncid,
                           int *varid)
{
    static const char *const names[3] = {"z", "y", "x"};
    int dim[3], err;
    MPI_Info cinfo = hints(o, 0), vinfo = hints(o, 1);
    MPI_Pcontrol(phase);
    err = ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, cinfo, ncid);
    if (err) { report(o, -1, "create", err); *ncid = -1; }
    for (int d = 0; !err && d < 3; d++)
        if ((err = ncmpi_def_dim(*ncid, names[d], g[d], &dim[d]))) report(o, *ncid, "def_dim", err);
    if (!err && (err = ncmpi_def_var(*ncid, "v", NC_DOUBLE, 3, dim, varid, vinfo)))
        report(o, *ncid, "def_var", err);
    if (!err && (err = ncmpi_enddef(*ncid))) report(o, *ncid, "enddef", err);
    MPI_Info_free(&cinfo);
    MPI_Info_free(&vinfo);
    return err;
}

static int phase_create(const options *o, const MPI_Offset *g, int *ncid, int *varid)
{
    return phase_create_as(o, PH_CREATE, o->path, g, ncid, varid);
}

/* Phases 6 and 7: o->loops more datasets, path.1, path.2, ..., each
 * created (phase 6), its block written once (phase 0, not counted) and
 * closed (phase 7), then removed. */
static int run_loop(const options *o, double *buf)
{
    MPI_Offset g[3] = {(MPI_Offset)o->nprocs * o->l[0], o->l[1], o->l[2]};
    box b = write_box(o);
    char path[4096];
    int err = 0;
    for (int k = 1; k <= o->loops && !err; k++) {
        int ncid = -1, varid = -1;
        snprintf(path, sizeof path, "%s.%d", o->path, k);
        int e = phase_create_as(o, PH_RECREATE, path, g, &ncid, &varid);
        if (!agree(e != 0)) {
            fill(buf, &b, g, k, 0);
            e = ncmpi_put_vara_double_all(ncid, varid, b.start, b.count, buf);
            if (e) report(o, ncid, "put_vara_double_all (loop)", e);
            err = agree(e != 0);
        } else err = 1;
        if (ncid >= 0) {
            MPI_Pcontrol(PH_RECLOSE);
            e = ncmpi_close(ncid);
            if (e) report(o, -1, "close (loop)", e);
            err |= agree(e != 0);
        }
        if (o->rank == 0) ncmpi_delete(path, MPI_INFO_NULL);
    }
    return err;
}

/* Phase 2: the same block written NPUT times, versions 0 .. NPUT-1. */
static int phase_put(const options *o, const MPI_Offset *g, int ncid, int varid, double *buf)
{
    box b = write_box(o);
    int err = 0;
    MPI_Pcontrol(PH_PUT);
    for (int k = 0; k < NPUT && !err; k++) {
        fill(buf, &b, g, k, 0);
        if ((err = ncmpi_put_vara_double_all(ncid, varid, b.start, b.count, buf)))
            report(o, ncid, "put_vara_double_all", err);
    }
    return err;
}

/* Phase 3: the block once more (version NPUT), as NSLAB slabs along y, one
 * iput each, then one wait_all (always reached, so that it stays
 * collective even if an iput failed here). */
static int phase_iput(const options *o, const MPI_Offset *g, int ncid, int varid, double *buf)
{
    box b = write_box(o);
    int req[NSLAB], st[NSLAB], n = 0, err = 0;
    double *p = buf;
    MPI_Pcontrol(PH_IPUT);
    for (int k = 0; k < NSLAB; k++) {
        box s = b;
        s.start[1] = o->l[1] * k / NSLAB;
        s.count[1] = o->l[1] * (k + 1) / NSLAB - s.start[1];
        fill(p, &s, g, NPUT, 0);
        int e = ncmpi_iput_vara_double(ncid, varid, s.start, s.count, p, &req[n]);
        if (e) { report(o, ncid, "iput_vara_double", e); err = e; }
        else n++;
        p += box_size(&s);
    }
    int e = ncmpi_wait_all(ncid, n, req, st);
    if (e) { report(o, ncid, "wait_all", e); err = e; }
    for (int k = 0; k < n && !e; k++)
        if (st[k]) { report(o, ncid, "iput request", st[k]); err = st[k]; }
    return err;
}

static int phase_close(const options *o, int ncid)
{
    MPI_Pcontrol(PH_CLOSE);
    int err = ncmpi_close(ncid);
    if (err) report(o, -1, "close", err);
    return err;
}

/* Phase 5: open, read this run's block of rows, close; *bad gets the
 * number of wrong values, *nfiles the variable's number of subfiles. */
static int phase_read(const options *o, long *bad, int *nfiles)
{
    int ncid = -1, varid, dim[3], nd = 0, enabled = 0, err;
    MPI_Offset g[3] = {0, 0, 0};
    double *buf = NULL;
    MPI_Info info = hints(o, 0);
    MPI_Pcontrol(PH_READ);
    err = ncmpi_open(MPI_COMM_WORLD, o->path, NC_NOWRITE, info, &ncid);
    MPI_Info_free(&info);
    if (err) { report(o, -1, "open", err); return err; }
    if ((err = ncmpi_inq_varid(ncid, "v", &varid)) || (err = ncmpi_inq_varndims(ncid, varid, &nd)) ||
        (nd != 3 && (err = NC_EINVAL)) || (err = ncmpi_inq_vardimid(ncid, varid, dim)) ||
        (err = ncsf_inq_var_subfiling(ncid, varid, &enabled, nfiles)))
        report(o, ncid, "inq v", err);
    for (int d = 0; !err && d < 3; d++)
        if ((err = ncmpi_inq_dimlen(ncid, dim[d], &g[d]))) report(o, ncid, "inq_dimlen", err);
    box b = read_box(o, g);
    if (!err && !(buf = malloc(sizeof(double) * (box_size(&b) ? box_size(&b) : 1)))) err = NC_ENOMEM;
    /* every process reaches the get (a collective) once the inquiries,
     * which are local, succeeded everywhere: they read the same header */
    if (!err && (err = ncmpi_get_vara_double_all(ncid, varid, b.start, b.count, buf)))
        report(o, ncid, "get_vara_double_all", err);
    int e = ncmpi_close(ncid);
    if (e) report(o, -1, "close after read", e);
    if (!err && !e) *bad = fill(buf, &b, g, NPUT, 1);
    free(buf);
    return err ? err : e;
}

static int parse(int argc, char **argv, options *o)
{
    o->nfiles = o->nprocs;
    o->l[0] = 4, o->l[1] = 8, o->l[2] = 8;
    o->path = "scaling.nc";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-w")) o->write_only = 1;
        else if (!strcmp(a, "-r")) o->read_only = 1;
        else if (!v) return -1;
        else if (!strcmp(a, "-n")) o->nfiles = atoi(v), i++;
        else if (!strcmp(a, "-m")) o->max_open = atoi(v), i++;
        else if (!strcmp(a, "-c")) o->loops = atoi(v), i++;
        else if (!strcmp(a, "-f")) o->path = v, i++;
        else if (!strcmp(a, "-d") && (!strcmp(v, "aligned") || !strcmp(v, "straddle")))
            o->straddle = !strcmp(v, "straddle"), i++;
        else if (!strcmp(a, "-s")) {
            long long z, y, x;
            if (sscanf(v, "%lldx%lldx%lld", &z, &y, &x) != 3) return -1;
            o->l[0] = z, o->l[1] = y, o->l[2] = x, i++;
        } else return -1;
    }
    if (o->nfiles < 0 || o->loops < 0 || o->l[0] < 1 || o->l[1] < 1 || o->l[2] < 1 || (o->read_only && o->write_only))
        return -1;
    if (o->straddle && o->l[0] < 2) return -1; /* half a block of one row is none */
    return 0;
}

static int write_phase(const options *o, int k, const MPI_Offset *g, int *ncid, int *varid, double *buf)
{
    switch (k) {
    case PH_CREATE: return phase_create(o, g, ncid, varid);
    case PH_PUT: return phase_put(o, g, *ncid, *varid, buf);
    case PH_IPUT: return phase_iput(o, g, *ncid, *varid, buf);
    default: return phase_close(o, *ncid);
    }
}

/* Phases 1-4, each followed by the agreement on errors; after a failure
 * only the close, if the file was created. secs[k] gets phase k's time. */
static int run_write(const options *o, double *secs)
{
    MPI_Offset g[3] = {(MPI_Offset)o->nprocs * o->l[0], o->l[1], o->l[2]};
    box b = write_box(o);
    double *buf = malloc(sizeof(double) * box_size(&b));
    int ncid = -1, varid = -1, err = agree(buf == NULL);
    ncsf_engine_counts c0, c1;
    memset(&c0, 0, sizeof c0);
    memset(&c1, 0, sizeof c1);
    for (int k = PH_CREATE; k <= PH_CLOSE; k++) {
        if (err && (k != PH_CLOSE || ncid < 0)) continue;
        if (k == PH_PUT) ncsf_inq_engine_counts(ncid, &c0);
        double t = MPI_Wtime();
        int e = write_phase(o, k, g, &ncid, &varid, buf);
        secs[k] = MPI_Wtime() - t;
        if (k == PH_PUT) ncsf_inq_engine_counts(ncid, &c1);
        err |= agree(e != 0);
    }
    if (!err && o->loops) err = run_loop(o, buf);
    /* the engine's own counts over the ten puts (outside the counted
     * phases): the steps a rank waits on in sequence, per call, show the
     * critical path (constant: no chain of groups, whatever N) */
    long long d[4] = {c1.group_waits - c0.group_waits, c1.plan_builds - c0.plan_builds,
                      c1.plan_hits - c0.plan_hits, c1.file_opens - c0.file_opens}, mx[4];
    MPI_Allreduce(d, mx, 4, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    if (o->rank == 0 && !err && o->nfiles > 0)
        printf("ENGINE put10 (max over ranks, 10 calls): group_waits %lld plans_built %lld plans_reused %lld "
               "subfile_opens %lld\n", mx[0], mx[1], mx[2], mx[3]);
    free(buf);
    return err;
}

int main(int argc, char **argv)
{
    options o;
    memset(&o, 0, sizeof o);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &o.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &o.nprocs);
    if (parse(argc, argv, &o)) {
        if (o.rank == 0)
            fprintf(stderr, "usage: scaling [-n nfiles] [-d aligned|straddle] [-s ZxYxX] [-m max_open]\n"
                            "               [-f path] [-c loops] [-w|-r]   (straddle needs Z >= 2)\n");
        MPI_Finalize();
        return 2;
    }
    int err = 0, nfiles = o.nfiles;
    long bad = 0, total = 0;
    double secs[PH_READ + 1] = {0};
    if (!o.read_only) err = run_write(&o, secs);
    if (!err && !o.write_only) {
        double t = MPI_Wtime();
        int e = phase_read(&o, &bad, &nfiles);
        secs[PH_READ] = MPI_Wtime() - t;
        err = agree(e != 0);
        MPI_Allreduce(&bad, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    }
    if (o.rank == 0)
        printf("VERIFY scaling %d processes, %d subfiles, %s: %s (%ld wrong values%s)\n", o.nprocs, nfiles,
               o.read_only ? "read only" : o.straddle ? "straddle" : "aligned",
               err || total ? "FAILED" : "ok", total, o.write_only ? "; written, not read back" : "");
    /* rank 0's wall time: where a run spends its time, not a measurement
     * (oversubscribed, it says more about the scheduler than about ncsf) */
    if (o.rank == 0)
        printf("TIME rank 0: create %.2f put10 %.2f iput_wait %.2f close %.2f read %.2f s\n", secs[PH_CREATE],
               secs[PH_PUT], secs[PH_IPUT], secs[PH_CLOSE], secs[PH_READ]);
    MPI_Finalize();
    return err || total ? 1 : 0;
}
