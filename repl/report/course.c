#include "course.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include "../../core/kernel/strfmt.h"
#include "../../core/lua/lua_json.h"
#include "../../core/referee/game.h"

/* Adds a point: the standing now, or nothing when the rules define none. */
static int take_point(lua_State *L, Game *g, Course *c, int step)
{
    if (game_push_standing(g) != GAME_OK || !lua_istable(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    if (c->npoints == c->cap) {
        int cap = c->cap ? 2 * c->cap : 256;
        double *s = realloc(c->step, sizeof(double) * (size_t)cap);
        if (s)
            c->step = s;
        double *v = s ? realloc(c->value, sizeof(double) * (size_t)cap * (size_t)c->nseats) : NULL;
        if (!v) {
            lua_pop(L, 1);
            return 0;
        }
        c->value = v;
        c->cap = cap;
    }
    for (int s = 0; s < c->nseats; s++) {
        lua_rawgeti(L, -1, s + 1);
        c->value[(size_t)c->npoints * (size_t)c->nseats + (size_t)s] = lua_tonumber(L, -1);
        lua_pop(L, 1);
    }
    c->step[c->npoints++] = step;
    lua_pop(L, 1);
    return 1;
}

int course_read(lua_State *L, const char *rules_path, FILE *f, const char *named, Course *c,
                char **err)
{
    memset(c, 0, sizeof *c);
    *err = NULL;
    int top = lua_gettop(L);
    Game *g = NULL;
    char *line = NULL;
    size_t size = 0;
    long at = 0;
    int in_window = 0, step = 0;
    while (getline(&line, &size, f) > 0) {
        at++;
        json_t *j = json_loads(line, 0, NULL);
        const char *type = json_string_value(json_object_get(j, "type"));
        if (!type) {
            *err = strfmt("%s:%ld is not a line of a game record (run --json)", named, at);
            json_decref(j);
            break;
        }
        GameStatus st = GAME_OK;
        if (!g) {
            json_t *seats = json_object_get(j, "seats"), *options = json_object_get(j, "options");
            const char *game = json_string_value(json_object_get(j, "game"));
            const char *seed = json_string_value(json_object_get(j, "seed"));
            if (strcmp(type, "start") != 0 || !game || !seed || !json_is_array(seats) ||
                json_array_size(seats) < 1 || json_array_size(seats) > MAX_SEATS) {
                *err = strfmt("%s does not begin as a game record does (run --json: a \"start\" "
                              "line with the game, seed, seats and options)", named);
                json_decref(j);
                break;
            }
            snprintf(c->game, sizeof c->game, "%s", game);
            snprintf(c->seed, sizeof c->seed, "%s", seed);
            c->nseats = (int)json_array_size(seats);
            for (int s = 0; s < c->nseats; s++)
                c->seats[s] = strdup(json_string_value(json_array_get(seats, (size_t)s)) ? json_string_value(json_array_get(seats, (size_t)s)) : "?");
            char *opts = json_dumps(options ? options : json_object(), JSON_COMPACT);
            char why[200];
            int have_opts = opts && ljson_decode(L, opts, why, sizeof why);
            free(opts);
            if (!have_opts)
                lua_pushnil(L);
            g = game_new(L, game, rules_path, c->nseats, seed, have_opts ? -1 : 0, 0, err);
            json_decref(j);
            if (!g)
                break;
            take_point(L, g, c, 0);
            continue;
        }
        if (!strcmp(type, "ask")) {
            in_window = 0;
        } else if (!strcmp(type, "window")) {
            json_t *answers = json_object_get(j, "answers");
            int seats[MAX_SEATS], n = 0;
            const char *moves[MAX_SEATS];
            for (size_t i = 0; i < json_array_size(answers) && n < MAX_SEATS; i++, n++) {
                json_t *a = json_array_get(answers, i);
                seats[n] = (int)json_integer_value(json_object_get(a, "seat"));
                const char *move = json_string_value(json_object_get(a, "move"));
                moves[n] = move ? move : "";
            }
            st = game_window(g, n, seats, moves);
            in_window = 1;
            step++;
        } else if (!strcmp(type, "decision") && !in_window) {
            /* A window's answers come as its "window" line; the decisions after it are them. */
            const char *move = json_string_value(json_object_get(j, "move"));
            st = game_play(g, (int)json_integer_value(json_object_get(j, "seat")), move ? move : "");
            step++;
        } else {
            json_decref(j);
            continue;
        }
        int asked = !strcmp(type, "ask");
        json_decref(j); /* type was j's: not read after this */
        if (st != GAME_OK && st != GAME_OVER) {
            *err = strfmt("%s:%ld does not replay (were the rules changed since?): %s", named, at,
                          g->error ? g->error : "?");
            break;
        }
        if (!asked)
            take_point(L, g, c, step);
    }
    free(line);
    lua_settop(L, top);
    if (!*err && !g)
        *err = strfmt("%s holds no game record (run --json)", named);
    if (!*err && c->npoints == 0)
        *err = strfmt("%s: the rules of %s give no standing(t) to follow the game by", named, c->game);
    if (*err) {
        course_free(c);
        return 0;
    }
    return 1;
}

void course_free(Course *c)
{
    for (int s = 0; s < MAX_SEATS; s++)
        free(c->seats[s]);
    free(c->step);
    free(c->value);
    memset(c, 0, sizeof *c);
}
