/* game_state: a game's state and what every part of the referee loop
 * reads it by: the Game userdata and its uservalues, the error, the calls
 * into the rules, the decision due and how a person reads a move. The
 * loop (game.c), the answers (game_answer.c, answer_step.c), the readings
 * (game_reading.c) and a physical table's rulings (game_table.c) stand on
 * it; it calls none of them. */
#ifndef REFEREE_GAME_STATE_H
#define REFEREE_GAME_STATE_H

#include <lauxlib.h>
#include <lua.h>
#include <stdint.h>
#include "../kernel/rng.h"
#include "../kernel/seats.h"
#include "../binding/lua_table.h"
#include "../kernel/table.h"

#define GAME_MT "referee.Game"

typedef enum GameStatus {
    GAME_OK = 0,
    GAME_OVER,      /* no decision is pending: the game has ended */
    GAME_ILLEGAL,   /* the answer was refused; error says why; nothing changed */
    GAME_SCRIPT,    /* the rules script failed; the table is as before */
} GameStatus;

typedef struct Game Game;

typedef struct Move {
    int seat;
    int group;   /* 0, or the claim window this answer was given in */
    size_t text; /* where its text starts in the game's move_texts */
    int log_at;  /* the table's log entries before it (its window's, for an answer) */
    int typed_at; /* the dice values typed at a physical table before it */
} Move;

/* Uservalues of a Game userdata. */
/* UV_PREPARED: the table prepare() set out, kept for every game (game_prepare.h). */
enum { UV_DEF = 1, UV_OPTS, UV_TABLE, UV_ENV, UV_ARRANGE, UV_SCRIPT, UV_PREPARED, UV_COUNT = UV_PREPARED };

/* How many kinds of decision a game keeps as Lua strings (answer_step.c):
 * the bundled games ask at most eight (the dice game). */
#define GAME_KINDS_KEPT 12

struct Game {
    lua_State *L;
    char name[64];         /* the game's name: its file name without .lua */
    char *source;          /* as it was asked for: a name or a path (malloc'd) */
    char seed[SEED_MAX + 1]; /* its chance is keyed by this text (seed.h) */
    uint8_t seed_key[RNG_KEY_BYTES]; /* that key: hashed once a game, for the table and the bots */
    int nseats;
    Table *t;              /* owned by the table userdata in uservalue 3 */
    LTableBinding bound;   /* t and the Lua table the rules hold: bound while they run */
    LTableBinding *binding; /* where its state keeps the bound game (ltable_binding) */
    Move *moves;
    int nmoves, cap, groups;
    int move_log_at;       /* the log's length as the move being applied began */
    /* The last claim window's answers in the order the policy drew, for
     * records (its answers are the moves of group window_group). */
    int window_group, window_n, window_order[MAX_SEATS];
    /* Seats played by people (bit s: seat s), fixed when the game is made:
     * a person's call in a claim window is typed, never at the same moment
     * as another's, so people's answers keep the order they came in, and
     * the window's policy places only the bots' among them. */
    unsigned people;
    /* Physical dice (--table dice): the values typed at the table, in the
     * order the rules read them, and how many this table has read. A
     * rebuild (undo, load) reads them again, and asks for no more; live,
     * the next values come from type_dice (the REPL asks the table). */
    int physical_dice;
    /* A real deck (--table cards): the table's zones.physical, kept here
     * for each table the game is rebuilt on. */
    int physical_cards;
    int *typed, ntyped, typed_cap, typed_read, typed_before, replaying;
    TypedDiceFn type_dice;
    void *type_dice_ctx;
    int type_dice_ref; /* the Lua module's typed_dice function (registry), or LUA_NOREF */
    int table_refused;    /* the move stopped because the table gave no dice: why */
    char table_why[200];
    /* The moves' texts, one after another: one buffer for the whole game
     * instead of a malloc and a free per decision. */
    char *move_texts;
    size_t texts_used, texts_size;
    int pending_valid, over;
    /* uv_ref[uv]: a registry reference to uservalue uv, for the definition,
     * the options, the table and the prepared table (game_push_uv);
     * LUA_NOREF for the rest, read through the Game. */
    int uv_ref[UV_COUNT + 1];
    unsigned uv_held;      /* bit uv: uservalue uv is not nil (most are, in a game not a test's) */
    int apply_ref;         /* ... to the rules' apply, called every decision */
    int answers_ref;       /* ... to the rules' answers by kind, or LUA_NOREF */
    int sample;            /* 1: a determinization (game_sample.c), never rebuilt */
    int prepares;          /* the rules have prepare(): 0 not yet known, 1 no, 2 yes */
    int broken;            /* 1: a sample whose rules failed: it takes no more moves */
    char *error;           /* why the last call failed */
    char *judged;          /* the last answer the rules' judge made a move of */
    /* The kinds of decision answered lately, each kept as a Lua string
     * (a registry reference) for answer_step.c to look its step up by. */
    struct {
        char text[ASK_KIND_LEN];
        int ref;
    } kinds[GAME_KINDS_KEPT];
    int nkinds, next_kind;
};

