#include "rules_loader.h"

#include <dirent.h>

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../lua/lua_copy.h"
#include "../binding/lua_table.h" /* moves{...} for rules */
#include "rules_check.h"
#include "rules_sandbox.h"
#include "../guards/script.h"
#include "../kernel/spelling.h"
#include "../kernel/strfmt.h"
#include "../guards/watched_coroutines.h"

static int readable(const char *path)
{
    return access(path, R_OK) == 0;
}

/* The first folder of rules_path holding `relative`. */
static int find_in_folders(const char *relative, const char *rules_path, char *out, size_t size)
{
    const char *p = rules_path ? rules_path : "rules";
    while (*p) {
        const char *end = strchr(p, ':');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n > 0) {
            snprintf(out, size, "%.*s/%s", (int)n, p, relative);
            if (readable(out))
                return 1;
        }
        p += n + (end ? 1 : 0);
    }
    return 0;
}

int rules_is_path(const char *name)
{
    size_t len = strlen(name);
    return strchr(name, '/') || (len > 4 && strcmp(name + len - 4, ".lua") == 0);
}

int rules_find(const char *name, const char *rules_path, char *out, size_t size)
{
    size_t len = strlen(name);
    if (rules_is_path(name)) {
        /* A path is only ever a Lua file: a save or a script naming
         * /etc/passwd must not load it (and quote it in the syntax error). */
        if (len <= 4 || strcmp(name + len - 4, ".lua") != 0)
            return 0;
        snprintf(out, size, "%s", name);
        return readable(out);
    }
    if (name[0] == '.' || name[0] == '\0')
        return 0; /* no hidden file, no ".." */
    char relative[300];
    snprintf(relative, sizeof relative, "%s.lua", name);
    return find_in_folders(relative, rules_path, out, size);
}

static const char DEFS_KEY = 'd';

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int rules_script_names(const char *path, char **names, int max)
{
    char dirs[4096];
    snprintf(dirs, sizeof dirs, "%s", path);
    int n = 0;
    for (char *save = NULL, *dir = strtok_r(dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
        DIR *d = opendir(dir);
        if (!d)
            continue;
        struct dirent *e;
        while ((e = readdir(d)) && n < max) {
            size_t len = strlen(e->d_name);
            if (len > 4 && strcmp(e->d_name + len - 4, ".lua") == 0) {
                char *name = strndup(e->d_name, len - 4);
                int dup = !name;
                for (int i = 0; i < n && name; i++)
                    dup |= strcmp(names[i], name) == 0;
                if (dup)
                    free(name);
                else
                    names[n++] = name;
            }
        }
        closedir(d);
    }
    qsort(names, (size_t)n, sizeof *names, compare_strings);
    return n;
}

/* math.random before a referee loop gave its own (rules_use_random). */
static int random_not_yet(lua_State *L)
{
    return luaL_error(L, "math.random is available to rules while a game runs "
                         "(in setup and apply), not while the script loads");
}

static const char RANDOM_KEY = 'r';

void rules_use_random(lua_State *L)
{
    lua_rawsetp(L, LUA_REGISTRYINDEX, &RANDOM_KEY);
}

static int rules_randomseed(lua_State *L)
{
    return luaL_error(L, "rules draw from the table's random stream, which the referee "
                         "seeds: math.randomseed is not available");
}


/* Records a file an environment has loaded, with its stamp, in the env's
 * metatable (out of the rules' sight), so a cached definition is dropped
 * when any of its files changes. */
static void note_file(lua_State *L, int env, const char *path)
{
    char stamp[80];
    if (!script_file_stamp(path, stamp, sizeof stamp))
        return;
    lua_getmetatable(L, env);
    if (lua_getfield(L, -1, "files") != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, "files");
    }
    lua_pushstring(L, stamp);
    lua_setfield(L, -2, path);
    lua_pop(L, 2);
}

/* inherit(name) -> a fresh copy of another game's definition to change.
 * upvalues: env, rules path */
/* Whether the definition at def has an option called name. */
static int option_named(lua_State *L, int def, const char *name)
{
    int found = 0;
    if (lua_getfield(L, def, "options") == LUA_TTABLE) {
        for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TTABLE; i++) {
            lua_getfield(L, -1, "name");
            found = found || (lua_type(L, -1) == LUA_TSTRING && !strcmp(lua_tostring(L, -1), name));
            lua_pop(L, 2);
        }
        lua_pop(L, 1); /* what ended the list */
    }
    lua_pop(L, 1);
    return found;
}

