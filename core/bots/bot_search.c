#include "bot_search.h"

#include <lauxlib.h>
#include <limits.h>
#include <stdlib.h>
#include "../referee/game_sample.h"
#include "../lua/plain_cross.h"
#include "../referee/lua_game.h"
#include "../binding/lua_table.h"
#include "../kernel/rng.h"
#include "../guards/script.h"
#include "../guards/watchdog.h"

#define SAMPLE_MT "referee.Sample"
/* A playout stops after this many moves: random play need not end a game
 * (a full BAM! game of many hands), and each move is charged anyway. */
#define PLAYOUT_MOVES 100000
/* ... and where its moves would leave the bot less than this of its budget
 * to finish the decision: a playout is cut, never an overrun. */
#define PLAYOUT_RESERVE 100000

typedef struct Slot {
    Game *game;
    int ref;         /* in the game's registry: keeps the sample alive */
    uint32_t serial; /* which sample holds the slot */
} Slot;

struct BotSearch {
    Game *g; /* the game whose decision is under way, or NULL between them */
    int seat, game_top;
    uint32_t decision, serial;
    Rng rng; /* the samples' seeds and their random moves */
    int next;
    Slot slot[SAMPLE_SLOTS];
    int sampler_ref; /* ctx.sample, in the bot's registry */
};

/* What the bot holds: a sample, by slot and serial. */
typedef struct Handle {
    BotSearch *s;
    int slot;
    uint32_t decision, serial;
} Handle;

/* Work done in the game's state, protected there. */
typedef struct Work {
    BotSearch *s;
    Game *game;
    int slot, seat;
    const char *move;
    int n; /* a claim window's answers: n seats and their moves */
    const int *seats;
    const char *const *answers;
    uint64_t seed;
    long max_moves, moves;
    GameStatus (*push)(Game *); /* what copy_pushed reads */
    GameStatus status;
    const Ask *p;
} Work;

BotSearch *bot_search_new(void)
{
    BotSearch *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    for (int i = 0; i < SAMPLE_SLOTS; i++)
        s->slot[i].ref = LUA_NOREF;
    s->sampler_ref = LUA_NOREF;
    return s;
}

void bot_search_free(BotSearch *s)
{
    if (s) {
        bot_search_end(s);
    }
    free(s);
}

/* The searches' stream: the bot's key with the nonce's top bit set, which
 * no bot stream's nonce has (seat << 40 ^ move). */
#define SEARCH_NONCE_BIT (1ULL << 63)

void bot_search_begin(BotSearch *s, Game *g, int seat, const Rng *stream)
{
    s->g = g;
    s->seat = seat;
    s->game_top = lua_gettop(g->L);
    s->decision++;
    rng_stream(&s->rng, stream->key, stream->nonce ^ SEARCH_NONCE_BIT); /* not math.random's */
}

void bot_search_end(BotSearch *s)
{
    if (!s->g)
        return;
    lua_State *GL = s->g->L;
    for (int i = 0; i < SAMPLE_SLOTS; i++) {
        luaL_unref(GL, LUA_REGISTRYINDEX, s->slot[i].ref);
        s->slot[i] = (Slot){NULL, LUA_NOREF, 0};
    }
    lua_settop(GL, s->game_top);
    s->g = NULL;
}

/* ---- the rules' instructions a read runs, counted for the bot ---- */

/* A count hook in the game's state while a read runs there: every
 * METER_EVERY instructions of the rules' are added to what the read
 * costs, and past what the bot has left of its budget the rules stop. */
#define METER_EVERY 64
typedef struct Meter {
    long counted, allowed;
} Meter;
static const char METER_KEY = 'm';

static void meter_hook(lua_State *GL, lua_Debug *ar)
{
    (void)ar;
    lua_rawgetp(GL, LUA_REGISTRYINDEX, &METER_KEY);
    Meter *m = lua_touserdata(GL, -1);
    lua_pop(GL, 1);
    if (!m)
        return;
    m->counted += METER_EVERY;
    if (m->counted > m->allowed)
        luaL_error(GL, "the bot's budget ran out in the rules' work for a sample");
}

