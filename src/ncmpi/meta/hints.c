/*
 * hints.c: the subfiling hints, read from an MPI_Info once into a struct.
 * Every later decision reads the struct, never the MPI_Info again.
 *
 *   subfiling          enable | disable
 *   subfiling_nfiles   a positive integer
 *   subfiling_dims     comma-separated dimension names or indices
 *   subfiling_pgrid    comma-separated block counts, one per subfiling_dims entry
 *   subfiling_max_open a positive integer
 *   subfiling_group    a name: variables with the same one share subfiles
 *   subfiling_aggregate bytes (0 disables): see sf_context_set_aggregate_max
 *   subfiling_incomplete refuse | accept a dataset whose writer did not close it
 *   subfiling_dir      a relative directory for the subfiles (create only)
 *   subfiling_format   1 | 2: the on-disk format a new dataset is written in
 *   subfiling_vars     names: only these are subfiled by a file's hints
 *   subfiling_exclude  names: never subfiled by a file's hints
 *   subfiling_min_size bytes: smaller variables (per record) stay in the base file
 *   subfiling_max_size bytes (K, M, G, T: powers of 1024): the largest a
 *                      subfile should be; sets the default N (nfiles_default.c)
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "ncsfi_meta.h"

static int parse_positive(const char *key, const char *val, int *out,
                          char *msg, int msglen)
{
    char *end;
    errno = 0;
    long long x = strtoll(val, &end, 10);
    while (*end == ' ') end++;
    if (end == val || *end || errno == ERANGE || x <= 0 || x > INT_MAX) {
        snprintf(msg, msglen, "hint %s=\"%s\" is not a positive integer%s", key, val,
                 (errno == ERANGE || x > INT_MAX) ? " that fits in an int" : "");
        return NC_EINVAL;
    }
    *out = (int)x;
    return NC_NOERR;
}

/* A block grid: 1 to SF_MAX_PDIMS positive counts separated by commas,
 * whose product is a number of subfiles a dataset may have. */
static int parse_grid(const char *val, char *msg, int msglen)
{
    const char *s = val;
    long long prod = 1;
    int n = 0;
    for (;;) {
        char *end;
        while (*s == ' ') s++;
        errno = 0;
        long long x = strtoll(s, &end, 10);
        if (end == s || errno == ERANGE || x <= 0 || x > (1 << 24)) break;
        /* bounded at every step: a product of many counts must not wrap
         * round to a small one */
        prod *= x;
        if (prod > (1 << 24)) break;
        n++;
        s = end;
        while (*s == ' ') s++;
        if (!*s) {
            if (n <= SF_MAX_PDIMS && prod <= (1 << 24)) return NC_NOERR;
            break;
        }
        if (*s++ != ',') break;
    }
    snprintf(msg, msglen, "hint subfiling_pgrid=\"%s\" is not a list of 1 to %d positive block counts "
             "separated by commas, making at most %d subfiles", val, SF_MAX_PDIMS, 1 << 24);
    return NC_EINVAL;
}

/* Entries of a comma-separated list. */
static int list_length(const char *s)
{
    int n = 1;
    for (; *s; s++) n += *s == ',';
    return n;
}

/* A number of bytes, 0 or more. */
static int parse_bytes(const char *key, const char *val, long long *out, char *msg, int msglen)
{
    char *end;
    errno = 0;
    long long x = strtoll(val, &end, 10);
    if (end == val || *end || errno == ERANGE || x < 0) {
        snprintf(msg, msglen, "hint %s=\"%s\" is not a number of bytes", key, val);
        return NC_EINVAL;
    }
    *out = x;
    return NC_NOERR;
}

/* A positive size: digits with an optional K, M, G or T (powers of 1024,
 * either case, an optional B or iB after it: 4G, 4GiB, 512k). */
static int parse_size(const char *key, const char *val, long long *out, char *msg, int msglen)
{
    char *end;
    errno = 0;
    long long x = strtoll(val, &end, 10);
    int shift = 0;
    const char *units = "KMGT", *u = *end ? strchr(units, toupper((unsigned char)*end)) : NULL;
    if (u && *u) shift = 10 * (int)(u - units + 1), end++;
    if (shift && (*end == 'i' || *end == 'I') && (end[1] == 'B' || end[1] == 'b')) end += 2;
    else if (*end == 'B' || *end == 'b') end++;
    if (end == val || *end || errno == ERANGE || x <= 0 || !isdigit((unsigned char)val[0]) ||
        x > (LLONG_MAX >> shift)) {
        snprintf(msg, msglen, "hint %s=\"%s\" is not a positive number of bytes (digits, then "
                 "optionally K, M, G or T)", key, val);
        return NC_EINVAL;
    }
    *out = x << shift;
    return NC_NOERR;
}

/* One key of info into val (MPI_MAX_INFO_VAL + 1 bytes); NC_EMPI if MPI
 * cannot read it. */
static int info_get(MPI_Info info, const char *key, char *val, int *flag)
{
    *flag = 0;
    return MPI_Info_get(info, key, MPI_MAX_INFO_VAL, val, flag) == MPI_SUCCESS ? NC_NOERR : NC_EMPI;
}

