#include "log.h"

#include <stdlib.h>
#include <string.h>
#include "grow.h"
#include "limits.h"

void log_init(Log *g)
{
    memset(g, 0, sizeof *g);
}

void log_free(Log *g)
{
    free(g->e);
    free(g->texts);
    log_init(g);
}

int log_copy(Log *dst, const Log *src)
{
    log_init(dst);
    if (!src->n)
        return 1;
    dst->e = malloc(sizeof(LogEntry) * (size_t)src->n);
    dst->texts = src->used ? malloc(src->used) : NULL;
    if (!dst->e || (src->used && !dst->texts)) {
        log_free(dst);
        return 0;
    }
    memcpy(dst->e, src->e, sizeof(LogEntry) * (size_t)src->n);
    if (src->used)
        memcpy(dst->texts, src->texts, src->used);
    dst->n = dst->cap = src->n;
    dst->used = dst->size = src->used;
    return 1;
}

/* Copies text into the texts buffer; its place plus 1, or 0 when out of
 * memory. */
static size_t add_text(Log *g, const char *text)
{
    size_t len = strlen(text) + 1;
    if (!grow_bytes(&g->texts, &g->size, g->used + len, 4096))
        return 0;
    memcpy(g->texts + g->used, text, len);
    g->used += len;
    return g->used - len + 1;
}

int log_add(Log *g, LogKind kind, int seat, int a, int b, int c, int64_t n, const char *text)
{
    if (g->n == g->cap) {
        if (g->cap > LOG_MAX_ENTRIES / 2)
            return 0; /* the count would overflow: refused like a failed allocation */
        int cap = g->cap ? g->cap * 2 : 256;
        LogEntry *e = realloc(g->e, sizeof(LogEntry) * (size_t)cap);
        if (!e)
            return 0;
        g->e = e;
        g->cap = cap;
    }
    size_t at = 0;
    if (text && !(at = add_text(g, text)))
        return 0;
    g->e[g->n++] = (LogEntry){.kind = (uint8_t)kind, .seat = (int8_t)seat, .a = a,
                              .b = (int16_t)b, .c = (int16_t)c, .n = n, .text = at};
    return 1;
}

static const char *KIND_NAMES[LOG_KIND_COUNT] = {
    "decision", "shuffle", "move", "reveal", "roll", "die_set",
    "die_reveal", "transfer", "note", "eliminate", "event",
};

const char *log_kind_name(LogKind k)
{
    return (unsigned)k < LOG_KIND_COUNT ? KIND_NAMES[k] : "?";
}
