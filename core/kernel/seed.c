#include "seed.h"

#include <ctype.h>
#include <sodium.h>
#include <string.h>

const char *seed_problem(const char *text)
{
    size_t n = strlen(text);
    if (n == 0)
        return "a seed cannot be empty";
    if (n > SEED_MAX)
        return "a seed has at most 80 characters";
    for (size_t i = 0; i < n; i++) { /* (by hand: strspn builds its set on every call) */
        char c = text[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              strchr("-_.:/", c)))
            return "a seed is made of letters, digits and - _ . : / only";
    }
    if (!isalnum((unsigned char)text[0]))
        return "a seed starts with a letter or a digit";
    return NULL;
}

void seed_fresh(char *out)
{
    unsigned char bits[SEED_FRESH_HEX / 2];
    if (sodium_init() < 0)
        sodium_misuse(); /* no random source: nothing sound can be dealt */
    randombytes_buf(bits, sizeof bits);
    sodium_bin2hex(out, SEED_FRESH_HEX + 1, bits, sizeof bits);
}
