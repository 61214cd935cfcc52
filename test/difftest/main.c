/*
 * difftest SEED OUTFILE LOGPREFIX [--ops LIST] [--print]
 *
 * Generates the program of SEED (gen.c) and runs it on OUTFILE, each rank
 * logging to LOGPREFIX.RANK. --ops keeps only the listed op indices
 * ("0,3,5-9"): the shrinker's cut. --print lists the program (on rank 0)
 * instead of running it. Links PnetCDF only: run plain, it tests PnetCDF;
 * run with the ncsf preload, it tests ncsf (scripts/difftest.sh runs both).
 * DIFFTEST_GEN=N generates with the rules of generator version N (a
 * reproducer's gen= line); --gen-version prints today's.
 */
#include <stdlib.h>
#include <string.h>
#include "difftest.h"

static void parse_ops(const char *list, char *keep, int n)
{
    memset(keep, 0, (size_t)n);
    for (const char *p = list; *p;) {
        char *end;
        long a = strtol(p, &end, 10), b = a;
        if (end == p) break;
        if (*end == '-') b = strtol(end + 1, &end, 10);
        for (long i = a; i <= b && i < n; i++) if (i >= 0) keep[i] = 1;
        p = *end == ',' ? end + 1 : end;
        if (*end != ',') break;
    }
}

static void print_program(const Program *p)
{
    for (int i = 0; i < p->nops; i++) {
        const Op *o = &p->op[i];
        printf("%03d %s slot=%d slot2=%d type=%d mt=%d api=%d how=%d flex=%d nd=%d len=%lld name=%s name2=%s args=%d,%d,%d,%d\n",
               i, op_name(o->kind), o->slot, o->slot2, o->type, o->mt, o->api, o->how, o->flex, o->nd,
               (long long)o->len, o->name, o->name2, o->arg[0], o->arg[1], o->arg[2], o->arg[3]);
    }
}

int main(int argc, char **argv)
{
    static Program prog;
    static State st;
    char keep[MAXOPS], logname[1024];
    int printing = 0;
    if (argc == 2 && !strcmp(argv[1], "--gen-version")) {   /* for the runner's reproducers */
        printf("%d\n", GEN_VERSION);
        return 0;
    }
    MPI_Init(&argc, &argv);
    if (argc < 4) {
        fprintf(stderr, "usage: difftest SEED OUTFILE LOGPREFIX [--ops LIST] [--print]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    unsigned long long seed = strtoull(argv[1], NULL, 10);
    const char *gv = getenv("DIFFTEST_GEN");   /* a reproducer's generator version */
    gen_program(seed, &prog, gv && *gv ? atoi(gv) : GEN_VERSION);
    memset(keep, 1, sizeof keep);
    for (int i = 4; i < argc; i++) {
        if (!strcmp(argv[i], "--ops") && i + 1 < argc) parse_ops(argv[++i], keep, MAXOPS);
        else if (!strcmp(argv[i], "--print")) printing = 1;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &st.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &st.nprocs);
    if (printing) {
        if (st.rank == 0) print_program(&prog);
        MPI_Finalize();
        return 0;
    }
    st.path = argv[2];
    st.seed = seed;
    for (int i = 0; i < MAXDIMS; i++) st.dimid[i] = -1;
    for (int i = 0; i < MAXVARS; i++) st.varid[i] = -1;
    snprintf(logname, sizeof logname, "%s.%d", argv[3], st.rank);
    st.log = fopen(logname, "w");
    if (!st.log) { perror(logname); MPI_Abort(MPI_COMM_WORLD, 2); }
    for (int i = 0; i < prog.nops; i++)
        if (keep[i]) exec_op(&st, &prog.op[i], i);
    if (st.open) log_line(&st, prog.nops, "close(at the end)", ncmpi_close(st.ncid), NULL);
    fprintf(st.log, "end\n");
    fclose(st.log);
    MPI_Finalize();
    return 0;
}
