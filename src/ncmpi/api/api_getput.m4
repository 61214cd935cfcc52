divert(-1)
changecom()
dnl api_getput.m4: every typed and flexible put/get/iput/iget/bput call of
dnl PnetCDF and its mput/mget calls, generated from one template so that a fix is made once.
dnl   m4 -DMODE=source   the wrappers (src/ncmpi/api_getput.c)
dnl   m4 -DMODE=header   their prototypes (include/ncsf_api.h)
dnl   m4 -DMODE=redirect the ncmpi_* -> ncsf_* macros (include/ncsf_redirect.h)
dnl   m4 -DMODE=exports  the ncmpi_* functions libncsf.so and the preload
dnl                      library define, each calling its ncsf_* twin
dnl                      (src/ncmpi/pnetcdf_exports.c)
dnl   m4 -DMODE=next     the library's own calls of those names, sent to
dnl                      PnetCDF's definitions (src/ncmpi/base/pnetcdf_next.h)
dnl Each wrapper sends a variable that is not subfiled straight to PnetCDF
dnl and describes the call of a subfiled one for ncsfi_dispatch.

define(`foreach', `pushdef(`$1')_foreach($@)popdef(`$1')')
define(`_arg1', `$1')
define(`_foreach', `ifelse(`$2', `()', `', `define(`$1', _arg1$2)$3`'$0(`$1', (shift$2), `$3')')')

define(`TYPES', `(text, schar, uchar, short, ushort, int, uint, long, float, double, longlong, ulonglong)')
define(`KINDS', `(var1, var, vara, vars, varm, varn)')

define(`CT_text', `char')                define(`IT_text', `NC_CHAR')
define(`CT_schar', `signed char')        define(`IT_schar', `NC_BYTE')
define(`CT_uchar', `unsigned char')      define(`IT_uchar', `NC_UBYTE')
define(`CT_short', `short')              define(`IT_short', `NC_SHORT')
define(`CT_ushort', `unsigned short')    define(`IT_ushort', `NC_USHORT')
define(`CT_int', `int')                  define(`IT_int', `NC_INT')
define(`CT_uint', `unsigned int')        define(`IT_uint', `NC_UINT')
define(`CT_long', `long')                define(`IT_long', `NCSF_ITYPE_LONG')
define(`CT_float', `float')              define(`IT_float', `NC_FLOAT')
define(`CT_double', `double')            define(`IT_double', `NC_DOUBLE')
define(`CT_longlong', `long long')       define(`IT_longlong', `NC_INT64')
define(`CT_ulonglong', `unsigned long long') define(`IT_ulonglong', `NC_UINT64')

define(`KA_var1', `, const MPI_Offset *start')
define(`KA_var', `')
define(`KA_vara', `, const MPI_Offset *start, const MPI_Offset *count')
define(`KA_vars', `, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride')
define(`KA_varm', `, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap')
define(`KA_varn', `, int num, MPI_Offset *const *starts, MPI_Offset *const *counts')
define(`KN_var1', `, start')
define(`KN_var', `')
define(`KN_vara', `, start, count')
define(`KN_vars', `, start, count, stride')
define(`KN_varm', `, start, count, stride, imap')
define(`KN_varn', `, num, starts, counts')
define(`KS_var1', `c.start = start;')
define(`KS_var', `')
define(`KS_vara', `c.start = start; c.count = count;')
define(`KS_vars', `c.start = start; c.count = count; c.stride = stride;')
define(`KS_varm', `c.start = start; c.count = count; c.stride = stride; c.imap = imap;')
define(`KS_varn', `c.num = num; c.starts = starts; c.counts = counts;')
define(`KC_var1', `NCSF_VAR1') define(`KC_var', `NCSF_VAR') define(`KC_vara', `NCSF_VARA')
define(`KC_vars', `NCSF_VARS') define(`KC_varm', `NCSF_VARM') define(`KC_varn', `NCSF_VARN')

dnl BUF(io, t): buffer arguments of a typed (t given) or flexible (t empty) call
define(`CONSTQ', `ifelse(`$1', `put', `const ', `')')
define(`BA', `ifelse(`$2', `', `, CONSTQ($1)void *buf, MPI_Offset bufcount, MPI_Datatype buftype', `, CONSTQ($1)indir(`CT_$2') *buf')')
define(`BN', `ifelse(`$2', `', `, buf, bufcount, buftype', `, buf')')
define(`BS', `ifelse(`$2', `', `c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;', `c.buf = (void *)buf; c.itype = indir(`IT_$2');')')
define(`TSUF', `ifelse(`$1', `', `', `_$1')')

dnl FUNC(suffix-less ncmpi name part, io, kind, type, mode, extra-suffix)
dnl   $1 prefix (put, get, iput, iget, bput) $2 io $3 kind $4 type $5 mode $6 _all or empty
define(`NAME', `$1_$3`'TSUF($4)$6')
define(`RA', `ifelse(`$5', `NCSF_MODE_INDEP', `', `$5', `NCSF_MODE_COLL', `', `, int *req')')
define(`RN', `ifelse(`$5', `NCSF_MODE_INDEP', `', `$5', `NCSF_MODE_COLL', `', `, req')')
define(`RS', `ifelse(`$5', `NCSF_MODE_INDEP', `', `$5', `NCSF_MODE_COLL', `', `c.req = req;')')

dnl a collective call agrees on where it goes before anything collective
define(`ROUTE', `ifelse(`$1', `NCSF_MODE_COLL', `ncsfi_route_collective', `ncsfi_route')')
define(`ROUTEARGS', `ifelse(`$1', `NCSF_MODE_COLL', `ncid, varid, ifelse(`$2', `put', 1, 0)', `ncid, varid')')

define(`FUNC', `ifelse(MODE, `header',
`int ncsf_`'NAME($@)(int ncid, int varid`'indir(`KA_$3')`'BA($2, $4)`'RA($@));
', MODE, `redirect',
`#define ncmpi_`'NAME($@) ncsf_`'NAME($@)
', MODE, `exports',
`int ncmpi_`'NAME($@)(int ncid, int varid`'indir(`KA_$3')`'BA($2, $4)`'RA($@))
{ return ncsf_`'NAME($@)(ncid, varid`'indir(`KN_$3')`'BN($2, $4)`'RN($@)); }
', MODE, `next',
`#define ncmpi_`'NAME($@) NCSFI_NEXT(ncmpi_`'NAME($@))
',
`int ncsf_`'NAME($@)(int ncid, int varid`'indir(`KA_$3')`'BA($2, $4)`'RA($@))
{
    ncsf_call c;
    int route = ROUTE($5)(ROUTEARGS($5, $2));
    if (route < 0) return route;
    ifelse(`$2', `put', `int terr = ncsfi_state_touch(ncid); /* after a sync: the mark counts this writer first */
    if (route == 0 && terr) {
        /* nothing written; a collective call of PnetCDF`'s is joined (it
         * writes what it is given) and returns the error all the same */
        ifelse(`$5', `NCSF_MODE_COLL', `ncmpi_`'NAME($@)(ncid, varid`'indir(`KN_$3')`'BN($2, $4)`'RN($@));
        ')return terr;
    }
    ')if (route == 0)
        return ifelse(`$5', `NCSF_MODE_NB', `ncsfi_pnc_posted(ncid, ', `$5', `NCSF_MODE_BPUT', `ncsfi_pnc_posted(ncid, ')dnl
ncmpi_`'NAME($@)(ncid, varid`'indir(`KN_$3')`'BN($2, $4)`'RN($@))ifelse(`$5', `NCSF_MODE_NB', `, req)', `$5', `NCSF_MODE_BPUT', `, req)');
    ncsfi_call_init(&c, ifelse(`$2', `put', 1, 0), indir(`KC_$3'), $5);
    indir(`KS_$3')
    BS($2, $4)
    RS($@)
    ifelse(`$2', `put', `c.pre_err = terr;
    ')return ncsfi_dispatch(ncid, varid, &c);
}

')')

dnl every call of one io direction, kind and type (type empty: flexible)
define(`FAMILY',
`FUNC($1, $1, $2, $3, NCSF_MODE_INDEP, `')`'dnl
FUNC($1, $1, $2, $3, NCSF_MODE_COLL, `_all')`'dnl
FUNC(i$1, $1, $2, $3, NCSF_MODE_NB, `')`'dnl
ifelse(`$1', `put', `FUNC(bput, $1, $2, $3, NCSF_MODE_BPUT, `')')')

dnl The mput/mget calls (several variables in one call): on a dataset with
dnl subfiled variables, each request is posted as ncsf's iput/iget and the
dnl lot completed by one wait_all (collective) or wait, as PnetCDF itself
dnl builds them; on any other dataset PnetCDF's own call, unchanged.
dnl MKA/MKN/MKP: kind arguments, the i-th request's, passed through
define(`MKA_var', `')
define(`MKA_var1', `, MPI_Offset *const *starts')
define(`MKA_vara', `, MPI_Offset *const *starts, MPI_Offset *const *counts')
define(`MKA_vars', `MKA_vara`'`, MPI_Offset *const *strides'')
define(`MKA_varm', `MKA_vars`'`, MPI_Offset *const *imaps'')
define(`MKN_var', `')
define(`MKN_var1', `, starts[i]')
define(`MKN_vara', `, starts[i], counts[i]')
define(`MKN_vars', `MKN_vara`'`, strides ? strides[i] : NULL'')
define(`MKN_varm', `MKN_vars`'`, imaps ? imaps[i] : NULL'')
define(`MKP_var', `')
define(`MKP_var1', `, starts')
define(`MKP_vara', `, starts, counts')
define(`MKP_vars', `, starts, counts, strides')
define(`MKP_varm', `, starts, counts, strides, imaps')
define(`MBA', `ifelse(`$2', `', `, void *ifelse(`$1', `put', `const ')*bufs, const MPI_Offset *bufcounts, const MPI_Datatype *buftypes',
`, indir(`CT_$2') *ifelse(`$1', `put', `const ')*bufs')')
define(`MBN', `ifelse(`$2', `', `, bufs[i], bufcounts[i], buftypes[i]', `, bufs[i]')')
define(`MBP', `ifelse(`$2', `', `, bufs, bufcounts, buftypes', `, bufs')')
dnl MCK: the kind and coordinates ncsfi_multi_check looks at; MIT: the typed call's type
define(`MCK_var', `NCSF_VAR, NULL, NULL, NULL')
define(`MCK_var1', `NCSF_VAR1, starts, NULL, NULL')
define(`MCK_vara', `NCSF_VARA, starts, counts, NULL')
define(`MCK_vars', `NCSF_VARS, starts, counts, strides')
define(`MCK_varm', `NCSF_VARM, starts, counts, strides')
define(`MIT', `ifelse(`$1', `', `NC_NAT', `indir(`IT_$1')')')
dnl MFUNC(io, kind, type, _all or empty)
define(`MNAME', `m$1_$2`'TSUF($3)$4')
define(`MFUNC', `ifelse(MODE, `header',
`int ncsf_`'MNAME($@)(int ncid, int num, int *varids`'indir(`MKA_$2')`'MBA($1, $3));
', MODE, `redirect',
`#define ncmpi_`'MNAME($@) ncsf_`'MNAME($@)
', MODE, `exports',
`int ncmpi_`'MNAME($@)(int ncid, int num, int *varids`'indir(`MKA_$2')`'MBA($1, $3))
{ return ncsf_`'MNAME($@)(ncid, num, varids`'indir(`MKP_$2')`'MBP($1, $3)); }
', MODE, `next',
`#define ncmpi_`'MNAME($@) NCSFI_NEXT(ncmpi_`'MNAME($@))
',
`int ncsf_`'MNAME($@)(int ncid, int num, int *varids`'indir(`MKA_$2')`'MBA($1, $3))
{
    int route = ncsfi_route_multi(ncid), i = 0, err = NC_NOERR;
    if (route < 0) return route;
    ifelse(`$1', `put', `ncsfi_state_touch(ncid);
    ')if (route == 0)
        return ncmpi_`'MNAME($@)(ncid, num, varids`'indir(`MKP_$2')`'MBP($1, $3));
    if ((err = ncsfi_multi_check(ncid, num, varids, ifelse(`$1', `put', 1, 0), MIT($3), ifelse(`$4', `', 0, 1),
                                 indir(`MCK_$2'))))
        return err;
    int *reqs = ncsfi_multi_reqs(num, &err);
    while (!err && i < num &&
           !(err = ncsf_i$1_$2`'TSUF($3)(ncid, varids[i]`'indir(`MKN_$2')`'MBN($1, $3), &reqs[i])))
        i++;
    return ncsfi_multi_wait(ncid, i, reqs, err, ifelse(`$4', `', 0, 1));
}

')')
define(`MFAMILY', `MFUNC($1, $2, $3, `')`'MFUNC($1, $2, $3, `_all')')

dnl The attribute writers: each checks the name (ncsf's own attribute names
dnl are reserved in a dataset with subfiling) and, once PnetCDF has put the
dnl attribute, notes that a subfiled variable's attributes changed (the
dnl next enddef brings them to its subfiles). AFUNC(type): put_att_TYPE;
dnl type empty: the generic put_att, taking a void buffer.
define(`AT_ubyte', `unsigned char')
define(`AXA', `ifelse(`$1', `text', `', `, nc_type xtype')')
define(`AXN', `ifelse(`$1', `text', `', `, xtype')')
define(`ABA', `ifelse(`$1', `', `const void *value', `const ifdef(`CT_$1', `indir(`CT_$1')', `indir(`AT_$1')') *op')')
define(`ABN', `ifelse(`$1', `', `value', `op')')
define(`ANAME', `put_att`'TSUF($1)')
define(`AFUNC', `ifelse(MODE, `header',
`int ncsf_`'ANAME($1)(int ncid, int varid, const char *name`'AXA($1), MPI_Offset len, ABA($1));
', MODE, `redirect',
`#define ncmpi_`'ANAME($1) ncsf_`'ANAME($1)
', MODE, `exports',
`int ncmpi_`'ANAME($1)(int ncid, int varid, const char *name`'AXA($1), MPI_Offset len, ABA($1))
{ return ncsf_`'ANAME($1)(ncid, varid, name`'AXN($1), len, ABN($1)); }
', MODE, `next',
`#define ncmpi_`'ANAME($1) NCSFI_NEXT(ncmpi_`'ANAME($1))
',
`int ncsf_`'ANAME($1)(int ncid, int varid, const char *name`'AXA($1), MPI_Offset len, ABA($1))
{
    int err = ncsfi_att_name_check(ncid, varid, name);
    if (err) return err;
    /* an attribute may change in data mode too (PnetCDF then writes the
     * whole header) */
    if ((err = ncsfi_state_touch(ncid))) return err;
    ncsfi_mark_hold h;
    ncsfi_state_hdr_begin(ncid, 0, &h);
    err = ncmpi_`'ANAME($1)(ncid, varid, name`'AXN($1), len, ABN($1));
    ncsfi_state_hdr_end(ncid, &h);
    return ncsfi_att_changed(ncid, varid, err);
}

')')

dnl DCALL(ncmpi name part, ncsf name part, parameters, arguments, redirect):
dnl the dataset-level calls ncsf routes, written by hand in src/ncmpi and
dnl declared in include/ncsf.h; redirect empty means ncsf.h redirects the
dnl name itself (def_var: six arguments or seven)
define(`DCALL', `ifelse(MODE, `redirect', `ifelse(`$5', `', `#define ncmpi_$1 ncsf_$2
')', MODE, `exports', `int ncmpi_$1($3)
{ return ncsf_$2($4); }
', MODE, `next', `ifdef(`NEXT_$1', `indir(`NEXT_$1')', `#define ncmpi_$1 NCSFI_NEXT(ncmpi_$1)
')')')
dnl PnetCDF's own ncmpi_inq_dimlen and ncmpi_inq_dimname call ncmpi_inq_dim
dnl by its exported name, which in a program linked with ncsf is ncsf's (it
dnl reports the dataset's record count, not the base file's): the library
dnl asks PnetCDF's inq_dim itself. (Checked against PnetCDF 1.12.3: no other
dnl call of PnetCDF re-enters through a name ncsf defines but inq_natts,
dnl below.)
define(`NEXT_inq_dimlen', `#define ncmpi_inq_dimlen(ncid, dimid, lenp) ncmpi_inq_dim(ncid, dimid, NULL, lenp)
#define ncmpi_inq_dimname(ncid, dimid, name) ncmpi_inq_dim(ncid, dimid, name, NULL)
')
dnl PnetCDF's ncmpi_inq_natts calls ncmpi_inq by its exported name too
define(`NEXT_inq_natts', `#define ncmpi_inq_natts(ncid, nattsp) ncmpi_inq(ncid, NULL, NULL, nattsp, NULL)
')
define(`DATASET_CALLS', `dnl
DCALL(`create', `create', `MPI_Comm comm, const char *path, int cmode, MPI_Info info, int *ncidp', `comm, path, cmode, info, ncidp')dnl
DCALL(`open', `open', `MPI_Comm comm, const char *path, int omode, MPI_Info info, int *ncidp', `comm, path, omode, info, ncidp')dnl
DCALL(`close', `close', `int ncid', `ncid')dnl
DCALL(`enddef', `enddef', `int ncid', `ncid')dnl
DCALL(`_enddef', `_enddef', `int ncid, MPI_Offset h_minfree, MPI_Offset v_align, MPI_Offset v_minfree, MPI_Offset r_align', `ncid, h_minfree, v_align, v_minfree, r_align')dnl
DCALL(`redef', `redef', `int ncid', `ncid')dnl
DCALL(`sync', `sync', `int ncid', `ncid')dnl
DCALL(`sync_numrecs', `sync_numrecs', `int ncid', `ncid')dnl
DCALL(`delete', `delete', `const char *path, MPI_Info info', `path, info')dnl
DCALL(`flush', `flush', `int ncid', `ncid')dnl
DCALL(`abort', `abort', `int ncid', `ncid')dnl
DCALL(`begin_indep_data', `begin_indep_data', `int ncid', `ncid')dnl
DCALL(`end_indep_data', `end_indep_data', `int ncid', `ncid')dnl
DCALL(`def_var', `def_var_noinfo', `int ncid, const char *name, nc_type xtype, int ndims, const int *dimids, int *varidp', `ncid, name, xtype, ndims, dimids, varidp', `own')dnl
DCALL(`inq_var', `inq_var', `int ncid, int varid, char *name, nc_type *xtypep, int *ndimsp, int *dimids, int *nattsp', `ncid, varid, name, xtypep, ndimsp, dimids, nattsp')dnl
DCALL(`inq_varndims', `inq_varndims', `int ncid, int varid, int *ndimsp', `ncid, varid, ndimsp')dnl
DCALL(`inq_vardimid', `inq_vardimid', `int ncid, int varid, int *dimids', `ncid, varid, dimids')dnl
DCALL(`inq_dim', `inq_dim', `int ncid, int dimid, char *name, MPI_Offset *lenp', `ncid, dimid, name, lenp')dnl
DCALL(`inq_dimlen', `inq_dimlen', `int ncid, int dimid, MPI_Offset *lenp', `ncid, dimid, lenp')dnl
DCALL(`inq_put_size', `inq_put_size', `int ncid, MPI_Offset *size', `ncid, size')dnl
DCALL(`inq_get_size', `inq_get_size', `int ncid, MPI_Offset *size', `ncid, size')dnl
DCALL(`inq_nreqs', `inq_nreqs', `int ncid, int *nreqs', `ncid, nreqs')dnl
DCALL(`inq_recsize', `inq_recsize', `int ncid, MPI_Offset *recsize', `ncid, recsize')dnl
DCALL(`inq_varoffset', `inq_varoffset', `int ncid, int varid, MPI_Offset *offset', `ncid, varid, offset')dnl
DCALL(`inq_buffer_usage', `inq_buffer_usage', `int ncid, MPI_Offset *usage', `ncid, usage')dnl
DCALL(`buffer_detach', `buffer_detach', `int ncid', `ncid')dnl
DCALL(`wait', `wait', `int ncid, int num, int *reqs, int *statuses', `ncid, num, reqs, statuses')dnl
DCALL(`wait_all', `wait_all', `int ncid, int num, int *reqs, int *statuses', `ncid, num, reqs, statuses')dnl
DCALL(`cancel', `cancel', `int ncid, int num, int *reqs, int *statuses', `ncid, num, reqs, statuses')dnl
DCALL(`fill_var_rec', `fill_var_rec', `int ncid, int varid, MPI_Offset recno', `ncid, varid, recno')dnl
DCALL(`rename_var', `rename_var', `int ncid, int varid, const char *newname', `ncid, varid, newname')dnl
DCALL(`rename_dim', `rename_dim', `int ncid, int dimid, const char *newname', `ncid, dimid, newname')dnl
DCALL(`inq', `inq', `int ncid, int *ndimsp, int *nvarsp, int *ngattsp, int *unlimdimidp', `ncid, ndimsp, nvarsp, ngattsp, unlimdimidp')dnl
DCALL(`inq_natts', `inq_natts', `int ncid, int *nattsp', `ncid, nattsp')dnl
DCALL(`inq_varnatts', `inq_varnatts', `int ncid, int varid, int *nattsp', `ncid, varid, nattsp')dnl
DCALL(`inq_attname', `inq_attname', `int ncid, int varid, int attnum, char *name', `ncid, varid, attnum, name')dnl
DCALL(`inq_attid', `inq_attid', `int ncid, int varid, const char *name, int *idp', `ncid, varid, name, idp')dnl
DCALL(`del_att', `del_att', `int ncid, int varid, const char *name', `ncid, varid, name')dnl
DCALL(`rename_att', `rename_att', `int ncid, int varid, const char *name, const char *newname', `ncid, varid, name, newname')dnl
DCALL(`copy_att', `copy_att', `int ncid_in, int varid_in, const char *name, int ncid_out, int varid_out', `ncid_in, varid_in, name, ncid_out, varid_out')dnl
DCALL(`put_vard', `put_vard', `int ncid, int varid, MPI_Datatype filetype, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype', `ncid, varid, filetype, buf, bufcount, buftype')dnl
DCALL(`put_vard_all', `put_vard_all', `int ncid, int varid, MPI_Datatype filetype, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype', `ncid, varid, filetype, buf, bufcount, buftype')dnl
DCALL(`get_vard', `get_vard', `int ncid, int varid, MPI_Datatype filetype, void *buf, MPI_Offset bufcount, MPI_Datatype buftype', `ncid, varid, filetype, buf, bufcount, buftype')dnl
DCALL(`get_vard_all', `get_vard_all', `int ncid, int varid, MPI_Datatype filetype, void *buf, MPI_Offset bufcount, MPI_Datatype buftype', `ncid, varid, filetype, buf, bufcount, buftype')dnl
')

divert(0)dnl
ifelse(MODE, `source', `/* Generated from api_getput.m4: do not edit. */
#include "ncsfi_api.h"

', MODE, `header', `/* Generated from src/ncmpi/api_getput.m4: do not edit. */
#ifndef NCSF_API_H
#define NCSF_API_H
#ifdef __cplusplus
extern "C" {
#endif
', MODE, `exports', `/* Generated from api_getput.m4: do not edit.
 * The ncmpi_* names ncsf routes, defined by libncsf.so and by the preload
 * library: a program that calls them through pnetcdf.h reaches ncsf (the
 * library itself reaches PnetCDF through pnetcdf_next.h). */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#define NCSF_NO_REDIRECT
#include <ncsf.h>

', MODE, `next', `/* Generated from src/ncmpi/api_getput.m4: do not edit.
 * Included by ncsf_internal.h after pnetcdf.h: each ncmpi_* name that
 * libncsf.so defines itself, as the library calls it, is the definition
 * in PnetCDF (looked up once per call site, see pnetcdf_next.c). */
#ifndef NCSF_PNETCDF_NEXT_H
#define NCSF_PNETCDF_NEXT_H
void *ncsfi_pnetcdf_symbol(const char *name);
#define NCSFI_NEXT(fn) (*({ static __typeof__(&fn) fn_; \
    fn_ ? fn_ : (fn_ = (__typeof__(&fn))ncsfi_pnetcdf_symbol(#fn)); }))
', `/* Generated from src/ncmpi/api_getput.m4: do not edit. */
#ifndef NCSF_REDIRECT_H
#define NCSF_REDIRECT_H
')dnl
DATASET_CALLS`'dnl
AFUNC(`')`'foreach(`ty', TYPES, `AFUNC(ty)')`'AFUNC(ubyte)`'dnl
foreach(`io', `(put, get)', `foreach(`kind', KINDS, `FAMILY(io, kind, `')`'foreach(`ty', TYPES, `FAMILY(io, kind, ty)')')')dnl
foreach(`io', `(put, get)', `foreach(`kind', `(var, var1, vara, vars, varm)', `MFAMILY(io, kind, `')`'foreach(`ty', TYPES, `MFAMILY(io, kind, ty)')')')dnl
ifelse(MODE, `header', `#ifdef __cplusplus
}
#endif
#endif
', MODE, `redirect', `#endif
', MODE, `next', `#endif
')dnl
