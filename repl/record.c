#include "record.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include "../core/lua/lua_json.h"

static void emit(FILE *out, json_t *obj)
{
    char *text = json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER);
    fprintf(out, "%s\n", text ? text : "{}");
    free(text);
    json_decref(obj);
}

/* A Lua value as a jansson value (through our canonical encoder). */
static json_t *lua_to_json(lua_State *L, int idx)
{
    char err[200];
    char *text = ljson_encode(L, idx, err, sizeof err);
    json_t *v = text ? json_loads(text, JSON_DECODE_ANY, NULL) : NULL;
    free(text);
    return v ? v : json_string(err);
}

void record_start(FILE *out, Match *s)
{
    Game *g = s->loop.game;
    json_t *seats = json_array();
    for (int i = 1; i <= s->loop.nseats; i++)
        json_array_append_new(seats, json_string(s->loop.seats[i].name));
    game_push_options(g);
    json_t *opts = lua_to_json(s->L, -1);
    lua_pop(s->L, 1);
    emit(out, json_pack("{s:s, s:s, s:s, s:s, s:o, s:o}", "type", "start", "format", RECORD_FORMAT,
                        "game", g->name, "seed", g->seed, "seats", seats, "options", opts));
}

static json_t *seat_set(uint32_t mask, int nseats)
{
    if (mask == ALL_SEATS)
        return json_string("all");
    json_t *a = json_array();
    for (int s = 1; s <= nseats; s++)
        if (mask & (1u << s))
            json_array_append_new(a, json_integer(s));
    return a;
}

