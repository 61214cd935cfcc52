/* kerchunk.c: ncsf-info --kerchunk (Zarr references to a subfiled dataset) */
#ifndef NCSF_TOOLS_KERCHUNK_H
#define NCSF_TOOLS_KERCHUNK_H
#include "ncsf_internal.h"

/* Write the references of the dataset open as ncid (through PnetCDF, f its
 * ncsf state with numrecs set) to out_path; *nrefs the chunk references
 * written. NC_NOERR, or an error with msg saying why. */
int ncsf_kerchunk_write(ncsf_file *f, int ncid, const char *out_path, long long *nrefs, char *msg, size_t msglen);
#endif
