/*
 * datatype.c: the MPI datatypes that select a strided box of bytes, used
 * both as file types (a piece inside a subfile block) and as memory types
 * (the same piece inside the caller's contiguous request buffer).
 */
#include <limits.h>
#include "sf_internal.h"

int sf_box_type(int n, const MPI_Offset *cnt, const MPI_Offset *step,
                int elsize, MPI_Datatype *type)
{
    MPI_Datatype t, next = MPI_DATATYPE_NULL;
    int d = n - 1;
    for (int i = 0; i < n; i++)
        if (cnt[i] > INT_MAX) return SF_ERR_ARG;

    /* innermost dimension: a run of elements, contiguous or strided */
    if (n == 0) {
        if (MPI_Type_contiguous(elsize, MPI_BYTE, &t) != MPI_SUCCESS) return SF_ERR_MPI;
    } else if (step[d] == elsize) {
        if ((MPI_Offset)elsize * cnt[d] <= INT_MAX) {
            if (MPI_Type_contiguous((int)(elsize * cnt[d]), MPI_BYTE, &t) != MPI_SUCCESS)
                return SF_ERR_MPI;
        } else {
            MPI_Datatype el;
            if (MPI_Type_contiguous(elsize, MPI_BYTE, &el) != MPI_SUCCESS) return SF_ERR_MPI;
            int err = SF_MPI_OK(MPI_Type_contiguous((int)cnt[d], el, &t));
            sf_keep(&err, sf_type_free(&el));
            if (err != SF_OK) return err;
        }
    } else {
        if (MPI_Type_create_hvector((int)cnt[d], elsize, (MPI_Aint)step[d], MPI_BYTE, &t) != MPI_SUCCESS)
            return SF_ERR_MPI;
    }
    /* outer dimensions, innermost first; a dimension of one item adds
     * nothing but a level of nesting, so skip it */
    for (d = n - 2; d >= 0; d--) {
        if (cnt[d] == 1) continue;
        next = MPI_DATATYPE_NULL;
        int err = SF_MPI_OK(MPI_Type_create_hvector((int)cnt[d], 1, (MPI_Aint)step[d], t, &next));
        sf_keep(&err, sf_type_free(&t));
        if (err != SF_OK) {
            sf_keep(&err, sf_type_free(&next));
            return err;
        }
        t = next;
    }
    if (MPI_Type_commit(&t) != MPI_SUCCESS) {
        int err = SF_ERR_MPI;
        sf_keep(&err, sf_type_free(&t)); /* the first error is the one told */
        return err;
    }
    *type = t;
    return SF_OK;
}

int sf_type_free(MPI_Datatype *t)
{
    if (*t == MPI_DATATYPE_NULL) return SF_OK;
    return SF_MPI_OK(MPI_Type_free(t));
}
