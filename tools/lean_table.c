/* lean-loop's table: the cards, zones, credits, notes and random stream a
 * game such as BAM! needs, kept in C as the referee's kernel keeps them,
 * written as lean as the contract allows (issue 68: a target is out of
 * reach only when a lean implementation of the same contract cannot reach
 * it). What it keeps, as the referee does:
 *   - the kernel owns the cards: each card is in one zone, zones have an
 *     owner and say who sees them, and every call that names a zone, a
 *     card, an account or a seat is checked, with an error that says what
 *     was wrong;
 *   - credits move only by transfers between accounts, never below zero,
 *     so that none are made or lost, and each transfer is kept;
 *   - the table's random stream is ChaCha20 keyed from the game's seed, so
 *     a game replays from its seed and record;
 *   - a note is kept, unformatted, for the people who read the log later.
 * What it makes lean, as the issue allows: zones, cards and accounts are
 * handles (small integers) that the rules keep, validated at each call but
 * never looked up by name; the table set up by the rules' prepare() once
 * is restored for each game; a ChaCha20 block gives sixteen draws; notes
 * are numbers until read. */
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>
#include "lean.h"

static const char SUITS[] = "CDHS";
static const char *const RANKS[] = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"};

/* Writes a card's name at out, returning its length. */
static size_t card_name(const Lean *g, int card, char *out)
{
    size_t len = strlen(g->deck.name[card]);
    memcpy(out, g->deck.name[card], len + 1);
    return len;
}

static int check_zone(lua_State *L, const Lean *g, int arg)
{
    lua_Integer z = luaL_checkinteger(L, arg);
    luaL_argcheck(L, z >= 1 && z <= g->table.nzones, arg, "not a zone: use what t:zone gave");
    return (int)z - 1;
}

static int check_card(lua_State *L, const Lean *g, int arg)
{
    lua_Integer c = luaL_checkinteger(L, arg);
    luaL_argcheck(L, c >= 0 && c < g->deck.n, arg, "not a card of the deck");
    return (int)c;
}

static int check_account(lua_State *L, const Lean *g, int arg)
{
    lua_Integer a = luaL_checkinteger(L, arg);
    luaL_argcheck(L, a >= 1 && a <= g->table.naccounts, arg, "not an account: use what t:account gave");
    return (int)a - 1;
}

static void check_name(lua_State *L, int arg, char *out)
{
    size_t len;
    const char *name = luaL_checklstring(L, arg, &len);
    luaL_argcheck(L, len >= 1 && len < LEAN_NAME && !memchr(name, '\n', len), arg, "a name is one short line");
    memcpy(out, name, len + 1);
}

/* ---- cards and zones ---- */

static void put(LeanTable *tb, int card, int z)
{
    LeanZone *to = &tb->zone[z];
    to->card[to->n++] = (uint8_t)card;
    tb->where[card] = (uint8_t)z;
}

/* Takes the card at position i of zone z, the order of the rest kept. */
static int take_at(LeanTable *tb, int z, int i)
{
    LeanZone *from = &tb->zone[z];
    int card = from->card[i];
    memmove(from->card + i, from->card + i + 1, (size_t)(from->n - i - 1));
    from->n--;
    tb->where[card] = LEAN_ZONES;
    return card;
}

/* t:zone(name [, owner [, shown]]): a new zone's handle. */
static int t_zone(lua_State *L)
{
    Lean *g = lean_self(L);
    LeanTable *tb = &g->table;
    luaL_argcheck(L, tb->nzones < LEAN_ZONES, 2, "too many zones");
    LeanZone *z = &tb->zone[tb->nzones];
    check_name(L, 2, z->name);
    z->owner = lua_isnoneornil(L, 3) ? 0 : lean_check_seat(L, g, 3);
    z->shown = lua_toboolean(L, 4);
    z->n = 0;
    lua_pushinteger(L, ++tb->nzones);
    return 1;
}

/* t:deck(zone [, names]): the deck into zone, its cards none placed yet:
 * the 52 standard cards (the card is its face: suit card // 13, rank
 * card % 13 with the ace 12), or a card for each name of the list (cards
 * of one name share a face, numbered from 0 in the order names come). */
