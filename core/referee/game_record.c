/* Game records: what `save` writes and `load` and `referee replay` read.
 * A record is the game's inputs (rules, options, seed, seats, moves) and
 * the fingerprint of the final table; loading replays every move through
 * the referee loop, so a record that no longer replays is refused. */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "game_physical.h"
#include "../lua/lua_json.h"
#include "../kernel/strfmt.h"

/* 2: chance from ChaCha20 keyed by a seed text; a game saved as 1 was
 * dealt by another stream and cannot be replayed. */
#define RECORD_FORMAT "referee-game/2"
#define RECORD_FORMAT_OLD "referee-game/1"

char *game_record(Game *g, const char *const *seat_names)
{
    char err[200];
    game_push_options(g);
    char *opts = ljson_encode(g->L, -1, err, sizeof err);
    lua_pop(g->L, 1);
    json_t *root = json_object();
    char buf[32];
    json_object_set_new(root, "format", json_string(RECORD_FORMAT));
    json_object_set_new(root, "game", json_string(g->source));
    json_object_set_new(root, "seed", json_string(g->seed));
    json_t *seats = json_array();
    for (int s = 0; s < g->nseats; s++)
        json_array_append_new(seats, json_string(seat_names && seat_names[s] ? seat_names[s] : "human"));
    json_object_set_new(root, "seats", seats);
    if (g->physical_dice || g->physical_cards) {
        /* The chance that came from the table: dice values as typed, in the
         * order the rules read them; a replay reads them and asks nothing.
         * A real deck's cards are named by the moves themselves. */
        json_t *table = json_object();
        if (g->physical_dice) {
            json_t *dice = json_array();
            for (int i = 0; i < g->ntyped; i++)
                json_array_append_new(dice, json_integer(g->typed[i]));
            json_object_set_new(table, "dice", dice);
        }
        if (g->physical_cards)
            json_object_set_new(table, "cards", json_true());
        json_object_set_new(root, "table", table);
    }
    if (g->people) {
        /* The seats played by people, whose calls keep the order typed (game.h). */
        json_t *people = json_array();
        for (int s = 1; s <= g->nseats; s++)
            if (g->people & (1u << s))
                json_array_append_new(people, json_integer(s));
        json_object_set_new(root, "people", people);
    }
    json_object_set_new(root, "options", opts ? json_loads(opts, 0, NULL) : json_object());
    json_t *moves = json_array();
    for (int i = 0; i < g->nmoves; i++)
        json_array_append_new(moves, json_pack("[i, i, s]", g->moves[i].seat, g->moves[i].group,
                                               game_move_text(g, i)));
    json_object_set_new(root, "moves", moves);
    snprintf(buf, sizeof buf, "%016llx", (unsigned long long)game_hash(g));
    json_object_set_new(root, "hash", json_string(buf));
    char *text = json_dumps(root, JSON_INDENT(1) | JSON_SORT_KEYS);
    json_decref(root);
    free(opts);
    return text;
}

/* Does any key or text in v hold a control character? */
static int json_has_control(json_t *v)
{
    const char *key;
    json_t *item;
    size_t i;
    if (json_is_string(v))
        return strfmt_has_control(json_string_value(v));
    if (json_is_object(v)) {
        json_object_foreach(v, key, item) {
            if (strfmt_has_control(key) || json_has_control(item))
                return 1;
        }
    }
    if (json_is_array(v)) {
        json_array_foreach(v, i, item) {
            if (json_has_control(item))
                return 1;
        }
    }
    return 0;
}

/* What a save says, read and checked before anything is replayed. */
typedef struct Saved {
    json_t *root;
    const char *name, *seed, *hash;
    json_t *seats, *options, *moves;
    int nseats;
} Saved;

/* Parses text into sv: every field there and of its kind, printable, a
 * seed text. NULL, or why it is no save (malloc'd). */
