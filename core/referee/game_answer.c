/* game_answer: what makes an answer typed or sent a legal move: listed,
 * named at a real deck, or judged by the rules; and when it is not, why,
 * in the rules' words and with the moves a person may make. */
#include "game_answer.h"

#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include "../kernel/ask_match.h"
#include "../kernel/move_text.h"
#include "../kernel/spelling.h"
#include "../kernel/strfmt.h"
#include "game_reading.h"
#include "table_mode.h"

int game_moves_for_people(Game *g, int seat, const Ask *p, void (*each)(const char *move, void *ctx),
                          void *ctx)
{
    int n = 0;
    char as_read[512];
    for (int k = 0; k < p->nseats; k++) {
        if (p->seats[k] != seat)
            continue;
        for (int i = p->first[k]; i < p->first[k] + p->count[k]; i++) {
            if (!ask_move_shown(p, ask_move(p, i)))
                continue;
            /* At a real deck the moves of unknown cards read "CARD", once. */
            const char *move = game_move_for_people(g, seat, ask_move(p, i), as_read, sizeof as_read);
            if (move == as_read && game_read_before(g, seat, p, p->first[k], i, move))
                continue;
            each(move, ctx);
            n++;
        }
    }
    return n;
}

/* An answer not among the listed moves but beginning with the ask's open
 * word: the rules' judge(t, seat, text) makes it a move (its canonical
 * text), or refuses it with why. NULL with the error set when refused;
 * NULL without when the rules judge nothing. */
static const char *judge_answer(Game *g, int seat, const char *text)
{
    lua_State *L = g->L;
    const Ask *p = &g->t->ask;
    char typed[512];
    ask_normalise(text, typed, sizeof typed);
    size_t len;
    if (!ask_open(p) || !ask_open_word(p->open, typed, &len))
        return NULL;
    game_push_method(g, "judge");
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return NULL;
    }
    game_push_table(g);
    lua_pushinteger(L, seat);
    lua_pushstring(L, typed);
    if (game_read_rules(g, &GAME_READ_JUDGE, 3) != GAME_OK) {
        lua_pop(L, 2);
        return NULL;
    }
    const char *move = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
    const char *problem = move ? move_text_problem(move, strlen(move)) : NULL;
    if (!move || problem || !ask_open_word(p->open, move, &len)) {
        char shown[84];
        strfmt_shown(typed, shown, sizeof shown);
        if (move)
            game_set_error(g, "the rules' judge() made '%s' of it, which is not a move that begins "
                              "with %s'%s'%s%s", shown, strchr(p->open, ' ') ? "one of " : "",
                           p->open, problem ? ": " : "", problem ? problem : "");
        else
            game_set_error(g, "'%s' is not a legal move: %s", shown,
                           lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                          : "the rules refuse it");
        lua_pop(L, 2);
        return NULL;
    }
    free(g->judged);
    g->judged = strdup(move);
    lua_pop(L, 2);
    if (!g->judged)
        game_set_error(g, "out of memory");
    return g->judged;
}

/* A move the table makes of an answer not listed (at a real deck: a
 * listed move with its unknown cards named as typed), or NULL with why
 * when a name typed is of a card shown elsewhere. */
static const char *table_answer(Game *g, int seat, const char *text)
{
    char typed[512], canon[512], why[200];
    ask_normalise(text, typed, sizeof typed);
    if (!table_mode(g->t)->answer(g->t, seat, typed, canon, sizeof canon, why, sizeof why)) {
        if (why[0])
            game_set_error(g, "'%s' cannot be played: %s", typed, why);
        return NULL;
    }
    free(g->judged);
    g->judged = strdup(canon);
    if (!g->judged)
        game_set_error(g, "out of memory");
    return g->judged;
}

/* Whether the table lets seat play the legal move canon (at a real deck:
 * a card that follows suit as far as the referee can see); the error says
 * why not. */
