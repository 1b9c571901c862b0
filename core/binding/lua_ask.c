/* The rules' side of core/kernel/ask.h: the one way a rules script states
 * each decision, where its steps reach it; the kernel builds and keeps the
 * legal moves.
 *
 *   t:ask(seat, kind, moves [, prompt [, hidden]])
 *       moves: a list of move texts (read, not kept), or a list packed once
 *       with moves{...} (copied in one go: the cheaper way for fixed lists)
 *   t:ask_cards(seat, kind, zone [, prompt [, follow [, prefix]]])
 *       one move per card of zone, named prefix .. card name; with follow
 *       (a suit letter), only the cards of that suit when zone holds any
 *   t:ask_discards(seat, kind, zone, max [, prompt [, hidden]])
 *       "stand", then "discard" and each set of at most max cards of zone,
 *       named in the zone's order, fewest-first by the zone's positions
 *   t:ask_trick(seats, kind, hands, into [, prompt])
 *       a round: each of seats in turn plays a card of hands[seat] onto
 *       into, following the suit of the round's first card if it can; the
 *       kernel applies every card but the last (trick.h)
 *   t:ask_window(seats, kind, moves [, prompt [, how]])
 *       a claim window: each of seats may answer out of turn from its own
 *       moves[seat]; how = {policy = "order" | "random" | "arrival",
 *       start = seat, hidden = bool, open = word} (by default "order"
 *       from seats[1]); with open, an unlisted answer that begins with the
 *       word is judged by the rules' judge(t, seat, text)
 *
 * The last ask made stands; applying a move clears it, so rules that ask
 * nothing more have ended the game. The move reaches apply as its text,
 * and for a card move also as the card's id. */
#include <lauxlib.h>
#include <string.h>
#include "../kernel/ask_cards.h"
#include "lua_table.h"
#include "../kernel/move_text.h"
#include "../kernel/strfmt.h"

/* Subsets of more cards than this would be thousands of moves. */
#define MAX_DISCARD_HAND 12

static int check_suit(lua_State *L, int arg)
{
    if (lua_isnoneornil(L, arg))
        return SUIT_NONE;
    const char *s = luaL_checkstring(L, arg);
    const char *suits = "CDHS", *at = s[0] && !s[1] ? strchr(suits, s[0]) : NULL;
    if (!at)
        luaL_argerror(L, arg, lua_pushfstring(L, "follow must be a suit: \"C\", \"D\", \"H\" or "
                                                 "\"S\", not '%s'", s));
    return (int)(at - suits);
}

/* The error for a kind or prompt that cannot be one: out of the way of
 * check_label, which runs on every decision. */
static __attribute__((noinline)) void label_error(lua_State *L, int arg, const char *what,
                                                  const char *text, size_t len, size_t size,
                                                  const char *problem)
{
    char shown[80];
    strfmt_shown(text, shown, sizeof shown);
    if (len >= size)
        luaL_argerror(L, arg, lua_pushfstring(L, "the %s '%s' is %d bytes: at most %d fit", what,
                                              shown, (int)len, (int)size - 1));
    luaL_argerror(L, arg, lua_pushfstring(L, "the %s '%s' %s", what, shown, problem));
}

/* A decision's kind or prompt, argument arg: the REPL shows it at its
 * prompt and bots read it, and the ask keeps it in size bytes of its own. */
static const char *check_label(lua_State *L, int arg, const char *what, size_t size)
{
    size_t len;
    const char *text = luaL_checklstring(L, arg, &len);
    const char *problem = len < size ? label_text_problem(text, len) : NULL;
    if (len >= size || problem)
        label_error(L, arg, what, text, len, size, problem);
    return text;
}

static const char *check_kind(lua_State *L, int arg)
{
    return check_label(L, arg, "kind", ASK_KIND_LEN);
}

/* NULL when the rules give no prompt. */
static const char *check_prompt(lua_State *L, int arg)
{
    return lua_isnoneornil(L, arg) ? NULL : check_label(L, arg, "prompt", ASK_PROMPT_LEN);
}

