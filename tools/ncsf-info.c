/*
 * ncsf-info: show the layout of a subfiled dataset and check it.
 *
 *   ncsf-info [--json] PATH      PATH: the base file or any subfile
 *   ncsf-info --kerchunk OUT.json PATH   Zarr references instead (kerchunk.c)
 *
 * For each subfiled variable: its global shape, how it is partitioned, and
 * for each subfile its name, block, expected and actual size and whether
 * it is present and consistent. Exit status 1 if anything is missing or
 * inconsistent, 2 on bad usage. --json prints the same as one JSON object
 * (doc/user-guide.md gives its fields).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <ncsf_inspect.h> /* the same parser and checks the library uses */
#include "kerchunk.h"

static const char *type_name(nc_type t)
{
    switch (t) {
    case NC_BYTE: return "byte";
    case NC_CHAR: return "char";
    case NC_SHORT: return "short";
    case NC_INT: return "int";
    case NC_FLOAT: return "float";
    case NC_DOUBLE: return "double";
    case NC_UBYTE: return "ubyte";
    case NC_USHORT: return "ushort";
    case NC_UINT: return "uint";
    case NC_INT64: return "int64";
    case NC_UINT64: return "uint64";
    default: return "unknown";
    }
}

/* s as a JSON string */
static void jstr(const char *s)
{
    putchar('"');
    for (const unsigned char *c = (const unsigned char *)(s ? s : ""); *c; c++) {
        if (*c == '"' || *c == '\\') printf("\\%c", *c);
        else if (*c < 0x20 || *c == 0x7f) printf("\\u%04x", *c);
        else putchar(*c);
    }
    putchar('"');
}

static void jints(int n, const MPI_Offset *v)
{
    putchar('[');
    for (int i = 0; i < n; i++) printf(i ? ", %lld" : "%lld", (long long)v[i]);
    putchar(']');
}

static const char *verdict(int err)
{
    switch (err) {
    case NC_NOERR: return "ok";
    case NC_ENOENT: return "MISSING";
    case NC_ETRUNC: return "TRUNCATED";
    case NC_EVARMETA: return "INCONSISTENT";
    default: return "UNREADABLE";
    }
}

static void print_box(int nd, const MPI_Offset *st, const MPI_Offset *ct, int record)
{
    printf("[");
    for (int d = 0; d < nd; d++) {
        if (d == 0 && record) printf("*");
        else printf("%lld:%lld", (long long)st[d], (long long)(st[d] + ct[d]));
        printf(d + 1 < nd ? ", " : "");
    }
    printf("]");
}

static const char *status_of(ncsf_inspect *in, int err, int json)
{
    if (err == NC_EVARMETA && strstr(ncsf_inspect_errmsg(in), "another dataset")) return json ? "foreign" : "FOREIGN (another dataset)";
    if (!json) return verdict(err);
    switch (err) {
    case NC_NOERR: return "ok";
    case NC_ENOENT: return "missing";
    case NC_ETRUNC: return "truncated";
    case NC_EVARMETA: return "inconsistent";
    default: return "unreadable";
    }
}

