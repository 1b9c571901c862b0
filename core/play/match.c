/* match: a seated game and what people add to it (match.h): starting it
 * from a MatchSpec, its seats and the people's names. */
#include "match.h"
#include "match_spare.h"

#include <ctype.h>
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "../guards/watchdog.h"
#include "../kernel/strfmt.h"
#include "../referee/game_physical.h"
#include "../referee/rules_loader.h"
#include "../referee/rules_players.h"

void match_init(Match *m, lua_State *L, const char *rules_path, const char *bots_path)
{
    memset(m, 0, sizeof *m);
    seat_loop_init(&m->loop, L);
    m->L = L;
    m->rules_path = rules_path;
    m->bots_path = bots_path;
}


void match_drop_game(Match *m)
{
    match_keep_spare(m);
    free(m->spare_key);
    m->spare_key = NULL;
    seat_loop_drop(&m->loop);
    m->log_shown = 0;
}

void match_close(Match *m)
{
    match_drop_game(m);
    match_clear_window(m);
    free(m->saved_record);
    m->saved_record = NULL;
}

/* Sets up the seats from their words: human, random or a bot. */
static int parse_seats(Match *m, const MatchSpec *spec, const char *list, int *n, char **err, int *usage)
{
    char buf[512];
    *n = 0;
    size_t len = strlen(list);
    if (len >= sizeof buf) {
        *err = strdup("--seats is too long: at most 511 characters");
        return 0;
    }
    if (len && (list[0] == ',' || list[len - 1] == ',' || strstr(list, ",,"))) {
        *err = strfmt("--seats '%s' has an empty entry: name one seat between commas, such as "
                      "human,random,random", list);
        return 0;
    }
    memcpy(buf, list, len + 1);
    for (char *save = NULL, *w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save))
        if (!seat_loop_take_seat(&m->loop, n, w, m->bots_path, spec->bot_budget, spec->bot_memory,
                                 err, usage))
            return 0;
    if (*n == 0) {
        *err = strdup("--seats needs at least one seat, such as --seats human,random");
        return 0;
    }
    return 1;
}

static int adopt_game(Match *m, Game *g)
{
    seat_loop_adopt(&m->loop, g);
    return 1;
}


/* With no --seats: the game's smallest table, one person and bots (play),
 * or all bots (run). */
static int default_seats(Match *m, const MatchSpec *spec, char **err, int *usage)
{
    char path[4096];
    if (!rules_load_definition(m->L, spec->game, m->rules_path)) {
        *usage = !rules_find(spec->game, m->rules_path, path, sizeof path);
        *err = strdup(lua_tostring(m->L, -1));
        lua_pop(m->L, 1);
        return 0;
    }
    lua_Integer n = 2;
    if (lua_getfield(m->L, -1, "players") == LUA_TTABLE) {
        lua_getfield(m->L, -1, "min");
        n = luaL_optinteger(m->L, -1, 2);
        lua_pop(m->L, 1);
    }
    lua_pop(m->L, 1);
    /* At the REPL the game's own bot (default_bot) plays the others. */
    char bot[64] = "random";
    if (lua_getfield(m->L, -1, "default_bot") == LUA_TSTRING && spec->default_seats_human)
        snprintf(bot, sizeof bot, "%s", lua_tostring(m->L, -1));
    lua_pop(m->L, 2);
    if (n < 1 || n > MAX_SEATS)
        n = 2;
    char list[64 * MAX_SEATS + 16] = "";
    for (int i = 1; i <= n; i++) {
        strcat(list, i > 1 ? "," : "");
        strcat(list, i == 1 && spec->default_seats_human ? "human" : bot);
    }
    int k;
    if (!parse_seats(m, spec, list, &k, err, usage))
        return 0;
    m->loop.nseats = k;
    return 1;
}

void match_push_sets(lua_State *L, const char *const *sets, int n)
{
    lua_createtable(L, 0, n);
    for (int i = 0; i < n; i++) {
        const char *eq = strchr(sets[i], '=');
        lua_pushlstring(L, sets[i], (size_t)(eq - sets[i]));
        lua_pushstring(L, eq + 1);
        lua_settable(L, -3);
    }
}

/* Whether each person sits where the game lets a person sit (its
 * players.people: the app's "You" is seat 1). 0 and why when not. */
