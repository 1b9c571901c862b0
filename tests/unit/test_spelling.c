#include <stddef.h>
#include <string.h>
#include "check.h"
#include "../../core/kernel/spelling.h"

void test_spelling(void)
{
    const char *games[] = {"bam", "bam-app", "bamm", "bamboozled", "bamboozled-dice", "fixture"};
    int n = sizeof games / sizeof *games;
    /* a letter changed, added, dropped, two swapped; case ignored */
    CHECK(strcmp(spelling_nearest("fixtrue", games, n), "fixture") == 0);
    CHECK(strcmp(spelling_nearest("bamboozeld", games, n), "bamboozled") == 0);
    CHECK(strcmp(spelling_nearest("bamboozled-dic", games, n), "bamboozled-dice") == 0);
    CHECK(strcmp(spelling_nearest("BAM-APP", games, n), "bam-app") == 0);
    CHECK(strcmp(spelling_nearest("fixtur", games, n), "fixture") == 0);
    /* a short name allows one slip: "bma" is one swap from bam; "bxx" two */
    CHECK(strcmp(spelling_nearest("bma", games, n), "bam") == 0);
    CHECK(spelling_nearest("bxx", games, n) == NULL);
    /* two as near: no guess ("bamx" is one from bam and from bamm) */
    CHECK(spelling_nearest("bamx", games, n) == NULL);
    /* nothing near, an exact name, an empty list */
    CHECK(spelling_nearest("poker", games, n) == NULL);
    CHECK(spelling_nearest("bam", games, n) == NULL);
    CHECK(spelling_nearest("bam", games, 0) == NULL);
}
