#include "render.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "../core/kernel/strfmt.h"
#include "../core/kernel/limits.h"

static const char (*seat_names)[25];
static uint32_t typed_in_the_open; /* seats whose hidden answers all saw typed */
static void put_text(FILE *out, const char *text);
static const char *account_words(const char *name, char *buf, size_t size);

void render_use_names(const char (*names)[25])
{
    seat_names = names;
}

void render_answers_seen(uint32_t seats)
{
    typed_in_the_open = seats;
}

/* "seat 2 (Ann)", or "seat 2" for a seat without a name. */
const char *render_seat(int seat, char *buf, size_t size)
{
    if (seat_names && seat >= 1 && seat <= MAX_SEATS && seat_names[seat][0])
        snprintf(buf, size, "seat %d (%s)", seat, seat_names[seat]);
    else
        snprintf(buf, size, "seat %d", seat);
    return buf;
}

static void render_zone(FILE *out, const Table *t, int z, int seat)
{
    const Zone *zone = &t->zones.z[z];
    int visible = 0;
    for (int i = 0; i < zone->n; i++)
        visible += zones_seat_sees(&t->zones, zone->cards[i], seat);
    fprintf(out, "  %s", zone->name);
    if (zone->owner)
        fprintf(out, " (seat %d%s%s%s)", zone->owner,
                seat_names && seat_names[zone->owner][0] ? ", " : "",
                seat_names ? seat_names[zone->owner] : "", zone->owner == seat ? ", yours" : "");
    fputc(':', out);
    if (zone->n == 0) {
        fputs(" empty\n", out);
        return;
    }
    if (!visible) {
        fprintf(out, " %d card%s\n", zone->n, zone->n == 1 ? "" : "s");
        return;
    }
    if (zone->vis == VIS_TOP && visible == 1 && zone->n > 1) {
        fprintf(out, " %s on top of %d more\n", t->deck.cards[zones_top(&t->zones, z)].name,
                zone->n - 1);
        return;
    }
    for (int i = 0; i < zone->n; i++) {
        int c = zone->cards[i];
        fprintf(out, " %s", zones_seat_sees(&t->zones, c, seat) ? t->deck.cards[c].name : "??");
    }
    fputc('\n', out);
}

void render_view(FILE *out, const Table *t, int seat)
{
    char who[40];
    if (seat)
        fprintf(out, "%s sees:\n", render_seat(seat, who, sizeof who));
    else
        fputs("the table, as everyone sees it:\n", out);
    for (int z = 1; z <= t->zones.n; z++)
        render_zone(out, t, z, seat);
    if (t->dice.n) {
        fputs("  dice:", out);
        for (int d = 1; d <= t->dice.n; d++) {
            if (dice_seat_sees(&t->dice, d, seat) && t->dice.d[d].value)
                fprintf(out, " %d", t->dice.d[d].value);
            else
                fputs(" ?", out);
        }
        fputc('\n', out);
    }
    if (t->ledger.n) {
        fputs("  credits:", out);
        for (int a = 1; a <= t->ledger.n; a++) {
            char words[64], line[128];
            const char *name = account_words(t->ledger.a[a].name, words, sizeof words);
            snprintf(line, sizeof line, "%s %s %lld", a > 1 ? "," : "",
                     strcmp(name, "the pot") ? name : "pot", (long long)t->ledger.a[a].balance);
            put_text(out, line);
        }
        fputc('\n', out);
    }
    fprintf(out, "  turn: %s", render_seat(t->seats.current, who, sizeof who));
    if (t->seats.dealer_named)
        fprintf(out, ", dealer: %s", render_seat(t->seats.dealer, who, sizeof who));
    /* Two seats follow each other the same way in either direction. */
    if (t->seats.n > 2)
        fputs(t->seats.direction > 0 ? ", clockwise" : ", counter-clockwise", out);
    for (int s = 1, first = 1; s <= t->seats.n; s++)
        if (!seats_active(&t->seats, s)) {
            fprintf(out, "%s%d", first ? ", out: seat " : ", ", s);
            first = 0;
        }
    fputc('\n', out);
}