static int t_deck(lua_State *L)
{
    Lean *g = lean_self(L);
    int z = check_zone(L, g, 2);
    LeanDeck *d = &g->deck;
    luaL_argcheck(L, d->n == 0, 2, "the deck is on the table already");
    if (lua_isnoneornil(L, 3)) {
        for (int c = 0; c < LEAN_CARDS; c++) {
            const char *rank = RANKS[c % 13];
            size_t len = strlen(rank);
            memcpy(d->name[c], rank, len);
            d->name[c][len] = SUITS[c / 13];
            d->name[c][len + 1] = '\0';
            d->face[c] = (uint8_t)c;
        }
        d->n = d->faces = LEAN_CARDS;
    } else {
        luaL_checktype(L, 3, LUA_TTABLE);
        int n = (int)lua_rawlen(L, 3), faces = 0;
        luaL_argcheck(L, n >= 1 && n <= LEAN_CARDS, 3, "a list of 1 to 52 names");
        for (int c = 0; c < n; c++) {
            luaL_argcheck(L, lua_rawgeti(L, 3, c + 1) == LUA_TSTRING, 3, "a list of the cards' names");
            check_name(L, -1, d->name[c]);
            lua_pop(L, 1);
            int same = 0;
            while (same < c && strcmp(d->name[same], d->name[c]) != 0)
                same++;
            d->face[c] = same < c ? d->face[same] : (uint8_t)faces++;
        }
        d->n = n;
        d->faces = faces;
    }
    for (int c = 0; c < d->n; c++)
        put(&g->table, c, z);
    return 0;
}

/* t:find(zone, face): the first card of that face in the zone, or nil. */
static int t_find(lua_State *L)
{
    Lean *g = lean_self(L);
    const LeanZone *z = &g->table.zone[check_zone(L, g, 2)];
    lua_Integer face = luaL_checkinteger(L, 3);
    for (int i = 0; i < z->n; i++)
        if (g->deck.face[z->card[i]] == face) {
            lua_pushinteger(L, z->card[i]);
            return 1;
        }
    return 0;
}

/* t:held(zone): the faces the zone holds, a bit each (1 << face). */
static int t_held(lua_State *L)
{
    Lean *g = lean_self(L);
    const LeanZone *z = &g->table.zone[check_zone(L, g, 2)];
    lua_Integer held = 0;
    for (int i = 0; i < z->n; i++)
        held |= (lua_Integer)1 << (g->deck.face[z->card[i]] & 63);
    lua_pushinteger(L, held);
    return 1;
}

/* t:move(card, zone) */
static int t_move(lua_State *L)
{
    Lean *g = lean_self(L);
    int card = check_card(L, g, 2), to = check_zone(L, g, 3);
    LeanTable *tb = &g->table;
    int from = tb->where[card];
    luaL_argcheck(L, from != LEAN_ZONES, 2, "that card is not on the table");
    const LeanZone *zf = &tb->zone[from];
    int i = 0;
    while (zf->card[i] != card)
        i++;
    take_at(tb, from, i);
    put(tb, card, to);
    lean_log(g, LOGGED_MOVE, card, from, to);
    return 0;
}

/* t:move_all(from, to) */
static int t_move_all(lua_State *L)
{
    Lean *g = lean_self(L);
    int from = check_zone(L, g, 2), to = check_zone(L, g, 3);
    LeanTable *tb = &g->table;
    luaL_argcheck(L, from != to, 3, "a zone cannot move into itself");
    LeanZone *zf = &tb->zone[from];
    for (int i = 0; i < zf->n; i++) {
        put(tb, zf->card[i], to);
        lean_log(g, LOGGED_MOVE, zf->card[i], from, to);
    }
    zf->n = 0;
    return 0;
}

/* t:shuffle(zone), from the table's stream. */
static int t_shuffle(lua_State *L)
{
    Lean *g = lean_self(L);
    int zone = check_zone(L, g, 2);
    LeanZone *z = &g->table.zone[zone];
    lean_log(g, LOGGED_SHUFFLE, zone, 0, 0);
    for (int i = z->n - 1; i > 0; i--) {
        int j = lean_uniform(&g->stream, i + 1);
        uint8_t c = z->card[i];
        z->card[i] = z->card[j];
        z->card[j] = c;
    }
    return 0;
}

/* Moves the top card (the last) of zone from to zone to. */
static void draw_one(Lean *g, int from, int to)
{
    int card = take_at(&g->table, from, g->table.zone[from].n - 1);
    put(&g->table, card, to);
    lean_log(g, LOGGED_MOVE, card, from, to);
}

/* t:deal(from, zones, n): n cards to each of the list of zones, one at a
 * time in turn; false, nothing moved, when from holds too few. */