/* Runs fn(work) protected in the game's state, the watchdog watching it
 * there; a failure is raised in the bot's state L with its message.
 * nresults values are left on the game's stack. With meter, the rules'
 * instructions fn runs are counted into it (and stop past its allowance). */
static void in_game_metered(lua_State *L, BotSearch *s, lua_CFunction fn, Work *w, int nresults,
                            Meter *meter)
{
    lua_State *GL = s->g->L;
    if (!lua_checkstack(GL, 4)) /* (not luaL_checkstack: GL is not in a protected call) */
        luaL_error(L, "out of memory");
    lua_Hook hook = lua_gethook(GL);
    int mask = lua_gethookmask(GL), count = lua_gethookcount(GL);
    if (meter) {
        lua_pushlightuserdata(GL, meter);
        lua_rawsetp(GL, LUA_REGISTRYINDEX, &METER_KEY);
        lua_sethook(GL, meter_hook, LUA_MASKCOUNT, METER_EVERY);
    }
    lua_State *was = watchdog_switch(GL);
    lua_pushcfunction(GL, fn);
    lua_pushlightuserdata(GL, w);
    int status = lua_pcall(GL, 1, nresults, 0);
    watchdog_switch_back(was);
    if (was)
        watchdog_unhook(GL); /* an overrun stops the bot, not the game's later calls */
    if (meter) {
        lua_sethook(GL, hook, mask, count);
        lua_pushnil(GL);
        lua_rawsetp(GL, LUA_REGISTRYINDEX, &METER_KEY);
        if (meter->counted > meter->allowed) {
            lua_pop(GL, nresults > 0 && status == LUA_OK ? nresults : 1);
            script_charge(L, meter->counted); /* raises the budget's own error, for good */
        }
    }
    if (status != LUA_OK) {
        /* (the message stays on the game's stack until the decision ends) */
        const char *msg = lua_tostring(GL, -1);
        luaL_error(L, "%s", msg ? msg : "the sample failed");
    }
}

static void in_game(lua_State *L, BotSearch *s, lua_CFunction fn, Work *w, int nresults)
{
    in_game_metered(L, s, fn, w, nresults, NULL);
}

/* A read of a sample: READ_COST, then fn run in the game with the rules'
 * instructions counted, charged once it is done. */
static void read_in_game(lua_State *L, BotSearch *s, lua_CFunction fn, Work *w, int nresults)
{
    script_charge(L, READ_COST);
    long left = script_budget_left(L); /* 0: a bot with no budget (none is ever left at 0 here) */
    Meter meter = {0, left > 0 ? left : LONG_MAX};
    in_game_metered(L, s, fn, w, nresults, &meter);
    script_charge(L, meter.counted);
}

static Handle *check_handle(lua_State *L)
{
    Handle *h = luaL_checkudata(L, 1, SAMPLE_MT);
    BotSearch *s = h->s;
    if (!s->g || h->decision != s->decision)
        luaL_error(L, "this sample was taken for an earlier decision: a sample lasts while the "
                      "choose call that took it runs");
    if (s->slot[h->slot].serial != h->serial)
        luaL_error(L, "this sample was replaced: at most %d samples stay usable at once (take a "
                      "new one for each search)", SAMPLE_SLOTS);
    return h;
}

/* The work on the sample whose handle is argument 1. */
static Work work_on_sample(lua_State *L)
{
    Handle *h = check_handle(L);
    return (Work){.s = h->s, .game = h->s->slot[h->slot].game};
}

static void set_sample_metatable(lua_State *L);

/* ---- ctx.sample() ---- */

static int take_sample(lua_State *GL)
{
    Work *w = lua_touserdata(GL, 1);
    BotSearch *s = w->s;
    const char *why = game_sample_refusal(s->g, s->seat);
    if (why)
        return luaL_error(GL, "%s", why);
    Game *sample = game_push_sample(s->g, s->seat, w->seed);
    Slot *slot = &s->slot[w->slot];
    luaL_unref(GL, LUA_REGISTRYINDEX, slot->ref);
    slot->ref = luaL_ref(GL, LUA_REGISTRYINDEX);
    slot->game = sample;
    slot->serial = ++s->serial;
    return 0;
}

