/*
 * surgery.h: editing and reading single netCDF files with netCDF-C, as a
 * careless tool (or a damaged disk) would, behind ncsf's back: the test
 * programs use it to damage datasets on purpose. Types are netCDF's codes
 * (the same numbers in netcdf.h and pnetcdf.h, which cannot be included
 * together); every function returns a netCDF-C status.
 */
#ifndef NCSF_TEST_SURGERY_H
#define NCSF_TEST_SURGERY_H
/* var NULL: a global attribute. type 2 (char), 4 (int) or 10 (int64). */
int surgery_put_att(const char *path, const char *var, const char *att, int type, long long n,
                    const void *vals);
/* A text attribute into buf (NUL-terminated, at most len bytes). */
int surgery_get_text(const char *path, const char *var, const char *att, char *buf, int len);
/* The length of dimension name. */
int surgery_dimlen(const char *path, const char *name, long long *len);
/* A copy of the netCDF file src as dst, with dimension dim given length
 * len: every dimension, variable and attribute as in src, no data. */
int surgery_clone_with_dimlen(const char *src, const char *dst, const char *dim, long long len);
#endif
