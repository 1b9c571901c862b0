#include "table.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "strfmt.h"

static uint32_t rng_chance(void *ctx, uint32_t n, const char *what)
{
    (void)what;
    return rng_below((Rng *)ctx, n);
}

static void note_oom(Table *t, int ok)
{
    if (!ok)
        t->out_of_memory = 1;
}

Table *table_new(int nseats, const char *seed)
{
    /* Not calloc: the card and zone arrays are most of the block and are
     * written as cards and zones are added; clearing them costs more than
     * the rest of a game's setup. */
    Table *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    memset(&t->dice, 0, sizeof *t - offsetof(Table, dice)); /* the dice onward, the ask too */
    deck_clear(&t->deck);
    zones_clear(&t->zones);
    seats_init(&t->seats, nseats);
    ledger_init(&t->ledger);
    log_init(&t->log);
    rng_seed_text(&t->rng, seed);
    strfmt_copy(t->seed, sizeof t->seed, seed); /* (snprintf cost a tenth of a short game's start) */
    return t;
}

void table_free(Table *t)
{
    if (!t)
        return;
    ledger_free(&t->ledger);
    log_free(&t->log);
    ask_free(&t->ask);
    free(t);
}

/* Copies what t uses: the cards and zones past their counts are never read
 * (table_new leaves them unwritten too), and they are most of a Table's
 * bytes. A search bot clones the table for every sample. */
_Static_assert(offsetof(Table, deck) == 0 && offsetof(Table, zones) < offsetof(Table, dice),
               "copy_used copies the deck and zones by parts, then all from dice on");
_Static_assert(offsetof(Zones, z) < offsetof(Zones, index) &&
                   offsetof(Zones, index) < offsetof(Zones, where) &&
                   offsetof(Zones, where) < offsetof(Zones, known),
               "copy_used copies a Zones' index, where and known in one piece");

static void copy_used(Table *c, const Table *t)
{
    c->deck.n = t->deck.n;
    c->deck.dual = t->deck.dual;
    memcpy(c->deck.cards, t->deck.cards, (size_t)(t->deck.n + 1) * sizeof *t->deck.cards);
    c->zones.n = t->zones.n;
    memcpy(c->zones.z, t->zones.z, (size_t)(t->zones.n + 1) * sizeof *t->zones.z);
    memcpy(c->zones.index, t->zones.index, sizeof t->zones - offsetof(Zones, index));
    memcpy(&c->dice, &t->dice, sizeof *t - offsetof(Table, dice));
}

Table *table_clone(const Table *t)
{
    Table *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    copy_used(c, t);
    ledger_init(&c->ledger);
    log_init(&c->log);
    ask_init(&c->ask);
    if (ledger_copy(&c->ledger, &t->ledger) != LEDGER_OK || !log_copy(&c->log, &t->log) ||
        !ask_copy(&c->ask, &t->ask)) {
        table_free(c);
        return NULL;
    }
    return c;
}

/* A roll takes its value from the dice's own stream, and still makes its
 * draw from rng: what comes after it is drawn as it would have been. */
static uint32_t apart_chance(void *ctx, uint32_t n, const char *what)
{
    Table *t = ctx;
    uint32_t drawn = rng_below(&t->rng, n);
    return strcmp(what, "roll") == 0 ? rng_below(&t->dice_rng, n) : drawn;
}

void table_roll_apart(Table *t, uint64_t seed)
{
    rng_seed(&t->dice_rng, seed);
    t->dice_apart = 1;
}

Chance table_chance(Table *t)
{
    if (t->custom_chance.below)
        return t->custom_chance;
    if (t->dice_apart)
        return (Chance){apart_chance, t};
    return (Chance){rng_chance, &t->rng};
}

uint32_t table_random(Table *t, uint32_t n, const char *what)
{
    Chance c = table_chance(t);
    return c.below(c.ctx, n, what);
}

/* Of a physical deck, the name a log entry shows: the card's as it was
 * shown then (its id may stand for another card once reshuffled); NULL
 * while the referee does not know the card. */
static const char *shown_name(const Table *t, int card)
{
    return t->zones.physical && t->zones.bound[card] ? t->deck.cards[card].name : NULL;
}

