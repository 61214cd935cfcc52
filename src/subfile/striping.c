/*
 * striping.c: the hints a subfile is created with.
 *
 * Whatever file-system hints the dataset was given (striping_factor,
 * striping_unit, and ROMIO's others: cb_*, romio_*, ind_*) go to every
 * subfile unchanged: the caller passes the dataset's info. When the
 * dataset names no striping and the subfile's directory is on a striped
 * file system (Lustre, told by the statfs magic of the directory), each
 * subfile gets one stripe sized to its data: a subfile is written by its
 * own group, so one object storage target per subfile spreads the
 * subfiles over the targets without their writers sharing a stripe. On
 * any other file system nothing is added.
 */
#include <stdio.h>
#include <string.h>
#include <sys/vfs.h>
#include "sf_internal.h"

#define SF_LUSTRE_MAGIC 0x0BD00BD0L
#define SF_STRIPE_ALIGN ((MPI_Offset)64 << 10)       /* Lustre's stripe size unit */
#define SF_STRIPE_MAX (((MPI_Offset)4 << 30) - SF_STRIPE_ALIGN)

int sf_path_striped(const char *path)
{
    char dir[SF_PATH_MAX];
    const char *slash = strrchr(path, '/');
    if (!slash) strcpy(dir, ".");
    else if (slash == path) strcpy(dir, "/");
    else if ((size_t)(slash - path) < sizeof dir) { memcpy(dir, path, (size_t)(slash - path)); dir[slash - path] = 0; }
    else return 0;
    struct statfs s;
    if (statfs(dir, &s) != 0) return 0;
    return (long)s.f_type == SF_LUSTRE_MAGIC;
}

MPI_Offset sf_stripe_size_for(MPI_Offset bytes)
{
    MPI_Offset u = (bytes + SF_STRIPE_ALIGN - 1) / SF_STRIPE_ALIGN * SF_STRIPE_ALIGN;
    if (u < SF_STRIPE_ALIGN) u = SF_STRIPE_ALIGN;
    return u > SF_STRIPE_MAX ? SF_STRIPE_MAX : u;
}

static int has_key(MPI_Info info, const char *key)
{
    int len = 0, flag = 0;
    if (info == MPI_INFO_NULL) return 0;
    if (MPI_Info_get_valuelen(info, key, &len, &flag) != MPI_SUCCESS) return 0; /* unreadable: not given */
    return flag;
}

int sf_subfile_info(MPI_Info base, const char *path, MPI_Offset bytes, int striped, MPI_Info *out)
{
    *out = MPI_INFO_NULL;
    int rc = base != MPI_INFO_NULL ? MPI_Info_dup(base, out) : MPI_Info_create(out);
    if (rc != MPI_SUCCESS) { *out = MPI_INFO_NULL; return SF_ERR_NOMEM; }
    if (striped < 0) striped = sf_path_striped(path);
    if (!striped || has_key(base, "striping_factor") || has_key(base, "striping_unit")) return SF_OK;
    char v[32];
    snprintf(v, sizeof v, "%lld", (long long)sf_stripe_size_for(bytes));
    if (MPI_Info_set(*out, "striping_factor", "1") != MPI_SUCCESS ||
        MPI_Info_set(*out, "striping_unit", v) != MPI_SUCCESS) {
        MPI_Info_free(out);
        return SF_ERR_NOMEM;
    }
    return SF_OK;
}
