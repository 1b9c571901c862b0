#include "strfmt.h"

#include <stdio.h>
#include <stdlib.h>

char *vstrfmt(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *s = n < 0 ? NULL : malloc((size_t)n + 1);
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return s;
}

char *strfmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vstrfmt(fmt, ap);
    va_end(ap);
    return s;
}

char *strfmt_printable(char *text)
{
    for (unsigned char *p = (unsigned char *)text; p && *p; p++) {
        if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
            *p = '?';
        else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) /* U+0080..U+009F */
            p[0] = p[1] = '?';
    }
    return text;
}
