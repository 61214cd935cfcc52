/*
 * ncsfi_dataset.h: the names src/ncmpi/dataset/ offers to the layers above it
 * (the dataset's life: create, open, enddef, close, its state mark, clobber, locate).
 * A file of dataset/ includes this header only; it includes the one below
 * (doc/architecture.md: api, dataset, io, subfiles, meta, base), so a
 * name of a higher layer is unknown here: using one does not compile.
 */
#ifndef NCSFI_DATASET_H
#define NCSFI_DATASET_H

#include "../io/ncsfi_io.h"

/* ---- dataset/file.c ----------------------------------------------------- */
/* The one create of a dataset's state (collective, agreed) ... */
int ncsfi_file_new(MPI_Comm comm, int yield, const char *path, MPI_Info info, int ncid,
                   ncsf_file **fp);
/* ... and its one destroy: unregistered, its variables (each with the
 * layout it owns, ncsfi_var_destroy), pending requests, engine context, info
 * and communicator. A context still there is freed collectively: callers
 * reach this on every rank (an agreed failure), or took it first (close,
 * abort). */
void ncsfi_file_free(ncsf_file *f);
/* ---- dataset/varsize.c -------------------------------------------------- */
/* Before the base file's enddef (arguments as ncmpi__enddef's): NC_EVARSIZE
 * on every rank where PnetCDF would refuse the dataset laid out with each
 * subfiled variable at its whole shape, agreed with the define mode's
 * def_var calls (ncsfi_agree_defs) in one reduction. *agreed_defs: 0 not
 * agreed (not in define mode, bad arguments, an error), 1 agreed, 2
 * agreed and some process subfiled a variable in this define mode.
 * *foreign: this process's ncsfi_foreign_in_the_way, then whether any
 * process found one (0 when not agreed). Collective. */
int ncsfi_varsize_check(ncsf_file *f, MPI_Offset h_minfree, MPI_Offset v_align,
                        MPI_Offset v_minfree, MPI_Offset r_align, int *agreed_defs, int *foreign);
/* After an enddef that succeeded: its layout is the one a redef keeps. */
void ncsfi_varsize_commit(ncsf_file *f);
void ncsfi_varsize_free(ncsf_file *f);
/* 1: more bytes than any format holds (PnetCDF's def_var: NC_EVARSIZE) */
/* close in define mode after NC_EVARSIZE: the new definitions dropped,
 * the base file closed (*dropped: a new dataset, left an empty file) */
int ncsfi_varsize_discard(ncsf_file *f, int *dropped);
/* 1: a dataset created and never ended (PnetCDF has written no header:
 * its abort deletes the file) */
int ncsfi_never_ended(const ncsf_file *f);
int ncsfi_varsize_unrepresentable(nc_type xtype, int ndims, const MPI_Offset *gsize, int record);
/* ---- dataset/locate.c --------------------------------------------------- */
int ncsfi_regular_file(const char *path);
int ncsfi_is_subfile(int ncid);
/* The base file of the subfile open as ncid (opened by path), checked
 * against the subfile's own recorded name, and the dataset's directory. */
int ncsfi_locate_base(int ncid, const char *path, char **base, char **dsdir, char *why, int whylen);
typedef struct {
    char **paths; int n;
    char old_id[33]; /* the replaced dataset's identity, "" if none */
    int alone;       /* its subfiles checked by process 0 alone (all in its paths) */
} ncsf_stale;
/* ---- dataset/clobber.c -------------------------------------------------- */
/* Collective, before ncmpi_create: err (this process's checks) agreed,
 * and without NC_CLOBBER (noclobber, process 0's) this rank's share of the
 * old dataset's subfiles at path (each verified to be one), read before
 * the create replaces the base file. census: the node census's 4 words
 * (sf_comm_state_begin), reduced with the rest (MPI_MAX). One reduction,
 * two more when a dataset of ncsf of more than 16 subfiles is at path.
 * Agreed. */
int ncsfi_clobber_collect(MPI_Comm comm, int yield, const char *path, int err, int noclobber, int64_t *census,
                          ncsf_stale *s);
/* After the create succeeded: removed (and s freed). */
void ncsfi_clobber_remove(ncsf_stale *s);
/* Process 0, after the create succeeded, of old subfiles it checked alone:
 * those of other processes' shares (number i of its list for process
 * i mod nprocs) moved aside (beside path, named by the old identity and
 * i; never over a file), out of s; the bits of those moved, for the
 * create's reduction. 0 elsewhere. */
int64_t ncsfi_clobber_hand_out(ncsf_stale *s, const char *path, int rank, int nprocs);
/* Every process, after that reduction: its share of those moved, removed. */
void ncsfi_clobber_take_share(const char *path, const char *old_id, int64_t moved, int rank, int nprocs);
void ncsfi_clobber_free(ncsf_stale *s);
/* ---- dataset/file.c ----------------------------------------------------- */
/* Collective (file.c): the subfiles finished, then the changes above
 * brought to them. */
int ncsfi_update_subfile_headers(ncsf_file *f);

#endif