static int finish(lua_State *L, Table *t, int zone)
{
    Ask *a = &t->ask;
    if (!a->n) {
        if (zone)
            return luaL_error(L, "zone '%s' has no card to offer: a seat that is asked must "
                                 "have at least one legal move", t->zones.z[zone].name);
        return luaL_error(L, "t:ask: moves is empty: a seat that is asked must have at least "
                             "one legal move");
    }
    ask_finish(a);
    return 0;
}

static int out_of_memory(lua_State *L)
{
    return luaL_error(L, "out of memory while asking");
}

static const char *asked_move(const void *a, int i)
{
    return ask_move(a, i);
}

/* Raises when a move of the ask cannot be typed back or two of them read
 * the same (see move_text.h); arg is the argument that gave them. */
static void check_asked(lua_State *L, const Ask *a, int arg)
{
    for (int i = 0; i < a->n; i++) {
        const char *text = ask_move(a, i), *why = move_text_problem(text, strlen(text));
        if (why)
            luaL_argerror(L, arg, lua_pushfstring(L, MOVE_PROBLEM_FMT, i + 1, text, why));
    }
    int earlier, again = move_texts_repeat(a->n, asked_move, a, &earlier);
    if (again >= 0)
        luaL_argerror(L, arg, lua_pushfstring(L, MOVE_REPEAT_FMT, earlier + 1, again + 1,
                                              ask_move(a, again)));
}

/* A fixed list of moves, packed once: t:ask copies it with one memcpy
 * instead of reading each text from a Lua table on every decision. */
#define MOVES_MT "referee.Moves"

/* Scripts cannot make userdata, so one carrying the mark is ours: cheaper
 * than luaL_testudata's registry lookup on every ask. */
#define MOVES_MARK 0x6d6f7665734c7374ULL

typedef struct MoveList {
    unsigned long long mark;
    int n;
    size_t used;
    int start[]; /* n offsets, then the texts, each NUL-terminated */
} MoveList;

static const char *move_texts(const MoveList *m)
{
    return (const char *)(m->start + m->n);
}

static int moves_len(lua_State *L)
{
    lua_pushinteger(L, ((MoveList *)luaL_checkudata(L, 1, MOVES_MT))->n);
    return 1;
}

/* list[i]: the move texts can be read like the list they came from. */
static int moves_index(lua_State *L)
{
    const MoveList *m = luaL_checkudata(L, 1, MOVES_MT);
    lua_Integer i = lua_tointeger(L, 2);
    if (i >= 1 && i <= m->n)
        lua_pushstring(L, move_texts(m) + m->start[i - 1]);
    else
        lua_pushnil(L);
    return 1;
}

/* Checks list (the argument at arg) is a non-empty list of texts; returns
 * how many, and the bytes their texts take with a NUL each. */
static int check_move_texts(lua_State *L, int arg, size_t *used)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    int n = 0;
    *used = 0;
    for (lua_Integer i = 1; lua_rawgeti(L, arg, i) != LUA_TNIL; i++, n++) {
        if (lua_type(L, -1) != LUA_TSTRING)
            return luaL_argerror(L, arg, lua_pushfstring(L, "moves{...} takes a list of move "
                                                            "texts: entry %I is a %s", i,
                                                         luaL_typename(L, -1)));
        size_t len;
        const char *text = lua_tolstring(L, -1, &len), *why = move_text_problem(text, len);
        if (why)
            return luaL_argerror(L, arg, lua_pushfstring(L, MOVE_PROBLEM_FMT, (int)i, text, why));
        *used += len + 1;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (!n)
        luaL_argerror(L, arg, "moves{} is empty: a seat that is asked must have at least one "
                              "legal move");
    return n;
}

static const char *packed_move(const void *m, int i)
{
    return move_texts(m) + ((const MoveList *)m)->start[i];
}

