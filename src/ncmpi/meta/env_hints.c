/*
 * env_hints.c: hints from the environment, so that a program nobody will
 * edit gains subfiling from its job script.
 *
 *   NCSF_HINTS="subfiling=enable;subfiling_nfiles=8;subfiling_min_size=1048576"
 *
 * The grammar is PnetCDF's PNETCDF_HINTS one: key=value entries separated
 * by ';', blanks around keys and values ignored. At every create and open
 * the hints are laid over the program's MPI_Info (the environment wins, as
 * with PnetCDF): first the subfiling* keys of PNETCDF_HINTS, then every key
 * of NCSF_HINTS. A malformed entry is skipped with a warning naming it.
 *
 * PnetCDF reads PNETCDF_HINTS itself at every ncmpi_create, and those
 * hints override the MPI_Info it is given: its own subfiling
 * (pnetcdf_subfiling=enable) would then split each subfile ncsf makes into
 * subfiles of its own. ncsfi_pnetcdf_env_quiet hides PNETCDF_HINTS'
 * subfiling keys from PnetCDF while a subfile is created (the environment
 * is the process's, so this is done around that one call and put back).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfi_meta.h"

static char *trim(char *s)
{
    while (isspace((unsigned char)*s)) s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = 0;
    return s;
}

/* Lay the entries of the variable env over info (which exists). Only keys
 * starting with prefix (NULL: all) are taken. */
static int overlay(MPI_Info info, const char *env, const char *prefix, int warn)
{
    const char *val = getenv(env);
    if (!val || !*val) return NC_NOERR;
    char *copy = strdup(val);
    if (!copy) return NC_ENOMEM;
    for (char *save = NULL, *e = strtok_r(copy, ";", &save); e; e = strtok_r(NULL, ";", &save)) {
        char *entry = trim(e), *eq = strchr(entry, '=');
        if (!*entry) continue;
        if (!eq || eq == entry) {
            if (warn) fprintf(stderr, "ncsf: %s: ignoring \"%s\": not key=value\n", env, entry);
            continue;
        }
        *eq = 0;
        char *key = trim(entry), *v = trim(eq + 1);
        if (!*key) {
            if (warn) fprintf(stderr, "ncsf: %s: ignoring \"=%s\": no key before '='\n", env, v);
            continue;
        }
        /* an MPI_Info holds keys and values of bounded length: say which
         * bound, and by how much, so the entry can be shortened */
        if (strlen(key) >= MPI_MAX_INFO_KEY || strlen(v) >= MPI_MAX_INFO_VAL) {
            int longkey = strlen(key) >= MPI_MAX_INFO_KEY;
            if (warn) fprintf(stderr, "ncsf: %s: ignoring the entry of key \"%.40s%s\": its %s is %zu bytes, "
                              "more than the %d an MPI_Info %s may hold: shorten it (a long subfiling_vars or "
                              "subfiling_exclude list: name fewer variables, and give the others their own "
                              "hints at def_var)\n",
                              env, key, strlen(key) > 40 ? "..." : "", longkey ? "key" : "value",
                              longkey ? strlen(key) : strlen(v), longkey ? MPI_MAX_INFO_KEY - 1 : MPI_MAX_INFO_VAL - 1,
                              longkey ? "key" : "value");
            continue;
        }
        if (prefix && strncmp(key, prefix, strlen(prefix))) continue;
        if (!*v) {
            if (warn) fprintf(stderr, "ncsf: %s: ignoring \"%s=\": no value\n", env, key);
            continue;
        }
        if (MPI_Info_set(info, key, v) != MPI_SUCCESS) {
            free(copy);
            return NC_EMPI;
        }
    }
    free(copy);
    return NC_NOERR;
}

int ncsfi_env_info(MPI_Comm comm, MPI_Info user, MPI_Info *out)
{
    const char *a = getenv("NCSF_HINTS"), *b = getenv("PNETCDF_HINTS");
    int rank = 0, err;
    *out = MPI_INFO_NULL;
    if ((!a || !*a) && (!b || !strstr(b, "subfiling"))) return NC_NOERR; /* nothing to add */
    if (MPI_Comm_rank(comm, &rank) != MPI_SUCCESS) return NC_EMPI;
    int warn = rank == 0 && ncsfi_verbose();
    if (user != MPI_INFO_NULL) {
        if (MPI_Info_dup(user, out) != MPI_SUCCESS) return NC_ENOMEM;
    } else if (MPI_Info_create(out) != MPI_SUCCESS) {
        return NC_ENOMEM;
    }
    /* PnetCDF's own subfiling keys are "pnetcdf_subfiling" and
     * "nc_num_subfiles": "subfiling" as a prefix takes only ncsf's */
    if ((err = overlay(*out, "PNETCDF_HINTS", "subfiling", 0)) || (err = overlay(*out, "NCSF_HINTS", NULL, warn))) {
        if (MPI_Info_free(out) != MPI_SUCCESS && !err) err = NC_EMPI;
        return err;
    }
    return NC_NOERR;
}

int ncsfi_pnetcdf_env_quiet(char **saved)
{
    const char *v = getenv("PNETCDF_HINTS");
    *saved = NULL;
    if (!v || (!strstr(v, "pnetcdf_subfiling") && !strstr(v, "nc_num_subfiles"))) return NC_NOERR;
    if (!(*saved = strdup(v))) return NC_ENOMEM;
    char *kept = malloc(strlen(v) + 1), *copy = strdup(v);
    if (!kept || !copy) {
        free(kept);
        free(copy);
        free(*saved);
        *saved = NULL;
        return NC_ENOMEM;
    }
    kept[0] = 0;
    for (char *save = NULL, *e = strtok_r(copy, ";", &save); e; e = strtok_r(NULL, ";", &save)) {
        char *t = trim(e);
        if (!strncmp(t, "pnetcdf_subfiling", 17) || !strncmp(t, "nc_num_subfiles", 15)) continue;
        if (*kept) strcat(kept, ";");
        strcat(kept, t);
    }
    setenv("PNETCDF_HINTS", kept, 1);
    free(kept);
    free(copy);
    return NC_NOERR;
}

void ncsfi_pnetcdf_env_restore(char *saved)
{
    if (!saved) return;
    setenv("PNETCDF_HINTS", saved, 1);
    free(saved);
}
