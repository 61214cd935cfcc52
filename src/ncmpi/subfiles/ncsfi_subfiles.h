/*
 * ncsfi_subfiles.h: the names src/ncmpi/subfiles/ offers to the layers above it
 * (the subfiles on disk: creation, checks at open, completion, attribute changes, raw bytes).
 * A file of subfiles/ includes this header only; it includes the one below
 * (doc/architecture.md: api, dataset, io, subfiles, meta, base), so a
 * name of a higher layer is unknown here: using one does not compile.
 */
#ifndef NCSFI_SUBFILES_H
#define NCSFI_SUBFILES_H

#include "../meta/ncsfi_meta.h"

/* (the mark's edits and its lock held: subfiles/raw_bytes.c, below) */
#define NCSFI_MARK_NOT_HERE 1
typedef struct { int fd, found; char saved[8]; } ncsfi_mark_hold;
enum { NCSF_STATE_WRITING = 0, NCSF_STATE_COMPLETE = 1, NCSF_STATE_FAILED = 2, NCSF_STATE_SYNCED = 3 };
/* ---- subfiles/state.c --------------------------------------------------- */
int ncsfi_put_state(int ncid, int state);
int ncsfi_read_state(int ncid);
/* the same, with the count of writers holding changes not synced */
int ncsfi_read_state_count(int ncid, long *count);
/* a mark's 8 bytes: NCSF_STATE_*, *count its writers; <0 malformed */
int ncsfi_mark_parse(const char *v, long *count);
int ncsfi_state_begin_writing(ncsf_file *f);
/* Collective, at the end of a sync whose outcome here is err */
int ncsfi_state_synced(ncsf_file *f, int err);
/* Before this process changes anything in dataset ncid (a put, a wait, a
 * redef, a rename, an attribute): the mark a sync left goes back to
 * "writing " first. No collective; cheap when there is nothing to do. */
int ncsfi_state_touch(int ncid);
/* Around PnetCDF's calls that write the whole header (enddef; a rename or
 * an attribute change in data mode): process 0 holds the mark's lock and
 * puts back the count PnetCDF's memory does not know. Collective calls;
 * enddef 0: nothing in define mode. */
void ncsfi_state_hdr_begin(int ncid, int enddef, ncsfi_mark_hold *h);
void ncsfi_state_hdr_end(int ncid, ncsfi_mark_hold *h);
/* The writers' counts this process holds in the state mark (0 when the
 * close gives none back): summed over the processes for
 * ncsfi_state_finish's total. Local. */
int64_t ncsfi_state_holds(const ncsf_file *f);
int ncsfi_state_finish(ncsf_file *f, int failed, MPI_Offset hsize, int64_t total);
/* ---- subfiles/raw_bytes.c ----------------------------------------------- */
/* The state mark (the 8 value bytes of the global NC_CHAR attribute
 * name), changed by one read-modify-write under a lock that every
 * process and job changing it takes (raw_bytes.c, 1.). The edit gets the
 * value and changes it in place, or returns an NC error (nothing
 * written), or NCSFI_MARK_NOT_HERE when the bytes are no mark at all. */
/* *at: where it stood (tried first if > 0), then where it stands */
int ncsfi_raw_mark_update(const char *path, const char *name, MPI_Offset *at, ncsfi_mark_edit edit, void *arg);
/* The lock held across a write of PnetCDF's (the whole header, the mark
 * in it as PnetCDF holds it in memory): hold takes the lock and keeps the
 * value on disk (found: 0 if there is no mark yet); release writes the
 * edit of that value where the mark stands after the write, and lets the
 * lock go. */
int ncsfi_raw_mark_hold(const char *path, const char *name, ncsfi_mark_hold *h);
int ncsfi_raw_mark_release(const char *name, ncsfi_mark_hold *h, ncsfi_mark_edit edit, void *arg, MPI_Offset *at);
/* The record count in the header of the file at path (format its
 * NC_FORMAT_*; a subfile is never reached through a link) raised to
 * nrecs, never lowered. */
