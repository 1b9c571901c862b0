/* log: every decision, chance event, card move, reveal, transfer and note of
 * a table, in order. Entries are small fixed records; text is rendered when
 * somebody reads the log, not on the hot path. */
#ifndef REFEREE_LOG_H
#define REFEREE_LOG_H

#include <stddef.h>
#include <stdint.h>

typedef enum LogKind {
    LOG_DECISION = 0, /* seat, text = the move, n = 1 if only the seat knows it */
    LOG_SHUFFLE,      /* a = zone, text = the resulting order, bottom first */
    LOG_MOVE,         /* a = card, b = from zone, c = to zone, n = log_move_n(bottom, known) */
    LOG_REVEAL,       /* a = card, b = the zone it lay in (0 in old saves), n = seat mask */
    LOG_ROLL,         /* a = die, b = value */
    LOG_DIE_SET,      /* a = die, b = value */
    LOG_DIE_REVEAL,   /* a = die, n = seat mask */
    LOG_TRANSFER,     /* a = journal index */
    LOG_NOTE,         /* seat (0 for all), text: an announcement of the rules */
    LOG_ELIMINATE,    /* a = seat */
    LOG_EVENT,        /* text: {"event": name, ...} in JSON: a step of the game, for records */
    LOG_KIND_COUNT
} LogKind;

typedef struct LogEntry {
    uint8_t kind;
    int8_t seat;
    int16_t b, c; /* zones, cards and die values: all below 256 */
    int32_t a;    /* also a journal index, which grows with the game */
    int64_t n;
    size_t text; /* where its text starts in the log's texts, plus 1; 0: none */
} LogEntry;

/* Texts (moves, notes, shuffled orders) go into one growing buffer rather
 * than a malloc each: most decisions log one, and a clone copies them in
 * one go. */
typedef struct Log {
    LogEntry *e;
    int n, cap;
    char *texts;
    size_t used, size;
} Log;

/* A card move's n: whether it went to the bottom, and the seats that knew
 * the card as it moved (a seat mask), so that a log line shows what its
 * viewer knew then, never what they learned later. */
static inline int64_t log_move_n(int bottom, uint32_t known)
{
    return (bottom ? 1 : 0) | (int64_t)known << 1;
}
static inline int log_move_bottom(const LogEntry *e)
{
    return (int)(e->n & 1);
}
static inline uint32_t log_move_known(const LogEntry *e)
{
    return (uint32_t)(e->n >> 1);
}

/* The entry's text, or NULL; valid until the next log_add. */
static inline const char *log_text(const Log *g, const LogEntry *e)
{
    return e->text ? g->texts + e->text - 1 : NULL;
}

void log_init(Log *g);
void log_free(Log *g);
int log_copy(Log *dst, const Log *src);
/* Returns 0 when out of memory. text is copied. */
int log_add(Log *g, LogKind kind, int seat, int a, int b, int c, int64_t n, const char *text);
const char *log_kind_name(LogKind k);

#endif
