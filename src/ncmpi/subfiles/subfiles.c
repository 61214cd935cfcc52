/*
 * subfiles.c: the subfiles of a dataset, and whose business each one is.
 *
 * A subfile is a file: block k of a variable, or of every variable of a
 * subfiling_group (they share it). Its home rank (sf_home_of: the same
 * rule the engine plans with) creates it at enddef (subfile_create.c),
 * checks it at open (subfile_check.c) and finishes it at sync and close
 * (subfile_finish.c), and it alone learns where its data starts: the
 * engine passes that on to the ranks that touch it when it plans their
 * access, and a rank that reads or writes it independently reads its
 * header then. Nothing here costs a rank more than the subfiles it is
 * home of, plus one reduction of a few words per variable.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "ncsfi_subfiles.h"

/* Only this rank's: the home rule gives each rank one run of blocks per
 * set of files, found without looking at the others' (O(V + own)). */
int ncsfi_home_files(ncsf_file *f, int only_new, ncsf_slot **out, int *n)
{
    int total = 0, first, end;
    for (int i = 0; i < f->nvars_cap; i++) {
        ncsf_var *v = f->vars[i];
        if (!v || v->file_id != v->varid || (only_new && v->created)) continue;
        sf_home_blocks(v->file_id, v->nfiles, f->nprocs, f->rank, &first, &end);
        total += end - first;
    }
    ncsf_slot *s = malloc(sizeof(ncsf_slot) * (total ? total : 1));
    if (!s) return NC_ENOMEM;
    int j = 0;
    for (int i = 0; i < f->nvars_cap; i++) {
        ncsf_var *v = f->vars[i];
        if (!v || v->file_id != v->varid || (only_new && v->created)) continue;
        sf_home_blocks(v->file_id, v->nfiles, f->nprocs, f->rank, &first, &end);
        for (int k = first; k < end; k++) s[j++] = (ncsf_slot){v, k};
    }
    *out = s;
    *n = total;
    return NC_NOERR;
}

MPI_Offset ncsfi_mul_add(MPI_Offset a, MPI_Offset b, MPI_Offset c)
{
    MPI_Offset r;
    if (a < 0 || b < 0 || c < 0 || __builtin_mul_overflow(a, b, &r) || __builtin_add_overflow(r, c, &r))
        return -1;
    return r;
}

MPI_Offset ncsfi_block_bytes(const sf_layout *lay, int k)
{
    MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS], n = lay->elsize;
    sf_layout_block(lay, k, st, ct);
    for (int d = lay->record ? 1 : 0; d < lay->ndims && n >= 0; d++) n = ncsfi_mul_add(n, ct[d], 0);
    return n;
}

MPI_Offset ncsfi_expected_size(const sf_layout *lay, int k, MPI_Offset nrecs)
{
    MPI_Offset per = ncsfi_block_bytes(lay, k);
    sf_offsets o;
    if (per < 0 || !sf_layout_get_offsets(lay, k, &o) || o.begin < 0) return -1;
    if (!lay->record) return ncsfi_mul_add(1, per, o.begin);
    /* no records: nothing need follow the header (its padding, up to where
     * the records would begin, is written by no one) */
    if (nrecs == 0) return o.head >= 0 && o.head < o.begin ? o.head : o.begin;
    MPI_Offset r = ncsfi_mul_add(nrecs - 1, o.recsize, o.begin);
    return r < 0 ? -1 : ncsfi_mul_add(1, per, r);
}

/* How many records a put may reach in v by what this rank knows of its
 * subfiles (the ones it is home of): every byte offset of its records
 * must fit in 64 bits, in each subfile and in the base file (its
 * placeholder has a value per record); CDF-1 and CDF-2 count records in
 * 32 bits, as PnetCDF checks for its own variables. */
