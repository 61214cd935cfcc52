/*
 * ncsf.h: subfiling for Parallel netCDF.
 *
 * Include this header instead of <pnetcdf.h> and link with -lncsf -lpnetcdf.
 * Every ncmpi_* call keeps its meaning; ncmpi_def_var accepts an optional
 * seventh argument, an MPI_Info whose hints split the variable into subfiles:
 *
 *     MPI_Info_set(info, "subfiling", "enable");
 *     MPI_Info_set(info, "subfiling_nfiles", "4");
 *     ncmpi_def_var(ncid, "temp", NC_DOUBLE, 3, dimids, &varid, info);
 *
 * The same hints given to ncmpi_create apply to every variable of that file
 * that can be subfiled. See doc/user-guide.md for every hint and
 * doc/format.md for what is written on disk.
 *
 * Define NCSF_NO_REDIRECT before including this header to get the ncsf_*
 * functions without the ncmpi_* names being routed to them.
 */
#ifndef NCSF_H
#define NCSF_H

#include <pnetcdf.h>

/* what libncsf.so exports: every declaration from here to the pop below
 * (the library is built with hidden visibility otherwise) */
#pragma GCC visibility push(default)

#ifdef __cplusplus
extern "C" {
#endif

#define NCSF_VERSION "0.1.0"

/* def_var with subfiling hints (info may be MPI_INFO_NULL). */
int ncsf_def_var(int ncid, const char *name, nc_type xtype, int ndims,
                 const int *dimids, int *varidp, MPI_Info info);
/* The ordinary six-argument form, routed through ncsf. */
int ncsf_def_var_noinfo(int ncid, const char *name, nc_type xtype, int ndims,
                        const int *dimids, int *varidp);

/* Whether a variable is subfiled; *nfiles gets its number of subfiles. */
int ncsf_inq_var_subfiling(int ncid, int varid, int *enabled, int *nfiles);
/* Path of subfile k of a variable (as it is on this machine now). */
int ncsf_inq_subfile_path(int ncid, int varid, int k, char *path, int len);
/* What MPI-IO reports (MPI_File_get_info) for subfile k of a variable
 * opened with the hints ncsf creates it with: the dataset's (striping_*,
 * ROMIO's), plus one stripe sized to the subfile on a striped file system
 * when those name no striping. Local; *info is the caller's to free. */
int ncsf_inq_subfile_info(int ncid, int varid, int k, MPI_Info *info);
/* The last error message ncsf produced for this dataset ("" if none). */
const char *ncsf_errmsg(int ncid);

/* What the subfiling engine did on this process since the dataset was
 * opened (for profiles, benchmarks and tests; every field only grows). */
typedef struct ncsf_engine_counts {
    long long calls;        /* collective data calls on subfiled variables */
    long long plan_builds;  /* ... that had to plan (exchange with peers)  */
    long long plan_hits;    /* ... that reused a cached plan               */
    long long file_opens;   /* subfiles opened for data (MPI_File_open,
                             * or open(2): fd_opens)                     */
    long long group_waits;  /* group handle openings waited for            */
    long long gather_msgs;  /* messages of the gather method               */
    long long mpiio_steps;  /* collective MPI-IO steps                     */
    long long runs_msgs;    /* messages of calls by runs (varn, vard)      */
    long long peak_requests;/* most requests one call by runs had
                             * outstanding (at most hint subfiling_window) */
    long long internode_bytes; /* data bytes this process sent to a process
                             * on another node (gather and runs messages) */
    long long census;       /* 1: this create or open took the node census
                             * of its communicator (its first one), else 0 */
    long long nnodes;       /* nodes the communicator spans (0: unknown) */
    long long node;         /* this process's node, 0 .. nnodes-1 */
    long long direct_reads; /* collective reads each process did alone,
                             * straight from the subfiles its pieces lie
                             * in (no plan, no message, no extra copy)  */
    long long direct_boxes; /* ... the reads they took (pread or MPI-IO) */
    long long swapped_writes; /* collective writes whose elements this
                             * process byte swapped on their way to the
                             * file, not in place (its buffer only read) */
    long long fd_opens;     /* of file_opens, subfiles of a dataset opened
                             * read only that direct reads opened with
                             * open(2) and read with pread (no MPI-IO) */
    /* the engine's data paths (doc/architecture.md): calls that took
     * each; a collective read done alone is direct_reads */
    long long runs_calls;   /* collective calls by runs (varn, vard)     */
    long long gather_calls; /* collective calls by a plan gathered at
                             * one leader per subfile                    */
    long long mpiio_calls;  /* collective calls by a plan carried out with
                             * collective MPI-IO (subfiling_aggregate=0) */
    long long indep_calls;  /* independent calls' requests box by box    */
    long long indep_runs_calls; /* independent calls' many-piece requests
                             * by runs                                   */
    long long swapped_reads; /* boxes of collective reads done alone whose
                             * elements this process byte swapped as they
                             * arrived (not in a pass of their own)      */
    long long plans_derived; /* collective calls by runs whose plan was
                             * made, without a message, from the plan of
                             * another variable of the same shape in the
                             * same subfiles with the same pieces (counted
                             * neither in plan_builds nor in plan_hits)  */
} ncsf_engine_counts;
int ncsf_inq_engine_counts(int ncid, ncsf_engine_counts *out);

/* create and open that also say why they failed: on failure msg gets the
 * reason (at most msglen bytes, the same text on every process), which
 * ncsf_errmsg cannot give as there is no ncid. msg may be NULL. */
int ncsf_create_ex(MPI_Comm comm, const char *path, int cmode, MPI_Info info, int *ncidp,
                   char *msg, int msglen);
int ncsf_open_ex(MPI_Comm comm, const char *path, int omode, MPI_Info info, int *ncidp,
                 char *msg, int msglen);

/* Dataset-level calls, routed through ncsf so it can track the file. */
int ncsf_create(MPI_Comm comm, const char *path, int cmode, MPI_Info info, int *ncidp);
int ncsf_open(MPI_Comm comm, const char *path, int omode, MPI_Info info, int *ncidp);
int ncsf_close(int ncid);
int ncsf_enddef(int ncid);
int ncsf__enddef(int ncid, MPI_Offset h_minfree, MPI_Offset v_align,
                 MPI_Offset v_minfree, MPI_Offset r_align);
int ncsf_redef(int ncid);
int ncsf_sync(int ncid);
int ncsf_sync_numrecs(int ncid);
/* Removes a dataset: its base file, every subfile its attributes name and
 * the subfile directory (subfiling_dir) if that is left empty; any other
 * file as PnetCDF's ncmpi_delete does. Independent, as PnetCDF's: any rank
 * or all of them may call it. */
int ncsf_delete(const char *path, MPI_Info info);
int ncsf_flush(int ncid);
int ncsf_abort(int ncid);
int ncsf_begin_indep_data(int ncid);
int ncsf_end_indep_data(int ncid);

/* Inquiry calls that see a subfiled variable's global shape. */
int ncsf_inq_var(int ncid, int varid, char *name, nc_type *xtypep, int *ndimsp,
                 int *dimids, int *nattsp);
int ncsf_inq_varndims(int ncid, int varid, int *ndimsp);
int ncsf_inq_vardimid(int ncid, int varid, int *dimids);
int ncsf_inq_dim(int ncid, int dimid, char *name, MPI_Offset *lenp);
int ncsf_inq_dimlen(int ncid, int dimid, MPI_Offset *lenp);
int ncsf_inq_put_size(int ncid, MPI_Offset *size);
int ncsf_inq_get_size(int ncid, MPI_Offset *size);
int ncsf_inq_nreqs(int ncid, int *nreqs);
/* The record size PnetCDF would report with every variable in one file
 * (a subfiled record variable counted whole, not its placeholder). */
int ncsf_inq_recsize(int ncid, MPI_Offset *recsize);
/* A subfiled variable has no offset in the base file: NC_ENOTSUPPORT
 * (its bytes are in its subfiles), never the placeholder's offset. */
int ncsf_inq_varoffset(int ncid, int varid, MPI_Offset *offset);
/* The attached buffer's usage: PnetCDF's bputs and ncsf's pending ones. */
int ncsf_inq_buffer_usage(int ncid, MPI_Offset *usage);
/* Detach the attached buffer: NC_EPENDINGBPUT while a bput is pending,
 * PnetCDF's or ncsf's (the bput stays pending; its wait completes it). */
int ncsf_buffer_detach(int ncid);

/* Non-blocking requests that may mix subfiled and ordinary variables. */
int ncsf_wait(int ncid, int num, int *reqs, int *statuses);
int ncsf_wait_all(int ncid, int num, int *reqs, int *statuses);
int ncsf_cancel(int ncid, int num, int *reqs, int *statuses);

/* Fill a record of a record variable (in the subfiles, when subfiled). */
int ncsf_fill_var_rec(int ncid, int varid, MPI_Offset recno);
/* Rename a variable; a subfiled one's subfiles follow (at once in data
 * mode, at the next enddef in define mode). */
int ncsf_rename_var(int ncid, int varid, const char *newname);
/* Rename a dimension; the subfiles of the subfiled variables that use it
 * follow (at once in data mode, at the next enddef in define mode). */
int ncsf_rename_dim(int ncid, int dimid, const char *newname);
/* Attribute counts and numbers without ncsf's own "subfiling_*"
 * attributes, which stay on disk and readable by name (doc/user-guide.md). */
int ncsf_inq(int ncid, int *ndimsp, int *nvarsp, int *ngattsp, int *unlimdimidp);
int ncsf_inq_natts(int ncid, int *nattsp);
int ncsf_inq_varnatts(int ncid, int varid, int *nattsp);
int ncsf_inq_attname(int ncid, int varid, int attnum, char *name);
int ncsf_inq_attid(int ncid, int varid, const char *name, int *idp);
/* Attribute writers (the put_att family is in ncsf_api.h): in a dataset
 * with subfiling, names beginning "subfiling_" are ncsf's and give
 * NC_ENAMEINUSE; a subfiled variable's attributes changed after its
 * subfiles were made reach them at the next enddef. */
int ncsf_del_att(int ncid, int varid, const char *name);
int ncsf_rename_att(int ncid, int varid, const char *name, const char *newname);
int ncsf_copy_att(int ncid_in, int varid_in, const char *name, int ncid_out, int varid_out);
/* put_vard/get_vard: PnetCDF's on an ordinary variable; a subfiled one
 * gives NC_ENOTSUPPORT (a collective call: on every process, whichever
 * variable each one named). */
int ncsf_put_vard(int ncid, int varid, MPI_Datatype filetype, const void *buf,
                  MPI_Offset bufcount, MPI_Datatype buftype);
int ncsf_put_vard_all(int ncid, int varid, MPI_Datatype filetype, const void *buf,
                      MPI_Offset bufcount, MPI_Datatype buftype);
int ncsf_get_vard(int ncid, int varid, MPI_Datatype filetype, void *buf,
                  MPI_Offset bufcount, MPI_Datatype buftype);
int ncsf_get_vard_all(int ncid, int varid, MPI_Datatype filetype, void *buf,
                      MPI_Offset bufcount, MPI_Datatype buftype);

#ifdef __cplusplus
}
#endif

/* The typed and flexible put/get/iput/iget/bput families and the
 * mput/mget calls (generated). */
#include <ncsf_api.h>

#pragma GCC visibility pop

/* Compiled with this header, a program's ncmpi_* calls that ncsf routes
 * become ncsf_* calls (and ncmpi_def_var takes an optional MPI_Info). This
 * is a convenience: libncsf.so defines those ncmpi_* names as well, so a
 * file that includes pnetcdf.h and is linked with -lncsf (before
 * -lpnetcdf) reaches ncsf just the same. */
#ifndef NCSF_NO_REDIRECT
/* ncmpi_def_var with six arguments or seven (the seventh an MPI_Info) */
#define NCSF_PICK_DEF_VAR_(a1, a2, a3, a4, a5, a6, a7, NAME, ...) NAME
#define ncmpi_def_var(...) \
    NCSF_PICK_DEF_VAR_(__VA_ARGS__, ncsf_def_var, ncsf_def_var_noinfo, dummy)(__VA_ARGS__)
#include <ncsf_redirect.h>
#endif

#endif /* NCSF_H */
