/*
 * layouts.c: the context's table of layouts, looked up by id (every part
 * of the engine reads it; context.c alone fills it, at enddef), and the
 * subfile offsets a rank learns through the caller when it lacks them.
 */
#include "sf_internal.h"

const sf_layout *sf_context_layout(const sf_context *ctx, int id)
{
    return (id >= 0 && id < ctx->nlayouts) ? ctx->layouts[id] : NULL;
}

int sf_need_offsets(sf_context *ctx, int file_id, int block)
{
    const sf_layout *lay = sf_context_layout(ctx, file_id);
    if (!lay) return SF_ERR_ARG;
    for (int i = 0; i < ctx->nlayouts; i++) {
        const sf_layout *l = ctx->layouts[i];
        sf_offsets o;
        if (l && l->file_id == file_id && (!sf_layout_get_offsets(l, block, &o) || o.begin < 0 || o.recsize < 0))
            return ctx->learn ? ctx->learn(ctx->learn_arg, file_id, block) : SF_ERR_ARG;
    }
    return SF_OK;
}
