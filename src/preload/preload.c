/*
 * preload.c: what libncsf-preload.so adds to libncsf's code.
 *
 * LD_PRELOAD=libncsf-preload.so puts this library's ncmpi_* definitions
 * (pnetcdf_exports.c, the same as libncsf.so's) ahead of PnetCDF's in a
 * program that was linked with -lpnetcdf only. Everything else is the
 * ordinary library: a dataset with no subfiled variable is handed to
 * PnetCDF call by call, and hints come from NCSF_HINTS or PNETCDF_HINTS.
 *
 * The one thing the preload can find out on its own is a program it cannot
 * reach: one with PnetCDF linked into the executable (statically), whose
 * calls never look for a shared definition. It says so once, at load time,
 * from the first process of the job (reading the executable's symbol
 * table: a stripped one goes unnoticed). (A program that loads PnetCDF itself
 * with dlopen and RTLD_LOCAL, or calls it through dlsym on that handle,
 * bypasses the preload without a trace; doc/transparency.md lists both.)
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whether this process is the job's first (the launchers' rank variables;
 * a process started without a launcher counts as first). */
static int first_process(void)
{
    static const char *const vars[] = {"PMI_RANK", "PMIX_RANK", "OMPI_COMM_WORLD_RANK",
                                       "MPI_LOCALRANKID", "SLURM_PROCID"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v) return strcmp(v, "0") == 0;
    }
    return 1;
}

/* Whether the ELF image at m (n bytes) defines name in its symbol table:
 * a definition, not a reference to a shared library's. */
static int defines(const unsigned char *m, size_t n, const char *name)
{
    const ElfW(Ehdr) *eh = (const void *)m;
    if (n < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_shentsize != sizeof(ElfW(Shdr)) || eh->e_shoff > n ||
        (n - eh->e_shoff) / sizeof(ElfW(Shdr)) < eh->e_shnum)
        return 0;
    const ElfW(Shdr) *sh = (const void *)(m + eh->e_shoff);
    for (int i = 0; i < eh->e_shnum; i++) {
        if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum) continue;
        const ElfW(Shdr) *st = &sh[sh[i].sh_link];
        if (sh[i].sh_offset > n || sh[i].sh_size > n - sh[i].sh_offset || st->sh_offset > n ||
            st->sh_size > n - st->sh_offset)
            return 0;
        const ElfW(Sym) *sym = (const void *)(m + sh[i].sh_offset);
        const char *str = (const char *)(m + st->sh_offset);
        for (size_t k = 0; k < sh[i].sh_size / sizeof(ElfW(Sym)); k++)
            if (sym[k].st_shndx != SHN_UNDEF && sym[k].st_name < st->sh_size &&
                strncmp(str + sym[k].st_name, name, st->sh_size - sym[k].st_name) == 0)
                return 1;
    }
    return 0;
}

/* A program with PnetCDF linked into it calls its own copy: its symbols
 * never go through the dynamic linker, so the preload cannot take them.
 * Such a program keeps ncmpi_create in its symbol table (unless it was
 * stripped); say so once, from the job's first process. */
__attribute__((constructor)) static void ncsf_preload_check(void)
{
    int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    struct stat sb;
    if (fd < 0) return;
    if (fstat(fd, &sb) == 0 && sb.st_size > 0) {
        void *m = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (m != MAP_FAILED) {
            if (defines(m, (size_t)sb.st_size, "ncmpi_create") && first_process())
                fprintf(stderr, "libncsf-preload.so: this program has PnetCDF linked into it "
                        "(statically); its PnetCDF calls cannot reach ncsf. Link it with the "
                        "shared libpnetcdf.so, or with -lncsf.\n");
            munmap(m, (size_t)sb.st_size);
        }
    }
    close(fd);
}
