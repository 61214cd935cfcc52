/*
 * ncsf_internal.h: every internal name of src/ncmpi at once, for the test
 * programs and the fuzz target that reach inside the library. The library's
 * own files never include it: a file of src/ncmpi/X/ includes X/ncsfi_X.h,
 * which sees only its own layer and those below (doc/architecture.md).
 */
#ifndef NCSF_INTERNAL_H
#define NCSF_INTERNAL_H
#include "api/ncsfi_api.h"
#endif
