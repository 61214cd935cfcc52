/*
 * path.c: which of the engine's data paths a call takes, decided here and
 * nowhere else (doc/architecture.md, "The engine's data paths", has the
 * table: when each is taken, what it costs, the test that pins it).
 *
 * A collective call takes one of four paths, the same on every rank:
 *  - by runs (runs_exec.c) when any rank has many-piece requests (varn,
 *    vard): the other ranks' requests go by runs too;
 *  - direct (direct.c) when it is a read and every rank's pieces are
 *    runs of the subfiles long enough to read alone: each rank has read
 *    them before the first reduction, which is then the call's only one;
 *  - else a plan (plan_build.c), carried out by gathering at one leader
 *    per subfile (exec_gather.c) or, with the hint subfiling_aggregate=0
 *    (agg_max 0, the same on every rank), by collective MPI-IO on each
 *    subfile's group (exec_mpiio.c).
 * Each rank says what it has in flags the first reduction or-s
 * (sf_path_wish); the path follows from the or (sf_path_choose), so no
 * rank can take another path than the others and the choice costs no
 * collective of its own.
 *
 * An independent call's path is the kind of its requests: boxes one by
 * one through a handle of this rank's (sf_access_indep), many pieces by
 * runs (sf_access_indep_runs); a call with both kinds takes both.
 */
#include "sf_internal.h"

int sf_path_wish(const sf_context *ctx, const sf_call *c, int ok, int *alone)
{
    int wish = 0;
    if (c->nnreq > 0) wish |= SF_WISH_RUNS;
    if (c->write) wish |= SF_WISH_WRITE;
    /* a read this rank would rather do alone; a rank that takes part with
     * nothing (SF_ROUTE_ANY) reads nothing and asks for no plan */
    *alone = ok && !c->write && c->nnreq == 0 && c->route == SF_ROUTE_ENGINE && !c->caller_err;
    if (*alone && !sf_direct_eligible(ctx, c->nreq, c->reqs)) {
        wish |= SF_WISH_PLAN;
        *alone = 0;
    }
    return wish;
}

int sf_path_choose(const sf_context *ctx, int agreed)
{
    if (agreed & SF_WISH_RUNS) return SF_PATH_RUNS;
    if (!(agreed & (SF_WISH_PLAN | SF_WISH_WRITE))) return SF_PATH_DIRECT;
    return ctx->agg_max > 0 ? SF_PATH_GATHER : SF_PATH_MPIIO;
}

int sf_path_method(int path)
{
    return path == SF_PATH_MPIIO ? SF_MPIIO : SF_GATHER;
}
