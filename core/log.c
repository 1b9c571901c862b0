#include "log.h"

#include <stdlib.h>
#include <string.h>

void log_init(Log *g)
{
    memset(g, 0, sizeof *g);
}

void log_free(Log *g)
{
    for (int i = 0; i < g->n; i++)
        free(g->e[i].text);
    free(g->e);
    log_init(g);
}

int log_copy(Log *dst, const Log *src)
{
    log_init(dst);
    if (!src->n)
        return 1;
    dst->e = malloc(sizeof(LogEntry) * (size_t)src->n);
    if (!dst->e)
        return 0;
    dst->cap = src->n;
    for (int i = 0; i < src->n; i++) {
        dst->e[i] = src->e[i];
        if (src->e[i].text && !(dst->e[i].text = strdup(src->e[i].text))) {
            dst->n = i;
            return 0;
        }
        dst->n = i + 1;
    }
    return 1;
}

int log_add(Log *g, LogKind kind, int seat, int a, int b, int c, int64_t n, const char *text)
{
    if (g->n == g->cap) {
        int cap = g->cap ? g->cap * 2 : 256;
        LogEntry *e = realloc(g->e, sizeof(LogEntry) * (size_t)cap);
        if (!e)
            return 0;
        g->e = e;
        g->cap = cap;
    }
    char *copy = NULL;
    if (text && !(copy = strdup(text)))
        return 0;
    g->e[g->n++] = (LogEntry){(uint8_t)kind, (int8_t)seat, (int16_t)a, (int16_t)b,
                              (int16_t)c, n, copy};
    return 1;
}

static const char *KIND_NAMES[LOG_KIND_COUNT] = {
    "decision", "shuffle", "move", "reveal", "roll", "die_set",
    "die_reveal", "transfer", "note", "eliminate",
};

const char *log_kind_name(LogKind k)
{
    return (unsigned)k < LOG_KIND_COUNT ? KIND_NAMES[k] : "?";
}
