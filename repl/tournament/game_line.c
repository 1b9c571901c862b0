/* A tournament game's line. Most lines are written straight into their
 * bytes: building each as the JSON library's objects and printing them
 * was a sixth of a short game's cost with --out. A line reads byte for
 * byte as the library writes it (compact, fields in order): whatever this
 * writer cannot be sure to spell the library's way (a text with a quote,
 * a control or a byte beyond ASCII, a list holding a fraction, an error)
 * makes it give up, and the line is built by the library instead. */
#include "game_line.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../core/kernel/strfmt.h"
#include "../../core/lua/lua_json.h"
#include "game_lines.h"

/* ---- written directly ---- */

typedef struct Text {
    char buf[2048];
    size_t len;
    int failed; /* too long, or a part the library would spell otherwise */
} Text;

static void put(Text *t, const char *s, size_t n)
{
    if (t->failed || t->len + n >= sizeof t->buf) {
        t->failed = 1;
        return;
    }
    memcpy(t->buf + t->len, s, n);
    t->len += n;
}

static void put_raw(Text *t, const char *s) { put(t, s, strlen(s)); }

static void put_int(Text *t, long long v)
{
    char digits[STRFMT_INT_SIZE];
    put(t, digits, strfmt_int(digits, v)); /* (snprintf was two thirds of a line's cost) */
}

/* A text the library writes as it is: printable ASCII, no quote or
 * backslash (seeds, bots' names and the tournament's id always are). */
static void put_string(Text *t, const char *s)
{
    for (const char *c = s; *c; c++)
        if (*c < 0x20 || *c > 0x7e || *c == '"' || *c == '\\')
            t->failed = 1;
    put(t, "\"", 1);
    put_raw(t, s);
    put(t, "\"", 1);
}

static void put_field(Text *t, const char *key)
{
    put(t, ",\"", 2);
    put_raw(t, key);
    put(t, "\":", 2);
}

static void put_ints(Text *t, const int *v, int n)
{
    put(t, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i)
            put(t, ",", 1);
        put_int(t, v[i]);
    }
    put(t, "]", 1);
}

/* A list of whole numbers from the table at idx. */
static void put_lua_ints(Text *t, lua_State *L, int idx)
{
    put(t, "[", 1);
    for (lua_Integer i = 1, n = (lua_Integer)lua_rawlen(L, idx); i <= n; i++) {
        lua_rawgeti(L, idx, i);
        if (!lua_isinteger(L, -1))
            t->failed = 1;
        if (i > 1)
            put(t, ",", 1);
        put_int(t, (long long)lua_tointeger(L, -1));
        lua_pop(L, 1);
    }
    put(t, "]", 1);
}

static void put_outcome_text(Text *t, lua_State *L, const GameLineParts *p)
{
    const SeatLoop *l = p->loop;
    if (l->stopped) {
        put_raw(t, ",\"winners\":[],\"stopped\":");
        put_int(t, l->max_moves);
    } else if (l->forfeited) {
        int w[MAX_SEATS], n = 0;
        for (int i = 1; i <= p->k; i++)
            if (i != l->forfeited)
                w[n++] = i;
        put_field(t, "winners");
        put_ints(t, w, n);
        put_field(t, "forfeit");
        put_int(t, l->forfeited);
    } else if (p->result_at) {
        static const char *const lists[] = {"winners", "scores", "places"};
        for (int i = 0; i < 3; i++) {
            if (i == 2 && p->places) {
                put_field(t, lists[i]);
                put_ints(t, p->places, p->k);
                continue;
            }
            lua_getfield(L, p->result_at, lists[i]);
            if (i == 0 || !lua_isnil(L, -1)) {
                put_field(t, lists[i]);
                put_lua_ints(t, L, lua_gettop(L));
            }
            lua_pop(L, 1);
        }
    } else {
        t->failed = 1;
    }
}