/* inherit(name, defaults): the base's options named in defaults (the table
 * at idx) take the defaults given there, each of its option's kind; the
 * definition is at def. A name the base has no option for, or a value of
 * another kind, is an error that says so. */
static void set_defaults(lua_State *L, int def, int idx, const char *base)
{
    if (lua_getfield(L, def, "options") == LUA_TTABLE) {
        for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TTABLE; i++) {
            lua_getfield(L, -1, "name"); /* options, option, name */
            if (lua_type(L, -1) == LUA_TSTRING) {
                if (lua_getfield(L, idx, lua_tostring(L, -1)) != LUA_TNIL) {
                    lua_getfield(L, -3, "default");
                    if (lua_type(L, -1) != lua_type(L, -2))
                        luaL_error(L, "inherit: option '%s' of %s takes a %s as its default, not "
                                   "a %s", lua_tostring(L, -3), base, luaL_typename(L, -1),
                                   luaL_typename(L, -2));
                    lua_pop(L, 1);
                    lua_pushvalue(L, -1);
                    lua_setfield(L, -4, "default");
                }
                lua_pop(L, 1);
            }
            lua_pop(L, 2);
        }
        lua_pop(L, 1); /* what ended the list */
    }
    lua_pop(L, 1);
    /* A name of no option: the first in byte order, the same every run. */
    const char *unknown = NULL;
    for (lua_pushnil(L); lua_next(L, idx); lua_pop(L, 1)) {
        if (lua_type(L, -2) != LUA_TSTRING)
            luaL_error(L, "inherit: the defaults are named by option names, not by a %s",
                       luaL_typename(L, -2));
        if (!option_named(L, def, lua_tostring(L, -2)) &&
            (!unknown || strcmp(lua_tostring(L, -2), unknown) < 0))
            unknown = lua_tostring(L, -2);
    }
    if (unknown)
        luaL_error(L, "inherit: %s has no option '%s' to give a default", base, unknown);
}

static int rules_inherit(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    if (lua_isnoneornil(L, 2))
        lua_settop(L, 1);
    else
        luaL_checktype(L, 2, LUA_TTABLE);
    int with_defaults = lua_gettop(L) == 2;
    if (rules_is_path(name)) {
        char shown[200];
        return luaL_error(L, "inherit: '%s' is not a game's name: a variant inherits a game of "
                             "the rules folders by its name (as inherit(\"bam\"))",
                          strfmt_shown(name, shown, sizeof shown));
    }
    if (!rules_load(L, lua_upvalueindex(1), name, lua_tostring(L, lua_upvalueindex(2))))
        return lua_error(L);
    /* The base as inherited, before the variant changes it, out of the
     * rules' sight (the env's metatable): what `referee diff` compares
     * against. A variant's first inherit is its base. */
    lua_getmetatable(L, lua_upvalueindex(1));
    if (lua_getfield(L, -1, "base") == LUA_TNIL) {
        lua_createtable(L, 0, 2);
        lua_pushvalue(L, 1);
        lua_setfield(L, -2, "name");
        lcopy(L, -4);
        lua_setfield(L, -2, "definition");
        lua_setfield(L, -3, "base");
    }
    lua_pop(L, 2);
    if (with_defaults)
        set_defaults(L, lua_gettop(L), 2, name);
    return 1;
}

/* import(name) -> the helper library rules/lib/<name>.lua, loaded once per
 * game. upvalues: env, rules path, cache */
static int rules_import(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    if (lua_getfield(L, lua_upvalueindex(3), name) != LUA_TNIL)
        return 1;
    lua_pop(L, 1);
    char libname[300];
    snprintf(libname, sizeof libname, "lib/%s.lua", name);
    char path[4096];
    if (strchr(name, '/') ||
        !find_in_folders(libname, lua_tostring(L, lua_upvalueindex(2)), path, sizeof path))
        return luaL_error(L, "import: no helper library '%s' (looked for lib/%s.lua in the "
                             "rules folders)", name, name);
    if (script_load_file(L, path, lua_upvalueindex(1)) != LUA_OK ||
        script_pcall_rules(L, 0, 1) != LUA_OK)
        return lua_error(L);
    note_file(L, lua_upvalueindex(1), path);
    lua_pushvalue(L, -1);
    lua_setfield(L, lua_upvalueindex(3), name);
    return 1;
}

/* Pushes a fresh environment for a game's scripts: globals read through to
 * the standard ones rules may have (rules_sandbox.h), writes stay in the
 * game's own table. */
