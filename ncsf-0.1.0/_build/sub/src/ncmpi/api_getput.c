/* Generated from api_getput.m4: do not edit. */
#include "ncsf_internal.h"

int ncsf_put_var1(int ncid, int varid, const MPI_Offset *start, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1(ncid, varid, start, buf, bufcount, buftype);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_all(int ncid, int varid, const MPI_Offset *start, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_all(ncid, varid, start, buf, bufcount, buftype);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var1(int ncid, int varid, const MPI_Offset *start, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var1(ncid, varid, start, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var1(int ncid, int varid, const MPI_Offset *start, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var1(ncid, varid, start, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_BPUT);
    c.start = start;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_text(int ncid, int varid, const MPI_Offset *start, const char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_text(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_text_all(int ncid, int varid, const MPI_Offset *start, const char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_text_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var1_text(int ncid, int varid, const MPI_Offset *start, const char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var1_text(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var1_text(int ncid, int varid, const MPI_Offset *start, const char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var1_text(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_BPUT);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_schar(int ncid, int varid, const MPI_Offset *start, const signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_schar(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_schar_all(int ncid, int varid, const MPI_Offset *start, const signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_schar_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var1_schar(int ncid, int varid, const MPI_Offset *start, const signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var1_schar(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var1_schar(int ncid, int varid, const MPI_Offset *start, const signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var1_schar(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_BPUT);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_uchar(int ncid, int varid, const MPI_Offset *start, const unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_uchar(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_uchar_all(int ncid, int varid, const MPI_Offset *start, const unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_uchar_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var1_uchar(int ncid, int varid, const MPI_Offset *start, const unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var1_uchar(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var1_uchar(int ncid, int varid, const MPI_Offset *start, const unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var1_uchar(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_BPUT);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_short(int ncid, int varid, const MPI_Offset *start, const short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_short(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_short_all(int ncid, int varid, const MPI_Offset *start, const short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_short_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var1_short(int ncid, int varid, const MPI_Offset *start, const short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var1_short(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var1_short(int ncid, int varid, const MPI_Offset *start, const short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var1_short(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_BPUT);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_ushort(int ncid, int varid, const MPI_Offset *start, const unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_ushort(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_ushort_all(int ncid, int varid, const MPI_Offset *start, const unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_ushort_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var1_ushort(int ncid, int varid, const MPI_Offset *start, const unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var1_ushort(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var1_ushort(int ncid, int varid, const MPI_Offset *start, const unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var1_ushort(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_BPUT);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_int(int ncid, int varid, const MPI_Offset *start, const int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_int(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_int_all(int ncid, int varid, const MPI_Offset *start, const int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_int_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var1_int(int ncid, int varid, const MPI_Offset *start, const int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var1_int(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var1_int(int ncid, int varid, const MPI_Offset *start, const int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var1_int(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_BPUT);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_uint(int ncid, int varid, const MPI_Offset *start, const unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_uint(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_uint_all(int ncid, int varid, const MPI_Offset *start, const unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_uint_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var1_uint(int ncid, int varid, const MPI_Offset *start, const unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var1_uint(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var1_uint(int ncid, int varid, const MPI_Offset *start, const unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var1_uint(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_BPUT);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_long(int ncid, int varid, const MPI_Offset *start, const long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_long(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_long_all(int ncid, int varid, const MPI_Offset *start, const long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_long_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var1_long(int ncid, int varid, const MPI_Offset *start, const long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var1_long(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var1_long(int ncid, int varid, const MPI_Offset *start, const long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var1_long(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_BPUT);
    c.start = start;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_float(int ncid, int varid, const MPI_Offset *start, const float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_float(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_float_all(int ncid, int varid, const MPI_Offset *start, const float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_float_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var1_float(int ncid, int varid, const MPI_Offset *start, const float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var1_float(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var1_float(int ncid, int varid, const MPI_Offset *start, const float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var1_float(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_BPUT);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_double(int ncid, int varid, const MPI_Offset *start, const double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_double(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_double_all(int ncid, int varid, const MPI_Offset *start, const double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_double_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var1_double(int ncid, int varid, const MPI_Offset *start, const double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var1_double(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var1_double(int ncid, int varid, const MPI_Offset *start, const double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var1_double(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_BPUT);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_longlong(int ncid, int varid, const MPI_Offset *start, const long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_longlong(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_longlong_all(int ncid, int varid, const MPI_Offset *start, const long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_longlong_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var1_longlong(int ncid, int varid, const MPI_Offset *start, const long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var1_longlong(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var1_longlong(int ncid, int varid, const MPI_Offset *start, const long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var1_longlong(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_BPUT);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_ulonglong(int ncid, int varid, const MPI_Offset *start, const unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_ulonglong(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var1_ulonglong_all(int ncid, int varid, const MPI_Offset *start, const unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var1_ulonglong_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var1_ulonglong(int ncid, int varid, const MPI_Offset *start, const unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var1_ulonglong(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var1_ulonglong(int ncid, int varid, const MPI_Offset *start, const unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var1_ulonglong(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR1, NCSF_MODE_BPUT);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var(int ncid, int varid, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var(ncid, varid, buf, bufcount, buftype);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_all(int ncid, int varid, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_all(ncid, varid, buf, bufcount, buftype);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var(int ncid, int varid, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var(ncid, varid, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var(int ncid, int varid, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var(ncid, varid, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_BPUT);
    
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_text(int ncid, int varid, const char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_text(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_text_all(int ncid, int varid, const char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_text_all(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var_text(int ncid, int varid, const char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var_text(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var_text(int ncid, int varid, const char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var_text(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_BPUT);
    
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_schar(int ncid, int varid, const signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_schar(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_schar_all(int ncid, int varid, const signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_schar_all(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var_schar(int ncid, int varid, const signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var_schar(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var_schar(int ncid, int varid, const signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var_schar(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_BPUT);
    
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_uchar(int ncid, int varid, const unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_uchar(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_uchar_all(int ncid, int varid, const unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_uchar_all(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var_uchar(int ncid, int varid, const unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var_uchar(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var_uchar(int ncid, int varid, const unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var_uchar(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_BPUT);
    
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_short(int ncid, int varid, const short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_short(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_short_all(int ncid, int varid, const short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_short_all(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var_short(int ncid, int varid, const short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var_short(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var_short(int ncid, int varid, const short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var_short(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_BPUT);
    
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_ushort(int ncid, int varid, const unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_ushort(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_ushort_all(int ncid, int varid, const unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_ushort_all(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var_ushort(int ncid, int varid, const unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var_ushort(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var_ushort(int ncid, int varid, const unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var_ushort(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_BPUT);
    
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_int(int ncid, int varid, const int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_int(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_int_all(int ncid, int varid, const int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_int_all(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var_int(int ncid, int varid, const int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var_int(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var_int(int ncid, int varid, const int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var_int(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_BPUT);
    
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_uint(int ncid, int varid, const unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_uint(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_uint_all(int ncid, int varid, const unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_uint_all(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var_uint(int ncid, int varid, const unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var_uint(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var_uint(int ncid, int varid, const unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var_uint(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_BPUT);
    
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_long(int ncid, int varid, const long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_long(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_long_all(int ncid, int varid, const long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_long_all(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var_long(int ncid, int varid, const long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var_long(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var_long(int ncid, int varid, const long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var_long(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_BPUT);
    
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_float(int ncid, int varid, const float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_float(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_float_all(int ncid, int varid, const float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_float_all(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var_float(int ncid, int varid, const float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var_float(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var_float(int ncid, int varid, const float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var_float(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_BPUT);
    
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_double(int ncid, int varid, const double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_double(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_double_all(int ncid, int varid, const double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_double_all(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var_double(int ncid, int varid, const double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var_double(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var_double(int ncid, int varid, const double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var_double(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_BPUT);
    
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_longlong(int ncid, int varid, const long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_longlong(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_longlong_all(int ncid, int varid, const long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_longlong_all(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var_longlong(int ncid, int varid, const long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var_longlong(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var_longlong(int ncid, int varid, const long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var_longlong(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_BPUT);
    
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_ulonglong(int ncid, int varid, const unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_ulonglong(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_var_ulonglong_all(int ncid, int varid, const unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_var_ulonglong_all(ncid, varid, buf);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_var_ulonglong(int ncid, int varid, const unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_var_ulonglong(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_var_ulonglong(int ncid, int varid, const unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_var_ulonglong(ncid, varid, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VAR, NCSF_MODE_BPUT);
    
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara(ncid, varid, start, count, buf, bufcount, buftype);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_all(ncid, varid, start, count, buf, bufcount, buftype);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vara(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vara(ncid, varid, start, count, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vara(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vara(ncid, varid, start, count, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_BPUT);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_text(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_text_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_text_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vara_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vara_text(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vara_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vara_text(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_BPUT);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_schar(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_schar_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_schar_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vara_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vara_schar(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vara_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vara_schar(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_BPUT);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_uchar(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_uchar_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_uchar_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vara_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vara_uchar(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vara_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vara_uchar(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_BPUT);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_short(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_short_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_short_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vara_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vara_short(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vara_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vara_short(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_BPUT);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_ushort(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_ushort_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_ushort_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vara_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vara_ushort(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vara_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vara_ushort(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_BPUT);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_int(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_int_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_int_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vara_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vara_int(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vara_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vara_int(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_BPUT);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_uint(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_uint_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_uint_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vara_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vara_uint(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vara_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vara_uint(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_BPUT);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_long(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_long_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_long_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vara_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vara_long(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vara_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vara_long(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_BPUT);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_float(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_float_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_float_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vara_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vara_float(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vara_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vara_float(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_BPUT);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_double(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_double_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_double_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vara_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vara_double(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vara_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vara_double(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_BPUT);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_longlong(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_longlong_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_longlong_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vara_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vara_longlong(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vara_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vara_longlong(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_BPUT);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_ulonglong(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vara_ulonglong_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vara_ulonglong_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vara_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vara_ulonglong(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vara_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vara_ulonglong(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARA, NCSF_MODE_BPUT);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars(ncid, varid, start, count, stride, buf, bufcount, buftype);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_all(ncid, varid, start, count, stride, buf, bufcount, buftype);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vars(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vars(ncid, varid, start, count, stride, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vars(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vars(ncid, varid, start, count, stride, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_text(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_text_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_text_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vars_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vars_text(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vars_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vars_text(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_schar(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_schar_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_schar_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vars_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vars_schar(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vars_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vars_schar(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_uchar(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_uchar_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_uchar_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vars_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vars_uchar(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vars_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vars_uchar(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_short(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_short_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_short_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vars_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vars_short(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vars_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vars_short(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_ushort(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_ushort_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_ushort_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vars_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vars_ushort(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vars_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vars_ushort(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_int(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_int_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_int_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vars_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vars_int(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vars_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vars_int(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_uint(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_uint_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_uint_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vars_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vars_uint(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vars_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vars_uint(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_long(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_long_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_long_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vars_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vars_long(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vars_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vars_long(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_float(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_float_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_float_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vars_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vars_float(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vars_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vars_float(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_double(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_double_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_double_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vars_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vars_double(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vars_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vars_double(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_longlong(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_longlong_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_longlong_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vars_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vars_longlong(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vars_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vars_longlong(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_ulonglong(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_vars_ulonglong_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_vars_ulonglong_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_vars_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_vars_ulonglong(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_vars_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_vars_ulonglong(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARS, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm(ncid, varid, start, count, stride, imap, buf, bufcount, buftype);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_all(ncid, varid, start, count, stride, imap, buf, bufcount, buftype);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varm(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varm(ncid, varid, start, count, stride, imap, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varm(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varm(ncid, varid, start, count, stride, imap, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_text(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_text_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_text_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varm_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varm_text(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varm_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varm_text(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_schar(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_schar_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_schar_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varm_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varm_schar(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varm_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varm_schar(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_uchar(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_uchar_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_uchar_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varm_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varm_uchar(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varm_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varm_uchar(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_short(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_short_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_short_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varm_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varm_short(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varm_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varm_short(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_ushort(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_ushort_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_ushort_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varm_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varm_ushort(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varm_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varm_ushort(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_int(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_int_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_int_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varm_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varm_int(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varm_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varm_int(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_uint(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_uint_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_uint_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varm_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varm_uint(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varm_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varm_uint(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_long(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_long_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_long_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varm_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varm_long(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varm_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varm_long(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_float(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_float_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_float_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varm_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varm_float(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varm_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varm_float(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_double(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_double_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_double_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varm_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varm_double(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varm_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varm_double(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_longlong(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_longlong_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_longlong_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varm_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varm_longlong(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varm_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varm_longlong(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_ulonglong(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varm_ulonglong_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varm_ulonglong_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varm_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varm_ulonglong(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varm_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, const unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varm_ulonglong(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARM, NCSF_MODE_BPUT);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn(ncid, varid, num, starts, counts, buf, bufcount, buftype);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_all(ncid, varid, num, starts, counts, buf, bufcount, buftype);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varn(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varn(ncid, varid, num, starts, counts, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varn(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varn(ncid, varid, num, starts, counts, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_BPUT);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_text(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_text(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_text_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_text_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varn_text(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varn_text(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varn_text(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varn_text(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_BPUT);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_schar(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_schar(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_schar_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_schar_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varn_schar(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varn_schar(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varn_schar(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varn_schar(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_BPUT);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_uchar(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_uchar(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_uchar_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_uchar_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varn_uchar(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varn_uchar(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varn_uchar(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varn_uchar(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_BPUT);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_short(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_short(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_short_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_short_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varn_short(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varn_short(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varn_short(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varn_short(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_BPUT);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_ushort(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_ushort(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_ushort_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_ushort_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varn_ushort(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varn_ushort(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varn_ushort(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varn_ushort(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_BPUT);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_int(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_int(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_int_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_int_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varn_int(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varn_int(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varn_int(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varn_int(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_BPUT);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_uint(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_uint(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_uint_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_uint_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varn_uint(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varn_uint(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varn_uint(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varn_uint(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_BPUT);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_long(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_long(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_long_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_long_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varn_long(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varn_long(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varn_long(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varn_long(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_BPUT);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_float(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_float(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_float_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_float_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varn_float(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varn_float(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varn_float(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varn_float(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_BPUT);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_double(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_double(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_double_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_double_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varn_double(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varn_double(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varn_double(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varn_double(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_BPUT);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_longlong(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_longlong(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_longlong_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_longlong_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varn_longlong(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varn_longlong(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varn_longlong(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varn_longlong(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_BPUT);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_ulonglong(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_ulonglong(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_put_varn_ulonglong_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_put_varn_ulonglong_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iput_varn_ulonglong(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iput_varn_ulonglong(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_bput_varn_ulonglong(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, const unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_bput_varn_ulonglong(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 1, NCSF_VARN, NCSF_MODE_BPUT);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1(int ncid, int varid, const MPI_Offset *start, void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1(ncid, varid, start, buf, bufcount, buftype);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_all(int ncid, int varid, const MPI_Offset *start, void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_all(ncid, varid, start, buf, bufcount, buftype);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var1(int ncid, int varid, const MPI_Offset *start, void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var1(ncid, varid, start, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_text(int ncid, int varid, const MPI_Offset *start, char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_text(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_text_all(int ncid, int varid, const MPI_Offset *start, char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_text_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var1_text(int ncid, int varid, const MPI_Offset *start, char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var1_text(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_schar(int ncid, int varid, const MPI_Offset *start, signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_schar(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_schar_all(int ncid, int varid, const MPI_Offset *start, signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_schar_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var1_schar(int ncid, int varid, const MPI_Offset *start, signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var1_schar(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_uchar(int ncid, int varid, const MPI_Offset *start, unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_uchar(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_uchar_all(int ncid, int varid, const MPI_Offset *start, unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_uchar_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var1_uchar(int ncid, int varid, const MPI_Offset *start, unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var1_uchar(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_short(int ncid, int varid, const MPI_Offset *start, short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_short(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_short_all(int ncid, int varid, const MPI_Offset *start, short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_short_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var1_short(int ncid, int varid, const MPI_Offset *start, short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var1_short(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_ushort(int ncid, int varid, const MPI_Offset *start, unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_ushort(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_ushort_all(int ncid, int varid, const MPI_Offset *start, unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_ushort_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var1_ushort(int ncid, int varid, const MPI_Offset *start, unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var1_ushort(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_int(int ncid, int varid, const MPI_Offset *start, int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_int(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_int_all(int ncid, int varid, const MPI_Offset *start, int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_int_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var1_int(int ncid, int varid, const MPI_Offset *start, int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var1_int(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_uint(int ncid, int varid, const MPI_Offset *start, unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_uint(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_uint_all(int ncid, int varid, const MPI_Offset *start, unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_uint_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var1_uint(int ncid, int varid, const MPI_Offset *start, unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var1_uint(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_long(int ncid, int varid, const MPI_Offset *start, long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_long(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_long_all(int ncid, int varid, const MPI_Offset *start, long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_long_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var1_long(int ncid, int varid, const MPI_Offset *start, long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var1_long(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_float(int ncid, int varid, const MPI_Offset *start, float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_float(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_float_all(int ncid, int varid, const MPI_Offset *start, float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_float_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var1_float(int ncid, int varid, const MPI_Offset *start, float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var1_float(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_double(int ncid, int varid, const MPI_Offset *start, double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_double(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_double_all(int ncid, int varid, const MPI_Offset *start, double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_double_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var1_double(int ncid, int varid, const MPI_Offset *start, double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var1_double(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_longlong(int ncid, int varid, const MPI_Offset *start, long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_longlong(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_longlong_all(int ncid, int varid, const MPI_Offset *start, long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_longlong_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var1_longlong(int ncid, int varid, const MPI_Offset *start, long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var1_longlong(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_ulonglong(int ncid, int varid, const MPI_Offset *start, unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_ulonglong(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_INDEP);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var1_ulonglong_all(int ncid, int varid, const MPI_Offset *start, unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var1_ulonglong_all(ncid, varid, start, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_COLL);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var1_ulonglong(int ncid, int varid, const MPI_Offset *start, unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var1_ulonglong(ncid, varid, start, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR1, NCSF_MODE_NB);
    c.start = start;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var(int ncid, int varid, void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var(ncid, varid, buf, bufcount, buftype);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_all(int ncid, int varid, void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_all(ncid, varid, buf, bufcount, buftype);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var(int ncid, int varid, void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var(ncid, varid, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_text(int ncid, int varid, char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_text(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_text_all(int ncid, int varid, char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_text_all(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var_text(int ncid, int varid, char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var_text(ncid, varid, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_schar(int ncid, int varid, signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_schar(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_schar_all(int ncid, int varid, signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_schar_all(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var_schar(int ncid, int varid, signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var_schar(ncid, varid, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_uchar(int ncid, int varid, unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_uchar(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_uchar_all(int ncid, int varid, unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_uchar_all(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var_uchar(int ncid, int varid, unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var_uchar(ncid, varid, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_short(int ncid, int varid, short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_short(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_short_all(int ncid, int varid, short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_short_all(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var_short(int ncid, int varid, short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var_short(ncid, varid, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_ushort(int ncid, int varid, unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_ushort(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_ushort_all(int ncid, int varid, unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_ushort_all(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var_ushort(int ncid, int varid, unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var_ushort(ncid, varid, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_int(int ncid, int varid, int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_int(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_int_all(int ncid, int varid, int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_int_all(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var_int(int ncid, int varid, int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var_int(ncid, varid, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_uint(int ncid, int varid, unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_uint(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_uint_all(int ncid, int varid, unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_uint_all(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var_uint(int ncid, int varid, unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var_uint(ncid, varid, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_long(int ncid, int varid, long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_long(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_long_all(int ncid, int varid, long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_long_all(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var_long(int ncid, int varid, long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var_long(ncid, varid, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_float(int ncid, int varid, float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_float(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_float_all(int ncid, int varid, float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_float_all(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var_float(int ncid, int varid, float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var_float(ncid, varid, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_double(int ncid, int varid, double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_double(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_double_all(int ncid, int varid, double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_double_all(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var_double(int ncid, int varid, double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var_double(ncid, varid, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_longlong(int ncid, int varid, long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_longlong(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_longlong_all(int ncid, int varid, long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_longlong_all(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var_longlong(int ncid, int varid, long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var_longlong(ncid, varid, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_ulonglong(int ncid, int varid, unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_ulonglong(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_INDEP);
    
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_var_ulonglong_all(int ncid, int varid, unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_var_ulonglong_all(ncid, varid, buf);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_COLL);
    
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_var_ulonglong(int ncid, int varid, unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_var_ulonglong(ncid, varid, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VAR, NCSF_MODE_NB);
    
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara(ncid, varid, start, count, buf, bufcount, buftype);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_all(ncid, varid, start, count, buf, bufcount, buftype);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vara(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vara(ncid, varid, start, count, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_text(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_text_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_text_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vara_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vara_text(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_schar(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_schar_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_schar_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vara_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vara_schar(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_uchar(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_uchar_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_uchar_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vara_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vara_uchar(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_short(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_short_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_short_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vara_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vara_short(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_ushort(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_ushort_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_ushort_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vara_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vara_ushort(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_int(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_int_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_int_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vara_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vara_int(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_uint(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_uint_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_uint_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vara_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vara_uint(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_long(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_long_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_long_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vara_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vara_long(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_float(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_float_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_float_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vara_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vara_float(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_double(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_double_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_double_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vara_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vara_double(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_longlong(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_longlong_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_longlong_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vara_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vara_longlong(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_ulonglong(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_INDEP);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vara_ulonglong_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vara_ulonglong_all(ncid, varid, start, count, buf);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_COLL);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vara_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vara_ulonglong(ncid, varid, start, count, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARA, NCSF_MODE_NB);
    c.start = start; c.count = count;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars(ncid, varid, start, count, stride, buf, bufcount, buftype);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_all(ncid, varid, start, count, stride, buf, bufcount, buftype);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vars(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vars(ncid, varid, start, count, stride, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_text(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_text_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_text_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vars_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vars_text(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_schar(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_schar_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_schar_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vars_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vars_schar(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_uchar(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_uchar_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_uchar_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vars_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vars_uchar(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_short(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_short_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_short_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vars_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vars_short(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_ushort(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_ushort_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_ushort_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vars_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vars_ushort(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_int(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_int_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_int_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vars_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vars_int(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_uint(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_uint_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_uint_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vars_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vars_uint(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_long(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_long_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_long_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vars_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vars_long(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_float(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_float_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_float_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vars_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vars_float(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_double(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_double_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_double_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vars_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vars_double(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_longlong(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_longlong_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_longlong_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vars_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vars_longlong(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_ulonglong(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_vars_ulonglong_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_vars_ulonglong_all(ncid, varid, start, count, stride, buf);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_vars_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_vars_ulonglong(ncid, varid, start, count, stride, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARS, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm(ncid, varid, start, count, stride, imap, buf, bufcount, buftype);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_all(ncid, varid, start, count, stride, imap, buf, bufcount, buftype);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varm(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varm(ncid, varid, start, count, stride, imap, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_text(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_text_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_text_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varm_text(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varm_text(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_schar(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_schar_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_schar_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varm_schar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varm_schar(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_uchar(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_uchar_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_uchar_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varm_uchar(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varm_uchar(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_short(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_short_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_short_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varm_short(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varm_short(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_ushort(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_ushort_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_ushort_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varm_ushort(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varm_ushort(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_int(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_int_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_int_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varm_int(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varm_int(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_uint(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_uint_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_uint_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varm_uint(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varm_uint(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_long(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_long_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_long_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varm_long(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varm_long(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_float(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_float_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_float_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varm_float(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varm_float(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_double(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_double_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_double_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varm_double(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varm_double(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_longlong(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_longlong_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_longlong_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varm_longlong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varm_longlong(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_ulonglong(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_INDEP);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varm_ulonglong_all(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varm_ulonglong_all(ncid, varid, start, count, stride, imap, buf);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_COLL);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varm_ulonglong(int ncid, int varid, const MPI_Offset *start, const MPI_Offset *count, const MPI_Offset *stride, const MPI_Offset *imap, unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varm_ulonglong(ncid, varid, start, count, stride, imap, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARM, NCSF_MODE_NB);
    c.start = start; c.count = count; c.stride = stride; c.imap = imap;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn(ncid, varid, num, starts, counts, buf, bufcount, buftype);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, void *buf, MPI_Offset bufcount, MPI_Datatype buftype)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_all(ncid, varid, num, starts, counts, buf, bufcount, buftype);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varn(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, void *buf, MPI_Offset bufcount, MPI_Datatype buftype, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varn(ncid, varid, num, starts, counts, buf, bufcount, buftype, req);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.bufcount = bufcount; c.buftype = buftype;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_text(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_text(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_text_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_text_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varn_text(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varn_text(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_CHAR;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_schar(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_schar(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_schar_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, signed char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_schar_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varn_schar(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, signed char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varn_schar(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_BYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_uchar(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_uchar(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_uchar_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, unsigned char *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_uchar_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varn_uchar(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, unsigned char *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varn_uchar(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UBYTE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_short(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_short(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_short_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_short_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varn_short(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varn_short(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_SHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_ushort(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_ushort(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_ushort_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, unsigned short *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_ushort_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varn_ushort(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, unsigned short *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varn_ushort(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_USHORT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_int(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_int(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_int_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_int_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varn_int(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varn_int(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_uint(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_uint(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_uint_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, unsigned int *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_uint_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varn_uint(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, unsigned int *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varn_uint(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_long(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_long(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_long_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_long_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varn_long(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varn_long(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NCSF_ITYPE_LONG;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_float(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_float(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_float_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, float *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_float_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varn_float(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, float *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varn_float(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_FLOAT;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_double(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_double(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_double_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, double *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_double_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varn_double(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, double *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varn_double(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_DOUBLE;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_longlong(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_longlong(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_longlong_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_longlong_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varn_longlong(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varn_longlong(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_INT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_ulonglong(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_ulonglong(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_INDEP);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_get_varn_ulonglong_all(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, unsigned long long *buf)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_get_varn_ulonglong_all(ncid, varid, num, starts, counts, buf);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_COLL);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    
    return ncsfi_dispatch(ncid, varid, &c);
}

int ncsf_iget_varn_ulonglong(int ncid, int varid, int num, MPI_Offset *const *starts, MPI_Offset *const *counts, unsigned long long *buf, int *req)
{
    ncsf_call c;
    int route = ncsfi_route(ncid, varid);
    if (route < 0) return route;
    if (route == 0)
        return ncmpi_iget_varn_ulonglong(ncid, varid, num, starts, counts, buf, req);
    ncsfi_call_init(&c, 0, NCSF_VARN, NCSF_MODE_NB);
    c.num = num; c.starts = starts; c.counts = counts;
    c.buf = (void *)buf; c.itype = NC_UINT64;
    c.req = req;
    return ncsfi_dispatch(ncid, varid, &c);
}