static char *direct_line(lua_State *L, const GameLineParts *p)
{
    if (!p->started || p->status != GAME_OVER)
        return NULL; /* an error: its words are any bytes (and no game may be there) */
    Text t;
    t.len = 0;
    t.failed = 0;
    put_raw(&t, "{\"game\":");
    put_int(&t, p->game);
    put_field(&t, "tournament");
    put_string(&t, p->tournament);
    put_field(&t, "seed");
    put_string(&t, p->seed);
    put_raw(&t, ",\"seats\":[");
    for (int i = 0; i < p->k; i++) {
        if (i)
            put(&t, ",", 1);
        put_string(&t, p->seats[i]);
    }
    put(&t, "]", 1);
    put_outcome_text(&t, L, p);
    put_field(&t, "faults");
    put_ints(&t, p->loop->faults + 1, p->k);
    put_field(&t, "moves");
    put_int(&t, p->loop->game->nmoves);
    put(&t, "}", 2); /* the brace and the end of the text */
    return t.failed ? NULL : game_line_seal(t.buf);
}

/* ---- built by the JSON library ---- */

/* A list of numbers that result_check let through (winners, scores,
 * places) as JSON: whole numbers made directly, the rest (a fraction)
 * through the canonical encoder, so a line reads as it always has. */
static json_t *number_list(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    json_t *list = json_array();
    lua_Integer n = (lua_Integer)lua_rawlen(L, idx);
    for (lua_Integer i = 1; list && i <= n; i++) {
        lua_rawgeti(L, idx, i);
        int whole = lua_isinteger(L, -1);
        lua_Integer v = lua_tointeger(L, -1);
        lua_pop(L, 1);
        if (!whole) {
            json_decref(list);
            char e[100];
            char *text = ljson_encode(L, idx, e, sizeof e);
            list = text ? json_loads(text, JSON_DECODE_ANY, NULL) : NULL;
            free(text);
            return list;
        }
        json_array_append_new(list, json_integer((json_int_t)v));
    }
    return list;
}

/* How the game ended (from the seat loop): its winners (nobody, when
 * stopped at the move limit; all but the seat that forfeited), scores and
 * places, or the error; and each seat's faults. */
static void put_outcome(json_t *line, lua_State *L, const GameLineParts *p)
{
    const SeatLoop *l = p->loop;
    if (p->status == GAME_OVER && l->stopped) {
        json_object_set_new(line, "winners", json_array());
        json_object_set_new(line, "stopped", json_integer(l->max_moves));
    } else if (p->status == GAME_OVER && l->forfeited) {
        json_t *w = json_array();
        for (int i = 1; i <= p->k; i++)
            if (i != l->forfeited)
                json_array_append_new(w, json_integer(i));
        json_object_set_new(line, "winners", w);
        json_object_set_new(line, "forfeit", json_integer(l->forfeited));
    } else if (p->status == GAME_OVER && p->result_at) {
        lua_getfield(L, p->result_at, "winners");
        lua_getfield(L, p->result_at, "scores");
        lua_getfield(L, p->result_at, "places");
        json_t *w = number_list(L, -3);
        json_object_set_new(line, "winners", w ? w : json_array());
        if (!lua_isnil(L, -2))
            json_object_set_new(line, "scores", number_list(L, -2));
        if (p->places) {
            json_t *places = json_array();
            for (int i = 0; i < p->k; i++)
                json_array_append_new(places, json_integer(p->places[i]));
            json_object_set_new(line, "places", places);
        } else if (!lua_isnil(L, -1)) {
            json_object_set_new(line, "places", number_list(L, -1));
        }
        lua_pop(L, 3);
    } else {
        const char *error = l->game->error;
        json_object_set_new(line, "error", json_string(error ? error : "no result"));
    }
    json_t *faults = json_array();
    for (int i = 1; i <= p->k; i++)
        json_array_append_new(faults, json_integer(l->faults[i]));
    json_object_set_new(line, "faults", faults);
    json_object_set_new(line, "moves", json_integer(l->game->nmoves));
}

static char *library_line(lua_State *L, const GameLineParts *p)
{
    json_t *line = json_pack("{s:I, s:s, s:s}", "game", (json_int_t)p->game, "tournament",
                             p->tournament, "seed", p->seed);
    json_t *seats = json_array();
    for (int i = 0; i < p->k; i++)
        json_array_append_new(seats, json_string(p->seats[i]));
    json_object_set_new(line, "seats", seats);
    if (!p->started)
        json_object_set_new(line, "error", json_string(p->why ? p->why : "?"));
    else
        put_outcome(line, L, p);
    char *text = json_dumps(line, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(line);
    char *sealed = text ? game_line_seal(text) : NULL;
    free(text);
    return sealed;
}

char *game_line_text(lua_State *L, const GameLineParts *p)
{
    char *line = direct_line(L, p);
    return line ? line : library_line(L, p);
}