/* Where the move i belongs begins: i, or for an answer in a claim window
 * the window's first answer (a window is never split). */
static inline int game_group_start(const Game *g, int i)
{
    while (i > 0 && g->moves[i].group && g->moves[i - 1].group == g->moves[i].group)
        i--;
    return i;
}

/* The text of the game's move i (0-based): valid until the next move. */
static inline const char *game_move_text(const Game *g, int i)
{
    return g->move_texts + g->moves[i].text;
}

Game *game_check(lua_State *L, int idx);
void game_set_error(Game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The pending decision; GAME_OVER when the game has ended. */
GameStatus game_pending(Game *g, const Ask **out);
/* Pushes the table userdata / the options table. */
void game_push_table(Game *g);
void game_push_options(Game *g);
/* Pushes the referee's own copy of the rules' definition (plain tables:
 * what it reads of the script, rules_loader.c). Not to be changed. */
void game_push_definition(Game *g);
/* Whether text names a legal move of seat (after normalising spaces and case);
 * the canonical text, or NULL. */
const char *game_match(Game *g, int seat, const char *text);
/* The move as people at the table read it: at a real deck, the names the
 * referee gave the unknown cards of seat's hand read "CARD" (real_cards.h);
 * move itself elsewhere, or buf. */
const char *game_move_for_people(Game *g, int seat, const char *move, char *buf, size_t size);
/* Whether a move listed from first up to (not with) the i-th of p's texts
 * reads to people as read: "discard CARD" is shown once. */
int game_read_before(Game *g, int seat, const Ask *p, int first, int i, const char *read);
/* The Game's uservalue uv (UV_*) pushed; set from the top of the stack
 * (popped). The definition and the table, reached on every decision, and
 * the options and the prepared table, on every game's start, are one
 * registry lookup away, inline; one known to be nil (a test's script or
 * arrangement, in any other game) none. */
void game_push_uv_slow(Game *g, int uv);
static inline void game_push_uv(Game *g, int uv)
{
    if (!(g->uv_held & 1u << uv)) {
        lua_pushnil(g->L);
        return;
    }
    if (g->uv_ref[uv] != LUA_NOREF)
        lua_rawgeti(g->L, LUA_REGISTRYINDEX, g->uv_ref[uv]);
    else
        game_push_uv_slow(g, uv);
}
void game_set_uv(Game *g, int uv);
/* The decision due is to be read again (a move was applied, a rebuild). */
static inline void game_invalidate(Game *g)
{
    g->pending_valid = 0;
    g->over = 0;
}
/* Pushes the rules' definition's field name (a method). */
void game_push_method(Game *g, const char *name);
/* Every call into the rules, the game bound while they run (its handler
 * pushed already: handled); a status of lua_pcall's. */
int game_call_rules_as(Game *g, int nargs, int nresults, int handled);
int game_call_rules(Game *g, int nargs, int nresults);
/* The same for a function that reads the table (judge, explain, status,
 * standing, result): at a real deck what it names is undone after it. */
int game_call_rules_reading(Game *g, int nargs, int nresults);
/* Pushes an empty Game userdata, known to the state's registry map. */
Game *game_push_new(lua_State *L);

#endif