void rules_push_env(lua_State *L, const char *rules_path)
{
    lua_newtable(L);
    int env = lua_gettop(L);
    lua_createtable(L, 0, 2);
    rules_sandbox_push_base(L);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0); /* the base is the environment's, not the script's to reach */
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, env);
    rules_sandbox_push_load(L, env);
    lua_setfield(L, env, "load");

    lua_getglobal(L, "math"); /* math: a copy, with random from the table */
    rules_sandbox_push_copy(L, -1);
    lua_remove(L, -2);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &RANDOM_KEY) != LUA_TFUNCTION) {
        lua_pop(L, 1);
        lua_pushcfunction(L, random_not_yet);
    }
    lua_setfield(L, -2, "random");
    lua_pushcfunction(L, rules_randomseed);
    lua_setfield(L, -2, "randomseed");
    lua_setfield(L, env, "math");

    lua_pushvalue(L, env);
    lua_pushstring(L, rules_path ? rules_path : "rules");
    lua_pushcclosure(L, rules_inherit, 2);
    lua_setfield(L, env, "inherit");
    lua_pushvalue(L, env);
    lua_pushstring(L, rules_path ? rules_path : "rules");
    lua_newtable(L);
    lua_pushcclosure(L, rules_import, 3);
    lua_setfield(L, env, "import");
    lua_pushcfunction(L, lask_moves);
    lua_setfield(L, env, "moves");
    lua_pushcfunction(L, levent_fields);
    lua_setfield(L, env, "event_fields");
    lua_pushcfunction(L, lseat_names);
    lua_setfield(L, env, "seat_names");
    lua_pushcfunction(L, lcard_face);
    lua_setfield(L, env, "card_face");
    watched_coroutines_push(L);
    lua_setfield(L, env, "coroutine");
}

/* Pushes why there is no game called shown in the rules folders, with the
 * game it may have meant. */
static void push_no_game(lua_State *L, const char *shown, const char *rules_path)
{
    char *names[512];
    int n = rules_script_names(rules_path ? rules_path : "rules", names, 512);
    const char *meant = spelling_nearest(shown, (const char *const *)names, n);
    if (meant)
        lua_pushfstring(L, "no game '%s': did you mean '%s'? (there is no %s.lua in the rules "
                           "folders; 'referee games' lists the games)", shown, meant, shown);
    else
        lua_pushfstring(L, "no game '%s': there is no %s.lua in the rules folders "
                           "('referee games' lists the games)", shown, shown);
    for (int i = 0; i < n; i++)
        free(names[i]);
}

/* Loads a rules file into env and pushes its definition; 0 and a message. */
int rules_load(lua_State *L, int env, const char *name, const char *rules_path)
{
    env = lua_absindex(L, env);
    char path[4096];
    /* The name goes into saves and records (JSON) and is printed back. */
    if (!strfmt_utf8(name, strlen(name)) || strfmt_has_control(name)) {
        char shown[200];
        lua_pushfstring(L, "game '%s': a game's name must be UTF-8 text without control "
                           "characters (saves and records are JSON): rename its rules file",
                        strfmt_shown(name, shown, sizeof shown));
        return 0;
    }
    if (!rules_find(name, rules_path, path, sizeof path)) {
        char shown[200];
        strfmt_shown(name, shown, sizeof shown);
        if (rules_is_path(name))
            lua_pushfstring(L, "no game '%s': a game given by its path must be a readable .lua "
                               "file", shown);
        else
            push_no_game(L, shown, rules_path);
        return 0;
    }
    if (script_load_file(L, path, env) != LUA_OK || script_pcall_rules(L, 0, 1) != LUA_OK)
        return 0;
    note_file(L, env, path);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: a rules script must return its game definition table", path);
        return 0;
    }
    return 1;
}

/* What the referee reads of a definition: the functions it calls and the
 * data it lists and checks. */
static const char *READ[] = {"prepare", "setup", "apply", "answers", "result", "pending", "ask", "standing",
                             "judge", "status", "explain", "description", "players", "options",
                             "default_bot", "real_deck", "ruling", "rulings", "card_text",
                             "default_answer"};

/* A definition's answers: a table from a decision's kind to the function
 * that applies an answer of that kind. NULL, or why not (pushed). */