static int table_allows(Game *g, int seat, const char *canon)
{
    char why[200];
    if (!table_mode(g->t)->refuses(g->t, seat, canon, why, sizeof why))
        return 1;
    game_set_error(g, "'%s' cannot be played: %s", canon, why);
    return 0;
}

/* A legal answer's canonical text: listed, or judged by the rules. NULL
 * with the error set when judged and refused, or without it. */
const char *game_accept_answer(Game *g, int seat, const char *text)
{
    free(g->error);
    g->error = NULL;
    const char *canon = game_match(g, seat, text);
    if (!canon)
        canon = table_answer(g, seat, text);
    if (canon || g->error)
        return canon && table_allows(g, seat, canon) ? canon : NULL;
    return judge_answer(g, seat, text);
}

static void seat_list(const Ask *p, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < p->nseats && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%d", i ? ", " : "", p->seats[i]);
}

/* The legal moves of an explanation, listed: the first 16 of a long list,
 * the rest counted. */
typedef struct Listed {
    char *buf;
    size_t size, n;
    int shown, more, long_list;
} Listed;

static void list_move(const char *move, void *ctx)
{
    Listed *l = ctx;
    if (l->shown == 16 && l->long_list) {
        l->more++;
        return;
    }
    if (l->n < l->size)
        l->n += (size_t)snprintf(l->buf + l->n, l->size - l->n, "%s%s", l->n ? ", " : "", move);
    l->shown++;
}

/* The legal moves kept to look for the one a slip of the finger meant. */
#define NEAR_MOST 512
typedef struct Kept {
    char *move[NEAR_MOST];
    int n;
} Kept;

static void keep_move(const char *move, void *ctx)
{
    Kept *k = ctx;
    if (k->n < NEAR_MOST && !strstr(move, "CARD"))
        k->move[k->n] = strdup(move), k->n += k->move[k->n] != NULL;
}

/* Whether two texts begin with the same word, ignoring case. */
static int same_first_word(const char *a, const char *b)
{
    a += strspn(a, " \t");
    b += strspn(b, " \t");
    size_t la = strcspn(a, " \t"), lb = strcspn(b, " \t");
    return la == lb && strncasecmp(a, b, la) == 0;
}

/* "did you mean 'turn AH'?" for 'trun AH': when the text's first word is
 * a word (lower case letters: a verb, not a card's name such as 9H) that
 * begins none of seat's legal moves, the legal move it is one or two slips
 * from (spelling.h), into buf; "" for none. A verb rightly typed ('turn
 * 9H' of a card not held) is the rules' to explain, not a slip. */
static void nearest_move(Game *g, int seat, const Ask *p, const char *text, char *buf, size_t size)
{
    Kept k = {.n = 0};
    buf[0] = '\0';
    if (ask_open(p)) /* a claim is the person's to find, not to be suggested */
        return;
    const char *word = text + strspn(text, " \t");
    int lower = 0;
    for (const char *c = word; *c && *c != ' ' && *c != '\t'; c++)
        lower |= islower((unsigned char)*c);
    if (!lower)
        return;
    game_moves_for_people(g, seat, p, keep_move, &k);
    int verb_known = 0;
    for (int i = 0; i < k.n && !verb_known; i++)
        verb_known = same_first_word(k.move[i], text);
    const char *near = verb_known ? NULL : spelling_nearest(text, (const char *const *)k.move, k.n);
    if (near)
        snprintf(buf, size, " (did you mean '%s'?)", near);
    for (int i = 0; i < k.n; i++)
        free(k.move[i]);
}

/* Sets the error for an answer that is not a legal move: the rules'
 * explanation when they give one, and the legal moves. */
