/*
 * hook.c: the entry libncsf-preload.so calls when it loads this code
 * (libncsf-netcdf-hook.so: the plugin without preload.c, linked without
 * libnetcdf, which the program has already loaded). The preload defines
 * nc_open and nc__open itself and hands over netCDF-C's own two functions
 * (found past its own definitions); it gets back route.c's, which it calls
 * for every open from then on.
 */
#include <stddef.h>
#include <netcdf.h>
#include "ncsfnc.h"

int ncsf_netcdf_hook(int version, ncsfnc_open_fn real_open, ncsfnc_open2_fn real_open2,
                     ncsfnc_open_fn *route_open, ncsfnc_open2_fn *route_open2)
{
    if (version != NCSFNC_HOOK_VERSION || !real_open || !real_open2 || !route_open || !route_open2)
        return NC_EINVAL;
    ncsfnc_real_set(real_open, real_open2);
    *route_open = ncsfnc_route_open;
    *route_open2 = ncsfnc_route_open2;
    return NC_NOERR;
}