void table_move(Table *t, int card, int to, int bottom)
{
    int from = t->zones.where[card];
    if (bottom)
        zones_move_bottom(&t->zones, card, to);
    else
        zones_move(&t->zones, card, to);
    /* A real card the move named, laid face up, is known from now on. */
    uint8_t vis = t->zones.z[to].vis;
    if (t->zones.physical && t->zones.named[card] && (vis == VIS_PUBLIC || vis == VIS_TOP))
        t->zones.bound[card] = 1;
    note_oom(t, log_add(&t->log, LOG_MOVE, 0, card, from, to,
                        log_move_n(bottom, t->zones.known[card]), shown_name(t, card)));
}

static void log_shuffle(Table *t, int zone)
{
    /* The full-information record keeps the order the shuffle produced. */
    const Zone *z = &t->zones.z[zone];
    /* Each name copied as its whole array, a fixed size (one move, not a
     * call of memcpy for two or three bytes), the next written over what
     * follows its length: room for a name beyond the last. */
    char order[(MAX_CARDS + 1) * CARD_NAME_LEN];
    char *p = order;
    for (int i = 0; i < z->n; i++) {
        const char *name = t->deck.cards[z->cards[i]].name;
        if (i)
            *p++ = ' ';
        memcpy(p, name, CARD_NAME_LEN);
        p += strlen(name);
    }
    *p = '\0';
    note_oom(t, log_add(&t->log, LOG_SHUFFLE, 0, zone, 0, 0, 0, order));
}

void table_shuffle(Table *t, int zone)
{
    table_shuffle_stacked(t, zone, NULL, 0);
}

void table_shuffle_stacked(Table *t, int zone, const int *top_first, int n)
{
    Chance c = table_chance(t);
    zones_shuffle(&t->zones, zone, &c);
    /* Moved in reverse, so the first listed ends on top. */
    for (int i = n - 1; i >= 0; i--)
        zones_move(&t->zones, top_first[i], zone);
    log_shuffle(t, zone);
}

void table_reveal(Table *t, int card, uint32_t seats)
{
    t->zones.known[card] |= seats;
    if (t->zones.physical && t->zones.named[card])
        t->zones.bound[card] = 1;
    /* With the zone it lay in, whose owner knew the card already. */
    note_oom(t, log_add(&t->log, LOG_REVEAL, 0, card, t->zones.where[card], 0, seats,
                        shown_name(t, card)));
}

void table_roll(Table *t, int die)
{
    Chance c = table_chance(t);
    dice_roll(&t->dice, die, &c);
    note_oom(t, log_add(&t->log, LOG_ROLL, 0, die, t->dice.d[die].value, 0, 0, NULL));
}

void table_roll_unseen(Table *t, int die)
{
    Chance c = table_chance(t);
    dice_roll(&t->dice, die, &c);
    t->dice.d[die].value = 0;
    note_oom(t, log_add(&t->log, LOG_ROLL, 0, die, 0, 0, 0, NULL));
}

int table_die_value(Table *t, int die, int *value, char *why, size_t whysize)
{
    if (t->dice.d[die].value == 0 && t->physical_dice) {
        int dice[MAX_DICE], values[MAX_DICE], n = 0;
        for (int d = 1; d <= t->dice.n && n < MAX_DICE; d++)
            if (t->dice.d[d].value == 0)
                dice[n++] = d;
        if (!t->type_dice) {
            snprintf(why, whysize, "die %d was rolled at the table and nobody typed it", die);
            return 0;
        }
        if (!t->type_dice(t->type_dice_ctx, t, n, dice, values, why, whysize))
            return 0;
        for (int i = 0; i < n; i++) {
            if (values[i] < 1 || values[i] > t->dice.d[dice[i]].faces) {
                snprintf(why, whysize, "die %d cannot show %d: it has %d faces", dice[i], values[i],
                         t->dice.d[dice[i]].faces);
                return 0;
            }
            t->dice.d[dice[i]].value = (uint8_t)values[i];
            /* The roll and the showings since it now read as the dice were:
             * those who saw the dice saw these values. */
            for (int k = t->log.n - 1; k >= 0; k--) {
                LogEntry *e = &t->log.e[k];
                if ((e->kind != LOG_ROLL && e->kind != LOG_DIE_REVEAL) || e->a != dice[i] || e->b)
                    continue;
                e->b = values[i];
                if (e->kind == LOG_ROLL)
                    break;
            }
        }
    }
    *value = t->dice.d[die].value;
    return 1;
}

