/*
 * state.c: whether the writer of a dataset closed it.
 *
 * The base file carries the global attribute subfiling_state, 8 characters:
 * "writing " while a writer has it open, then "complete", or "failed  "
 * when something the application wrote may be missing. A sync that
 * succeeded everywhere makes it "synced  ": what is on disk is the
 * dataset as of that sync, and readers take it as they take a complete
 * one, while its writer still has it open (as PnetCDF lets a second
 * handle read what a sync flushed) or after the writer died before
 * changing anything more. Each process puts "writing " back before it
 * next changes anything (ncsfi_state_touch). PnetCDF holds the
 * header in memory and writes it again at every enddef, so the value in
 * its memory is always "writing " while the dataset is open for writing:
 * then no header PnetCDF writes can claim the dataset complete. The final
 * value is written after PnetCDF has closed the file, in place
 * (raw_bytes.c).
 *
 * A close never upgrades a state it did not earn: a dataset that was
 * failed, or whose earlier writer died, when it was opened (with
 * subfiling_incomplete=accept) keeps that mark whatever this writer does.
 */
#include <stdlib.h>
#include <string.h>
#include "ncsf_internal.h"

#define STATE_ATT "subfiling_state"
#define STATE_LEN 8
static const char *const marks[] = {"writing ", "complete", "failed  ", "synced  "};

int ncsfi_put_state(int ncid, int state)
{
    return ncmpi_put_att_text(ncid, NC_GLOBAL, STATE_ATT, STATE_LEN, marks[state]);
}

/* NCSF_STATE_* (COMPLETE also when there is no mark: a file ncsf did not
 * create), <0 malformed */
int ncsfi_read_state(int ncid)
{
    nc_type t;
    MPI_Offset n;
    char v[STATE_LEN + 1] = "";
    if (ncmpi_inq_att(ncid, NC_GLOBAL, STATE_ATT, &t, &n) != NC_NOERR) return NCSF_STATE_COMPLETE;
    if (t != NC_CHAR || n != STATE_LEN || ncmpi_get_att_text(ncid, NC_GLOBAL, STATE_ATT, v)) return -1;
    for (int i = 0; i < 4; i++)
        if (!memcmp(v, marks[i], STATE_LEN)) return i;
    return -1;
}

/* Collective, at an open for writing of a base file: from now on a crash
 * leaves the dataset marked unfinished. */
int ncsfi_state_begin_writing(ncsf_file *f)
{
    int err = NC_NOERR, state = ncsfi_read_state(f->ncid);
    /* synced: whole as of its last sync, as a complete one is */
    if (state == NCSF_STATE_SYNCED) state = NCSF_STATE_COMPLETE;
    f->state_at_open = state;
    if (state == NCSF_STATE_COMPLETE) {
        err = ncmpi_redef(f->ncid);
        if (!err) err = ncsfi_put_state(f->ncid, NCSF_STATE_WRITING);
        int e = err ? NC_NOERR : ncmpi_enddef(f->ncid);
        if (!err) err = e;
    }
    f->marked = err == NC_NOERR;
    if (err) ncsfi_set_error(f, f->rank == 0, "%s: cannot mark the dataset \"writing \": %s",
                             f->path, ncmpi_strerror(err));
    return err;
}

/* Collective, at the end of a sync, err its outcome on this process: if
 * this writer holds the mark ("writing ", put there by itself), the sync
 * succeeded everywhere and no process saw a write fail, process 0 makes
 * it "synced  " (everyone's data is on disk by now) and tells the others
 * where it stands. */
int ncsfi_state_synced(ncsf_file *f, int err)
{
    if (!f->marked || f->readonly || f->state_at_open != NCSF_STATE_COMPLETE) return err;
    int bad[2] = {err != NC_NOERR, f->write_failed != 0};
    if (MPI_Allreduce(MPI_IN_PLACE, bad, 2, MPI_INT, MPI_MAX, f->comm) != MPI_SUCCESS) return err ? err : NC_EMPI;
    /* it stays "writing " (to be "failed  " at close, if a write failed) */
    if (bad[0] || bad[1]) return err;
    MPI_Offset v[2] = {NC_NOERR, 0}, hsize = 0;
    if (f->rank == 0) {
        err = ncmpi_inq_header_size(f->ncid, &hsize);
        /* "synced  " already if nothing changed since the last sync */
        if (!err) err = ncsfi_raw_replace_mark(f->path, hsize, STATE_ATT, marks[NCSF_STATE_WRITING],
                                               marks[NCSF_STATE_SYNCED], marks[NCSF_STATE_SYNCED], &v[1]);
        if (err) ncsfi_set_error(f, 1, "%s: cannot mark the dataset \"synced  \": %s", f->path,
                                 ncmpi_strerror(err));
        v[0] = err;
    }
    if (MPI_Bcast(v, 2, MPI_OFFSET, 0, f->comm) != MPI_SUCCESS) return NC_EMPI;
    if (v[0]) return (int)v[0];
    f->synced_at = v[1];
    return NC_NOERR;
}

void ncsfi_state_touch(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (!f || f->synced_at <= 0) return;
    int err = ncsfi_raw_mark_at(f->path, f->synced_at, marks[NCSF_STATE_SYNCED], marks[NCSF_STATE_WRITING]);
    f->synced_at = 0;
    /* the change goes ahead; the close marks the dataset failed */
    if (err) {
        if (!f->write_failed) f->write_failed = err;
        ncsfi_set_error(f, 1, "%s: cannot mark the dataset \"writing \" again after a sync: %s", f->path,
                        ncmpi_strerror(err));
    }
}

/* After the base file was closed, by process 0 (every process calls it,
 * the caller agrees on the outcome with its own): failed says some rank
 * saw a write fail or requests dropped. hsize is the base file's header
 * size. */
int ncsfi_state_finish(ncsf_file *f, int failed, MPI_Offset hsize)
{
    int err = NC_NOERR;
    if (!f->marked) return NC_NOERR;
    /* on disk now: "writing " if it came complete (or new), else its mark */
    int now = f->state_at_open == NCSF_STATE_COMPLETE ? NCSF_STATE_WRITING : f->state_at_open;
    int to = failed ? NCSF_STATE_FAILED : f->state_at_open == NCSF_STATE_COMPLETE ? NCSF_STATE_COMPLETE : now;
    if (to == now) return NC_NOERR;
    if (f->rank == 0) {
        /* or "synced  ", if nothing changed since the last sync */
        err = ncsfi_raw_replace_mark(f->path, hsize, STATE_ATT, marks[now],
                                     now == NCSF_STATE_WRITING ? marks[NCSF_STATE_SYNCED] : NULL, marks[to], NULL);
        if (err) ncsfi_set_error(f, 1, "%s: cannot mark the dataset \"%s\": %s", f->path, marks[to],
                                 ncmpi_strerror(err));
    }
    return err;
}