static int l_sample(lua_State *L)
{
    BotSearch *s = lua_touserdata(L, lua_upvalueindex(1));
    if (!s->g)
        return luaL_error(L, "ctx.sample works while choose runs, for the decision it is given");
    script_charge(L, SAMPLE_COST);
    Work w = {.s = s, .slot = s->next, .seed = rng_next(&s->rng)};
    s->next = (s->next + 1) % SAMPLE_SLOTS;
    in_game(L, s, take_sample, &w, 0);
    Handle *h = lua_newuserdatauv(L, sizeof *h, 0);
    *h = (Handle){s, w.slot, s->decision, s->serial};
    set_sample_metatable(L);
    return 1;
}

/* ---- a sample's methods ---- */

static int read_pending(lua_State *GL)
{
    Work *w = lua_touserdata(GL, 1);
    w->status = game_pending(w->game, &w->p);
    if (w->status == GAME_SCRIPT)
        return luaL_error(GL, "%s", w->game->error ? w->game->error : "the rules failed");
    return 0;
}

/* sample:pending() -> the decision due, as g:pending() gives it, or nil once
 * the sample's game is over */
static int l_pending(lua_State *L)
{
    Work w = work_on_sample(L);
    read_in_game(L, w.s, read_pending, &w, 0);
    if (w.status == GAME_OVER) {
        lua_pushnil(L);
        return 1;
    }
    lgame_push_pending(L, w.p);
    return 1;
}

static int play_move(lua_State *GL)
{
    Work *w = lua_touserdata(GL, 1);
    w->status = game_play(w->game, w->seat, w->move);
    return 0;
}

