#include "variants.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>
#include "../core/referee/rules_loader.h"
#include "../core/kernel/strfmt.h"
#include "../core/lua/lua_json.h"

/* Are the values at a and b alike: functions and other non-tables the
 * same value, tables with alike values under the same keys? Nothing of the
 * rules runs (raw access only). */
static int alike(lua_State *L, int a, int b, int depth)
{
    a = lua_absindex(L, a);
    b = lua_absindex(L, b);
    if (lua_type(L, a) != LUA_TTABLE || lua_type(L, b) != LUA_TTABLE)
        return lua_rawequal(L, a, b);
    if (depth > 32)
        return lua_rawequal(L, a, b);
    int same = 1;
    for (int pass = 0; pass < 2 && same; pass++) { /* a's keys in b, then b's in a */
        int from = pass ? b : a, to = pass ? a : b;
        lua_pushnil(L);
        while (same && lua_next(L, from)) {
            lua_pushvalue(L, -2);
            lua_rawget(L, to);
            same = pass ? !lua_isnil(L, -1) : alike(L, -2, -1, depth + 1);
            lua_pop(L, 2);
        }
        if (!same)
            lua_pop(L, 1); /* the key lua_next left */
    }
    return same;
}

/* The value at idx as a person reads it: a number, true/false, a quoted
 * text (its control characters as '?'), or what kind of table it is. */
static void put_value(FILE *out, lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    char shown[200];
    switch (lua_type(L, idx)) {
    case LUA_TNIL: fputs("none", out); break;
    case LUA_TBOOLEAN: fputs(lua_toboolean(L, idx) ? "true" : "false", out); break;
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx))
            fprintf(out, "%lld", (long long)lua_tointeger(L, idx));
        else
            fprintf(out, "%g", lua_tonumber(L, idx));
        break;
    case LUA_TSTRING:
        snprintf(shown, sizeof shown, "%s", lua_tostring(L, idx));
        fprintf(out, "\"%s\"", strfmt_printable(shown));
        break;
    case LUA_TTABLE: {
        /* As JSON when it is data, shortened; else how long a list it is. */
        char err[100];
        char *json = ljson_encode(L, idx, err, sizeof err);
        if (json && strlen(json) <= 120)
            fputs(strfmt_printable(json), out);
        else if (json && lua_rawlen(L, idx) > 0)
            fprintf(out, "%lld entries, %.60s...", (long long)lua_rawlen(L, idx), strfmt_printable(json));
        else if (json)
            fprintf(out, "%.100s...", strfmt_printable(json));
        else
            fprintf(out, "a table of %lld entries", (long long)lua_rawlen(L, idx));
        free(json);
        break;
    }
    default: fputs(lua_typename(L, lua_type(L, idx)), out);
    }
}

/* The option named name in the options list at list, pushed (nil when none). */
static void push_option(lua_State *L, int list, const char *name)
{
    list = lua_absindex(L, list);
    for (lua_Integer i = 1; lua_istable(L, list) && lua_rawgeti(L, list, i) == LUA_TTABLE; i++) {
        lua_getfield(L, -1, "name");
        int found = lua_type(L, -1) == LUA_TSTRING && !strcmp(lua_tostring(L, -1), name);
        lua_pop(L, 1);
        if (found)
            return;
        lua_pop(L, 1);
    }
    if (lua_istable(L, list))
        lua_pop(L, 1); /* the nil that ended the list */
    lua_pushnil(L);
}

static const char *const OPTION_FIELDS[] = {"default", "min", "max", "choices", "help", "seat", "check"};

/* The options changed, added or dropped; defaults_only: just "name value
 * (was value)" for the defaults, comma-separated, for `referee games`.
 * Returns how many lines (or items) it printed. */
