/* t_bypass.h: what t_bypass.c (ncsf.h) and t_bypass_io.c (pnetcdf.h) share. */
#ifndef T_BYPASS_H
#define T_BYPASS_H
enum { BYPASS_NZ = 10, BYPASS_NX = 6 };
/* Each returns the number of failed checks on this process. */
int bypass_write(int ncid, int varid, int rank, int nprocs);
int bypass_read(const char *path, int rank, int nprocs);
#endif
