/* Game records: what `save` writes and `load` and `referee replay` read.
 * A record is the game's inputs (rules, options, seed, seats, moves) and
 * the fingerprint of the final table; loading replays every move through
 * the referee loop, so a record that no longer replays is refused. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "lua_json.h"
#include "strfmt.h"

char *game_record(Game *g, const char *const *seat_names)
{
    char err[200];
    game_push_options(g);
    char *opts = ljson_encode(g->L, -1, err, sizeof err);
    lua_pop(g->L, 1);
    json_t *root = json_object();
    char buf[32];
    json_object_set_new(root, "format", json_string("referee-game/1"));
    json_object_set_new(root, "game", json_string(g->source));
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)g->seed);
    json_object_set_new(root, "seed", json_string(buf));
    json_t *seats = json_array();
    for (int s = 0; s < g->nseats; s++)
        json_array_append_new(seats, json_string(seat_names && seat_names[s] ? seat_names[s] : "human"));
    json_object_set_new(root, "seats", seats);
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
    if (json_unpack(root, "{s:s, s:s, s:o, s:o, s:o, s:s}", "game", &name, "seed", &seed_text,
                    "seats", &seats, "options", &options, "moves", &moves, "hash", &hash) != 0 ||
        !json_is_array(seats) || !json_is_object(options) || !json_is_array(moves) ||
        json_array_size(seats) < 1 || json_array_size(seats) > MAX_SEATS) {
        *err = strfmt("not a saved game: it needs game, seed, seats, options, moves and hash");
        goto done;
    }
    char *end;
    uint64_t seed = strtoull(seed_text, &end, 10);
    if (!*seed_text || *end) {
        *err = strfmt("not a saved game: the seed must be a decimal number");
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
    g = game_new(L, name, rules_path, nseats, seed, -1, 0, err);
    lua_remove(L, g ? -2 : -1);
    if (!g)
        goto done;
    size_t n = json_array_size(moves);
    for (size_t i = 0; i < n;) {
        /* A run of answers with the same window group is one claim window. */
        int wseats[MAX_SEATS], group = 0;
        const char *wmoves[MAX_SEATS];
        size_t k = 0;
        while (i + k < n && k < MAX_SEATS) {
            int seat, g2;
            const char *mv;
            if (json_unpack(json_array_get(moves, i + k), "[i, i, s]", &seat, &g2, &mv) != 0) {
                *err = strfmt("not a saved game: move %zu is malformed", i + k + 1);
                goto bad;
            }
            if (k > 0 && (group == 0 || g2 != group))
                break;
            group = g2;
            wseats[k] = seat;
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
bad:
    lua_pop(L, 1);
    g = NULL;
done:
    json_decref(root);
    return g;
}

