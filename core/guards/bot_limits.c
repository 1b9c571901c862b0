#include "bot_limits.h"

#include <lauxlib.h>
#include <string.h>

/* A bot's budget counts Lua instructions and the watchdog's hook stops it
 * between them, but some standard functions can loop in C for as long as
 * their arguments say, without a single instruction: for them the hook
 * never comes. A bot gets them with their work bounded first. */

/* Elements a table function may walk: about what a bot's memory holds. */
#define TABLE_SPAN (1 << 24)

/* ---- patterns ----
 * Lua's pattern matcher backtracks in C, where neither a bot's instruction
 * budget nor the watchdog's hook can stop it: string.find(("a"):rep(5000),
 * ("a*"):rep(20) .. "b") would run for ages inside one call. So a bot's
 * find, match, gmatch and gsub first bound the matcher's work from the
 * pattern's shape and the subject's length, and refuse what could exceed
 * PATTERN_STEPS. The bound follows lstrlib.c's matcher: every start
 * position; at each repetition item (*, + and -) up to n + 1 choices, each
 * retrying the rest of the pattern; two at each ?; a balance (%b) or a
 * back-reference (%1) scans up to n bytes. Each try walks the pattern, and
 * a greedy item (* or +) first counts how far it reaches. */
#define PATTERN_STEPS 100000000
/* The bytes a plain string.find may compare (about a tenth of a second). */
#define PLAIN_FIND_BYTES 1e9

/* Where the single-character class starting at p[i] ends (lstrlib's
 * classEnd), or lp for a malformed pattern, which Lua itself refuses. */
static size_t class_end(const char *p, size_t lp, size_t i)
{
    if (p[i] == '%')
        return i + 2 <= lp ? i + 2 : lp;
    if (p[i] != '[')
        return i + 1;
    size_t j = i + 1;
    if (j < lp && p[j] == '^')
        j++;
    do { /* the first character is in the set even if it is ']' */
        if (j >= lp)
            return lp;
        if (p[j++] == '%' && j < lp)
            j++;
    } while (j < lp && p[j] != ']');
    return j < lp ? j + 1 : lp;
}

/* An upper bound on the matcher's steps for pattern p on n bytes. */
static double pattern_steps(const char *p, size_t lp, size_t n, int may_anchor)
{
    double choices = 1, span = (double)n + 1, per_try = (double)lp + 1;
    size_t i = 0;
    int anchored = may_anchor && lp > 0 && p[0] == '^';
    if (anchored)
        i = 1;
    while (i < lp) {
        char c = p[i];
        if (c == '(' || c == ')') {
            i++;
            continue;
        }
        if (c == '%' && i + 1 < lp) {
            char d = p[i + 1];
            if (d == 'b') { /* %bxy */
                choices *= span;
                i += 4;
                continue;
            }
            if (d == 'f') { /* %f[set]: one test */
                i = i + 2 < lp ? class_end(p, lp, i + 2) : lp;
                continue;
            }
            if (d >= '0' && d <= '9') {
                choices *= span;
                i += 2;
                continue;
            }
        }
        size_t end = class_end(p, lp, i);
        char q = end < lp ? p[end] : '\0';
        if (q == '*' || q == '+' || q == '-') {
            choices *= span;
            if (q != '-')
                per_try += span; /* max_expand counts how far the item reaches */
            end++;
        } else if (q == '?') {
            choices *= 2;
            end++;
        }
        i = end;
    }
    return (anchored ? 1 : span) * choices * per_try;
}

/* Calls the standard function (upvalue 1) with this call's arguments: in
 * this call's own frame, as a C function of the library reads only its
 * arguments (a lua_call cost more than most string.find calls). */
