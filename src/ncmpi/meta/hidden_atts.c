/*
 * hidden_atts.c: ncsf's own attributes (names beginning "subfiling_", in a
 * dataset whose base file or subfile carries the global
 * subfiling_version) stay on disk, for every reader and tool, but the API
 * does not show them, as netCDF-4 keeps its reserved attributes out of
 * nc_inq_natts: attribute counts leave them out, attribute numbers skip
 * them (so a loop copying attributes to another file does not copy them
 * and make an ordinary variable look subfiled), and inq_attid does not
 * know them. By name they can still be read (get_att, inq_att).
 */
#include <string.h>
#include "ncsfi_meta.h"

/* does this open file hide ncsf's attributes? */
static int hiding(int ncid)
{
    if (!ncsfi_lookup(ncid)) return 0;
    return ncmpi_inq_att(ncid, NC_GLOBAL, NCSF_ATT_PREFIX "version", NULL, NULL) == NC_NOERR;
}

static int hidden_name(const char *name)
{
    return !strncmp(name, NCSF_ATT_PREFIX, sizeof NCSF_ATT_PREFIX - 1);
}

static int raw_natts(int ncid, int varid, int *n)
{
    if (varid == NC_GLOBAL) return ncmpi_inq(ncid, NULL, NULL, n, NULL);
    return ncmpi_inq_varnatts(ncid, varid, n);
}

/* The attributes of varid the API shows; *raw, if given, their number on
 * disk. */
static int visible_natts(int ncid, int varid, int *n, int *raw)
{
    int total, err = raw_natts(ncid, varid, &total);
    if (err) return err;
    if (raw) *raw = total;
    *n = total;
    if (!hiding(ncid)) return NC_NOERR;
    char name[NC_MAX_NAME + 1];
    for (int i = 0; i < total; i++) {
        if ((err = ncmpi_inq_attname(ncid, varid, i, name))) return err;
        if (hidden_name(name)) (*n)--;
    }
    return NC_NOERR;
}

int ncsf_inq(int ncid, int *ndimsp, int *nvarsp, int *ngattsp, int *unlimdimidp)
{
    int err = ncmpi_inq(ncid, ndimsp, nvarsp, NULL, unlimdimidp);
    if (!err && ngattsp) err = visible_natts(ncid, NC_GLOBAL, ngattsp, NULL);
    return err;
}

int ncsf_inq_natts(int ncid, int *nattsp)
{
    int n, err = visible_natts(ncid, NC_GLOBAL, &n, NULL);
    if (!err && nattsp) *nattsp = n;
    return err;
}

int ncsf_inq_varnatts(int ncid, int varid, int *nattsp)
{
    if (varid == NC_GLOBAL) return ncsf_inq_natts(ncid, nattsp);
    int n, err = visible_natts(ncid, varid, &n, NULL);
    if (!err && nattsp) *nattsp = n;
    return err;
}

/* for ncsf_inq_var */
int ncsfi_visible_natts(int ncid, int varid, int *nattsp)
{
    return nattsp ? visible_natts(ncid, varid, nattsp, NULL) : NC_NOERR;
}

int ncsf_inq_attname(int ncid, int varid, int attnum, char *name)
{
    if (!hiding(ncid)) return ncmpi_inq_attname(ncid, varid, attnum, name);
    int total, err = raw_natts(ncid, varid, &total);
    if (err) return err;
    char buf[NC_MAX_NAME + 1];
    for (int i = 0, seen = 0; i < total; i++) {
        if ((err = ncmpi_inq_attname(ncid, varid, i, buf))) return err;
        if (hidden_name(buf)) continue;
        if (seen++ == attnum) {
            if (name) strcpy(name, buf);
            return NC_NOERR;
        }
    }
    return NC_ENOTATT;
}

int ncsf_inq_attid(int ncid, int varid, const char *name, int *idp)
{
    int raw, err;
    if (!hiding(ncid) || !name) return ncmpi_inq_attid(ncid, varid, name, idp);
    if (hidden_name(name)) return NC_ENOTATT;
    if ((err = ncmpi_inq_attid(ncid, varid, name, &raw))) return err;
    /* its number among the shown ones */
    char buf[NC_MAX_NAME + 1];
    int id = 0;
    for (int i = 0; i < raw; i++) {
        if ((err = ncmpi_inq_attname(ncid, varid, i, buf))) return err;
        if (!hidden_name(buf)) id++;
    }
    if (idp) *idp = id;
    return NC_NOERR;
}
