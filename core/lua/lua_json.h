/* Lua values to JSON text and back, through jansson. Encoding is canonical
 * (object keys sorted), so equal Lua tables give equal texts: the table's
 * fingerprint and the determinism tests rely on that. */
#ifndef REFEREE_LUA_JSON_H
#define REFEREE_LUA_JSON_H

#include <lua.h>
#include <stddef.h>

/* Encodes the value at idx. Returns a malloc'd text, or NULL with the reason
 * in err (a function, a userdata, a cycle, a mixed table...). */
char *ljson_encode(lua_State *L, int idx, char *err, size_t errsize);
/* Pushes the decoded value; returns 0 and pushes nothing on a bad text. */
int ljson_decode(lua_State *L, const char *text, char *err, size_t errsize);

int luaopen_referee_json(lua_State *L);

#endif
