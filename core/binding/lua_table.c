/* The rules' t: a plain Lua table {vars = ..., nseats = n} whose methods
 * come from its metatable (below): t.vars, views, clones, saves, the log
 * and the chance source; the methods of cards, dice, seats, the ledger
 * and events live in lua_cards.c, lua_dice.c, lua_seats.c, lua_ledger.c
 * and lua_event.c. A
 * caller's mistake raises the standard "bad argument" error; an expected
 * failure (an empty stock, insufficient credits) returns nil and a message. */
#include "lua_table.h"

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "../lua/lua_copy.h"
#include "../lua/lua_json.h"
#include "lua_view.h"
#include "../kernel/strfmt.h"
#include "../kernel/table_json.h"

/* The mark lets ltable_check skip luaL_checkudata's registry lookup on
 * every method call (the hot path of every rules script). */
#define LTABLE_MARK 0x726566657265654cULL

typedef struct LTable {
    uint64_t mark;
    Table *t;
} LTable;

/* What a rules script holds is a plain Lua table {vars = ..., nseats = n}
 * whose metatable gives the methods; the kernel's table is a userdata kept
 * in it under a private key. Plain fields make t.vars and every method
 * lookup a table access instead of a call of an __index function, a third
 * of all the calls a rules script made. */
/* The key is the integer 0: outside the array part, so no ipairs or # sees
 * it, and an integer key is found faster than a light userdata one. */
#define DATA_KEY 0
#define DATA_MT "referee.TableData"

void ltable_push(lua_State *L, Table *t)
{
    lua_createtable(L, 0, LTABLE_VARS_ROOM);
    ltable_push_with_vars(L, t);
}

void ltable_push_with_vars(lua_State *L, Table *t)
{
    lua_createtable(L, 0, 3);
    LTable *lt = lua_newuserdatauv(L, sizeof *lt, 1);
    lt->mark = LTABLE_MARK;
    lt->t = t;
    luaL_setmetatable(L, DATA_MT);
    lua_rawseti(L, -2, DATA_KEY);
    lua_rotate(L, -2, 1); /* the vars given, above the table */
    lua_setfield(L, -2, "vars");
    lua_pushinteger(L, t->seats.n);
    lua_setfield(L, -2, "nseats");
    if (t->zones.physical) {
        /* A real deck (--table cards): rules whose moves hang on what a
         * hidden hand holds have people name the cards instead. */
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "real_deck");
    }
    luaL_setmetatable(L, TABLE_MT);
}

/* Pushes the userdata behind the table at idx (checked by ltable_check). */
static void push_data(lua_State *L, int idx)
{
    lua_rawgeti(L, idx, DATA_KEY);
}

/* The chance script: prescribed outcomes for the next shuffles and rolls,
 * kept in the table's second uservalue as {shuffles = {...}, rolls = {...}}
 * with cursors. Pushes the next entry of kind and returns 1, or returns 0. */
int lt_next_prescribed(lua_State *L, int idx, const char *kind)
{
    idx = lua_absindex(L, idx);
    push_data(L, idx);
    if (lua_getiuservalue(L, -1, 1) != LUA_TTABLE) {
        lua_pop(L, 2); /* no script, as in every game but a test's: no stack shuffle */
        return 0;
    }
    lua_remove(L, -2);
    int script = lua_gettop(L);
    char cursor[32];
    snprintf(cursor, sizeof cursor, "next_%s", kind);
    lua_getfield(L, script, cursor);
    lua_Integer next = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 1;
    lua_pop(L, 1);
    if (lua_getfield(L, script, kind) != LUA_TTABLE || lua_rawgeti(L, -1, next) == LUA_TNIL) {
        lua_settop(L, script - 1);
        return 0;
    }
    lua_pushinteger(L, next + 1);
    lua_setfield(L, script, cursor);
    lua_replace(L, script); /* stack: ..., entry */
    lua_settop(L, script);
    return 1;
}

void ltable_set_script(lua_State *L, int idx, int script_idx)
{
    idx = lua_absindex(L, idx);
    lcopy(L, script_idx);
    push_data(L, idx);
    lua_insert(L, -2);
    lua_setiuservalue(L, -2, 1);
    lua_pop(L, 1);
}

/* Every method call of a rules script checks its table: while its game's
 * rules run, that table is known by its address (the game keeps it alive),
 * one comparison instead of five Lua API calls (175 instructions a call).
 * The binding is a userdata of the state, the first upvalue of every method,
 * known by its size and mark (another closure's first upvalue may be a
 * userdata too); the game writes it in place around each rules call. */