/* One block per key, in the order doc/user-guide.md lists them: longer
 * than 80 lines because there are that many keys, not because a block is
 * long (each value's parsing is split out: parse_positive, parse_grid,
 * parse_bytes). */
int ncsfi_hints_parse(MPI_Info info, ncsf_hints *h, char *msg, int msglen)
{
    char val[MPI_MAX_INFO_VAL + 1];
    int flag, err;
    h->enable = -1;
    h->nfiles = 0;
    h->dims = NULL;
    h->pgrid = NULL;
    h->max_open = 0;
    h->group = NULL;
    h->aggregate = -1;
    h->accept_incomplete = 0;
    h->dir = NULL;
    h->format = 0;
    h->vars = h->exclude = NULL;
    h->min_size = -1;
    h->max_size = 0;
    if (info == MPI_INFO_NULL) return NC_NOERR;

    if ((err = info_get(info, "subfiling", val, &flag))) return err;
    if (flag) {
        if (!strcmp(val, "enable")) h->enable = 1;
        else if (!strcmp(val, "disable")) h->enable = 0;
        else {
            snprintf(msg, msglen, "hint subfiling=\"%s\" must be enable or disable", val);
            return NC_EINVAL;
        }
    }
    if ((err = info_get(info, "subfiling_nfiles", val, &flag))) return err;
    if (flag && (err = parse_positive("subfiling_nfiles", val, &h->nfiles, msg, msglen)))
        return err;
    if ((err = info_get(info, "subfiling_pgrid", val, &flag))) return err;
    if (flag) {
        if ((err = parse_grid(val, msg, msglen))) return err;
        if (!(h->pgrid = strdup(val))) return NC_ENOMEM;
    }
    if ((err = info_get(info, "subfiling_max_open", val, &flag))) return err;
    if (flag && (err = parse_positive("subfiling_max_open", val, &h->max_open, msg, msglen)))
        return err;
    if ((err = info_get(info, "subfiling_window", val, &flag))) return err;
    if (flag) { /* read by the engine (sf_context_create) */
        int w = 0;
        if ((err = parse_positive("subfiling_window", val, &w, msg, msglen))) return err;
        if (w < 2 || w > SF_RUNS_WINDOW_MAX) {
            snprintf(msg, msglen, "hint subfiling_window=\"%s\" must be between 2 and %d", val, SF_RUNS_WINDOW_MAX);
            return NC_EINVAL;
        }
    }
    if ((err = info_get(info, "subfiling_aggregate", val, &flag))) return err;
    if (flag && (err = parse_bytes("subfiling_aggregate", val, &h->aggregate, msg, msglen))) return err;
    if ((err = info_get(info, "subfiling_format", val, &flag))) return err;
    if (flag) {
        if (!strcmp(val, "1") || !strcmp(val, "2")) h->format = val[0] - '0';
        else {
            snprintf(msg, msglen, "hint subfiling_format=\"%s\" must be 1 or 2", val);
            return NC_EINVAL;
        }
    }
    if ((err = info_get(info, "subfiling_min_size", val, &flag))) return err;
    if (flag && (err = parse_bytes("subfiling_min_size", val, &h->min_size, msg, msglen))) return err;
    if ((err = info_get(info, "subfiling_max_size", val, &flag))) return err;
    if (flag && (err = parse_size("subfiling_max_size", val, &h->max_size, msg, msglen))) return err;
    if ((err = info_get(info, "subfiling_vars", val, &flag))) return err;
    if (flag && !(h->vars = strdup(val))) return NC_ENOMEM;
    if ((err = info_get(info, "subfiling_exclude", val, &flag))) return err;
    if (flag && !(h->exclude = strdup(val))) return NC_ENOMEM;
    if ((err = info_get(info, "subfiling_incomplete", val, &flag))) return err;
    if (flag) {
        if (!strcmp(val, "accept")) h->accept_incomplete = 1;
        else if (strcmp(val, "refuse")) {
            snprintf(msg, msglen, "hint subfiling_incomplete=\"%s\" must be refuse or accept", val);
            return NC_EINVAL;
        }
    }
    if ((err = info_get(info, "subfiling_group", val, &flag))) return err;
    if (flag) {
        if (!*val || strchr(val, '/')) {
            snprintf(msg, msglen, "hint subfiling_group=\"%s\" is not a name", val);
            return NC_EINVAL;
        }
        h->group = strdup(val);
        if (!h->group) return NC_ENOMEM;
    }
    if ((err = info_get(info, "subfiling_dir", val, &flag))) return err;
    if (flag) {
        if (!ncsfi_relative_path_ok(val)) {
            snprintf(msg, msglen, "hint subfiling_dir=\"%s\" is not a relative path of plain "
                     "directory names", val);
            return NC_EINVAL;
        }
        h->dir = strdup(val);
        if (!h->dir) return NC_ENOMEM;
    }
    if ((err = info_get(info, "subfiling_dims", val, &flag))) return err;
    if (flag) {
        if (!*val) {
            snprintf(msg, msglen, "hint subfiling_dims=\"\" names no dimension");
            return NC_EINVAL;
        }
        h->dims = strdup(val);
        if (!h->dims) return NC_ENOMEM;
    }
    /* a grid given with its dimensions: a count for each */
    if (h->pgrid && h->dims && list_length(h->pgrid) != list_length(h->dims)) {
        snprintf(msg, msglen, "hint subfiling_pgrid=\"%s\" gives %d counts for the %d dimensions of "
                 "subfiling_dims=\"%s\"", h->pgrid, list_length(h->pgrid), list_length(h->dims), h->dims);
        return NC_EINVAL;
    }
    return NC_NOERR;
}

