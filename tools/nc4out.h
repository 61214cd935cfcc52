/* nc4out.h: the few netCDF-C calls ncsf-merge needs to write a
 * netCDF-4/HDF5 file, behind names of their own so that netcdf.h and
 * pnetcdf.h never meet in one file (tools/nc4out.c). Types are nc_type
 * values, which the two libraries share; sizes are long long. Every
 * function returns a netCDF-C status (0 is success). */
#ifndef NCSF_TOOLS_NC4OUT_H
#define NCSF_TOOLS_NC4OUT_H
int nc4out_create(const char *path, int *id);
int nc4out_def_dim(int id, const char *name, long long len, int unlimited, int *dim);
/* deflate 0-9 (0: none), shuffle 0/1 (ignored without deflate);
 * chunk: nd chunk lengths, or NULL for netCDF-C's choice */
int nc4out_def_var(int id, const char *name, int type, int nd, const int *dims, int deflate, int shuffle,
                const long long *chunk, int *var);
int nc4out_put_att(int id, int var, const char *name, int type, long long len, const void *vals);
int nc4out_enddef(int id);
int nc4out_put_vara(int id, int var, int nd, const long long *start, const long long *count, const void *buf);
int nc4out_close(int id);
const char *nc4out_strerror(int status);
#define NC4_GLOBAL (-1)
#endif