#define BINDING_MARK 0x72656662696e6447ULL

static const char BINDING_KEY = 'b';

/* Pushes the state's binding cell, made on first use (in the registry). */
static LTableBindingCell *push_binding_cell(lua_State *L)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &BINDING_KEY) == LUA_TUSERDATA)
        return lua_touserdata(L, -1);
    lua_pop(L, 1);
    LTableBindingCell *c = lua_newuserdatauv(L, sizeof *c, 0);
    memset(c, 0, sizeof *c);
    c->mark = BINDING_MARK;
    LuaAllocCount *count = lua_alloc_count(L);
    if (count)
        count->binding = c; /* for ltable_self; the registry keeps c as long as the state */
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &BINDING_KEY);
    return c;
}

LTableBinding *ltable_binding(lua_State *L)
{
    /* Once the metatable is made, the cell is there: one lookup a game. */
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &BINDING_KEY) != LUA_TUSERDATA) {
        lua_pop(L, 1);
        luaopen_referee_table(L); /* the metatable and its methods */
        lua_pop(L, 1);
        push_binding_cell(L);
    }
    LTableBindingCell *c = lua_touserdata(L, -1);
    lua_pop(L, 1); /* the registry keeps it */
    return &c->b;
}

void ltable_push_bound_function(lua_State *L, lua_CFunction fn)
{
    push_binding_cell(L);
    lua_pushcclosure(L, fn, 1);
}

LTableBinding *ltable_bound(lua_State *L)
{
    LTableBindingCell *c = lua_touserdata(L, lua_upvalueindex(1));
    if (c && lua_rawlen(L, lua_upvalueindex(1)) == sizeof *c && c->mark == BINDING_MARK)
        return &c->b;
    return NULL;
}

Table *ltable_check(lua_State *L, int idx)
{
    LTableBinding *bound = ltable_bound(L);
    if (bound && bound->lua_table && lua_topointer(L, idx) == bound->lua_table)
        return bound->t;
    /* A script may rawset anything into its table, so the userdata found
     * there is checked too: scripts cannot make userdata, so one of this
     * size carrying the mark is ours. */
    if (lua_type(L, idx) == LUA_TTABLE) {
        lua_rawgeti(L, idx, DATA_KEY);
        LTable *lt = lua_touserdata(L, -1);
        int ours = lt && lua_rawlen(L, -1) == sizeof *lt && lt->mark == LTABLE_MARK && lt->t;
        lua_pop(L, 1);
        if (ours)
            return lt->t;
    }
    luaL_typeerror(L, idx, TABLE_MT);
    return NULL;
}

static int table_gc(lua_State *L)
{
    LTable *lt = luaL_checkudata(L, 1, DATA_MT);
    table_free(lt->t);
    lt->t = NULL;
    return 0;
}


int lt_check_zone(lua_State *L, Table *t, int arg)
{
    if (lua_type(L, arg) == LUA_TNUMBER) {
        lua_Integer z = luaL_checkinteger(L, arg);
        luaL_argcheck(L, z >= 1 && z <= t->zones.n, arg, "no zone of that number");
        return (int)z;
    }
    const char *name = luaL_checkstring(L, arg);
    int z = zones_find(&t->zones, name);
    if (!z)
        luaL_argerror(L, arg, lua_pushfstring(L, "no zone named '%s'", name));
    return z;
}

int lt_check_card(lua_State *L, Table *t, int arg)
{
    if (lua_type(L, arg) == LUA_TSTRING) {
        int c = deck_find(&t->deck, lua_tostring(L, arg));
        if (!c)
            luaL_argerror(L, arg, lua_pushfstring(L, "no card named '%s'", lua_tostring(L, arg)));
        return c;
    }
    lua_Integer c = luaL_checkinteger(L, arg);
    luaL_argcheck(L, c >= 1 && c <= t->deck.n, arg, "no card of that number");
    return (int)c;
}

int lt_check_seat(lua_State *L, Table *t, int arg)
{
    lua_Integer s = luaL_checkinteger(L, arg);
    if (s < 1 || s > t->seats.n)
        luaL_argerror(L, arg, lua_pushfstring(L, "seat must be from 1 to %d", t->seats.n));
    return (int)s;
}

int lt_check_die(lua_State *L, Table *t, int arg)
{
    lua_Integer d = luaL_checkinteger(L, arg);
    if (d < 1 || d > t->dice.n)
        luaL_argerror(L, arg, lua_pushfstring(L, "die must be from 1 to %d", t->dice.n));
    return (int)d;
}

