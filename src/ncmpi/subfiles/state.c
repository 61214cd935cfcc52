/*
 * state.c: whether the writers of a dataset closed it.
 *
 * The base file carries the global attribute subfiling_state, 8 characters
 * (doc/format.md). It counts the changes not yet synced, one per process
 * of a writer handle that holds one:
 *   "writing "             1
 *   "writing2".."writing9" 2..9
 *   "wNNNNNNN"             10..9999999 (seven digits)
 *   "synced  "             0: every change was synced and a writer still
 *                          may have the dataset open
 *   "complete"             0: and the last writer closed it
 *   "failed  "             something the application wrote may be
 *                          missing (sticky: no count, no close clears it)
 * A reader takes "synced  " as it takes "complete"; any count is a writer
 * at work, or one that died before its sync or close: refused
 * (NC_ETRUNC) unless subfiling_incomplete=accept.
 *
 * Which counts a writer handle holds: the one taken at its creation or
 * open (process 0's), and one for each process that changed something
 * after a sync that released them (ncsfi_state_touch, before the change:
 * a change goes ahead only once the mark says so). A sync that succeeded
 * everywhere gives back every count the handle holds, and so does its
 * close; they are summed over the handle's processes, so the mark drops
 * to 0 only when no handle has unsynced changes. Counting processes,
 * not handles, lets each process raise the mark itself (an independent
 * put has nobody to ask), with no collective step.
 *
 * Every change of the mark after it is first written is a
 * read-modify-write of its bytes under a lock every process and job
 * takes (raw_bytes.c), so two jobs' counts are never lost; a writer that
 * dies lets the lock go with its descriptors. PnetCDF holds the header
 * in memory and writes it whole at an enddef and at a rename or an
 * attribute change in data mode, with the mark as it holds it ("writing ",
 * put there at the open for writing, so that no header PnetCDF writes
 * can claim the dataset complete); process 0 holds the lock across those
 * writes and puts back the count that was on disk (ncsfi_state_hdr_*).
 * Two handles making such header changes at once is undefined, as it is
 * in PnetCDF (each rewrites the whole header from its own memory).
 *
 * A close never upgrades a state it did not earn: a dataset that was
 * failed, or whose earlier writer died, when it was opened (with
 * subfiling_incomplete=accept) keeps that mark whatever this writer does
 * (failed, if a write of this one failed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncsfi_subfiles.h"

#define STATE_ATT "subfiling_state"
#define STATE_LEN 8
#define MAX_COUNT 9999999
static const char *const marks[] = {"writing ", "complete", "failed  ", "synced  "};

int ncsfi_put_state(int ncid, int state)
{
    return ncmpi_put_att_text(ncid, NC_GLOBAL, STATE_ATT, STATE_LEN, marks[state]);
}

int ncsfi_mark_parse(const char *v, long *count)
{
    *count = 0;
    for (int i = 0; i < 4; i++)
        if (!memcmp(v, marks[i], STATE_LEN)) {
            if (i == NCSF_STATE_WRITING) *count = 1;
            return i;
        }
    if (!memcmp(v, "writing", 7) && v[7] >= '2' && v[7] <= '9') {
        *count = v[7] - '0';
        return NCSF_STATE_WRITING;
    }
    if (v[0] == 'w') {
        long n = 0;
        for (int i = 1; i < STATE_LEN; i++) {
            if (v[i] < '0' || v[i] > '9') return -1;
            n = n * 10 + (v[i] - '0');
        }
        if (n < 10) return -1; /* one spelling per count */
        *count = n;
        return NCSF_STATE_WRITING;
    }
    return -1;
}

/* the spelling of count writers (>= 1) */
static void mark_of(long count, char v[STATE_LEN])
{
    char b[32];
    if (count == 1) memcpy(v, marks[NCSF_STATE_WRITING], STATE_LEN);
    else if (count < 10) memcpy(v, "writing", 7), v[7] = (char)('0' + count);
    else snprintf(b, sizeof b, "w%07ld", count), memcpy(v, b, STATE_LEN);
}

/* NCSF_STATE_* (COMPLETE also when there is no mark: a file ncsf did not
 * create), <0 malformed; *count (if not NULL) the writers it counts */