/* moves(list) -> the list packed once for t:ask (global in rules scripts) */
int lask_moves(lua_State *L)
{
    size_t used;
    int n = check_move_texts(L, 1, &used);
    MoveList *m = lua_newuserdatauv(L, sizeof *m + sizeof(int) * (size_t)n + used, 0);
    m->mark = MOVES_MARK;
    m->n = n;
    m->used = used;
    char *text = (char *)(m->start + n);
    size_t at = 0;
    for (int i = 0; i < n; i++) {
        size_t len;
        lua_rawgeti(L, 1, i + 1);
        const char *s = lua_tolstring(L, -1, &len);
        m->start[i] = (int)at;
        memcpy(text + at, s, len + 1);
        at += len + 1;
        lua_pop(L, 1);
    }
    int earlier, again = move_texts_repeat(n, packed_move, m, &earlier);
    if (again >= 0)
        luaL_argerror(L, 1, lua_pushfstring(L, MOVE_REPEAT_FMT, earlier + 1, again + 1,
                                            packed_move(m, again)));
    if (luaL_newmetatable(L, MOVES_MT)) {
        lua_pushcfunction(L, moves_len);
        lua_setfield(L, -2, "__len");
        lua_pushcfunction(L, moves_index);
        lua_setfield(L, -2, "__index");
        lua_pushliteral(L, "the move list's metatable is the referee's");
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    return 1;
}

/* Adds the move texts of the list at arg (a list of texts) to the ask;
 * what names the list in errors: "moves" or "moves[3]". */
static void add_listed_moves(lua_State *L, Ask *a, int arg, int list, const char *what)
{
    for (lua_Integer i = 1; lua_rawgeti(L, list, i) != LUA_TNIL; i++) {
        size_t len = 0; /* (luaL_argerror does not return) */
        const char *text = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
        if (!text)
            luaL_argerror(L, arg, lua_pushfstring(L, "%s must be a list of move texts: entry %I "
                                                     "is a %s", what, i, luaL_typename(L, -1)));
        if (!ask_add(a, text, len, 0))
            out_of_memory(L);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* The open words at arg: a word, or a list of words ("meld", "discard"),
 * written into out one space apart; luaL_argerror when they are not. */
static void check_open(lua_State *L, int arg, int at, char *out, size_t size)
{
    static const char *WHY = "open must be a word, or a list of words, which the answers the "
                             "rules judge begin with (such as \"bamm\")";
    size_t used = 0;
    int list = lua_type(L, at) == LUA_TTABLE;
    lua_Integer n = list ? (lua_Integer)lua_rawlen(L, at) : 1;
    if (n < 1)
        luaL_argerror(L, arg, WHY);
    out[0] = '\0';
    for (lua_Integer i = 1; i <= n; i++) {
        if (list)
            lua_rawgeti(L, at, i);
        else
            lua_pushvalue(L, at);
        size_t len;
        const char *word = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
        if (!word || !len || strcspn(word, " \t") != len || move_text_problem(word, len) ||
            used + len + 2 > size)
            luaL_argerror(L, arg, WHY);
        if (used) /* (checked above: the word, a space and the NUL fit) */
            out[used++] = ' ';
        memcpy(out + used, word, len + 1);
        used += len;
        lua_pop(L, 1);
    }
}

/* "moves[3]": one seat's list of a window, as errors name it. By hand: a
 * window names each seat's list before reading it, and snprintf cost as
 * much as reading the list. what holds 32 bytes. */
static void seat_list_name(char *what, int seat)
{
    size_t n = strfmt_copy(what, 16, "moves[");
    n += strfmt_int(what + n, seat);
    what[n++] = ']';
    what[n] = '\0';
}

/* t:ask(seat, kind, moves [, prompt [, hidden [, open]]]) */
static int t_ask(lua_State *L)
{
    Table *t = ltable_self(L);
    int seat = lt_check_seat(L, t, 2);
    const char *kind = check_kind(L, 3);
    const MoveList *packed = NULL;
    if (lua_type(L, 4) == LUA_TUSERDATA && lua_rawlen(L, 4) >= sizeof *packed) {
        packed = lua_touserdata(L, 4);
        if (packed->mark != MOVES_MARK)
            packed = NULL;
    }
    if (!packed && lua_type(L, 4) != LUA_TTABLE)
        return luaL_typeerror(L, 4, "list of move texts or moves{...}");
    const char *prompt = check_prompt(L, 5);
    char open[ASK_KIND_LEN] = "";
    if (!lua_isnoneornil(L, 7))
        check_open(L, 7, 7, open, sizeof open);
    t->trick.n = 0;
    Ask *a = &t->ask;
    ask_begin(a, seat, kind, prompt, lua_toboolean(L, 6));
    ask_set_open(a, open);
    if (packed) {
        if (!ask_add_packed(a, packed->n, packed->start, move_texts(packed), packed->used))
            return out_of_memory(L);
        return finish(L, t, 0);
    }
    add_listed_moves(L, a, 4, 4, "moves");
    check_asked(L, a, 4);
    return finish(L, t, 0);
}

/* The list of seats at arg (1 or more of the table's, each once) into
 * seats; returns how many. what: what the list is for, in the message;
 * twice: why a seat may not be listed twice. */
static int check_seat_list(lua_State *L, Table *t, int arg, int *seats, const char *what,
                           const char *twice)
{
    lua_Unsigned listed_n = lua_rawlen(L, arg);
    if (listed_n < 1 || listed_n > (lua_Unsigned)t->seats.n)
        luaL_argerror(L, arg, lua_pushfstring(L, "seats must list 1 or more of the table's seats, %s",
                                              what));
    int n = (int)listed_n;
    uint32_t listed = 0;
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, arg, i + 1);
        lua_Integer s = lua_tointeger(L, -1);
        if (!lua_isinteger(L, -1) || s < 1 || s > t->seats.n)
            luaL_argerror(L, arg, lua_pushfstring(L, "entry %d is not a seat from 1 to %d", i + 1,
                                                  t->seats.n));
        if (listed & 1u << s)
            luaL_argerror(L, arg, lua_pushfstring(L, "seat %d is listed twice: %s", (int)s, twice));
        listed |= 1u << s;
        seats[i] = (int)s;
        lua_pop(L, 1);
    }
    return n;
}

/* A window's how: {policy = ..., start = seat, hidden = bool}, each field
 * optional. */
static void check_how(lua_State *L, Table *t, int arg, int first_seat, int *policy, int *start,
                      int *hidden, char *open)
{
    *policy = CLAIM_ORDER;
    *start = first_seat;
    *hidden = 0;
    open[0] = '\0';
    if (lua_isnoneornil(L, arg))
        return;
    luaL_checktype(L, arg, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, arg)) {
        const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        ClaimPolicy p = CLAIM_ORDER; /* (luaL_argerror does not return) */
        if (key && strcmp(key, "policy") == 0) {
            if (!lua_isstring(L, -1) || !claim_policy_parse(lua_tostring(L, -1), &p))
                luaL_argerror(L, arg, "policy must be \"order\", \"random\" or \"arrival\"");
            *policy = (int)p;
        } else if (key && strcmp(key, "start") == 0) {
            lua_Integer s = lua_tointeger(L, -1);
            if (!lua_isinteger(L, -1) || s < 1 || s > t->seats.n)
                luaL_argerror(L, arg, lua_pushfstring(L, "start must be a seat from 1 to %d",
                                                      t->seats.n));
            *start = (int)s;
        } else if (key && strcmp(key, "hidden") == 0) {
            *hidden = lua_toboolean(L, -1);
        } else if (key && strcmp(key, "open") == 0) {
            check_open(L, arg, lua_gettop(L), open, ASK_KIND_LEN);
        } else {
            luaL_argerror(L, arg, lua_pushfstring(L, "how takes policy, start, hidden and open, "
                                                     "not '%s'", key ? key : luaL_typename(L, -2)));
        }
        lua_pop(L, 1);
    }
}

