/*
 * fault.h: fault injection for tests (configure --enable-fault-injection).
 *
 * In such a build every allocation, MPI call and system call the library
 * makes goes through a counter, and one chosen call on one chosen rank
 * fails on purpose: allocations return NULL; MPI calls that are local
 * (datatypes, groups, info) fail without being made; MPI calls that
 * communicate or do I/O are made, then reported failed (what a rank sees
 * when the operation failed under it: the others took part normally);
 * system calls fail with EIO. Calls written with their name in
 * parentheses, (MPI_Allreduce)(...), are the reductions that agree on an
 * outcome: they are trusted and never fail here (a reduction that failed
 * under MPI's default error handler ends the job anyway).
 *
 * The choice comes from the environment variable NCSF_FAULT ("R:K": the
 * K-th call on rank R of MPI_COMM_WORLD; "count" prints each rank's count
 * at exit), read once, here, or from ncsf_fault_arm() in a test program.
 * The counter is the one piece of process-wide state such a build has.
 *
 * Included last by the library's internal headers; a normal build sees
 * nothing of it.
 */
#ifndef NCSF_FAULT_H
#define NCSF_FAULT_H

#ifdef NCSF_FAULT_INJECTION
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <mpi.h>

enum { NCSF_FAULT_ALLOC = 1, NCSF_FAULT_MPI = 2, NCSF_FAULT_SYS = 4 };

/* the test program's side */
#include "fault_hooks.h"

/* the library's side */
int ncsf_fault_hit(int kind, const char *site);
int ncsf_fault_after(int rc, int code, const char *site);
void *ncsf_fault_malloc(size_t n, const char *site);
void *ncsf_fault_calloc(size_t a, size_t b, const char *site);
void *ncsf_fault_realloc(void *p, size_t n, const char *site);
void *ncsf_fault_aligned_alloc(size_t a, size_t n, const char *site);
char *ncsf_fault_strdup(const char *s, const char *site);
char *ncsf_fault_strndup(const char *s, size_t n, const char *site);

#define NCSF_STR2(x) #x
#define NCSF_STR(x) NCSF_STR2(x)
#define NCSF_SITE __FILE__ ":" NCSF_STR(__LINE__)

#define malloc(n) ncsf_fault_malloc((n), NCSF_SITE)
#define calloc(a, b) ncsf_fault_calloc((a), (b), NCSF_SITE)
#define realloc(p, n) ncsf_fault_realloc((p), (n), NCSF_SITE)
#define aligned_alloc(a, n) ncsf_fault_aligned_alloc((a), (n), NCSF_SITE)
#undef strdup
#undef strndup
#define strdup(s) ncsf_fault_strdup((s), NCSF_SITE)
#define strndup(s, n) ncsf_fault_strndup((s), (n), NCSF_SITE)

/* local MPI calls: not made */
#define NCSF_LOCAL(call) (ncsf_fault_hit(NCSF_FAULT_MPI, NCSF_SITE) ? MPI_ERR_OTHER : (call))
#define MPI_Type_contiguous(...) NCSF_LOCAL((MPI_Type_contiguous)(__VA_ARGS__))
#define MPI_Type_create_hvector(...) NCSF_LOCAL((MPI_Type_create_hvector)(__VA_ARGS__))
#define MPI_Type_create_struct(...) NCSF_LOCAL((MPI_Type_create_struct)(__VA_ARGS__))
#define MPI_Type_commit(...) NCSF_LOCAL((MPI_Type_commit)(__VA_ARGS__))
#define MPI_Type_dup(...) NCSF_LOCAL((MPI_Type_dup)(__VA_ARGS__))
#define MPI_Op_create(...) NCSF_LOCAL((MPI_Op_create)(__VA_ARGS__))
#define MPI_Info_dup(...) NCSF_LOCAL((MPI_Info_dup)(__VA_ARGS__))
#define MPI_Group_incl(...) NCSF_LOCAL((MPI_Group_incl)(__VA_ARGS__))
#define MPI_Comm_group(...) NCSF_LOCAL((MPI_Comm_group)(__VA_ARGS__))
#define MPI_Comm_set_attr(...) NCSF_LOCAL((MPI_Comm_set_attr)(__VA_ARGS__))
#define MPI_Get_address(...) NCSF_LOCAL((MPI_Get_address)(__VA_ARGS__))
#define MPI_Pack(...) NCSF_LOCAL((MPI_Pack)(__VA_ARGS__))
#define MPI_Unpack(...) NCSF_LOCAL((MPI_Unpack)(__VA_ARGS__))