static int people_fit(Match *m, const MatchSpec *spec, char **err)
{
    int people = 0;
    for (int i = 1; i <= m->loop.nseats; i++)
        people += controller_is_person(&m->loop.seats[i]);
    if (!people) /* a tournament's games, run: nobody to seat */
        return 1;
    int top = lua_gettop(m->L);
    if (!rules_definition(m->L, spec->game, m->rules_path)) {
        lua_settop(m->L, top); /* game_new says what is wrong with the game */
        return 1;
    }
    uint32_t may = rules_people(m->L, -1);
    char bot[64] = "random";
    if (lua_getfield(m->L, -1, "default_bot") == LUA_TSTRING)
        snprintf(bot, sizeof bot, "%s", lua_tostring(m->L, -1));
    lua_settop(m->L, top);
    for (int i = 1; i <= m->loop.nseats; i++) {
        if (!controller_is_person(&m->loop.seats[i]) || (may & 1u << i))
            continue;
        int first = 1;
        while (first < MAX_SEATS && !(may & 1u << first))
            first++;
        *err = strfmt("%s: a person plays seat %d, not seat %d (the game is played from there), "
                      "such as --seats %s%s%s", spec->game, first, i, first == 1 ? "human," : bot,
                      first == 1 ? bot : ",...", first == 1 ? ",..." : "");
        return 0;
    }
    return 1;
}

/* What a person's name would be mistaken for, or NULL: a word of --seats
 * (human, random) or a bot, bundled or at this table. */
static const char *seat_word(const Match *m, const char *name)
{
    char lower[25], path[4096];
    size_t n = 0;
    for (; name[n] && n < sizeof lower - 1; n++)
        lower[n] = (char)tolower((unsigned char)name[n]);
    lower[n] = '\0';
    if (!strcmp(lower, "human") || !strcmp(lower, "random"))
        return "a word of --seats (human, random)";
    for (int i = 1; i <= m->loop.nseats; i++) {
        /* a bot given by its path reads as its file's name */
        const char *seat = m->loop.seats[i].name, *base = seat ? strrchr(seat, '/') : NULL;
        base = base ? base + 1 : seat;
        size_t len = base ? strlen(base) : 0;
        if (len > 4 && !strcmp(base + len - 4, ".lua"))
            len -= 4;
        if (base && len == n && !strncasecmp(base, name, len))
            return "the name of a bot at this table";
    }
    if (bot_find(lower, m->bots_path, path, sizeof path))
        return "the name of a bot";
    return NULL;
}

/* The people's names, by seat ("Ann,Bob,Cy"): a name is 1 to 24 letters,
 * digits, '-' or '_', not a number (a call out of turn is "2: ..." or
 * "Ann: ..."), and no two alike; an empty one leaves a seat unnamed. On a
 * mistake nothing changes. */
int match_set_names(Match *m, const char *list, char **err)
{
    char names[MAX_SEATS + 1][25] = {{0}};
    char shown[200];
    int seat = 1;
    for (const char *p = list; ; seat++) {
        size_t len = strcspn(p, ",");
        if (seat > m->loop.nseats) {
            *err = strfmt("'%s' gives more names than the game's %d seats",
                          strfmt_shown(list, shown, sizeof shown), m->loop.nseats);
            return 0;
        }
        size_t digits = 0;
        for (size_t i = 0; i < len; i++) {
            if (!isalnum((unsigned char)p[i]) && p[i] != '-' && p[i] != '_')
                len = 99;
            digits += isdigit((unsigned char)p[i]) != 0;
        }
        if (len > 24 || (len && digits == len)) {
            *err = strfmt("'%s': a name is 1 to 24 letters, digits, '-' or '_', and not a number, "
                          "by seat (such as Ann,Bob,Cy; an empty one leaves a seat unnamed)",
                          strfmt_shown(list, shown, sizeof shown));
            return 0;
        }
        memcpy(names[seat], p, len);
        names[seat][len] = '\0';
        const char *taken = len ? seat_word(m, names[seat]) : NULL;
        if (taken) {
            *err = strfmt("'%s' is %s: the seats line and the log would not tell the person from "
                          "it; give the person another name", names[seat], taken);
            return 0;
        }
        for (int other = 1; other < seat && len; other++)
            if (!strcasecmp(names[other], names[seat])) {
                *err = strfmt("seats %d and %d are both named '%s': give each person their own name",
                              other, seat, names[seat]);
                return 0;
            }
        if (!p[len])
            break;
        p += len + 1;
    }
    memcpy(m->names, names, sizeof names);
    return 1;
}

static int take_names(Match *m, const MatchSpec *spec, char **err)
{
    memset(m->names, 0, sizeof m->names);
    m->no_hot_seat = spec->no_hot_seat;
    if (!spec->names)
        return 1;
    char *why = NULL;
    if (match_set_names(m, spec->names, &why))
        return 1;
    *err = strfmt("--names %s", why);
    free(why);
    return 0;
}

/* Sets up the seats and the game of args in s, which holds no game. */
/* --table dice: every seat a person (a bot cannot look under a real cup),
 * a game played with dice, and the values asked of the table. */
