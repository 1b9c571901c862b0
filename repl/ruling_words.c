/* ruling_words: a table's ruling as a person types it ("pay 30 from Bob
 * to the pot: revoke", "strike Bob: slow play") in the words the game
 * keeps ("from seat2 to pot", "strike seat2"), as the record holds it. */
#include "ruling_words.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* An account as a person names it ("seat 2", "seat 2 (Bob)", "Bob", "the
 * pot") in the game's own name ("seat2", "pot"), into buf. */
static void account_named(const Match *m, const char *said, size_t len, char *buf, size_t size)
{
    while (len && isspace((unsigned char)*said))
        said++, len--;
    while (len && isspace((unsigned char)said[len - 1]))
        len--;
    if (len > 4 && !strncasecmp(said, "the ", 4))
        said += 4, len -= 4;
    int seat = 0, used = 0;
    if (sscanf(said, "seat %d%n", &seat, &used) == 1 && used > 4 &&
        (used == (int)len || said[used] == ' '))
        len = (size_t)used; /* "seat 2 (Bob)": seat 2 */
    else
        seat = 0;
    for (int s = 1; !seat && s <= m->loop.nseats; s++)
        if (m->names[s][0] && strlen(m->names[s]) == len && !strncasecmp(said, m->names[s], len))
            seat = s;
    if (seat)
        snprintf(buf, size, "seat%d", seat);
    else
        snprintf(buf, size, "%.*s", (int)len, said);
}

/* Any other ruling ("strike Bob: slow play", "points 20 to seat 2 (Bob):
 * a miscount"): before its colon, a person's name or "seat 2" (and a
 * "(Bob)" after it) reads as the game's "seat2"; the rest as typed. */
static void other_ruling(const Match *m, const char *rest, char *out, size_t size)
{
    const char *colon = strchr(rest, ':');
    size_t head = colon ? (size_t)(colon - rest) : strlen(rest);
    size_t n = (size_t)snprintf(out, size, "ruling");
    for (size_t at = 0; at < head && n < size;) {
        while (at < head && isspace((unsigned char)rest[at]))
            at++;
        size_t len = 0;
        while (at + len < head && !isspace((unsigned char)rest[at + len]))
            len++;
        if (!len)
            break;
        char word[80];
        snprintf(word, sizeof word, "%.*s", (int)len, rest + at);
        at += len;
        int seat = 0, digits = 0;
        if (!strcasecmp(word, "seat")) { /* "seat 2", and "(Bob)" after it */
            size_t k = at;
            while (k < head && isspace((unsigned char)rest[k]))
                k++;
            while (k + (size_t)digits < head && isdigit((unsigned char)rest[k + (size_t)digits]))
                digits++;
            if (digits) {
                seat = atoi(rest + k);
                at = k + (size_t)digits;
                size_t p = at;
                while (p < head && isspace((unsigned char)rest[p]))
                    p++;
                if (p < head && rest[p] == '(') {
                    const char *close = memchr(rest + p, ')', head - p);
                    if (close)
                        at = (size_t)(close - rest) + 1;
                }
            }
        }
        for (int s = 1; !seat && s <= m->loop.nseats; s++)
            if (m->names[s][0] && !strcasecmp(m->names[s], word))
                seat = s;
        if (seat)
            n += (size_t)snprintf(out + n, size - n, " seat%d", seat);
        else
            n += (size_t)snprintf(out + n, size - n, " %s", word);
    }
    if (colon && n < size)
        snprintf(out + n, size - n, "%s", colon);
}

/* "pay 50 from Bob to the pot: revoke" with the game's account names
 * ("from seat2 to pot"), as the record keeps it; rest as it is when it is
 * not of that shape (the game then says what a ruling reads). */
void ruling_words(const Match *m, const char *rest, char *out, size_t size)
{
    const char *from = strstr(rest, " from "), *to = from ? strstr(from + 6, " to ") : NULL;
    const char *colon = to ? strchr(to + 4, ':') : NULL;
    if (!colon || strncmp(rest, "pay ", 4) != 0) {
        other_ruling(m, rest, out, size);
        return;
    }
    char payer[64], payee[64];
    account_named(m, from + 6, (size_t)(to - from - 6), payer, sizeof payer);
    account_named(m, to + 4, (size_t)(colon - to - 4), payee, sizeof payee);
    snprintf(out, size, "ruling %.*s from %s to %s%s", (int)(from - rest), rest, payer, payee, colon);
}
