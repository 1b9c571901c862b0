/* The table as Lua sees it: the rules' t, a plain table holding the
 * rules' own variables (t.vars) and the seat count, whose metatable
 * ("referee.Table") gives the methods; the kernel's table is a userdata
 * kept in it under a key no script uses. */
#ifndef REFEREE_LUA_TABLE_H
#define REFEREE_LUA_TABLE_H

#include <lauxlib.h>
#include <lua.h>
#include <stddef.h>
#include "../lua/plain_bytes.h"
#include "../kernel/table.h"

#define TABLE_MT "referee.Table"

/* Pushes a new table owning t (freed by the collector) with empty vars. */
void ltable_push(lua_State *L, Table *t);
Table *ltable_check(lua_State *L, int idx);
/* The table whose rules are running: the Lua table its rules hold (known
 * by identity) and the kernel's table behind it. */
typedef struct LTableBinding {
    const void *lua_table;
    Table *t;
} LTableBinding;
/* Binds b while a game's rules run: ltable_check then knows the game's own
 * table by identity, without a look inside it. Returns the binding it
 * replaces, to be set back when the call ends (a call nested in another
 * sets back the outer one's). */
LTableBinding ltable_bind(LTableBinding b);
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
extern const luaL_Reg lua_cards_methods[];
extern const luaL_Reg lua_dice_methods[];
extern const luaL_Reg lua_seats_methods[];
extern const luaL_Reg lua_ledger_methods[];

#endif
