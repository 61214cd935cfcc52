/*
 * vard.c: put_vard/get_vard, whose file type describes bytes of the
 * variable as laid out in one file, relative to where the variable
 * begins. On a fixed subfiled variable the type is read as if the
 * variable were stored contiguously there (C order): flattened into runs
 * of bytes (vard_flatten.c), cut into rows of its last dimension and
 * carried out as a varn (the engine's calls by runs). On a subfiled
 * record variable the record stride such a type assumes is the dataset's
 * record size, which the base file does not hold: the call is refused
 * with NC_ENOTSUPPORT (the collective forms still take part, with
 * nothing) rather than sent to PnetCDF, which would write or read the
 * placeholder and report success.
 */
#include <stdint.h>
#include <stdlib.h>
#include "ncsf_internal.h"

static int refuse(ncsf_file *f, int varid, const char *call)
{
    char name[NC_MAX_NAME + 1] = "";
    ncmpi_inq_varname(f->ncid, varid, name);
    ncsfi_set_error(f, f->rank == 0, "%s %s: not supported on a subfiled record variable (use put/get_vara, "
                    "vars or varn)", call, name);
    return NC_ENOTSUPPORT;
}

/* A vard on a fixed subfiled variable: its file type, flattened, is cut
 * into rows along the last dimension, the regions of a varn. */
static int vard_regions(const ncsf_var *v, MPI_Datatype filetype, ncsf_call *c, MPI_Offset **flat,
                        MPI_Offset ***ptrs)
{
    ncsfi_segs s;
    int err = ncsfi_flatten_type(filetype, &s), nd = v->ndims, es = ncsfi_xsize(v->xtype);
    const MPI_Offset *g = v->lay->gsize, row = g[nd - 1];
    size_t n = 0;
    for (size_t i = 0; !err && i < s.n; i++) {
        if (s.off[i] % es || s.len[i] % es || s.off[i] < 0) { err = NC_EINVAL; break; }
        for (MPI_Offset e = s.off[i] / es, left = s.len[i] / es; left > 0; n++) {
            MPI_Offset take = row - e % row < left ? row - e % row : left;
            e += take;
            left -= take;
        }
    }
    if (!err && n > INT32_MAX) err = NC_EINVAL;
    if (!err && (!(*flat = malloc(sizeof(MPI_Offset) * 2 * nd * (n + 1))) ||
                 !(*ptrs = malloc(sizeof(MPI_Offset *) * 2 * (n + 1)))))
        err = NC_ENOMEM;
    size_t k = 0;
    for (size_t i = 0; !err && i < s.n; i++)
        for (MPI_Offset e = s.off[i] / es, left = s.len[i] / es; left > 0; k++) {
            MPI_Offset take = row - e % row < left ? row - e % row : left, *st = *flat + 2 * nd * k, *ct = st + nd;
            MPI_Offset x = e;
            for (int d = nd - 1; d >= 0; d--) {
                st[d] = d == 0 ? x : x % g[d];
                if (d > 0) x /= g[d];
                ct[d] = d == nd - 1 ? take : 1;
            }
            e += take;
            left -= take;
            (*ptrs)[k] = st;
            (*ptrs)[n + 1 + k] = ct;
        }
    free(s.off);
    free(s.len);
    if (err) return err;
    c->num = (int)n;
    c->starts = *ptrs;
    c->counts = *ptrs + n + 1;
    return NC_NOERR;
}

static int vard_call(int ncid, int varid, MPI_Datatype filetype, const void *buf, MPI_Offset bufcount,
                     MPI_Datatype buftype, int put, int collective, const char *name)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (!f) return NC_EBADID;
    int route = collective ? ncsfi_route_collective(ncid, varid, put) : ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0) return -1000; /* an ordinary variable everywhere: PnetCDF's */
    ncsf_var *v = ncsfi_var(f, varid);
    ncsf_call c;
    MPI_Offset *flat = NULL, **ptrs = NULL;
    ncsfi_call_init(&c, put, NCSF_VARN, collective ? NCSF_MODE_COLL : NCSF_MODE_INDEP);
    c.buf = (void *)buf;
    c.bufcount = bufcount;
    c.buftype = buftype;
    int err = v->lay->record ? refuse(f, varid, name) : vard_regions(v, filetype, &c, &flat, &ptrs);
    if (err) {
        if (!collective) return err;
        c.num = -1; /* joins the others with nothing */
    }
    int e = ncsfi_dispatch(ncid, varid, &c);
    free(flat);
    free(ptrs);
    return err ? err : e;
}

int ncsf_put_vard(int ncid, int varid, MPI_Datatype filetype, const void *buf,
                  MPI_Offset bufcount, MPI_Datatype buftype)
{
    int err = vard_call(ncid, varid, filetype, buf, bufcount, buftype, 1, 0, "put_vard");
    return err != -1000 ? err : ncmpi_put_vard(ncid, varid, filetype, buf, bufcount, buftype);
}

int ncsf_put_vard_all(int ncid, int varid, MPI_Datatype filetype, const void *buf,
                      MPI_Offset bufcount, MPI_Datatype buftype)
{
    int err = vard_call(ncid, varid, filetype, buf, bufcount, buftype, 1, 1, "put_vard_all");
    return err != -1000 ? err : ncmpi_put_vard_all(ncid, varid, filetype, buf, bufcount, buftype);
}

int ncsf_get_vard(int ncid, int varid, MPI_Datatype filetype, void *buf,
                  MPI_Offset bufcount, MPI_Datatype buftype)
{
    int err = vard_call(ncid, varid, filetype, buf, bufcount, buftype, 0, 0, "get_vard");
    return err != -1000 ? err : ncmpi_get_vard(ncid, varid, filetype, buf, bufcount, buftype);
}

int ncsf_get_vard_all(int ncid, int varid, MPI_Datatype filetype, void *buf,
                      MPI_Offset bufcount, MPI_Datatype buftype)
{
    int err = vard_call(ncid, varid, filetype, buf, bufcount, buftype, 0, 1, "get_vard_all");
    return err != -1000 ? err : ncmpi_get_vard_all(ncid, varid, filetype, buf, bufcount, buftype);
}
