/* Reading game lines back: checked one by one (a line may be damaged or
 * come from another tournament), folded into standings, each game once;
 * and merge, the standings of several files of them. */
#include "game_lines.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "../../core/referee/game.h"
#include "../../core/kernel/strfmt.h"
#include "../../core/kernel/table_json.h"
#include "game_list.h"

/* g is a checked game number (0 <= g < TOUR_MAX_GAMES): the map stays
 * within 12.5 MB. */
int seen_has(const Seen *s, json_int_t g)
{
    return (size_t)(g / 8) < s->size && (s->bits[g / 8] >> (g % 8) & 1);
}

/* 0 when out of memory. */
static int seen_add(Seen *s, json_int_t g)
{
    if ((size_t)(g / 8) >= s->size) {
        size_t size = (size_t)(g / 8) * 2 + 64;
        unsigned char *bits = realloc(s->bits, size);
        if (!bits)
            return 0;
        memset(bits + s->size, 0, size - s->size);
        s->bits = bits;
        s->size = size;
    }
    s->bits[g / 8] |= (unsigned char)(1u << (g % 8));
    return 1;
}

/* Is value a list of n integers, each from lo to hi? */
static int integers_in(json_t *value, size_t n, json_int_t lo, json_int_t hi)
{
    if (!json_is_array(value) || json_array_size(value) != n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        json_t *x = json_array_get(value, i);
        if (!json_is_integer(x) || json_integer_value(x) < lo || json_integer_value(x) > hi)
            return 0;
    }
    return 1;
}

/* What is wrong with a game line as `--out` writes it, or NULL: a line
 * damaged by hand or by a disk must not crash the merge or count for
 * anything in the standings. */
static const char *line_problem(json_t *j)
{
    _Static_assert(TOUR_MAX_GAMES == 100000000, "the message below names the bound");
    json_t *game = json_object_get(j, "game"), *seats = json_object_get(j, "seats");
    if (!json_is_integer(game) || json_integer_value(game) < 0 ||
        json_integer_value(game) >= TOUR_MAX_GAMES)
        return "\"game\" must be a game number from 0 to 99999999";
    json_t *id = json_object_get(j, "tournament");
    json_t *seed = json_object_get(j, "seed");
    if (!json_is_string(id) || !json_is_string(seed) || seed_problem(json_string_value(seed)))
        return "\"tournament\" must be a text and \"seed\" a seed text";
    /* The id and the bots' names are printed back (in messages, in the
     * standings), and a line may come from another machine. */
    if (strfmt_has_control(json_string_value(id)))
        return "\"tournament\" holds a control character";
    size_t k = json_array_size(seats);
    if (!json_is_array(seats) || k < 1 || k > MAX_SEATS)
        return "\"seats\" must list the bot of each seat";
    for (size_t i = 0; i < k; i++)
        if (!json_is_string(json_array_get(seats, i)))
            return "\"seats\" must list the bot of each seat";
        else if (strfmt_has_control(json_string_value(json_array_get(seats, i))))
            return "a bot's name in \"seats\" holds a control character";
    json_t *error = json_object_get(j, "error"), *faults = json_object_get(j, "faults");
    json_t *moves = json_object_get(j, "moves"), *forfeit = json_object_get(j, "forfeit");
    if (error && !json_is_string(error))
        return "\"error\" must be a text";
    if ((faults || !error) && !integers_in(faults, k, 0, INT_MAX))
        return "\"faults\" must count each seat's faults";
    if ((moves || !error) && (!json_is_integer(moves) || json_integer_value(moves) < 0))
        return "\"moves\" must be a number of moves";
    if (forfeit && (!json_is_integer(forfeit) || json_integer_value(forfeit) < 1 ||
                    json_integer_value(forfeit) > (json_int_t)k))
        return "\"forfeit\" must be a seat";
    if (error)
        return NULL;
    json_t *winners = json_object_get(j, "winners"), *scores = json_object_get(j, "scores");
    size_t nw = json_array_size(winners);
    if (!integers_in(winners, nw, 1, (json_int_t)k))
        return "\"winners\" must list seats";
    for (size_t a = 0; a < nw; a++)
        for (size_t b = a + 1; b < nw; b++)
            if (json_equal(json_array_get(winners, a), json_array_get(winners, b)))
                return "\"winners\" names a seat twice";
    if (scores && (!json_is_array(scores) || json_array_size(scores) != k))
        return "\"scores\" must give each seat's score";
    for (size_t i = 0; scores && i < k; i++)
        if (!json_is_number(json_array_get(scores, i)))
            return "\"scores\" must give each seat's score";
    json_t *places = json_object_get(j, "places");
    if (places && (!json_is_array(places) || json_array_size(places) != k ||
                   !integers_in(places, k, 1, (json_int_t)k)))
        return "\"places\" must give each seat's place, from 1 to the number of seats";
    return NULL;
}

