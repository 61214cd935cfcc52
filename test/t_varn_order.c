/*
 * t_varn_order: a varn's pieces in any order, cut anywhere.
 *
 *   t_varn_order DIR NFILES
 *
 * The engine's path for many pieces merges runs that go on in the block
 * and in the buffer, merges each home's runs when every member sends them
 * in order (a few ascending stretches) and sorts them otherwise. Here the
 * columns [0, NCOL) of w(lev=4, ncol) double, subfiled along ncol into
 * NFILES, are cut into runs of 1..5 columns given to pseudo-random
 * processes; each process writes its runs with put_varn_all in one order
 * and reads them back with get_varn_all in another, its pieces listed:
 *   0 in file order, each run cut in two adjacent pieces;
 *   1 with the levels descending (a few stretches at each home);
 *   2 in a pseudo-random permutation (more stretches than are merged);
 * for every pair of orders (a fresh dataset each), every value checked,
 * and the whole variable read by every process through get_vara_all.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncsf.h>

enum { NLEV = 4, CHUNKS = 700, NORDERS = 3 };

static int rank, nprocs, failures;
static MPI_Offset ncol, nmine, mycols, *c0, *cl;

#define CHECK(e, what) do { int e_ = (e); if (e_ != NC_NOERR) { \
    fprintf(stderr, "[%d] %s: %s\n", rank, what, ncmpi_strerror(e_)); failures++; } } while (0)

static unsigned long long mix(unsigned long long x)
{
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33;
    return x;
}

static void decompose(void)
{
    MPI_Offset col = 0, total = (MPI_Offset)CHUNKS * nprocs;
    c0 = malloc(sizeof(MPI_Offset) * total);
    cl = malloc(sizeof(MPI_Offset) * total);
    for (MPI_Offset i = 0; i < total; i++) {
        unsigned long long h = mix((unsigned long long)i * 7919 + 17);
        MPI_Offset l = 1 + (MPI_Offset)(h % 5);
        if ((int)((h >> 32) % (unsigned long long)nprocs) == rank) {
            c0[nmine] = col;
            cl[nmine] = l;
            nmine++;
            mycols += l;
        }
        col += l;
    }
    ncol = col;
}

static double value(MPI_Offset k, MPI_Offset c) { return 1.0e6 * (double)k + (double)c + 0.5; }

/* The pieces of order o (a varn's buffer holds them one after the other
 * in the order listed: pack() fills and checks it from the coordinates). */
typedef struct { MPI_Offset n, *flat, **st, **ct; } pieces;

static void add(pieces *p, MPI_Offset k, MPI_Offset c, MPI_Offset len)
{
    MPI_Offset *w = p->flat + 4 * p->n;
    w[0] = k; w[1] = c; w[2] = 1; w[3] = len;
    p->st[p->n] = w;
    p->ct[p->n++] = w + 2;
}

static void make_pieces(pieces *p, int o)
{
    MPI_Offset cap = 2 * nmine * NLEV + 1;
    p->n = 0;
    p->flat = malloc(sizeof(MPI_Offset) * 4 * cap);
    p->st = malloc(sizeof(MPI_Offset *) * cap);
    p->ct = malloc(sizeof(MPI_Offset *) * cap);
    for (MPI_Offset kk = 0; kk < NLEV; kk++) {
        MPI_Offset k = o == 1 ? NLEV - 1 - kk : kk;
        for (MPI_Offset i = 0; i < nmine; i++) {
            if (o == 0 && cl[i] > 1) { /* two adjacent pieces */
                add(p, k, c0[i], cl[i] / 2);
                add(p, k, c0[i] + cl[i] / 2, cl[i] - cl[i] / 2);
            } else {
                add(p, k, c0[i], cl[i]);
            }
        }
    }
    if (o == 2) /* a permutation (another on each process) */
        for (MPI_Offset i = p->n - 1; i > 0; i--) {
            MPI_Offset j = (MPI_Offset)(mix((unsigned long long)(i * 31 + rank)) % (unsigned long long)(i + 1));
            MPI_Offset *t = p->st[i]; p->st[i] = p->st[j]; p->st[j] = t;
            t = p->ct[i]; p->ct[i] = p->ct[j]; p->ct[j] = t;
        }
}

