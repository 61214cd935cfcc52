/*
 * plugin_api: netCDF-C's read calls on a subfiled dataset (through
 * LD_PRELOAD=libncsf-netcdf.so, test/t_plugin.sh) against the same calls
 * on ncsf-merge's copy, value for value and error for error: the whole
 * variable, random boxes through vara, vars (strides 1 to 3), varm (the
 * box transposed in memory), var1, reads converted to another type (int:
 * NC_ERANGE where the merged file gives it), out-of-range starts and
 * counts; and every kind of write refused with NC_EPERM.
 *
 *   plugin_api SUBFILED MERGED        prints "plugin_api: N reads identical"
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netcdf.h>

static int fails;

#define CHECK(cond, ...)                                  \
    do {                                                  \
        if (!(cond)) {                                    \
            fprintf(stderr, "plugin_api: " __VA_ARGS__);  \
            fputc('\n', stderr);                          \
            fails++;                                      \
        }                                                 \
    } while (0)

static unsigned long long rng = 88172645463325252ULL;
static size_t rnd(size_t n)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return n ? (size_t)(rng % n) : 0;
}

/* the same call on both files: same status, same bytes */
static long compare(int a, int b, int v, const char *name, int nd, const size_t *st, const size_t *ct,
                    const ptrdiff_t *sd, const ptrdiff_t *map, nc_type mt, size_t n)
{
    size_t es = mt == NC_CHAR ? 1 : mt == NC_INT ? sizeof(int) : sizeof(double);
    char *x = calloc(n ? n : 1, es), *y = calloc(n ? n : 1, es);
    int ea, eb;
    if (mt == NC_CHAR) {
        ea = map ? nc_get_varm_text(a, v, st, ct, sd, map, x) : nc_get_vars_text(a, v, st, ct, sd, x);
        eb = map ? nc_get_varm_text(b, v, st, ct, sd, map, y) : nc_get_vars_text(b, v, st, ct, sd, y);
    } else if (mt == NC_INT) {
        ea = map ? nc_get_varm_int(a, v, st, ct, sd, map, (int *)x) : nc_get_vars_int(a, v, st, ct, sd, (int *)x);
        eb = map ? nc_get_varm_int(b, v, st, ct, sd, map, (int *)y) : nc_get_vars_int(b, v, st, ct, sd, (int *)y);
    } else {
        ea = map ? nc_get_varm_double(a, v, st, ct, sd, map, (double *)x)
                 : nc_get_vars_double(a, v, st, ct, sd, (double *)x);
        eb = map ? nc_get_varm_double(b, v, st, ct, sd, map, (double *)y)
                 : nc_get_vars_double(b, v, st, ct, sd, (double *)y);
    }
    CHECK(ea == eb, "%s: status %d through the plugin, %d on the merged file (nd %d, start[0] %zu count[0] %zu)", name,
          ea, eb, nd, nd ? st[0] : 0, nd ? ct[0] : 0);
    if (ea == eb && (ea == NC_NOERR || ea == NC_ERANGE))
        CHECK(!memcmp(x, y, n * es), "%s: values differ (%s%s)", name, sd ? "vars" : "vara", map ? ", varm" : "");
    free(x);
    free(y);
    return 1;
}