/* Where a line of this tournament (a, k seats) differs from game g as the
 * list of games has it, or NULL: a run resuming knows the list, so a
 * line's seats and seed are checked too (merge knows only the lines). */
static const char *unlike_its_game(json_t *j, const TourArgs *a, int k)
{
    json_int_t g = json_integer_value(json_object_get(j, "game"));
    json_t *seats = json_object_get(j, "seats");
    const char *names[MAX_SEATS];
    tour_seats_of(a, (long)g, k, names);
    if (json_array_size(seats) != (size_t)k)
        return "its seats are not this tournament's";
    for (int s = 0; s < k; s++)
        if (strcmp(json_string_value(json_array_get(seats, (size_t)s)), names[s]) != 0)
            return "its seats are not those of its game number";
    char seed[SEED_MAX + 1];
    tour_seed_of(a, (long)g, k, seed);
    if (strcmp(json_string_value(json_object_get(j, "seed")), seed) != 0)
        return "its seed is not that of its game number";
    return NULL;
}

/* A game line is a few hundred bytes; one over this is not one. */
#define GAME_LINE_MAX (1L << 20)

/* Reads one line, its newline kept, into *buf (grown as getline grows it).
 * Returns its length, 0 at the end of the file, or -1 for a line longer
 * than GAME_LINE_MAX: getline would read an endless stream without
 * newlines (a pipe from a runaway program) until memory ran out. */
static long read_game_line(FILE *f, char **buf, size_t *size)
{
    long len = 0;
    int c;
    while ((c = getc_unlocked(f)) != EOF) {
        if (len >= GAME_LINE_MAX)
            return -1;
        if ((size_t)len + 2 > *size) {
            size_t want = *size ? *size * 2 : 256;
            char *grown = realloc(*buf, want);
            if (!grown)
                return -1;
            *buf = grown;
            *size = want;
        }
        (*buf)[len++] = (char)c;
        if (c == '\n')
            break;
    }
    if (len)
        (*buf)[len] = '\0';
    return len;
}

/* Folds the game lines of a file into the standings (by game number,
 * duplicates dropped); returns how many it took, or -1 with a message.
 * expect (with its seat count k), when given, is the tournament whose
 * games they must be. */
#define CHECK_FIELD ",\"check\":\""

char *game_line_seal(const char *text)
{
    size_t len = strlen(text);
    if (len < 2 || text[len - 1] != '}')
        return NULL;
    /* The text less its closing brace, then the check of that and the brace. */
    size_t tail = sizeof CHECK_FIELD - 1 + 16 + 2;
    char *sealed = malloc(len - 1 + tail + 1);
    if (!sealed)
        return NULL;
    memcpy(sealed, text, len - 1);
    sealed[len - 1] = '\0';
    uint64_t check = fnv1a64(sealed);
    /* by hand, as snprintf's "%016llx" (it was a seventh of a line's cost) */
    char *at = sealed + len - 1;
    memcpy(at, CHECK_FIELD, sizeof CHECK_FIELD - 1);
    at += sizeof CHECK_FIELD - 1;
    for (int i = 15; i >= 0; i--, check >>= 4)
        at[i] = "0123456789abcdef"[check & 15];
    memcpy(at + 16, "\"}", 3);
    return sealed;
}

