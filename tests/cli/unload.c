/* Loads the referee module into a Lua state, makes rules calls (which start
 * the watchdog's CPU timer), closes the state (which unloads referee.so),
 * then computes for a while: a timer tick after the unload must not land in
 * a handler that is gone. tests/cli.sh builds and runs it. */
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>

int main(void)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    if (luaL_dostring(L, "local referee = require('referee')\n"
                         "local g = assert(referee.game('fixture', {seats = 2, seed = 1,\n"
                         "  rules_path = os.getenv('REFEREE_RULES')}))\n"
                         "assert(g:pending())")) {
        fprintf(stderr, "%s\n", lua_tostring(L, -1));
        return 1;
    }
    lua_close(L);
    volatile double x = 0; /* about a second of CPU: several ticks */
    for (long i = 0; i < 400000000L; i++)
        x += (double)i * 0.5;
    printf("unloaded cleanly\n");
    return 0;
}
