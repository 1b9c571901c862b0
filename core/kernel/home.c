#define _GNU_SOURCE /* dladdr: the file a function was loaded from */
#include "home.h"

#include <dlfcn.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void home_search_path(const char *kind, const char *first, char *out, size_t size)
{
    char file[4096] = "";
    Dl_info info;
    if (dladdr((void *)home_search_path, &info) && info.dli_fname)
        snprintf(file, sizeof file, "%s", info.dli_fname);
    /* In a program (not a library) dladdr names it as it was called (its
     * argv[0], maybe found on the PATH): the kernel knows where it is. */
    size_t len = strlen(file);
    if (len < 3 || strcmp(file + len - 3, ".so") != 0) {
        ssize_t n = readlink("/proc/self/exe", file, sizeof file - 1);
        file[n > 0 ? n : 0] = '\0';
    }
    char *dir = file[0] ? dirname(file) : ".";
    snprintf(out, size, "%s%s%s/%s:%s/../%s:%s/../share/referee/%s:%s/%s", first ? first : "",
             first ? ":" : "", dir, kind, dir, kind, dir, kind, REFEREE_SHARE, kind);
}