static long one_var(int a, int b, int v)
{
    char name[NC_MAX_NAME + 1];
    nc_type t;
    int nd, dimids[NC_MAX_VAR_DIMS];
    size_t len[NC_MAX_VAR_DIMS], st[NC_MAX_VAR_DIMS], ct[NC_MAX_VAR_DIMS], n = 1;
    ptrdiff_t sd[NC_MAX_VAR_DIMS], map[NC_MAX_VAR_DIMS];
    long reads = 0;
    nc_inq_var(b, v, name, &t, &nd, dimids, NULL);
    for (int d = 0; d < nd; d++) {
        nc_inq_dimlen(b, dimids[d], &len[d]);
        st[d] = 0, ct[d] = len[d], sd[d] = 1, n *= len[d];
    }
    nc_type mt = t == NC_CHAR ? NC_CHAR : NC_DOUBLE;
    reads += compare(a, b, v, name, nd, st, ct, NULL, NULL, mt, n); /* whole */
    for (int r = 0; r < 30 && nd > 0 && n > 0; r++) {
        size_t m = 1;
        for (int d = 0; d < nd; d++) {
            sd[d] = 1 + (ptrdiff_t)rnd(3);
            st[d] = rnd(len[d]);
            size_t most = (len[d] - st[d] + (size_t)sd[d] - 1) / (size_t)sd[d];
            ct[d] = 1 + rnd(most);
            m *= ct[d];
        }
        reads += compare(a, b, v, name, nd, st, ct, NULL, NULL, mt, m);       /* vars */
        ptrdiff_t one[NC_MAX_VAR_DIMS];
        for (int d = 0; d < nd; d++) one[d] = 1;
        reads += compare(a, b, v, name, nd, st, ct, one, NULL, mt, m);        /* vara */
        for (int d = 0, acc = 1; d < nd; acc *= (int)ct[d], d++) map[d] = acc; /* transposed */
        reads += compare(a, b, v, name, nd, st, ct, sd, map, mt, m);          /* varm */
        size_t c1[NC_MAX_VAR_DIMS];
        for (int d = 0; d < nd; d++) c1[d] = 1;
        reads += compare(a, b, v, name, nd, st, c1, NULL, NULL, mt, 1);       /* var1 */
        if (t != NC_CHAR) reads += compare(a, b, v, name, nd, st, ct, sd, NULL, NC_INT, m);
    }
    if (nd > 0) { /* out of range: the same errors */
        for (int d = 0; d < nd; d++) st[d] = 0, ct[d] = len[d], sd[d] = 1;
        st[0] = len[0] + 1;
        ct[0] = 1;
        reads += compare(a, b, v, name, nd, st, ct, NULL, NULL, mt, n);
        st[0] = len[0] ? len[0] - 1 : 0;
        ct[0] = 2;
        reads += compare(a, b, v, name, nd, st, ct, NULL, NULL, mt, 2 * n);
    }
    return reads;
}

static void writes_refused(int a)
{
    int dimid, varid, one = 1;
    size_t z[NC_MAX_VAR_DIMS] = {0};
    CHECK(nc_redef(a) == NC_EPERM, "nc_redef allowed");
    CHECK(nc_def_dim(a, "extra", 3, &dimid) == NC_EPERM, "nc_def_dim allowed");
    CHECK(nc_def_var(a, "extra", NC_INT, 0, NULL, &varid) == NC_EPERM, "nc_def_var allowed");
    CHECK(nc_put_att_int(a, NC_GLOBAL, "extra", NC_INT, 1, &one) == NC_EPERM, "nc_put_att allowed");
    CHECK(nc_del_att(a, NC_GLOBAL, "title") == NC_EPERM, "nc_del_att allowed");
    CHECK(nc_rename_var(a, 0, "renamed") == NC_EPERM, "nc_rename_var allowed");
    CHECK(nc_put_var1_int(a, 0, z, &one) == NC_EPERM, "nc_put_var1 allowed");
    CHECK(nc_set_fill(a, NC_NOFILL, &one) == NC_EPERM, "nc_set_fill allowed");
}

int main(int argc, char **argv)
{
    int a, b, nvars, e;
    if (argc != 3) {
        fprintf(stderr, "usage: plugin_api SUBFILED MERGED\n");
        return 2;
    }
    if ((e = nc_open(argv[1], NC_NOWRITE, &a)) || (e = nc_open(argv[2], NC_NOWRITE, &b))) {
        fprintf(stderr, "plugin_api: cannot open: %s\n", nc_strerror(e));
        return 1;
    }
    int fx = 0;
    nc_inq_format_extended(a, &fx, NULL);
    CHECK(fx == NC_FORMATX_UDF0, "%s is not read through the plugin (format %d)", argv[1], fx);
    long reads = 0;
    nc_inq_nvars(b, &nvars);
    for (int v = 0; v < nvars; v++) reads += one_var(a, b, v);
    writes_refused(a);
    nc_close(a);
    nc_close(b);
    CHECK(nc_open(argv[1], NC_WRITE, &a) == NC_EPERM, "opened for writing");
    if (!fails) printf("plugin_api: %ld reads identical\n", reads);
    return fails != 0;
}
