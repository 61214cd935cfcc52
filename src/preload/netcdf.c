/*
 * netcdf.c: the netCDF-C read path of libncsf-preload.so, so that one
 * LD_PRELOAD covers a program that writes through PnetCDF and reads
 * through netCDF-C (doc/transparency.md).
 *
 * The preload defines nc_open and nc__open, which come before netCDF-C's.
 * It is not linked with libnetcdf: a program that never calls nc_open
 * loads nothing more. The first call (netCDF-C is then in the process)
 * finds netCDF-C's own two functions past this library's (dlsym
 * RTLD_NEXT; when libnetcdf was loaded with dlopen and RTLD_LOCAL, as a
 * Python module does, the loaded object that defines nc_open, made global
 * so that the plugin can link against it), loads the plugin from
 * libncsf-netcdf-hook.so next to this library (src/netcdf without its
 * nc_open, linked without libnetcdf) with RTLD_LOCAL, and hands it
 * netCDF-C's functions (ncsf_netcdf_hook); every open then goes through
 * the plugin's routing (src/netcdf/route.c): a read-only open of a
 * subfiled dataset reads it in place, every other open is netCDF-C's own;
 * an open for writing of a subfiled dataset goes to netCDF-C's PnetCDF
 * dispatch where netCDF-C has one (open_for_write), else it is refused.
 * nc_delete of a netCDF classic file in a program that has initialized
 * MPI is ncmpi_delete, this library's: a subfiled dataset goes with its
 * subfiles (netCDF-C's own unlinks the base file only, and the subfiles
 * left would stop a later create with NC_NOCLOBBER); any other file, or
 * a program without MPI, gets netCDF-C's.
 * When libncsf-netcdf.so is preloaded as well (it defines
 * ncsf_netcdf_init), or the plugin cannot be loaded, nc_open is the next
 * definition untouched (NCSF_VERBOSE=1 says why).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <mpi.h>
#include <netcdf.h>
#include <pnetcdf.h>

typedef int (*open_fn)(const char *, int, int *);
typedef int (*open2_fn)(const char *, int, size_t *, int *);
typedef int (*hook_fn)(int, open_fn, open2_fn, open_fn *, open2_fn *);
#define HOOK_VERSION 1 /* src/netcdf/ncsfnc.h NCSFNC_HOOK_VERSION */
#define HOOK_LIB "libncsf-netcdf-hook.so"

/* set once (pthread_once), read-only afterwards */
static open_fn real_open, use_open;
static open2_fn real_open2, use_open2;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void verbose(const char *fmt, const char *arg)
{
    const char *v = getenv("NCSF_VERBOSE"), *p = getenv("PNETCDF_VERBOSE_DEBUG_MODE");
    if (v && *v ? !strcmp(v, "0") : !(p && !strcmp(p, "1"))) return;
    fputs("libncsf-preload.so: ", stderr);
    fprintf(stderr, fmt, arg ? arg : "");
    fputc('\n', stderr);
}

/* the loaded objects' names, collected first: dlopen is not called from
 * within dl_iterate_phdr */
struct names {
    char *name[256];
    int n;
};

static int collect(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    struct names *s = data;
    if (info->dlpi_name && info->dlpi_name[0] && s->n < 256) s->name[s->n++] = strdup(info->dlpi_name);
    return 0;
}

/* netCDF-C's nc_open in an object loaded with RTLD_LOCAL: found, and that
 * object made global */
static void find_local(void)
{
    struct names s = {{0}, 0};
    dl_iterate_phdr(collect, &s);
    for (int i = 0; i < s.n; i++) {
        void *h = s.name[i] ? dlopen(s.name[i], RTLD_LAZY | RTLD_NOLOAD) : NULL;
        if (!h) continue;
        void *o = dlsym(h, "nc_open"), *o2 = dlsym(h, "nc__open");
        Dl_info di;
        if (!real_open && o && o2 && o != (void *)nc_open && dladdr(o, &di) && di.dli_fname &&
            dlopen(di.dli_fname, RTLD_LAZY | RTLD_NOLOAD | RTLD_GLOBAL)) {
            real_open = (open_fn)o;
            real_open2 = (open2_fn)o2;
        }
        dlclose(h);
    }
    for (int i = 0; i < s.n; i++) free(s.name[i]);
}

static void load_once(void)
{
    real_open = (open_fn)dlsym(RTLD_NEXT, "nc_open");
    real_open2 = (open2_fn)dlsym(RTLD_NEXT, "nc__open");
    if (!real_open || !real_open2) {
        real_open = NULL;
        real_open2 = NULL;
        find_local();
    }
    use_open = real_open;
    use_open2 = real_open2;
    if (!real_open) return;
    if (dlsym(RTLD_DEFAULT, "ncsf_netcdf_init")) {
        verbose("libncsf-netcdf.so is preloaded too: it reads subfiled datasets%s", NULL);
        return;
    }
    /* the plugin next to this library, else on the loader's path */
    Dl_info self;
    char path[4096];
    void *h = NULL;
    if (dladdr((void *)nc_open, &self) && self.dli_fname && strchr(self.dli_fname, '/')) {
        const char *slash = strrchr(self.dli_fname, '/');
        int len = (int)(slash - self.dli_fname) + 1;
        if (snprintf(path, sizeof path, "%.*s%s", len, self.dli_fname, HOOK_LIB) < (int)sizeof path)
            h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    }
    if (!h) h = dlopen(HOOK_LIB, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        verbose("subfiled datasets are read as they are on disk through netCDF-C: %s", dlerror());
        return;
    }
    hook_fn hook = (hook_fn)dlsym(h, "ncsf_netcdf_hook");
    open_fn o = NULL;
    open2_fn o2 = NULL;
    if (!hook || hook(HOOK_VERSION, real_open, real_open2, &o, &o2) != NC_NOERR || !o || !o2) {
        verbose("%s does not take netCDF-C's nc_open", HOOK_LIB);
        dlclose(h);
        return;
    }
    use_open = o;
    use_open2 = o2;
}