int ncsfi_hints_check_file_grid(const ncsf_hints *h, char *msg, int msglen)
{
    if (h->pgrid && !h->dims && list_length(h->pgrid) != 1) {
        snprintf(msg, msglen, "hint subfiling_pgrid=\"%s\" gives %d counts, but without subfiling_dims "
                 "one dimension is partitioned", h->pgrid, list_length(h->pgrid));
        return NC_EINVAL;
    }
    return NC_NOERR;
}

/* ncsf's keys. Another key that starts like them is a misspelling. */
static const char *const known_keys[] = {
    "subfiling", "subfiling_nfiles", "subfiling_dims", "subfiling_max_open", "subfiling_group",
    "subfiling_aggregate", "subfiling_incomplete", "subfiling_dir", "subfiling_format",
    "subfiling_vars", "subfiling_exclude", "subfiling_min_size", "subfiling_pgrid", "subfiling_window",
    "subfiling_max_size"};
enum { NKNOWN = sizeof known_keys / sizeof known_keys[0] };

/* Edit distance of two short strings (insertions, deletions, changes),
 * counted up to 9. */
static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40) return 9;
    int row[41];
    for (size_t j = 0; j <= lb; j++) row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb] < 9 ? row[lb] : 9;
}

/* Whether key was reported on this dataset already; notes it if not. */
static int seen_before(char *seen, size_t len, const char *key)
{
    char entry[MPI_MAX_INFO_KEY + 3];
    snprintf(entry, sizeof entry, "\n%s\n", key);
    if (strstr(seen, entry)) return 1;
    size_t used = strlen(seen);
    if (used + strlen(entry) < len) memcpy(seen + used, entry, strlen(entry) + 1);
    return 0;
}

void ncsfi_hints_warn(MPI_Info info, const ncsf_hints *h, int enabled_elsewhere, int print,
                      char *seen, size_t seenlen, const char *where)
{
    int nkeys = 0;
    if (info == MPI_INFO_NULL || !print || !ncsfi_verbose()) return;
    if (MPI_Info_get_nkeys(info, &nkeys) != MPI_SUCCESS) return; /* nothing to warn of */
    for (int i = 0; i < nkeys; i++) {
        char key[MPI_MAX_INFO_KEY + 1];
        if (MPI_Info_get_nthkey(info, i, key) != MPI_SUCCESS || strncasecmp(key, "subf", 4)) continue;
        int best = 9, k = 0;
        for (int j = 0; j < NKNOWN && best; j++) /* a known key: no distances */
            if (!strcmp(key, known_keys[j])) best = 0, k = j;
        for (int j = 0; j < NKNOWN && best; j++) {
            int dj = distance(key, known_keys[j]);
            if (dj < best) best = dj, k = j;
        }
        if (best == 0 || seen_before(seen, seenlen, key)) continue;
        if (best <= 3)
            fprintf(stderr, "ncsf: %s: unknown hint \"%s\" ignored (did you mean \"%s\"?)\n", where, key,
                    known_keys[k]);
        else
            fprintf(stderr, "ncsf: %s: unknown hint \"%s\" ignored (doc/user-guide.md lists the hints)\n",
                    where, key);
    }
    /* settings that only matter once subfiling is on, given where it is not */
    const char *orphan = h->enable != -1 || enabled_elsewhere ? NULL
                         : h->nfiles ? "subfiling_nfiles" : h->dims ? "subfiling_dims"
                         : h->pgrid ? "subfiling_pgrid"
                         : h->group ? "subfiling_group" : h->vars ? "subfiling_vars"
                         : h->exclude ? "subfiling_exclude" : h->min_size >= 0 ? "subfiling_min_size"
                         : h->max_size > 0 ? "subfiling_max_size"
                         : NULL;
    if (orphan && !seen_before(seen, seenlen, "subfiling="))
        fprintf(stderr, "ncsf: %s: hint %s is given without subfiling=enable, so nothing is "
                "subfiled by it\n", where, orphan);
}

void ncsfi_hints_free(ncsf_hints *h)
{
    free(h->dims);
    free(h->pgrid);
    free(h->group);
    free(h->dir);
    free(h->vars);
    free(h->exclude);
    h->dims = NULL;
    h->pgrid = NULL;
    h->group = NULL;
    h->dir = NULL;
    h->vars = h->exclude = NULL;
}
