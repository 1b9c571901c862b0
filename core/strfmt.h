/* strfmt: printf into a new malloc'd string (NULL when out of memory). */
#ifndef REFEREE_STRFMT_H
#define REFEREE_STRFMT_H

#include <stdarg.h>

char *vstrfmt(const char *fmt, va_list ap);
char *strfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