static int t_deal(lua_State *L)
{
    Lean *g = lean_self(L);
    int from = check_zone(L, g, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_Integer n = luaL_checkinteger(L, 4);
    int to[LEAN_ZONES], k = (int)lua_rawlen(L, 3);
    luaL_argcheck(L, k >= 1 && k <= LEAN_ZONES, 3, "a list of 1 to 24 zones");
    for (int i = 0; i < k; i++) {
        lua_rawgeti(L, 3, i + 1);
        to[i] = check_zone(L, g, -1);
        lua_pop(L, 1);
    }
    LeanTable *tb = &g->table;
    luaL_argcheck(L, n >= 0 && n <= LEAN_CARDS, 4, "0 to 52 cards each");
    if (n * k > tb->zone[from].n) {
        lua_pushboolean(L, 0);
        return 1;
    }
    for (int round = 0; round < n; round++)
        for (int i = 0; i < k; i++)
            draw_one(g, from, to[i]);
    lua_pushboolean(L, 1);
    return 1;
}

/* t:draw(from, to, n): false, nothing moved, when from holds too few. */
static int t_draw(lua_State *L)
{
    Lean *g = lean_self(L);
    int from = check_zone(L, g, 2), to = check_zone(L, g, 3);
    lua_Integer n = luaL_checkinteger(L, 4);
    luaL_argcheck(L, n >= 0, 4, "a count of cards, 0 or more");
    LeanTable *tb = &g->table;
    if (n > tb->zone[from].n) {
        lua_pushboolean(L, 0);
        return 1;
    }
    for (lua_Integer i = 0; i < n; i++)
        draw_one(g, from, to);
    lua_pushboolean(L, 1);
    return 1;
}

static int t_count(lua_State *L)
{
    Lean *g = lean_self(L);
    lua_pushinteger(L, g->table.zone[check_zone(L, g, 2)].n);
    return 1;
}

/* t:card_at(zone, i): its i-th card, from the bottom. */
static int t_card_at(lua_State *L)
{
    Lean *g = lean_self(L);
    const LeanZone *z = &g->table.zone[check_zone(L, g, 2)];
    lua_Integer i = luaL_checkinteger(L, 3);
    luaL_argcheck(L, i >= 1 && i <= z->n, 3, "no card at that place in the zone");
    lua_pushinteger(L, z->card[i - 1]);
    return 1;
}

/* t:reveal(card): face up, every seat sees it. */
static int t_reveal(lua_State *L)
{
    Lean *g = lean_self(L);
    int card = check_card(L, g, 2);
    g->table.face_up |= (uint64_t)1 << card;
    lean_log(g, LOGGED_SHOW_CARD, card, 0, 0);
    return 0;
}

/* ---- credits ---- */

/* t:account(name, credits): a new account's handle. */
static int t_account(lua_State *L)
{
    Lean *g = lean_self(L);
    LeanTable *tb = &g->table;
    luaL_argcheck(L, tb->naccounts < LEAN_ACCOUNTS, 2, "too many accounts");
    check_name(L, 2, tb->account_name[tb->naccounts]);
    lua_Integer credits = luaL_optinteger(L, 3, 0);
    luaL_argcheck(L, credits >= 0 && credits <= (lua_Integer)1 << 40, 3, "credits from 0 to 2^40");
    tb->balance[tb->naccounts] = credits;
    lua_pushinteger(L, ++tb->naccounts);
    return 1;
}

/* t:transfer(from, to, amount): never more than from holds. */
static int t_transfer(lua_State *L)
{
    Lean *g = lean_self(L);
    int from = check_account(L, g, 2), to = check_account(L, g, 3);
    lua_Integer amount = luaL_checkinteger(L, 4);
    int64_t *balance = g->table.balance;
    luaL_argcheck(L, amount >= 0, 4, "an amount of 0 or more");
    luaL_argcheck(L, amount <= balance[from], 4, "more than the account holds");
    balance[from] -= amount;
    balance[to] += amount;
    lean_log(g, LOGGED_TRANSFER, from, to, (int32_t)amount);
    return 0;
}

static int t_balance(lua_State *L)
{
    Lean *g = lean_self(L);
    lua_pushinteger(L, g->table.balance[check_account(L, g, 2)]);
    return 1;
}

/* ---- the stream and the log ---- */

/* t:random(n): 1..n from the table's stream. */
static int t_random(lua_State *L)
{
    Lean *g = lean_self(L);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_argcheck(L, n >= 1 && n <= INT32_MAX, 2, "a number from 1 to 2^31-1");
    int drawn = lean_uniform(&g->stream, (int)n) + 1;
    lean_log(g, LOGGED_RANDOM, (int32_t)n, drawn, 0);
    lua_pushinteger(L, drawn);
    return 1;
}

/* t:note(code, a, b, c): the rules' note of code, its numbers kept until
 * someone reads the log (the rules' list of formats says how). */
static int t_note(lua_State *L)
{
    Lean *g = lean_self(L);
    lua_Integer code = luaL_checkinteger(L, 2);
    luaL_argcheck(L, code >= 1 && code <= 1000, 2, "a note's code is 1 to 1000");
    lean_log(g, (int32_t)code, (int32_t)luaL_optinteger(L, 3, 0), (int32_t)luaL_optinteger(L, 4, 0),
              (int32_t)luaL_optinteger(L, 5, 0));
    return 0;
}

/* ---- the card asks ---- */

/* The pending decision becomes one of zone z's cards, of the suit (0 to
 * 3) if it holds any, else any; false when it holds none. Cards of one
 * face are offered once (the first in the zone), as a person names them. */
static int offer_cards(Lean *g, int z, int suit)
{
    const LeanZone *zone = &g->table.zone[z];
    const uint8_t *face = g->deck.face;
    int n = 0;
    for (int i = 0; i < zone->n; i++)
        if (face[zone->card[i]] / 13 == suit)
            g->legal[n++] = zone->card[i];
    if (n == 0) {
        memcpy(g->legal, zone->card, (size_t)zone->n);
        n = zone->n;
    }
    if (g->deck.faces < g->deck.n) {
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int j = 0;
            while (j < kept && face[g->legal[j]] != face[g->legal[i]])
                j++;
            if (j == kept)
                g->legal[kept++] = g->legal[i];
        }
        n = kept;
    }
    g->type = ASK_CARDS;
    g->n = n;
    return n > 0;
}