/* true, or nil and why: how a move played in a sample went */
static int played(lua_State *L, const Work *w)
{
    if (w->status == GAME_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    luaL_pushfail(L);
    lua_pushstring(L, w->game->error ? w->game->error : "refused");
    return 2;
}

/* sample:play(seat, move) -> true, or nil and why (an illegal move; or the
 * rules failed, and the sample takes no more moves) */
static int l_play(lua_State *L)
{
    Work w = work_on_sample(L);
    w.seat = lt_check_int(L, 2, 0, MAX_SEATS);
    w.move = luaL_checkstring(L, 3);
    script_charge(L, MOVE_COST);
    in_game(L, w.s, play_move, &w, 0);
    return played(L, &w);
}

static int play_window(lua_State *GL)
{
    Work *w = lua_touserdata(GL, 1);
    w->status = game_window(w->game, w->n, w->seats, w->answers);
    return 0;
}

/* sample:window({{seat, move}, ...}) -> as play: the answers of a claim
 * window, all at once, taken in its claim order (as g:window) */
static int l_window(lua_State *L)
{
    Work w = work_on_sample(L);
    int seats[MAX_SEATS];
    const char *moves[MAX_SEATS];
    w.n = lgame_check_answers(L, 2, seats, moves);
    w.seats = seats;
    w.answers = moves;
    script_charge(L, w.n * MOVE_COST);
    in_game(L, w.s, play_window, &w, 0);
    return played(L, &w);
}

static int pick_move(lua_State *GL)
{
    Work *w = lua_touserdata(GL, 1);
    Rng r;
    rng_seed(&r, w->seed);
    w->move = game_random_move(w->game, w->seat, &r);
    if (w->move)
        lua_pushstring(GL, w->move); /* kept on the stack: the text lives in the game */
    else
        lua_pushnil(GL);
    return 1;
}

/* sample:random_move(seat) -> a legal move of seat at random, or nil */
static int l_random_move(lua_State *L)
{
    Work w = work_on_sample(L);
    w.seat = lt_check_int(L, 2, 0, MAX_SEATS);
    w.seed = rng_next(&w.s->rng);
    read_in_game(L, w.s, pick_move, &w, 1);
    lua_State *GL = w.s->g->L;
    if (w.move)
        lua_pushstring(L, lua_tostring(GL, -1));
    else
        lua_pushnil(L);
    lua_pop(GL, 1);
    return 1;
}

/* Every asked seat answers at random: one seat, or all of a claim
 * window's at once (as the referee asks them). 0 if a seat had no move. */
static int play_randomly(Work *w, const Ask *p, Rng *r)
{
    int n = p->nseats, seats[MAX_SEATS];
    const char *moves[MAX_SEATS];
    for (int i = 0; i < n; i++)
        seats[i] = p->seats[i];
    for (int i = 0; i < n; i++)
        if (!(moves[i] = game_random_move(w->game, seats[i], r)))
            return 0;
    w->moves += n;
    w->status = p->window ? game_window(w->game, n, seats, moves)
                          : game_play(w->game, seats[0], moves[0]);
    return 1;
}

static int play_out(lua_State *GL)
{
    Work *w = lua_touserdata(GL, 1);
    Rng r;
    rng_seed(&r, w->seed);
    const Ask *p;
    while ((w->status = game_pending(w->game, &p)) == GAME_OK && w->moves < w->max_moves)
        if (!play_randomly(w, p, &r) || w->status != GAME_OK)
            return 0;
    if (w->status == GAME_OVER)
        w->status = game_push_result(w->game); /* the result, or nil */
    else
        lua_pushnil(GL);
    return 1;
}

/* A value crossing from a game's state into the bot's (cross_top). */
typedef struct ResultCrossing {
    lua_State *from;
    const char *why; /* why it cannot cross, or NULL */
} ResultCrossing;

/* Run protected in the bot's state: the value on top of the game's stack,
 * pushed there (or nothing, and why). */
static int cross_top(lua_State *L)
{
    ResultCrossing *c = lua_touserdata(L, 1);
    lua_settop(L, 0);
    c->why = plain_cross(L, c->from, lua_gettop(c->from));
    return c->why ? 0 : 1;
}

/* The result on top of the game's stack (nil while the game goes on) into
 * the bot's state; or nil and why when w->status says the rules failed. */
static int copy_result(lua_State *L, Work *w)
{
    lua_State *GL = w->s->g->L;
    if (w->status != GAME_OK) {
        lua_pop(GL, 1);
        luaL_pushfail(L);
        lua_pushstring(L, w->game->error ? w->game->error : "the rules failed");
        return 2;
    }
    int top = lua_gettop(GL);
    ResultCrossing c = {GL, NULL};
    lua_pushcfunction(L, cross_top);
    lua_pushlightuserdata(L, &c);
    /* Protected, so that a bot out of memory midway leaves the game's stack
     * as it found it: raised again once it is set back. */
    int status = lua_pcall(L, 1, 1, 0);
    lua_settop(GL, top - 1);
    if (status != LUA_OK)
        return lua_error(L);
    if (c.why)
        return luaL_error(L, "%s", c.why);
    return 1;
}

/* sample:playout([moves]) -> the result, every seat playing at random to
 * the end; or nil and why (the rules failed, or it was cut: after `moves`
 * moves, PLAYOUT_MOVES, or what the budget pays for less PLAYOUT_RESERVE) */
static int l_playout(lua_State *L)
{
    Work w = work_on_sample(L);
    lua_Integer most = luaL_optinteger(L, 2, PLAYOUT_MOVES);
    luaL_argcheck(L, most >= 0, 2, "a playout plays 0 or more moves");
    long affordable = (script_budget_left(L) - PLAYOUT_RESERVE) / MOVE_COST;
    w.max_moves = affordable < 0 ? 0 : affordable;
    if (most < w.max_moves)
        w.max_moves = (long)most;
    if (PLAYOUT_MOVES < w.max_moves)
        w.max_moves = PLAYOUT_MOVES;
    w.seed = rng_next(&w.s->rng);
    in_game(L, w.s, play_out, &w, 1);
    script_charge(L, w.moves * MOVE_COST);
    if (w.status == GAME_OK && !lua_istable(w.s->g->L, -1)) { /* cut short */
        lua_pop(w.s->g->L, 1);
        luaL_pushfail(L);
        lua_pushfstring(L, "the playout was cut after %d moves", (int)w.moves);
        return 2;
    }
    return copy_result(L, &w);
}

/* Runs w->push (the result, or the standing) in the game's state. */
static int read_pushed(lua_State *GL)
{
    Work *w = lua_touserdata(GL, 1);
    w->status = w->push(w->game);
    return 1;
}

/* What push leaves on the sample's stack, copied into the bot's state. */
static int copy_pushed(lua_State *L, GameStatus (*push)(Game *))
{
    Work w = work_on_sample(L);
    w.push = push;
    read_in_game(L, w.s, read_pushed, &w, 1);
    return copy_result(L, &w);
}

/* sample:result() -> nil while its game goes on, else the rules' result */
static int l_result(lua_State *L)
{
    return copy_pushed(L, game_push_result);
}

/* sample:standing() -> the rules' standing, one number per seat (higher
 * better placed), to judge a playout cut short by; nil if they give none */
static int l_standing(lua_State *L)
{
    return copy_pushed(L, game_push_standing);
}

/* sample:dice() -> the value of each of the sample's dice, in order (0: not
 * rolled yet). The sample is the bot's own imagining: the dice its seat has
 * not seen were rolled anew for it, so their values tell nothing the view
 * does not; a search reads them to judge how likely a sample is (a claim
 * weighed against the dice the sample gave the claimer). */
static int l_dice(lua_State *L)
{
    Work w = work_on_sample(L);
    const Dice *dice = &w.game->t->dice;
    script_charge(L, READ_COST + READ_ITEM_COST * dice->n);
    lua_createtable(L, dice->n, 0);
    for (int i = 1; i <= dice->n; i++) {
        lua_pushinteger(L, dice->d[i].value);
        lua_rawseti(L, -2, i);
    }
    return 1;
}

/* sample:cards(zone) -> the names of the sample's cards in that zone,
 * bottom first; nil if it has no zone of that name. As with dice, the
 * sample is the bot's own imagining: every card its seat cannot see was
 * dealt anew for it, so another seat's hand here is a guess the view
 * allowed, which a search reads to play that seat as people would. */
static int l_cards(lua_State *L)
{
    Work w = work_on_sample(L);
    const char *name = luaL_checkstring(L, 2);
    const Table *t = w.game->t;
    script_charge(L, READ_COST);
    int z = zones_find(&t->zones, name);
    if (!z) {
        luaL_pushfail(L);
        return 1;
    }
    const Zone *zone = &t->zones.z[z];
    script_charge(L, READ_ITEM_COST * zone->n);
    lua_createtable(L, zone->n, 0);
    for (int i = 0; i < zone->n; i++) {
        lua_pushstring(L, t->deck.cards[zone->cards[i]].name);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static const luaL_Reg SAMPLE_METHODS[] = {
    {"pending", l_pending},   {"play", l_play},     {"window", l_window},
    {"random_move", l_random_move}, {"playout", l_playout}, {"result", l_result},
    {"standing", l_standing}, {"dice", l_dice}, {"cards", l_cards}, {NULL, NULL},
};

/* The metatable of the handle on top, made at the first sample (most bots
 * take none). */
static void set_sample_metatable(lua_State *L)
{
    if (luaL_newmetatable(L, SAMPLE_MT)) {
        luaL_newlib(L, SAMPLE_METHODS);
        lua_setfield(L, -2, "__index");
        lua_pushliteral(L, "the sample's metatable is the referee's");
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
}

void bot_search_push_sampler(lua_State *L, BotSearch *s)
{
    /* Made once per bot and kept: every decision hands it over. */
    if (s->sampler_ref != LUA_NOREF && lua_rawgeti(L, LUA_REGISTRYINDEX, s->sampler_ref) == LUA_TFUNCTION)
        return;
    if (s->sampler_ref != LUA_NOREF)
        lua_pop(L, 1);
    lua_pushlightuserdata(L, s);
    lua_pushcclosure(L, l_sample, 1);
    lua_pushvalue(L, -1);
    s->sampler_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}
