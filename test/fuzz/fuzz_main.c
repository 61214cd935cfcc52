/*
 * fuzz_main.c: replays inputs through the fuzz target without libFuzzer,
 * so make check runs the corpus and every crash found so far with the
 * ordinary compiler (and the sanitizers when configured with them).
 *
 *   fuzz_replay FILE|DIR...     run each file (each file in each DIR)
 *   fuzz_replay --seeds DIR     write the seed inputs into DIR (each must
 *                               be accepted by the parser)
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "fuzz_attrs.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); return 1; }
    uint8_t *b = NULL;
    size_t n = 0, cap = 0, got;
    do {
        if (n == cap && !(b = realloc(b, cap = cap ? 2 * cap : 4096))) { fclose(f); return 1; }
        got = fread(b + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    fclose(f);
    fuzz_attrs_one(b, n);
    free(b);
    return 0;
}

int main(int argc, char **argv)
{
    int runs = 0, bad = 0;
    if (argc == 3 && !strcmp(argv[1], "--seeds")) {
        for (int s = 0; s < FUZZ_ATTRS_NSEEDS; s++) {
            uint8_t b[4096];
            size_t n = fuzz_attrs_seed(s, b, sizeof b);
            if (fuzz_attrs_one(b, n) != 1) { fprintf(stderr, "seed %d refused\n", s); return 1; }
            char path[4200];
            snprintf(path, sizeof path, "%s/seed-%d", argv[2], s);
            FILE *f = fopen(path, "wb");
            if (!f || fwrite(b, 1, n, f) != n) { perror(path); return 1; }
            fclose(f);
        }
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        struct stat sb;
        if (stat(argv[i], &sb) != 0) { perror(argv[i]); bad++; continue; }
        if (!S_ISDIR(sb.st_mode)) { bad += run_file(argv[i]); runs++; continue; }
        DIR *d = opendir(argv[i]);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (e->d_name[0] == '.') continue;
            char path[4200];
            snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
            bad += run_file(path);
            runs++;
        }
        if (d) closedir(d);
    }
    printf("fuzz_replay: %d inputs, %d unreadable, no invariant broken\n", runs, bad);
    return bad != 0;
}