/* Whether another's zone holds a card shown to seat and not to everyone
 * (the rummy's hand shown to the one who bamboozled with a joker pair):
 * part of what seat decides with. */
static int shown_to_seat(const Table *t, int z, int seat)
{
    const Zone *zone = &t->zones.z[z];
    for (int i = 0; i < zone->n; i++)
        if (zones_seat_sees(&t->zones, zone->cards[i], seat) &&
            !zones_seat_sees(&t->zones, zone->cards[i], 0))
            return 1;
    return 0;
}

void render_own(FILE *out, const Table *t, int seat)
{
    for (int z = 1; z <= t->zones.n; z++)
        if (t->zones.z[z].owner == seat || (t->zones.z[z].owner != 0 && shown_to_seat(t, z, seat)))
            render_zone(out, t, z, seat);
    /* The dice this seat sees: their own roll under the cup. */
    int shown = 0;
    for (int d = 1; d <= t->dice.n; d++)
        if (dice_seat_sees(&t->dice, d, seat) && t->dice.d[d].value) {
            fprintf(out, "%s %d", shown ? "" : "  dice you see:", t->dice.d[d].value);
            shown = 1;
        }
    if (shown)
        fputc('\n', out);
    /* Real dice (--table dice) this seat rolled: known to them, not to the referee. */
    int under = 0;
    for (int d = 1; d <= t->dice.n; d++)
        under += dice_seat_sees(&t->dice, d, seat) && !t->dice.d[d].value;
    if (under)
        fprintf(out, "  your dice: under the cup (look at them; the referee asks for them only "
                     "when the rules need them)\n");
}

/* Where the run of entries read as one line, starting at entry i, ends:
 * card moves out of the same zone, to its top or all to its bottom (a
 * deal), or cards shown to the same seats (a hand shown), one after the
 * other. Any other entry is a run of one. */
static int run_end(const Table *t, int i)
{
    const LogEntry *first = &t->log.e[i];
    int j = i + 1;
    if (first->kind != LOG_MOVE && first->kind != LOG_REVEAL)
        return j;
    while (j < t->log.n && t->log.e[j].kind == first->kind &&
           (first->kind == LOG_REVEAL ? t->log.e[j].n == first->n
                                      : log_move_bottom(&t->log.e[j]) == log_move_bottom(first) &&
                                            t->log.e[j].b == first->b))
        j++;
    return j;
}

/* The cards of the run [from, to) that went to zone z: the names viewer
 * may know, then how many others. */
static void render_arrivals(FILE *out, const Table *t, int from, int to, int z, int viewer,
                            int alone)
{
    int count = 0, named = 0;
    for (int i = from; i < to; i++)
        if (t->log.e[i].c == z) {
            const char *name = table_log_move_card(t, i, viewer);
            count++;
            if (name)
                fprintf(out, "%s%s", named++ ? " " : (alone ? ": " : " ("), name);
        }
    if (named && named < count)
        fprintf(out, " and %d unseen", count - named);
    if (!alone)
        fprintf(out, named ? ")" : " (%d)", count);
}

/* A zone as people say it (table_zone_said): "seat 2's hand", which
 * put_text says with the seat's name, "Ann's hand". */
static const char *zone_words(const Table *t, int z, char *buf, size_t size)
{
    return table_zone_said(t, z, buf, size);
}

/* An account as people say it: "seat2" is seat 2, "pot" the pot. */
static const char *account_words(const char *name, char *buf, size_t size)
{
    if (!strcmp(name, "pot"))
        return "the pot";
    size_t len = strlen(name), base = len;
    while (base > 0 && isdigit((unsigned char)name[base - 1]))
        base--;
    if (base == 4 && base < len && !strncmp(name, "seat", 4)) {
        snprintf(buf, size, "seat %s", name + 4);
        return buf;
    }
    return name;
}