static int call_standard(lua_State *L)
{
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

/* find, match, gmatch and gsub. upvalue 2: the function's name. */
static int guarded_pattern(lua_State *L)
{
    size_t ls, lp;
    luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *name = lua_tostring(L, lua_upvalueindex(2));
    int plain = strcmp(name, "find") == 0 && lua_toboolean(L, 4);
    /* A plain find compares the pattern at every place of the subject:
     * up to ls * lp bytes, in C. */
    if (plain && (double)ls * (double)lp > PLAIN_FIND_BYTES)
        return luaL_error(L, "string.find: a plain search of %I bytes in %I could compare too "
                             "many bytes (at most %I): search a shorter string",
                          (lua_Integer)lp, (lua_Integer)ls, (lua_Integer)PLAIN_FIND_BYTES);
    /* gmatch never anchors: it tries every start position. */
    int may_anchor = strcmp(name, "gmatch") != 0;
    if (!plain && pattern_steps(p, lp, ls, may_anchor) > PATTERN_STEPS)
        return luaL_error(L, "string.%s: this pattern could backtrack too long on %d bytes "
                             "(a bot's patterns may take about %d steps): use fewer *, + "
                             "and - items, an anchor (^), or a shorter string",
                          name, (int)ls, PATTERN_STEPS);
    return call_standard(L);
}

/* ---- string.rep ----
 * Repeating an empty string (with an empty separator) loops n times in C
 * and allocates nothing, so no memory cap stops it; the answer is "". */
static int guarded_rep(lua_State *L)
{
    size_t l, lsep;
    luaL_checklstring(L, 1, &l);
    luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    return call_standard(L);
}

/* ---- table.move, insert and remove ----
 * Each walks a range of the table that its arguments (or a __len) set,
 * touching nothing that allocates. */
static int refuse_span(lua_State *L, const char *name, lua_Integer span)
{
    return luaL_error(L, "table.%s: %I elements is too many to walk (a bot's table functions "
                         "take at most %d)", name, span, TABLE_SPAN);
}

static int guarded_move(lua_State *L)
{
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
    /* A range whose size overflows is the standard function's error. */
    if (e >= f && (f > 0 || e < LUA_MAXINTEGER + f) && e - f >= TABLE_SPAN)
        return refuse_span(L, "move", e - f + 1);
    return call_standard(L);
}

/* insert(t, pos, v) and remove(t, pos) shift the elements from pos to the
 * length, which a __len can make anything. */
static int guarded_shift(lua_State *L)
{
    const char *name = lua_tostring(L, lua_upvalueindex(2));
    int shifts = lua_gettop(L) == (strcmp(name, "insert") == 0 ? 3 : 2);
    if (shifts && lua_type(L, 1) == LUA_TTABLE && lua_isinteger(L, 2)) {
        lua_Integer n = luaL_len(L, 1), pos = lua_tointeger(L, 2);
        /* (a position far outside 1..n is the standard function's error) */
        if (pos > -TABLE_SPAN && pos < LUA_MAXINTEGER - TABLE_SPAN && n > pos + TABLE_SPAN)
            return refuse_span(L, name, n - pos);
    }
    return call_standard(L);
}

/* Replaces table[name] with fn, which gets the standard one and the name
 * as upvalues. The table is at the top of the stack. */
static void guard(lua_State *L, const char *name, lua_CFunction fn)
{
    lua_getfield(L, -1, name);
    lua_pushstring(L, name);
    lua_pushcclosure(L, fn, 2);
    lua_setfield(L, -2, name);
}

void limit_c_work_in(lua_State *L, int string_lib, int table_lib)
{
    /* A guard calls the function it holds in its own frame, which must be
     * the standard one: a guarded one would read the outer's upvalues. */
    if (string_lib) {
        lua_pushvalue(L, string_lib);
        guard(L, "find", guarded_pattern);
        guard(L, "match", guarded_pattern);
        guard(L, "gmatch", guarded_pattern);
        guard(L, "gsub", guarded_pattern);
        guard(L, "rep", guarded_rep);
        lua_pop(L, 1);
    }
    if (table_lib) {
        lua_pushvalue(L, table_lib);
        guard(L, "move", guarded_move);
        guard(L, "insert", guarded_shift);
        guard(L, "remove", guarded_shift);
        lua_pop(L, 1);
    }
}

void bot_limit_c_work(lua_State *L)
{
    lua_getglobal(L, "string");
    lua_getglobal(L, "table");
    limit_c_work_in(L, lua_gettop(L) - 1, lua_gettop(L));
    lua_pop(L, 2);
}

static const char GUARDED_STRINGS_KEY = 'g', HOST_STRINGS_KEY = 'h';

void limit_strings_for_host(lua_State *L, int idx)
{
    lua_pushvalue(L, idx);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &GUARDED_STRINGS_KEY);
    /* The slot the host's __index is kept in exists from now on, so that
     * keeping it there allocates nothing. */
    lua_pushboolean(L, 0);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &HOST_STRINGS_KEY);
}

/* Pushes the strings' metatable; 0 (nothing pushed) when there is none. */
static int push_strings_metatable(lua_State *L)
{
    lua_pushliteral(L, "");
    int has = lua_getmetatable(L, -1);
    lua_remove(L, has ? -2 : -1);
    return has;
}

int limit_strings_enter(lua_State *L)
{
    if (!lua_checkstack(L, 4))
        return 0;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &GUARDED_STRINGS_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        return 0;
    }
    if (!push_strings_metatable(L)) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pushliteral(L, "__index"); /* stack: guarded, mt, "__index" */
    lua_pushvalue(L, -1);
    lua_rawget(L, -3);
    if (lua_rawequal(L, -1, -4)) { /* a rules call within one: guarded already */
        lua_pop(L, 4);
        return 0;
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &HOST_STRINGS_KEY);
    lua_pushvalue(L, -3);
    lua_rawset(L, -3);
    lua_pop(L, 2);
    return 1;
}

void limit_strings_leave(lua_State *L, int entered)
{
    if (!entered || !push_strings_metatable(L))
        return;
    lua_pushliteral(L, "__index");
    lua_rawgetp(L, LUA_REGISTRYINDEX, &HOST_STRINGS_KEY);
    lua_rawset(L, -3);
    lua_pushboolean(L, 0);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &HOST_STRINGS_KEY);
    lua_pop(L, 1);
}

/* setmetatable, refusing a metatable with __gc. Lua runs finalizers with
 * hooks off, so a script's __gc would run outside every limit: in a
 * collection anywhere, or when the state closes after the game (a
 * finalizer that spins there hangs the process, its output unflushed).
 * A metatable given __gc later marks nothing (the manual, 2.5.3).
 * upvalue: the standard setmetatable */
static int guarded_setmetatable(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "setmetatable: a script may not set __gc (finalizers run "
                                 "outside its limits); free what it holds by dropping references");
        lua_pop(L, 1);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

void push_guarded_setmetatable(lua_State *L)
{
    lua_getglobal(L, "setmetatable");
    lua_pushcclosure(L, guarded_setmetatable, 1);
}