static char *read_saved(const char *text, Saved *sv)
{
    json_error_t jerr;
    const char *format;
    if (!(sv->root = json_loads(text, 0, &jerr)))
        return strfmt("not a saved game: invalid JSON at line %d (%s)", jerr.line, jerr.text);
    json_t *format_field = json_object_get(sv->root, "format");
    if (json_is_string(format_field) && !strcmp(json_string_value(format_field), RECORD_FORMAT_OLD))
        return strfmt("this game was saved by an older referee (format \"" RECORD_FORMAT_OLD
                      "\"), whose cards and dice came from another random stream: it cannot be "
                      "replayed here; play it again from its seed with --seed");
    if (json_unpack(sv->root, "{s:s, s:s, s:s, s:o, s:o, s:o, s:s}", "format", &format, "game",
                    &sv->name, "seed", &sv->seed, "seats", &sv->seats, "options", &sv->options,
                    "moves", &sv->moves, "hash", &sv->hash) != 0 ||
        strcmp(format, RECORD_FORMAT) != 0 || !json_is_array(sv->seats) ||
        !json_is_object(sv->options) || !json_is_array(sv->moves) ||
        json_array_size(sv->seats) < 1 || json_array_size(sv->seats) > MAX_SEATS)
        return strfmt("not a saved game: it needs format \"" RECORD_FORMAT "\", game, seed, seats "
                      "(1 to %d), options, moves and hash", MAX_SEATS);
    sv->nseats = (int)json_array_size(sv->seats);
    for (size_t s = 0; s < json_array_size(sv->seats); s++)
        if (!json_is_string(json_array_get(sv->seats, s)))
            return strfmt("not a saved game: seat %zu must be named by a text (human, random or a "
                          "bot's name)", s + 1);
    /* A save may come from someone else (a bug report), and its texts are
     * printed back in messages: a control character could drive the
     * terminal. The referee never writes one; a move with one is never
     * legal. */
    const char *unfit = strfmt_has_control(sv->name)    ? "the game's name"
                        : json_has_control(sv->seats)   ? "a seat's name"
                        : json_has_control(sv->options) ? "an option"
                        : json_has_control(sv->moves)   ? "a move" : NULL;
    if (unfit)
        return strfmt("not a saved game: %s holds a control character (a save holds printable "
                      "texts only)", unfit);
    if (seed_problem(sv->seed))
        return strfmt("not a saved game: its seed is not a seed text (%s)", seed_problem(sv->seed));
    return NULL;
}

/* The save's "people" into g: the seats people played (older saves have
 * none: their windows were ordered by policy alone). */
static char *take_people(Game *g, const Saved *sv)
{
    json_t *people = json_object_get(sv->root, "people"), *seat;
    size_t at;
    if (people && !json_is_array(people))
        goto bad;
    json_array_foreach(people, at, seat) {
        if (!json_is_integer(seat) || json_integer_value(seat) < 1 ||
            json_integer_value(seat) > sv->nseats)
            goto bad;
        g->people |= 1u << json_integer_value(seat);
    }
    return NULL;
bad:
    return strfmt("not a saved game: \"people\" must list the seats people played, from 1 to %d",
                  sv->nseats);
}

/* Who plays a seat and what the save says of it must agree: a person's
 * calls keep the order typed, and at a real table only a person can see
 * the dice or the cards (a bot there would play blind). */
static char *check_seated(const Game *g, const Saved *sv)
{
    int table = json_object_get(sv->root, "table") != NULL;
    for (int s = 1; s <= sv->nseats; s++) {
        const char *who = json_string_value(json_array_get(sv->seats, (size_t)s - 1));
        if (!strcmp(who, "human"))
            continue;
        char shown[80];
        strfmt_shown(who, shown, sizeof shown);
        if (g->people & (1u << s))
            return strfmt("not a saved game: \"people\" lists seat %d, but the bot '%s' plays it "
                          "(\"people\" lists the seats named human)", s, shown);
        if (table)
            return strfmt("not a saved game: it is played at a real table (\"table\"), where every "
                          "seat is a person, but seat %d is the bot '%s' (a bot cannot see real "
                          "dice or cards)", s, shown);
    }
    return NULL;
}

/* The save's "table" into g: a real deck, real dice and the values typed. */
static char *take_table(Game *g, const Saved *sv)
{
    json_t *table = json_object_get(sv->root, "table");
    json_t *cards = json_object_get(table, "cards");
    if (cards && (!json_is_true(cards) || game_use_physical_cards(g) != GAME_OK))
        return strfmt("not a saved game: \"table\" may hold \"cards\": true (a real deck)%s%s",
                      g->error ? ": " : "", g->error ? g->error : "");
    if (!table || (!json_object_get(table, "dice") && cards))
        return NULL;
    json_t *dice = json_object_get(table, "dice"), *value;
    size_t nd = json_array_size(dice), at;
    int *typed = calloc(nd + 1, sizeof(int));
    int ok = typed && json_is_object(table) && json_is_array(dice);
    json_array_foreach(dice, at, value) {
        ok = ok && json_is_integer(value) && json_integer_value(value) >= 1 &&
             json_integer_value(value) <= 255;
        if (ok)
            typed[at] = (int)json_integer_value(value);
    }
    ok = ok && game_use_physical_dice(g, typed, (int)nd, NULL, NULL) == GAME_OK;
    free(typed);
    if (ok)
        return NULL;
    return strfmt("not a saved game: \"table\" must be {\"dice\": [the values typed, each a die's "
                  "face]}%s%s", g->error ? ": " : "", g->error ? g->error : "");
}

