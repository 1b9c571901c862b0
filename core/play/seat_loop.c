/* seat_loop: the loop that asks each seat's controller. */
#include "seat_loop.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>
#include "../guards/watchdog.h"
#include "../kernel/ask_match.h"
#include "../kernel/strfmt.h"

void seat_loop_init(SeatLoop *l, lua_State *L)
{
    memset(l, 0, sizeof *l);
    l->L = L;
    l->game_ref = LUA_NOREF;
    l->max_moves = SEAT_LOOP_MAX_MOVES;
}

int seat_loop_take_seat(SeatLoop *l, int *n, const char *word, const char *bots_path, long budget,
                        size_t memory, char **err, int *usage)
{
    if (*n == MAX_SEATS) {
        *err = strdup("too many seats (at most 16)");
        return 0;
    }
    if (!controller_open(&l->seats[*n + 1], word, bots_path, l->pool, budget, memory, err, usage))
        return 0;
    ++*n;
    return 1;
}

/* The key of the bots' streams: derived from the game's by a keyed hash,
 * so what a bot draws tells nothing of the table's chance. */
#define BOTS_TAG 0xB07B07B07ULL

/* A random seat's streams are the bots' key's too, numbered apart from
 * every bot's decision (whose numbers stay below bit 48). */
#define RANDOM_SEAT_NONCE (1ULL << 63)

static void seed_bots(SeatLoop *l)
{
    Rng game; /* the seed's stream as it begins, hashed from the seed once already */
    rng_stream(&game, l->game->seed_key, 0);
    l->bot_base = rng_derive(&game, BOTS_TAG);
    l->random_seat_keyed = 0;
}

/* A bot's stream for one decision: its own, apart from the table's chance
 * events, and a function of the seat and the move number, so an undo or a
 * reload leads the bots to the same choices as before. A stream of the
 * bots' key, not a key of its own: a copy, no hashing, per decision. */
static Rng bot_stream(SeatLoop *l, int seat)
{
    Rng r;
    rng_stream(&r, l->bot_base.key, ((uint64_t)seat << 40) ^ (uint64_t)l->game->nmoves);
    return r;
}

/* A random seat's stream for one decision: the 4 bytes of its own stream
 * that the move number names, and on (a draw rejected reads the next).
 * A function of the seat and the move number as a bot's is, but one
 * ChaCha20 block serves sixteen move numbers: a block per decision was a
 * sixth of the thinnest decision. */
static const Rng *random_seat_stream(SeatLoop *l, int seat, Rng *spare)
{
    if (!l->random_seat)
        l->random_seat = malloc((MAX_SEATS + 1) * sizeof *l->random_seat);
    /* (out of memory: the same bytes, made again in spare) */
    Rng *r = l->random_seat ? &l->random_seat[seat] : spare;
    if (!l->random_seat || !(l->random_seat_keyed & 1u << seat)) {
        rng_stream(r, l->bot_base.key, RANDOM_SEAT_NONCE | (uint64_t)seat);
        l->random_seat_keyed |= l->random_seat ? 1u << seat : 0;
    }
    rng_seek(r, (uint64_t)l->game->nmoves * 4);
    return r;
}

/* The game's memory is counted against its ceiling from now on: its rules'
 * state and every seat's bot (GameMemory). Out of memory for the count,
 * the seats keep their own caps only. */
static void count_game_memory(SeatLoop *l)
{
    l->memory = calloc(1, sizeof *l->memory);
    if (!l->memory)
        return;
    l->memory->limit = l->game_memory ? l->game_memory : (size_t)SEAT_LOOP_GAME_MEMORY_MB << 20;
    LuaAllocCount *rules = lua_alloc_count(l->L);
    if (rules) {
        l->memory->rules = rules;
        rules->game = l->memory;
    }
    for (int i = 1; i <= l->nseats; i++)
        if (l->seats[i].bot)
            bot_share_memory(l->seats[i].bot, l->memory);
}

static void uncount_game_memory(SeatLoop *l)
{
    if (!l->memory)
        return;
    for (int i = 1; i <= MAX_SEATS; i++)
        if (l->seats[i].bot)
            bot_share_memory(l->seats[i].bot, NULL);
    LuaAllocCount *rules = lua_alloc_count(l->L);
    if (rules && rules->game == l->memory)
        rules->game = NULL;
    free(l->memory);
    l->memory = NULL;
}

void seat_loop_adopt(SeatLoop *l, Game *g)
{
    l->game_ref = luaL_ref(l->L, LUA_REGISTRYINDEX);
    l->game = g;
    seed_bots(l);
    count_game_memory(l);
}

void seat_loop_drop(SeatLoop *l)
{
    uncount_game_memory(l);
    luaL_unref(l->L, LUA_REGISTRYINDEX, l->game_ref);
    l->game_ref = LUA_NOREF;
    l->game = NULL;
    free(l->random_seat);
    l->random_seat = NULL;
    for (int i = 0; i <= MAX_SEATS; i++) {
        controller_close(&l->seats[i], l->pool);
        l->faults[i] = 0;
    }
    l->nseats = 0;
}

int seat_loop_person_asked(SeatLoop *l)
{
    const Ask *p;
    if (!l->game || game_pending(l->game, &p) != GAME_OK)
        return 0;
    for (int i = 0; i < p->nseats; i++)
        if (controller_is_person(&l->seats[p->seats[i]]))
            return 1;
    return 0;
}

