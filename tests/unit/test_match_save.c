/* An answer is played only once the save that holds it is on disk
 * (core/play/match_give.c): the moment match_give says MATCH_PLAYED, the
 * file holds every move of the game, with nothing run in between. The
 * served table's kill test (tests/serve) shows it end to end, but there a
 * later save can land before the kill does; here nothing else writes. */
#include <jansson.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "../../core/kernel/ask_match.h"
#include "../../core/lua/lua_alloc.h"
#include "../../core/play/match.h"
#include "../../core/referee/lua_game.h"

/* The moves the save at path holds, or -1 when it cannot be read. */
static int moves_saved(const char *path)
{
    json_error_t err;
    json_t *root = json_load_file(path, 0, &err);
    if (!root)
        return -1;
    json_t *moves = json_object_get(root, "moves");
    int n = json_is_array(moves) ? (int)json_array_size(moves) : -1;
    json_decref(root);
    return n;
}

void test_match_save(void)
{
    char dir[] = "/tmp/referee-unit-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(!"a folder for the save");
        return;
    }
    char path[64];
    snprintf(path, sizeof path, "%s/save.json", dir);
    lua_State *L = lua_alloc_newstate();
    luaL_openlibs(L);
    luaL_requiref(L, "referee", luaopen_referee, 0);
    lua_pop(L, 1);
    Match m;
    match_init(&m, L, "tests/fixture:rules", "bots");
    MatchSpec spec = {0};
    spec.game = "fixture";
    spec.seats = "human,human";
    spec.seed = "7";
    char *err = NULL;
    int started = match_start(&m, &spec, &err);
    CHECK(started);
    if (!started) {
        fprintf(stderr, "test_match_save: %s\n", err ? err : "?");
        free(err);
    } else {
        m.save_path = path;
        for (int i = 0; i < 6; i++) {
            Game *g = m.loop.game;
            const Ask *p;
            if (game_pending(g, &p) != GAME_OK)
                break;
            int seat = p->seats[0], slot = ask_slot_of(p, seat);
            char *why = NULL;
            CHECK_EQ_INT(match_give(&m, seat, ask_move(p, p->first[slot]), &why), MATCH_PLAYED);
            free(why);
            CHECK_EQ_INT(moves_saved(path), g->nmoves);
        }
        CHECK(m.loop.game->nmoves >= 6);
    }
    match_close(&m);
    lua_alloc_close(L);
    unlink(path);
    rmdir(dir);
}