/* Replays the save's moves on g: a run of answers with the same window
 * group is one claim window. */
static char *replay_moves(Game *g, const Saved *sv)
{
    size_t n = json_array_size(sv->moves);
    for (size_t i = 0; i < n;) {
        int wseats[MAX_SEATS], group = 0;
        const char *wmoves[MAX_SEATS];
        size_t k = 0;
        while (i + k < n && k < MAX_SEATS) {
            json_int_t seat, g2; /* not int: jansson would wrap 4294967298 into seat 2 */
            const char *mv;
            /* seat 0: the table's own ruling (game_table.c) */
            if (json_unpack(json_array_get(sv->moves, i + k), "[I, I, s!]", &seat, &g2, &mv) != 0 ||
                seat < 0 || seat > sv->nseats || g2 < 0 || g2 > INT_MAX ||
                (seat == 0 && (g2 != 0 || strncmp(mv, "ruling ", 7) != 0)))
                return strfmt("not a saved game: move %zu is malformed (each move is [seat from 1 "
                              "to %d, window group, move text], or [0, 0, a ruling])", i + k + 1, sv->nseats);
            if (k > 0 && (group == 0 || g2 != group))
                break;
            group = (int)g2;
            wseats[k] = (int)seat;
            wmoves[k++] = mv;
        }
        GameStatus s = k > 1 ? game_window(g, (int)k, wseats, wmoves)
                             : game_play(g, wseats[0], wmoves[0]);
        if (s != GAME_OK)
            return strfmt("the save does not replay: move %zu (seat %d: '%s') failed: %s", i + 1,
                          wseats[0], wmoves[0], g->error ? g->error : "");
        i += k;
    }
    return NULL;
}

/* The replayed game is the one saved: as many moves, each in the window
 * group it was saved with (numbered as the game goes, so a changed record
 * shows), and the same table at the end. */
static char *verify_replay(Game *g, const Saved *sv)
{
    size_t n = json_array_size(sv->moves);
    if ((size_t)g->nmoves != n)
        return strfmt("not a saved game: its %zu moves replay as %d", n, g->nmoves);
    for (size_t i = 0; i < n; i++) {
        json_int_t group = json_integer_value(json_array_get(json_array_get(sv->moves, i), 1));
        if (group != g->moves[i].group)
            return strfmt("not a saved game: move %zu names window group %lld, but replays as %s",
                          i + 1, (long long)group,
                          g->moves[i].group ? "another group" : "no window (group 0)");
    }
    char buf[32];
    snprintf(buf, sizeof buf, "%016llx", (unsigned long long)game_hash(g));
    if (strcmp(buf, sv->hash) != 0)
        return strfmt("the save replays to a different table than it recorded (the rules "
                      "changed since it was saved?)");
    return NULL;
}

/* Pushes the game the save starts (its options decoded), or NULL with why. */
static Game *start_saved(lua_State *L, const Saved *sv, const char *rules_path, char **err)
{
    char *opts_text = json_dumps(sv->options, JSON_COMPACT);
    char why[200];
    if (!opts_text || !ljson_decode(L, opts_text, why, sizeof why)) {
        free(opts_text);
        *err = strfmt("not a saved game: bad options");
        return NULL;
    }
    free(opts_text);
    Game *g = game_new(L, sv->name, rules_path, sv->nseats, sv->seed, -1, 0, err);
    lua_remove(L, g ? -2 : -1);
    return g;
}

Game *game_from_record(lua_State *L, const char *text, const char *rules_path,
                       char ***seat_names, char **err)
{
    Saved sv = {0};
    *seat_names = NULL;
    *err = read_saved(text, &sv);
    Game *g = *err ? NULL : start_saved(L, &sv, rules_path, err);
    if (g && ((*err = take_people(g, &sv)) || (*err = check_seated(g, &sv)) ||
              (*err = take_table(g, &sv)) || (*err = replay_moves(g, &sv)) ||
              (*err = verify_replay(g, &sv)))) {
        lua_pop(L, 1);
        g = NULL;
    }
    if (g) {
        *seat_names = calloc((size_t)sv.nseats + 1, sizeof(char *));
        for (int s = 0; *seat_names && s < sv.nseats; s++) {
            const char *sn = json_string_value(json_array_get(sv.seats, (size_t)s));
            (*seat_names)[s] = strdup(sn ? sn : "human");
        }
    }
    json_decref(sv.root);
    return g;
}