static json_t *entry_json(const Table *t, const LogEntry *e)
{
    const char *kind = log_kind_name((LogKind)e->kind);
    const char *card = e->a >= 1 && e->a <= t->deck.n ? t->deck.cards[e->a].name : "?";
    switch ((LogKind)e->kind) {
    case LOG_DECISION:
        return e->n ? json_pack("{s:s, s:i, s:s, s:b}", "type", kind, "seat", e->seat, "move",
                                log_text(&t->log, e), "hidden", 1)
                    : json_pack("{s:s, s:i, s:s}", "type", kind, "seat", e->seat, "move",
                                log_text(&t->log, e));
    case LOG_SHUFFLE: {
        json_t *order = json_array();
        /* The order the shuffle produced, bottom first, kept in the entry. */
        char buf[CARD_NAME_LEN * MAX_CARDS + 1];
        snprintf(buf, sizeof buf, "%s", e->text ? log_text(&t->log, e) : "");
        for (char *save = NULL, *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
            json_array_append_new(order, json_string(w));
        return json_pack("{s:s, s:s, s:o}", "type", kind, "zone", t->zones.z[e->a].name, "order",
                         order);
    }
    case LOG_MOVE:
        return json_pack("{s:s, s:s, s:s, s:s, s:b}", "type", kind, "card", card, "from",
                         e->b ? t->zones.z[e->b].name : "", "to", t->zones.z[e->c].name,
                         "bottom", log_move_bottom(e));
    case LOG_REVEAL:
        return json_pack("{s:s, s:s, s:o}", "type", kind, "card", card, "to",
                         seat_set((uint32_t)e->n, t->seats.n));
    case LOG_ROLL:
    case LOG_DIE_SET:
        return json_pack("{s:s, s:i, s:i}", "type", kind, "die", e->a, "value", e->b);
    case LOG_DIE_REVEAL:
        return json_pack("{s:s, s:i, s:i, s:o}", "type", kind, "die", e->a, "value", e->b, "to",
                         seat_set((uint32_t)e->n, t->seats.n));
    case LOG_TRANSFER: {
        const Transfer *x = &t->ledger.journal[e->a];
        return json_pack("{s:s, s:s, s:s, s:I, s:s}", "type", kind, "from",
                         t->ledger.a[x->from].name, "to", t->ledger.a[x->to].name, "amount",
                         (json_int_t)x->amount, "reason", x->reason);
    }
    case LOG_NOTE:
        return json_pack("{s:s, s:i, s:s}", "type", kind, "seat", e->seat, "text",
                         e->text ? log_text(&t->log, e) : "");
    case LOG_ELIMINATE:
        return json_pack("{s:s, s:i}", "type", kind, "seat", e->a);
    case LOG_EVENT: {
        /* {"type": "event", "event": name, ...its fields} */
        json_t *fields = json_loads(e->text ? log_text(&t->log, e) : "{}", 0, NULL);
        json_t *line = json_pack("{s:s}", "type", kind);
        if (json_is_object(fields))
            json_object_update(line, fields);
        json_decref(fields);
        return line;
    }
    default:
        return json_pack("{s:s}", "type", kind);
    }
}

void record_ask(FILE *out, Match *s)
{
    const Ask *p;
    if (game_pending(s->loop.game, &p) != GAME_OK)
        return;
    json_t *seats = json_array(), *moves = json_object();
    for (int i = 0; i < p->nseats; i++) {
        json_t *list = json_array();
        for (int k = p->first[i]; k < p->first[i] + p->count[i]; k++)
            json_array_append_new(list, json_string(ask_move(p, k)));
        char seat[8];
        snprintf(seat, sizeof seat, "%d", p->seats[i]);
        json_object_set_new(moves, seat, list);
        json_array_append_new(seats, json_integer(p->seats[i]));
    }
    json_t *line = json_pack("{s:s, s:s, s:o, s:o}", "type", "ask", "kind", p->kind, "seats", seats,
                             "moves", moves);
    if (ask_prompt(p))
        json_object_set_new(line, "prompt", json_string(p->prompt));
    if (p->hidden)
        json_object_set_new(line, "hidden", json_true());
    if (p->window) {
        json_object_set_new(line, "window", json_true());
        json_object_set_new(line, "policy", json_string(claim_policy_name((ClaimPolicy)p->policy)));
        json_object_set_new(line, "start", json_integer(p->order_from));
        if (ask_open(p))
            json_object_set_new(line, "open", json_string(p->open));
    }
    emit(out, line);
}

void record_window(FILE *out, Match *s)
{
    Game *g = s->loop.game;
    if (!g->window_group || g->window_group == s->window_shown)
        return;
    s->window_shown = g->window_group;
    json_t *answers = json_array(), *order = json_array();
    for (int i = 0; i < g->nmoves; i++)
        if (g->moves[i].group == g->window_group)
            json_array_append_new(answers, json_pack("{s:i, s:s}", "seat", g->moves[i].seat, "move",
                                                     game_move_text(g, i)));
    for (int i = 0; i < g->window_n; i++)
        json_array_append_new(order, json_integer(g->window_order[i]));
    emit(out, json_pack("{s:s, s:o, s:o}", "type", "window", "answers", answers, "order", order));
}

void record_entries(FILE *out, Match *s, int from)
{
    const Table *t = s->loop.game->t;
    for (int i = from; i < t->log.n; i++)
        emit(out, entry_json(t, &t->log.e[i]));
}

void record_fault(FILE *out, Match *s, int seat, const char *why)
{
    emit(out, json_pack("{s:s, s:i, s:s, s:i, s:s}", "type", "fault", "seat", seat, "bot",
                        bot_name(s->loop.seats[seat].bot), "move", s->loop.game->nmoves + 1, "reason", why));
}

void record_forfeit(FILE *out, Match *s)
{
    json_t *winners = json_array(), *faults = json_array();
    for (int i = 1; i <= s->loop.nseats; i++) {
        if (i != s->loop.forfeited)
            json_array_append_new(winners, json_integer(i));
        json_array_append_new(faults, json_integer(s->loop.faults[i]));
    }
    emit(out, json_pack("{s:s, s:i, s:o, s:i, s:o}", "type", "result", "forfeit", s->loop.forfeited,
                        "winners", winners, "moves", s->loop.game->nmoves, "faults", faults));
}

void record_stopped(FILE *out, Match *s)
{
    json_t *faults = json_array();
    for (int i = 1; i <= s->loop.nseats; i++)
        json_array_append_new(faults, json_integer(s->loop.faults[i]));
    json_t *line = json_pack("{s:s}", "type", "result");
    if (s->loop.interrupted)
        json_object_set_new(line, "interrupted", json_true());
    else
        json_object_set_new(line, "stopped", json_integer(s->loop.max_moves));
    json_object_set_new(line, "winners", json_array());
    json_object_set_new(line, "moves", json_integer(s->loop.game->nmoves));
    json_object_set_new(line, "faults", faults);
    emit(out, line);
}

/* The fields result_check vouches for, when the whole result cannot be
 * written (a field the rules added holds a function, say, or a table held
 * in too many places): the record keeps the outcome, and says why the rest
 * is missing rather than dropping the lot. */
static void put_checked_fields(lua_State *L, json_t *obj, const char *why)
{
    static const char *const CHECKED[] = {"winners", "scores", "message", "places"};
    for (size_t i = 0; i < sizeof CHECKED / sizeof *CHECKED; i++) {
        if (lua_getfield(L, -1, CHECKED[i]) != LUA_TNIL)
            json_object_set_new(obj, CHECKED[i], lua_to_json(L, -1));
        lua_pop(L, 1);
    }
    json_object_set_new(obj, "unrecorded", json_sprintf("the rest of the result cannot be "
                                                        "written as JSON: %s", why));
}

void record_result(FILE *out, Match *s)
{
    json_t *r = lua_to_json(s->L, -1);
    json_t *obj = json_pack("{s:s}", "type", "result");
    if (json_is_object(r))
        json_object_update(obj, r);
    else if (lua_istable(s->L, -1))
        put_checked_fields(s->L, obj, json_is_string(r) ? json_string_value(r) : "?");
    json_decref(r);
    json_object_set_new(obj, "moves", json_integer(s->loop.game->nmoves));
    json_t *faults = json_array();
    for (int i = 1; i <= s->loop.nseats; i++)
        json_array_append_new(faults, json_integer(s->loop.faults[i]));
    json_object_set_new(obj, "faults", faults);
    emit(out, obj);
}

void record_hash(FILE *out, Match *s)
{
    fprintf(out, "%d %016llx\n", s->loop.game->nmoves, (unsigned long long)game_hash(s->loop.game));
}