/* A transfer as people say it: "seat 2 pays 50 into the pot (ante)",
 * "seat 1 takes 300 from the pot (wins the hand)". */
static void put_transfer(FILE *out, const Table *t, const LogEntry *e)
{
    const Transfer *x = &t->ledger.journal[e->a];
    char from[64], to[64], line[600];
    const char *payer = account_words(t->ledger.a[x->from].name, from, sizeof from);
    const char *payee = account_words(t->ledger.a[x->to].name, to, sizeof to);
    if (!strcmp(t->ledger.a[x->from].name, "pot"))
        snprintf(line, sizeof line, "%s takes %lld from the pot (%s)", payee, (long long)x->amount,
                 x->reason);
    else
        snprintf(line, sizeof line, "%s pays %lld %s %s (%s)", payer, (long long)x->amount,
                 strcmp(t->ledger.a[x->to].name, "pot") ? "to" : "into", payee, x->reason);
    fputs("  ", out);
    put_text(out, line);
    fputc('\n', out);
}

/* A card moved, as people say it: "5C: stock -> seat 1's hand". */
static void put_move(FILE *out, const Table *t, int i, int viewer)
{
    const LogEntry *e = &t->log.e[i];
    const char *card = table_log_move_card(t, i, viewer);
    char a[64], b[64], line[300];
    snprintf(line, sizeof line, "%s: %s -> %s%s", card ? card : "a card",
             zone_words(t, e->b, a, sizeof a), zone_words(t, e->c, b, sizeof b),
             log_move_bottom(e) ? " (bottom)" : "");
    fputs("  ", out);
    put_text(out, line);
    fputc('\n', out);
}

/* A run of moves (a deal, a hand thrown in) as one line:
 * "16 cards: stock -> hand2 (4), hand3 (4), hand4 (4), hand1 (JD 7H JH 2D)". */
static void render_move_run(FILE *out, const Table *t, int from, int to, int viewer)
{
    int dest[MAX_ZONES + 1], ndest = 0;
    for (int i = from; i < to; i++) {
        int z = t->log.e[i].c, k = 0;
        while (k < ndest && dest[k] != z)
            k++;
        if (k == ndest && ndest <= MAX_ZONES)
            dest[ndest++] = z;
    }
    char words[64];
    fprintf(out, "  %d cards: ", to - from);
    put_text(out, zone_words(t, t->log.e[from].b, words, sizeof words));
    fputs(" ->", out);
    for (int k = 0; k < ndest; k++) {
        fputs(k ? ", " : " ", out);
        put_text(out, zone_words(t, dest[k], words, sizeof words));
        render_arrivals(out, t, from, to, dest[k], viewer, ndest == 1);
    }
    fputs(log_move_bottom(&t->log.e[from]) ? " (bottom)\n" : "\n", out);
}

/* Who a card or a die is shown to, as the subject of a sentence:
 * "everyone", "seat 2", "seats 1 and 3"; sees: the verb to go with it. */
static const char *shown_to(uint32_t mask, char *buf, size_t size, const char **sees)
{
    int n = 0, last = 0;
    for (int s = 1; s <= MAX_SEATS; s++)
        if (mask & (1u << s))
            n++, last = s;
    *sees = n == 1 && mask != ALL_SEATS ? "sees" : "see";
    if (mask == ALL_SEATS) {
        *sees = "sees";
        return "everyone";
    }
    size_t len = (size_t)snprintf(buf, size, "seat%s", n > 1 ? "s" : "");
    for (int s = 1, k = 0; s <= MAX_SEATS && len < size; s++)
        if (mask & (1u << s))
            len += (size_t)snprintf(buf + len, size - len, "%s%d", k++ == 0 ? " " : s == last ? " and " : ", ", s);
    return buf;
}