int lt_check_int(lua_State *L, int arg, lua_Integer lo, lua_Integer hi)
{
    lua_Integer n = luaL_checkinteger(L, arg);
    if (n < lo || n > hi)
        luaL_argerror(L, arg, lua_pushfstring(L, "expected an integer from %I to %I, got %I",
                                              lo, hi, n));
    return (int)n;
}

int lt_opt_int(lua_State *L, int arg, lua_Integer lo, lua_Integer hi, int dflt)
{
    return lua_isnoneornil(L, arg) ? dflt : lt_check_int(L, arg, lo, hi);
}

/* An account: the number t:account gave, which rules keep in a local and
 * which is found without comparing names, or its name. */
int lt_check_account(lua_State *L, Table *t, int arg)
{
    if (lua_type(L, arg) == LUA_TNUMBER) {
        lua_Integer a = luaL_checkinteger(L, arg);
        luaL_argcheck(L, a >= 1 && a <= t->ledger.n, arg,
                      "no account of that number (t:account gives it)");
        return (int)a;
    }
    const char *name = luaL_checkstring(L, arg);
    int a = ledger_find(&t->ledger, name);
    if (!a)
        luaL_argerror(L, arg, lua_pushfstring(L, "no account named '%s'", name));
    return a;
}

/* A seat, "all", or a list of seats. */
uint32_t lt_check_seats(lua_State *L, Table *t, int arg)
{
    if (lua_type(L, arg) == LUA_TSTRING && strcmp(lua_tostring(L, arg), "all") == 0)
        return ALL_SEATS;
    if (lua_type(L, arg) == LUA_TTABLE) {
        uint32_t mask = 0;
        lua_Integer n = luaL_len(L, arg);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, arg, i);
            lua_Integer s = lua_tointeger(L, -1);
            lua_pop(L, 1);
            if (s < 1 || s > t->seats.n)
                luaL_argerror(L, arg, "expected a list of seat numbers");
            mask |= 1u << s;
        }
        return mask;
    }
    if (lua_type(L, arg) != LUA_TNUMBER)
        luaL_typeerror(L, arg, "seat, list of seats or \"all\"");
    return 1u << lt_check_seat(L, t, arg);
}

/* What a text that is not UTF-8 is told: saves and records are JSON. */
#define NOT_UTF8 "not UTF-8 text (is the rules script saved as UTF-8?)"

const char *lt_check_text(lua_State *L, int arg)
{
    size_t len;
    const char *text = luaL_checklstring(L, arg, &len);
    if (!strfmt_utf8(text, len))
        luaL_argerror(L, arg, NOT_UTF8);
    return text;
}

int lt_fail(lua_State *L, const char *msg)
{
    luaL_pushfail(L);
    lua_pushstring(L, msg);
    return 2;
}


/* t:note(text [, seat]): an announcement for everyone (or one seat). */
static int t_note(lua_State *L)
{
    Table *t = ltable_self(L);
    const char *text = lt_check_text(L, 2);
    int seat = lua_isnoneornil(L, 3) ? 0 : lt_check_seat(L, t, 3);
    table_note(t, seat, text);
    return 0;
}

/* A note as t:notef writes it: in a C array while it fits (nearly every
 * note does), in a Lua buffer past that. The Lua buffer's calls were a
 * quarter of a note's cost. */
typedef struct NoteText {
    char text[512];
    size_t len;
    luaL_Buffer *big; /* NULL while the note fits in text */
    luaL_Buffer b;
} NoteText;

static void note_spill(lua_State *L, NoteText *n, const char *s, size_t len)
{
    if (!n->big) {
        /* (pushed above the arguments, which are read by their index) */
        n->big = &n->b;
        luaL_buffinit(L, n->big);
        luaL_addlstring(n->big, n->text, n->len);
    }
    luaL_addlstring(n->big, s, len);
}

static inline void note_put(lua_State *L, NoteText *n, const char *s, size_t len)
{
    if (!n->big && len < sizeof n->text - n->len) {
        memcpy(n->text + n->len, s, len);
        n->len += len;
    } else {
        note_spill(L, n, s, len);
    }
}

/* t:notef(format, ...): an announcement for everyone, formatted by the
 * kernel: %d an integer, %s a text or number, %% a percent sign. Notes are
 * made on many moves; string.format and a Lua string for each cost several
 * times more than this. */
