/*
 * route.c: which opens the plugin takes. A read-only open of a classic
 * file whose header has the global attribute subfiling_dataset_id (a
 * subfiled dataset's base file or subfile) goes to netCDF-C again with the
 * mode flag NC_UDF0, so that netCDF-C hands it to the plugin's dispatch
 * table; every other open (another format, a plain classic file, any open
 * for writing of a file that is not subfiled) is netCDF-C's call
 * untouched. Opening a subfiled dataset for writing returns NC_EPERM:
 * netCDF-C would write the placeholders.
 *
 * Callers: preload.c (LD_PRELOAD=libncsf-netcdf.so) and hook.c (the same
 * for libncsf-preload.so, which loads this code when a program calls
 * nc_open). netCDF-C 4.10 loads the library itself when .ncrc names it
 * (NETCDF.UDF0.LIBRARY, NETCDF.UDF0.INIT=ncsf_netcdf_init): it calls
 * ncsf_netcdf_init and registers the dispatch table that returns.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <netcdf.h>
#include "ncsfnc.h"

/* the plugin's registration with netCDF-C, made once */
static int registered = NC_NOERR;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void init_once(void)
{
    registered = ncsfnc_register();
}

/* The table, registered as NC_UDF0 (netCDF-C 4.10's .ncrc loader, built
 * with its default UDF self-load, registers it again in the slot .ncrc
 * names, with .ncrc's MAGIC); NULL if netCDF-C refused it. */
const struct NC_Dispatch *ncsf_netcdf_init(void)
{
    pthread_once(&once, init_once);
    return registered == NC_NOERR ? ncsfnc_dispatch_table : NULL;
}

/* a classic file whose global attributes include subfiling_dataset_id:
 * its header's start read here (one open of the file, no netCDF-C open
 * and close of it before the real one); netCDF-C asked only when that
 * header is one this cannot follow */
static int is_subfiled(const char *path)
{
    int r = ncsfnc_classic_has_gatt(path, "subfiling_dataset_id");
    if (r >= 0) return r;
    if (r == -2) return 0;
    int id, yes = 0;
    if (ncsfnc_real_open(path, NC_NOWRITE, &id) == NC_NOERR) {
        yes = nc_inq_attid(id, NC_GLOBAL, "subfiling_dataset_id", NULL) == NC_NOERR;
        nc_close(id);
    }
    return yes;
}

/* NC_EPERM, the plugin, or NULL: netCDF-C as asked */
static int route(const char *path, int mode, int *use_plugin)
{
    pthread_once(&once, init_once);
    *use_plugin = 0;
    if (!path || !ncsfnc_real_found() || registered || (mode & (NC_UDF0 | NC_UDF1 | NC_INMEMORY | NC_DISKLESS)))
        return NC_NOERR;
    if (!is_subfiled(path)) return NC_NOERR;
    if (mode & NC_WRITE) return NC_EPERM;
    *use_plugin = 1;
    return NC_NOERR;
}

int ncsfnc_route_open(const char *path, int mode, int *ncidp)
{
    int plugin, err = route(path, mode, &plugin);
    if (err) return err;
    return ncsfnc_real_open(path, plugin ? mode | NC_UDF0 : mode, ncidp);
}

int ncsfnc_route_open2(const char *path, int mode, size_t *chunksizehintp, int *ncidp)
{
    int plugin, err = route(path, mode, &plugin);
    if (err) return err;
    return ncsfnc_real_open2(path, plugin ? mode | NC_UDF0 : mode, chunksizehintp, ncidp);
}
