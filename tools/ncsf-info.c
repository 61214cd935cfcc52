/*
 * ncsf-info: show the layout of a subfiled dataset and check it.
 *
 *   ncsf-info PATH      PATH: the base file or any subfile
 *
 * For each subfiled variable: its global shape, how it is partitioned, and
 * for each subfile its name, block, expected and actual size and whether
 * it is present and consistent. Exit status 1 if anything is missing or
 * inconsistent, 2 on bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ncsf_internal.h" /* the same parser and checks the library uses */

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

static int show_var(ncsf_file *f, ncsf_var *v)
{
    char name[NC_MAX_NAME + 1], dn[NC_MAX_NAME + 1];
    int bad = 0;
    ncmpi_inq_varname(f->ncid, v->varid, name);
    printf("variable %s (type %d): global shape (", name, v->xtype);
    for (int d = 0; d < v->ndims; d++) {
        ncmpi_inq_dimname(f->ncid, v->dimids[d], dn);
        if (d == 0 && v->lay->record) printf("%s=UNLIMITED", dn);
        else printf("%s=%lld", dn, (long long)v->lay->gsize[d]);
        printf(d + 1 < v->ndims ? ", " : ")\n");
    }
    printf("  partitioned along");
    for (int p = 0; p < v->lay->npart; p++) {
        ncmpi_inq_dimname(f->ncid, v->dimids[v->lay->pdims[p]], dn);
        printf(" %s (%d blocks)", dn, v->lay->pgrid[p]);
    }
    printf(": %d subfiles\n", v->nfiles);
    for (int k = 0; k < v->nfiles; k++) {
        MPI_Offset st[SF_MAX_DIMS], ct[SF_MAX_DIMS], out[4] = {0, 0, 0, 0};
        struct stat sb;
        sf_layout_block(v->lay, k, st, ct);
        int err = ncsfi_check_subfile(f, v, k, out);
        char path[SF_PATH_MAX], rel[SF_PATH_MAX];
        long long actual = stat(sf_layout_path(v->lay, k, path, sizeof path), &sb) == 0 ? (long long)sb.st_size : -1;
        printf("  %4d  %-32s ", k, ncsfi_var_name(v, k, rel, sizeof rel) ? "?" : rel);
        print_box(v->ndims, st, ct, v->lay->record);
        if (err == NC_NOERR || err == NC_ETRUNC)
            printf("  expected >= %lld bytes", (long long)ncsfi_expected_size(v->lay, k, out[3]));
        if (actual >= 0) printf(", actual %lld", actual);
        printf("  %s\n", err == NC_EVARMETA && strstr(f->errmsg, "another dataset") ? "FOREIGN (another dataset)"
                                                                                 : verdict(err));
        if (err) {
            printf("        %s\n", f->errmsg);
            bad = 1;
        }
    }
    return bad;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    if (argc != 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        FILE *o = argc == 2 ? stdout : stderr;
        fprintf(o, "usage: ncsf-info PATH\n"
                   "  Show the layout of the subfiled dataset PATH (its base file or any\n"
                   "  subfile) and check every subfile: present, of this dataset, consistent\n"
                   "  with the recorded layout, not cut short. Exit status 1 if not.\n");
        MPI_Finalize();
        return argc == 2 ? 0 : 2;
    }
    setenv("NCSF_QUIET", "1", 1); /* the table says it all */
    int ncid, err = ncmpi_open(MPI_COMM_SELF, argv[1], NC_NOWRITE, MPI_INFO_NULL, &ncid), bad = 0;
    if (err) {
        fprintf(stderr, "ncsf-info: cannot open %s: %s\n", argv[1], ncmpi_strerror(err));
        MPI_Finalize();
        return 1;
    }
    /* through a subfile: the whole dataset if its base file is there */
    const char *path = argv[1];
    char *base = NULL, *dsdir = NULL, why[700] = "";
    int lone = 0;
    if (ncsfi_is_subfile(ncid)) {
        int bid;
        char id[33] = "", bidv[33] = "";
        if (ncsfi_locate_base(ncid, path, &base, &dsdir, why, sizeof why)) {
            printf("%s\n", why);
            ncmpi_close(ncid);
            MPI_Finalize();
            return 1;
        }
        ncmpi_get_att_text(ncid, NC_GLOBAL, "subfiling_dataset_id", id);
        if (ncsfi_regular_file(base) == NC_NOERR &&
            ncmpi_open(MPI_COMM_SELF, base, NC_NOWRITE, MPI_INFO_NULL, &bid) == NC_NOERR) {
            if (!ncsfi_is_subfile(bid) &&
                ncmpi_get_att_text(bid, NC_GLOBAL, "subfiling_dataset_id", bidv) == NC_NOERR &&
                !memcmp(id, bidv, 32)) {
                printf("%s is a subfile of the dataset whose base file is %s\n", path, base);
                ncmpi_close(ncid);
                ncid = bid;
                path = base;
            } else {
                ncmpi_close(bid);
                lone = 1;
            }
        } else {
            lone = 1;
        }
        if (lone) printf("%s is a subfile; its base file %s is not there: showing the subfile's "
                         "variables\n", path, base);
    }
    ncsf_file *f;
    if ((err = ncsfi_file_new(MPI_COMM_SELF, path, MPI_INFO_NULL, ncid, &f))) {
        MPI_Finalize();
        return 1;
    }
    if (lone) {
        free(f->dir);
        f->dir = dsdir;
        dsdir = NULL;
        f->via_subfile = 1;
    }
    free(dsdir);
    nc_type t;
    MPI_Offset len;
    if (ncmpi_inq_att(ncid, NC_GLOBAL, "subfiling_dataset_id", &t, &len) != NC_NOERR || t != NC_CHAR || len != 32) {
        printf("%s: not a subfiled dataset (no subfiling_dataset_id)\n", path);
        bad = 1;
    } else {
        ncmpi_get_att_text(ncid, NC_GLOBAL, "subfiling_dataset_id", f->dsid);
        int fmt, nvars, unlim, n = 0;
        ncmpi_inq_format(ncid, &fmt);
        printf("dataset %s\n  identity %s, format CDF-%d, opened through %s\n", path, f->dsid,
               fmt == NC_FORMAT_CDF5 ? 5 : fmt == NC_FORMAT_CDF2 ? 2 : 1,
               f->via_subfile ? "a subfile alone" : "the base file");
        if (ncsfi_read_version(ncid, &f->version)) {
            printf("  subfiling format: UNKNOWN (subfiling_version missing or not 1 or 2)\n");
            bad = 1;
        } else {
            printf("  subfiling format: version %d\n", f->version);
        }
        if (!f->via_subfile) {
            int state = ncsfi_read_state(ncid);
            printf("  state: %s\n", state == NCSF_STATE_COMPLETE ? "complete (closed by its writer)"
                                   : state == NCSF_STATE_WRITING ? "INCOMPLETE: its writer did not close it"
                                   : state == NCSF_STATE_FAILED ? "INCOMPLETE: a write to a subfile failed"
                                   : "UNREADABLE state mark");
            if (state != NCSF_STATE_COMPLETE) bad = 1;
        }
        ncmpi_inq_nvars(ncid, &nvars);
        if (ncmpi_inq_unlimdim(ncid, &unlim) == NC_NOERR && unlim >= 0) ncmpi_inq_dimlen(ncid, unlim, &f->numrecs);
        for (int i = 0; i < nvars; i++) {
            int on, index;
            ncsf_var *v;
            if (ncmpi_get_att_int(ncid, i, "subfiling_enabled", &on) != NC_NOERR || on != 1) continue;
            n++;
            if ((err = ncsfi_read_var_atts(f, ncid, i, &v, &index))) {
                printf("variable %d: subfiling attributes unusable: %s\n", i, f->errmsg);
                bad = 1;
                continue;
            }
            bad |= show_var(f, v);
            sf_layout_free(v->lay);
            ncsfi_var_free(v);
        }
        printf("%d subfiled variable%s: %s\n", n, n == 1 ? "" : "s", bad ? "PROBLEMS FOUND" : "all subfiles ok");
    }
    ncmpi_close(ncid);
    f->ncid = -1;
    ncsfi_file_free(f);
    free(base);
    MPI_Finalize();
    return bad;
}
