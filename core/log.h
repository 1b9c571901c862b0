/* log: every decision, chance event, card move, reveal, transfer and note of
 * a table, in order. Entries are small fixed records; text is rendered when
 * somebody reads the log, not on the hot path. */
#ifndef REFEREE_LOG_H
#define REFEREE_LOG_H

#include <stdint.h>

typedef enum LogKind {
    LOG_DECISION = 0, /* seat, text = the move, n = 1 if only the seat knows it */
    LOG_SHUFFLE,      /* a = zone, text = the resulting order, bottom first */
    LOG_MOVE,         /* a = card, b = from zone, c = to zone */
    LOG_REVEAL,       /* a = card, n = seat mask */
    LOG_ROLL,         /* a = die, b = value */
    LOG_DIE_SET,      /* a = die, b = value */
    LOG_DIE_REVEAL,   /* a = die, n = seat mask */
    LOG_TRANSFER,     /* a = journal index */
    LOG_NOTE,         /* seat (0 for all), text: an announcement of the rules */
    LOG_ELIMINATE,    /* a = seat */
    LOG_KIND_COUNT
} LogKind;

typedef struct LogEntry {
    uint8_t kind;
    int8_t seat;
    int16_t a, b, c;
    int64_t n;
    char *text; /* owned, may be NULL */
} LogEntry;

typedef struct Log {
    LogEntry *e;
    int n, cap;
} Log;

void log_init(Log *g);
void log_free(Log *g);
int log_copy(Log *dst, const Log *src);
/* Returns 0 when out of memory. text is copied. */
int log_add(Log *g, LogKind kind, int seat, int a, int b, int c, int64_t n, const char *text);
const char *log_kind_name(LogKind k);

#endif