static int show_var(ncsf_inspect *in, int ncid, ncsf_inspect_var *iv, int json)
{
    const ncsf_inspect_layout *v = ncsf_inspect_var_layout(iv);
    char name[NC_MAX_NAME + 1], dn[NC_MAX_NAME + 1];
    int bad = 0;
    ncmpi_inq_varname(ncid, v->varid, name);
    if (json) {
        printf("    {\"name\": ");
        jstr(name);
        printf(", \"type\": \"%s\", \"dims\": [", type_name(v->xtype));
        for (int d = 0; d < v->ndims; d++) {
            ncmpi_inq_dimname(ncid, v->dimids[d], dn);
            if (d) printf(", ");
            jstr(dn);
        }
        printf("], \"shape\": [");
        for (int d = 0; d < v->ndims; d++) {
            if (d) printf(", ");
            if (d == 0 && v->record) printf("null"); /* unlimited */
            else printf("%lld", (long long)v->gsize[d]);
        }
        printf("], \"record\": %s, \"partitioned\": [", v->record ? "true" : "false");
        for (int p = 0; p < v->npart; p++) {
            ncmpi_inq_dimname(ncid, v->dimids[v->pdims[p]], dn);
            printf(p ? ", {\"dim\": " : "{\"dim\": ");
            jstr(dn);
            printf(", \"blocks\": %d}", v->pgrid[p]);
        }
        printf("], \"nfiles\": %d, \"subfiles\": [\n", v->nfiles);
    } else {
        printf("variable %s (%s): global shape (", name, type_name(v->xtype));
        for (int d = 0; d < v->ndims; d++) {
            ncmpi_inq_dimname(ncid, v->dimids[d], dn);
            if (d == 0 && v->record) printf("%s=UNLIMITED", dn);
            else printf("%s=%lld", dn, (long long)v->gsize[d]);
            printf(d + 1 < v->ndims ? ", " : ")\n");
        }
        printf("  partitioned along");
        for (int p = 0; p < v->npart; p++) {
            ncmpi_inq_dimname(ncid, v->dimids[v->pdims[p]], dn);
            printf(" %s (%d blocks)", dn, v->pgrid[p]);
        }
        printf(": %d subfiles\n", v->nfiles);
    }
    for (int k = 0; k < v->nfiles; k++) {
        MPI_Offset st[NCSF_INSPECT_MAX_DIMS], ct[NCSF_INSPECT_MAX_DIMS], out[4] = {0, 0, 0, 0};
        struct stat sb;
        ncsf_inspect_block(iv, k, st, ct);
        int err = ncsf_inspect_check_subfile(in, iv, k, out);
        char path[NCSF_INSPECT_PATH_MAX], rel[NCSF_INSPECT_PATH_MAX];
        long long actual = stat(ncsf_inspect_subfile_path(iv, k, path, sizeof path), &sb) == 0 ? (long long)sb.st_size : -1;
        long long want = err == NC_NOERR || err == NC_ETRUNC ? (long long)ncsf_inspect_expected_size(iv, k, out[3]) : -1;
        const char *relname = ncsf_inspect_subfile_name(iv, k, rel, sizeof rel) ? "?" : rel;
        if (json) {
            printf("      {\"index\": %d, \"name\": ", k);
            jstr(relname);
            printf(", \"start\": ");
            jints(v->ndims, st);
            printf(", \"count\": ");
            jints(v->ndims, ct);
            printf(", \"expected_bytes\": ");
            if (want >= 0) printf("%lld", want); else printf("null");
            printf(", \"actual_bytes\": ");
            if (actual >= 0) printf("%lld", actual); else printf("null");
            printf(", \"status\": \"%s\"", status_of(in, err, 1));
            if (err) {
                printf(", \"message\": ");
                jstr(ncsf_inspect_errmsg(in));
            }
            printf("}%s\n", k + 1 < v->nfiles ? "," : "");
        } else {
            printf("  %4d  %-32s ", k, relname);
            print_box(v->ndims, st, ct, v->record);
            if (want >= 0) printf("  expected >= %lld bytes", want);
            if (actual >= 0) printf(", actual %lld", actual);
            printf("  %s\n", status_of(in, err, 0));
            if (err) printf("        %s\n", ncsf_inspect_errmsg(in));
        }
        if (err) bad = 1;
    }
    if (json) printf("    ]}");
    return bad;
}

/* --kerchunk: the references of a complete dataset (NCSF_INCOMPLETE=accept
 * takes an incomplete one too), through its base file */
static int kerchunk_main(ncsf_inspect *in, int ncid, const char *out, int vok, int state)
{
    char msg[700] = "";
    long long n = 0;
    int unlim, accept = getenv("NCSF_INCOMPLETE") && !strcmp(getenv("NCSF_INCOMPLETE"), "accept");
    const char *path = ncsf_inspect_path(in);
    if (ncsf_inspect_via_subfile(in)) snprintf(msg, sizeof msg, "%s: the base file is not there; references need it", path);
    else if (!vok) snprintf(msg, sizeof msg, "%s: subfiling_version is missing or not 1 or 2", path);
    else if (state != NCSF_INSPECT_COMPLETE && state != NCSF_INSPECT_SYNCED && !accept)
        snprintf(msg, sizeof msg, "%s: incomplete (its writer did not close it, or writing failed); "
                 "NCSF_INCOMPLETE=accept writes references anyway", path);
    else {
        MPI_Offset numrecs;
        if (ncmpi_inq_unlimdim(ncid, &unlim) == NC_NOERR && unlim >= 0 &&
            ncmpi_inq_dimlen(ncid, unlim, &numrecs) == NC_NOERR)
            ncsf_inspect_set_numrecs(in, numrecs);
        if (ncsf_kerchunk_write(in, ncid, out, &n, msg, sizeof msg) == NC_NOERR) {
            printf("%s: %lld chunk references\n", out, n);
            return 0;
        }
    }
    fprintf(stderr, "ncsf-info: %s\n", msg);
    return 1;
}

