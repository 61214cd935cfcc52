/*
 * locate.c: from a path to the dataset it belongs to.
 *
 * A subfile records the base file as seen from its own directory
 * (subfiling_base: one "../" for each directory in the subfile's recorded
 * name, then the base file's name). A reader trusts that only as far as
 * the subfile's own recorded name allows: exactly that many "../", then a
 * plain file name. A damaged or crafted subfile cannot make ncsf open a
 * file anywhere else. Every file ncsf opens on a dataset's behalf must be
 * a regular file: a FIFO or a device would block or feed it garbage.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ncsfi_dataset.h"

int ncsfi_regular_file(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0) return errno == ENOENT ? NC_ENOENT : errno == EACCES ? NC_EACCESS : NC_EFILE;
    return S_ISREG(sb.st_mode) ? NC_NOERR : NC_EBAD_FILE;
}

/* The value of a global text attribute, NUL-terminated (NULL if absent or
 * not sensible text). */
static char *global_text(int ncid, const char *name)
{
    nc_type t;
    MPI_Offset len;
    if (ncmpi_inq_att(ncid, NC_GLOBAL, name, &t, &len) != NC_NOERR || t != NC_CHAR || len < 1 || len > 4096)
        return NULL;
    char *s = calloc((size_t)len + 1, 1);
    if (s && ncmpi_get_att_text(ncid, NC_GLOBAL, name, s) != NC_NOERR) { free(s); s = NULL; }
    if (s && strlen(s) != (size_t)len) { free(s); s = NULL; }
    return s;
}

int ncsfi_is_subfile(int ncid)
{
    nc_type t;
    MPI_Offset len;
    return ncmpi_inq_att(ncid, NC_GLOBAL, "subfiling_base", &t, &len) == NC_NOERR;
}

int ncsfi_locate_base(int ncid, const char *path, char **basep, char **dsdirp, char *why, int whylen)
{
    char *base = global_text(ncid, "subfiling_base"), *own = NULL;
    int err = NC_NOERR, depth = 0;
    *basep = *dsdirp = NULL;
    if (!base) {
        snprintf(why, whylen, "%s: attribute subfiling_base is missing or not text", path);
        return NC_EVARMETA;
    }
    if ((err = ncsfi_own_subfile_name(ncid, &own))) {
        snprintf(why, whylen, "%s: the subfile does not record its own name", path);
        goto out;
    }
    for (const char *c = own; *c; c++) depth += *c == '/';
    /* exactly depth "../", then a plain name */
    const char *stem = base;
    for (int i = 0; i < depth; i++, stem += 3)
        if (strncmp(stem, "../", 3)) { err = NC_EVARMETA; break; }
    if (!err && (!*stem || strchr(stem, '/') || !strcmp(stem, ".") || !strcmp(stem, "..") ||
                 ncsfi_has_control_char(stem)))
        err = NC_EVARMETA;
    if (err) {
        snprintf(why, whylen, "%s: attribute subfiling_base \"%s\" does not lead from the subfile's "
                 "recorded name %s to a base file beside the dataset", path, base, own);
        goto out;
    }
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
    char *up = malloc(3 * (size_t)depth + 2);
    if (!dir || !up) { free(dir); free(up); err = NC_ENOMEM; goto out; }
    up[0] = 0;
    for (int i = 0; i < depth; i++) strcat(up, i ? "/.." : "..");
    *dsdirp = depth ? ncsfi_join(dir, up) : strdup(dir);
    *basep = *dsdirp ? ncsfi_join(*dsdirp, stem) : NULL;
    free(dir);
    free(up);
    if (!*basep) { free(*dsdirp); *dsdirp = NULL; err = NC_ENOMEM; }
out:
    free(base);
    free(own);
    return err;
}
