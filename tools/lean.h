/* lean-loop's game: what its parts share. From the bottom up: the base
 * (lean_base.c), the kernel's cards, credits and asks (lean_table.c) and
 * seats and dice (lean_seats.c), the loop (lean_loop.c), tournaments
 * (lean_tournament.c), the command line (lean_main.c). */
#ifndef REFEREE_LEAN_H
#define REFEREE_LEAN_H

#include <lua.h>
#include <sodium.h>
#include <stdint.h>

#define LEAN_MAX_SEATS 8
#define LEAN_CARDS 52
#define LEAN_ZONES 24
#define LEAN_ACCOUNTS 16
#define LEAN_NAME 16
#define LEAN_DICE 4

/* A list packed by moves{}: its labels, the list itself kept as the
 * userdata's user value so that they stay alive. */
typedef struct Moves {
    uint64_t mark;
    int n;
    const char *label[];
} Moves;

/* What a pending decision offers: a packed list's labels, cards of a zone
 * (the answer is the card), or sets of a zone's cards to discard (the
 * answer is their positions as a bit mask, 0 standing). */
typedef enum { ASK_LIST, ASK_CARDS, ASK_DISCARDS } AskType;

/* A round of card play the kernel runs (t:ask_trick): each seat in turn
 * plays a card of its hand, of the suit led if it holds any, into a zone;
 * only the last card goes to the rules. */
typedef struct LeanTrick {
    int n, at, into, led;   /* n: the seats playing, 0: no round */
    int seat[LEAN_MAX_SEATS], hand[LEAN_MAX_SEATS];
} LeanTrick;

typedef struct LeanZone {
    char name[LEAN_NAME];
    int owner;      /* the seat it belongs to, 0: none */
    int shown;      /* every seat sees its cards; else its owner only */
    int n;
    uint8_t card[LEAN_CARDS];
} LeanZone;

/* An entry of the table's log, kept unformatted, made into text only when
 * someone reads it: a note of the rules (a code from 1) or what the kernel
 * did (LeanLogged), and its numbers. */
typedef struct LeanNote {
    int32_t code, a, b, c;
} LeanNote;

/* The kernel's entries: the chance events, every card that moves or is
 * shown, every die shown, every transfer. */
typedef enum {
    LOGGED_TRANSFER = -1,   /* from, to, amount */
    LOGGED_SHUFFLE = -2,    /* zone */
    LOGGED_ROLL = -3,       /* die, value */
    LOGGED_MOVE = -4,       /* card, from, to */
    LOGGED_SHOW_CARD = -5,  /* card: to every seat */
    LOGGED_SHOW_DIE = -6,   /* die, seat (0: every seat) */
    LOGGED_RANDOM = -7      /* n, the number drawn */
} LeanLogged;

/* The deck the rules' prepare() made: each card's name, and its face (a
 * standard card's is the card; cards of one name share one). */
typedef struct LeanDeck {
    int n, faces;           /* faces < n: some cards share a face */
    uint8_t face[LEAN_CARDS];
    char name[LEAN_CARDS][LEAN_NAME];
} LeanDeck;

typedef struct LeanDie {
    int sides, value;   /* value 0: not rolled */
    uint32_t seen;      /* the seats that see it, a bit each (bit 0: every seat) */
} LeanDie;

/* The table the rules' kernel calls change: restored from the prepared
 * one at each game's start. */
typedef struct LeanTable {
    int nzones, naccounts, ndice, dealer, turn, direction;
    uint32_t active;                /* the seats still in the game, a bit each */
    LeanDie die[LEAN_DICE];
    LeanZone zone[LEAN_ZONES];
    uint8_t where[LEAN_CARDS];      /* each card's zone, LEAN_ZONES: none */
    uint64_t face_up;               /* cards turned face up, a bit each */
    int64_t balance[LEAN_ACCOUNTS];
    char account_name[LEAN_ACCOUNTS][LEAN_NAME];
} LeanTable;

/* The table's random stream: ChaCha20 blocks of 16 draws each. */
typedef struct LeanStream {
    uint8_t key[crypto_stream_chacha20_KEYBYTES];
    uint64_t block;
    uint32_t word[16];
    int used;
} LeanStream;