static void explain_illegal(Game *g, int seat, const char *text)
{
    lua_State *L = g->L;
    const Ask *p = &g->t->ask;
    int slot = ask_slot_of(p, seat);
    char list[1024];
    size_t n = 0;
    int more = 0;
    list[0] = '\0';
    if (ask_open(p)) /* the claims a person's cards make are not given away */
        n += (size_t)snprintf(list, sizeof list, "%s and %s cards", p->open,
                              strchr(p->open, ' ') ? "their" : "its");
    Listed l = {.buf = list, .size = sizeof list, .n = n, .long_list = p->count[slot] >= 20};
    game_moves_for_people(g, seat, p, list_move, &l);
    n = l.n;
    more = l.more;
    char *legal = more ? strfmt("legal moves: %s and %d more ('moves' lists them all)", list, more)
                       : strfmt("legal moves: %s", list);

    /* The rules' reason, or their fault in giving one, told with the rest. */
    char *reason = NULL, *fault = NULL;
    game_push_method(g, "explain");
    if (lua_isfunction(L, -1)) {
        game_push_table(g);
        lua_pushinteger(L, seat);
        lua_pushstring(L, text);
        if (game_read_rules(g, &GAME_READ_EXPLAIN, 3) != GAME_OK)
            fault = g->error, g->error = NULL;
        else if (lua_type(L, -1) == LUA_TSTRING)
            reason = strfmt("%s", lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    char typed[84], near[200];
    strfmt_shown(text, typed, sizeof typed);
    nearest_move(g, seat, p, text, near, sizeof near); /* the move a slip was from, if one is */
    if (reason)
        game_set_error(g, "'%s' is not a legal move%s: %s; %s", typed, near, reason, legal);
    else
        game_set_error(g, "'%s' is not a legal move for seat %d now (%s)%s; %s%s%s", typed, seat,
                       p->kind, near, legal, fault ? "; and " : "", fault ? fault : "");
    free(reason);
    free(fault);
    free(legal);
}

/* Checks an answer; returns the canonical text (valid until the next move). */
const char *game_check_answer(Game *g, int seat, const char *text)
{
    const Ask *p = &g->t->ask;
    if (ask_slot_of(p, seat) < 0) {
        char seats[64];
        seat_list(p, seats, sizeof seats);
        if (p->window)
            game_set_error(g, "seat %d may not answer now: the claim window is open to seat%s %s",
                      seat, p->nseats > 1 ? "s" : "", seats);
        else
            game_set_error(g, "it is not seat %d's turn: seat %d is to %s", seat, p->seats[0],
                      p->kind);
        return NULL;
    }
    /* A move taken from the list (a bot's, the random seat's) is canonical. */
    int slot = ask_slot_of(p, seat);
    for (int i = p->first[slot]; i < p->first[slot] + p->count[slot]; i++)
        if (ask_move(p, i) == text)
            return text;
    const char *canon = game_accept_answer(g, seat, text);
    if (!canon && !g->error)
        explain_illegal(g, seat, text);
    return canon;
}

const char *game_default_answer(Game *g, int seat)
{
    lua_State *L = g->L;
    const Ask *p;
    if (game_pending(g, &p) != GAME_OK || ask_slot_of(p, seat) < 0)
        return NULL;
    free(g->error); /* (set again only when the rules fail or give a bad move) */
    g->error = NULL;
    game_push_method(g, "default_answer");
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        const char *pass = game_check_answer(g, seat, "pass");
        free(g->error);
        g->error = NULL;
        return pass;
    }
    game_push_table(g);
    lua_pushinteger(L, seat);
    if (game_read_rules(g, &GAME_READ_DEFAULT, 2) != GAME_OK) {
        lua_pop(L, 1);
        return NULL;
    }
    char move[REPLY_TEXT_MAX + 1];
    int given = lua_type(L, -1) == LUA_TSTRING;
    snprintf(move, sizeof move, "%s", given ? lua_tostring(L, -1) : "");
    lua_pop(L, 1);
    if (!given)
        return NULL;
    const char *canon = game_check_answer(g, seat, move);
    if (!canon) {
        char shown[84];
        game_set_error(g, "the rules' default_answer() gave '%s', which is not a legal move now",
                       strfmt_shown(move, shown, sizeof shown));
    }
    return canon;
}

const char *game_answer(Game *g, int seat, const char *text)
{
    const Ask *p;
    if (game_pending(g, &p) != GAME_OK)
        return NULL;
    return game_check_answer(g, seat, text);
}

