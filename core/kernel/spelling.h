/* spelling: "did you mean" for a name mistyped (a game, a bot, an option,
 * a command): the known name a typed one is a slip of the finger from. */
#ifndef REFEREE_SPELLING_H
#define REFEREE_SPELLING_H

/* The one of the n names nearest to typed, ignoring case, when it is near
 * enough to be what was meant: at most one slip (a letter added, dropped
 * or changed, or two letters swapped) in a name of up to 5 letters, two up
 * to 8, three beyond. NULL when none is, or when two are as near. */
const char *spelling_nearest(const char *typed, const char *const *names, int n);

#endif
