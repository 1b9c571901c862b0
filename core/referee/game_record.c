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

Game *game_from_record(lua_State *L, const char *text, const char *rules_path,
                       char ***seat_names, char **err)
{
    json_error_t jerr;
    json_t *root = json_loads(text, 0, &jerr);
    Game *g = NULL;
    *seat_names = NULL;
    *err = NULL;
    const char *name, *seed_text, *hash;
    json_t *seats, *options, *moves;
    if (!root) {
        *err = strfmt("not a saved game: invalid JSON at line %d (%s)", jerr.line, jerr.text);
        return NULL;
    }
    const char *format;
    json_t *format_field = json_object_get(root, "format");
    if (json_is_string(format_field) && !strcmp(json_string_value(format_field), RECORD_FORMAT_OLD)) {
        *err = strfmt("this game was saved by an older referee (format \"" RECORD_FORMAT_OLD
                      "\"), whose cards and dice came from another random stream: it cannot be "
                      "replayed here; play it again from its seed with --seed");
        goto done;
    }
    if (json_unpack(root, "{s:s, s:s, s:s, s:o, s:o, s:o, s:s}", "format", &format, "game", &name,
                    "seed", &seed_text, "seats", &seats, "options", &options, "moves", &moves,
                    "hash", &hash) != 0 ||
        strcmp(format, RECORD_FORMAT) != 0 || !json_is_array(seats) || !json_is_object(options) ||
        !json_is_array(moves) || json_array_size(seats) < 1 || json_array_size(seats) > MAX_SEATS) {
        *err = strfmt("not a saved game: it needs format \"" RECORD_FORMAT "\", game, seed, seats "
                      "(1 to %d), options, moves and hash", MAX_SEATS);
        goto done;
    }
    for (size_t s = 0; s < json_array_size(seats); s++)
        if (!json_is_string(json_array_get(seats, s))) {
            *err = strfmt("not a saved game: seat %zu must be named by a text (human, random or a "
                          "bot's name)", s + 1);
            goto done;
        }
    /* A save may come from someone else (a bug report), and its texts are
     * printed back in messages: a control character could drive the
     * terminal. The referee never writes one; a move with one is never
     * legal. */
    const char *unfit = strfmt_has_control(name) ? "the game's name"
                        : json_has_control(seats) ? "a seat's name"
                        : json_has_control(options) ? "an option"
                        : json_has_control(moves) ? "a move" : NULL;
    if (unfit) {
        *err = strfmt("not a saved game: %s holds a control character (a save holds printable "
                      "texts only)", unfit);
        goto done;
    }
    if (seed_problem(seed_text)) {
        *err = strfmt("not a saved game: its seed is not a seed text (%s)", seed_problem(seed_text));
        goto done;
    }
    char *opts_text = json_dumps(options, JSON_COMPACT);
    char why[200];
    if (!opts_text || !ljson_decode(L, opts_text, why, sizeof why)) {
        free(opts_text);
        *err = strfmt("not a saved game: bad options");
        goto done;
    }
    free(opts_text);
    int nseats = (int)json_array_size(seats);
    g = game_new(L, name, rules_path, nseats, seed_text, -1, 0, err);
    lua_remove(L, g ? -2 : -1);
    if (!g)
        goto done;
    /* Older saves have no "people": their windows were ordered by policy alone. */
    json_t *people = json_object_get(root, "people"), *seat;
    size_t at;
    if (people && !json_is_array(people))
        goto bad_people;
    json_array_foreach(people, at, seat) {
        if (!json_is_integer(seat) || json_integer_value(seat) < 1 || json_integer_value(seat) > nseats)
            goto bad_people;
        g->people |= 1u << json_integer_value(seat);
    }
    json_t *table = json_object_get(root, "table");
    /* Who plays a seat and what the save says of it must agree: a person's
     * calls keep the order typed, and at a real table only a person can see
     * the dice or the cards (a bot there would play blind). */
    for (int s = 1; s <= nseats; s++) {
        const char *who = json_string_value(json_array_get(seats, (size_t)s - 1));
        if (!strcmp(who, "human"))
            continue;
        char shown[80];
        strfmt_shown(who, shown, sizeof shown);
        if (g->people & (1u << s)) {
            *err = strfmt("not a saved game: \"people\" lists seat %d, but the bot '%s' plays it "
                          "(\"people\" lists the seats named human)", s, shown);
            goto bad;
        }
        if (table) {
            *err = strfmt("not a saved game: it is played at a real table (\"table\"), where every "
                          "seat is a person, but seat %d is the bot '%s' (a bot cannot see real "
                          "dice or cards)", s, shown);
            goto bad;
        }
    }
    json_t *cards = json_object_get(table, "cards");
    if (cards && (!json_is_true(cards) || game_use_physical_cards(g) != GAME_OK)) {
        *err = strfmt("not a saved game: \"table\" may hold \"cards\": true (a real deck)%s%s",
                      g->error ? ": " : "", g->error ? g->error : "");
        goto bad;
    }
    if (table && (json_object_get(table, "dice") || !cards)) {
        json_t *dice = json_object_get(table, "dice"), *value;
        size_t nd = json_array_size(dice);
        int *typed = calloc(nd + 1, sizeof(int));
        int ok = typed && json_is_object(table) && json_is_array(dice);
        json_array_foreach(dice, at, value) {
            ok = ok && json_is_integer(value) && json_integer_value(value) >= 1 &&
                 json_integer_value(value) <= 255;
            if (ok)
                typed[at] = (int)json_integer_value(value);
        }
        if (!ok || game_use_physical_dice(g, typed, (int)nd, NULL, NULL) != GAME_OK) {
            free(typed);
            *err = strfmt("not a saved game: \"table\" must be {\"dice\": [the values typed, "
                          "each a die's face]}%s%s", g->error ? ": " : "", g->error ? g->error : "");
            goto bad;
        }
        free(typed);
    }
    size_t n = json_array_size(moves);
    for (size_t i = 0; i < n;) {
        /* A run of answers with the same window group is one claim window. */
        int wseats[MAX_SEATS], group = 0;
        const char *wmoves[MAX_SEATS];
        size_t k = 0;
        while (i + k < n && k < MAX_SEATS) {
            json_int_t seat, g2; /* not int: jansson would wrap 4294967298 into seat 2 */
            const char *mv;
            if (json_unpack(json_array_get(moves, i + k), "[I, I, s!]", &seat, &g2, &mv) != 0 ||
                seat < 1 || seat > nseats || g2 < 0 || g2 > INT_MAX) {
                *err = strfmt("not a saved game: move %zu is malformed (each move is [seat from 1 "
                              "to %d, window group, move text])", i + k + 1, nseats);
                goto bad;
            }
            if (k > 0 && (group == 0 || g2 != group))
                break;
            group = (int)g2;
            wseats[k] = (int)seat;
            wmoves[k++] = mv;
        }
        GameStatus s = k > 1 ? game_window(g, (int)k, wseats, wmoves)
                             : game_play(g, wseats[0], wmoves[0]);
        if (s != GAME_OK) {
            *err = strfmt("the save does not replay: move %zu (seat %d: '%s') failed: %s", i + 1,
                          wseats[0], wmoves[0], g->error ? g->error : "");
            goto bad;
        }
        i += k;
    }
    /* The window groups are numbered as the game goes: a replayed move
     * carries the number it was saved with, or the record was changed. */
    if ((size_t)g->nmoves != n) {
        *err = strfmt("not a saved game: its %zu moves replay as %d", n, g->nmoves);
        goto bad;
    }
    for (size_t i = 0; i < n; i++) {
        json_int_t group = json_integer_value(json_array_get(json_array_get(moves, i), 1));
        if (group != g->moves[i].group) {
            *err = strfmt("not a saved game: move %zu names window group %lld, but replays as %s",
                          i + 1, (long long)group,
                          g->moves[i].group ? "another group" : "no window (group 0)");
            goto bad;
        }
    }
    char buf[32];
    snprintf(buf, sizeof buf, "%016llx", (unsigned long long)game_hash(g));
    if (strcmp(buf, hash) != 0) {
        *err = strfmt("the save replays to a different table than it recorded (the rules "
                      "changed since it was saved?)");
        goto bad;
    }
    *seat_names = calloc((size_t)nseats + 1, sizeof(char *));
    for (int s = 0; *seat_names && s < nseats; s++) {
        const char *sn = json_string_value(json_array_get(seats, (size_t)s));
        (*seat_names)[s] = strdup(sn ? sn : "human");
    }
    goto done;
bad_people:
    *err = strfmt("not a saved game: \"people\" must list the seats people played, from 1 to %d",
                  nseats);
bad:
    lua_pop(L, 1);
    g = NULL;
done:
    json_decref(root);
    return g;
}

