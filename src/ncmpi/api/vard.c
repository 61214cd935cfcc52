/*
 * vard.c: put_vard/get_vard, whose file type describes bytes of the
 * variable as laid out in one file, relative to where the variable
 * begins. The type is read as PnetCDF would read it with every variable
 * in one file: a fixed variable stored contiguously there (C order), a
 * record variable's record r at r times the dataset's record size
 * (ncmpi_inq_recsize as ncsf answers it, every record variable counted
 * whole). It is flattened into runs of bytes (vard_flatten.c), each run
 * mapped to the variable's elements and cut into rows of its last
 * dimension, and carried out as a varn (the engine's calls by runs). A
 * run that reaches past the variable's bytes of a record (into another
 * variable's, or the padding) says NC_EINVAL: those bytes are not the
 * variable's, and ncsf never writes or reads another variable's data
 * through a vard.
 *
 * PnetCDF 1.15 deprecates the vard calls: its own return NC_ENOTSUPPORT
 * at once, whatever the arguments. Built against it, ncsf's do the same
 * on every variable, subfiled or not (without PnetCDF's line on stderr).
 */
#include <stdint.h>
#include <stdlib.h>
#include "ncsfi_api.h"

#define VARD_DEPRECATED NCSF_PNETCDF_AT_LEAST(1, 15)

/* One run of the file type, of len bytes at byte off from the variable's
 * begin, as element runs in the variable's C-order index space (the
 * record number is the first index). recsize: the dataset's record size
 * for a record variable, 0 for a fixed one; rec_bytes: the variable's
 * bytes in one record. each(e, n, arg) gets every element run in order. */
static int run_elements(MPI_Offset off, MPI_Offset len, int es, MPI_Offset recsize, MPI_Offset rec_bytes,
                        void (*each)(MPI_Offset, MPI_Offset, void *), void *arg)
{
    if (off < 0 || off % es || len % es) return NC_EINVAL;
    if (!recsize) { each(off / es, len / es, arg); return NC_NOERR; }
    while (len > 0) {
        MPI_Offset rec = off / recsize, in = off % recsize;
        if (in >= rec_bytes || in % es) return NC_EINVAL;   /* another variable's bytes, or padding */
        MPI_Offset take = rec_bytes - in < len ? rec_bytes - in : len;
        each((rec * rec_bytes + in) / es, take / es, arg);
        len -= take;
        off += take;
        if (len > 0 && off % recsize) return NC_EINVAL;      /* runs on past this variable's record */
    }
    return NC_NOERR;
}

/* the rows of the variable's last dimension that element runs cover: counted, then written */
typedef struct {
    int nd;
    const MPI_Offset *g;
    size_t n;
    MPI_Offset *flat, **ptrs;   /* NULL while counting */
    size_t total;
} rows_t;

static void add_rows(MPI_Offset e, MPI_Offset left, void *arg)
{
    rows_t *r = arg;
    const int nd = r->nd;
    const MPI_Offset row = r->g[nd - 1];
    while (left > 0) {
        MPI_Offset take = row - e % row < left ? row - e % row : left;
        if (r->flat) {
            MPI_Offset *st = r->flat + 2 * nd * r->n, *ct = st + nd, x = e;
            for (int d = nd - 1; d >= 0; d--) {
                st[d] = d == 0 ? x : x % r->g[d];
                if (d > 0) x /= r->g[d];
                ct[d] = d == nd - 1 ? take : 1;
            }
            r->ptrs[r->n] = st;
            r->ptrs[r->total + 1 + r->n] = ct;
        }
        r->n++;
        e += take;
        left -= take;
    }
}

/* A vard's file type, flattened, as the regions of a varn: rows along the
 * last dimension. recsize: 0 for a fixed variable. */
static int vard_regions(const ncsf_var *v, MPI_Datatype filetype, MPI_Offset recsize, ncsf_call *c,
                        MPI_Offset **flat, MPI_Offset ***ptrs)
{
    ncsfi_segs s;
    int err = ncsfi_flatten_type(filetype, &s), nd = v->ndims, es = ncsfi_xsize(v->xtype);
    MPI_Offset rec_bytes = es;
    for (int d = 1; d < nd; d++) rec_bytes *= v->lay->gsize[d];
    rows_t r = {nd, v->lay->gsize, 0, NULL, NULL, 0};
    for (int pass = 0; pass < 2 && !err; pass++) {
        r.n = 0;
        for (size_t i = 0; !err && i < s.n; i++)
            err = run_elements(s.off[i], s.len[i], es, recsize, rec_bytes, add_rows, &r);
        if (err || pass) break;
        if (r.n > INT32_MAX) err = NC_EINVAL;
        else if (!(*flat = malloc(sizeof(MPI_Offset) * 2 * nd * (r.n + 1))) ||
                 !(*ptrs = malloc(sizeof(MPI_Offset *) * 2 * (r.n + 1))))
            err = NC_ENOMEM;
        r.total = r.n, r.flat = *flat, r.ptrs = *ptrs;
    }
    free(s.off);
    free(s.len);
    if (err) return err;
    c->num = (int)r.n;
    c->starts = *ptrs;
    c->counts = *ptrs + r.n + 1;
    return NC_NOERR;
}

/* PnetCDF's checks of a vard's types, in its order. *empty: a request
 * of nothing (no file type, or one of no bytes, or bufcount 0 with a
 * buffer type). With no buffer type the buffer holds the file type's
 * elements in the variable's own type: *buftype, *bufcount are set so.
 * (The element type is compared by its netCDF type: MPI_LONG where
 * PnetCDF wants MPI_LONG_LONG_INT for an NC_INT64 is taken.) */