int ncsfi_raw_raise_numrecs(const char *path, int subfile, int format, MPI_Offset nrecs);
int ncsfi_raw_extend(const char *path, int subfile, MPI_Offset size);
/* n pieces of the base file: len[i] bytes (following one another in
 * bytes) at offset at[i] (raw_bytes.c, 5.) */
int ncsfi_raw_write_pieces(const char *path, int n, const MPI_Offset *at, const unsigned char *bytes,
                           const int *len);
/* Blocks for the first size bytes of a subfile allocated (its length
 * unchanged): NC_ENO_SPACE (or NC_EQUOTA) now rather than half-way
 * through PnetCDF moving its data. *len gets its current length. */
int ncsfi_raw_reserve(const char *path, MPI_Offset extra, MPI_Offset *len);
/* NC_ENO_SPACE if the file system holding path has no block free, else
 * NC_EWRITE */
int ncsfi_raw_space_error(const char *path);
/* A subfile: block k of lead (the variable whose varid is its file_id). */
typedef struct { ncsf_var *lead; int k; } ncsf_slot;
/* ---- subfiles/subfiles.c ------------------------------------------------ */
/* The subfiles this rank is home of (of new variables only if only_new). */
int ncsfi_home_files(ncsf_file *f, int only_new, ncsf_slot **out, int *n);
/* The variables to the engine and their record limits, with err (this
 * rank's outcome so far): one reduction, agreed. Collective. */
int ncsfi_add_layouts(ncsf_file *f, int err);
/* Its two halves, for a caller that reduces the limits with words of its
 * own (MPI_MIN): the number of words; this rank's words, the layouts
 * given to the engine if take (NC_ENOMEM if it cannot take one); and the
 * reduced words taken. */
int ncsfi_layouts_count(const ncsf_file *f);
int ncsfi_layouts_local(ncsf_file *f, int take, int64_t *w);
void ncsfi_layouts_agreed(ncsf_file *f, const int64_t *w);
MPI_Offset ncsfi_mul_add(MPI_Offset a, MPI_Offset b, MPI_Offset c);
/* After a failed open: the cause and remedy when this process is out of
 * file descriptors, else "" (appended to the message). */
const char *ncsfi_nofiles_remedy(void);
MPI_Offset ncsfi_block_bytes(const sf_layout *lay, int k);
/* Bytes a subfile holding this variable is at least (-1: unknown here, or
 * more than 2^63). */
MPI_Offset ncsfi_expected_size(const sf_layout *lay, int k, MPI_Offset nrecs);
/* ---- subfiles/subfile_create.c ------------------------------------------ */
/* The subfiles of the variables the enddef defined, made by their homes;
 * err: the error so far, agreed (then nothing is done); mine: this
 * rank's, agreed with the next step (the directory's, NC_NOCLOBBER's
 * look, or the files' outcome with the record limits, ncsfi_add_layouts).
 * Process 0's fill of the new scalar placeholders (ncsfi_fill_fixed_own)
 * is agreed with the files' outcome, in collective data mode.
 * Collective: one reduction without subfiling_dir or NC_NOCLOBBER. */
int ncsfi_create_subfiles(ncsf_file *f, int err, int mine);
/* Before the enddef's first reduction: is a subfile of another dataset
 * (ncsfi_foreign_file) at the name of a subfile this rank is to make?
 * One lstat per such subfile, no directory read. Local. */
int ncsfi_foreign_in_the_way(ncsf_file *f);
/* When that reduction found one somewhere: process 0 gives each new
 * variable with another dataset's subfile at one of its names the stem
 * STEM.NAME~J, the first J >= 2 whose names no other dataset's subfile
 * and no other variable has, and the others learn which (two broadcasts);
 * the outcome agreed. Collective. */
int ncsfi_avoid_foreign(ncsf_file *f);
/* A subfile opened (create 0, for writing) or created through PnetCDF on
 * MPI_COMM_SELF, PnetCDF's own subfiling kept out of it. */
int ncsfi_subfile_pnetcdf(ncsf_file *f, const char *path, int create, int *sid);
/* The same with these hints instead of the dataset's. */
int ncsfi_subfile_pnetcdf_info(ncsf_file *f, const char *path, int create, MPI_Info hints, int *sid);
/* ---- subfiles/subfile_striping.c ---------------------------------------- */
/* subfile_striping.c: the hints subfile k of lead's files is created with
 * (the dataset's, and one stripe sized to its data on a striped file
 * system that the dataset's hints say nothing of striping for); *hints is
 * to be freed. */
