#include "../lua/ordered_next.h"
#include "../lua/quick_concat.h"
#include "../lua/quick_format.h"
#include "../lua/stable_ids.h"
#include "../lua/table_create.h"
#include "bot.h"
#include "../kernel/ask_match.h"
#include "../kernel/spelling.h"
#include "../referee/rules_loader.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "../guards/arena.h"
#include "../guards/bot_limits.h"
#include "../lua/lua_keys.h"
#include "../lua/plain_cross.h"
#include "../binding/lua_view.h"
#include "bot_search.h"
#include "../lua/lua_alloc.h"
#include "../binding/lua_table.h"
#include "../kernel/rng.h"
#include "../guards/script.h"
#include "../kernel/strfmt.h"
#include "../guards/watchdog.h"
#include "../guards/watched_coroutines.h"

struct Bot {
    lua_State *L;
    char name[64];
    size_t used, limit;
    GameMemory *game_memory; /* the game it plays, for the ceiling over every seat (or NULL) */
    size_t charged;          /* what the game's ceiling counts for it (SIZE_MAX: no game) */
    long budget;
    int choose_ref;
    int ask_forced; /* 0: a decision with one legal move is played for it */
    Rng rng;
    BotSearch *search; /* its samples of the game (ctx.sample) */
    Arena *arena;      /* its state's memory, when the system reserved it */
    /* The state as its script left it, for bot_renew (bot_keep_pristine). */
    ArenaCopy *pristine;
    size_t pristine_used;
    Rng pristine_rng;
    size_t printed;  /* bytes print wrote this decision */
};

/* The region reserved for a bot's state: room for the cap several times
 * over, as its blocks come in size classes (committed only when touched). */
static size_t arena_capacity(size_t limit)
{
    return limit > ((size_t)-1 - (16u << 20)) / 4 ? 0 : 4 * limit + (16u << 20);
}

/* The game's ceiling (GameMemory) counts a bot's memory by its high-water
 * mark, a megabyte at a time: asked on every allocation, it cost 2% of a
 * bot's game. 1 when the bot may hold want bytes; 0, the ceiling noted as
 * reached, when the game's rules and seats together would pass it. */
#define CHARGE_STEP ((size_t)1 << 20)

static size_t charge_for(size_t used)
{
    return (used + CHARGE_STEP - 1) / CHARGE_STEP * CHARGE_STEP;
}

static int charge_game(Bot *b, size_t want)
{
    GameMemory *game = b->game_memory;
    size_t to = charge_for(want);
    if (game_memory_used(game) - b->charged + to > game->limit) {
        game->reached = 1;
        return 0;
    }
    game->bots_used += to - b->charged;
    b->charged = to;
    return 1;
}

/* Every allocation of the bot's state is counted; past the cap the
 * allocator fails, which Lua turns into a catchable "not enough memory". */
static void *bot_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    Bot *b = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        if (b->arena)
            arena_free(b->arena, ptr, old);
        else
            lua_alloc_free(ptr);
        b->used -= old;
        return NULL;
    }
    if (nsize > old) {
        size_t want = b->used + (nsize - old);
        if (want > b->limit || (want > b->charged && !charge_game(b, want)))
            return NULL;
    }
    void *p = b->arena ? arena_resize(b->arena, ptr, old, nsize) : lua_alloc_resize(ptr, nsize);
    if (p)
        b->used = b->used - old + nsize;
    return p;
}

/* math.random and math.randomseed for bots: the bot's own stream. */
static int bot_random(lua_State *L)
{
    Bot *b = lua_touserdata(L, lua_upvalueindex(1));
    lua_Integer lo, hi;
    if (!script_random_args(L, &lo, &hi)) {
        lua_pushnumber(L, (lua_Number)(rng_next(&b->rng) >> 11) * (1.0 / 9007199254740992.0));
        return 1;
    }
    lua_pushinteger(L, lo + (lua_Integer)rng_below(&b->rng, (uint32_t)(hi - lo + 1)));
    return 1;
}

