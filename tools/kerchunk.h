/* kerchunk.c: ncsf-info --kerchunk (Zarr references to a subfiled dataset) */
#ifndef NCSF_TOOLS_KERCHUNK_H
#define NCSF_TOOLS_KERCHUNK_H
#include <ncsf_inspect.h>

/* Write the references of the dataset open as ncid (through PnetCDF, in
 * its inspection with numrecs set) to out_path; *nrefs the chunk references
 * written. NC_NOERR, or an error with msg saying why. */
int ncsf_kerchunk_write(ncsf_inspect *in, int ncid, const char *out_path, long long *nrefs, char *msg, size_t msglen);
#endif