static int option_changes(FILE *out, lua_State *L, int mine, int theirs, int defaults_only)
{
    int printed = 0;
    for (int pass = 0; pass < 2; pass++) {
        int list = pass ? theirs : mine, other = pass ? mine : theirs;
        for (lua_Integer i = 1; lua_istable(L, list) && lua_rawgeti(L, list, i) == LUA_TTABLE; i++) {
            int opt = lua_gettop(L);
            lua_getfield(L, opt, "name");
            const char *name = lua_tostring(L, -1);
            if (!name) {
                lua_settop(L, opt - 1);
                continue;
            }
            push_option(L, other, name);
            int was = lua_gettop(L);
            if (lua_isnil(L, was)) {
                if (!defaults_only) {
                    fprintf(out, "  option %s: %s", name, pass ? "dropped" : "added, default ");
                    if (!pass) {
                        lua_getfield(L, opt, "default");
                        put_value(out, L, -1);
                        lua_pop(L, 1);
                    }
                    fputc('\n', out);
                    printed++;
                }
            } else if (!pass) {
                for (size_t f = 0; f < sizeof OPTION_FIELDS / sizeof *OPTION_FIELDS; f++) {
                    if (defaults_only && f > 0)
                        break;
                    lua_getfield(L, opt, OPTION_FIELDS[f]);
                    lua_getfield(L, was, OPTION_FIELDS[f]);
                    if (!alike(L, -2, -1, 0)) {
                        if (defaults_only)
                            fprintf(out, "%s%s ", printed ? ", " : "", name);
                        else
                            fprintf(out, "  option %s: %s ", name, OPTION_FIELDS[f]);
                        put_value(out, L, -2);
                        fputs(" (was ", out);
                        put_value(out, L, -1);
                        fputs(defaults_only ? ")" : ")\n", out);
                        printed++;
                    }
                    lua_pop(L, 2);
                }
            }
            lua_settop(L, opt - 1);
        }
        if (lua_istable(L, list))
            lua_pop(L, 1); /* the value that ended the list */
    }
    return printed;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The string keys of the tables at a and b, sorted, each once (malloc'd). */
static int keys_of(lua_State *L, int a, int b, char **keys, int max)
{
    int n = 0;
    for (int pass = 0; pass < 2; pass++) {
        int t = pass ? b : a;
        lua_pushnil(L);
        while (lua_next(L, t)) {
            lua_pop(L, 1);
            if (lua_type(L, -1) != LUA_TSTRING || n == max)
                continue;
            const char *k = lua_tostring(L, -1);
            int seen = 0;
            for (int i = 0; i < n && !seen; i++)
                seen = !strcmp(keys[i], k);
            if (!seen && (keys[n] = strdup(k)))
                n++;
        }
    }
    qsort(keys, (size_t)n, sizeof *keys, compare_strings);
    return n;
}

int print_variant_diff(FILE *out, lua_State *L, const char *name, const char *rules_path)
{
    int top = lua_gettop(L);
    char shown[200];
    strfmt_shown(name, shown, sizeof shown);
    if (!rules_load_variant(L, name, rules_path)) {
        const char *why = lua_tostring(L, -1);
        int missing = why && strncmp(why, "no game", 7) == 0;
        fprintf(stderr, "referee: %s\n", why ? why : "?");
        lua_settop(L, top);
        return missing ? 2 : 1;
    }
    int mine = top + 1, base = top + 2;
    if (!lua_istable(L, base)) {
        fprintf(stderr, "referee: %s is a game of its own, not a variant: a variant begins "
                        "local game = inherit(\"BASE\") (rules/README.md)\n", shown);
        lua_settop(L, top);
        return 2;
    }
    lua_getfield(L, base, "name");
    lua_getfield(L, base, "definition");
    int theirs = lua_gettop(L);
    fprintf(out, "%s is a variant of %s; against it, it changes:\n", shown, lua_tostring(L, theirs - 1));
    int printed = 0;
    char *keys[256];
    int n = keys_of(L, mine, theirs, keys, 256);
    for (int i = 0; i < n; i++) {
        lua_getfield(L, mine, keys[i]);
        lua_getfield(L, theirs, keys[i]);
        int now = lua_gettop(L) - 1, was = now + 1;
        if (!strcmp(keys[i], "options")) {
            printed += option_changes(out, L, now, was, 0);
        } else if (!alike(L, now, was, 0)) {
            int fn = lua_isfunction(L, now) || lua_isfunction(L, was);
            int text = lua_type(L, now) == LUA_TSTRING || lua_type(L, was) == LUA_TSTRING;
            fprintf(out, "  %s %s: ", fn ? "function" : text ? "text" : "data", keys[i]);
            if (fn)
                fputs(lua_isnil(L, was) ? "added" : lua_isnil(L, now) ? "dropped" : "replaced", out);
            else {
                put_value(out, L, now);
                fputs(" (was ", out);
                put_value(out, L, was);
                fputc(')', out);
            }
            fputc('\n', out);
            printed++;
        }
        lua_pop(L, 2);
        free(keys[i]);
    }
    if (!printed)
        fputs("  nothing: it plays as its base does\n", out);
    lua_settop(L, top);
    return 0;
}

void print_variant_line(FILE *out, lua_State *L, const char *name, const char *rules_path)
{
    int top = lua_gettop(L);
    if (rules_load_variant(L, name, rules_path) && lua_istable(L, top + 2)) {
        lua_getfield(L, top + 2, "name");
        lua_getfield(L, top + 2, "definition");
        lua_getfield(L, top + 1, "options");
        lua_getfield(L, top + 4, "options");
        fprintf(out, "  a variant of %s ('referee diff %s' says how)", lua_tostring(L, top + 3), name);
        fputs("; defaults changed: ", out);
        if (!option_changes(out, L, top + 5, top + 6, 1))
            fputs("none", out);
        fputc('\n', out);
    }
    lua_settop(L, top);
}
