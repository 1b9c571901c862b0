/* ask_match: a typed text matched against an ask's legal moves. */
#include "ask_match.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int ask_slot_of(const Ask *p, int seat)
{
    for (int i = 0; i < p->nseats; i++)
        if (p->seats[i] == seat)
            return i;
    return -1;
}

void ask_normalise(const char *text, char *out, size_t size)
{
    size_t n = 0;
    int space = 0;
    for (const char *p = text; *p && n + 1 < size; p++) {
        if (isspace((unsigned char)*p)) {
            space = n > 0;
            continue;
        }
        if (space && n + 2 < size)
            out[n++] = ' ';
        space = 0;
        out[n++] = *p;
    }
    out[n] = '\0';
}

/* Splits a normalised text into its words (at most max), in buf. */
static int split_words(const char *text, char *buf, size_t size, char **words, int max)
{
    snprintf(buf, size, "%s", text);
    int n = 0;
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w && n < max; w = strtok_r(NULL, " ", &save))
        words[n++] = w;
    return n;
}

static int compare_words(const void *a, const void *b)
{
    return strcasecmp(*(char *const *)a, *(char *const *)b);
}

/* Whether two normalised texts have the same first word and the same other
 * words in any order, ignoring case: "discard 8H 8C" is "discard 8C 8H". */
static int same_words(const char *a, const char *b)
{
    char abuf[512], bbuf[512], *aw[24], *bw[24];
    int an = split_words(a, abuf, sizeof abuf, aw, 24), bn = split_words(b, bbuf, sizeof bbuf, bw, 24);
    if (an != bn || an < 3 || strcasecmp(aw[0], bw[0]) != 0)
        return 0;
    qsort(aw + 1, (size_t)an - 1, sizeof *aw, compare_words);
    qsort(bw + 1, (size_t)bn - 1, sizeof *bw, compare_words);
    for (int i = 1; i < an; i++)
        if (strcasecmp(aw[i], bw[i]) != 0)
            return 0;
    return 1;
}

/* Whether two words name the same: ignoring case, and a dual-face card
 * from either face ("8D/5S" is 5S/8D, as a claim writes it). */
static int same_name(const char *a, const char *b)
{
    if (strcasecmp(a, b) == 0)
        return 1;
    const char *sa = strchr(a, '/'), *sb = strchr(b, '/');
    if (!sa || !sb || strchr(sa + 1, '/') || strchr(sb + 1, '/'))
        return 0;
    size_t la = (size_t)(sa - a), lb = (size_t)(sb - b);
    return strlen(sa + 1) == lb && strlen(sb + 1) == la && strncasecmp(a, sb + 1, la) == 0 &&
           strncasecmp(sa + 1, b, lb) == 0;
}

/* Whether two normalised texts name the same card, alone or after the
 * same verb, from either face first. */
static int same_cards(const char *a, const char *b)
{
    char abuf[512], bbuf[512], *aw[24], *bw[24];
    int an = split_words(a, abuf, sizeof abuf, aw, 24), bn = split_words(b, bbuf, sizeof bbuf, bw, 24);
    /* A move that is a card's name alone, or a verb and one card ("play
     * 5S/8D"); the order of a claim's faces says which face it uses. */
    if (an != bn || an < 1 || an > 2)
        return 0;
    if (an == 1)
        return same_name(aw[0], bw[0]);
    return strcasecmp(aw[0], bw[0]) == 0 && same_name(aw[1], bw[1]);
}

/* The legal move of slot that want names: as listed, in another case, or
 * with its cards in another order or named from their other face (the
 * only such move); NULL if none. The
 * words are weighed only once no text matches as typed: a bot's answer,
 * matched on every claim window, never gets that far. */
static const char *match_in(const Ask *p, int slot, const char *want)
{
    const char *loose = NULL, *reordered = NULL;
    int end = p->first[slot] + p->count[slot], nreordered = 0;
    for (int i = p->first[slot]; i < end; i++) {
        if (strcmp(ask_move(p, i), want) == 0)
            return ask_move(p, i);
        if (!loose && strcasecmp(ask_move(p, i), want) == 0)
            loose = ask_move(p, i);
    }
    if (loose)
        return loose;
    for (int i = p->first[slot]; i < end && nreordered < 2; i++)
        if (same_words(ask_move(p, i), want)) {
            reordered = ask_move(p, i);
            nreordered++;
        }
    if (nreordered)
        return nreordered == 1 ? reordered : NULL;
    for (int i = p->first[slot]; i < end && nreordered < 2; i++)
        if (same_cards(ask_move(p, i), want)) {
            reordered = ask_move(p, i);
            nreordered++;
        }
    return nreordered == 1 ? reordered : NULL;
}

const char *ask_match(const Ask *p, int seat, const char *text)
{
    int slot = ask_slot_of(p, seat);
    if (slot < 0 || !p->count[slot])
        return NULL;
    char want[512];
    ask_normalise(text, want, sizeof want);
    const char *found = match_in(p, slot, want);
    if (found)
        return found;
    /* Where every legal move begins with one verb, the verb may be left
     * out: "53" at a declaration is "declare 53". */
    const char *first = ask_move(p, p->first[slot]);
    size_t verb = strcspn(first, " ");
    if (!first[verb] || strncasecmp(want, first, verb) == 0)
        return NULL;
    for (int i = p->first[slot]; i < p->first[slot] + p->count[slot]; i++)
        if (strncmp(ask_move(p, i), first, verb) != 0 || ask_move(p, i)[verb] != ' ')
            return NULL;
    char with_verb[600];
    snprintf(with_verb, sizeof with_verb, "%.*s %s", (int)verb, first, want);
    return match_in(p, slot, with_verb);
}

int ask_move_shown(const Ask *p, const char *move)
{
    size_t len;
    return !ask_open(p) || !ask_open_word(p->open, move, &len) || !strchr(move, ' ');
}