/* communicating and I/O calls: made, then reported failed */
#define NCSF_AFTER(call, code) ncsf_fault_after((call), (code), NCSF_SITE)
#define MPI_File_open(...) NCSF_AFTER((MPI_File_open)(__VA_ARGS__), MPI_ERR_IO)
#define MPI_File_close(...) NCSF_AFTER((MPI_File_close)(__VA_ARGS__), MPI_ERR_IO)
#define MPI_File_write_at(...) NCSF_AFTER((MPI_File_write_at)(__VA_ARGS__), MPI_ERR_IO)
#define MPI_File_read_at(...) NCSF_AFTER((MPI_File_read_at)(__VA_ARGS__), MPI_ERR_IO)
#define MPI_File_write_all(...) NCSF_AFTER((MPI_File_write_all)(__VA_ARGS__), MPI_ERR_IO)
#define MPI_File_read_all(...) NCSF_AFTER((MPI_File_read_all)(__VA_ARGS__), MPI_ERR_IO)
#define MPI_File_set_view(...) NCSF_AFTER((MPI_File_set_view)(__VA_ARGS__), MPI_ERR_IO)
#define MPI_Comm_dup(...) NCSF_AFTER((MPI_Comm_dup)(__VA_ARGS__), MPI_ERR_OTHER)
#define MPI_Comm_split(...) NCSF_AFTER((MPI_Comm_split)(__VA_ARGS__), MPI_ERR_OTHER)
#define MPI_Comm_create_group(...) NCSF_AFTER((MPI_Comm_create_group)(__VA_ARGS__), MPI_ERR_OTHER)
#define MPI_Wait(...) NCSF_AFTER((MPI_Wait)(__VA_ARGS__), MPI_ERR_OTHER)
#define MPI_Allreduce(...) NCSF_AFTER((MPI_Allreduce)(__VA_ARGS__), MPI_ERR_OTHER)
#define MPI_Bcast(...) NCSF_AFTER((MPI_Bcast)(__VA_ARGS__), MPI_ERR_OTHER)

/* system calls: fail with EIO, not made (close: made) */
#define NCSF_SYS(call) (ncsf_fault_hit(NCSF_FAULT_SYS, NCSF_SITE) ? (errno = EIO, -1) : (call))
#define open(...) NCSF_SYS((open)(__VA_ARGS__))
#define pread(...) NCSF_SYS((pread)(__VA_ARGS__))
#define pwrite(...) NCSF_SYS((pwrite)(__VA_ARGS__))
#define ftruncate(...) NCSF_SYS((ftruncate)(__VA_ARGS__))
#define fstat(...) NCSF_SYS((fstat)(__VA_ARGS__))
#define lstat(...) NCSF_SYS((lstat)(__VA_ARGS__))
#define stat(...) NCSF_SYS((stat)(__VA_ARGS__))
#define unlink(...) NCSF_SYS((unlink)(__VA_ARGS__))
#define mkdir(...) NCSF_SYS((mkdir)(__VA_ARGS__))
#define close(fd) (((close)(fd) != 0) | ncsf_fault_hit(NCSF_FAULT_SYS, NCSF_SITE) ? (errno = EIO, -1) : 0)
#endif /* NCSF_FAULT_INJECTION */

#endif