int ncsfi_subfile_hints(ncsf_file *f, ncsf_var *lead, int k, const char *path, MPI_Info *hints);
/* ---- subfiles/subfile_create.c ------------------------------------------ */
/* Where the data of the variables in subfile k of lead's files (the new
 * ones only, if only_new) start in the open subfile sid, recorded. */
int ncsfi_record_offsets(ncsf_file *f, ncsf_var *lead, int k, int sid, int only_new);
/* ---- subfiles/att_write.c ----------------------------------------------- */
/* NC_ENAMEINUSE for one of ncsf's own names in a dataset with subfiling. */
int ncsfi_att_name_check(int ncid, int varid, const char *name);
/* After an attribute call on varid that returned err: notes a change to a
 * subfiled variable whose subfiles exist. Returns err. */
int ncsfi_att_changed(int ncid, int varid, int err);
int ncsfi_atts_pending(const ncsf_file *f);
/* Collective, at enddef, once the subfiles are finished: the changed
 * attributes brought to the subfiles. */
int ncsfi_sync_var_atts(ncsf_file *f);
/* ---- subfiles/subfile_check.c ------------------------------------------- */
/* Collective: the subfiles this rank is home of opened and checked, the
 * dataset's record count, each variable's state and record limits, the
 * variables given to the engine: one reduction (two when a subfile is cut
 * short). */
int ncsfi_check_subfiles(ncsf_file *f);
/* ---- subfiles/subfile_finish.c ------------------------------------------ */
/* The length subfile k of lead's files has by the offsets recorded (-1:
 * not known here). */
MPI_Offset ncsfi_file_size_expected(ncsf_file *f, const ncsf_var *lead, int k);
/* Collective: this rank's subfiles finished (their lengths and record
 * counts) and the placeholders filled, with pre (this rank's outcome so
 * far): one reduction in collective data mode. */
int ncsfi_finish_subfiles(ncsf_file *f, int pre);
/* Its local part: this rank's home subfiles finished (not agreed). */
int ncsfi_finish_own_subfiles(ncsf_file *f);
/* Collective: the placeholders not yet holding their fill value given it
 * (a fixed one once, a record one for the records added since). */
/* Process 0 writes the fill values of the scalar placeholders not yet
 * filled (outside PnetCDF; NC_NOERR elsewhere): the outcome, for the
 * caller to agree on; then, agreed, ncsfi_fixed_filled marks them. */
int ncsfi_fill_fixed_own(ncsf_file *f);
void ncsfi_fixed_filled(ncsf_file *f);
int ncsfi_fill_placeholders(ncsf_file *f);
/* The same in collective data mode (nothing in independent mode or
 * define mode), every process taking the same steps whatever its outcome
 * so far: this process's outcome, for the caller's next reduction; once
 * that agreed on success, ncsfi_placeholders_filled marks them (so that
 * the marks stay the same on every process). at_close (a close's, the
 * last writes to the base file before PnetCDF's close): process 0 writes
 * the record placeholders' new records outside PnetCDF as well (no
 * collective step), and the close raises the base file's record count
 * after PnetCDF's close (ncsfi_raw_raise_numrecs). */
int ncsfi_fill_placeholders_unagreed(ncsf_file *f, int at_close);
void ncsfi_placeholders_filled(ncsf_file *f);
/* ---- subfiles/subfile_check.c ------------------------------------------- */
/* One subfile: present, of this dataset, consistent, long enough. out[]
 * gets its data offset, record size, header size and record count. */
int ncsfi_check_subfile(ncsf_file *f, ncsf_var *v, int k, MPI_Offset *out);
void ncsfi_broken_message(ncsf_file *f, const ncsf_var *v);
int ncsfi_learn_offsets(void *arg, int file_id, int block);
/* ---- subfiles/subfile_finish.c ------------------------------------------ */
int ncsfi_base_data_end(ncsf_file *f, MPI_Offset *end);

#endif
