#include "render.h"

#include <string.h>

static void render_zone(FILE *out, const Table *t, int z, int seat)
{
    const Zone *zone = &t->zones.z[z];
    int visible = 0;
    for (int i = 0; i < zone->n; i++)
        visible += zones_seat_sees(&t->zones, zone->cards[i], seat);
    fprintf(out, "  %s", zone->name);
    if (zone->owner)
        fprintf(out, " (seat %d%s)", zone->owner, zone->owner == seat ? ", yours" : "");
    fputc(':', out);
    if (zone->n == 0) {
        fputs(" empty\n", out);
        return;
    }
    if (!visible) {
        fprintf(out, " %d card%s\n", zone->n, zone->n == 1 ? "" : "s");
        return;
    }
    if (zone->vis == VIS_TOP && visible == 1 && zone->n > 1) {
        fprintf(out, " %s on top of %d more\n", t->deck.cards[zones_top(&t->zones, z)].name,
                zone->n - 1);
        return;
    }
    for (int i = 0; i < zone->n; i++) {
        int c = zone->cards[i];
        fprintf(out, " %s", zones_seat_sees(&t->zones, c, seat) ? t->deck.cards[c].name : "??");
    }
    fputc('\n', out);
}

void render_view(FILE *out, const Table *t, int seat)
{
    if (seat)
        fprintf(out, "seat %d sees:\n", seat);
    else
        fputs("the table, as everyone sees it:\n", out);
    for (int z = 1; z <= t->zones.n; z++)
        render_zone(out, t, z, seat);
    if (t->dice.n) {
        fputs("  dice:", out);
        for (int d = 1; d <= t->dice.n; d++) {
            if (dice_seat_sees(&t->dice, d, seat) && t->dice.d[d].value)
                fprintf(out, " %d", t->dice.d[d].value);
            else
                fputs(" ?", out);
        }
        fputc('\n', out);
    }
    if (t->ledger.n) {
        fputs("  credits:", out);
        for (int a = 1; a <= t->ledger.n; a++)
            fprintf(out, "%s %s %lld", a > 1 ? "," : "", t->ledger.a[a].name,
                    (long long)t->ledger.a[a].balance);
        fputc('\n', out);
    }
    fprintf(out, "  turn: seat %d, dealer: seat %d, %s", t->seats.current, t->seats.dealer,
            t->seats.direction > 0 ? "clockwise" : "counter-clockwise");
    for (int s = 1, first = 1; s <= t->seats.n; s++)
        if (!seats_active(&t->seats, s)) {
            fprintf(out, "%s%d", first ? ", out: seat " : ", ", s);
            first = 0;
        }
    fputc('\n', out);
}

void render_own(FILE *out, const Table *t, int seat)
{
    for (int z = 1; z <= t->zones.n; z++)
        if (t->zones.z[z].owner == seat)
            render_zone(out, t, z, seat);
    /* The dice this seat sees: their own roll under the cup. */
    int shown = 0;
    for (int d = 1; d <= t->dice.n; d++)
        if (dice_seat_sees(&t->dice, d, seat) && t->dice.d[d].value) {
            fprintf(out, "%s %d", shown ? "" : "  dice you see:", t->dice.d[d].value);
            shown = 1;
        }
    if (shown)
        fputc('\n', out);
}

void render_log(FILE *out, const Table *t, int from, int viewer)
{
    char line[600];
    for (int i = from < 0 ? 0 : from; i < t->log.n; i++)
        if (table_log_line(t, i, viewer, line, sizeof line))
            fprintf(out, "  %s\n", line);
}

void render_pending(FILE *out, const Pending *p)
{
    if (p->window) {
        fprintf(out, "%s window open to seat%s", p->kind, p->nseats > 1 ? "s" : "");
        for (int i = 0; i < p->nseats; i++)
            fprintf(out, "%s%d", i ? ", " : " ", p->seats[i]);
    } else {
        fprintf(out, "seat %d to %s", p->seats[0], p->kind);
    }
    if (p->prompt)
        fprintf(out, ": %s", p->prompt);
    fputc('\n', out);
}

void render_result(FILE *out, lua_State *L)
{
    int r = lua_gettop(L);
    fputs("game over", out);
    if (lua_getfield(L, r, "message") == LUA_TSTRING)
        fprintf(out, ": %s", lua_tostring(L, -1));
    lua_pop(L, 1);
    fputc('\n', out);
    if (lua_getfield(L, r, "scores") == LUA_TTABLE) {
        fputs("  scores:", out);
        for (lua_Integer i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
            fprintf(out, "%s seat %lld %s", i > 1 ? "," : "", (long long)i,
                    lua_tostring(L, -1) ? lua_tostring(L, -1) : "?");
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        fputc('\n', out);
    }
    lua_pop(L, 1);
}
