/*
 * errors.c: engine error codes from MPI's, and the message a rank keeps
 * about the first subfile it failed on (the caller prints it).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/statvfs.h>
#include "sf_internal.h"

/* Does MPI's description of err contain the C library's text for errnum?
 * ROMIO reports a failed write() as MPI_ERR_IO with strerror's text. */
static int says(int err, int errnum)
{
    char msg[MPI_MAX_ERROR_STRING + 1];
    int len = 0;
    if (MPI_Error_string(err, msg, &len) != MPI_SUCCESS) return 0;
    msg[len < MPI_MAX_ERROR_STRING ? len : MPI_MAX_ERROR_STRING] = 0;
    return strstr(msg, strerror(errnum)) != NULL;
}

int sf_error_from_mpi(int mpi_err, int fallback)
{
    int cls;
    if (mpi_err == MPI_SUCCESS) return SF_OK;
    if (MPI_Error_class(mpi_err, &cls) != MPI_SUCCESS) return fallback;
    if (cls == MPI_ERR_IO) {
        if (says(mpi_err, ENOSPC)) return SF_ERR_NOSPACE;
#ifdef EDQUOT
        if (says(mpi_err, EDQUOT)) return SF_ERR_QUOTA;
#endif
        if (says(mpi_err, EFBIG)) return SF_ERR_FBIG;
        if (says(mpi_err, EMFILE) || says(mpi_err, ENFILE)) return SF_ERR_NOFILES;
    }
    if (cls == MPI_ERR_NO_SUCH_FILE) return SF_ERR_NOENT;
    if (cls == MPI_ERR_ACCESS || cls == MPI_ERR_READ_ONLY) return SF_ERR_ACCESS;
    if (cls == MPI_ERR_NO_SPACE) return SF_ERR_NOSPACE;
    if (cls == MPI_ERR_QUOTA) return SF_ERR_QUOTA;
    return fallback;
}

static const char *describe(int err)
{
    switch (err) {
    case SF_ERR_NOMEM: return "out of memory";
    case SF_ERR_NOENT: return "no such file";
    case SF_ERR_ACCESS: return "permission denied";
    case SF_ERR_OPEN: return "cannot open it";
    case SF_ERR_WRITE: return "I/O error";
    case SF_ERR_FBIG: return "file too large (the process's file-size limit)";
    case SF_ERR_READ: return "I/O error";
    case SF_ERR_NOSPACE: return "no space left on the file system";
    case SF_ERR_QUOTA: return "quota exceeded";
    case SF_ERR_CLOSE: return "closing it failed";
    case SF_ERR_ARG: return "the engine could not describe the request";
    case SF_ERR_NOFILES:
        return "too many open files (the process's descriptor limit): raise it (ulimit -n), or let "
               "the dataset hold fewer subfiles open at once (hint subfiling_max_open)";
    default: return "an MPI call failed";
    }
}

/* Whether the file system of path has no block left for this process. */
static int no_space(const char *path)
{
    struct statvfs s;
    return statvfs(path, &s) == 0 && s.f_bavail == 0;
}

int sf_note_failure(sf_context *ctx, int err, int file_id, int block, int write)
{
    if (err == SF_OK) return err;
    const sf_layout *lay = sf_context_layout(ctx, file_id);
    char path[SF_PATH_MAX];
    sf_layout_path(lay, block, path, sizeof path);
    /* An MPI-IO that does not say why a write failed (Open MPI's: OMPIO
     * returns a short write, its ROMIO MPI_ERR_IO without the C library's
     * text) on a file system with no space left: that is why, as MPICH's
     * ROMIO would say */
    if (write && err == SF_ERR_WRITE && no_space(path)) err = SF_ERR_NOSPACE;
    if (ctx->errmsg[0]) return err;
    snprintf(ctx->errmsg, sizeof ctx->errmsg, "%s subfile %.400s failed: %s", /* (the message's bound) */
             write ? "writing" : "reading", path, describe(err));
    return err;
}

int sf_context_take_error(sf_context *ctx, char *buf, size_t len)
{
    if (!ctx || !ctx->errmsg[0] || len == 0) return 0;
    snprintf(buf, len, "%s", ctx->errmsg);
    ctx->errmsg[0] = 0; /* the next failure gets its own message */
    return 1;
}