static int bot_randomseed(lua_State *L)
{
    Bot *b = lua_touserdata(L, lua_upvalueindex(1));
    rng_seed(&b->rng, (uint64_t)luaL_checkinteger(L, 1));
    return 0;
}

/* The most a bot may print in one decision: room for its debugging
 * output, not a way to fill a disk. */
#define PRINT_BYTES_PER_DECISION 65536

/* print for bots, to stderr (stdout carries the referee's own output, the
 * record among it): its arguments, tab-separated, on one line that starts
 * "bot NAME: ", control characters, tabs and newlines in them shown as '?' (a bot's words
 * must not move the cursor of the person at the table, nor pass for a line
 * of the referee's); at most PRINT_BYTES_PER_DECISION a decision. */
static int bot_print(lua_State *L)
{
    Bot *b = lua_touserdata(L, lua_upvalueindex(1));
    int n = lua_gettop(L);
    if (b->printed >= PRINT_BYTES_PER_DECISION)
        return 0;
    /* Every argument made text first: a __tostring that raises must not
     * leave half a line on stderr. */
    luaL_checkstack(L, n, "print");
    for (int i = 1; i <= n; i++)
        luaL_tolstring(L, i, NULL);
    fprintf(stderr, "bot %s: ", b->name);
    for (int i = 1; i <= n && b->printed < PRINT_BYTES_PER_DECISION; i++) {
        size_t len;
        const char *text = lua_tolstring(L, n + i, &len);
        size_t room = PRINT_BYTES_PER_DECISION - b->printed;
        char *piece = strfmt("%.*s", (int)(len < room ? len : room), text);
        if (i > 1)
            fputc('\t', stderr);
        if (piece) {
            fputs(strfmt_one_line(piece), stderr);
            free(piece);
        }
        b->printed += len + (i > 1);
    }
    if (b->printed >= PRINT_BYTES_PER_DECISION)
        fprintf(stderr, " (print: over %d bytes in this decision; its further output is dropped)",
                PRINT_BYTES_PER_DECISION);
    fputc('\n', stderr);
    fflush(stderr);
    return 0;
}

