/* The save loader (load, referee replay): any text is refused with a
 * message or replayed; never a crash, a leak or a hang. */
#include "common.h"
#include "../../core/referee/game.h"

static lua_State *L;

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (!L)
        L = fuzz_state();
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    char **names = NULL, *err = NULL;
    Game *g = game_from_record(L, text, FUZZ_RULES, &names, &err);
    if (g) {
        for (int i = 0; i < g->nseats; i++)
            free(names[i]);
        free(names);
    }
    free(err);
    free(text);
    lua_settop(L, 0);
    lua_gc(L, LUA_GCCOLLECT);
    return 0;
}