static int t_notef(lua_State *L)
{
    Table *t = ltable_self(L);
    const char *format = luaL_checkstring(L, 2);
    int arg = 2, last = lua_gettop(L);
    NoteText n;
    n.len = 0;
    n.big = NULL;
    for (const char *p = format; *p; p++) {
        const char *pct = strchr(p, '%');
        if (!pct) {
            note_put(L, &n, p, strlen(p));
            break;
        }
        note_put(L, &n, p, (size_t)(pct - p));
        p = pct + 1;
        if (*p == '%') {
            note_put(L, &n, "%", 1);
        } else if (*p != 'd' && *p != 's') {
            return luaL_argerror(L, 2, lua_pushfstring(L, "'%%%c' is not a note format: use %%d "
                                                          "(an integer), %%s (a text) or %%%% (a "
                                                          "percent sign)", *p ? *p : ' '));
        } else if (++arg > last) {
            return luaL_argerror(L, arg, lua_pushfstring(L, "no value for format %d: one value "
                                                            "per %%d or %%s", arg - 2));
        } else if (*p == 'd') {
            char digits[STRFMT_INT_SIZE];
            note_put(L, &n, digits, strfmt_int(digits, (long long)luaL_checkinteger(L, arg)));
        } else {
            size_t len;
            const char *s = luaL_checklstring(L, arg, &len);
            note_put(L, &n, s, len);
        }
    }
    if (arg < last)
        return luaL_argerror(L, arg + 1, lua_pushfstring(L, "%d value(s) given for %d format(s): "
                                                            "one value per %%d or %%s",
                                                         last - 2, arg - 2));
    const char *text = n.big ? luaL_buffaddr(n.big) : n.text;
    if (!strfmt_utf8(text, n.big ? luaL_bufflen(n.big) : n.len))
        return luaL_error(L, "t:notef: the note is " NOT_UTF8);
    if (n.big) {
        luaL_addchar(n.big, '\0');
        text = luaL_buffaddr(n.big);
    } else {
        n.text[n.len] = '\0';
    }
    table_note(t, 0, text);
    return 0;
}

/* t:random(n) -> 1..n, t:random(m, n) -> m..n: from the chance source. */
static int t_random(lua_State *L)
{
    ltable_self(L);
    lua_Integer lo = 1, hi;
    if (lua_isnoneornil(L, 3)) {
        hi = luaL_checkinteger(L, 2);
    } else {
        lo = luaL_checkinteger(L, 2);
        hi = luaL_checkinteger(L, 3);
    }
    luaL_argcheck(L, lo <= hi && (lua_Unsigned)hi - (lua_Unsigned)lo < 0x7fffffff, 2,
                  "interval is empty or too large"); /* unsigned: hi - lo may overflow */
    lua_pushinteger(L, lt_random_between(L, 1, lo, hi));
    return 1;
}

lua_Integer lt_random_between(lua_State *L, int idx, lua_Integer lo, lua_Integer hi)
{
    Table *t = ltable_check(L, idx);
    if (lt_next_prescribed(L, idx, "randoms")) {
        lua_Integer v = lua_tointeger(L, -1);
        lua_pop(L, 1);
        if (v < lo || v > hi)
            luaL_error(L, "a prescribed random number %I is outside %I..%I", v, lo, hi);
        return v;
    }
    return lo + (lua_Integer)table_random(t, (uint32_t)(hi - lo + 1), "random");
}

/* The rules' variables are public by contract: hidden facts live in zones
 * and dice, whose visibility the kernel enforces in lview_push. */
void ltable_push_view(lua_State *L, int idx, int seat)
{
    idx = lua_absindex(L, idx);
    lview_push(L, ltable_check(L, idx), seat);
    lua_getfield(L, idx, "vars");
    lcopy(L, -1);
    lua_remove(L, -2);
    lua_setfield(L, -2, "vars");
}

/* t:view(seat) -> a fresh table of what seat may see (0: a spectator) */
static int t_view(lua_State *L)
{
    Table *t = ltable_self(L);
    lua_Integer seat = luaL_optinteger(L, 2, 0);
    luaL_argcheck(L, seat >= 0 && seat <= t->seats.n, 2, "seat out of range");
    ltable_push_view(L, 1, (int)seat);
    return 1;
}

