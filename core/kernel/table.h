/* table: one game's whole state. It owns the deck, zones, dice, seats,
 * ledger, log and random stream. Many tables live in one process; nothing
 * here is global. The table_* operations are the ones rules use: each does
 * the module's work and writes the log entry for it. The rules' own
 * variables live beside the table in the Lua binding. */
#ifndef REFEREE_TABLE_H
#define REFEREE_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include "ask.h"
#include "cards.h"
#include "chance.h"
#include "dice.h"
#include "ledger.h"
#include "log.h"
#include "rng.h"
#include "seed.h"
#include "seats.h"
#include "trick.h"
#include "zones.h"

struct Table;
/* Dice at a physical table: their values are typed in when the rules first
 * read them (the roller looked under the cup; the dice were lifted). Fills
 * values[i] for dice[i] (n of them, each 1 to its faces) and returns 1, or
 * returns 0 with why in why (what the rules' error then says). */
typedef int (*TypedDiceFn)(void *ctx, struct Table *t, int n, const int *dice, int *values,
                           char *why, size_t whysize);

typedef struct Table {
    Deck deck;
    Zones zones;
    Dice dice;
    Seats seats;
    Ledger ledger;
    Log log;
    Rng rng;
    char seed[SEED_MAX + 1]; /* the text rng was keyed by, as given */
    Chance custom_chance; /* .below is NULL unless a source is installed */
    int out_of_memory;    /* set if the log could not grow */
    Trick trick;          /* a round the kernel plays out (trick.h), if any */
    Ask ask;              /* the decision the rules asked for last */
    /* Physical dice: a roll leaves a die's value 0 (not yet known) until
     * type_dice gives it, as the rules read it. */
    int physical_dice;
    TypedDiceFn type_dice;
    void *type_dice_ctx;
    /* A physical deck (zones.physical; physical_cards.h): the log index
     * (plus 1; 0: never) at which each seat showed out of each suit, by
     * playing another suit to a round led in it. */
    int showed_out[MAX_SEATS + 1][4];
    /* A fork's dice (table_roll_apart): rolls drawn from a stream of their
     * own, every other chance event from rng as before. */
    int dice_apart;
    Rng dice_rng;
} Table;

/* A table whose chance is keyed by seed (any text; seed.h says which a
 * person may type). */
Table *table_new(int nseats, const char *seed);
void table_free(Table *t);
/* A deep copy (NULL when out of memory). A custom chance source is shared. */
Table *table_clone(const Table *t);

/* From now on t's dice fall from a stream keyed by seed while every other
 * chance event (shuffles, draws, a window's order, t:random) is drawn from
 * rng as it would have been: a copy of a table and its copy so set differ
 * in their rolls alone (the check's fork, game_sample.h). */
void table_roll_apart(Table *t, uint64_t seed);

/* The chance source: the installed one, else the table's rng. */
Chance table_chance(Table *t);
uint32_t table_random(Table *t, uint32_t n, const char *what);

/* A roll of physical dice: the draw is made (so the rest of the game's
 * chance stays as it would be), but the die's value is not known yet (0). */
void table_roll_unseen(Table *t, int die);
/* Reads a die's value, asking type_dice for every die not yet known when
 * this one is not: 1 with the value in *value, else 0 and why. */
int table_die_value(Table *t, int die, int *value, char *why, size_t whysize);

/* Logged operations. */
void table_move(Table *t, int card, int to, int bottom);
void table_shuffle(Table *t, int zone);
/* A shuffle whose outcome is partly given (a test's stacked deck, or the
 * real deck at a physical table): the cards listed, all in the zone, end on
 * top, the first listed topmost; the rest lie below as the chance source
 * shuffled them. */
void table_shuffle_stacked(Table *t, int zone, const int *top_first, int n);
/* A roll whose result is given; hidden from all like any roll. */
void table_roll_value(Table *t, int die, int value);
void table_reveal(Table *t, int card, uint32_t seats);
void table_roll(Table *t, int die);
DiceStatus table_die_set(Table *t, int die, int value);
void table_die_reveal(Table *t, int die, uint32_t seats);
LedgerStatus table_transfer(Table *t, int from, int to, int64_t amount, const char *reason);
void table_note(Table *t, int seat, const char *text);
/* An event of the game (a hand begins, trumps, a strike) as a JSON object,
 * public: for records and for programs that re-referee them. People read
 * notes instead: an event shows in no log line. */
void table_event(Table *t, const char *json);
/* The first log entry from `from` on at which seat learned something that
 * was hidden from it (a card it came to see, a card or die shown to it),
 * or -1: an undo past it would let the seat choose again knowing it. */
int table_learned_since(const Table *t, int from, int seat);
/* hidden: only the seat itself (and the full record) may know the move. */
void table_decision(Table *t, int seat, const char *move, int hidden);
void table_eliminate(Table *t, int seat);

/* Renders log entry i as one line of text. viewer < 0: everything (the
 * referee's record); otherwise only what that seat (0: a spectator) may
 * know: hidden cards become "a card", hidden rolls lose their value.
 * Returns 0 when the entry is not for this viewer at all. */
int table_log_line(const Table *t, int i, int viewer, char *buf, size_t size);
/* Zone z's name, or "(nowhere)" for 0 (a card not yet placed). */
const char *table_zone_name(const Table *t, int z);
/* Zone z as people say it: one named after a seat ("hand2", "pile3", that
 * seat's own or a public one of its number) is "seat 2's hand" (a front
 * end puts the seat's name there); any other keeps its name ("stock",
 * "trick"). In buf, or the name itself. Records keep the names. */
const char *table_zone_said(const Table *t, int z, char *buf, size_t size);
/* The name of the card log entry i moved, when it is a card move and viewer
 * may know the card; NULL otherwise. */
const char *table_log_move_card(const Table *t, int i, int viewer);
/* The card a LOG_REVEAL entry shows, when viewer is told which or knew it
 * already (it lay in their own zone, or a public one); else NULL. */
const char *table_log_reveal_card(const Table *t, int i, int viewer);

#endif
