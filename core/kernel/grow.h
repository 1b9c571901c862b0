/* grow: the one way the referee's byte buffers (the log's texts, the asked
 * moves' texts, the move record, compiled scripts) make room. */
#ifndef REFEREE_GROW_H
#define REFEREE_GROW_H

#include <stddef.h>

/* Makes *buf (of *size bytes) hold at least need bytes, doubling from
 * first, so appending n bytes costs O(n) over a buffer's life. Returns 0
 * when out of memory, leaving *buf and *size as they were. */
int grow_bytes(char **buf, size_t *size, size_t need, size_t first);

#endif
