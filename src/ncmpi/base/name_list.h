/* name_list.h: "a,b,c" lists of names, as hints and tool options give
 * them (the library's subfiling_vars/subfiling_exclude and the tools' -v
 * and --var take the same form). */
#ifndef NCSF_NAME_LIST_H
#define NCSF_NAME_LIST_H
#include <string.h>

/* Is name one of the comma-separated list? */
static inline int ncsf_name_listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; p && *p;) {
        const char *c = strchr(p, ',');
        size_t l = c ? (size_t)(c - p) : strlen(p);
        if (l == n && !strncmp(p, name, n)) return 1;
        p = c ? c + 1 : NULL;
    }
    return 0;
}
#endif
