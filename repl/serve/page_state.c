#include "page_state.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../render.h"
#include "page_table.h"
#include "../../core/referee/game_answer.h"

/* How many of the latest log entries a page shows. */
#define PAGE_LOG_ENTRIES 40

/* What a render function writes, as an array of its lines. */
static json_t *lines_of(char *text)
{
    json_t *lines = json_array();
    for (char *line = text, *end; line && *line; line = end ? end + 1 : NULL) {
        end = strchr(line, '\n');
        if (end)
            *end = '\0';
        json_array_append_new(lines, json_string(line));
    }
    return lines;
}

/* Opens a text in memory for a render function; done_lines closes it. */
typedef struct Captured {
    char *text;
    size_t len;
    FILE *out;
} Captured;

static FILE *capture(Captured *c)
{
    memset(c, 0, sizeof *c);
    c->out = open_memstream(&c->text, &c->len);
    return c->out;
}

static json_t *done_lines(Captured *c)
{
    if (!c->out)
        return json_array();
    fclose(c->out);
    json_t *lines = lines_of(c->text);
    free(c->text);
    return lines;
}

static json_t *seats_json(Match *s, const int *connected)
{
    json_t *seats = json_array();
    char name[64];
    for (int seat = 1; seat <= s->loop.nseats; seat++) {
        const Controller *c = &s->loop.seats[seat];
        json_array_append_new(
            seats, json_pack("{s:i, s:s, s:s, s:b}", "seat", seat, "name",
                             render_seat(seat, name, sizeof name), "plays",
                             controller_is_person(c) ? "person" : c->name ? c->name : "",
                             "connected", controller_is_person(c) ? connected[seat] > 0 : 1));
    }
    return seats;
}

/* The rules' status lines for seat, or an empty list when they fail (the
 * console says why). */
static json_t *status_json(Game *g, int seat)
{
    lua_State *L = g->L;
    int top = lua_gettop(L);
    json_t *lines = json_array();
    if (game_push_status(g, seat) == GAME_OK && lua_istable(L, top + 1))
        for (lua_Integer i = 1; lua_rawgeti(L, top + 1, i) == LUA_TSTRING; i++) {
            Captured c;
            if (capture(&c)) {
                render_text(c.out, lua_tostring(L, -1));
                json_array_extend(lines, done_lines(&c));
            }
            lua_pop(L, 1);
        }
    lua_settop(L, top);
    return lines;
}

/* What each card of the game does, as its rules say it for a person who
 * taps it (game.card_text: {Skip = "..."}); an object, empty when the
 * rules say nothing. Plain strings only: nothing of the rules runs. */
static json_t *card_text_json(Game *g)
{
    lua_State *L = g->L;
    int top = lua_gettop(L);
    json_t *texts = json_object();
    game_push_method(g, "card_text");
    if (lua_type(L, -1) == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TSTRING) {
                Captured c;
                if (capture(&c)) {
                    render_text(c.out, lua_tostring(L, -1));
                    json_t *lines = done_lines(&c);
                    json_object_set(texts, lua_tostring(L, -2), json_array_get(lines, 0));
                    json_decref(lines);
                }
            }
            lua_pop(L, 1);
        }
    }
    lua_settop(L, top);
    return texts;
}

static void add_move(const char *move, void *moves)
{
    json_array_append_new(moves, json_string(move));
}

/* The decision due as seat sees it: who is asked and, when it is seat,
 * its moves. */
