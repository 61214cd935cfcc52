/* nc4in.h: reading a netCDF-4/HDF5 file through netCDF-C for ncsf-split
 * (tools/nc4in.c): a file of the classic data model (one unlimited
 * dimension, the first of any variable using it; no groups, no
 * user-defined types, no strings) is copied to a CDF-5 (or CDF-2) file,
 * which ncsf-split then reads through PnetCDF. Kept apart so that
 * netcdf.h and pnetcdf.h never meet in one file. */
#ifndef NCSF_TOOLS_NC4IN_H
#define NCSF_TOOLS_NC4IN_H
#include <stddef.h>
/* 1 if netCDF-C opens path as a netCDF-4 (HDF5-based) file, else 0 */
int nc4in_is_netcdf4(const char *path);
/* Copy in to a new classic file out. 0 on success; else nonzero and why
 * holds the cause and what to do (a group, a user type, a string, ...). */
int nc4in_to_classic(const char *in, const char *out, char *why, size_t whylen);
#endif
