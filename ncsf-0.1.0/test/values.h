/*
 * values.h: the value every test writes at each global index, so that any
 * reader (the library, netCDF-C, ncdump) can check every element without
 * a copy of what was written. Exact in every netCDF type.
 */
#ifndef NCSF_TEST_VALUES_H
#define NCSF_TEST_VALUES_H

static inline double test_value(int nctype, long long lin, int seed)
{
    long long b = lin * 7 + (long long)seed * 13;
    switch (nctype) {
    case 1: /* NC_BYTE */   return (double)(b % 101 - 50);
    case 2: /* NC_CHAR */   return (double)('a' + b % 26);
    case 3: /* NC_SHORT */  return (double)(b % 30001 - 15000);
    case 4: /* NC_INT */    return (double)(b % 2000000011LL - 1000000000LL);
    case 5: /* NC_FLOAT */  return (double)(b % 1000003) * 0.5;
    case 6: /* NC_DOUBLE */ return (double)b * 0.25 - 1.0e6;
    case 7: /* NC_UBYTE */  return (double)(b % 200);
    case 8: /* NC_USHORT */ return (double)(b % 60000);
    case 9: /* NC_UINT */   return (double)(b % 4000000000LL);
    case 10: /* NC_INT64 */ return (double)(b * 1000003LL - 5000000000000LL);
    case 11: /* NC_UINT64 */ return (double)(b * 1000003LL);
    default: return 0;
    }
}

/* Element size of a netCDF type. */
static inline int test_type_size(int nctype)
{
    static const int size[] = {0, 1, 1, 2, 4, 4, 8, 1, 2, 4, 8, 8};
    return nctype >= 1 && nctype <= 11 ? size[nctype] : 0;
}

/* Store / load a double as the native C type of nctype. */
static inline void test_store(int nctype, void *buf, long long i, double v)
{
    switch (nctype) {
    case 1: ((signed char *)buf)[i] = (signed char)v; break;
    case 2: ((char *)buf)[i] = (char)v; break;
    case 3: ((short *)buf)[i] = (short)v; break;
    case 4: ((int *)buf)[i] = (int)v; break;
    case 5: ((float *)buf)[i] = (float)v; break;
    case 6: ((double *)buf)[i] = v; break;
    case 7: ((unsigned char *)buf)[i] = (unsigned char)v; break;
    case 8: ((unsigned short *)buf)[i] = (unsigned short)v; break;
    case 9: ((unsigned int *)buf)[i] = (unsigned int)v; break;
    case 10: ((long long *)buf)[i] = (long long)v; break;
    case 11: ((unsigned long long *)buf)[i] = (unsigned long long)v; break;
    }
}

static inline double test_load(int nctype, const void *buf, long long i)
{
    switch (nctype) {
    case 1: return ((const signed char *)buf)[i];
    case 2: return ((const char *)buf)[i];
    case 3: return ((const short *)buf)[i];
    case 4: return ((const int *)buf)[i];
    case 5: return ((const float *)buf)[i];
    case 6: return ((const double *)buf)[i];
    case 7: return ((const unsigned char *)buf)[i];
    case 8: return ((const unsigned short *)buf)[i];
    case 9: return ((const unsigned int *)buf)[i];
    case 10: return (double)((const long long *)buf)[i];
    case 11: return (double)((const unsigned long long *)buf)[i];
    }
    return 0;
}

#endif
