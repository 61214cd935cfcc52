/*
 * preload.c: how unmodified programs reach the plugin with
 * LD_PRELOAD=libncsf-netcdf.so: this library's nc_open and nc__open come
 * before netCDF-C's and go through route.c, which hands a read-only open
 * of a subfiled dataset to the plugin and every other open to netCDF-C.
 * (libncsf-preload.so defines the same two names, src/preload/netcdf.c,
 * and loads the plugin without this file: libncsf-netcdf-hook.so.)
 */
#include <stddef.h>
#include <netcdf.h>
#include "ncsfnc.h"

int nc_open(const char *path, int mode, int *ncidp)
{
    return ncsfnc_route_open(path, mode, ncidp);
}

int nc__open(const char *path, int mode, size_t *chunksizehintp, int *ncidp)
{
    return ncsfnc_route_open2(path, mode, chunksizehintp, ncidp);
}