static MPI_Offset local_max_records(ncsf_file *f, ncsf_var *v)
{
    MPI_Offset max = f->format == NC_FORMAT_CDF5 ? INT64_MAX : (MPI_Offset)NC_MAX_UINT, rs = 0, off = 0;
    if (!v->lay->record) return max;
    /* at create and open only a subfile's home knows its offsets */
    int first, end;
    sf_home_blocks(v->file_id, v->nfiles, f->nprocs, f->rank, &first, &end);
    for (int k = first; k < end; k++) {
        sf_offsets o;
        sf_layout_get_offsets(v->lay, k, &o);
        MPI_Offset per = ncsfi_block_bytes(v->lay, k), b = o.begin, r = o.recsize;
        if (b < 0 || r < 0) continue; /* another rank's: it answers for it */
        if (per < 0 || r == 0 || b > INT64_MAX - per) return 0;
        if ((INT64_MAX - b - per) / r + 1 < max) max = (INT64_MAX - b - per) / r + 1;
    }
    if (!f->via_subfile && ncmpi_inq_recsize(f->ncid, &rs) == NC_NOERR && rs > 0 &&
        ncmpi_inq_varoffset(f->ncid, v->varid, &off) == NC_NOERR && off >= 0 &&
        (INT64_MAX - off - 8) / rs + 1 < max)
        max = (INT64_MAX - off - 8) / rs + 1;
    return max;
}

/* Words of the record limits' reduction kept on the stack: the outcome
 * so far, then one per subfiled variable (more variables: the words are
 * allocated, which one more reduction agrees on). */
#define LIMITS_WORDS 512

int ncsfi_layouts_count(const ncsf_file *f)
{
    int n = 0;
    for (int i = 0; i < f->nvars_cap; i++) n += f->vars[i] != NULL;
    return n;
}

int ncsfi_layouts_local(ncsf_file *f, int take, int64_t *w)
{
    int err = NC_NOERR;
    /* the engine takes the layouts first (no memory: said in the
     * reduction); a layout taken where the outcome is a failure is never
     * used: the variables refuse access */
    for (int i = 0; take && !err && i < f->nvars_cap; i++)
        if (f->vars[i] && !f->vars[i]->in_ctx) {
            if (sf_context_add_layout(f->ctx, f->vars[i]->lay) != SF_OK) err = NC_ENOMEM;
            else f->vars[i]->in_ctx = 1;
        }
    for (int i = 0, k = 0; i < f->nvars_cap; i++)
        if (f->vars[i]) w[k++] = local_max_records(f, f->vars[i]);
    return err;
}

void ncsfi_layouts_agreed(ncsf_file *f, const int64_t *w)
{
    for (int i = 0, k = 0; i < f->nvars_cap; i++)
        if (f->vars[i]) f->vars[i]->max_records = w[k++];
}

/* Collective: the variables go to the engine, their record limits
 * agreed (one word per subfiled variable, in varid order: the subfiled
 * variables are the same on every rank, agreed at enddef or parsed from
 * the same header at open) together with the outcome so far, in one
 * reduction whatever their number. */
int ncsfi_add_layouts(ncsf_file *f, int err)
{
    int n = ncsfi_layouts_count(f);
    int64_t stack[LIMITS_WORDS], *w = stack;
    if (n + 1 > LIMITS_WORDS) {
        w = malloc(sizeof(int64_t) * ((size_t)n + 1));
        err = ncsfi_agreef(f, err ? err : w ? NC_NOERR : NC_ENOMEM);
        if (err) {
            free(w);
            return err;
        }
    }
    int e = ncsfi_layouts_local(f, !err, w + 1);
    w[0] = err ? err : e;
    /* it agrees on the outcome: a trusted reduction (fault.h); as int64,
     * never MPI_OFFSET: Open MPI 4.1.4 orders MPI_OFFSET as unsigned in
     * MPI_MIN and MPI_MAX, and the outcome is a negative code */
    if ((MPI_Allreduce)(MPI_IN_PLACE, w, n + 1, MPI_INT64_T, MPI_MIN, f->comm) != MPI_SUCCESS)
        w[0] = err ? err : NC_EMPI;
    err = (int)w[0];
    if (!err) ncsfi_layouts_agreed(f, w + 1);
    if (w != stack) free(w);
    return err;
}

/* Opening a file failed: when this process has no descriptor left (one
 * more open of /dev/null fails with EMFILE or ENFILE), the cause and its
 * remedy, to follow the message; else "". */
const char *ncsfi_nofiles_remedy(void)
{
    int fd = open("/dev/null", O_RDONLY);
    if (fd >= 0) {
        close(fd);
        return "";
    }
    if (errno != EMFILE && errno != ENFILE) return "";
    return " (too many open files: the process's descriptor limit is reached; raise it with "
           "ulimit -n, or let the dataset hold fewer subfiles open at once with the hint "
           "subfiling_max_open)";
}