int ncsfi_read_state_count(int ncid, long *count)
{
    nc_type t;
    MPI_Offset n;
    long c = 0;
    char v[STATE_LEN + 1] = "";
    if (count) *count = 0;
    if (ncmpi_inq_att(ncid, NC_GLOBAL, STATE_ATT, &t, &n) != NC_NOERR) return NCSF_STATE_COMPLETE;
    if (t != NC_CHAR || n != STATE_LEN || ncmpi_get_att_text(ncid, NC_GLOBAL, STATE_ATT, v)) return -1;
    int state = ncsfi_mark_parse(v, &c);
    if (count) *count = c;
    return state;
}

int ncsfi_read_state(int ncid)
{
    return ncsfi_read_state_count(ncid, NULL);
}

/* Does this handle count its changes in the mark (it came complete, synced
 * or new, and writes)? The same on every process. */
static int counting(const ncsf_file *f)
{
    return f->marked && !f->readonly && f->state_at_open == NCSF_STATE_COMPLETE;
}

/* the counts this process holds */
static int holds(const ncsf_file *f)
{
    return (f->rank == 0 && f->mark_held) + (f->touched != 0);
}

/* The edits of the mark (raw_bytes.c calls them under the lock). */
typedef struct { long delta; int failed, close, overflow; } mark_change;

static int edit_mark(char v[STATE_LEN], void *arg)
{
    mark_change *c = arg;
    long n;
    int state = ncsfi_mark_parse(v, &n);
    if (state < 0) return NCSFI_MARK_NOT_HERE;
    if (state == NCSF_STATE_FAILED) return NC_NOERR; /* sticky */
    if (c->failed) {
        memcpy(v, marks[NCSF_STATE_FAILED], STATE_LEN);
        return NC_NOERR;
    }
    if (c->delta > 0 && n + c->delta > MAX_COUNT) {
        c->overflow = 1;
        return NC_EPERM;
    }
    n += c->delta;
    /* fewer than given back: counts another handle's header write lost
     * (undefined, see above); none left */
    if (n < 0) n = 0;
    if (n > 0) mark_of(n, v);
    else if (c->delta < 0 || c->close)
        memcpy(v, marks[c->close ? NCSF_STATE_COMPLETE : NCSF_STATE_SYNCED], STATE_LEN);
    return NC_NOERR;
}

/* Collective, at an open for writing of a base file: from now on a crash
 * leaves the dataset marked unfinished. PnetCDF writes the header with
 * "writing " in it; process 0 holds the lock across that write and makes
 * the mark one count more than it was on disk just before (a writer of
 * another job may have counted itself since this open read it). */
int ncsfi_state_begin_writing(ncsf_file *f)
{
    int err = NC_NOERR, e, state = ncsfi_read_state(f->ncid);
    /* synced: whole as of its last sync, as a complete one is */
    if (state == NCSF_STATE_SYNCED) state = NCSF_STATE_COMPLETE;
    f->state_at_open = state;
    if (state == NCSF_STATE_COMPLETE) {
        ncsfi_mark_hold h = {-1, 0, ""};
        /* no lock (the file refuses a second descriptor): the header's
         * "writing " alone, as PnetCDF writes it */
        if (f->rank == 0) ncsfi_raw_mark_hold(f->path, STATE_ATT, &h);
        err = ncmpi_redef(f->ncid);
        if (!err) err = ncsfi_put_state(f->ncid, NCSF_STATE_WRITING);
        e = err ? NC_NOERR : ncmpi_enddef(f->ncid);
        if (!err) err = e;
        mark_change c = {1, 0, 0, 0};
        e = ncsfi_raw_mark_release(STATE_ATT, &h, err ? NULL : edit_mark, &c, &f->mark_at);
        if (!err) err = e;
        if (err) ncsfi_set_error(f, 0, "%s: cannot mark the dataset \"writing \": %s", f->path,
                                 c.overflow ? "more than 9999999 processes of writers hold changes not synced"
                                            : ncmpi_strerror(err));
    }
    f->marked = err == NC_NOERR;
    f->mark_held = f->marked && state == NCSF_STATE_COMPLETE;
    return err;
}

/* Collective, at the end of a sync, err its outcome on this process: if
 * the sync succeeded everywhere and no process saw a write fail, process
 * 0 gives back every count the handle's processes hold (everyone's data
 * is on disk by now), and tells the others where it stands. */
