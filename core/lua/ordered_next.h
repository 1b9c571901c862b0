/* ordered_next: pairs and next for scripts (rules and bots) in an order
 * that is the same in every process.
 *
 * Lua's own next visits a table in the order of its hash slots, which
 * depend on a per-process string hashing seed and on addresses: a bot or a
 * rule that picks by that order could play differently in two runs of the
 * same seed, and a resumed or merged tournament would mix different games.
 * Here keys come in a fixed order: numbers ascending, then strings by their
 * bytes, then false and true. A table may hold one key that is a table, a
 * function, a coroutine or a userdata (last); with two or more, whose order
 * no process can fix, pairs and next stop with an error that says so.
 *
 * pairs sorts the keys once and gives an iterator over them, each step a
 * few table reads. next(t, k) by hand keeps such a list beside the table
 * (weakly, until its traversal ends) and finds k's place in it when k is
 * not the key it gave last; next(t) alone is one scan for the least key.
 * As with Lua's next, a field may be cleared during a traversal (it is
 * skipped), and a field added during one may or may not be visited. */
#ifndef REFEREE_ORDERED_NEXT_H
#define REFEREE_ORDERED_NEXT_H

#include <lua.h>

/* Sets next and pairs of the table at idx (an environment) to the ones in
 * this order (one of each per state). */
void ordered_iteration_install(lua_State *L, int idx);

#endif
