/*
 * paths.c: where subfiles live. Names are made from the base file's name
 * and the variable (or group) name; with the hint subfiling_dir they sit
 * in a directory relative to the base file's, created at the first enddef.
 * Every path recorded in a file is relative and free of "." and "..", so a
 * dataset can be moved as a whole and a damaged name cannot point outside.
 *
 * Names never collide: a variable's subfiles are STEM.NAME.K and a group's
 * STEM.@NAME.K, where NAME keeps only A-Z a-z 0-9 - _ and writes every
 * other byte (the dot and '@' included) as %XX. Every such suffix of STEM
 * has exactly two literal dots, so no suffix is the tail of another: the
 * subfiles of out.nc and of out.nc.a (or of a variable and a group of the
 * same name) can never share a file name.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ncsfi_base.h"

/* Characters kept as they are in a subfile name; others become %XX. */
static int name_safe(unsigned char c)
{
    return (c < 128 && isalnum(c)) || c == '-' || c == '_';
}

/* Bytes of the escaped form of name. */
static size_t escaped_len(const char *name)
{
    size_t n = 0;
    for (const unsigned char *c = (const unsigned char *)name; *c; c++) n += name_safe(*c) ? 1 : 3;
    return n;
}

/* [dir/]stem.[@]name, name escaped: subfile k is this, a dot and k */
char *ncsfi_subfile_stem(const char *dir, const char *stem, const char *name, int group)
{
    size_t n = (dir ? strlen(dir) + 1 : 0) + strlen(stem) + escaped_len(name) + 4;
    char *s = malloc(n), *p;
    if (!s) return NULL;
    p = s + sprintf(s, "%s%s%s.%s", dir ? dir : "", dir ? "/" : "", stem, group ? "@" : "");
    for (const unsigned char *c = (const unsigned char *)name; *c; c++)
        p += name_safe(*c) ? sprintf(p, "%c", *c) : sprintf(p, "%%%02X", *c);
    return s;
}

int ncsfi_var_name(const ncsf_var *v, int k, char *buf, size_t len)
{
    int n = -1;
    if (k < 0 || k >= v->nfiles) return NC_EINVAL;
    if (v->names) n = snprintf(buf, len, "%s", v->names[k]);
    else if (v->stem) n = snprintf(buf, len, "%s.%d", v->stem, k);
    return n >= 0 && (size_t)n < len ? NC_NOERR : NC_EINVAL;
}

int ncsfi_same_files(const ncsf_var *a, const ncsf_var *b)
{
    char na[SF_PATH_MAX], nb[SF_PATH_MAX];
    if (a->nfiles != b->nfiles) return 0;
    if (a->stem && b->stem) return !strcmp(a->stem, b->stem);
    /* names listed one by one (format 1): the same first name means the
     * same files (a reader checked that names are unique per dataset) */
    return ncsfi_var_name(a, 0, na, sizeof na) == NC_NOERR && ncsfi_var_name(b, 0, nb, sizeof nb) == NC_NOERR &&
           !strcmp(na, nb);
}

/* Does the longest subfile file name (the last one's) fit in a directory
 * entry? */
int ncsfi_subfile_name_fits(const char *stem, const char *name, int group, int nfiles)
{
    char last[16];
    snprintf(last, sizeof last, "%d", nfiles > 0 ? nfiles - 1 : 0);
    size_t n = strlen(stem) + 1 + (group ? 1 : 0) + escaped_len(name) + 1 + strlen(last);
    return n <= NCSF_NAME_MAX;
}

/* A byte no name recorded in a file may hold: names are joined by '\n'
 * in the attributes, and a control character in a file name helps nobody. */
int ncsfi_has_control_char(const char *s)
{
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c < 0x20 || *c == 0x7f) return 1;
    return 0;
}

char *ncsfi_join(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *s = malloc(n);
    if (!s) return NULL;
    if (*dir) snprintf(s, n, "%s/%s", dir, name);
    else snprintf(s, n, "%s", name);
    return s;
}

/* Relative, of plain components: no leading '/', none empty, "." or "..". */
int ncsfi_relative_path_ok(const char *p)
{
    if (!p || !*p || *p == '/' || strlen(p) > 1024 || ncsfi_has_control_char(p)) return 0;
    for (const char *c = p; *c;) {
        const char *e = strchr(c, '/');
        size_t n = e ? (size_t)(e - c) : strlen(c);
        if (n == 0 || (n == 1 && c[0] == '.') || (n == 2 && c[0] == '.' && c[1] == '.'))
            return 0;
        if (!e) break;
        c = e + 1;
        if (!*c) return 0; /* trailing '/' */
    }
    return 1;
}

/* The netCDF code PnetCDF gives for the same errno when it opens a file. */
static int error_of_errno(int e)
{
    switch (e) {
    case EACCES: return NC_EACCESS;
    case EPERM: case EROFS: return NC_EPERM;
    case ENOENT: return NC_ENOENT;
    case ENOTDIR: case EEXIST: case ENAMETOOLONG: case ELOOP: return NC_EBAD_FILE;
    case ENOSPC: return NC_ENO_SPACE;
#ifdef EDQUOT
    case EDQUOT: return NC_EQUOTA;
#endif
    default: return NC_EFILE;
    }
}

/* mkdir -p of rel under base_dir (one process calls it). On failure why
 * gets the path and the system's reason. */
int ncsfi_make_dirs(const char *base_dir, const char *rel, char *why, int whylen)
{
    char *path = ncsfi_join(base_dir, rel);
    if (!path) return NC_ENOMEM;
    size_t start = strlen(path) - strlen(rel);
    int err = NC_NOERR;
    for (char *c = path + start;; c++) {
        if (*c != '/' && *c) continue;
        char keep = *c;
        *c = 0;
        struct stat sb;
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            err = error_of_errno(errno);
            snprintf(why, whylen, "cannot create directory %s: %s", path, strerror(errno));
        } else if (stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
            err = NC_EBAD_FILE;
            snprintf(why, whylen, "%s exists and is not a directory", path);
        }
        *c = keep;
        if (err || !keep) break;
    }
    free(path);
    return err;
}

int ncsfi_foreign_file(const char *path, const char *dsid, const char *dsid2, char *id)
{
    struct stat sb;
    ncsfi_cdf_header h;
    MPI_Offset size;
    int sys_errno, theirs = 0;
    id[0] = 0;
    if (lstat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) return 0;
    if (ncsfi_cdf_read_first(path, 4096, &h, &size, &sys_errno) == NC_NOERR) {
        theirs = ncsfi_cdf_dataset_id(&h, id) && strcmp(id, dsid) && strcmp(id, dsid2);
        ncsfi_cdf_free(&h);
    }
    return theirs;
}