/* load, but of text only: a bot never loads bytecode. */
static int bot_load(lua_State *L)
{
    size_t len;
    const char *code = luaL_checklstring(L, 1, &len);
    const char *chunkname = luaL_optstring(L, 2, "=(load)");
    int status = luaL_loadbufferx(L, code, len, chunkname, "t");
    if (status != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (!lua_isnoneornil(L, 4)) {
        lua_pushvalue(L, 4);
        if (!lua_setupvalue(L, -2, 1))
            lua_pop(L, 1);
    }
    return 1;
}


/* Runs the bot's code: its budget counts Lua instructions, and the watchdog
 * bounds the C work those instructions start (BOT_INSTRUCTIONS_PER_SECOND
 * leaves any bot within its budget far inside the allowance). */
static int run_bot_code(Bot *b, int nargs, int nresults)
{
    long seconds = b->budget / BOT_INSTRUCTIONS_PER_SECOND + 1;
    if (seconds < RULES_CPU_SECONDS)
        seconds = RULES_CPU_SECONDS;
    watchdog_enter_for(b->L, seconds > 3600 ? 3600 : (int)seconds);
    stable_ids_new_call(b->L);
    int status = script_pcall(b->L, nargs, nresults, b->budget);
    watchdog_leave(b->L);
    return status;
}

/* import(name) -> the shared helper bots/lib/<name>.lua, run in this bot's
 * sandbox, once. upvalues: bots path, cache */
static int bot_import(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    if (lua_getfield(L, lua_upvalueindex(2), name) != LUA_TNIL)
        return 1;
    lua_pop(L, 1);
    char lib[300], path[4096];
    snprintf(lib, sizeof lib, "lib/%s", name);
    for (const char *p = name; *p; p++)
        if (!(*p == '-' || *p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9')))
            return luaL_error(L, "import: '%s' is not a helper name (letters, digits, - and _)", name);
    if (!bot_find(lib, lua_tostring(L, lua_upvalueindex(1)), path, sizeof path))
        return luaL_error(L, "import: no helper '%s' (bots/lib/%s.lua)", name, name);
    lua_pushglobaltable(L);
    if (script_load_file(L, path, -1) != LUA_OK)
        return lua_error(L);
    lua_call(L, 0, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, lua_upvalueindex(2), name);
    return 1;
}

static int undefined_global(lua_State *L)
{
    return luaL_error(L, "undefined global '%s' (bots have base, table, string, math, "
                         "utf8 and coroutine only)", luaL_tolstring(L, 2, NULL));
}

static const luaL_Reg LIBS[] = {
    {LUA_GNAME, luaopen_base},       {LUA_TABLIBNAME, luaopen_table},
    {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
    {LUA_UTF8LIBNAME, luaopen_utf8},  {LUA_COLIBNAME, luaopen_coroutine},
    {NULL, NULL},
};

static const char *REMOVED[] = {"dofile", "loadfile", "require", "warn",
                                "collectgarbage", NULL};

static void sandbox(Bot *b, const char *bots_path)
{
    lua_State *L = b->L;
    lua_pushstring(L, bots_path ? bots_path : "bots");
    lua_newtable(L);
    lua_pushcclosure(L, bot_import, 2);
    lua_setglobal(L, "import");
    for (const luaL_Reg *lib = LIBS; lib->func; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    for (const char **name = REMOVED; *name; name++) {
        lua_pushnil(L);
        lua_setglobal(L, *name);
    }
    lua_pushcfunction(L, bot_load);
    lua_setglobal(L, "load");
    lua_pushcfunction(L, lcard_face);
    lua_setglobal(L, "card_face");
    lua_pushlightuserdata(L, b);
    lua_pushcclosure(L, bot_print, 1);
    lua_setglobal(L, "print");
    watched_coroutines_push(L);
    lua_setglobal(L, "coroutine");
    push_guarded_setmetatable(L);
    lua_setglobal(L, "setmetatable");
    lua_pushglobaltable(L);
    ordered_iteration_install(L, -1); /* the same order in every process */
    stable_ids_install_tostring(L, lua_gettop(L)); /* and no addresses in text */
    lua_pop(L, 1);
    lua_getglobal(L, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);
    bot_limit_c_work(L);
    lua_getglobal(L, "string");
    quick_format_install(L, lua_gettop(L));
    lua_getglobal(L, "table");
    table_create_install(L, lua_gettop(L));
    quick_concat_install(L, lua_gettop(L));
    lua_pop(L, 2);
    lua_getglobal(L, "math");
    lua_pushlightuserdata(L, b);
    lua_pushcclosure(L, bot_random, 1);
    lua_setfield(L, -2, "random");
    lua_pushlightuserdata(L, b);
    lua_pushcclosure(L, bot_randomseed, 1);
    lua_setfield(L, -2, "randomseed");
    lua_pop(L, 1);
    /* Reading an undefined global is an error; the metatable is locked. */
    lua_pushglobaltable(L);
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, undefined_global);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_pop(L, 1);
}

int bot_find(const char *name, const char *bots_path, char *out, size_t size)
{
    size_t len = strlen(name);
    int helper = strncmp(name, "lib/", 4) == 0 && !strchr(name + 4, '/');
    int lua_file = len > 4 && strcmp(name + len - 4, ".lua") == 0;
    if (!helper && (strchr(name, '/') || lua_file)) {
        /* A path is only ever a Lua file: a save naming /etc/passwd as a
         * seat's bot must not load it (and quote it in the syntax error). */
        snprintf(out, size, "%s", name);
        return lua_file && access(out, R_OK) == 0;
    }
    if (name[0] == '.')
        return 0; /* no hidden file, no ".." */
    const char *p = bots_path ? bots_path : "bots";
    while (*p) {
        const char *end = strchr(p, ':');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n > 0) {
            snprintf(out, size, "%.*s/%s.lua", (int)n, p, name);
            if (access(out, R_OK) == 0)
                return 1;
        }
        p += n + (end ? 1 : 0);
    }
    return 0;
}

/* Run protected in the bot's state, on what its script returned: keeps its
 * choose function in the registry and returns the reference (or nil) and
 * its ask_forced setting (true when absent; a string when it is neither
 * true nor false). The fields are read raw: a metatable of the bot's would
 * run its code here, outside any budget. */
static int keep_choose(lua_State *L)
{
    if (!lua_istable(L, 1))
        return 0;
    lua_settop(L, 1);
    lua_pushliteral(L, "choose");
    if (lua_rawget(L, 1) != LUA_TFUNCTION)
        return 0;
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    lua_pushliteral(L, "ask_forced");
    int forced = lua_rawget(L, 1);
    if (forced != LUA_TBOOLEAN) {
        if (forced == LUA_TNIL)
            lua_pushboolean(L, 1);
        else
            lua_pushstring(L, luaL_typename(L, -1));
        lua_replace(L, -2);
    }
    return 2; /* the reference, and ask_forced (or the type it wrongly has) */
}

/* Why a bot's name cannot go into saves and tournament lines (which
 * refuse a control character and what is not UTF-8 as they load), or NULL. */
static char *name_problem(const char *name)
{
    if (strfmt_has_control(name))
        return strfmt("a seat's bot name holds a control character (a tab, a newline, an "
                      "escape): name the bot with printable characters");
    if (!strfmt_utf8(name, strlen(name)))
        return strfmt("a seat's bot name is not UTF-8 text (saves and tournament lines are JSON): "
                      "rename the bot's file with UTF-8 characters");
    return NULL;
}

/* A bot with a Lua state of its own on its arena, nothing loaded; NULL when
 * out of memory. */
static Bot *new_bot(const char *name, long budget, size_t memory)
{
    Bot *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->charged = SIZE_MAX; /* in no game yet */
    /* Each decision reseeds the stream from the game; while the script
     * loads it is this fixed one (an unseeded, all-zero stream would never
     * leave rng_below's loop). */
    rng_seed(&b->rng, 0);
    b->limit = memory ? memory : BOT_MEMORY;
    b->budget = budget > 0 ? budget : BOT_BUDGET;
    const char *slash = strrchr(name, '/');
    snprintf(b->name, sizeof b->name, "%s", slash ? slash + 1 : name);
    b->search = bot_search_new();
    size_t capacity = arena_capacity(b->limit);
    b->arena = capacity ? arena_new(capacity) : NULL; /* without it, blocks come from the heap */
    /* What the bot's state holds in memory, its blocks' rounding and the
     * small blocks it freed included, stays within a sixteenth over the cap
     * on the bytes Lua counts live: the process holds no more for it. */
    if (b->arena)
        arena_set_limit(b->arena, b->limit + b->limit / 16);
    b->L = b->search ? lua_newstate(bot_alloc, b) : NULL;
    if (!b->L) {
        bot_search_free(b->search);
        arena_delete(b->arena);
        free(b);
        return NULL;
    }
    /* A collection starts once memory has grown tenfold since the last,
     * not twofold: a bot's garbage is mostly the views of past decisions,
     * and a tournament puts its state back after every game anyway. A bot
     * near its cap still gets a full collection before an allocation is
     * refused. About 7% of a dice tournament's instructions. */
    lua_gc(b->L, LUA_GCINC, BOT_GC_PAUSE, 0, 0);
    return b;
}

/* Runs the bot's script (at path) in its sandbox and keeps its choose and
 * ask_forced. NULL, or why it cannot play. */
static char *load_script(Bot *b, const char *path, const char *bots_path)
{
    sandbox(b, bots_path);
    lua_pushglobaltable(b->L);
    if (script_load_file(b->L, path, -1) != LUA_OK || run_bot_code(b, 0, 1) != LUA_OK)
        return strfmt_printable(strfmt("bot %s failed to load: %s", b->name, lua_tostring(b->L, -1)));
    lua_pushcfunction(b->L, keep_choose);
    lua_insert(b->L, -2);
    int status = lua_pcall(b->L, 1, 2, 0);
    if (status == LUA_OK && lua_type(b->L, -1) == LUA_TSTRING)
        return strfmt("bot %s sets ask_forced to a %s: make it true (choose is called for every "
                      "decision, the default) or false (a decision with one legal move is played "
                      "without calling it)", b->name, lua_tostring(b->L, -1));
    if (status != LUA_OK || !lua_isinteger(b->L, -2))
        return status == LUA_ERRMEM
                   ? strfmt("bot %s failed to load: not enough memory", b->name)
                   : strfmt("bot %s must return a table with a choose(view, moves, ctx) function",
                            b->name);
    b->choose_ref = (int)lua_tointeger(b->L, -2);
    b->ask_forced = lua_toboolean(b->L, -1);
    lua_settop(b->L, 0);
    /* Made before the state is kept for putting back, not in every game. */
    lua_pushcfunction(b->L, lview_prepare);
    if (lua_pcall(b->L, 0, 0, 0) != LUA_OK)
        return strfmt("bot %s failed to load: not enough memory", b->name);
    return NULL;
}

/* Why name is no seat, with the seat it may have meant (malloc'd). */
static char *unknown_seat(const char *name, const char *bots_path)
{
    char *names[512];
    names[0] = strdup("human");
    names[1] = strdup("random");
    int n = 2 + rules_script_names(bots_path ? bots_path : "bots", names + 2, 510);
    const char *meant = spelling_nearest(name, (const char *const *)names, n);
    char *why = meant ? strfmt("unknown seat '%s': did you mean '%s'? (a seat is human, random, or "
                               "a bot; bots/%s.lua was not found; 'referee bots' lists them)",
                               name, meant, name)
                      : strfmt("unknown seat '%s': a seat is human, random, or a bot (bots/%s.lua "
                               "was not found; 'referee bots' lists them)", name, name);
    for (int i = 0; i < n; i++)
        free(names[i]);
    return why;
}

Bot *bot_open(const char *name, const char *bots_path, long budget, size_t memory, char **err)
{
    char path[4096];
    if ((*err = name_problem(name)))
        return NULL;
    if (!bot_find(name, bots_path, path, sizeof path)) {
        *err = unknown_seat(name, bots_path);
        return NULL;
    }
    Bot *b = new_bot(name, budget, memory);
    if (!b) {
        *err = strfmt("out of memory");
        return NULL;
    }
    if ((*err = load_script(b, path, bots_path))) {
        bot_close(b);
        return NULL;
    }
    return b;
}

void bot_close(Bot *b)
{
    if (!b)
        return;
    bot_share_memory(b, NULL); /* what closing frees is no longer the game's */
    lua_close(b->L);
    bot_search_free(b->search);
    arena_copy_free(b->pristine);
    arena_delete(b->arena);
    free(b);
}

int bot_keep_pristine(Bot *b)
{
    if (b->pristine)
        return 1; /* kept already: the state may have changed since */
    if (!b->arena || !(b->pristine = arena_copy(b->arena)))
        return 0;
    b->pristine_used = b->used;
    b->pristine_rng = b->rng;
    return 1;
}

int bot_renew(Bot *b)
{
    BotSearch *search = bot_search_new();
    if (!b->pristine || !search) {
        bot_search_free(search);
        return 0;
    }
    /* The samples of the last game are let go while its state still
     * holds their handles; the new search has no sampler in the state. */
    bot_search_free(b->search);
    b->search = search;
    arena_restore(b->arena, b->pristine);
    b->used = b->pristine_used;
    b->rng = b->pristine_rng;
    return 1;
}

void bot_share_memory(Bot *b, GameMemory *game)
{
    if (b->game_memory)
        b->game_memory->bots_used -= b->charged;
    b->game_memory = game;
    b->charged = game ? charge_for(b->used) : SIZE_MAX;
    if (game)
        game->bots_used += b->charged;
}

const char *bot_name(const Bot *b)
{
    return b->name;
}

static int fault(Bot *b, char **why, char *text)
{
    /* It may quote the bot's own words: one line of ours, and no address,
     * which would make the records of one seed differ between processes. */
    *why = strfmt_one_line(strfmt_without_addresses(text));
    lua_settop(b->L, 0);
    return -1;
}

/* ctx.budget_left() -> the instructions this decision may still run (counted
 * to the last ten thousand; samples and their moves are charged to it). */
static int budget_left(lua_State *L)
{
    lua_pushinteger(L, script_budget_left(L));
    return 1;
}

/* What one decision hands a bot: its view (in the game's state) and its
 * legal moves. */
typedef struct Crossing {
    const Table *t;
    lua_State *rules; /* the game's state, the rules' vars at index vars */
    int vars;
    const Ask *p;
    int slot, seat, decision;
    BotSearch *search;
    long think; /* ctx.think */
    const char *unshowable; /* why the rules' vars cannot cross, or NULL */
} Crossing;

/* Run protected in the bot's state: pushes choose's arguments (view, moves,
 * ctx), each a fresh copy. A bot that has filled its memory makes this
 * raise "not enough memory" here, where it is caught, not in the referee. */
static int push_arguments(lua_State *L)
{
    Crossing *c = lua_touserdata(L, 1);
    lua_settop(L, 0);
    lkeys_push(L); /* under what is returned: left behind with the call */
    int keys = lua_gettop(L);
    if ((c->unshowable = lview_push_with_vars(L, keys, c->t, c->seat, c->rules, c->vars)) != NULL)
        return 0;
    int count = c->p->count[c->slot];
    int first = c->p->first[c->slot];
    lua_createtable(L, count, 0);
    for (int i = 0; i < count; i++) {
        lua_pushstring(L, ask_move(c->p, first + i));
        lua_rawseti(L, -2, i + 1);
    }
    lua_createtable(L, 0, 8);
    lkeys_push_key(L, keys, KEY_SEAT);
    lua_pushinteger(L, c->seat);
    lua_rawset(L, -3);
    lkeys_push_key(L, keys, KEY_KIND);
    lua_pushstring(L, c->p->kind);
    lua_rawset(L, -3);
    lkeys_push_key(L, keys, KEY_WINDOW);
    lua_pushboolean(L, c->p->window);
    lua_rawset(L, -3);
    if (ask_prompt(c->p)) {
        lkeys_push_key(L, keys, KEY_PROMPT);
        lua_pushstring(L, c->p->prompt);
        lua_rawset(L, -3);
    }
    lkeys_push_key(L, keys, KEY_DECISION);
    lua_pushinteger(L, c->decision);
    lua_rawset(L, -3);
    lkeys_push_key(L, keys, KEY_SAMPLE);
    bot_search_push_sampler(L, c->search);
    lua_rawset(L, -3);
    lkeys_push_key(L, keys, KEY_BUDGET_LEFT);
    lua_pushcfunction(L, budget_left);
    lua_rawset(L, -3);
    lkeys_push_key(L, keys, KEY_THINK);
    lua_pushinteger(L, c->think);
    lua_rawset(L, -3);
    return 3;
}

/* The bot's answer on top of its stack, read as one of the count moves of
 * p from first: a move number from 1, or a move's text (in any case). Its
 * index, or a fault with why. */
static int read_answer(Bot *b, const Ask *p, int first, int count, char **why)
{
    lua_State *L = b->L;
    if (lua_type(L, -1) == LUA_TNUMBER) {
        /* A float of whole value is the number too, as Lua takes it for a
         * key (#moves / 2 is a float). */
        int whole;
        lua_Integer i = lua_tointegerx(L, -1, &whole);
        if (whole && i >= 1 && i <= count) {
            lua_settop(L, 0);
            return (int)i - 1;
        }
        if (!whole)
            return fault(b, why, strfmt("answered %s, not a move number from 1 to %d",
                                        lua_tostring(L, -1), count));
        return fault(b, why, strfmt("answered %lld, not a move number from 1 to %d",
                                    (long long)i, count));
    }
    if (lua_type(L, -1) != LUA_TSTRING)
        return fault(b, why, strfmt("answered a %s, not one of its moves", luaL_typename(L, -1)));
    size_t len;
    const char *answer = lua_tolstring(L, -1, &len);
    /* "stand\0junk" is not "stand": C would read only up to the NUL. */
    if (strlen(answer) != len)
        return fault(b, why, strfmt("answered '%.100s' with a NUL byte and more after it, "
                                    "which is no move", answer));
    for (int pass = 0; pass < 2; pass++) /* as listed first, then in another case */
        for (int i = 0; i < count; i++)
            if ((pass ? strcasecmp : strcmp)(ask_move(p, first + i), answer) == 0) {
                lua_settop(L, 0);
                return i;
            }
    return fault(b, why, strfmt("answered '%.100s', which is not a legal move", answer));
}

int bot_choose(Bot *b, Game *g, int seat, const Rng *stream, char **why)
{
    *why = NULL;
    const Ask *p;
    if (game_pending(g, &p) != GAME_OK)
        return fault(b, why, strfmt("no decision is pending"));
    int slot = ask_slot_of(p, seat);
    if (slot < 0)
        return fault(b, why, strfmt("seat %d is not asked", seat));
    if (!b->ask_forced && p->count[slot] == 1)
        return 0; /* no view to build, no code to run: the answer is known */
    lua_State *L = b->L, *GL = g->L;
    lua_settop(L, 0);
    b->rng = *stream;
    b->printed = 0;
    if (!lua_checkstack(L, 8))
        return fault(b, why, strfmt("the view did not fit in the bot's memory"));
    int game_top = lua_gettop(GL);
    game_push_table(g);
    lua_getfield(GL, -1, "vars");
    Crossing crossing = {g->t, GL, lua_gettop(GL), p, slot, seat, g->nmoves, b->search,
                         b->budget / THINK_SHARE, NULL};
    lua_rawgeti(L, LUA_REGISTRYINDEX, b->choose_ref);
    lua_pushcfunction(L, push_arguments);
    lua_pushlightuserdata(L, &crossing);
    int status = lua_pcall(L, 1, 3, 0);
    /* Out of memory midway through vars too deep or holding too many
     * tables: their fault, whatever the bot's memory. */
    if (status != LUA_OK && !crossing.unshowable)
        crossing.unshowable = plain_cross_problem(GL, crossing.vars);
    lua_settop(GL, game_top); /* left higher when the bot's memory ran out midway */
    if (crossing.unshowable) { /* no bot could be shown them, and none is blamed */
        lua_settop(L, 0);
        *why = strfmt("the rules' vars cannot be shown to seat %d's bot: t.vars: %s", seat,
                      crossing.unshowable);
        return BOT_RULES_FAILED;
    }
    if (status != LUA_OK) {
        const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?";
        if (status == LUA_ERRMEM)
            msg = "it did not fit in the bot's memory";
        return fault(b, why, strfmt("the view could not be handed over (%s)", msg));
    }
    bot_search_begin(b->search, g, seat, stream);
    int status_choose = run_bot_code(b, 3, 1);
    bot_search_end(b->search);
    if (status_choose != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        return fault(b, why, strfmt("choose failed: %.400s", msg ? msg : "?"));
    }
    return read_answer(b, p, p->first[slot], p->count[slot], why);
}
