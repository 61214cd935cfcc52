divert(-1)
changecom()
dnl api_getput.m4: every typed and flexible put/get/iput/iget/bput call of
dnl PnetCDF, generated from one template so that a fix is made once.
dnl   m4 -DMODE=source   the wrappers (src/ncmpi/api_getput.c)
dnl   m4 -DMODE=header   their prototypes (include/ncsf_api.h)
dnl   m4 -DMODE=redirect the ncmpi_* -> ncsf_* macros (include/ncsf_redirect.h)
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

define(`FUNC', `ifelse(MODE, `header',
`int ncsf_`'NAME($@)(int ncid, int varid`'indir(`KA_$3')`'BA($2, $4)`'RA($@));
', MODE, `redirect',
`#define ncmpi_`'NAME($@) ncsf_`'NAME($@)
',
`int ncsf_`'NAME($@)(int ncid, int varid`'indir(`KA_$3')`'BA($2, $4)`'RA($@))
{
    ncsf_call c;
    int route = ROUTE($5)(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_`'NAME($@)(ncid, varid`'indir(`KN_$3')`'BN($2, $4)`'RN($@));
    ncsfi_call_init(&c, ifelse(`$2', `put', 1, 0), indir(`KC_$3'), $5);
    indir(`KS_$3')
    BS($2, $4)
    RS($@)
    return ncsfi_dispatch(ncid, varid, &c);
}

')')

dnl every call of one io direction, kind and type (type empty: flexible)
define(`FAMILY',
`FUNC($1, $1, $2, $3, NCSF_MODE_INDEP, `')`'dnl
FUNC($1, $1, $2, $3, NCSF_MODE_COLL, `_all')`'dnl
FUNC(i$1, $1, $2, $3, NCSF_MODE_NB, `')`'dnl
ifelse(`$1', `put', `FUNC(bput, $1, $2, $3, NCSF_MODE_BPUT, `')')')

divert(0)dnl
ifelse(MODE, `source', `/* Generated from api_getput.m4: do not edit. */
#include "ncsf_internal.h"

', MODE, `header', `/* Generated from src/ncmpi/api_getput.m4: do not edit. */
#ifndef NCSF_API_H
#define NCSF_API_H
#ifdef __cplusplus
extern "C" {
#endif
', `/* Generated from src/ncmpi/api_getput.m4: do not edit. */
#ifndef NCSF_REDIRECT_H
#define NCSF_REDIRECT_H
')dnl
foreach(`io', `(put, get)', `foreach(`kind', KINDS, `FAMILY(io, kind, `')`'foreach(`ty', TYPES, `FAMILY(io, kind, ty)')')')dnl
ifelse(MODE, `header', `#ifdef __cplusplus
}
#endif
#endif
', MODE, `redirect', `#endif
')dnl