void table_roll_value(Table *t, int die, int value)
{
    t->dice.d[die].value = (uint8_t)value;
    t->dice.d[die].known = 0;
    note_oom(t, log_add(&t->log, LOG_ROLL, 0, die, value, 0, 0, NULL));
}

DiceStatus table_die_set(Table *t, int die, int value)
{
    DiceStatus s = dice_set(&t->dice, die, value);
    if (s == DICE_OK)
        note_oom(t, log_add(&t->log, LOG_DIE_SET, 0, die, value, 0, 0, NULL));
    return s;
}

void table_die_reveal(Table *t, int die, uint32_t seats)
{
    dice_reveal(&t->dice, die, seats);
    note_oom(t, log_add(&t->log, LOG_DIE_REVEAL, 0, die, t->dice.d[die].value, 0, seats, NULL));
}

LedgerStatus table_transfer(Table *t, int from, int to, int64_t amount, const char *reason)
{
    LedgerStatus s = ledger_transfer(&t->ledger, from, to, amount, reason);
    if (s == LEDGER_OK)
        note_oom(t, log_add(&t->log, LOG_TRANSFER, 0, t->ledger.njournal - 1, 0, 0, 0, NULL));
    return s;
}

void table_note(Table *t, int seat, const char *text)
{
    note_oom(t, log_add(&t->log, LOG_NOTE, seat, 0, 0, 0, 0, text));
}

void table_event(Table *t, const char *json)
{
    note_oom(t, log_add(&t->log, LOG_EVENT, 0, 0, 0, 0, 0, json));
}

void table_decision(Table *t, int seat, const char *move, int hidden)
{
    note_oom(t, log_add(&t->log, LOG_DECISION, seat, 0, 0, 0, hidden, move));
}

void table_eliminate(Table *t, int seat)
{
    seats_eliminate(&t->seats, seat);
    note_oom(t, log_add(&t->log, LOG_ELIMINATE, 0, seat, 0, 0, 0, NULL));
}

const char *table_zone_name(const Table *t, int z)
{
    return z ? t->zones.z[z].name : "(nowhere)";
}

const char *table_zone_said(const Table *t, int z, char *buf, size_t size)
{
    const char *name = table_zone_name(t, z);
    size_t len = strlen(name), base = len;
    while (base > 0 && name[base - 1] >= '0' && name[base - 1] <= '9')
        base--;
    int seat = base < len && base > 0 ? atoi(name + base) : 0;
    int owner = z ? t->zones.z[z].owner : 0;
    if (seat < 1 || seat > t->seats.n || (owner && owner != seat))
        return name;
    snprintf(buf, size, "seat %d's %.*s", seat, (int)base, name);
    return buf;
}

static void seat_list(uint32_t mask, char *buf, size_t size)
{
    if (mask == ALL_SEATS) {
        snprintf(buf, size, "all");
        return;
    }
    size_t len = 0;
    buf[0] = '\0';
    for (int s = 1; s <= MAX_SEATS && len < size; s++)
        if (mask & (1u << s))
            len += (size_t)snprintf(buf + len, size - len, "%s%d", len ? "," : "seat ", s);
}

static int told(uint32_t mask, int viewer)
{
    return viewer < 0 || mask == ALL_SEATS || (viewer > 0 && (mask & (1u << viewer)));
}

/* Could viewer see a card arrive in zone z? */
/* Could viewer see the card of a move arrive in zone z: a zone they see
 * into, or a card they knew then (known: the seats that knew it as it
 * moved, kept in the log entry, not what they know now). */
static int sees_arrival(const Table *t, uint32_t known, int z, int viewer)
{
    if (viewer < 0)
        return 1;
    const Zone *zone = &t->zones.z[z];
    return zone->vis == VIS_PUBLIC || zone->vis == VIS_TOP ||
           (zone->vis == VIS_OWNER && zone->owner == viewer) || told(known, viewer);
}

/* Could viewer see a card leave zone z (a public zone, or their own)? */
static int sees_departure(const Table *t, int z, int viewer)
{
    if (viewer < 0)
        return 1;
    if (z == 0)
        return 0;
    const Zone *zone = &t->zones.z[z];
    return zone->vis == VIS_PUBLIC || (zone->vis == VIS_OWNER && zone->owner == viewer);
}