/* t:ask_cards(seat, kind, zone [, suit]): one of the zone's cards, of the
 * suit (0 to 3) if it holds any, else any. */
static int t_ask_cards(lua_State *L)
{
    Lean *g = lean_game_of(L);
    lean_begin_ask(L, g);
    int z = check_zone(L, g, 4);
    lua_Integer suit = luaL_optinteger(L, 5, -1);
    luaL_argcheck(L, suit >= -1 && suit <= 3, 5, "a suit is 0 to 3");
    luaL_argcheck(L, offer_cards(g, z, (int)suit), 4, "the zone holds no card to choose");
    return 0;
}

/* t:ask_trick(kind, into, hands, leader [, out]): a round, the leader
 * first, then clockwise each seat s not out[s], each playing a card of
 * hands[s] (the suit led if they hold any) into the zone into. The kernel
 * plays every card but the last, which comes to apply. */
static int t_ask_trick(lua_State *L)
{
    Lean *g = lean_game_of(L);
    int into = check_zone(L, g, 3);
    luaL_checktype(L, 4, LUA_TTABLE);
    int leader = lean_check_seat(L, g, 5);
    int has_out = !lua_isnoneornil(L, 6);
    LeanTrick *k = &g->trick;
    k->n = 0;
    for (int i = 0, s = leader; i < g->nseats; i++, s = s % g->nseats + 1) {
        if (has_out && lua_rawgeti(L, 6, s) != LUA_TNIL && lua_toboolean(L, -1))
            continue;
        lua_rawgeti(L, 4, s);
        k->hand[k->n] = check_zone(L, g, -1);
        k->seat[k->n++] = s;
        lua_settop(L, 6);
    }
    luaL_argcheck(L, k->n > 0 && k->seat[0] == leader, 5, "the leader is out of the round");
    k->at = 0;
    k->into = into;
    k->led = -1;
    /* The ask's own checks, for the leader. */
    lua_settop(L, 5);
    lua_rotate(L, 2, 1);                        /* t, leader, kind, into, hands */
    lean_begin_ask(L, g);
    luaL_argcheck(L, offer_cards(g, k->hand[0], -1), 4, "the leader holds no card");
    return 0;
}