static json_t *decision_json(Match *m, Game *g, int seat)
{
    const Ask *p;
    if (game_pending(g, &p) != GAME_OK)
        return json_null();
    json_t *waiting = json_array();
    int asked = 0;
    for (int i = 0; i < p->nseats; i++) {
        if (!match_answered(m, p->seats[i]))
            json_array_append_new(waiting, json_integer(p->seats[i]));
        asked |= p->seats[i] == seat && !match_answered(m, seat);
    }
    json_t *d = json_pack("{s:s, s:b, s:o}", "kind", p->kind, "window", p->window != 0,
                          "waiting", waiting);
    /* A claim window with a time: when it closes, silence passing. */
    double left = p->window ? match_window_left(m) : -1;
    if (left >= 0)
        json_object_set_new(d, "closes_in", json_integer((json_int_t)ceil(left)));
    if (!asked)
        return d;
    Captured c;
    if (ask_prompt(p) && capture(&c)) {
        render_text(c.out, ask_prompt(p));
        json_object_set_new(d, "prompt", done_lines(&c));
    }
    json_t *moves = json_array();
    game_moves_for_people(g, seat, p, add_move, moves);
    json_object_set_new(d, "moves", moves);
    json_t *open = json_array();
    size_t len;
    for (const char *w = p->open; *w; w += len + (w[len] == ' ')) {
        len = strcspn(w, " ");
        json_array_append_new(open, json_stringn(w, len));
    }
    json_object_set_new(d, "claims", open);
    json_object_set_new(d, "yours", json_true());
    return d;
}

static json_t *result_json(Game *g)
{
    if (game_push_result(g) != GAME_OK) {
        lua_pop(g->L, 1);
        return json_null();
    }
    Captured c;
    json_t *lines = json_null();
    if (!lua_isnil(g->L, -1) && capture(&c)) {
        render_result(c.out, g->L);
        lines = done_lines(&c);
    }
    lua_pop(g->L, 1);
    return lines;
}

char *page_state_json(Match *s, int seat, const int *connected, const char *notice, int nudged,
                      json_t *talk, json_t *clock)
{
    Game *g = s->loop.game;
    char name[64];
    json_t *page = json_pack("{s:s, s:i, s:s, s:o}", "game", g ? g->name : "", "seat", seat,
                             "you", seat ? render_seat(seat, name, sizeof name) : "a watcher",
                             "seats", seats_json(s, connected));
    if (g) {
        Captured c;
        json_object_set_new(page, "table", page_table_json(g->t, seat));
        json_object_set_new(page, "card_text", card_text_json(g));
        json_object_set_new(page, "status", status_json(g, seat));
        if (capture(&c)) {
            int from = g->t->log.n > PAGE_LOG_ENTRIES ? g->t->log.n - PAGE_LOG_ENTRIES : 0;
            render_log(c.out, g->t, from, seat);
            json_object_set_new(page, "log", done_lines(&c));
        }
        json_object_set_new(page, "moves_played", json_integer(g->nmoves));
        const Ask *p;
        GameStatus st = game_pending(g, &p);
        json_object_set_new(page, "decision", decision_json(s, g, seat));
        json_object_set_new(page, "result", st == GAME_OVER ? result_json(g) : json_null());
    }
    if (notice)
        json_object_set_new(page, "notice", json_string(notice));
    if (nudged)
        json_object_set_new(page, "nudged", json_integer(nudged));
    if (talk)
        json_object_set(page, "talk", talk);
    if (clock) {
        /* The move made at zero is its seat's alone to read: a rules'
         * default answer may name a card of the hand ("discard 7H"). */
        json_t *c = json_deep_copy(clock);
        if (json_integer_value(json_object_get(c, "seat")) != seat)
            json_object_del(c, "then");
        json_object_set_new(page, "clock", c);
    }
    char *text = json_dumps(page, JSON_COMPACT);
    json_decref(page);
    return text;
}

char *page_state_with_dice(const char *last, int typist, int n, int faces, int yours)
{
    json_t *page = last ? json_loads(last, 0, NULL) : NULL;
    if (!page)
        return NULL;
    json_object_set_new(page, "dice", json_pack("{s:i, s:i, s:i, s:b}", "seat", typist, "n", n,
                                                "faces", faces, "yours", yours));
    char *text = json_dumps(page, JSON_COMPACT);
    json_decref(page);
    return text;
}
