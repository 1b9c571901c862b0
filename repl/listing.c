/* listing: what `referee games` and `referee bots` (and the REPL's games
 * and bots commands) print: the scripts found in the folders of a search
 * path, each described. */
#include "listing.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>
#include "../core/bots/bot.h"
#include "../core/kernel/limits.h"
#include "../core/referee/rules_loader.h"
#include "../core/kernel/strfmt.h"
#include "variants.h"

/* Prints text by fmt (one %s) with its control characters as '?': a rules
 * file may come from someone else (a shared house-rule variant), and its
 * name, description or help must not drive the terminal. */
static void put_printable(FILE *out, const char *fmt, const char *text)
{
    char *copy = strdup(text);
    fprintf(out, fmt, copy ? strfmt_printable(copy) : "?");
    free(copy);
}

static void describe_game(FILE *out, lua_State *L, const char *name, const char *rules_path)
{
    int def = lua_gettop(L);
    put_printable(out, "%s", name);
    lua_Integer lo, hi;
    rules_players(L, def, MAX_SEATS, &lo, &hi);
    char players[48];
    rules_players_text(lo, hi, players, sizeof players);
    fprintf(out, " (%s)", players);
    if (lua_getfield(L, def, "description") == LUA_TSTRING)
        put_printable(out, ": %s", lua_tostring(L, -1));
    lua_pop(L, 1);
    fputc('\n', out);
    print_variant_line(out, L, name, rules_path);
    if (lua_getfield(L, def, "options") == LUA_TTABLE) {
        /* stack: def, options, option, name, default, help, default as text */
        for (lua_Integer i = 1; lua_rawgeti(L, def + 1, i) == LUA_TTABLE; i++) {
            lua_getfield(L, def + 2, "name");
            lua_getfield(L, def + 2, "default");
            lua_getfield(L, def + 2, "help");
            const char *dflt = lua_istable(L, def + 4) ? "(a table)" : luaL_tolstring(L, def + 4, NULL);
            fprintf(out, "    --set %s=", luaL_optstring(L, def + 3, "?"));
            put_printable(out, "%s", dflt);
            if (lua_type(L, def + 5) == LUA_TSTRING)
                put_printable(out, "   %s", lua_tostring(L, def + 5));
            fputc('\n', out);
            lua_settop(L, def + 1);
        }
    }
    lua_settop(L, def);
}

int list_games(FILE *out, lua_State *L, const char *rules_path)
{
    int status = 0, shown = 0;
    char *names[256];
    int n = rules_script_names(rules_path, names, 256);
    for (int i = 0; i < n; i++) {
        if (rules_load_definition(L, names[i], rules_path)) {
            describe_game(out, L, names[i], rules_path);
            shown++;
        } else {
            fflush(out);
            put_printable(stderr, "error: %s\n", lua_tostring(L, -1));
            status = 1;
        }
        lua_pop(L, 1);
        free(names[i]);
    }
    if (!shown && !status)
        fprintf(out, "no games found in %s\n", rules_path);
    return status;
}

int game_names(const char *rules_path, char **names, int max)
{
    return rules_script_names(rules_path, names, max);
}

/* The opening comment of a script, without its "-- ", and the game it
 * inherits (a variant's base, in base; "" when none). */
static void print_header(FILE *out, const char *path, char *base, size_t size)
{
    char line[400];
    FILE *f = fopen(path, "r");
    int in_header = 1;
    base[0] = '\0';
    for (int n = 0; f && fgets(line, sizeof line, f) && n < 400; n++) {
        const char *inherit = strstr(line, "inherit(\"");
        if (inherit && !base[0]) {
            inherit += 9;
            size_t len = strcspn(inherit, "\"");
            snprintf(base, size, "%.*s", (int)(len < size ? len : size - 1), inherit);
        }
        if (in_header && strncmp(line, "--", 2) == 0) {
            char *text = line + 2 + (line[2] == ' ');
            text[strcspn(text, "\r\n")] = '\0';
            put_printable(out, "  %s\n", text);
        } else {
            in_header = 0;
        }
        if (!in_header && base[0])
            break;
    }
    if (f)
        fclose(f);
}

int print_rules(FILE *out, lua_State *L, const char *name, const char *rules_path)
{
    char path[4096], base[64];
    if (!rules_find(name, rules_path, path, sizeof path) || !rules_load_definition(L, name, rules_path)) {
        if (lua_gettop(L) && lua_isstring(L, -1))
            lua_pop(L, 1);
        fprintf(stderr, "error: no game '%s' ('games' lists them)\n", name);
        return 0;
    }
    describe_game(out, L, name, rules_path);
    lua_pop(L, 1);
    print_header(out, path, base, sizeof base);
    for (int depth = 0; base[0] && depth < 4 && rules_find(base, rules_path, path, sizeof path); depth++) {
        char next[64];
        fprintf(out, "a variant of %s, whose rules say:\n", base);
        print_header(out, path, next, sizeof next);
        snprintf(base, sizeof base, "%s", next);
    }
    return 1;
}

/* A bot's description: the first sentence of the comment its file opens
 * with, less the "name: " it starts with. The file is only read: a bot's
 * code runs nowhere but in its sandbox. */
static void describe_bot(FILE *out, const char *bots_path, const char *name)
{
    char text[600] = "", line[300], path[4096];
    FILE *f = bot_find(name, bots_path, path, sizeof path) ? fopen(path, "r") : NULL;
    while (f && fgets(line, sizeof line, f) && strncmp(line, "--", 2) == 0) {
        const char *words = line + 2 + strspn(line + 2, " -");
        size_t len = strcspn(words, "\r\n");
        if (strlen(text) + len + 2 < sizeof text)
            strncat(strcat(text, *text ? " " : ""), words, len);
        if (strstr(text, ". ") || (len && words[len - 1] == '.'))
            break;
    }
    if (f)
        fclose(f);
    char *start = text;
    size_t prefix = strlen(name);
    if (strncmp(text, name, prefix) == 0 && text[prefix] == ':')
        start = text + prefix + 1 + strspn(text + prefix + 1, " ");
    char *stop = strstr(start, ". ");
    if (stop)
        stop[1] = '\0';
    /* A bot is untrusted, its comment too: it must not drive the terminal. */
    char shown[300];
    snprintf(shown, sizeof shown, "%s", name);
    fprintf(out, "%-14s %s\n", strfmt_printable(shown),
            *start ? strfmt_printable(start) : "(no description: start the file with a comment)");
}

int list_bots(FILE *out, const char *bots_path)
{
    char *names[256];
    int n = rules_script_names(bots_path, names, 256);
    fprintf(out, "%-14s %s\n", "random", "built in: a uniformly random legal move, from its own seeded stream.");
    for (int i = 0; i < n; i++) {
        describe_bot(out, bots_path, names[i]);
        free(names[i]);
    }
    fprintf(out, "%-14s %s\n", "human", "a person at the REPL (play, not run or tournament).");
    return 0;
}
