#include "script.h"

#include <lauxlib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "../kernel/grow.h"
#include "../lua/lua_alloc.h"
#include "../lua/stable_ids.h"
#include "bot_limits.h"
#include "memory_cap.h"
#include "watchdog.h"

#define HOOK_EVERY 10000

/* Turns any error object into a message with a traceback. */
static int message_handler(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (!msg) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            msg = lua_tostring(L, -1);
        else
            msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

static const char BUDGET_KEY = 'b', BUDGET_SIZE_KEY = 's';

/* Counts down the budget, every HOOK_EVERY instructions. */
static void budget_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    script_charge(L, HOOK_EVERY);
}

long script_budget_left(lua_State *L)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &BUDGET_KEY);
    long left = (long)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return left;
}

void script_charge(lua_State *L, long instructions)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &BUDGET_KEY);
    lua_Integer left = lua_tointeger(L, -1) - instructions;
    lua_pop(L, 1);
    lua_pushinteger(L, left);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &BUDGET_KEY);
    if (left < 0) {
        /* From now on every instruction raises: a script that catches the
         * error with pcall meets it again at its very next step. */
        lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &BUDGET_SIZE_KEY);
        lua_Integer size = lua_tointeger(L, -1);
        lua_pop(L, 1);
        luaL_error(L, "the script ran too long (over its budget of %I instructions in one call)",
                   size);
    }
}

void script_push_handler(lua_State *L)
{
    lua_pushcfunction(L, message_handler);
}

/* script_pcall with the message handler at base, below the function. */
static int pcall_handled(lua_State *L, int base, int nargs, int nresults, long budget)
{
    if (budget > 0) {
        lua_pushinteger(L, budget);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &BUDGET_KEY);
        lua_pushinteger(L, budget);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &BUDGET_SIZE_KEY);
        lua_sethook(L, budget_hook, LUA_MASKCOUNT, HOOK_EVERY);
    }
    int status = lua_pcall(L, nargs, nresults, base);
    if (budget > 0)
        lua_sethook(L, NULL, 0, 0);
    if (status == LUA_OK && nresults == 0)
        lua_settop(L, base - 1); /* the handler alone is left: cheaper than a remove */
    else
        lua_remove(L, base);
    if (status != LUA_OK && lua_type(L, -1) != LUA_TSTRING) {
        lua_pop(L, 1);
        lua_pushliteral(L, "(error while handling an error)");
    }
    return status;
}

int script_pcall(lua_State *L, int nargs, int nresults, long budget)
{
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, message_handler);
    lua_insert(L, base);
    return pcall_handled(L, base, nargs, nresults, budget);
}

/* A rules call, its handler pushed already (handled) or not. */
static int pcall_rules(lua_State *L, int nargs, int nresults, int handled)
{
    /* In a host's state, the rules' own string methods; the referee's own
     * states have them for good (and are not asked: a rules call is on
     * every decision's path). */
    int strings = lua_alloc_count(L) ? 0 : limit_strings_enter(L);
    MemoryCap cap;
    int outermost = memory_cap_enter(L, &cap, (size_t)RULES_MEMORY_MB << 20);
    if (outermost)
        stable_ids_new_call(L); /* objects numbered as a replay numbers them */
    watchdog_enter(L);
    int status = handled ? pcall_handled(L, lua_gettop(L) - nargs - 1, nargs, nresults, 0)
                         : script_pcall(L, nargs, nresults, 0);
    watchdog_leave(L);
    int over_cap = status == LUA_ERRMEM && memory_cap_refused(L);
    GameMemory *ceiling = over_cap && outermost ? memory_cap_ceiling_refused(&cap) : NULL;
    if (outermost)
        memory_cap_leave(L, &cap);
    limit_strings_leave(L, strings);
    if (ceiling) {
        lua_pop(L, 1);
        lua_pushfstring(L, "the game reached its memory ceiling of %d MB (its rules and every "
                           "seat together): a table that grows without end?",
                        (int)(ceiling->limit >> 20));
    } else if (over_cap) {
        lua_pop(L, 1);
        lua_pushfstring(L, "the script used more than %d MB of memory, the most the rules may: "
                           "a table that grows without end, or a string.rep too large?",
                        RULES_MEMORY_MB);
    }
    return status;
}

int script_pcall_rules(lua_State *L, int nargs, int nresults)
{
    return pcall_rules(L, nargs, nresults, 0);
}

int script_pcall_rules_handled(lua_State *L, int nargs, int nresults)
{
    return pcall_rules(L, nargs, nresults, 1);
}

typedef struct Bytes {
    char *data;
    size_t size, cap;
} Bytes;

static int dump_writer(lua_State *L, const void *p, size_t size, void *ud)
{
    (void)L;
    Bytes *b = ud;
    if (!grow_bytes(&b->data, &b->cap, b->size + size, 4096))
        return 1;
    memcpy(b->data + b->size, p, size);
    b->size += size;
    return 0;
}