static int vard_check_types(const ncsf_var *v, MPI_Datatype filetype, MPI_Datatype *buftype,
                            MPI_Offset *bufcount, int *empty)
{
    nc_type ft, bt;
    MPI_Count fsize = 0, bsize = 0;
    *empty = 1;
    if (filetype == MPI_DATATYPE_NULL) return NC_NOERR;
    if (MPI_Type_size_x(filetype, &fsize) != MPI_SUCCESS) return NC_EINVAL;
    if (fsize == 0) return NC_NOERR;
    int err = ncsfi_itype_of_mpi(filetype, &ft);
    if (err) return err;
    if (ft != v->xtype) return NC_ETYPE_MISMATCH;
    MPI_Offset fn = fsize / ncsfi_xsize(v->xtype);
    if (*bufcount == 0 && *buftype != MPI_DATATYPE_NULL) return NC_NOERR;
    *empty = 0;
    if (*buftype == MPI_DATATYPE_NULL) {
        *buftype = ncsfi_mpi_type_of(v->xtype);
        *bufcount = fn;
        return NC_NOERR;
    }
    if ((err = ncsfi_itype_of_mpi(*buftype, &bt))) return err;
    if ((v->xtype == NC_CHAR) != (bt == NC_CHAR)) return NC_ECHAR;
    if (MPI_Type_size_x(*buftype, &bsize) != MPI_SUCCESS) return NC_EINVAL;
    if (*bufcount < 0 || bsize / ncsfi_xsize(bt) * *bufcount != fn) return NC_EIOMISMATCH;
    return NC_NOERR;
}

/* -1000: an ordinary variable everywhere, PnetCDF's call to be made, and
 * then *pnc_err returned if it is not NC_NOERR: a collective put whose
 * mark could not count it joins PnetCDF's call (the others are in it) and
 * returns the mark's error all the same; an independent one writes
 * nothing and returns it here. */
static int vard_call(int ncid, int varid, MPI_Datatype filetype, const void *buf, MPI_Offset bufcount,
                     MPI_Datatype buftype, int put, int collective, const char *name, int *pnc_err)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    *pnc_err = NC_NOERR;
    if (!f) return NC_EBADID;
    int route = collective ? ncsfi_route_collective(ncid, varid, put) : ncsfi_route(ncid, varid);
    if (route < 0) return route;
    int terr = put ? ncsfi_state_touch(ncid) : NC_NOERR;
    if (route == 0) {
        if (terr && !collective) return terr;
        *pnc_err = terr;
        return -1000;
    }
    ncsf_var *v = ncsfi_var(f, varid);
    ncsf_call c;
    MPI_Offset *flat = NULL, **ptrs = NULL;
    ncsfi_call_init(&c, put, NCSF_VARN, collective ? NCSF_MODE_COLL : NCSF_MODE_INDEP);
    MPI_Offset recsize = 0;
    int empty, err = vard_check_types(v, filetype, &buftype, &bufcount, &empty);
    c.buf = (void *)buf;
    c.bufcount = bufcount;
    c.buftype = buftype;
    c.pre_err = terr;
    if (!err && !empty && v->lay->record) err = ncsf_inq_recsize(ncid, &recsize);
    if (!err && !empty) err = vard_regions(v, filetype, recsize, &c, &flat, &ptrs);
    if (!err && empty) c.num = 0;
    if (err == NC_EINVAL) {
        char vname[NC_MAX_NAME + 1] = "";
        ncmpi_inq_varname(f->ncid, varid, vname);
        ncsfi_set_error(f, 0, "%s of %s: its file type reaches bytes that are not the variable's", name, vname);
    }
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
    if (VARD_DEPRECATED) return NC_ENOTSUPPORT;
    int terr, err = vard_call(ncid, varid, filetype, buf, bufcount, buftype, 1, 0, "put_vard", &terr);
    if (err != -1000) return err;
    err = ncmpi_put_vard(ncid, varid, filetype, buf, bufcount, buftype);
    return terr ? terr : err;
}

int ncsf_put_vard_all(int ncid, int varid, MPI_Datatype filetype, const void *buf,
                      MPI_Offset bufcount, MPI_Datatype buftype)
{
    if (VARD_DEPRECATED) return NC_ENOTSUPPORT;
    int terr, err = vard_call(ncid, varid, filetype, buf, bufcount, buftype, 1, 1, "put_vard_all", &terr);
    if (err != -1000) return err;
    err = ncmpi_put_vard_all(ncid, varid, filetype, buf, bufcount, buftype);
    return terr ? terr : err;
}

int ncsf_get_vard(int ncid, int varid, MPI_Datatype filetype, void *buf,
                  MPI_Offset bufcount, MPI_Datatype buftype)
{
    if (VARD_DEPRECATED) return NC_ENOTSUPPORT;
    int terr, err = vard_call(ncid, varid, filetype, buf, bufcount, buftype, 0, 0, "get_vard", &terr);
    return err != -1000 ? err : ncmpi_get_vard(ncid, varid, filetype, buf, bufcount, buftype);
}

int ncsf_get_vard_all(int ncid, int varid, MPI_Datatype filetype, void *buf,
                      MPI_Offset bufcount, MPI_Datatype buftype)
{
    if (VARD_DEPRECATED) return NC_ENOTSUPPORT;
    int terr, err = vard_call(ncid, varid, filetype, buf, bufcount, buftype, 0, 1, "get_vard_all", &terr);
    return err != -1000 ? err : ncmpi_get_vard_all(ncid, varid, filetype, buf, bufcount, buftype);
}