/* t:clone() -> an independent copy, vars included */
static int t_clone(lua_State *L)
{
    Table *t = ltable_self(L);
    lua_getfield(L, 1, "vars");
    lcopy(L, -1);
    Table *c = table_clone(t);
    if (!c)
        return luaL_error(L, "out of memory");
    ltable_push_with_vars(L, c);
    return 1;
}

/* t:resample(seat, tag): reshuffle every card seat cannot see among the
 * places such cards hold, from a stream derived from the table's and tag.
 * Meant for a clone used in search. Returns how many cards took part. */
static int t_resample(lua_State *L)
{
    Table *t = ltable_self(L);
    int seat = lt_check_seat(L, t, 2);
    Rng r = rng_derive(&t->rng, (uint64_t)luaL_optinteger(L, 3, 0));
    lua_pushinteger(L, zones_resample(&t->zones, seat, &r));
    return 1;
}

char *ltable_save(lua_State *L, int idx, char *err, size_t errsize)
{
    Table *t = ltable_check(L, idx);
    lua_getfield(L, idx, "vars");
    char *vars = ljson_encode(L, -1, err, errsize);
    lua_pop(L, 1);
    if (!vars)
        return NULL;
    char *text = table_to_json(t, vars);
    free(vars);
    if (!text)
        snprintf(err, errsize, "out of memory");
    return text;
}

/* t:save() -> JSON text, or nil and why (vars that cannot be saved) */
static int t_save(lua_State *L)
{
    char err[200];
    ltable_self(L);
    char *text = ltable_save(L, 1, err, sizeof err);
    if (!text)
        return lt_fail(L, lua_pushfstring(L, "t.vars: %s", err));
    lua_pushstring(L, text);
    free(text);
    return 1;
}

/* t:hash() -> a 64-bit fingerprint of the whole table, vars included */
static int t_hash(lua_State *L)
{
    char err[200];
    ltable_self(L);
    char *text = ltable_save(L, 1, err, sizeof err);
    if (!text)
        return luaL_error(L, "t.vars: %s", err);
    lua_pushinteger(L, (lua_Integer)fnv1a64(text));
    free(text);
    return 1;
}

/* Log entry i's line for viewer that filled a line buffer: written again
 * in buffers twice as big until it fits, so a long note is read whole. */
static void push_long_line(lua_State *L, const Table *t, int i, int viewer)
{
    for (size_t size = 1024;; size *= 2) {
        luaL_Buffer b;
        char *line = luaL_buffinitsize(L, &b, size);
        table_log_line(t, i, viewer, line, size);
        size_t len = strlen(line);
        luaL_pushresultsize(&b, len);
        if (len < size - 1)
            return;
        lua_pop(L, 1);
    }
}

/* t:log_lines([from [, viewer]]) -> the log from entry `from` (1-based) as
 * text; with a viewer seat (0: a spectator), only what that seat may know;
 * the entry after the last (where the next call may start: some entries,
 * the records' events, have no line); and each line's kind, as records
 * name them ("note" for the rules' own words, "move", "decision", ...) */
static int t_log_lines(lua_State *L)
{
    Table *t = ltable_self(L);
    lua_Integer from = luaL_optinteger(L, 2, 1);
    lua_Integer viewer = luaL_optinteger(L, 3, -1);
    luaL_argcheck(L, viewer >= -1 && viewer <= t->seats.n, 3,
                  "the viewer is -1 (everything), 0 (a spectator) or a seat");
    int k = 0;
    lua_newtable(L);
    lua_newtable(L); /* the kinds */
    /* from may be any integer: lines before the first or after the last are none */
    for (lua_Integer i = from < 1 ? 1 : from; i <= t->log.n; i++) {
        char line[512];
        if (table_log_line(t, i - 1, (int)viewer, line, sizeof line)) {
            if (strlen(line) < sizeof line - 1)
                lua_pushstring(L, line);
            else
                push_long_line(L, t, (int)i - 1, (int)viewer);
            lua_rawseti(L, -3, ++k);
            lua_pushstring(L, log_kind_name((LogKind)t->log.e[i - 1].kind));
            lua_rawseti(L, -2, k);
        }
    }
    lua_pushinteger(L, (lua_Integer)t->log.n + 1);
    lua_insert(L, -2);
    return 3;
}

/* Sets the saved vars into the table at idx: 1, or 0 and why in err.
 * They must be a table that saves again (a list with a null in it, for
 * one, loads with a gap that t:save() refuses), so that a table that loads
 * saves to the same text. */
