/* Zones and cards for rules scripts: t:zone, t:deck, t:draw, t:reveal... */
#include <lauxlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "lua_table.h"
#include "../games/combine.h"
#include "../games/melds.h"
#include "../games/trick_winner.h"
#include "../kernel/physical_cards.h"
#include "../kernel/strfmt.h"

/* t:zone(name [, {owner = seat, vis = "hidden"|"owner"|"public"|"top"}]) -> id */
static int t_zone(lua_State *L)
{
    Table *t = ltable_self(L);
    const char *name = luaL_checkstring(L, 2);
    int owner = 0;
    Visibility vis = VIS_HIDDEN;
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        if (lua_getfield(L, 3, "owner") != LUA_TNIL) {
            lua_Integer o = lua_tointeger(L, -1);
            if (o < 1 || o > t->seats.n)
                luaL_argerror(L, 3, lua_pushfstring(L, "owner must be a seat from 1 to %d", t->seats.n));
            owner = (int)o;
        }
        if (lua_getfield(L, 3, "vis") != LUA_TNIL) {
            const char *v = lua_tostring(L, -1);
            if (!v || !visibility_parse(v, &vis))
                luaL_argerror(L, 3, "vis must be \"hidden\", \"owner\", \"public\" or \"top\"");
        } else if (owner) {
            vis = VIS_OWNER;
        }
        lua_pop(L, 2);
    }
    if (vis == VIS_OWNER && !owner)
        luaL_argerror(L, 3, "a zone seen by its owner needs an owner seat");
    int id;
    ZoneStatus s = zones_add(&t->zones, name, owner, vis, &id);
    if (s != ZONE_OK)
        luaL_argerror(L, 2, lua_pushfstring(L, "'%s': %s", name, zone_status_text(s)));
    lua_pushinteger(L, id);
    return 1;
}

static void add_card(lua_State *L, Table *t, int zone, const char *name, int arg)
{
    int id;
    DeckStatus s = deck_add(&t->deck, name, &id);
    if (s != DECK_OK)
        luaL_argerror(L, arg, lua_pushfstring(L, "'%s': %s", name, deck_status_text(s)));
    zones_place(&t->zones, id, zone);
}

static void add_spec(lua_State *L, Table *t, int zone, const char *spec, int arg)
{
    if (strcmp(spec, "standard52") == 0) {
        int first = t->deck.n + 1;
        if (deck_add_standard52(&t->deck) != DECK_OK)
            luaL_argerror(L, arg, deck_status_text(DECK_FULL));
        for (int c = first; c <= t->deck.n; c++)
            zones_place(&t->zones, c, zone);
    } else {
        add_card(L, t, zone, spec, arg);
    }
}

/* t:deck(zone, spec) -> first id, last id. spec is "standard52", a card
 * name, or a list of those ("JK" twice gives two jokers). */
static int t_deck(lua_State *L)
{
    Table *t = ltable_self(L);
    int zone = lt_check_zone(L, t, 2);
    int first = t->deck.n + 1;
    if (lua_type(L, 3) == LUA_TTABLE) {
        lua_Integer n = luaL_len(L, 3);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, 3, i);
            if (lua_type(L, -1) != LUA_TSTRING)
                luaL_argerror(L, 3, "expected a list of card names");
            add_spec(L, t, zone, lua_tostring(L, -1), 3);
            lua_pop(L, 1);
        }
    } else {
        add_spec(L, t, zone, luaL_checkstring(L, 3), 3);
    }
    lua_pushinteger(L, first);
    lua_pushinteger(L, t->deck.n);
    return 2;
}

