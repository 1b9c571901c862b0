/* game: the referee loop. A game is a rules script, its options, a seed and
 * the moves played; its table is always the result of replaying them, which
 * gives undo, save and load, and the transaction: a move whose rules code
 * fails is rolled back by replaying the moves before it.
 *
 * the decision the rules asked (t:ask...) -> a seat's controller answers ->
 * legality check with a reason -> apply, which asks the next -> log. A Game is a Lua userdata ("referee.Game"); the C functions
 * below take it from the stack or from a pointer the caller keeps anchored. */
#ifndef REFEREE_GAME_H
#define REFEREE_GAME_H

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

struct Game {
    lua_State *L;
    char name[64];         /* the game's name: its file name without .lua */
    char *source;          /* as it was asked for: a name or a path (malloc'd) */
    char seed[SEED_MAX + 1]; /* its chance is keyed by this text (seed.h) */
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
    int def_ref, table_ref; /* registry references (see push_uv in game.c) */
    int apply_ref;         /* ... to the rules' apply, called every decision */
    int answers_ref;       /* ... to the rules' answers by kind, or LUA_NOREF */
    int sample;            /* 1: a determinization (game_sample.c), never rebuilt */
    int broken;            /* 1: a sample whose rules failed: it takes no more moves */
    char *error;           /* why the last call failed */
    char *judged;          /* the last answer the rules' judge made a move of */
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

/* Creates a game and pushes it. opts_idx: a table of option values (strings
 * from --set are converted by each option's type), or 0 for defaults.
 * arrange_idx: a function run on the table after setup on every rebuild
 * (tests stack decks with it), or 0. On failure pushes nothing and returns
 * NULL, with the reason in *err (malloc'd). */
Game *game_new(lua_State *L, const char *name, const char *rules_path, int nseats,
               const char *seed, int opts_idx, int arrange_idx, char **err);
/* The same, with a chance script (see ltable_set_script) at script_idx, or 0:
 * prescribed shuffles and rolls, made again on every rebuild. */
Game *game_new_scripted(lua_State *L, const char *name, const char *rules_path, int nseats,
                        const char *seed, int opts_idx, int arrange_idx, int script_idx, char **err);
/* Whether what a person chose for a new game is right: the game exists,
 * takes nseats, and the options at opts_idx (as game_new takes them) fit
 * it. NULL when so, and when the rules fail to load or run (no mistake of
 * the person's: game_new says what failed); else why (malloc'd). The
 * command line's mistakes exit with status 2, the rules' failures with 1. */
char *game_choice_problem(lua_State *L, const char *name, const char *rules_path, int nseats,
                          int opts_idx);
Game *game_check(lua_State *L, int idx);
/* The __gc of a Game: frees what the C side owns. */
int game_gc(lua_State *L);
void game_set_error(Game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The pending decision; GAME_OVER when the game has ended. */
GameStatus game_pending(Game *g, const Ask **out);
/* Plays a seat's answer. In a claim window, one answer on its own. */
GameStatus game_play(Game *g, int seat, const char *text);
/* Answers of a claim window, in the order they came in: ordered by the
 * window's policy, then applied while the window still takes them. */
GameStatus game_window(Game *g, int n, const int *seats, const char *const *texts);
/* Makes the game's dice physical (--table dice): typed holds the values
 * typed so far (ntyped of them: a save's), type_dice asks for the next
 * (NULL: none may be asked, as in a replay). The table is made again with
 * them. GAME_OK, or why not. */
GameStatus game_use_physical_dice(Game *g, const int *typed, int ntyped, TypedDiceFn type_dice,
                                  void *ctx);
/* Makes the game's deck a real one (--table cards; physical_cards.h): the
 * table is made again with it. GAME_OK, or why not. */
GameStatus game_use_physical_cards(Game *g);
/* The last move was mistyped (a card named wrong at a real deck): it is
 * taken back and text played in its place by the same seat, before the
 * next decision. Nothing changes when text cannot be played there. */
GameStatus game_correct_move(Game *g, const char *text);
/* Puts the values typed during the last move right (they were mistyped)
 * and plays it again with them: n values, as many as it read. */
GameStatus game_correct_dice(Game *g, const int *values, int n);
/* Replays the first n moves on a fresh table (undo, and rollback). */
GameStatus game_rebuild(Game *g, int n);
/* A uniformly random legal move for seat, from the caller's stream. */
const char *game_random_move(Game *g, int seat, Rng *r);
/* Pushes the result table, or nil while the game goes on. */
GameStatus game_push_result(Game *g);
/* Pushes the rules' status(t, seat): the state at a glance for a seat (0:
 * everyone), a list of lines; nil when the rules define none. */
GameStatus game_push_status(Game *g, int seat);
/* Pushes the rules' standing(t): one number per seat, higher standing
 * better, for a game still going (what a search judges a playout it cut
 * short by); nil when the rules define none. */
GameStatus game_push_standing(Game *g);
/* Pushes the table userdata / the options table. */
void game_push_table(Game *g);
void game_push_options(Game *g);
/* Pushes the referee's own copy of the rules' definition (plain tables:
 * what it reads of the script, rules_loader.c). Not to be changed. */
void game_push_definition(Game *g);
/* The fingerprint of the whole table. */
uint64_t game_hash(Game *g);
/* Whether text names a legal move of seat (after normalising spaces and case);
 * the canonical text, or NULL. */
const char *game_match(Game *g, int seat, const char *text);
/* The canonical text of seat's answer, as game_play would take it: listed,
 * named otherwise at a real deck, or judged by the rules (a BAMM! claim);
 * NULL with the error set when it is no legal answer. Plays nothing. */
const char *game_answer(Game *g, int seat, const char *text);
/* The move as people at the table read it: at a real deck, the names the
 * referee gave the unknown cards of seat's hand read "CARD" (real_cards.h);
 * move itself elsewhere, or buf. */
const char *game_move_for_people(Game *g, int seat, const char *move, char *buf, size_t size);
/* Whether a move listed from first up to (not with) the i-th of p's texts
 * reads to people as read: "discard CARD" is shown once. */
int game_read_before(Game *g, int seat, const Ask *p, int first, int i, const char *read);

/* Pushes a new game on table t (which it then owns), playing on from g's
 * state: g's rules, options and a copy of its vars. It has no moves before
 * it, so it is never rebuilt: a move whose rules code fails breaks it
 * instead. For game_sample.c; raises on a memory error. */
Game *game_push_sample_of(Game *g, Table *t);

/* The game record: rules, options, seed, seats, moves and the final hash. */
char *game_record(Game *g, const char *const *seat_names);
/* Re-creates a game from a record, replaying and checking every move. */
Game *game_from_record(lua_State *L, const char *text, const char *rules_path,
                       char ***seat_names, char **err);

#endif
