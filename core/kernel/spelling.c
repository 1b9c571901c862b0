/* spelling: the optimal string alignment distance (Levenshtein's, with two
 * letters swapped counting as one slip), ignoring case. */
#include "spelling.h"

#include <ctype.h>
#include <string.h>

#define LONGEST 64 /* longer names are not compared: nobody mistypes those */

static int slips(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > LONGEST || lb > LONGEST)
        return LONGEST;
    int d[LONGEST + 1][LONGEST + 1];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
            int best = d[i - 1][j - 1] + (ca != cb);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

const char *spelling_nearest(const char *typed, const char *const *names, int n)
{
    size_t len = strlen(typed);
    int allowed = len <= 5 ? 1 : len <= 8 ? 2 : 3;
    const char *best = NULL;
    int best_slips = allowed + 1, ties = 0;
    for (int i = 0; i < n; i++) {
        if (!names[i] || !*names[i])
            continue;
        int s = slips(typed, names[i]);
        if (s < best_slips) {
            best = names[i];
            best_slips = s;
            ties = 0;
        } else if (s == best_slips) {
            ties++;
        }
    }
    return best && !ties && strcmp(typed, best) != 0 ? best : NULL;
}