/* A failure before any variable: as text, or as a JSON object. */
static int fail(int json, const char *path, const char *msg)
{
    if (json) {
        printf("{\"path\": ");
        jstr(path);
        printf(", \"ok\": false, \"error\": ");
        jstr(msg);
        printf("}\n");
    } else {
        printf("%s\n", msg);
    }
    return 1;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int json = argc == 3 && !strcmp(argv[1], "--json");
    const char *kerchunk = argc == 4 && !strcmp(argv[1], "--kerchunk") ? argv[2] : NULL;
    const char *arg = argv[argc - 1];
    if ((argc != 2 && !json && !kerchunk) || !strcmp(arg, "--help") || !strcmp(arg, "-h") || (!json && arg[0] == '-')) {
        int help = argc == 2 && (!strcmp(arg, "--help") || !strcmp(arg, "-h"));
        FILE *o = help ? stdout : stderr;
        fprintf(o, "usage: ncsf-info [--json] PATH\n"
                   "       ncsf-info --kerchunk OUT.json PATH\n"
                   "  Show the layout of the subfiled dataset PATH (its base file or any\n"
                   "  subfile) and check every subfile: present, of this dataset, consistent\n"
                   "  with the recorded layout, not cut short. Exit status 1 if not.\n"
                   "  --json: the same as one JSON object on stdout.\n"
                   "  --kerchunk: write Zarr references (kerchunk JSON, version 1) to every\n"
                   "  chunk of every variable, file names relative to OUT.json's directory.\n");
        MPI_Finalize();
        return help ? 0 : 2;
    }
    setenv("NCSF_VERBOSE", "0", 1); /* the table says it all */
    int ncid, err = ncmpi_open(MPI_COMM_SELF, arg, NC_NOWRITE, MPI_INFO_NULL, &ncid), bad = 0;
    if (err) {
        char msg[600];
        snprintf(msg, sizeof msg, "ncsf-info: cannot open %s: %s", arg, ncmpi_strerror(err));
        if (json) fail(json, arg, msg);
        else fprintf(stderr, "%s\n", msg);
        MPI_Finalize();
        return 1;
    }
    /* through a subfile: the whole dataset if its base file is there */
    const char *path = arg, *through = "the base file";
    char *base = NULL, *dsdir = NULL, why[700] = "";
    int lone = 0;
    if (ncsf_inspect_is_subfile(ncid)) {
        int bid;
        char id[33] = "", bidv[33] = "";
        if (ncsf_inspect_locate_base(ncid, path, &base, &dsdir, why, sizeof why)) {
            fail(json, path, why);
            ncmpi_close(ncid);
            MPI_Finalize();
            return 1;
        }
        ncmpi_get_att_text(ncid, NC_GLOBAL, "subfiling_dataset_id", id);
        if (ncsf_inspect_regular_file(base) == NC_NOERR &&
            ncmpi_open(MPI_COMM_SELF, base, NC_NOWRITE, MPI_INFO_NULL, &bid) == NC_NOERR) {
            if (!ncsf_inspect_is_subfile(bid) &&
                ncmpi_get_att_text(bid, NC_GLOBAL, "subfiling_dataset_id", bidv) == NC_NOERR &&
                !memcmp(id, bidv, 32)) {
                if (!json) printf("%s is a subfile of the dataset whose base file is %s\n", path, base);
                ncmpi_close(ncid);
                ncid = bid;
                path = base;
                through = "a subfile, then its base file";
            } else {
                ncmpi_close(bid);
                lone = 1;
            }
        } else {
            lone = 1;
        }
        if (lone && !json)
            printf("%s is a subfile; its base file %s is not there: showing the subfile's variables\n", path, base);
        if (lone) through = "a subfile alone";
    }
    ncsf_inspect *in;
    if (!lone) free(dsdir); /* else the inspection takes it */
    if ((err = ncsf_inspect_begin(path, ncid, lone ? dsdir : NULL, &in))) {
        MPI_Finalize();
        return 1;
    }
    char dsid[33];
    if (ncsf_inspect_read_id(in, dsid) != NC_NOERR) {
        char msg[600];
        snprintf(msg, sizeof msg, "%s: not a subfiled dataset (no subfiling_dataset_id)", path);
        bad = fail(json, path, msg);
    } else {
        int fmt, nvars, unlim, n = 0, cdf, version = 0;
        ncmpi_inq_format(ncid, &fmt);
        cdf = fmt == NC_FORMAT_CDF5 ? 5 : fmt == NC_FORMAT_CDF2 ? 2 : 1;
        int vok = ncsf_inspect_read_version(in, &version) == NC_NOERR;
        long writers = 0;
        int state = ncsf_inspect_via_subfile(in) ? -2 : ncsf_inspect_read_state_count(ncid, &writers);
        if (!vok || (state != -2 && state != NCSF_INSPECT_COMPLETE && state != NCSF_INSPECT_SYNCED)) bad = 1;
        if (kerchunk) {
            bad = kerchunk_main(in, ncid, kerchunk, vok, state);
            goto done;
        }
        if (json) {
            printf("{\"path\": ");
            jstr(path);
            printf(", \"given\": ");
            jstr(arg);
            printf(", \"opened_through\": ");
            jstr(through);
            printf(", \"dataset_id\": ");
            jstr(dsid);
            printf(", \"cdf_format\": %d, \"subfiling_format\": ", cdf);
            if (vok) printf("%d", version); else printf("null");
            printf(", \"state\": %s", state == -2 ? "null" : state == NCSF_INSPECT_COMPLETE ? "\"complete\""
                                      : state == NCSF_INSPECT_SYNCED ? "\"synced\""
                                      : state == NCSF_INSPECT_WRITING ? "\"writing\""
                                      : state == NCSF_INSPECT_FAILED ? "\"failed\"" : "\"unreadable\"");
            if (state == NCSF_INSPECT_WRITING) printf(", \"writers\": %ld", writers);
            printf(",\n  \"variables\": [\n");
        } else {
            printf("dataset %s\n  identity %s, format CDF-%d, opened through %s\n", path, dsid, cdf,
                   ncsf_inspect_via_subfile(in) ? "a subfile alone" : "the base file");
            if (!vok) printf("  subfiling format: UNKNOWN (subfiling_version missing or not 1 or 2)\n");
            else printf("  subfiling format: version %d\n", version);
            if (state == NCSF_INSPECT_WRITING)
                printf("  state: INCOMPLETE: its writer did not close it (%ld writer process%s with changes not "
                       "synced, or dead before syncing them)\n", writers, writers == 1 ? "" : "es");
            else if (state != -2)
                printf("  state: %s\n", state == NCSF_INSPECT_COMPLETE ? "complete (closed by its writer)"
                                       : state == NCSF_INSPECT_SYNCED ? "synced (whole as of its writer's last "
                                                                        "sync; the writer may still have it open)"
                                       : state == NCSF_INSPECT_WRITING ? "INCOMPLETE: its writer did not close it"
                                       : state == NCSF_INSPECT_FAILED ? "INCOMPLETE: a write to a subfile failed"
                                       : "UNREADABLE state mark");
        }
        ncmpi_inq_nvars(ncid, &nvars);
        MPI_Offset numrecs;
        if (ncmpi_inq_unlimdim(ncid, &unlim) == NC_NOERR && unlim >= 0 &&
            ncmpi_inq_dimlen(ncid, unlim, &numrecs) == NC_NOERR)
            ncsf_inspect_set_numrecs(in, numrecs);
        for (int i = 0; vok && i < nvars; i++) {
            int on;
            ncsf_inspect_var *v;
            if (ncmpi_get_att_int(ncid, i, "subfiling_enabled", &on) != NC_NOERR || on != 1) continue;
            if (json && n) printf(",\n");
            n++;
            if ((err = ncsf_inspect_var_open(in, i, &v))) {
                if (json) {
                    char name[NC_MAX_NAME + 1] = "?";
                    ncmpi_inq_varname(ncid, i, name);
                    printf("    {\"name\": ");
                    jstr(name);
                    printf(", \"error\": ");
                    jstr(ncsf_inspect_errmsg(in));
                    printf("}");
                } else {
                    printf("variable %d: subfiling attributes unusable: %s\n", i, ncsf_inspect_errmsg(in));
                }
                bad = 1;
                continue;
            }
            bad |= show_var(in, ncid, v, json);
            ncsf_inspect_var_close(v);
        }
        if (json) printf("\n  ],\n  \"ok\": %s}\n", bad ? "false" : "true");
        else printf("%d subfiled variable%s: %s\n", n, n == 1 ? "" : "s", bad ? "PROBLEMS FOUND" : "all subfiles ok");
    }
done:
    ncsf_inspect_end(in);
    ncmpi_close(ncid);
    free(base);
    MPI_Finalize();
    return bad;
}
