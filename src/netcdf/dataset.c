/*
 * dataset.c: opening a subfiled dataset through the plugin (its base file,
 * or any subfile whose base file is there), closing it, and the registry of
 * open datasets.
 *
 * netCDF-C gives a dispatch layer only the ncid, and its per-file slot is
 * behind headers it does not install: each open dataset's state hangs off
 * one entry of a small table keyed by that ncid, kept under a mutex (the
 * one piece of process state; it holds nothing but the open files).
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include "ncsfnc.h"

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static ncsfnc_file **reg;
static int nreg;

static int key_of(int ncid) { return ncid & ~0xffff; }

ncsfnc_file *ncsfnc_find(int ncid)
{
    ncsfnc_file *f = NULL;
    pthread_mutex_lock(&reg_lock);
    for (int i = 0; i < nreg && !f; i++)
        if (reg[i]->key == key_of(ncid)) f = reg[i];
    pthread_mutex_unlock(&reg_lock);
    return f;
}

static int reg_add(ncsfnc_file *f)
{
    pthread_mutex_lock(&reg_lock);
    ncsfnc_file **r = realloc(reg, (size_t)(nreg + 1) * sizeof *r);
    if (r) {
        reg = r;
        reg[nreg++] = f;
    }
    pthread_mutex_unlock(&reg_lock);
    return r ? NC_NOERR : NC_ENOMEM;
}

static void reg_remove(ncsfnc_file *f)
{
    pthread_mutex_lock(&reg_lock);
    for (int i = 0; i < nreg; i++)
        if (reg[i] == f) reg[i] = reg[--nreg];
    if (!nreg) {
        free(reg);
        reg = NULL;
    }
    pthread_mutex_unlock(&reg_lock);
}

int ncsfnc_is_hidden(const char *attname) { return !strncmp(attname, "subfiling_", 10); }

/* a key of NCSF_HINTS ("k=v;k=v"), or NULL */
static char *hint(const char *key, char *buf, size_t len)
{
    const char *h = getenv("NCSF_HINTS");
    size_t kl = strlen(key);
    for (const char *p = h; p && *p;) {
        while (*p == ' ' || *p == ';') p++;
        const char *e = strchr(p, ';');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l > kl && !strncmp(p, key, kl) && (p[kl] == '=' || p[kl] == ' ')) {
            const char *v = strchr(p, '=');
            if (v && v < p + l) {
                v++;
                while (*v == ' ') v++;
                size_t vl = (size_t)(p + l - v);
                while (vl && v[vl - 1] == ' ') vl--;
                snprintf(buf, len, "%.*s", (int)vl, v);
                return buf;
            }
        }
        p += l;
    }
    return NULL;
}

static int choose_max_open(void)
{
    char buf[64];
    const char *s = getenv("NCSF_MAX_OPEN");
    if (!s) s = hint("subfiling_max_open", buf, sizeof buf);
    long m = s ? strtol(s, NULL, 10) : NCSFNC_DEFAULT_MAX_OPEN;
    if (m < 1) m = NCSFNC_DEFAULT_MAX_OPEN;
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
        rlim_t cap = rl.rlim_cur / 4 > 4 ? rl.rlim_cur / 4 : 4;
        if ((rlim_t)m > cap) m = (long)cap;
    }
    return (int)m;
}

static int accept_incomplete(void)
{
    char buf[64];
    const char *s = getenv("NCSF_INCOMPLETE");
    if (!s) s = hint("subfiling_incomplete", buf, sizeof buf);
    return s && !strcmp(s, "accept");
}

static int global_text(int ncid, const char *name, char *buf, size_t len)
{
    nc_type t;
    size_t n;
    if (nc_inq_att(ncid, NC_GLOBAL, name, &t, &n) != NC_NOERR || t != NC_CHAR || n >= len) return 0;
    if (nc_get_att_text(ncid, NC_GLOBAL, name, buf) != NC_NOERR) return 0;
    buf[n] = 0;
    return 1;
}

/* the first variable with subfiling_index >= 0: ncid is a subfile; its
 * layout (for its own name) in *lay */
static int subfile_layout(int ncid, ncsfnc_layout *lay)
{
    int nvars, idx, version = 0;
    nc_inq_nvars(ncid, &nvars);
    nc_get_att_int(ncid, NC_GLOBAL, "subfiling_version", &version);
    for (int i = 0; i < nvars; i++) {
        char msg[256];
        if (nc_get_att_int(ncid, i, "subfiling_index", &idx) != NC_NOERR || idx < 0) continue;
        return ncsfnc_layout_read(ncid, i, version, lay, msg, sizeof msg) == NC_NOERR ? 1 : -1;
    }
    return 0;
}

/* opened through a subfile: its base file, by subfiling_base, which must be
 * one "../" per directory of the subfile's recorded name then a plain name */