static int use_real_dice(Match *m, const MatchSpec *spec, Game *g, char **err, int *usage)
{
    *usage = 1;
    for (int i = 1; i <= m->loop.nseats; i++)
        if (!controller_is_person(&m->loop.seats[i])) {
            *err = strfmt("--table dice: seat %d is %s, but at a table with real dice every seat is "
                          "a person (a bot cannot look under the cup): --seats human,human,...",
                          i, m->loop.seats[i].name);
            return 0;
        }
    if (g->t->dice.n == 0 && spec->table_all)
        return 1; /* all: the game's cards are real, and it has no dice */
    if (g->t->dice.n == 0) {
        *err = strfmt("--table dice: %s is not played with dice (bamboozled-dice and its variants "
                      "are)", spec->game);
        return 0;
    }
    *usage = 0;
    if (game_use_physical_dice(g, NULL, 0, m->type_dice, m->type_dice_ctx) != GAME_OK) {
        *err = strfmt("%s", g->error ? g->error : "the game could not be set up with real dice");
        return 0;
    }
    return 1;
}

/* --table cards: every seat a person (a bot cannot see the real cards it
 * holds), a game played with cards whose rules can be refereed so. */
static int use_real_cards(Match *m, const MatchSpec *spec, Game *g, char **err, int *usage)
{
    *usage = 1;
    for (int i = 1; i <= m->loop.nseats; i++)
        if (!controller_is_person(&m->loop.seats[i])) {
            *err = strfmt("--table cards: seat %d is %s, but at a table with a real deck every seat "
                          "is a person (a bot cannot see the real cards it holds): --seats "
                          "human,human,...", i, m->loop.seats[i].name);
            return 0;
        }
    if (g->t->deck.n == 0) {
        if (spec->table_all)
            return 1; /* all: the game's dice are real, and it has no cards */
        *err = strfmt("--table cards: %s is not played with cards", spec->game);
        return 0;
    }
    if (game_use_physical_cards(g) != GAME_OK) {
        *err = strfmt("--table cards: %s", g->error ? g->error : "the game could not be set up "
                      "with a real deck");
        return 0;
    }
    *usage = 0;
    return 1;
}

static int start_fresh(Match *m, const MatchSpec *spec, char **err, int *usage)
{
    lua_State *L = m->L;
    if (!spec->game) {
        *err = strdup("which game? 'games' lists them (such as: new fixture --seats human,random)");
        *usage = 1;
        return 0;
    }
    int n;
    /* A mistake in the seats is the person's, unless a bot or the rules
     * that are there failed to load (the parsers say which). */
    *usage = 1;
    if (spec->seats ? !parse_seats(m, spec, spec->seats, &n, err, usage)
                    : !default_seats(m, spec, err, usage))
        return 0;
    if (spec->seats)
        m->loop.nseats = n;
    if (!people_fit(m, spec, err) || !take_names(m, spec, err))
        return 0;
    *usage = 0; /* from here on, what fails is the rules' (but see game_choice_problem) */
    char fresh[SEED_MAX + 1];
    const char *seed = spec->seed;
    if (!seed) {
        seed_fresh(fresh);
        seed = fresh;
    }
    int keep = m->loop.nseats;
    if (m->loop.stuck && m->loop.stuck->rules_at == STUCK_IN_SETUP) {
        *err = strfmt("the rules ran in C past their limit (over %d seconds of CPU time) setting "
                      "up the game, where nothing could stop them, and were stopped",
                      RULES_CPU_SECONDS + STUCK_SECONDS);
        return 0;
    }
    if (m->loop.note) {
        m->loop.note->seat = 0;
        m->loop.note->move = STUCK_IN_SETUP;
    }
    char *key = match_spare_key(m, spec);
    Game *g = match_take_spare(m, key, seed); /* pushed, as game_new's; its options kept */
    if (!g) {
        if (spec->options_at)
            lua_pushvalue(L, spec->options_at);
        else
            match_push_sets(L, spec->sets, spec->nsets);
        g = game_new(L, spec->game, m->rules_path, m->loop.nseats, seed, -1, 0, err);
        if (!g) {
            /* Looked into only now, as it costs a game's checks again:
             * whether the person's choice was wrong, or the rules failed. */
            char *problem = game_choice_problem(L, spec->game, m->rules_path, m->loop.nseats, -1);
            *usage = problem != NULL;
            free(problem);
        }
        lua_remove(L, g ? -2 : -1);
    }
    if (!g) {
        free(key);
        return 0;
    }
    m->spare_key = key;
    m->loop.nseats = keep;
    for (int i = 1; i <= m->loop.nseats; i++)
        if (controller_is_person(&m->loop.seats[i]))
            g->people |= 1u << i;
    if ((spec->table_cards && !use_real_cards(m, spec, g, err, usage)) ||
        (spec->table_dice && !use_real_dice(m, spec, g, err, usage))) {
        lua_pop(L, 1);
        return 0;
    }
    m->loop.forfeit = spec->forfeit;
    m->loop.forfeited = 0;
    m->loop.max_moves = spec->max_moves ? spec->max_moves : SEAT_LOOP_MAX_MOVES;
    m->loop.stopped = 0;
    m->loop.game_memory = spec->game_memory;
    return adopt_game(m, g);
}