int lean_trick_goes_on(Lean *g)
{
    LeanTrick *k = &g->trick;
    if (k->n == 0 || g->type != ASK_CARDS)
        return 0;
    if (k->at + 1 >= k->n) {
        k->n = 0;
        return 0;
    }
    int card = (int)g->answer;
    int from = g->table.where[card];
    const LeanZone *zf = &g->table.zone[from];
    int i = 0;
    while (zf->card[i] != card)
        i++;
    take_at(&g->table, from, i);
    put(&g->table, card, k->into);
    lean_log(g, LOGGED_MOVE, card, from, k->into);
    if (k->at == 0)
        k->led = g->deck.face[card] / 13;
    k->at++;
    g->asked = k->seat[k->at];
    g->table.turn = g->asked;
    if (!offer_cards(g, k->hand[k->at], k->led))
        lean_fail("a seat of the round holds no card");
    return 1;
}

/* t:ask_discards(seat, kind, zone, limit): any set of at most limit of
 * the zone's cards (up to 8), or none. */
static int t_ask_discards(lua_State *L)
{
    Lean *g = lean_game_of(L);
    lean_begin_ask(L, g);
    int z = check_zone(L, g, 4);
    lua_Integer limit = luaL_checkinteger(L, 5);
    int held = g->table.zone[z].n;
    luaL_argcheck(L, held <= 8, 4, "a zone of at most 8 cards");
    luaL_argcheck(L, limit >= 0, 5, "a limit of 0 or more");
    int n = 0;
    for (int mask = 0; mask < 1 << held; mask++)
        n += __builtin_popcount((unsigned)mask) <= limit;
    g->type = ASK_DISCARDS;
    g->zone = z;
    g->limit = (int)limit;
    g->n = n;
    return 0;
}

void lean_answer(Lean *g, int choice, char *label, size_t cap)
{
    if (g->type == ASK_CARDS) {
        card_name(g, g->legal[choice], label);
        g->answer = g->legal[choice];
        return;
    }
    /* The choice-th set allowed, in the order of their masks. */
    const LeanZone *z = &g->table.zone[g->zone];
    int mask = -1;
    if (g->limit >= z->n)
        mask = choice;
    else
        for (int left = choice + 1; left > 0;)
            left -= __builtin_popcount((unsigned)++mask) <= g->limit;
    size_t len = 0;
    if (mask == 0)
        memcpy(label, "stand", 6);
    else {
        memcpy(label, "discard", 8);
        len = 7;
        for (int i = 0; i < z->n && len + 5 < cap; i++)
            if (mask & 1 << i) {
                label[len++] = ' ';
                len += card_name(g, z->card[i], label + len);
            }
    }
    g->answer = mask;
}

void lean_table_start(Lean *g, const uint8_t key[crypto_stream_chacha20_KEYBYTES])
{
    /* The prepared table: its zones in use, where each card is, balances. */
    LeanTable *tb = &g->table;
    const LeanTable *p = &g->prepared;
    tb->nzones = p->nzones;
    tb->naccounts = p->naccounts;
    tb->face_up = 0;
    for (int z = 0; z < p->nzones; z++) {
        tb->zone[z].n = p->zone[z].n;
        memcpy(tb->zone[z].card, p->zone[z].card, (size_t)p->zone[z].n);
    }
    memcpy(tb->where, p->where, sizeof tb->where);
    memcpy(tb->balance, p->balance, (size_t)p->naccounts * sizeof *tb->balance);
    g->nnotes = 0;
    g->trick.n = 0;
    memcpy(g->stream.key, key, sizeof g->stream.key);
    g->stream.block = 0;
    g->stream.used = 16;
}

void lean_table_methods(lua_State *L, Lean *g)
{
    static const luaL_Reg methods[] = {
        {"zone", t_zone},         {"deck", t_deck},
        {"find", t_find},         {"held", t_held},
        {"move", t_move},         {"move_all", t_move_all},
        {"shuffle", t_shuffle},   {"deal", t_deal},
        {"draw", t_draw},         {"count", t_count},
        {"card_at", t_card_at},
        {"reveal", t_reveal},     {"account", t_account},
        {"transfer", t_transfer}, {"balance", t_balance},
        {"random", t_random},
        {"note", t_note},         {"ask_cards", t_ask_cards},
        {"ask_trick", t_ask_trick},
        {"ask_discards", t_ask_discards}, {NULL, NULL},
    };
    lua_pushlightuserdata(L, g);
    luaL_setfuncs(L, methods, 1);
    for (int c = 0; c < LEAN_CARDS; c++)
        g->prepared.where[c] = g->table.where[c] = LEAN_ZONES;
}
