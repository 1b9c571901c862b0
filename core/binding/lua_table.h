/* The table as Lua sees it: the rules' t, a plain table holding the
 * rules' own variables (t.vars) and the seat count, whose metatable
 * ("referee.Table") gives the methods; the kernel's table is a userdata
 * kept in it under a key no script uses. */
#ifndef REFEREE_LUA_TABLE_H
#define REFEREE_LUA_TABLE_H

#include <lauxlib.h>
#include <lua.h>
#include <stddef.h>
#include "../kernel/table.h"
#include "../lua/lua_alloc.h"

#define TABLE_MT "referee.Table"

/* Pushes a new table owning t (freed by the collector) with empty vars,
 * made with room for LTABLE_VARS_ROOM of them (rules keep a dozen or
 * two: a table grown key by key is made again at each doubling). */
#define LTABLE_VARS_ROOM 32
void ltable_push(lua_State *L, Table *t);
/* The same with the vars on top of the stack (popped). */
void ltable_push_with_vars(lua_State *L, Table *t);
Table *ltable_check(lua_State *L, int idx);
/* The table whose rules are running in a Lua state: the Lua table its
 * rules hold (known by identity), the kernel's table behind it, and its
 * owner (the referee's game). One per state, kept where every method of
 * the table finds it for nothing: as their upvalue. A game sets it when
 * its rules are called and sets back what was there when the call ends (a
 * call nested in another sets back the outer one's). No process global:
 * states are independent, as DESIGN asks. */
typedef struct LTableBinding {
    const void *lua_table;
    Table *t;
    void *owner;
} LTableBinding;
/* The binding of the state L (made with the table's metatable, if not yet;
 * lives as long as L). */
LTableBinding *ltable_binding(lua_State *L);
/* Pushes fn as a C closure that finds the state's binding with
 * ltable_bound: for functions of the rules other than the table's methods
 * (math.random). */
void ltable_push_bound_function(lua_State *L, lua_CFunction fn);
/* The binding of the running C function, one of the table's methods or a
 * function pushed by ltable_push_bound_function; NULL in any other. */
LTableBinding *ltable_bound(lua_State *L);
/* The userdata holding a state's binding, marked as the referee's. */
typedef struct LTableBindingCell {
    uint64_t mark;
    LTableBinding b;
} LTableBindingCell;
/* ltable_check(L, 1) for the table's methods alone, whose first upvalue is
 * always the state's binding (luaopen_referee_table registers them so, and
 * nothing else does): the binding is read without being checked. Inline:
 * it is the one cost every method call of every rules script pays. */
static inline Table *ltable_self(lua_State *L)
{
    /* In a state of the referee's own the cell is found through the
     * state's allocator count (a read, where the upvalue took an API call
     * of some 35 instructions); in another (a host's, a search bot's),
     * through the upvalue. */
    void *ud;
    const LTableBindingCell *c = lua_getallocf(L, &ud) == lua_alloc_block
                                     ? ((const LuaAllocCount *)ud)->binding
                                     : lua_touserdata(L, lua_upvalueindex(1));
    if (c && c->b.lua_table && lua_topointer(L, 1) == c->b.lua_table)
        return c->b.t;
    return ltable_check(L, 1);
}
/* Gives the table at idx a chance script (a copy of the table at
 * script_idx): {shuffles = {{"AS", "KD", ...}, ...}, rolls = {3, 5, ...},
 * randoms = {2, ...}}, outcomes the next shuffles (cards on top, topmost
 * first), rolls and random numbers take instead of the chance source's. */
void ltable_set_script(lua_State *L, int idx, int script_idx);
int lt_next_prescribed(lua_State *L, int idx, const char *kind);
/* A number in lo..hi from the chance source (or the chance script's next
 * "randoms" entry), for the table at idx. */
lua_Integer lt_random_between(lua_State *L, int idx, lua_Integer lo, lua_Integer hi);
/* The save text of the table at idx, vars included (malloc'd), or NULL with
 * the reason in err. */
char *ltable_save(lua_State *L, int idx, char *err, size_t errsize);
/* Pushes the view of `seat` (0: a spectator) of the table at idx. */
void ltable_push_view(lua_State *L, int idx, int seat);
int luaopen_referee_table(lua_State *L);

/* Argument checks shared by the parts of the binding: each returns the
 * zone, card, seat, die or account the argument names, or raises a "bad
 * argument" error that says what was expected. */
int lt_check_zone(lua_State *L, Table *t, int arg);
int lt_check_card(lua_State *L, Table *t, int arg);
int lt_check_seat(lua_State *L, Table *t, int arg);
int lt_check_die(lua_State *L, Table *t, int arg);
int lt_check_account(lua_State *L, Table *t, int arg);
/* An integer argument from lo to hi (both within int), never cut to fit:
 * 2^32 + 1 is refused, not taken for 1. */
int lt_check_int(lua_State *L, int arg, lua_Integer lo, lua_Integer hi);
int lt_opt_int(lua_State *L, int arg, lua_Integer lo, lua_Integer hi, int dflt);
/* A seat, a list of seats, or "all", as a seat mask. */
uint32_t lt_check_seats(lua_State *L, Table *t, int arg);
/* Returns nil and msg: an expected failure. */
/* The text at arg, which must be UTF-8 (a note, a reason: they go into
 * saves and records, which are JSON). */
const char *lt_check_text(lua_State *L, int arg);
int lt_fail(lua_State *L, const char *msg);

/* The methods of each part, gathered into one table by luaopen_referee_table. */
extern const luaL_Reg lua_ask_methods[];
/* moves(list): a fixed list of moves packed for t:ask (a rules global). */
int lask_moves(lua_State *L);
/* event_fields(name, field, ...): an event fixed once for t:event (a rules global). */
int levent_fields(lua_State *L);
/* seat_names(prefix): each seat's zone or account name (a rules global). */
int lseat_names(lua_State *L);
/* card_face(name): a standard card's rank and suit (a rules and bots global). */
int lcard_face(lua_State *L);
extern const luaL_Reg lua_cards_methods[];
extern const luaL_Reg lua_dice_methods[];
extern const luaL_Reg lua_seats_methods[];
extern const luaL_Reg lua_ledger_methods[];
extern const luaL_Reg lua_event_methods[];

#endif