int table_learned_since(const Table *t, int from, int seat)
{
    for (int i = from < 0 ? 0 : from; i < t->log.n; i++) {
        const LogEntry *e = &t->log.e[i];
        int learned = 0;
        switch ((LogKind)e->kind) {
        case LOG_MOVE:
            learned = !sees_departure(t, e->b, seat) && !told(log_move_known(e), seat) &&
                      sees_arrival(t, 0, e->c, seat);
            break;
        case LOG_REVEAL:
            learned = told((uint32_t)e->n, seat) && !sees_departure(t, e->b, seat);
            break;
        case LOG_DIE_REVEAL:
            learned = told((uint32_t)e->n, seat);
            break;
        default:
            break;
        }
        if (learned)
            return i;
    }
    return -1;
}

/* The name of the card of entry e as the referee knew it then: of a
 * physical deck, only a card already shown (the name kept in the entry). */
static const char *entry_card_name(const Table *t, const LogEntry *e)
{
    return t->zones.physical ? log_text(&t->log, e) : t->deck.cards[e->a].name;
}

const char *table_log_move_card(const Table *t, int i, int viewer)
{
    const LogEntry *e = &t->log.e[i];
    if (e->kind != LOG_MOVE)
        return NULL;
    return sees_arrival(t, log_move_known(e), e->c, viewer) || sees_departure(t, e->b, viewer)
               ? entry_card_name(t, e)
               : NULL;
}

const char *table_log_reveal_card(const Table *t, int i, int viewer)
{
    const LogEntry *e = &t->log.e[i];
    if (e->kind != LOG_REVEAL)
        return NULL;
    return told((uint32_t)e->n, viewer) || sees_departure(t, e->b, viewer) ? entry_card_name(t, e)
                                                                           : NULL;
}

int table_log_line(const Table *t, int i, int viewer, char *buf, size_t size)
{
    const LogEntry *e = &t->log.e[i];
    char seats[64];
    const char *name;
    switch ((LogKind)e->kind) {
    case LOG_DECISION:
        if (e->n && viewer >= 0 && viewer != e->seat)
            snprintf(buf, size, "seat %d: (a move only they know)", e->seat);
        else
            snprintf(buf, size, "seat %d: %s", e->seat, log_text(&t->log, e));
        break;
    case LOG_SHUFFLE:
        snprintf(buf, size, "shuffle %s", table_zone_name(t, e->a));
        break;
    case LOG_MOVE:
        name = table_log_move_card(t, i, viewer);
        snprintf(buf, size, "%s: %s -> %s%s", name ? name : "a card", table_zone_name(t, e->b),
                 table_zone_name(t, e->c), log_move_bottom(e) ? " (bottom)" : "");
        break;
    case LOG_REVEAL:
        seat_list((uint32_t)e->n, seats, sizeof seats);
        name = table_log_reveal_card(t, i, viewer);
        snprintf(buf, size, "reveal %s to %s", name ? name : "a card", seats);
        break;
    case LOG_ROLL:
        if (viewer < 0)
            snprintf(buf, size, "roll die %d: %d", e->a, e->b);
        else
            snprintf(buf, size, "roll die %d", e->a);
        break;
    case LOG_DIE_SET:
        if (viewer < 0)
            snprintf(buf, size, "set die %d: %d", e->a, e->b);
        else
            snprintf(buf, size, "set die %d", e->a);
        break;
    case LOG_DIE_REVEAL:
        seat_list((uint32_t)e->n, seats, sizeof seats);
        if (told((uint32_t)e->n, viewer) && e->b) /* 0: a physical die, not typed yet */
            snprintf(buf, size, "show die %d to %s: %d", e->a, seats, e->b);
        else
            snprintf(buf, size, "show die %d to %s", e->a, seats);
        break;
    case LOG_TRANSFER: {
        const Transfer *x = &t->ledger.journal[e->a];
        snprintf(buf, size, "pay %lld from %s to %s (%s)", (long long)x->amount,
                 t->ledger.a[x->from].name, t->ledger.a[x->to].name, x->reason);
        break;
    }
    case LOG_NOTE:
        if (viewer >= 0 && e->seat && e->seat != viewer)
            return 0;
        snprintf(buf, size, "%s", e->text ? log_text(&t->log, e) : "");
        break;
    case LOG_ELIMINATE:
        snprintf(buf, size, "seat %d is out", e->a);
        break;
    case LOG_EVENT:
        return 0; /* for records: the notes tell people */
    default:
        snprintf(buf, size, "?");
    }
    return 1;
}