/* A random seat's last block of its stream. */
typedef struct SeatBlock {
    int made;
    uint64_t block_no;
    uint32_t word[16];
} SeatBlock;

/* A game's outcome, read from the rules' result and checked: what a
 * tournament's worker hands its parent. */
typedef struct LeanResult {
    long game;
    int moves, nwinners;
    int winner[LEAN_MAX_SEATS];
    int64_t score[LEAN_MAX_SEATS];
} LeanResult;

typedef struct Lean {
    lua_State *L;
    int apply_ref, answers_ref, setup_ref, result_ref, handler_ref;
    int t_ref, moves_ref, kind_ref; /* the game's t; the pending moves and kind, kept */
    char option[32];                                /* the one option's name */
    lua_Integer option_min, option_max;             /* and its range */
    uint8_t seats_key[crypto_stream_chacha20_KEYBYTES];
    SeatBlock seat_block[LEAN_MAX_SEATS + 1];
    int nseats, nmoves, print_decisions;
    const void *t;                                  /* the game's t, by address */
    /* The pending decision: the seat asked (0: none), its kind, its moves. */
    int asked;
    char kind[64];
    AskType type;
    int n;
    const Moves *moves;
    uint8_t legal[LEAN_CARDS];                      /* ASK_CARDS: the cards */
    int zone, limit;                                /* ASK_DISCARDS */
    lua_Integer answer;                             /* a card or discard answer */
    LeanTrick trick;
    LeanDeck deck;
    LeanTable table, prepared;
    LeanStream stream;
    LeanNote *notes;
    size_t nnotes, notes_cap;
    LeanResult result;                              /* the last game's */
    char *record;                                   /* one line a move */
    size_t record_len, record_cap;
} Lean;

/* lean_base.c: a failure that ends the run (the message on stderr); a
 * text of one line; the checks every method makes (the game of the
 * method called, its first argument the game's t, a seat); the checks
 * every ask makes (arguments 1 to 3: t, the seat, the kind; no decision
 * pending), the seat's becoming the pending one, its kind kept; a draw in
 * 0..n-1 from the table's stream, every value as likely; an entry of the
 * table's log. */
void lean_fail(const char *what);
int lean_one_line(const char *s, size_t len);
Lean *lean_game_of(lua_State *L);
void lean_check_table(lua_State *L, const Lean *g);
Lean *lean_self(lua_State *L);
int lean_check_seat(lua_State *L, const Lean *g, int arg);
void lean_begin_ask(lua_State *L, Lean *g);
int lean_uniform(LeanStream *s, int n);
void lean_log(Lean *g, int32_t code, int32_t a, int32_t b, int32_t c);

/* lean_table.c: t's methods for cards, zones, credits, notes and the
 * table's stream, into the table on top of L; the card, trick and discard
 * asks; a game's table restored and its stream keyed; a pending card or
 * discard decision's answer (g->answer) and label; a round's card that is
 * not its last played by the kernel, the next seat asked (returns 1). */
void lean_table_methods(lua_State *L, Lean *g);
void lean_table_start(Lean *g, const uint8_t key[crypto_stream_chacha20_KEYBYTES]);
void lean_answer(Lean *g, int choice, char *label, size_t cap);
int lean_trick_goes_on(Lean *g);

/* lean_seats.c: t's methods for the dealer, the turn, the direction of
 * play, the seats still in, and the dice; a game's seats and dice as
 * they begin. */
void lean_seats_methods(lua_State *L, Lean *g);
void lean_seats_start(Lean *g);

/* lean_loop.c: the rules loaded from path, their prepare() run for the
 * option's value (libsodium started first); a game of the seed played to
 * its end, its outcome in g->result, returning the moves made; everything
 * freed. */
void lean_load(Lean *g, const char *path, lua_Integer option);
int lean_play(Lean *g, const char *seed, lua_Integer option);
void lean_close(Lean *g);

/* lean_tournament.c: games 1 to games played by a worker process, each
 * outcome handed to this one, which keeps the standings and, with
 * out_path, writes each game's line; prints the standings. */
void lean_tournament(Lean *g, long games, lua_Integer option, const char *out_path);

#endif
