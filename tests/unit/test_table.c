#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../../core/kernel/table.h"
#include "../../core/kernel/table_json.h"

static Table *sample_table(void)
{
    Table *t = table_new(3, "42");
    int stock, hand1, pot, p1, die;
    zones_add(&t->zones, "stock", 0, VIS_HIDDEN, &stock);
    zones_add(&t->zones, "hand1", 1, VIS_OWNER, &hand1);
    deck_add_standard52(&t->deck);
    deck_add(&t->deck, "JK", NULL);
    for (int c = 1; c <= t->deck.n; c++)
        zones_place(&t->zones, c, stock);
    table_shuffle(t, stock);
    table_move(t, zones_top(&t->zones, stock), hand1, 0);
    table_reveal(t, t->zones.z[hand1].cards[0], 1u << 2);
    dice_add(&t->dice, 6, &die);
    table_roll(t, die);
    table_die_reveal(t, die, 1u << 3);
    ledger_open(&t->ledger, "pot", 0, &pot);
    ledger_open(&t->ledger, "p1", 100, &p1);
    ledger_seal(&t->ledger);
    table_transfer(t, p1, pot, 10, "ante \"quoted\"");
    table_note(t, 0, "a note");
    table_decision(t, 1, "play QS", 0);
    return t;
}

static void expect_refused(const char *text, const char *fragment)
{
    char err[256] = "", *vars = NULL;
    Table *t = table_from_json(text, &vars, err, sizeof err);
    CHECK(t == NULL);
    if (!strstr(err, fragment)) {
        fprintf(stderr, "    expected \"%s\" in: %s\n", fragment, err);
        CHECK(!"wrong refusal message");
    }
    table_free(t);
    free(vars);
}

static void replace(char *text, const char *from, const char *to)
{
    char *p = strstr(text, from);
    if (!p) {
        CHECK(!"pattern not in save");
        return;
    }
    size_t lf = strlen(from), lt = strlen(to);
    memmove(p + lt, p + lf, strlen(p + lf) + 1);
    memcpy(p, to, lt);
}