/* Whether a line names a card of the deck as a word of its own. */
static int names_a_card(const Table *t, const char *line)
{
    char word[CARD_NAME_LEN + 1];
    for (const char *p = line; *p;) {
        p += strspn(p, " :,");
        size_t n = strcspn(p, " :,");
        if (n > 0 && n < sizeof word) {
            memcpy(word, p, n);
            word[n] = '\0';
            if (deck_find(&t->deck, word))
                return 1;
        }
        p += n;
    }
    return 0;
}

/* The log's chance and secrets as people say them ("seat 1 sees 7C",
 * "everyone sees die 2: 5", "die 1 is rolled", "seat 3 answers unseen"),
 * the kernel's words kept in records; 0 for an entry said as the kernel
 * says it. */
static int people_line(const Table *t, int i, int viewer, char *buf, size_t size)
{
    const LogEntry *e = &t->log.e[i];
    char whom[64];
    const char *sees = "see", *name;
    uint32_t mask = (uint32_t)e->n;
    switch ((LogKind)e->kind) {
    case LOG_DECISION:
        if (!e->n || viewer < 0 || viewer == e->seat)
            return 0;
        /* All saw it typed (a pass): as it was, unless it names a card (a
         * discard face down), which the log does not repeat. */
        if ((typed_in_the_open & (1u << e->seat)) && table_log_line(t, i, -1, buf, size) &&
            !names_a_card(t, buf))
            return 1;
        snprintf(buf, size, "seat %d answers unseen (only they know what)", e->seat);
        return 1;
    case LOG_ROLL:
        snprintf(buf, size, "die %d is rolled", e->a);
        return viewer >= 0;
    case LOG_DIE_SET:
        snprintf(buf, size, "die %d is set", e->a);
        return viewer >= 0;
    case LOG_DIE_REVEAL: {
        const char *who = shown_to(mask, whom, sizeof whom, &sees);
        int told = mask == ALL_SEATS || (viewer > 0 && (mask & (1u << viewer)));
        if (told && e->b) /* 0: a physical die, not typed yet */
            snprintf(buf, size, "%s %s die %d: %d", who, sees, e->a, e->b);
        else
            snprintf(buf, size, "%s %s die %d", who, sees, e->a);
        return 1;
    }
    case LOG_REVEAL: {
        const char *who = shown_to(mask, whom, sizeof whom, &sees);
        name = table_log_reveal_card(t, i, viewer);
        snprintf(buf, size, "%s %s %s", who, sees, name ? name : "a card");
        return 1;
    }
    default:
        return 0;
    }
}

/* A run of reveals as one line: "seat 2 sees 6 cards: 9D 4D JH 3C QS
 * 6S", the names only for a viewer they were shown to. */
static void render_reveal_run(FILE *out, const Table *t, int from, int to, int viewer)
{
    char whom[64], line[600];
    const char *sees = "see";
    const char *who = shown_to((uint32_t)t->log.e[from].n, whom, sizeof whom, &sees);
    snprintf(line, sizeof line, "  %s %s %d cards", who, sees, to - from);
    put_text(out, line);
    for (int i = from, named = 0; i < to; i++) {
        const char *name = table_log_reveal_card(t, i, viewer);
        if (name)
            fprintf(out, "%s%s", named++ ? " " : ": ", name);
    }
    fputc('\n', out);
}

/* Prints a text of the rules (a note, a prompt, a result's message) on
 * its one line, any control character in it as '?': house rules shared by
 * someone else must not drive the terminal. Not on any hot path: only
 * what a person reads is printed. */
/* A safe text (control characters shown already) with the people's names:
 * "seat 2" as a word, its number whole, becomes "seat 2 (Ann)", and "seat
 * 2's" (a zone of the seat's: "seat 2's hand") becomes "Ann's". */