static int base_of_subfile(const char *path, int sub, ncsfnc_layout *lay, char **basep)
{
    char base[4096], own[4096], dsid[33], bid[33];
    if (!global_text(sub, "subfiling_base", base, sizeof base) || ncsfnc_layout_name(lay, lay->index, own, sizeof own) ||
        !global_text(sub, "subfiling_dataset_id", dsid, sizeof dsid)) {
        ncsfnc_say(NULL, "%s: a subfile without a usable subfiling_base or subfiling_dataset_id", path);
        return NC_EVARMETA;
    }
    int depth = 0;
    for (const char *c = own; *c; c++) depth += *c == '/';
    const char *rest = base + 3 * depth;
    for (int i = 0; i < depth; i++)
        if (strncmp(base + 3 * i, "../", 3)) rest = NULL;
    if (!rest || !*rest || strchr(rest, '/') || !strcmp(rest, ".") || !strcmp(rest, "..")) {
        ncsfnc_say(NULL, "%s: subfiling_base \"%s\" does not lead to a base file", path, base);
        return NC_EVARMETA;
    }
    const char *slash = strrchr(path, '/');
    size_t dl = slash ? (size_t)(slash - path + 1) : 0;
    char *b = malloc(dl + strlen(base) + 1);
    if (!b) return NC_ENOMEM;
    memcpy(b, path, dl);
    strcpy(b + dl, base);
    struct stat sb;
    int id, err = ENOENT;
    if (stat(b, &sb) == 0 && S_ISREG(sb.st_mode) && ncsfnc_real_open(b, NC_NOWRITE, &id) == NC_NOERR) {
        err = global_text(id, "subfiling_dataset_id", bid, sizeof bid) && !strcmp(bid, dsid) ? NC_NOERR : NC_EVARMETA;
        nc_close(id);
    }
    if (err) {
        ncsfnc_say(NULL, "%s is a subfile; its base file %s is %s", path, b,
                   err == ENOENT ? "not there (the plugin reads a dataset through its base file)"
                                 : "of another dataset");
        free(b);
        return err;
    }
    *basep = b;
    return NC_NOERR;
}

/* the visible attributes of varid: every one not named subfiling_* */
static int att_map(int ncid, int varid, int *nout, int **mapp)
{
    int natts, n = 0;
    int err = varid == NC_GLOBAL ? nc_inq_natts(ncid, &natts) : nc_inq_varnatts(ncid, varid, &natts);
    if (err) return err;
    int *map = malloc((size_t)(natts ? natts : 1) * sizeof *map);
    if (!map) return NC_ENOMEM;
    for (int a = 0; a < natts; a++) {
        char name[NC_MAX_NAME + 1];
        if ((err = nc_inq_attname(ncid, varid, a, name))) {
            free(map);
            return err;
        }
        if (!ncsfnc_is_hidden(name)) map[n++] = a;
    }
    *nout = n;
    *mapp = map;
    return NC_NOERR;
}

/* a subfiled variable's global dimensions: the base file's, by name, with
 * the lengths the layout records */
static int var_dims(ncsfnc_file *f, ncsfnc_var *v, char *msg, size_t msglen)
{
    ncsfnc_layout *l = &v->lay;
    char *p = l->dimnames;
    int unlim = -1;
    nc_inq_unlimdim(f->base, &unlim);
    for (int d = 0; d < l->ndims; d++) {
        char *e = strchr(p, '\n');
        size_t len;
        if (e) *e = 0;
        int ok = nc_inq_dimid(f->base, p, &v->dimids[d]) == NC_NOERR &&
                 nc_inq_dimlen(f->base, v->dimids[d], &len) == NC_NOERR &&
                 ((d == 0 && l->record) ? v->dimids[d] == unlim
                                        : v->dimids[d] != unlim && (long long)len == l->gsize[d]);
        if (!ok) snprintf(msg, msglen, "dimension %d (%s) contradicts the base file's", d, p);
        if (e) *e = '\n';
        if (!ok) return NC_EVARMETA;
        if (e) p = e + 1;
    }
    v->ndims = l->ndims;
    return NC_NOERR;
}

static int read_vars(ncsfnc_file *f)
{
    if (!(f->vars = calloc((size_t)(f->nvars ? f->nvars : 1), sizeof *f->vars))) return NC_ENOMEM;
    for (int i = 0; i < f->nvars; i++) {
        ncsfnc_var *v = &f->vars[i];
        int on = 0, err;
        char msg[512];
        if ((err = nc_inq_var(f->base, i, v->name, &v->xtype, &v->ndims, v->dimids, NULL))) return err;
        if ((err = att_map(f->base, i, &v->natts, &v->attmap))) return err;
        if (!f->dsid[0] || nc_get_att_int(f->base, i, "subfiling_enabled", &on) != NC_NOERR || on != 1) continue;
        v->subfiled = 1;
        err = ncsfnc_layout_read(f->base, i, f->version, &v->lay, msg, sizeof msg);
        if (!err && v->lay.index != -1) {
            snprintf(msg, sizeof msg, "subfiling_index=%d on a placeholder", v->lay.index);
            err = NC_EVARMETA;
        }
        if (!err) err = var_dims(f, v, msg, sizeof msg);
        if (!err && !(v->ok = calloc((size_t)v->lay.nfiles, 1))) err = NC_ENOMEM;
        if (err) {
            ncsfnc_say(f, "%s: variable %s: %s", f->path, v->name, err == NC_ENOMEM ? "out of memory" : msg);
            return err;
        }
    }
    return NC_NOERR;
}