/* t:cards(zone) -> list of card ids, bottom first */
static int t_cards(lua_State *L)
{
    Table *t = ltable_self(L);
    const Zone *z = &t->zones.z[lt_check_zone(L, t, 2)];
    lua_createtable(L, z->n, 0);
    for (int i = 0; i < z->n; i++) {
        lua_pushinteger(L, z->cards[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int t_count(lua_State *L)
{
    Table *t = ltable_self(L);
    lua_pushinteger(L, t->zones.z[lt_check_zone(L, t, 2)].n);
    return 1;
}

static int t_top(lua_State *L)
{
    Table *t = ltable_self(L);
    int c = zones_top(&t->zones, lt_check_zone(L, t, 2));
    if (c)
        lua_pushinteger(L, c);
    else
        lua_pushnil(L);
    return 1;
}

static int t_name(lua_State *L)
{
    Table *t = ltable_self(L);
    lua_pushstring(L, t->deck.cards[lt_check_card(L, t, 2)].name);
    return 1;
}

/* t:card(name [, zone]) -> id or nil: the first card of that name (in zone).
 * Of a real deck, a zone holding unknown cards may hold any card not shown. */
/* The card called name in zone, or 0. A real hand may hold any card not
 * shown elsewhere: one of its unknown cards takes the name
 * (physical_cards.h). */
static int card_in_zone(Table *t, const char *name, int zone)
{
    if (t->zones.physical)
        return physical_take(t, name, zone);
    const Zone *z = &t->zones.z[zone];
    int first = name[0] | 0x20; /* ASCII folded: most cards differ in it, so no call */
    for (int i = z->n - 1; i >= 0; i--) {
        const char *card = t->deck.cards[z->cards[i]].name;
        if ((card[0] | 0x20) == first && strcasecmp(card, name) == 0)
            return z->cards[i];
    }
    return 0;
}

/* The card named name in zone, its other face first for a dual-face card
 * named so (t:card), or 0. */
static int card_named_in_zone(Table *t, const char *name, int zone)
{
    int c = card_in_zone(t, name, zone);
    char swapped[64];
    if (!c && t->deck.dual && card_name_swapped(name, swapped, sizeof swapped))
        c = card_in_zone(t, swapped, zone);
    return c;
}

static int t_card(lua_State *L)
{
    Table *t = ltable_self(L);
    const char *name = luaL_checkstring(L, 2);
    if (lua_isnoneornil(L, 3)) {
        int c = deck_find(&t->deck, name);
        if (c)
            lua_pushinteger(L, c);
        else
            lua_pushnil(L);
        return 1;
    }
    int c = card_named_in_zone(t, name, lt_check_zone(L, t, 3));
    if (c)
        lua_pushinteger(L, c);
    else
        lua_pushnil(L);
    return 1;
}

/* t:holds(zone, name, ...) -> for each name, the card of that name zone
 * holds, as t:card(name, zone) finds it (at a real deck naming an unknown
 * card so), or false; a name given as false or nil is not looked for
 * (false). The names are looked for in the order given: one call where
 * the rules asked t:card for each card a seat might play. */
static int t_holds(lua_State *L)
{
    Table *t = ltable_self(L);
    int zone = lt_check_zone(L, t, 2), names = lua_gettop(L) - 2;
    /* Every name checked before any is looked for (at a real deck a look
     * names a card). A string or a name left out is let by at the price of
     * its type; a number becomes its text in place, as luaL_checkstring
     * makes it, and anything else raises the error that names it. */
    for (int arg = 3; arg <= names + 2; arg++) {
        int type = lua_type(L, arg);
        if (type != LUA_TSTRING && type != LUA_TNIL && (type != LUA_TBOOLEAN || lua_toboolean(L, arg)))
            luaL_checkstring(L, arg);
    }
    if (names > LUA_MINSTACK) /* a C function has LUA_MINSTACK free slots */
        luaL_checkstack(L, names, "t:holds");
    for (int arg = 3; arg <= names + 2; arg++) {
        const char *name = lua_type(L, arg) == LUA_TSTRING ? lua_tostring(L, arg) : NULL;
        int c = name ? card_named_in_zone(t, name, zone) : 0;
        if (c)
            lua_pushinteger(L, c);
        else
            lua_pushboolean(L, 0);
    }
    return names;
}

static const Face *check_face(lua_State *L, Table *t)
{
    const Card *c = &t->deck.cards[lt_check_card(L, t, 2)];
    lua_Integer f = luaL_optinteger(L, 3, 1);
    luaL_argcheck(L, f == 1 || f == 2, 3, "face must be 1 or 2");
    return &c->face[f - 1];
}

/* t:rank(card [, face]) -> 2..14 (ace 14), 1 for a joker, nil for a token */
static int t_rank(lua_State *L)
{
    const Face *f = check_face(L, ltable_self(L));
    if (f->rank)
        lua_pushinteger(L, f->rank);
    else
        lua_pushnil(L);
    return 1;
}

/* t:suit(card [, face]) -> "C", "D", "H", "S" or nil */
static int t_suit(lua_State *L)
{
    const Face *f = check_face(L, ltable_self(L));
    if (f->suit >= 0)
        lua_pushlstring(L, &"CDHS"[f->suit], 1);
    else
        lua_pushnil(L);
    return 1;
}

/* t:move(card, zone [, "bottom"]) */
static int t_move(lua_State *L)
{
    Table *t = ltable_self(L);
    int c = lt_check_card(L, t, 2), z = lt_check_zone(L, t, 3);
    const char *where = luaL_optstring(L, 4, "top");
    int bottom = strcmp(where, "bottom") == 0;
    luaL_argcheck(L, bottom || strcmp(where, "top") == 0, 4, "expected \"top\" or \"bottom\"");
    table_move(t, c, z, bottom);
    return 0;
}

/* t:move_all(from, to): every card of from onto the top of to, bottom card
 * first (as t:move one by one would, with the same log), so their order is
 * kept. Cards come back before every deal; one call instead of one each. */
static int t_move_all(lua_State *L)
{
    Table *t = ltable_self(L);
    int from = lt_check_zone(L, t, 2), to = lt_check_zone(L, t, 3);
    const Zone *z = &t->zones.z[from];
    uint8_t cards[MAX_CARDS];
    int n = z->n;
    memcpy(cards, z->cards, (size_t)n); /* from may be to */
    for (int i = 0; i < n; i++)
        table_move(t, cards[i], to, 0);
    return 0;
}

/* t:draw(from, to [, n]) -> the cards drawn, or nil, message if from holds
 * fewer than n (then nothing moves). */
static int t_draw(lua_State *L)
{
    Table *t = ltable_self(L);
    int from = lt_check_zone(L, t, 2), to = lt_check_zone(L, t, 3);
    lua_Integer n = luaL_optinteger(L, 4, 1);
    luaL_argcheck(L, n >= 1, 4, "must draw at least one card");
    if (t->zones.z[from].n < n)
        return lt_fail(L, lua_pushfstring(L, "%s holds %d card(s), not %I", t->zones.z[from].name,
                                       t->zones.z[from].n, n));
    luaL_checkstack(L, (int)n, "draw");
    for (lua_Integer i = 0; i < n; i++) {
        int c = zones_top(&t->zones, from);
        table_move(t, c, to, 0);
        lua_pushinteger(L, c);
    }
    return (int)n;
}

/* t:deal(from, {zone, ...}, n): n cards to each zone, one at a time in
 * the order given. nil, message if from holds too few (nothing moves). */
static int t_deal(lua_State *L)
{
    Table *t = ltable_self(L);
    int from = lt_check_zone(L, t, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_Integer n = luaL_checkinteger(L, 4);
    luaL_argcheck(L, n >= 0, 4, "deal 0 or more cards to each zone");
    int targets[MAX_ZONES];
    lua_Integer k = luaL_len(L, 3);
    luaL_argcheck(L, k >= 1 && k < MAX_ZONES, 3, "expected a list of zones");
    for (lua_Integer i = 1; i <= k; i++) {
        lua_rawgeti(L, 3, i);
        targets[i - 1] = lt_check_zone(L, t, lua_gettop(L));
        lua_pop(L, 1);
    }
    /* n > held / k, not n * k > held: n * k may overflow (a huge n once
     * passed this check and dealt from an empty zone for ever). */
    if (n > t->zones.z[from].n / k)
        return lt_fail(L, lua_pushfstring(L, "%s holds %d card(s), not %I for each of %I zone(s)",
                                       t->zones.z[from].name, t->zones.z[from].n, n, k));
    for (lua_Integer r = 0; r < n; r++)
        for (lua_Integer i = 0; i < k; i++)
            table_move(t, zones_top(&t->zones, from), targets[i], 0);
    lua_pushboolean(L, 1);
    return 1;
}

static int t_shuffle(lua_State *L)
{
    Table *t = ltable_self(L);
    int zone = lt_check_zone(L, t, 2);
    int top[MAX_CARDS], n = 0;
    if (lt_next_prescribed(L, 1, "shuffles")) {
        /* stack: ..., names (topmost first) */
        int names = lua_gettop(L);
        for (lua_Integer i = 1; lua_rawgeti(L, names, i) != LUA_TNIL && n < MAX_CARDS; i++) {
            const char *name = lua_tostring(L, -1);
            const Zone *z = &t->zones.z[zone];
            int found = 0;
            for (int k = 0; k < z->n && !found && name; k++) {
                int c = z->cards[k], dup = 0;
                for (int j = 0; j < n; j++)
                    dup |= top[j] == c;
                if (!dup && strcasecmp(t->deck.cards[c].name, name) == 0)
                    found = c;
            }
            if (!found)
                return luaL_error(L, "the prescribed shuffle of %s names '%s', which is not "
                                     "there (or is named twice)", z->name, name ? name : "?");
            top[n++] = found;
            lua_pop(L, 1);
        }
        lua_settop(L, 2);
    }
    table_shuffle_stacked(t, zone, top, n);
    return 0;
}

/* t:reveal(card, seat | {seats} | "all") */
static int t_reveal(lua_State *L)
{
    Table *t = ltable_self(L);
    int c = lt_check_card(L, t, 2);
    table_reveal(t, c, lt_check_seats(L, t, 3));
    return 0;
}

static int t_where(lua_State *L)
{
    Table *t = ltable_self(L);
    lua_pushstring(L, t->zones.z[t->zones.where[lt_check_card(L, t, 2)]].name);
    return 1;
}

/* t:sees(seat, card) -> whether seat may see the card's face now */
static int t_sees(lua_State *L)
{
    Table *t = ltable_self(L);
    int s = lt_check_seat(L, t, 2);
    lua_pushboolean(L, zones_seat_sees(&t->zones, lt_check_card(L, t, 3), s));
    return 1;
}

/* t:combines(card, other) -> true when card makes a pair (one rank, two
 * jokers too) or suited connectors (one suit, ranks next to each other,
 * the ace both low and high) with the card other, or, other a zone's
 * name (a number is a card), with a card of it (combine.h). */
static int t_combines(lua_State *L)
{
    Table *t = ltable_self(L);
    int card = lt_check_card(L, t, 2);
    if (lua_type(L, 3) != LUA_TSTRING) {
        lua_pushboolean(L, cards_combine(t, card, lt_check_card(L, t, 3)));
        return 1;
    }
    const Zone *z = &t->zones.z[lt_check_zone(L, t, 3)];
    int found = 0;
    for (int i = 0; i < z->n && !found; i++)
        found = cards_combine(t, card, z->cards[i]);
    lua_pushboolean(L, found);
    return 1;
}

/* t:trick_winner(cards, trump) -> the place in cards (a list of cards, in
 * the order played) of the one that wins the trick: the highest trump,
 * else the highest card of the suit led; trump a suit letter, or nil for
 * none (trick_winner.h). One call where the rules asked each card's suit
 * and rank in turn. */
static int t_trick_winner(lua_State *L)
{
    Table *t = ltable_self(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    int trump = SUIT_NONE;
    if (!lua_isnoneornil(L, 3)) {
        const char *s = luaL_checkstring(L, 3);
        const char *at = s[0] && !s[1] ? strchr("CDHS", s[0]) : NULL;
        luaL_argcheck(L, at, 3, "trump must be a suit, \"C\", \"D\", \"H\" or \"S\", or nil for none");
        trump = (int)(at - "CDHS");
    }
    int cards[MAX_CARDS];
    lua_Integer n = (lua_Integer)lua_rawlen(L, 2);
    luaL_argcheck(L, n >= 1 && n <= MAX_CARDS, 2, "a trick is a list of 1 or more cards");
    for (lua_Integer i = 1; i <= n; i++) {
        int type = lua_rawgeti(L, 2, i), isnum = 0;
        lua_Integer c = type == LUA_TSTRING ? deck_find(&t->deck, lua_tostring(L, -1))
                                            : lua_tointegerx(L, -1, &isnum);
        if (c < 1 || c > t->deck.n || (type != LUA_TSTRING && !isnum))
            return luaL_argerror(L, 2, lua_pushfstring(L, "its item %d is no card of the table (a "
                                                          "card's number or name)", (int)i));
        cards[i - 1] = (int)c;
        lua_pop(L, 1);
    }
    int token = 0;
    int best = trick_winner(t, cards, (int)n, trump, &token);
    if (best < 0)
        return luaL_argerror(L, 2, lua_pushfstring(L, "%s is a token card: it has no rank to win "
                                                      "a trick by", t->deck.cards[token].name));
    lua_pushinteger(L, best + 1);
    return 1;
}

/* The combinations found so far, as {a, b} into the list on top of L. */
typedef struct CombinationList {
    lua_State *L;
    lua_Integer n;
} CombinationList;

static void add_combination(void *ctx, int a, int b)
{
    CombinationList *c = ctx;
    lua_createtable(c->L, 2, 0);
    lua_pushinteger(c->L, a);
    lua_rawseti(c->L, -2, 1);
    lua_pushinteger(c->L, b);
    lua_rawseti(c->L, -2, 2);
    lua_rawseti(c->L, -2, ++c->n);
}

/* t:combining(zone [, other]) -> { {a, b}, ... }: every two cards of zone
 * that combine, a below b; or with other, every card a of zone with each
 * card b of other it combines with. In the zones' order (combine.h). */
static int t_combining(lua_State *L)
{
    Table *t = ltable_self(L);
    int zone = lt_check_zone(L, t, 2);
    int other = lua_isnoneornil(L, 3) ? -1 : lt_check_zone(L, t, 3);
    lua_newtable(L);
    CombinationList c = {L, 0};
    combinations_find(t, zone, other, add_combination, &c);
    return 1;
}

/* The cards of the first zone found to combine, each once. */
typedef struct CombinableCards {
    int n;
    uint8_t card[MAX_CARDS];
    uint8_t marked[MAX_CARDS + 1];
} CombinableCards;

static void add_combinable(void *ctx, int a, int b)
{
    (void)b;
    CombinableCards *c = ctx;
    if (!c->marked[a]) {
        c->marked[a] = 1;
        c->card[c->n++] = (uint8_t)a;
    }
}

/* t:combinable(zone [, other]) -> { [card] = true, ... }: the cards of zone
 * that combine with a card of other; without other, with a card above
 * them in zone. A set, made at its size: the rules ask it of each card in
 * their own order. */
static int t_combinable(lua_State *L)
{
    Table *t = ltable_self(L);
    int zone = lt_check_zone(L, t, 2);
    int other = lua_isnoneornil(L, 3) ? -1 : lt_check_zone(L, t, 3);
    CombinableCards found;
    found.n = 0;
    memset(found.marked, 0, sizeof found.marked);
    combinations_find(t, zone, other, add_combinable, &found);
    lua_createtable(L, 0, found.n);
    for (int i = 0; i < found.n; i++) {
        lua_pushboolean(L, 1);
        lua_rawseti(L, -2, found.card[i]);
    }
    return 1;
}

/* The melds found so far, as move texts into the list on top of L. */
typedef struct MeldList {
    lua_State *L;
    const Table *t;
    const char *prefix;
    lua_Integer n;
} MeldList;

static void add_meld(void *ctx, const MeldPick *picks, int n)
{
    MeldList *m = ctx;
    /* the prefix (under 16 bytes), then each card after a space */
    char text[16 + MELD_MOST_CARDS * (CARD_NAME_LEN + 1)];
    size_t len = strfmt_copy(text, 16, m->prefix);
    for (int i = 0; i < n; i++) {
        if (len)
            text[len++] = ' ';
        meld_card_text(m->t, &picks[i], text + len);
        len += strlen(text + len);
    }
    lua_pushlstring(m->L, text, len);
    lua_rawseti(m->L, -2, ++m->n);
}

/* t:melds(hand, table [, prefix [, from_hand [, from_table]]]) -> every set
 * (three or more of a rank) and run (three or more of a suit in a row, the
 * ace low or high) the hand's cards make with the table's, each card by one
 * of its faces, taking at least from_hand (1) of the hand and from_table
 * (0) of the table: as move texts, "prefix card card ...", each card
 * written with the face it uses first (melds.h gives their order). */
static int t_melds(lua_State *L)
{
    Table *t = ltable_self(L);
    int hand = lt_check_zone(L, t, 2), table = lt_check_zone(L, t, 3);
    const char *prefix = luaL_optstring(L, 4, "");
    luaL_argcheck(L, strlen(prefix) < 16 && !strchr(prefix, ' '), 4, "a meld's prefix is one short word");
    lua_Integer from_hand = luaL_optinteger(L, 5, 1), from_table = luaL_optinteger(L, 6, 0);
    luaL_argcheck(L, from_hand >= 0 && from_hand <= MAX_CARDS, 5, "from 0 to 255 cards of the hand");
    luaL_argcheck(L, from_table >= 0 && from_table <= MAX_CARDS, 6, "from 0 to 255 cards of the table");
    lua_newtable(L);
    MeldList m = {L, t, prefix, 0};
    switch (melds_find(t, hand, table, (int)from_hand, (int)from_table, add_meld, &m)) {
    case MELDS_RANK_TOO_FULL:
        return luaL_error(L, "t:melds: more than %d cards of one rank: too many to try every set of them",
                          MELD_MOST_OF_A_RANK);
    case MELDS_TOO_MANY:
        return luaL_error(L, "t:melds: these zones make more melds than it lists (at most %d melds, "
                             "found within %d tries): list fewer cards at once (a hand against the "
                             "table, not two decks' worth), or require more of them (from_hand, "
                             "from_table)", MELD_MOST_FOUND, (int)MELD_MOST_STEPS);
    case MELDS_OK:
        break;
    }
    return 1;
}

const luaL_Reg lua_cards_methods[] = {
    {"zone", t_zone},
    {"deck", t_deck},
    {"cards", t_cards},
    {"count", t_count},
    {"top", t_top},
    {"name", t_name},
    {"card", t_card},
    {"holds", t_holds},
    {"rank", t_rank},
    {"suit", t_suit},
    {"move", t_move},
    {"move_all", t_move_all},
    {"draw", t_draw},
    {"deal", t_deal},
    {"shuffle", t_shuffle},
    {"reveal", t_reveal},
    {"where", t_where},
    {"sees", t_sees},
    {"melds", t_melds},
    {"trick_winner", t_trick_winner},
    {"combines", t_combines},
    {"combining", t_combining},
    {"combinable", t_combinable},
    {NULL, NULL},
};

/* card_face(name): a standard card's rank (2 to 10, J 11, Q 12, K 13, A 14)
 * and suit letter, or nil for a joker, a token or a dual-face card. Bots
 * read them from the card names in their views on every decision: this is
 * one C call, where a pattern match costs hundreds of instructions. */
int lcard_face(lua_State *L)
{
    Face f;
    if (!face_parse(luaL_checkstring(L, 1), &f) || f.suit == SUIT_NONE) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushinteger(L, f.rank);
    lua_pushlstring(L, &"CDHS"[f.suit], 1);
    return 2;
}