/* Notes the call about to be made, for a supervisor. */
static void note_call(SeatLoop *l, int seat)
{
    if (l->note) {
        l->note->seat = seat;
        l->note->move = l->game ? l->game->nmoves : 0;
    }
}

/* Were the rules found stuck at this point of the game in an earlier run?
 * Then the game stops here, with why. */
static int rules_stuck_here(SeatLoop *l)
{
    if (!l->stuck || l->stuck->rules_at < 0 || l->game->nmoves < l->stuck->rules_at)
        return 0;
    game_set_error(l->game, "the rules ran in C past their limit (over %d seconds of CPU time) "
                   "after move %d, where nothing could stop them, and were stopped: the game "
                   "ends there, as it stood after that move", RULES_CPU_SECONDS + STUCK_SECONDS,
                   l->game->nmoves);
    return 1;
}

int seat_loop_rules_call(SeatLoop *l)
{
    if (rules_stuck_here(l))
        return 0;
    note_call(l, 0);
    return 1;
}

/* Seat's controller's choice: an index among its moves, or a code
 * (controller.h) with why. A bot found stuck in C here before is not
 * called again: it would get stuck again. */
static int choose(SeatLoop *l, int seat, const Rng *stream, char **why)
{
    const Stuck *st = l->stuck;
    long at = st ? st->bot_at[seat] : STUCK_NEVER;
    if (l->seats[seat].bot && at >= 0 && l->game->nmoves >= at) {
        *why = l->game->nmoves == at
                   ? strfmt("at move %ld it ran in C past its limit, where nothing inside the "
                            "process could stop it, and the process was stopped (it is not asked "
                            "again this game)", at)
                   : strfmt("it was stopped at move %ld, stuck in C", at);
        return CONTROLLER_FAULT;
    }
    note_call(l, seat);
    return l->seats[seat].kind->choose(&l->seats[seat], l->game, seat, stream, why);
}

const char *seat_loop_answer(SeatLoop *l, int seat)
{
    Game *g = l->game;
    Rng r = bot_stream(l, seat), spare;
    char *why = NULL;
    int once = l->seats[seat].kind->draws_once;
    int i = choose(l, seat, once ? random_seat_stream(l, seat, &spare) : &r, &why);
    if (i >= 0) {
        const Ask *p;
        game_pending(g, &p);
        return ask_move(p, p->first[ask_slot_of(p, seat)] + i);
    }
    if (i == CONTROLLER_RULES_FAILED) {
        game_set_error(g, "%s", why);
        free(why);
        return NULL;
    }
    if (i == CONTROLLER_FAULT) {
        l->faults[seat]++;
        if (l->on_fault)
            l->on_fault(l, seat, why ? why : "?", l->fault_ctx);
        free(why);
        if (l->forfeit) {
            l->forfeited = seat;
            return NULL;
        }
    }
    /* A fault's default, or a person's seat played for them. */
    return game_random_move(g, seat, &r);
}

/* A seat's bot (or the rules) reached the game's memory ceiling: the game
 * ends as it stands, with why, its record kept. */
static GameStatus memory_ceiling_reached(SeatLoop *l)
{
    game_set_error(l->game, "the game reached its memory ceiling of %zu MB (its rules and every "
                            "seat together) at move %d: it ends here, as it stood (--game-memory "
                            "MB sets the ceiling)", l->memory->limit >> 20, l->game->nmoves);
    return GAME_SCRIPT;
}

/* One decision of seats that are all no person: a claim window's answers
 * together, or one seat's move. */
static GameStatus play_decision(SeatLoop *l, const Ask *p)
{
    if (p->window) {
        int seats[MAX_SEATS];
        const char *moves[MAX_SEATS];
        int n = p->nseats;
        for (int i = 0; i < n; i++) {
            seats[i] = p->seats[i];
            if (!(moves[i] = seat_loop_answer(l, seats[i])))
                return l->forfeited ? GAME_OVER : GAME_SCRIPT;
        }
        if (!seat_loop_rules_call(l))
            return GAME_SCRIPT;
        return game_window(l->game, n, seats, moves);
    }
    int seat = p->seats[0];
    const char *move = seat_loop_answer(l, seat);
    if (!move)
        return l->forfeited ? GAME_OVER : GAME_SCRIPT;
    if (!seat_loop_rules_call(l))
        return GAME_SCRIPT;
    return game_play(l->game, seat, move);
}

GameStatus seat_loop_run(SeatLoop *l, void (*after_step)(SeatLoop *, void *), void *ctx)
{
    l->stopped = l->interrupted = 0;
    for (long made = 0;; made++) {
        const Ask *p;
        GameStatus st = game_pending(l->game, &p);
        if (st != GAME_OK)
            return st;
        if (seat_loop_person_asked(l))
            return GAME_OK;
        if (made == l->max_moves) {
            l->stopped = 1;
            return GAME_OVER;
        }
        if (l->stop_request && *l->stop_request) {
            l->interrupted = 1;
            return GAME_OVER;
        }
        st = play_decision(l, p);
        if (st == GAME_OK && l->memory && l->memory->reached)
            return memory_ceiling_reached(l);
        if (st != GAME_OK)
            return st;
        if (after_step)
            after_step(l, ctx);
    }
}