void test_table(void)
{
    Table *t = sample_table();
    CHECK_EQ_INT(t->log.n, 8);
    char line[256];
    table_log_line(t, 6, -1, line, sizeof line);
    CHECK(strcmp(line, "a note") == 0);
    table_log_line(t, 5, -1, line, sizeof line);
    CHECK(strcmp(line, "pay 10 from p1 to pot (ante \"quoted\")") == 0);

    /* The log as a seat may know it: hidden cards and rolls stay hidden. */
    int dealt = t->zones.z[2].cards[0];
    char full[256], seat1[256], seat2[256], seat3[256];
    table_log_line(t, 1, -1, full, sizeof full);
    table_log_line(t, 1, 1, seat1, sizeof seat1);
    table_log_line(t, 1, 2, seat2, sizeof seat2);
    CHECK(strncmp(full, t->deck.cards[dealt].name, strlen(t->deck.cards[dealt].name)) == 0);
    CHECK(strcmp(full, seat1) == 0);                       /* the owner sees it */
    table_log_line(t, 1, 3, seat3, sizeof seat3);
    CHECK(strcmp(seat3, "a card: stock -> hand1") == 0);   /* nobody else does */
    /* Seat 2 was shown the card later: the line of the deal stays as it
     * knew the card then (a log line never names a card with hindsight). */
    CHECK(strcmp(seat2, "a card: stock -> hand1") == 0);
    table_log_line(t, 2, 2, seat2, sizeof seat2);          /* revealed to seat 2 */
    CHECK(strstr(seat2, t->deck.cards[dealt].name) != NULL);
    table_log_line(t, 2, 3, seat3, sizeof seat3);
    CHECK(strcmp(seat3, "reveal a card to seat 2") == 0);
    table_log_line(t, 2, 1, seat1, sizeof seat1);          /* whose hand it lay in */
    CHECK(strstr(seat1, t->deck.cards[dealt].name) != NULL);
    table_log_line(t, 3, 3, seat3, sizeof seat3);
    CHECK(strcmp(seat3, "roll die 1") == 0);              /* no value */
    table_log_line(t, 4, 3, seat3, sizeof seat3);
    CHECK(strstr(seat3, ": ") != NULL);                   /* shown to seat 3 */
    table_log_line(t, 4, 1, seat1, sizeof seat1);
    CHECK(strcmp(seat1, "show die 1 to seat 3") == 0);

    /* Clone: equal, then independent. */
    Table *c = table_clone(t);
    char *a = table_to_json(t, "{\"phase\":\"play\"}");
    char *b = table_to_json(c, "{\"phase\":\"play\"}");
    CHECK(a && b && strcmp(a, b) == 0);
    table_move(c, zones_top(&c->zones, 1), 2, 0);
    CHECK_EQ_INT(t->zones.z[2].n, 1);
    CHECK_EQ_INT(c->zones.z[2].n, 2);
    CHECK(t->log.n + 1 == c->log.n);
    /* A clone leaves the card and zone slots past the counts unwritten: it
     * grows as its original does, and finds what it adds. */
    Table *g = table_clone(t);
    int found_by_name = 0;
    for (int z = 1; z <= t->zones.n; z++)
        found_by_name += zones_find(&g->zones, t->zones.z[z].name) == z;
    CHECK_EQ_INT(found_by_name, t->zones.n);
    int zt, zg, card_t, card_g;
    CHECK(zones_add(&t->zones, "extra", 0, VIS_PUBLIC, &zt) == ZONE_OK);
    CHECK(zones_add(&g->zones, "extra", 0, VIS_PUBLIC, &zg) == ZONE_OK);
    CHECK(deck_add(&t->deck, "JOKER9", &card_t) == DECK_OK);
    CHECK(deck_add(&g->deck, "JOKER9", &card_g) == DECK_OK);
    CHECK(zt == zg && card_t == card_g && zones_find(&g->zones, "extra") == zg);
    char *ta = table_to_json(t, "null"), *ga = table_to_json(g, "null");
    CHECK(ta && ga && strcmp(ta, ga) == 0);
    free(ta);
    free(ga);
    table_free(g);

    /* Save, load, save again: the same text, vars included. */
    char err[256], *vars = NULL;
    Table *loaded = table_from_json(a, &vars, err, sizeof err);
    CHECK(loaded != NULL);
    if (!loaded) fprintf(stderr, "    %s\n", err);
    if (loaded) {
        char *again = table_to_json(loaded, vars);
        CHECK(strcmp(a, again) == 0);
        CHECK(strcmp(vars, "{\"phase\":\"play\"}") == 0);
        CHECK(rng_next(&loaded->rng) == rng_next(&t->rng));
        free(again);
    }
    CHECK(fnv1a64(a) == fnv1a64(b));
    CHECK(fnv1a64("a") != fnv1a64("b"));

    /* Corrupt saves are refused with the reason. */
    expect_refused("not json", "not valid JSON");
    expect_refused("{\"format\":\"other\"}", "not a referee table");
    char *bad = malloc(strlen(a) + 64);
    strcpy(bad, a);
    replace(bad, "\"total\":100", "\"total\":101");
    expect_refused(bad, "add up to 100");
    strcpy(bad, a);
    replace(bad, "\"vis\":\"owner\"", "\"vis\":\"sideways\"");
    expect_refused(bad, "unknown visibility");
    strcpy(bad, a);
    replace(bad, "\"direction\":1", "\"direction\":0");
    expect_refused(bad, "direction");
    strcpy(bad, a);
    replace(bad, "\"cards\":[", "\"cards\":[999,");
    expect_refused(bad, "not in the deck");
    /* A reveal's zone (the one its card lay in) must be one the table has. */
    char reveal[64], damaged[64];
    snprintf(reveal, sizeof reveal, "[%d,0,%d,%d,0,4,null]", LOG_REVEAL, dealt, t->zones.where[dealt]);
    snprintf(damaged, sizeof damaged, "[%d,0,%d,99,0,4,null]", LOG_REVEAL, dealt);
    strcpy(bad, a);
    replace(bad, reveal, damaged);
    expect_refused(bad, "log entry 3 refers to something the table does not have");

    free(bad);
    free(a);
    free(b);
    free(vars);
    table_free(loaded);
    table_free(c);
    table_free(t);
}
