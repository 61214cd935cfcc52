/*
 * real_open.c: netCDF-C's own nc_open and nc__open, found past this
 * library's (preload.c defines the same names for LD_PRELOAD). Every open
 * the plugin makes of a base file or a subfile goes through here, so that
 * it reaches netCDF-C's classic dispatch and never the plugin again.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <netcdf.h>
#include "ncsfnc.h"

typedef ncsfnc_open_fn open_fn;
typedef ncsfnc_open2_fn open2_fn;

/* read-only after the first call (or after ncsfnc_real_set, which comes
 * before it) */
static open_fn next_open;
static open2_fn next_open2;
static pthread_once_t once = PTHREAD_ONCE_INIT;

void ncsfnc_real_set(open_fn open, open2_fn open2)
{
    next_open = open;
    next_open2 = open2;
}

static void find_once(void)
{
    if (next_open && next_open2) return;
    next_open = (open_fn)dlsym(RTLD_NEXT, "nc_open");
    next_open2 = (open2_fn)dlsym(RTLD_NEXT, "nc__open");
    if (!next_open) next_open = (open_fn)dlsym(RTLD_DEFAULT, "nc_open");
    if (!next_open2) next_open2 = (open2_fn)dlsym(RTLD_DEFAULT, "nc__open");
}

int ncsfnc_real_found(void)
{
    pthread_once(&once, find_once);
    return next_open != NULL;
}

int ncsfnc_real_open(const char *path, int mode, int *ncidp)
{
    pthread_once(&once, find_once);
    if (!next_open) return NC_ENOTBUILT;
    return next_open(path, mode, ncidp);
}

int ncsfnc_real_open2(const char *path, int mode, size_t *chunksizehintp, int *ncidp)
{
    pthread_once(&once, find_once);
    if (!next_open2) return NC_ENOTBUILT;
    return next_open2(path, mode, chunksizehintp, ncidp);
}