static void finalize_at_exit(void)
{
    int fin = 0;
    if (MPI_Finalized(&fin) == MPI_SUCCESS && !fin) MPI_Finalize();
}

static pthread_once_t at_exit_once = PTHREAD_ONCE_INIT;
static void register_finalize(void)
{
    atexit(finalize_at_exit);
}

/* An open for writing of a subfiled dataset, which the read path refuses
 * (NC_EPERM: netCDF-C's serial classic dispatch would write the
 * placeholders), goes to netCDF-C's own PnetCDF dispatch when this
 * netCDF-C has one (built with --enable-pnetcdf: it defines
 * NCP_dispatch_table): nc_open_par on MPI_COMM_SELF, whose ncmpi_open is
 * this library's, so the dataset is written as a subfiled one and read
 * back whole. A program that has not initialized MPI has it initialized
 * here and finalized when it exits. Without that dispatch, or if it
 * fails, the refusal stands. Fill mode is on, as in netCDF-C's serial
 * dispatch. */
static int open_for_write(const char *path, int mode, int refused, int *ncidp)
{
    typedef int (*open_par_fn)(const char *, int, MPI_Comm, MPI_Info, int *);
    open_par_fn open_par = (open_par_fn)dlsym(RTLD_DEFAULT, "nc_open_par");
    int init = 0, fin = 0;
    if (!open_par || !dlsym(RTLD_DEFAULT, "NCP_dispatch_table") || MPI_Finalized(&fin) != MPI_SUCCESS || fin ||
        MPI_Initialized(&init) != MPI_SUCCESS)
        return refused;
    if (!init) {
        if (MPI_Init(NULL, NULL) != MPI_SUCCESS) return refused;
        pthread_once(&at_exit_once, register_finalize);
    }
    int id, err = open_par(path, mode, MPI_COMM_SELF, MPI_INFO_NULL, &id);
    if (err != NC_NOERR) {
        char code[16];
        snprintf(code, sizeof code, "%d", err);
        verbose("nc_open_par of a subfiled dataset for writing: netCDF error %s", code);
        return refused;
    }
    /* netCDF-C's serial dispatch, which the program asked for, fills the
     * variables a redef adds unless told otherwise; its PnetCDF dispatch
     * keeps PnetCDF's no-fill default, and PnetCDF sets fill mode in
     * define mode only: an empty redef sets it */
    typedef int (*id_fn)(int);
    typedef int (*set_fill_fn)(int, int, int *);
    id_fn redef = (id_fn)dlsym(RTLD_DEFAULT, "nc_redef"), enddef = (id_fn)dlsym(RTLD_DEFAULT, "nc_enddef"),
          close_id = (id_fn)dlsym(RTLD_DEFAULT, "nc_close");
    set_fill_fn set_fill = (set_fill_fn)dlsym(RTLD_DEFAULT, "nc_set_fill");
    err = redef && enddef && set_fill ? NC_NOERR : NC_ENOTBUILT;
    if (!err) err = redef(id);
    if (!err) err = set_fill(id, NC_FILL, NULL);
    if (!err) err = enddef(id);
    if (err) {
        char code[16];
        snprintf(code, sizeof code, "%d", err);
        verbose("fill mode of a subfiled dataset opened for writing: netCDF error %s", code);
        if (close_id) close_id(id);
        return err;
    }
    *ncidp = id;
    return NC_NOERR;
}

int nc_open(const char *path, int mode, int *ncidp)
{
    pthread_once(&once, load_once);
    if (!use_open) return NC_ENOTBUILT;
    int err = use_open(path, mode, ncidp);
    if (err == NC_EPERM && (mode & NC_WRITE) && use_open != real_open) err = open_for_write(path, mode, err, ncidp);
    return err;
}

int nc__open(const char *path, int mode, size_t *chunksizehintp, int *ncidp)
{
    pthread_once(&once, load_once);
    if (!use_open2) return NC_ENOTBUILT;
    int err = use_open2(path, mode, chunksizehintp, ncidp);
    if (err == NC_EPERM && (mode & NC_WRITE) && use_open2 != real_open2) err = open_for_write(path, mode, err, ncidp);
    return err;
}

/* whether path starts as a netCDF classic file does (CDF-1, 2, 5) */
static int classic(const char *path)
{
    unsigned char m[4];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    int yes = read(fd, m, 4) == 4 && m[0] == 'C' && m[1] == 'D' && m[2] == 'F' && (m[3] == 1 || m[3] == 2 || m[3] == 5);
    close(fd);
    return yes;
}

int nc_delete(const char *path)
{
    int init = 0, fin = 0;
    if (path && classic(path) && MPI_Initialized(&init) == MPI_SUCCESS && init && MPI_Finalized(&fin) == MPI_SUCCESS &&
        !fin)
        return ncmpi_delete(path, MPI_INFO_NULL);
    typedef int (*delete_fn)(const char *);
    delete_fn next = (delete_fn)dlsym(RTLD_NEXT, "nc_delete");
    return next ? next(path) : NC_ENOTBUILT;
}
