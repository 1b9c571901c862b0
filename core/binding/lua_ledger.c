/* The ledger for rules scripts: t:account, t:balance, t:transfer. */
#include <lauxlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "lua_table.h"

/* t:account(name [, credits]) -> id; in setup only when credits > 0 */
static int t_account(lua_State *L)
{
    Table *t = ltable_self(L);
    const char *name = luaL_checkstring(L, 2);
    lua_Integer credits = luaL_optinteger(L, 3, 0);
    int id;
    LedgerStatus s = ledger_open(&t->ledger, name, credits, &id);
    if (s != LEDGER_OK)
        luaL_argerror(L, s == LEDGER_NEGATIVE || s == LEDGER_OVERFLOW ? 3 : 2,
                      lua_pushfstring(L, "account '%s': %s", name, ledger_status_text(s)));
    lua_pushinteger(L, id);
    return 1;
}

static int t_balance(lua_State *L)
{
    Table *t = ltable_self(L);
    lua_pushinteger(L, t->ledger.a[lt_check_account(L, t, 2)].balance);
    return 1;
}

/* t:transfer(from, to, amount, reason) -> true, or nil and a message
 * (insufficient credits); nothing moves on failure. */
static int t_transfer(lua_State *L)
{
    Table *t = ltable_self(L);
    int from = lt_check_account(L, t, 2), to = lt_check_account(L, t, 3);
    lua_Integer amount = luaL_checkinteger(L, 4);
    const char *reason = lt_check_text(L, 5);
    luaL_argcheck(L, amount >= 0, 4, "the amount must not be negative");
    luaL_argcheck(L, from != to, 3, "a transfer needs two different accounts");
    LedgerStatus s = table_transfer(t, from, to, amount, reason);
    if (s != LEDGER_OK)
        return lt_fail(L, lua_pushfstring(L, "%s: %s has %I, not %I", ledger_status_text(s),
                                       t->ledger.a[from].name,
                                       (lua_Integer)t->ledger.a[from].balance, amount));
    lua_pushboolean(L, 1);
    return 1;
}

static int t_total(lua_State *L)
{
    lua_pushinteger(L, ltable_self(L)->ledger.total);
    return 1;
}

const luaL_Reg lua_ledger_methods[] = {
    {"account", t_account},
    {"balance", t_balance},
    {"transfer", t_transfer},
    {"total", t_total},
    {NULL, NULL},
};
