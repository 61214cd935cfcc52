/*
 * base_header.c: the header of a dataset just opened, parsed by ncsf, so
 * that its subfiling attributes are read without asking PnetCDF for them
 * one name at a time.
 *
 * Why: PnetCDF 1.12.3 normalizes (NFC, through utf8proc, with a malloc)
 * every name it is given, on every attribute and dimension lookup. A
 * subfiled variable has about ten attributes, each looked up twice (its
 * length, then its values), and its dimensions by name: measured on this
 * machine, an open and close of a dataset with ten subfiled variables took
 * 0.23 ms, plain PnetCDF's open and close of the same base file 0.05 ms,
 * and two thirds of the difference was that normalization.
 *
 * How: every process knows the header's size (PnetCDF's, the same on
 * all); process 0 reads the header from the base file (ncsfi_cdf_read,
 * which must find that size), every process
 * makes room for them, one reduction agrees that all could (none for a
 * header of at most 16 KiB: a process without room receives it into its
 * stack and falls back alone), and one
 * broadcast hands the bytes to everyone, who parses them with the parser
 * that checks subfiles (cdf_header.c). O(header) bytes per process, not
 * O(P); nothing is read by any other process, as PnetCDF's own open reads
 * the header once. The parsed header is used only if it describes what
 * PnetCDF opened (the same numbers of dimensions and variables, each
 * variable's name); otherwise, or if any process could not take part,
 * the attributes are asked of PnetCDF as before (and always with
 * NCSF_BASE_HEADER=pnetcdf, or for a dataset of fewer than
 * SHARE_MIN_VARS variables unless NCSF_BASE_HEADER=share). Both ways give the same variables: the
 * attributes are the same bytes (test/t_base_header.sh).
 */
#include <stdlib.h>
#include <string.h>
#include "ncsfi_meta.h"

/* Headers larger than this are left to PnetCDF (a broadcast of that much
 * costs more than the lookups it saves; and it must fit an int). */
#define SHARE_MAX ((MPI_Offset)64 << 20)
/* Headers of fewer variables than this are left to PnetCDF too: the
 * lookups of a few variables' attributes (about 12 us a variable on this
 * project's machine) cost less than a reduction and a broadcast over many
 * processes. */
#define SHARE_MIN_VARS 16

/* Does h describe the dataset PnetCDF has open as ncid? */
static int matches(int ncid, const ncsfi_cdf_header *h)
{
    int ndims = -1, nvars = -1;
    if (ncmpi_inq_ndims(ncid, &ndims) != NC_NOERR || ncmpi_inq_nvars(ncid, &nvars) != NC_NOERR) return 0;
    if (ndims != h->ndims || nvars != h->nvars) return 0;
    for (int i = 0; i < nvars; i++) {
        char name[NC_MAX_NAME + 1];
        if (ncmpi_inq_varname(ncid, i, name) != NC_NOERR || !h->vars[i].name || strcmp(name, h->vars[i].name))
            return 0;
    }
    return 1;
}

/* A header of at most this many bytes goes in one broadcast with no
 * agreement before it: a process without room for it receives it into
 * its stack and fails after (the callers agree on the outcome, or fall
 * back alone). */
#define SMALL_HEADER ((MPI_Offset)16 << 10)

/* A process but 0 after the broadcast: b's len bytes parsed into *h,
 * which keeps b (the attributes' values point into it); or, on failure
 * (e: before it), b and *h freed. */
static int take(unsigned char *b, MPI_Offset len, ncsfi_cdf_header *h, int e)
{
    if (!e) e = ncsfi_cdf_parse(b, (size_t)len, h);
    if (!e) {
        h->bytes = b;
        return NC_NOERR;
    }
    free(b);
    ncsfi_cdf_free(h);
    return e;
}