/* t:ask_window(seats, kind, moves [, prompt [, how]]) */
static int t_ask_window(lua_State *L)
{
    Table *t = ltable_self(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    const char *kind = check_kind(L, 3);
    luaL_checktype(L, 4, LUA_TTABLE);
    const char *prompt = check_prompt(L, 5);
    int seats[MAX_SEATS] = {0};
    int n = check_seat_list(L, t, 2, seats, "those who may answer",
                            "a window takes one answer from each seat");
    int policy, start, hidden;
    char open[ASK_KIND_LEN];
    check_how(L, t, 6, seats[0], &policy, &start, &hidden, open);
    t->trick.n = 0;
    Ask *a = &t->ask;
    ask_begin_window(a, kind, prompt, hidden, policy, start, open);
    for (int i = 0; i < n; i++) {
        char what[32];
        seat_list_name(what, seats[i]);
        if (lua_rawgeti(L, 4, seats[i]) != LUA_TTABLE)
            return luaL_argerror(L, 4, lua_pushfstring(L, "%s is a %s: each seat of the window "
                                                          "needs its list of moves", what,
                                                       luaL_typename(L, -1)));
        ask_window_seat(a, seats[i]);
        add_listed_moves(L, a, 4, lua_gettop(L), what);
        if (a->n == a->first[i])
            return luaL_argerror(L, 4, lua_pushfstring(L, "%s is empty: a seat that is asked "
                                                          "must have at least one legal move",
                                                       what));
        Ask one = *a; /* seat i's moves alone, for the checks of one seat's moves */
        one.start += a->first[i];
        one.n = a->n - a->first[i];
        check_asked(L, &one, 4);
    }
    return finish(L, t, 0);
}

/* t:ask_cards(seat, kind, zone [, prompt [, follow [, prefix [, hidden]]]]) */
static int t_ask_cards(lua_State *L)
{
    Table *t = ltable_self(L);
    int seat = lt_check_seat(L, t, 2);
    const char *kind = check_kind(L, 3);
    int zone = lt_check_zone(L, t, 4);
    const char *prompt = check_prompt(L, 5);
    int follow = check_suit(L, 6);
    const char *prefix = luaL_optstring(L, 7, "");
    t->trick.n = 0;
    if (!ask_cards(t, seat, kind, zone, prompt, follow, prefix, lua_toboolean(L, 8)))
        return out_of_memory(L);
    Ask *a = &t->ask;
    if (a->n) {
        const char *first = ask_move(a, 0), *why = move_text_problem(first, strlen(first));
        if (why)
            return luaL_argerror(L, 7, lua_pushfstring(L, "the prefix makes '%s': %s", first,
                                                       why));
    }
    return finish(L, t, zone);
}

/* t:ask_trick(seats, kind, hands, into [, prompt]): a round of card play
 * the kernel runs (trick.h). seats: the seats in the order they play;
 * hands: their hands, by seat (hands[seat]: a zone's name or number);
 * into: the zone they play onto. */
static int t_ask_trick(lua_State *L)
{
    Table *t = ltable_self(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    const char *kind = check_kind(L, 3);
    luaL_checktype(L, 4, LUA_TTABLE);
    int into = lt_check_zone(L, t, 5);
    const char *prompt = check_prompt(L, 6);
    int seats[MAX_SEATS], hands[MAX_SEATS];
    int n = check_seat_list(L, t, 2, seats, "in the order they play", "each seat plays once a round");
    for (int i = 0; i < n; i++) {
        int s = seats[i];
        int type = lua_rawgeti(L, 4, s);
        if (type == LUA_TNUMBER) {
            int whole; /* 3.0 names zone 3, as for every other zone argument */
            lua_Integer z = lua_tointegerx(L, -1, &whole);
            if (!whole || z < 1 || z > t->zones.n)
                return luaL_argerror(L, 4, lua_pushfstring(L, "hands[%d] is %s: no zone has that "
                                                              "number (t:zone gives it)", (int)s,
                                                           lua_tostring(L, -1)));
            hands[i] = (int)z;
        } else if (type == LUA_TSTRING) {
            hands[i] = zones_find(&t->zones, lua_tostring(L, -1));
            if (!hands[i])
                return luaL_argerror(L, 4, lua_pushfstring(L, "hands[%d] is '%s': no zone has "
                                                              "that name", (int)s,
                                                           lua_tostring(L, -1)));
        } else {
            return luaL_argerror(L, 4, lua_pushfstring(L, "hands[%d] is a %s: expected seat %d's "
                                                          "hand, its name or the number t:zone "
                                                          "gave", (int)s, luaL_typename(L, -1),
                                                       (int)s));
        }
        lua_pop(L, 1);
        if (hands[i] == into)
            return luaL_argerror(L, 5, lua_pushfstring(L, "'%s' is seat %d's hand: the cards "
                                                          "are played onto another zone",
                                                       t->zones.z[into].name, (int)s));
    }
    switch (trick_start(t, n, seats, hands, into, kind, prompt)) {
    case TRICK_NO_MEMORY:
        return out_of_memory(L);
    case TRICK_NO_CARD:
        return luaL_error(L, "zone '%s' has no card to offer: a seat that is asked must have at "
                             "least one legal move", t->zones.z[hands[0]].name);
    }
    return 0;
}

/* Whether every card the mask takes comes with the cards of its name
 * before it: the one set of cards that stands for these names. */
static int first_of_names(unsigned mask, const unsigned *same, int n)
{
    for (int i = 0; i < n; i++)
        if ((mask & 1u << i) && (mask & same[i]) != same[i])
            return 0;
    return 1;
}

/* The cards a mask takes (a popcount, without the library call the
 * compiler makes of __builtin_popcount on a plain x86-64 target). */
static int cards_in(unsigned mask)
{
    int n = 0;
    for (; mask; mask &= mask - 1)
        n++;
    return n;
}

/* t:ask_discards(seat, kind, zone, max [, prompt [, hidden]]) */
static int t_ask_discards(lua_State *L)
{
    Table *t = ltable_self(L);
    int seat = lt_check_seat(L, t, 2);
    const char *kind = check_kind(L, 3);
    int zone = lt_check_zone(L, t, 4);
    lua_Integer max = luaL_checkinteger(L, 5);
    luaL_argcheck(L, max >= 0, 5, "max must be 0 or more cards");
    const char *prompt = check_prompt(L, 6);
    const Zone *z = &t->zones.z[zone];
    if (z->n > MAX_DISCARD_HAND)
        return luaL_argerror(L, 4, lua_pushfstring(L, "zone '%s' holds %d cards: discards are "
                                                      "offered from at most %d", z->name, z->n,
                                                   MAX_DISCARD_HAND));
    t->trick.n = 0;
    Ask *a = &t->ask;
    ask_begin(a, seat, kind, prompt, lua_toboolean(L, 7));
    a->any_card = 1;
    if (!ask_add(a, "stand", 5, 0))
        return out_of_memory(L);
    /* Cards of one name are interchangeable to a person, who types names:
     * of those, a set takes the first ones in the zone's order, so each set
     * of names is offered once. same[i]: the cards before card i with its
     * name. */
    unsigned same[MAX_DISCARD_HAND] = {0};
    const char *names[MAX_DISCARD_HAND];
    size_t lens[MAX_DISCARD_HAND];
    for (int i = 0; i < z->n; i++) {
        names[i] = t->deck.cards[z->cards[i]].name;
        lens[i] = strlen(names[i]);
        for (int j = 0; j < i; j++)
            if (strcmp(names[i], names[j]) == 0)
                same[i] |= 1u << j;
    }
    /* Each name is copied as its whole array (a fixed size: one move of
     * the processor, not a call of memcpy for two or three bytes), and the
     * length counted: the bytes past it are written over or left out. */
    char text[16 + (MAX_DISCARD_HAND + 1) * CARD_NAME_LEN];
    memcpy(text, "discard", 7);
    for (unsigned mask = 1; mask < 1u << z->n; mask++) {
        if ((max < z->n && cards_in(mask) > max) || !first_of_names(mask, same, z->n))
            continue;
        size_t len = 7;
        for (int i = 0; i < z->n; i++) {
            if (!(mask & 1u << i))
                continue;
            text[len++] = ' ';
            memcpy(text + len, names[i], CARD_NAME_LEN);
            len += lens[i];
        }
        if (!ask_add(a, text, len, 0))
            return out_of_memory(L);
    }
    return finish(L, t, zone);
}

/* t:asked() -> the kind of the decision asked: the one due (in explain,
 * judge, status), or, while an answer is applied, the one it answers until
 * the rules ask the next; nil once the game is over. What the rules read
 * to know the step they are at, instead of keeping it in t.vars. */
static int t_asked(lua_State *L)
{
    Table *t = ltable_self(L);
    if (!t->ask.set && !t->ask.answering)
        return 0;
    lua_pushstring(L, t->ask.kind);
    return 1;
}

const luaL_Reg lua_ask_methods[] = {
    {"asked", t_asked},
    {"ask", t_ask},
    {"ask_cards", t_ask_cards},
    {"ask_discards", t_ask_discards},
    {"ask_trick", t_ask_trick},
    {"ask_window", t_ask_window},
    {NULL, NULL},
};
