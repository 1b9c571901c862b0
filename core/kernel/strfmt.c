#include "strfmt.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *vstrfmt(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *s = n < 0 ? NULL : malloc((size_t)n + 1);
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return s;
}

char *strfmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vstrfmt(fmt, ap);
    va_end(ap);
    return s;
}

/* How long the UTF-8 sequence at p is, 1 for ASCII, or 0 when it is not
 * one: a stray continuation byte, a lead byte without its continuations,
 * an overlong form, a surrogate or a code point past U+10FFFF (what
 * jansson refuses, so what would make a JSON record or save drop it). */
static size_t utf8_at(const unsigned char *p, size_t left)
{
    if (p[0] < 0x80)
        return 1;
    size_t n = p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : p[0] >= 0xe0 && p[0] <= 0xef ? 3
             : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
    if (n == 0 || n > left)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0) ||
        (p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] >= 0x90))
        return 0;
    return n;
}

int strfmt_utf8(const char *text, size_t len)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t i = 0;
    /* Notes and moves are checked as they are made, on the hot path, and
     * are nearly always ASCII: eight bytes at a time while they are. */
    for (uint64_t w; i + 8 <= len; i += 8) {
        memcpy(&w, p + i, 8);
        if (w & 0x8080808080808080ULL)
            break;
    }
    for (size_t n; i < len; i += n)
        if ((n = utf8_at(p + i, len - i)) == 0)
            return 0;
    return 1;
}

/* Whether any byte of w is below n (n at most 128), and whether any is
 * zero: the bit tricks of Sean Anderson's "Bit Twiddling Hacks". */
#define ONES 0x0101010101010101ULL
#define HIGHS 0x8080808080808080ULL
static uint64_t has_less(uint64_t w, unsigned n)
{
    return (w - ONES * n) & ~w & HIGHS;
}

/* Whether the eight bytes at p are all printable ASCII. */
static int plain_word(const unsigned char *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return !((w & HIGHS) || has_less(w, 0x20) || has_less(w ^ (ONES * 0x7f), 1));
}

size_t strfmt_copy(char *out, size_t size, const char *text)
{
    size_t len = strnlen(text, size - 1);
    memcpy(out, text, len);
    out[len] = '\0';
    return len;
}

size_t strfmt_int(char *out, long long v)
{
    char digits[STRFMT_INT_SIZE];
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    size_t i = sizeof digits;
    do
        digits[--i] = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (v < 0)
        digits[--i] = '-';
    size_t len = sizeof digits - i;
    memcpy(out, digits + i, len);
    out[len] = '\0';
    return len;
}

int strfmt_plain_ascii(const char *text, size_t len)
{
    const unsigned char *p = (const unsigned char *)text;
    if (len < 8) {
        for (size_t i = 0; i < len; i++)
            if (p[i] < 0x20 || p[i] >= 0x7f)
                return 0;
        return 1;
    }
    /* Eight at a time, the last eight overlapping those before. */
    for (size_t i = 0; i + 8 < len; i += 8)
        if (!plain_word(p + i))
            return 0;
    return plain_word(p + len - 8);
}

int strfmt_name_ok(const char *name, size_t max)
{
    size_t len = strlen(name);
    if (len == 0 || len > max || !strfmt_utf8(name, len) || strfmt_has_control(name))
        return 0;
    return strpbrk(name, " \"\\") == NULL;
}

/* How many bytes of a control character start at p (0: none): C0 but
 * newline and tab unless `strict`, DEL, the two-byte UTF-8 forms of
 * U+0080..U+009F (C1, which some terminals obey as ESC sequences), and the
 * characters that reorder or break a line where the text does not show it:
 * the bidirectional marks, embeddings, overrides and isolates (U+061C,
 * U+200E, U+200F, U+202A..U+202E, U+2066..U+2069) and the line and
 * paragraph separators (U+2028, U+2029). A U+202E in a bot's words could
 * make "1 tap seat" read as another line of the referee's. */
static int control_at(const unsigned char *p, int strict)
{
    if ((*p < 0x20 && (strict || (*p != '\n' && *p != '\t'))) || *p == 0x7f)
        return 1;
    if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
        return 2;
    if (*p == 0xd8 && p[1] == 0x9c)
        return 2;
    if (*p == 0xe2 && p[1] == 0x80 && (p[2] == 0x8e || p[2] == 0x8f || (p[2] >= 0xa8 && p[2] <= 0xae)))
        return 3;
    if (*p == 0xe2 && p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9)
        return 3;
    return 0;
}

static char *make_printable(char *text, int strict)
{
    if (!text)
        return NULL;
    unsigned char *p = (unsigned char *)text;
    size_t len = strlen(text);
    for (size_t i = 0, n; i < len; i += n) {
        n = utf8_at(p + i, len - i);
        if (n == 0) { /* a byte of no UTF-8 text: one '?' for each */
            p[i] = '?';
            n = 1;
        } else if (control_at(p + i, strict)) {
            memset(p + i, '?', n);
        }
    }
    return text;
}

char *strfmt_printable(char *text)
{
    return make_printable(text, 0);
}

char *strfmt_one_line(char *text)
{
    return make_printable(text, 1);
}

/* The length of the address at p ("0x" and 6 or more hex digits, not
 * within a word), or 0. */
static size_t address_at(const char *text, const char *p)
{
    if (p[0] != '0' || (p[1] != 'x' && p[1] != 'X') || (p > text && isalnum((unsigned char)p[-1])))
        return 0;
    size_t n = 2;
    while (isxdigit((unsigned char)p[n]))
        n++;
    return n >= 8 && !isalnum((unsigned char)p[n]) ? n : 0;
}

char *strfmt_without_addresses(char *text)
{
    if (!text || !strstr(text, "0x"))
        return text;
    static const char SAID[] = "(address)";
    size_t len = strlen(text);
    char *out = malloc(len * (sizeof SAID) / 8 + sizeof SAID); /* an address is 8 bytes or more */
    if (!out)
        return text;
    size_t o = 0;
    for (const char *p = text; *p;) {
        size_t n = address_at(text, p);
        if (n) {
            memcpy(out + o, SAID, sizeof SAID - 1);
            o += sizeof SAID - 1;
            p += n;
        } else {
            out[o++] = *p++;
        }
    }
    out[o] = '\0';
    free(text);
    return out;
}

const char *strfmt_shown(const char *text, char *buf, size_t size)
{
    if (!size)
        return "";
    text = text ? text : "";
    size_t len = strlen(text);
    if (len < size || size < 8) {
        snprintf(buf, size, "%s", text);
        return make_printable(buf, 1);
    }
    /* Cut where a character begins, and say it was cut: a pasted page
     * quoted back whole would bury the message. */
    size_t keep = size - 4;
    while (keep > 0 && ((unsigned char)text[keep] & 0xc0) == 0x80)
        keep--;
    memcpy(buf, text, keep);
    memcpy(buf + keep, "...", 4);
    return make_printable(buf, 1);
}

int strfmt_has_control(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; p && *p; p++)
        if (control_at(p, 1))
            return 1;
    return 0;
}