/* Why the line of len bytes in buf (its newline cut off) does not carry
 * the check of what it says, or NULL when it does. */
static const char *check_problem(char *buf, size_t len)
{
    static const size_t tail = sizeof CHECK_FIELD - 1 + 16 + 2; /* field, digits, "} */
    if (len < tail + 1 || strncmp(buf + len - tail, CHECK_FIELD, sizeof CHECK_FIELD - 1) != 0 ||
        strcmp(buf + len - 2, "\"}") != 0)
        return "it has no \"check\" as its last field, as referee tournament --out writes";
    char *digits = buf + len - tail + sizeof CHECK_FIELD - 1, *end;
    unsigned long long want = strtoull(digits, &end, 16);
    if (end != digits + 16)
        return "its \"check\" is not 16 hex digits";
    char was = buf[len - tail];
    buf[len - tail] = '\0';
    unsigned long long got = (unsigned long long)fnv1a64(buf);
    buf[len - tail] = was;
    return got == want ? NULL : "it does not match its \"check\": it was changed after it was written";
}

/* read_lines of the open file f, named (as shown) in messages. */
/* Whether the line j (at named:lineno) belongs to the tournament of the
 * first line read (o), noting the first; 0 after saying why not. */
static int same_tournament(json_t *j, const char *named, long lineno, Origin *o, int resuming)
{
    const char *id = json_string_value(json_object_get(j, "tournament"));
    if (!o->where[0]) {
        snprintf(o->id, sizeof o->id, "%s", id ? id : "");
        snprintf(o->where, sizeof o->where, "%s:%ld", named, lineno);
        return 1;
    }
    if (strcmp(o->id, id ? id : "") == 0)
        return 1;
    fprintf(stderr, "referee: %s:%ld is a game of another tournament than %s (another game, bots, "
                    "seats, seed, options, bot limits, move limit, or rules or bot files): %s\n",
            named, lineno, o->where,
            resuming ? "give another --out file, or the command that wrote this one"
                     : "merge the shards of one tournament only");
    return 0;
}

/* Counts the game line j (its text buf, len bytes with the newline) into
 * y once: a game seen before is taken once. 1 when it counted, 0 when it
 * was seen before, -1 after saying why it cannot be (damaged, or unlike
 * the game its number stands for in the expected tournament). */
static int take_line(json_t *j, char *buf, long len, const char *named, long lineno, Tally *y,
                     Seen *seen, const TourArgs *expect, int k)
{
    buf[len - 1] = '\0'; /* the newline: the check covers the line's own bytes */
    const char *why = check_problem(buf, (size_t)len - 1);
    if (!why)
        why = line_problem(j);
    if (!why && expect)
        why = unlike_its_game(j, expect, k);
    if (why) {
        fprintf(stderr, "referee: %s:%ld is a damaged game line (%s): delete it, and a run with "
                        "--out %s plays that game again\n", named, lineno, why, named);
        return -1;
    }
    json_int_t g = json_integer_value(json_object_get(j, "game"));
    if (seen_has(seen, g))
        return 0;
    if (!seen_add(seen, g)) {
        fprintf(stderr, "referee: out of memory reading %s\n", named);
        return -1;
    }
    tally_add(y, j);
    return 1;
}