/* (Never inlined: tools/ledger.py tells a game's start by this call, one
 * a game, whatever the link-time optimizer folds around it.) */
__attribute__((noinline)) int match_start(Match *m, const MatchSpec *spec, char **err)
{
    /* The game in progress is put aside, not dropped, until the new one has
     * started: a mistyped 'new' must leave it as it was. */
    Match before = *m;
    m->spare_key = NULL; /* before's */
    m->loop.game = NULL;
    m->loop.game_ref = LUA_NOREF;
    m->loop.memory = NULL; /* the game in progress keeps its count */
    m->loop.random_seat = NULL; /* and its random seats' streams */
    m->loop.nseats = 0;
    m->log_shown = 0;
    m->loop.forfeited = 0;
    for (int i = 0; i <= MAX_SEATS; i++) {
        memset(&m->loop.seats[i], 0, sizeof m->loop.seats[i]); /* before's own */
        m->loop.faults[i] = 0;
    }
    *err = NULL;
    int usage = 0;
    if (!start_fresh(m, spec, err, &usage)) {
        match_drop_game(m);
        *m = before;
        m->usage_error = usage;
        return 0;
    }
    m->usage_error = 0;
    match_drop_game(&before);
    match_clear_window(m); /* (the answers were the game in progress's) */
    m->window_ms = spec->window_ms;
    m->saved_moves = 0;
    m->bot_budget = spec->bot_budget;
    m->bot_memory = spec->bot_memory;
    return 1;
}

int match_again(Match *m, char **err)
{
    Game *g = m->loop.game;
    if (!g) {
        *err = strdup("no game to play again: start one with 'new GAME'");
        return 0;
    }
    char seats[MAX_SEATS * 80] = "", names[MAX_SEATS * 26] = "";
    int named = 0;
    for (int i = 1; i <= m->loop.nseats; i++) {
        strcat(seats, i > 1 ? "," : "");
        strncat(seats, m->loop.seats[i].name ? m->loop.seats[i].name : "human", 70);
        strcat(names, i > 1 ? "," : "");
        strcat(names, m->names[i]);
        named |= m->names[i][0] != '\0';
    }
    char *game = strdup(g->source ? g->source : g->name);
    if (!game) {
        *err = strdup("out of memory");
        return 0;
    }
    MatchSpec spec = {0};
    spec.game = game;
    spec.seats = seats;
    spec.names = named ? names : NULL;
    spec.bot_budget = m->bot_budget;
    spec.bot_memory = m->bot_memory;
    spec.game_memory = m->loop.game_memory;
    spec.forfeit = m->loop.forfeit;
    spec.max_moves = m->loop.max_moves;
    spec.no_hot_seat = m->no_hot_seat;
    spec.table_dice = g->physical_dice;
    spec.table_cards = g->physical_cards;
    spec.table_all = g->physical_dice && g->physical_cards;
    spec.window_ms = m->window_ms;
    game_push_options(g); /* the same options, as the game took them */
    spec.options_at = lua_gettop(m->L);
    const Stuck *stuck = m->loop.stuck;
    m->loop.stuck = NULL; /* what got stuck was the last game's */
    int ok = match_start(m, &spec, err);
    if (!ok)
        m->loop.stuck = stuck;
    lua_pop(m->L, 1);
    free(game);
    return ok;
}

unsigned match_people(const Match *m)
{
    unsigned mask = (unsigned)m->loop.nseats << (MAX_SEATS + 1);
    for (int seat = 1; seat <= m->loop.nseats; seat++)
        if (controller_is_person(&m->loop.seats[seat]))
            mask |= 1u << seat;
    return mask;
}

/* ---- the open claim window's answers, held until it closes ---- */

void match_clear_window(Match *m)
{
    for (int i = 0; i < m->wn; i++)
        free(m->wmoves[i]);
    m->wn = 0;
}

int match_answered(const Match *m, int seat)
{
    for (int i = 0; i < m->wn; i++)
        if (m->wseats[i] == seat)
            return 1;
    return 0;
}

int match_person_to_answer(const Match *m)
{
    const Ask *p;
    if (!m->loop.game || game_pending(m->loop.game, &p) != GAME_OK)
        return 0;
    for (int i = 0; i < p->nseats; i++)
        if (controller_is_person(&m->loop.seats[p->seats[i]]) && !match_answered(m, p->seats[i]))
            return p->seats[i];
    return 0;
}
