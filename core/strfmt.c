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

/* How many bytes of a control character start at p (0: none): C0 but
 * newline and tab unless `strict`, DEL, and the two-byte UTF-8 forms of
 * U+0080..U+009F (C1, which some terminals obey as ESC sequences). */
static int control_at(const unsigned char *p, int strict)
{
    if ((*p < 0x20 && (strict || (*p != '\n' && *p != '\t'))) || *p == 0x7f)
        return 1;
    return *p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f ? 2 : 0;
}

char *strfmt_printable(char *text)
{
    for (unsigned char *p = (unsigned char *)text; p && *p; p++)
        for (int n = control_at(p, 0); n > 0; n--)
            p[n - 1] = '?';
    return text;
}

int strfmt_has_control(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; p && *p; p++)
        if (control_at(p, 1))
            return 1;
    return 0;
}