/* the dataset's identity, version and state; 0 and "" for a plain file */
static int read_identity(ncsfnc_file *f)
{
    if (!global_text(f->base, "subfiling_dataset_id", f->dsid, sizeof f->dsid)) {
        f->dsid[0] = 0;
        return NC_NOERR;
    }
    if (nc_get_att_int(f->base, NC_GLOBAL, "subfiling_version", &f->version) != NC_NOERR ||
        (f->version != 1 && f->version != 2)) {
        ncsfnc_say(f, "%s: subfiling_version is missing or not 1 or 2", f->path);
        return NC_EVARMETA;
    }
    char state[16] = "complete";
    if (nc_inq_attid(f->base, NC_GLOBAL, "subfiling_state", NULL) == NC_NOERR &&
        !global_text(f->base, "subfiling_state", state, sizeof state))
        strcpy(state, "unreadable");
    /* "synced  ": whole as of its writer's last sync, read as complete;
     * "writing ", "writing2".."writing9", "wNNNNNNN": that many writer
     * processes hold changes not synced (doc/format.md) */
    if (strcmp(state, "complete") && strncmp(state, "synced", 6) && !accept_incomplete()) {
        ncsfnc_say(f, "%s: %s, so it may be incomplete (NCSF_INCOMPLETE=accept opens it anyway)", f->path,
                   !strncmp(state, "failed", 6) ? "writing it failed" : state[0] == 'w'
                   ? "its writer did not close it" : "its subfiling_state is unreadable");
        return NC_ETRUNC;
    }
    return NC_NOERR;
}

static void file_free(ncsfnc_file *f)
{
    if (!f) return;
    ncsfnc_subfiles_close(f);
    if (f->base >= 0) nc_close(f->base);
    for (int i = 0; f->vars && i < f->nvars; i++) {
        free(f->vars[i].attmap);
        free(f->vars[i].ok);
        if (f->vars[i].subfiled) ncsfnc_layout_free(&f->vars[i].lay);
    }
    free(f->vars);
    free(f->gattmap);
    free(f->open);
    free(f->path);
    free(f->dir);
    free(f);
}

static int setup(ncsfnc_file *f, const char *path)
{
    int err = ncsfnc_real_open(path, NC_NOWRITE, &f->base);
    if (err) return err;
    ncsfnc_layout lay;
    int sub = subfile_layout(f->base, &lay);
    if (sub < 0) {
        ncsfnc_say(f, "%s: a subfile whose subfiling attributes are unusable", path);
        return NC_EVARMETA;
    }
    if (sub) {
        char *b = NULL;
        err = base_of_subfile(path, f->base, &lay, &b);
        ncsfnc_layout_free(&lay);
        nc_close(f->base);
        f->base = -1;
        if (err) return err;
        f->path = b;
        if ((err = ncsfnc_real_open(b, NC_NOWRITE, &f->base))) return err;
    } else if (!(f->path = strdup(path))) {
        return NC_ENOMEM;
    }
    const char *slash = strrchr(f->path, '/');
    size_t dl = slash ? (size_t)(slash - f->path + 1) : 0;
    if (!(f->dir = malloc(dl + 1))) return NC_ENOMEM;
    memcpy(f->dir, f->path, dl);
    f->dir[dl] = 0;
    int unlim;
    if ((err = nc_inq_format(f->base, &f->format)) || (err = nc_inq(f->base, &f->ndims, &f->nvars, NULL, &unlim)))
        return err;
    if (unlim >= 0 && (err = nc_inq_dimlen(f->base, unlim, &f->numrecs))) return err;
    if ((err = read_identity(f))) return err;
    if ((err = att_map(f->base, NC_GLOBAL, &f->ngatts, &f->gattmap))) return err;
    return read_vars(f);
}

int ncsfnc_open(const char *path, int mode, int ncid)
{
    if (mode & NC_WRITE) return NC_EPERM;
    ncsfnc_file *f = calloc(1, sizeof *f);
    if (!f) return NC_ENOMEM;
    f->key = key_of(ncid);
    f->mode = mode;
    f->base = -1;
    f->quiet = !ncsfnc_verbose();
    f->max_open = choose_max_open();
    int err = setup(f, path);
    if (!err) err = reg_add(f);
    if (err) file_free(f);
    return err;
}

int ncsfnc_close(int ncid, void *ignored)
{
    (void)ignored;
    ncsfnc_file *f = ncsfnc_find(ncid);
    if (!f) return NC_EBADID;
    const char *stats = getenv("NCSF_NETCDF_STATS");
    if (stats && *stats && strcmp(stats, "0"))
        fprintf(stderr, "ncsf-netcdf: %s: %lld subfile opens, at most %d open at once (limit %d)\n", f->path,
                f->opens, f->most_open, f->max_open);
    reg_remove(f);
    file_free(f);
    return NC_NOERR;
}

int ncsfnc_abort(int ncid) { return ncsfnc_close(ncid, NULL); }