static void free_pieces(pieces *p) { free(p->flat); free(p->st); free(p->ct); }

/* The varn buffer of order p from the level-major values, and back. */
static void pack(const pieces *p, double *buf, int fill)
{
    MPI_Offset e = 0;
    for (MPI_Offset i = 0; i < p->n; i++)
        for (MPI_Offset c = 0; c < p->ct[i][1]; c++, e++) {
            MPI_Offset k = p->st[i][0], col = p->st[i][1] + c;
            if (fill) buf[e] = value(k, col);
            else if (buf[e] != value(k, col)) failures += failures < 1000000;
        }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (argc < 3) {
        if (rank == 0) fprintf(stderr, "usage: t_varn_order DIR NFILES\n");
        MPI_Finalize();
        return 2;
    }
    decompose();
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "subfiling", "enable");
    MPI_Info_set(info, "subfiling_nfiles", argv[2]);
    MPI_Info_set(info, "subfiling_dims", "ncol");
    MPI_Info_set(info, "subfiling_min_size", "0");
    double *buf = malloc(sizeof(double) * (mycols * NLEV + 1));
    double *all = malloc(sizeof(double) * ncol * NLEV);
    pieces p[NORDERS];
    for (int o = 0; o < NORDERS; o++) make_pieces(&p[o], o);
    for (int wo = 0; wo < NORDERS; wo++)
        for (int ro = 0; ro < NORDERS; ro++) {
            char path[4096], what[64];
            snprintf(path, sizeof path, "%s/order%d%d.nc", argv[1], wo, ro);
            int ncid, dims[2], v, before = failures;
            CHECK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, info, &ncid), "create");
            CHECK(ncmpi_def_dim(ncid, "lev", NLEV, &dims[0]), "def_dim");
            CHECK(ncmpi_def_dim(ncid, "ncol", ncol, &dims[1]), "def_dim");
            CHECK(ncmpi_def_var(ncid, "w", NC_DOUBLE, 2, dims, &v), "def_var");
            CHECK(ncmpi_enddef(ncid), "enddef");
            pack(&p[wo], buf, 1);
            snprintf(what, sizeof what, "put_varn_all, order %d", wo);
            CHECK(ncmpi_put_varn_double_all(ncid, v, (int)p[wo].n, p[wo].st, p[wo].ct, buf), what);
            CHECK(ncmpi_close(ncid), "close");
            CHECK(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, info, &ncid), "open");
            memset(buf, 0, sizeof(double) * (mycols * NLEV + 1));
            snprintf(what, sizeof what, "get_varn_all, order %d", ro);
            CHECK(ncmpi_get_varn_double_all(ncid, v, (int)p[ro].n, p[ro].st, p[ro].ct, buf), what);
            pack(&p[ro], buf, 0);
            MPI_Offset st[2] = {0, 0}, ct[2] = {NLEV, ncol};
            CHECK(ncmpi_get_vara_double_all(ncid, v, st, ct, all), "get_vara_all");
            for (MPI_Offset k = 0; k < NLEV; k++)
                for (MPI_Offset c = 0; c < ncol; c++)
                    if (all[k * ncol + c] != value(k, c)) failures += failures < 1000000;
            CHECK(ncmpi_close(ncid), "close");
            if (failures > before)
                fprintf(stderr, "[%d] written in order %d, read in order %d: %d wrong\n", rank, wo, ro, failures - before);
        }
    long minp = (long)p[2].n, maxp;
    MPI_Allreduce(&minp, &maxp, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0) printf("t_varn_order: %d processes, %s subfiles, %lld columns, up to %ld pieces\n", nprocs, argv[2],
                          (long long)ncol, maxp);
    for (int o = 0; o < NORDERS; o++) free_pieces(&p[o]);
    MPI_Info_free(&info);
    free(buf);
    free(all);
    free(c0);
    free(cl);
    int total;
    MPI_Allreduce(&failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return total ? 1 : 0;
}
