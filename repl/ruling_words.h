/* ruling_words: a table's ruling in the words the game keeps. */
#ifndef REFEREE_RULING_WORDS_H
#define REFEREE_RULING_WORDS_H

#include <stddef.h>
#include "../core/play/match.h"

/* rest: what follows 'ruling' as typed; out: "ruling ..." as the game
 * takes it (people's names and "seat 2" read as "seat2"). */
void ruling_words(const Match *m, const char *rest, char *out, size_t size);

#endif
