#include "grow.h"

#include <stdlib.h>

int grow_bytes(char **buf, size_t *size, size_t need, size_t first)
{
    if (need <= *size)
        return 1;
    size_t to = *size ? *size * 2 : first;
    while (to < need)
        to *= 2;
    char *p = realloc(*buf, to);
    if (!p)
        return 0;
    *buf = p;
    *size = to;
    return 1;
}
