/*
 * offsets.c: where each block's bytes lie in its subfile, as far as this
 * rank knows: the offset of the block's data, the distance between two
 * records, and the subfile's header size. A rank learns them only for the
 * subfiles it is home of (it created or checked them) and the ones it
 * accesses (its home told it, or it read the header), so they are kept in
 * a small hash table per layout, never in arrays of nblocks: memory and
 * work stay proportional to what the rank touches, not to N.
 */
#include <stdlib.h>
#include "sf.h"

struct sf_offset_map {
    int cap, n;          /* slots (a power of two), used */
    int *key;            /* block + 1; 0: empty */
    sf_offsets *val;
};

static unsigned slot_of(int k, int cap)
{
    unsigned x = (unsigned)k * 2654435761u;
    return (x ^ (x >> 15)) & (unsigned)(cap - 1);
}

int sf_layout_get_offsets(const sf_layout *lay, int k, sf_offsets *out)
{
    const sf_offset_map *m = lay->offsets;
    out->begin = out->recsize = out->head = -1;
    if (!m || k < 0) return 0;
    for (unsigned i = slot_of(k, m->cap);; i = (i + 1) & (unsigned)(m->cap - 1)) {
        if (m->key[i] == 0) return 0;
        if (m->key[i] == k + 1) {
            *out = m->val[i];
            return 1;
        }
    }
}

static int grow(sf_offset_map *m)
{
    int cap = m->cap ? 2 * m->cap : 16;
    int *key = calloc((size_t)cap, sizeof(int));
    sf_offsets *val = malloc(sizeof(sf_offsets) * (size_t)cap);
    if (!key || !val) {
        free(key);
        free(val);
        return SF_ERR_NOMEM;
    }
    for (int j = 0; j < m->cap; j++) {
        if (!m->key[j]) continue;
        unsigned i = slot_of(m->key[j] - 1, cap);
        while (key[i]) i = (i + 1) & (unsigned)(cap - 1);
        key[i] = m->key[j];
        val[i] = m->val[j];
    }
    free(m->key);
    free(m->val);
    m->key = key;
    m->val = val;
    m->cap = cap;
    return SF_OK;
}

int sf_layout_put_offsets(sf_layout *lay, int k, const sf_offsets *in)
{
    if (k < 0 || k >= lay->nblocks) return SF_ERR_ARG;
    if (!lay->offsets && !(lay->offsets = calloc(1, sizeof(sf_offset_map)))) return SF_ERR_NOMEM;
    sf_offset_map *m = lay->offsets;
    if (2 * (m->n + 1) > m->cap && grow(m) != SF_OK) return SF_ERR_NOMEM;
    unsigned i = slot_of(k, m->cap);
    while (m->key[i] && m->key[i] != k + 1) i = (i + 1) & (unsigned)(m->cap - 1);
    if (!m->key[i]) {
        m->key[i] = k + 1;
        m->n++;
    }
    m->val[i] = *in;
    return SF_OK;
}

void sf_offset_map_free(sf_offset_map *m)
{
    if (!m) return;
    free(m->key);
    free(m->val);
    free(m);
}

/* Empties slot i, moving later entries of its run back so that every
 * entry stays reachable from its own slot (no tombstones). */
static void remove_at(sf_offset_map *m, unsigned i)
{
    unsigned mask = (unsigned)m->cap - 1, j = i;
    m->key[i] = 0;
    m->n--;
    for (;;) {
        j = (j + 1) & mask;
        if (!m->key[j]) return;
        unsigned h = slot_of(m->key[j] - 1, m->cap);
        /* the entry at j may stay if its slot lies cyclically in (i, j] */
        int stays = i <= j ? (i < h && h <= j) : (i < h || h <= j);
        if (stays) continue;
        m->key[i] = m->key[j];
        m->val[i] = m->val[j];
        m->key[j] = 0;
        i = j;
    }
}

void sf_layout_forget_offsets(sf_layout *lay, int keep_first, int keep_end)
{
    sf_offset_map *m = lay->offsets;
    if (!m) return;
    for (unsigned i = 0; i < (unsigned)m->cap; i++) {
        /* an entry moved into slot i is looked at too */
        while (m->key[i] && (m->key[i] - 1 < keep_first || m->key[i] - 1 >= keep_end)) remove_at(m, i);
    }
}