long read_lines_from(FILE *f, const char *named, Tally *y, int resuming, Seen *seen,
                     Origin *o, const TourArgs *expect, int k)
{
    char *buf = NULL;
    size_t size = 0;
    long lineno = 0, n = 0, len;
    while ((len = read_game_line(f, &buf, &size)) != 0) {
        lineno++;
        if (len < 0) {
            fprintf(stderr, "referee: %s:%ld is not a game line (longer than %ld bytes, or memory "
                            "ran out): give files that referee tournament --out wrote\n",
                    named, lineno, GAME_LINE_MAX);
            n = -1;
            break;
        }
        if (buf[0] == '\n')
            continue;
        /* A last line without its newline was cut short (a full disk, a
         * kill), however whole it looks: it is not counted, and a resumed
         * run cuts it off and plays its game again. */
        if (buf[len - 1] != '\n')
            break;
        /* A NUL inside would end the text early, so it could pass for a
         * shorter line: no game line holds one. */
        json_t *j = (size_t)len == strlen(buf) ? json_loads(buf, 0, NULL) : NULL;
        if (!json_is_object(j) || !json_is_integer(json_object_get(j, "game"))) {
            json_decref(j);
            /* A line cut short by an interrupted run is dropped, not fatal. */
            if (feof(f) && !strchr(buf, '\n'))
                continue;
            fprintf(stderr, "referee: %s:%ld is not a game line (a JSON object with a \"game\" "
                            "number, as referee tournament --out writes): delete it, and a run "
                            "with --out %s plays its game again\n", named, lineno, named);
            n = -1;
            break;
        }
        int took = same_tournament(j, named, lineno, o, resuming)
                       ? take_line(j, buf, len, named, lineno, y, seen, expect, k)
                       : -1;
        json_decref(j);
        if (took < 0) {
            n = -1;
            break;
        }
        n += took;
    }
    free(buf);
    return n;
}

int tour_seed_of_file(const char *path, char *seed)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char *buf = NULL;
    size_t size = 0;
    long len;
    while ((len = read_game_line(f, &buf, &size)) > 0 && buf[0] == '\n')
        ;
    fclose(f);
    if (len <= 0 || buf[len - 1] != '\n') { /* no line, or one cut short */
        free(buf);
        return 0;
    }
    json_t *j = json_loads(buf, 0, NULL);
    free(buf);
    const char *text = json_string_value(json_object_get(j, "seed"));
    const char *slash = text ? strrchr(text, '/') : NULL;
    int found = slash && slash > text && slash - text <= SEED_TOURNAMENT_MAX &&
                !seed_problem(text) && slash[1] && strspn(slash + 1, "0123456789") == strlen(slash + 1);
    if (found)
        snprintf(seed, SEED_MAX + 1, "%.*s", (int)(slash - text), text);
    json_decref(j);
    return found;
}

long read_lines(const char *path, Tally *y, int quiet_missing, Seen *seen, Origin *o,
                       const TourArgs *expect, int k)
{
    /* Quoted in messages as shown: a file name may hold anything. */
    char shown[4096];
    const char *named = strfmt_shown(path, shown, sizeof shown);
    FILE *f = fopen(path, "r");
    if (!f) {
        if (quiet_missing && errno == ENOENT)
            return 0;
        fprintf(stderr, "referee: cannot read '%s': %s\n", named, strerror(errno));
        return -1;
    }
    struct stat st; /* a device (/dev/zero) would be read for ever */
    if (fstat(fileno(f), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))) {
        fprintf(stderr, "referee: '%s' is a device, not a file of game lines\n", named);
        fclose(f);
        return -1;
    }
    long n = read_lines_from(f, named, y, quiet_missing, seen, o, expect, k);
    fclose(f);
    return n;
}

int tour_merge(int nfiles, char **files, int format)
{
    Tally *y = tally_new();
    Seen seen = {NULL, 0};
    long n = 0;
    Origin origin = {"", ""};
    for (int i = 0; i < nfiles && n >= 0; i++) {
        long got = read_lines(files[i], y, 0, &seen, &origin, NULL, 0);
        n = got < 0 ? -1 : n + got;
    }
    free(seen.bits);
    if (n == 0)
        fprintf(stderr, "referee: no game lines in the files given\n");
    if (n > 0)
        print_standings(y, stdout, NULL, format);
    int failed = y->errors > 0; /* an error in a game: the standings say which */
    tally_free(y);
    return n > 0 && !failed ? 0 : 1;
}