static const char *answers_problem(lua_State *L, int def)
{
    int type = lua_getfield(L, def, "answers");
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        return NULL;
    }
    if (type != LUA_TTABLE)
        return lua_pushfstring(L, "the game definition's 'answers' is a %s: make it a table from "
                                  "each decision's kind to its function(t, seat, move, card)",
                               lua_typename(L, type));
    lua_pushnil(L);
    while (lua_next(L, -2)) { /* what is wrong stays on the stack: take() ends there */
        if (lua_type(L, -2) != LUA_TSTRING)
            return lua_pushfstring(L, "the game definition's answers are keyed by decisions' "
                                      "kinds (texts), not by a %s", luaL_typename(L, -2));
        if (lua_type(L, -1) != LUA_TFUNCTION)
            return lua_pushfstring(L, "the game definition's answers[\"%s\"] is a %s: make it a "
                                      "function(t, seat, move, card)", lua_tostring(L, -2),
                                   luaL_typename(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return NULL;
}

/* take(def) -> the referee's copy of def, or nil and what is wrong.
 * Protected: reading the script's table may run its metamethods. */
static int take(lua_State *L)
{
    lua_createtable(L, 0, (int)(sizeof READ / sizeof *READ));
    int copy = lua_gettop(L);
    for (size_t i = 0; i < sizeof READ / sizeof *READ; i++) {
        lua_getfield(L, 1, READ[i]);
        lcopy(L, -1); /* plain tables, without metatables: nothing runs when read */
        lua_setfield(L, copy, READ[i]);
        lua_pop(L, 1);
    }
    const char *why = NULL;
    /* setup, apply (or answers) and result, in the order a game runs them */
    if (lua_getfield(L, copy, "setup") != LUA_TFUNCTION)
        why = lua_pushfstring(L, "the game definition has no function 'setup' (a game needs "
                                 "setup, apply or answers, and result)");
    if (!why)
        why = answers_problem(L, copy);
    if (!why && lua_getfield(L, copy, "apply") != LUA_TFUNCTION &&
        lua_getfield(L, copy, "answers") != LUA_TTABLE)
        why = lua_pushfstring(L, "the game definition has no function 'apply' and no 'answers' "
                                 "(a game needs setup, apply or answers: a function for each "
                                 "decision's kind, and result)");
    if (!why && lua_getfield(L, copy, "result") != LUA_TFUNCTION)
        why = lua_pushfstring(L, "the game definition has no function 'result' (a game needs "
                                 "setup, apply or answers, and result)");
    /* The two older ways of stating a decision: one way is left. */
    static const char *RETIRED[] = {"pending", "ask"};
    for (size_t i = 0; !why && i < sizeof RETIRED / sizeof *RETIRED; i++)
        if (lua_getfield(L, copy, RETIRED[i]) != LUA_TNIL)
            why = lua_pushfstring(L, "the game definition has '%s': the referee no longer calls "
                                     "it. Ask each decision where the rules reach it, with "
                                     "t:ask, t:ask_cards, t:ask_discards, t:ask_trick or "
                                     "t:ask_window, from setup and apply (rules/README.md)",
                                  RETIRED[i]);
    static const char *OPTIONAL[] = {"prepare", "standing", "explain", "judge", "status",
                                     "ruling", "default_answer"};
    for (size_t i = 0; !why && i < sizeof OPTIONAL / sizeof *OPTIONAL; i++) {
        int type = lua_getfield(L, copy, OPTIONAL[i]);
        if (type != LUA_TNIL && type != LUA_TFUNCTION)
            why = lua_pushfstring(L, "the game definition's '%s' is a %s: make it a function, or "
                                     "leave it out", OPTIONAL[i], lua_typename(L, type));
    }
    /* rulings: the forms of the table's own rulings the rules carry out
     * (ruling()), said when a ruling is refused. */
    int rulings = why ? LUA_TNIL : lua_getfield(L, copy, "rulings");
    if (rulings != LUA_TNIL) {
        int ok = rulings == LUA_TTABLE;
        for (lua_Integer i = 1; ok && lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
            ok = lua_type(L, -1) == LUA_TSTRING;
            lua_pop(L, 1);
        }
        if (ok)
            lua_pop(L, 1); /* the nil ending the list */
        lua_pop(L, 1);
        if (!ok)
            why = lua_pushstring(L, "the game definition's 'rulings' must be a list of texts, the "
                                    "forms of the table's rulings its ruling() carries out, such as "
                                    "{ \"strike SEAT: WHY\" }");
    } else if (!why) {
        lua_pop(L, 1);
    }
    /* card_text: what each card does, by its name, for a served page */
    if (!why && lua_getfield(L, copy, "card_text") != LUA_TNIL) {
        int ok = lua_type(L, -1) == LUA_TTABLE;
        for (lua_pushnil(L); ok && lua_next(L, -2); lua_pop(L, 1))
            ok = lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TSTRING;
        if (!ok) /* (lua_next stopped with its key and value on the stack) */
            why = lua_pushstring(L, "the game definition's 'card_text' must be a table from a card's "
                                    "name to a text saying what the card does, such as "
                                    "{ Skip = \"Before you roll: you pass.\" }");
    }
    if (!why)
        lua_settop(L, copy);
    const char *wrong = why ? NULL : rules_check(L, copy);
    if (wrong)
        why = lua_pushfstring(L, "the game definition is malformed: %s", wrong);
    if (!why) {
        /* The script's own table, for a test's arrangement (game.c): the
         * referee reads only the copied fields above. */
        lua_pushvalue(L, 1);
        lua_setfield(L, copy, "script");
        lua_settop(L, copy);
        return 1;
    }
    lua_pushnil(L);
    lua_pushstring(L, why);
    return 2;
}

/* Replaces the definition the rules script returned (on top) with the
 * referee's own copy of what it reads, checked: taken once, as the rules
 * load, so nothing the script does to its table later (a metatable, new
 * options in setup, apply set to a number) reaches the referee. 0 and a
 * message in its place on failure. */
static int take_definition(lua_State *L, const char *name, const char *rules_path)
{
    char path[4096];
    if (!rules_find(name, rules_path, path, sizeof path))
        snprintf(path, sizeof path, "%s", name);
    lua_pushcfunction(L, take);
    lua_insert(L, -2);
    if (script_pcall_rules(L, 1, 2) != LUA_OK) {
        lua_pushfstring(L, "%s: reading the game definition failed: %s", path, lua_tostring(L, -1));
        lua_remove(L, -2);
        return 0;
    }
    if (lua_isnil(L, -2)) {
        lua_pushfstring(L, "%s: %s", path, lua_tostring(L, -1));
        lua_replace(L, -3);
        lua_pop(L, 1);
        return 0;
    }
    lua_pop(L, 1);
    return 1;
}

int rules_load_variant(lua_State *L, const char *name, const char *rules_path)
{
    rules_push_env(L, rules_path);
    if (!rules_load(L, -1, name, rules_path)) {
        lua_remove(L, -2);
        return 0;
    }
    lua_getmetatable(L, -2);
    lua_getfield(L, -1, "base");
    lua_remove(L, -2);
    lua_remove(L, -3);
    return 1;
}

int rules_load_definition(lua_State *L, const char *name, const char *rules_path)
{
    rules_push_env(L, rules_path);
    int ok = rules_load(L, -1, name, rules_path) && take_definition(L, name, rules_path);
    lua_remove(L, -2);
    return ok;
}


/* Is every file the cached environment at env loaded unchanged? */
static int files_unchanged(lua_State *L, int env)
{
    int same = 1;
    lua_getmetatable(L, env);
    if (lua_getfield(L, -1, "files") != LUA_TTABLE) {
        lua_pop(L, 2);
        return 0;
    }
    lua_pushnil(L);
    while (same && lua_next(L, -2)) {
        char stamp[80];
        same = script_file_stamp(lua_tostring(L, -2), stamp, sizeof stamp) &&
               strcmp(stamp, lua_tostring(L, -1)) == 0;
        lua_pop(L, 1);
    }
    lua_pop(L, same ? 2 : 3);
    return same;
}

int rules_definition(lua_State *L, const char *name, const char *rules_path)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &DEFS_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &DEFS_KEY);
    }
    int cache = lua_gettop(L);
    lua_pushfstring(L, "%s\n%s", name, rules_path ? rules_path : "rules");
    int key = lua_gettop(L);
    /* cache[key] = {env, def} */
    if (lua_getfield(L, cache, lua_tostring(L, key)) == LUA_TTABLE) {
        lua_rawgeti(L, -1, 1);
        if (files_unchanged(L, lua_gettop(L))) {
            lua_rawgeti(L, -2, 2);
            lua_replace(L, cache + 1);
            lua_replace(L, cache);
            lua_settop(L, cache + 1);
            return 1;
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    rules_push_env(L, rules_path);
    if (!rules_load(L, -1, name, rules_path) || !take_definition(L, name, rules_path)) {
        lua_replace(L, cache);
        lua_settop(L, cache);
        return 0;
    }
    /* stack: cache, key, env, def */
    lua_createtable(L, 2, 0);
    lua_pushvalue(L, -3);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, -2);
    lua_rawseti(L, -2, 2);
    lua_setfield(L, cache, lua_tostring(L, key));
    lua_replace(L, key);
    lua_replace(L, cache);
    return 1;
}