static void put_names(FILE *out, const char *start)
{
    const char *from = start;
    for (const char *p = start; *p; p++) {
        if (strncmp(p, "seat ", 5) != 0 || (p > start && isalnum((unsigned char)p[-1])) ||
            !isdigit((unsigned char)p[5]))
            continue;
        char *end;
        long seat = strtol(p + 5, &end, 10);
        if (isalnum((unsigned char)*end) || strncmp(end, " (", 2) == 0 || seat < 1 ||
            seat > MAX_SEATS || !seat_names || !seat_names[seat][0])
            continue;
        if (strncmp(end, "'s ", 3) == 0) {
            fwrite(from, 1, (size_t)(p - from), out);
            fputs(seat_names[seat], out);
            from = end;
        } else {
            fwrite(from, 1, (size_t)(end - from), out);
            fprintf(out, " (%s)", seat_names[seat]);
            from = end;
        }
        p = end - 1;
    }
    fputs(from, out);
}

static void put_text(FILE *out, const char *text)
{
    char shown[1024];
    put_names(out, strfmt_shown(text, shown, sizeof shown));
}

void render_said(FILE *out, const char *text)
{
    char *copy = strdup(text);
    if (!copy) {
        fputs("out of memory", out);
        return;
    }
    put_names(out, strfmt_printable(copy));
    free(copy);
}

void render_text(FILE *out, const char *text)
{
    put_text(out, text);
}

void render_log(FILE *out, const Table *t, int from, int viewer)
{
    /* Wider than what put_text shows, which cuts a longer line with "..." */
    char line[2048];
    for (int i = from < 0 ? 0 : from; i < t->log.n;) {
        int end = run_end(t, i);
        if (end - i > 1) {
            if (t->log.e[i].kind == LOG_MOVE)
                render_move_run(out, t, i, end, viewer);
            else
                render_reveal_run(out, t, i, end, viewer);
            i = end;
            continue;
        }
        if (t->log.e[i].kind == LOG_TRANSFER) {
            put_transfer(out, t, &t->log.e[i]);
        } else if (t->log.e[i].kind == LOG_MOVE) {
            put_move(out, t, i, viewer);
        } else if (people_line(t, i, viewer, line, sizeof line) ||
                   table_log_line(t, i, viewer, line, sizeof line)) {
            fputs("  ", out);
            put_text(out, line);
            fputc('\n', out);
        }
        i++;
    }
}

void render_pending(FILE *out, const Ask *p)
{
    if (p->window) {
        put_text(out, p->kind);
        fprintf(out, " window open to seat%s", p->nseats > 1 ? "s" : "");
        for (int i = 0; i < p->nseats; i++) {
            fprintf(out, "%s%d", i ? ", " : " ", p->seats[i]);
            if (seat_names && seat_names[p->seats[i]][0])
                fprintf(out, " (%s)", seat_names[p->seats[i]]);
        }
    } else {
        char who[40];
        fprintf(out, "%s to ", render_seat(p->seats[0], who, sizeof who));
        put_text(out, p->kind);
    }
    if (ask_prompt(p)) {
        fputs(": ", out);
        put_text(out, p->prompt);
    }
    fputc('\n', out);
}

void render_result(FILE *out, lua_State *L)
{
    int r = lua_gettop(L);
    fputs("game over", out);
    if (lua_getfield(L, r, "message") == LUA_TSTRING) {
        fputs(": ", out);
        put_text(out, lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    fputc('\n', out);
    if (lua_getfield(L, r, "scores") == LUA_TTABLE) {
        fputs("  scores:", out);
        for (lua_Integer i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
            char who[40];
            fprintf(out, "%s %s %s", i > 1 ? "," : "", render_seat((int)i, who, sizeof who),
                    lua_tostring(L, -1) ? lua_tostring(L, -1) : "?");
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        fputc('\n', out);
    }
    lua_pop(L, 1);
}

void render_first_line(const Table *t, int from, int seat, char *buf, size_t size)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    buf[0] = '\0';
    if (out) {
        render_log(out, t, from, seat);
        fclose(out);
    }
    if (text) {
        const char *first = text + strspn(text, " ");
        snprintf(buf, size, "%.*s", (int)strcspn(first, "\n"), first);
    }
    free(text);
}
