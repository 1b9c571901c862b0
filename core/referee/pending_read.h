/* pending_read: the decision a rules script's pending(t) returns, read
 * into a Pending. */
#ifndef REFEREE_PENDING_READ_H
#define REFEREE_PENDING_READ_H

#include <stdlib.h>
#include "game.h"

/* Reads the pending table at idx (of a game of nseats seats) into p, whose
 * texts then point into it: NULL, or why the table is malformed. */
const char *pending_read(lua_State *L, int idx, int nseats, Pending *p);

/* Appends one move text to p; 0 when out of memory. Inline: rules that ask
 * add every legal move of every decision through it. */
static inline int pending_add_text(Pending *p, const char *s)
{
    if (p->ntexts == p->cap) {
        int cap = p->cap ? p->cap * 2 : 64;
        const char **texts = realloc(p->texts, sizeof(char *) * (size_t)cap);
        if (!texts)
            return 0;
        p->texts = texts;
        p->cap = cap;
    }
    p->texts[p->ntexts++] = s;
    return 1;
}

#endif