/* Appends x in hex and a dot; returns the new end. */
static char *put_hex(char *at, unsigned long long x)
{
    char digits[16];
    int n = 0;
    do
        digits[n++] = "0123456789abcdef"[x & 15];
    while ((x >>= 4) != 0);
    while (n)
        *at++ = digits[--n];
    *at++ = '.';
    return at;
}

int script_file_stamp(const char *path, char *buf, size_t size)
{
    /* Checked for every file of the rules at every game's start, so made
     * without snprintf. */
    struct stat st;
    if (size < 3 * 17 + 1 || stat(path, &st) != 0)
        return 0;
    char *at = put_hex(buf, (unsigned long long)st.st_mtim.tv_sec);
    at = put_hex(at, (unsigned long long)st.st_mtim.tv_nsec);
    at = put_hex(at, (unsigned long long)st.st_size);
    at[-1] = '\0';
    return 1;
}

/* Compiling a script is most of the cost of starting a game, and a
 * tournament starts thousands, each with fresh bot states: each file is
 * compiled once per process and later loads, in any Lua state, take the
 * compiled form until the file changes. Only bytecode this process made
 * from source is ever loaded. */
#define CACHED_FILES 64

typedef struct Compiled {
    char *path;
    char stamp[80];
    Bytes code;
    uint64_t source; /* a hash of the file's text, for script_sources_hash */
} Compiled;

static Compiled compiled[CACHED_FILES];
static int ncompiled;

static Compiled *find_compiled(const char *path)
{
    for (int i = 0; i < ncompiled; i++)
        if (strcmp(compiled[i].path, path) == 0)
            return &compiled[i];
    return NULL;
}

/* FNV-1a over the file's bytes; 0 when it cannot be read. */
static uint64_t file_hash(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    uint64_t h = 14695981039346656037ULL;
    unsigned char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        for (size_t i = 0; i < n; i++)
            h = (h ^ buf[i]) * 1099511628211ULL;
    fclose(f);
    return h;
}

uint64_t script_sources_hash(void)
{
    /* A sum of mixed hashes: the same files in any order give the same
     * value, and their paths (which differ between machines) do not count. */
    uint64_t sum = 0;
    for (int i = 0; i < ncompiled; i++) {
        uint64_t x = compiled[i].source + 0x9E3779B97F4A7C15ULL;
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
        sum += x ^ (x >> 31);
    }
    return sum;
}

/* Keeps the compiled form of the chunk on top of L's stack for path. */
static void keep_compiled(lua_State *L, const char *path, const char *stamp)
{
    Compiled *c = find_compiled(path);
    if (!c) {
        if (ncompiled == CACHED_FILES)
            return; /* full: later files are compiled each time */
        char *copy = strdup(path);
        if (!copy)
            return;
        c = &compiled[ncompiled++];
        *c = (Compiled){.path = copy};
    }
    free(c->code.data);
    c->code = (Bytes){NULL, 0, 0};
    c->stamp[0] = '\0';
    if (lua_dump(L, dump_writer, &c->code, 0) != 0) { /* out of memory: not kept */
        free(c->code.data);
        c->code = (Bytes){NULL, 0, 0};
        return;
    }
    snprintf(c->stamp, sizeof c->stamp, "%s", stamp);
    c->source = file_hash(path);
}

static int load_cached(lua_State *L, const char *path)
{
    char stamp[80];
    if (!script_file_stamp(path, stamp, sizeof stamp))
        return luaL_loadfilex(L, path, "t");
    Compiled *c = find_compiled(path);
    if (c && c->code.data && strcmp(c->stamp, stamp) == 0)
        return luaL_loadbufferx(L, c->code.data, c->code.size, path, "b");
    int status = luaL_loadfilex(L, path, "t");
    if (status == LUA_OK)
        keep_compiled(L, path, stamp);
    return status;
}

int script_load_file(lua_State *L, const char *path, int env_idx)
{
    env_idx = lua_absindex(L, env_idx);
    int status = load_cached(L, path);
    if (status != LUA_OK)
        return status;
    lua_pushvalue(L, env_idx);
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    return LUA_OK;
}

int script_random_args(lua_State *L, lua_Integer *lo, lua_Integer *hi)
{
    switch (lua_gettop(L)) {
    case 0:
        return 0;
    case 1:
        *lo = 1;
        *hi = luaL_checkinteger(L, 1);
        break;
    default:
        *lo = luaL_checkinteger(L, 1);
        *hi = luaL_checkinteger(L, 2);
    }
    /* The width in unsigned arithmetic: hi - lo overflows for the widest
     * intervals (math.mininteger, math.maxinteger) and would pass. */
    luaL_argcheck(L, *lo <= *hi && (lua_Unsigned)*hi - (lua_Unsigned)*lo < 0x7fffffff, 1,
                  "interval is empty or too large");
    return 1;
}