static int load_vars(lua_State *L, int idx, const char *vars_json, char *err, size_t errsize)
{
    if (strcmp(vars_json, "null") == 0)
        return 1; /* none saved: the empty vars stand */
    if (!ljson_decode(L, vars_json, err, errsize))
        return 0;
    if (!lua_istable(L, -1)) {
        snprintf(err, errsize, "\"vars\" is a %s, not the table of the rules' variables",
                 luaL_typename(L, -1));
        lua_pop(L, 1);
        return 0;
    }
    char *again = ljson_encode(L, -1, err, errsize);
    if (!again) {
        lua_pop(L, 1);
        return 0;
    }
    free(again);
    lua_setfield(L, idx, "vars");
    return 1;
}

/* referee.load_table(text) -> table, or nil and why */
static int load_table(lua_State *L)
{
    char err[300], *vars = NULL;
    Table *t = table_from_json(luaL_checkstring(L, 1), &vars, err, sizeof err);
    if (!t)
        return lt_fail(L, err);
    ltable_push(L, t);
    char why[200];
    int ok = load_vars(L, lua_gettop(L), vars, why, sizeof why);
    free(vars);
    if (!ok)
        return lt_fail(L, lua_pushfstring(L, "corrupt save: t.vars: %s", why));
    return 1;
}

/* referee.new_table(nseats, seed) -> an empty table, for tests and tools;
 * seed is a seed text or a number taken as its text (default "0"). */
static int new_table(lua_State *L)
{
    lua_Integer n = luaL_checkinteger(L, 1);
    luaL_argcheck(L, n >= 1 && n <= MAX_SEATS, 1, "seats must be from 1 to 16");
    const char *seed = luaL_optstring(L, 2, "0");
    luaL_argcheck(L, !seed_problem(seed), 2, seed_problem(seed));
    Table *t = table_new((int)n, seed);
    if (!t)
        return luaL_error(L, "out of memory");
    ltable_push(L, t);
    return 1;
}

static const luaL_Reg table_methods[] = {
    {"note", t_note},
    {"notef", t_notef},
    {"random", t_random},
    {"view", t_view},
    {"clone", t_clone},
    {"resample", t_resample},
    {"save", t_save},
    {"hash", t_hash},
    {"log_lines", t_log_lines},
    {NULL, NULL},
};

/* t.vars, t.nseats, then the methods. stack: t, key */
static int table_newindex(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TSTRING && strcmp(lua_tostring(L, 2), "vars") == 0 &&
        lua_type(L, 3) == LUA_TTABLE) {
        lua_settop(L, 3);
        lua_rawset(L, 1);
        return 0;
    }
    return luaL_error(L, "the table has no field '%s' to set: keep the rules' own "
                         "variables in t.vars", luaL_tolstring(L, 2, NULL));
}

static int table_tostring(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    lua_pushfstring(L, "referee.Table (%d seats, %d cards, %d zones)", t->seats.n, t->deck.n,
                    t->zones.n);
    return 1;
}

static const luaL_Reg table_module[] = {
    {"load_table", load_table},
    {"new_table", new_table},
    {"moves", lask_moves},
    {"event_fields", levent_fields},
    {"seat_names", lseat_names},
    {"card_face", lcard_face},
    {NULL, NULL},
};

int luaopen_referee_table(lua_State *L)
{
    if (luaL_newmetatable(L, TABLE_MT)) {
        /* One methods table, filled from each part's list. */
        const luaL_Reg *parts[] = {table_methods, lua_ask_methods, lua_cards_methods, lua_dice_methods,
                                   lua_seats_methods, lua_ledger_methods, lua_event_methods};
        lua_newtable(L);
        for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) {
            push_binding_cell(L); /* each method's upvalue */
            luaL_setfuncs(L, parts[i], 1);
        }
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, table_newindex);
        lua_setfield(L, -2, "__newindex");
        lua_pushcfunction(L, table_tostring);
        lua_setfield(L, -2, "__tostring");
        lua_pushliteral(L, "the table's metatable is the referee's");
        lua_setfield(L, -2, "__metatable");
    }
    lua_pop(L, 1);
    if (luaL_newmetatable(L, DATA_MT)) {
        lua_pushcfunction(L, table_gc);
        lua_setfield(L, -2, "__gc");
        /* A script that finds the data (rawget(t, 0)) must not reach its
         * __gc: called by hand, it would free the table under the game. */
        lua_pushliteral(L, "the table's data is the referee's");
        lua_setfield(L, -2, "__metatable");
    }
    lua_pop(L, 1);
    luaL_newlib(L, table_module);
    return 1;
}
