#include "move_text.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "strfmt.h"

/* isspace of the C locale whatever the process's locale (readline may set
 * one): move texts are a protocol, not prose. */
static int blank(unsigned char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

const char *move_text_problem(const char *text, size_t len)
{
    if (len == 0)
        return "a move text must not be empty";
    if (len > MOVE_TEXT_MAX)
        return "a move text is at most 200 characters";
    if (blank((unsigned char)text[0]) || blank((unsigned char)text[len - 1]))
        return "a move text must not begin or end with a space";
    int beyond_ascii = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c > ' ') {
            beyond_ascii |= c >= 0x7f;
            continue;
        }
        if (c != ' ')
            return "a move text is one line of words separated by single spaces";
        if (text[i + 1] == ' ')
            return "a move text separates its words by single spaces (typed moves are matched "
                   "ignoring extra spaces)";
    }
    /* Moves are stored in saves and records, which are JSON: UTF-8 only.
     * A script saved as Latin-1 ("caf\xe9") is the usual way to get this. */
    if (beyond_ascii && !strfmt_utf8(text, len))
        return "a move text must be UTF-8 text (is the rules script saved as UTF-8?)";
    if (beyond_ascii && strfmt_has_control(text))
        return "a move text is one line of words separated by single spaces";
    return NULL;
}

const char *label_text_problem(const char *text, size_t len)
{
    if (strfmt_plain_ascii(text, len)) /* as nearly every one is: asked on every decision */
        return NULL;
    if (!strfmt_utf8(text, len))
        return "must be UTF-8 text (is the rules script saved as UTF-8?)";
    /* strfmt_has_control stops at a NUL, itself a control character */
    if (memchr(text, '\0', len) || strfmt_has_control(text))
        return "must be one line without control characters (it is shown at the prompt)";
    return NULL;
}

/* FNV-1a over the lower-cased bytes: texts equal ignoring case hash alike. */
static uint32_t folded_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (uint32_t)tolower((unsigned char)*s)) * 16777619u;
    return h;
}

typedef struct Keyed {
    uint32_t hash;
    int index;
} Keyed;

static int by_hash_then_index(const void *a, const void *b)
{
    const Keyed *x = a, *y = b;
    if (x->hash != y->hash)
        return x->hash < y->hash ? -1 : 1;
    return x->index - y->index;
}

int move_texts_repeat(int n, const char *(*text_at)(const void *ctx, int i), const void *ctx,
                      int *earlier)
{
    if (n < 2)
        return -1;
    if (n <= 16) { /* the usual few moves: each pair, by hash first */
        uint32_t h[16];
        for (int i = 0; i < n; i++)
            h[i] = folded_hash(text_at(ctx, i));
        for (int j = 1; j < n; j++)
            for (int i = 0; i < j; i++)
                if (h[i] == h[j] && strcasecmp(text_at(ctx, i), text_at(ctx, j)) == 0) {
                    *earlier = i;
                    return j;
                }
        return -1;
    }
    /* Sorted by hash, equal texts sit together: n log n, whatever n is
     * (a rules script may list thousands of moves). */
    Keyed small[64], *k = n <= 64 ? small : malloc(sizeof *k * (size_t)n);
    if (!k)
        return -1; /* out of memory: the check is skipped, nothing is refused */
    for (int i = 0; i < n; i++) {
        k[i].hash = folded_hash(text_at(ctx, i));
        k[i].index = i;
    }
    qsort(k, (size_t)n, sizeof *k, by_hash_then_index);
    int found = -1;
    for (int i = 0; i + 1 < n; i++)
        for (int j = i + 1; j < n && k[j].hash == k[i].hash; j++)
            if (strcasecmp(text_at(ctx, k[i].index), text_at(ctx, k[j].index)) == 0 &&
                (found < 0 || k[j].index < found)) {
                found = k[j].index;
                *earlier = k[i].index;
            }
    if (k != small)
        free(k);
    return found;
}
