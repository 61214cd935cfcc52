/*
 * pnetcdf_next.c: how the library reaches PnetCDF's own definitions of the
 * ncmpi_* names that libncsf.so (and the preload library) define as well.
 *
 * A program linked with -lncsf, or run with LD_PRELOAD=libncsf-preload.so,
 * finds ncsf's ncmpi_put_vara_all before PnetCDF's; ncsf itself must not,
 * or it would call itself. pnetcdf_next.h turns each such call in the
 * library into a call through a pointer found here, once per call site.
 *
 * The pointer is PnetCDF's definition whatever the order of the libraries:
 * ncmpi_inq_libvers, a name ncsf never defines, tells which loaded object
 * is PnetCDF, and the name is looked up in that object. A second copy of
 * ncsf in the same process (the preload over a program linked with -lncsf)
 * is skipped the same way, so the two never stack.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_NEXT, RTLD_DEFAULT, dladdr */
#endif
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

void *ncsfi_pnetcdf_symbol(const char *name);

/* The object that defines PnetCDF's ncmpi_inq_libvers, or NULL. */
static void *pnetcdf_object(void)
{
    void *anchor = dlsym(RTLD_NEXT, "ncmpi_inq_libvers");
    if (!anchor) anchor = dlsym(RTLD_DEFAULT, "ncmpi_inq_libvers");
    Dl_info where;
    if (!anchor || !dladdr(anchor, &where) || !where.dli_fname) return NULL;
    /* the executable itself (PnetCDF linked statically into it) has the
     * name "" here; dlopen(NULL) is then its handle */
    const char *file = where.dli_fname[0] ? where.dli_fname : NULL;
    return dlopen(file, RTLD_LAZY | RTLD_NOLOAD);
}

void *ncsfi_pnetcdf_symbol(const char *name)
{
    void *handle = pnetcdf_object(), *fn = NULL;
    if (handle) {
        fn = dlsym(handle, name);
        /* the handle stays open: the pointer must outlive this call, and
         * the object is loaded for good anyway (RTLD_NOLOAD took a
         * reference to something already there) */
    }
    if (!fn) {
        fprintf(stderr, "ncsf: PnetCDF's %s is not in this process (%s); "
                "ncsf needs PnetCDF as a shared library\n", name, dlerror());
        abort();
    }
    return fn;
}