static int bcast_small(MPI_Comm comm, int rank, ncsfi_cdf_header *h, MPI_Offset len)
{
    unsigned char spare[SMALL_HEADER];
    unsigned char *b = rank == 0 ? h->bytes : malloc((size_t)len);
    int e = b ? NC_NOERR : rank == 0 ? NC_ENOTNC : NC_ENOMEM;
    /* process 0 without the bytes sends zeros, which parse as no header */
    if (!b) memset(spare, 0, (size_t)len);
    if (MPI_Bcast(b ? b : spare, (int)len, MPI_BYTE, 0, comm) != MPI_SUCCESS && !e) e = NC_EMPI;
    if (rank != 0) return take(b, len, h, e);
    if (e) ncsfi_cdf_free(h);
    return e;
}

int ncsfi_header_bcast(MPI_Comm comm, int rank, ncsfi_cdf_header *h, MPI_Offset len)
{
    unsigned char *b = NULL;
    int e = NC_NOERR;
    if (len > 0 && len <= SMALL_HEADER) return bcast_small(comm, rank, h, len);
    if (len <= 0 || len > SHARE_MAX) e = NC_EINVAL;
    else if (rank == 0) e = h->bytes ? NC_NOERR : NC_ENOTNC;
    else if (!(b = malloc((size_t)len))) e = NC_ENOMEM;
    /* whether every process has room (and process 0 the bytes): agreed
     * before the broadcast that needs them all (a trusted reduction) */
    if ((MPI_Allreduce)(MPI_IN_PLACE, &e, 1, MPI_INT, MPI_MIN, comm) != MPI_SUCCESS && !e) e = NC_EMPI;
    if (!e && MPI_Bcast(rank == 0 ? h->bytes : b, (int)len, MPI_BYTE, 0, comm) != MPI_SUCCESS) e = NC_EMPI;
    if (rank != 0) return take(b, len, h, e);
    if (e) ncsfi_cdf_free(h);
    return e;
}

int ncsfi_base_header_local(const ncsf_file *f)
{
    MPI_Offset hsize = 0;
    const char *env = getenv("NCSF_BASE_HEADER");
    /* NCSF_BASE_HEADER=pnetcdf: PnetCDF is asked (for tests: both ways
     * must give the same; the environment is the same on every process) */
    if (env && !strcmp(env, "pnetcdf")) return 1;
    /* a header of few variables: PnetCDF is asked, which costs less than
     * the two collective steps of the broadcast (NCSF_BASE_HEADER=share
     * broadcasts any header; the number is the same on every process) */
    int nvars = 0;
    if (!(env && !strcmp(env, "share")) &&
        (ncmpi_inq_nvars(f->ncid, &nvars) != NC_NOERR || nvars < SHARE_MIN_VARS))
        return 1;
    /* PnetCDF's size of the header: the same on every process */
    return ncmpi_inq_header_size(f->ncid, &hsize) != NC_NOERR || hsize <= 0 || hsize > SHARE_MAX;
}

int ncsfi_base_header_share(ncsf_file *f, ncsfi_cdf_header *h)
{
    MPI_Offset hsize = 0;
    memset(h, 0, sizeof *h);
    if (ncsfi_base_header_local(f) || ncmpi_inq_header_size(f->ncid, &hsize) != NC_NOERR) return 0;
    if (f->rank == 0) {
        MPI_Offset size;
        int sys;
        /* the reader that checks subfiles; a header of another size than
         * PnetCDF's is not the one PnetCDF opened */
        if (ncsfi_cdf_read_first(f->path, (size_t)hsize, h, &size, &sys) == NC_NOERR && h->hsize != hsize) ncsfi_cdf_free(h);
    }
    /* failed anywhere: PnetCDF is asked instead, on that process or on all */
    if (ncsfi_header_bcast(f->comm, f->rank, h, hsize) != NC_NOERR) return 0;
    if (matches(f->ncid, h)) return 1;
    ncsfi_cdf_free(h);
    return 0;
}