int ncsfi_state_synced(ncsf_file *f, int err)
{
    if (!counting(f)) return err;
    int v[3] = {err != NC_NOERR, f->write_failed != 0, holds(f)};
    if (MPI_Allreduce(MPI_IN_PLACE, v, 3, MPI_INT, MPI_SUM, f->comm) != MPI_SUCCESS) return err ? err : NC_EMPI;
    /* the counts stay (to be "failed  " at close, if a write failed);
     * none held: nothing changed since the last sync */
    if (v[0] || v[1] || v[2] == 0) return err;
    MPI_Offset r[2] = {NC_NOERR, 0};
    if (f->rank == 0) {
        mark_change c = {-(long)v[2], 0, 0, 0};
        r[0] = ncsfi_raw_mark_update(f->path, STATE_ATT, &f->mark_at, edit_mark, &c);
        if (r[0]) ncsfi_set_error(f, 0, "%s: cannot give back this writer's counts in the state mark "
                                  "(subfiling_state) after a sync: %s", f->path, ncmpi_strerror((int)r[0]));
        r[1] = f->mark_at;
    }
    if (MPI_Bcast(r, 2, MPI_OFFSET, 0, f->comm) != MPI_SUCCESS) return NC_EMPI;
    if (r[0]) return (int)r[0];
    f->mark_at = r[1];
    f->mark_held = 0;
    f->touched = 0;
    return NC_NOERR;
}

int ncsfi_state_touch(int ncid)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (!f || !counting(f) || f->mark_held || f->touched) return NC_NOERR;
    mark_change c = {1, 0, 0, 0};
    int err = ncsfi_raw_mark_update(f->path, STATE_ATT, &f->mark_at, edit_mark, &c);
    if (!err) {
        f->touched = 1;
        return NC_NOERR;
    }
    /* nothing changes: the mark could not say a writer is at work */
    if (c.overflow)
        ncsfi_set_error(f, 0, "%s: more than %d processes of writers hold changes not synced: "
                        "sync or close one first", f->path, MAX_COUNT);
    else
        ncsfi_set_error(f, 0, "%s: cannot count this writer in the state mark (subfiling_state) before "
                        "changing the dataset after a sync: %s%s; nothing was changed", f->path,
                        ncmpi_strerror(err), err == NC_EVARMETA ? " (the mark is damaged)" : "");
    return err;
}

int64_t ncsfi_state_holds(const ncsf_file *f)
{
    return f->marked && counting(f) ? holds(f) : 0;
}

/* After the base file was closed, by process 0 (every process calls it,
 * the caller agrees on the outcome with its own): failed says some rank
 * saw a write fail or requests dropped; total: the sum over the processes
 * of ncsfi_state_holds, agreed before. Local. */
int ncsfi_state_finish(ncsf_file *f, int failed, MPI_Offset hsize, int64_t total)
{
    (void)hsize;
    if (!f->marked) return NC_NOERR;
    int count = counting(f);
    /* opened "writing " or "failed  " (accepted): its mark stays, or fails */
    if ((!count && !failed) || f->rank != 0) return NC_NOERR;
    mark_change c = {count ? -(long)total : 0, failed != 0, count, 0};
    int err = ncsfi_raw_mark_update(f->path, STATE_ATT, &f->mark_at, edit_mark, &c);
    if (err) ncsfi_set_error(f, 0, "%s: cannot mark the dataset %s: %s", f->path,
                             failed ? "failed" : "closed by this writer", ncmpi_strerror(err));
    return err;
}

void ncsfi_state_hdr_begin(int ncid, int enddef, ncsfi_mark_hold *h)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    h->fd = -1;
    h->found = 0;
    /* in define mode PnetCDF writes nothing until the enddef */
    if (f && f->rank == 0 && f->marked && !f->readonly && f->dsid[0] && (enddef || !f->indef))
        ncsfi_raw_mark_hold(f->path, STATE_ATT, h);
}

void ncsfi_state_hdr_end(int ncid, ncsfi_mark_hold *h)
{
    ncsf_file *f = ncsfi_lookup(ncid);
    if (h->fd < 0) return;
    mark_change c = {0, 0, 0, 0}; /* as it was */
    int err = ncsfi_raw_mark_release(STATE_ATT, h, edit_mark, &c, f ? &f->mark_at : NULL);
    if (err && f) {
        /* the close says so (agreed there), and marks it failed if it can */
        if (!f->write_failed) f->write_failed = err;
        ncsfi_set_error(f, 0, "%s: cannot put the state mark back after PnetCDF rewrote the header: %s",
                        f->path, ncmpi_strerror(err));
    }
}
