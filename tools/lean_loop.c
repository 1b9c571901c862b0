/* lean-loop's loop: rules played by the leanest loop we could write that
 * still keeps the referee's contract, for `make bench` (issue 68 asks a
 * target out of reach to be shown so, not by the present code's own
 * floor): the thinnest rules (bench/loop-floor.lua), a BAM! hand and the
 * dice game written for its kernel (bench/lean-bam.lua, lean-dice.lua;
 * the kernel in lean_table.c and lean_seats.c), each measured beside
 * what the referee costs for the same game. It shares none of the
 * referee's code but the Lua states' allocator, on purpose.
 *
 * What it keeps, as the referee does:
 *   - the rules run in a Lua state of their own (on the referee's
 *     allocator); every call into them is protected, with a message
 *     handler, under a memory cap the allocator checks on every block, and
 *     a CPU deadline armed around the call;
 *   - t is a table whose methods come from its metatable and whose fields
 *     other than vars cannot be set (the write guard);
 *   - t:ask checks its table, its seat, its kind (one line of text) and
 *     its moves (a list packed once by moves{}), and keeps the pending
 *     decision, its kind copied (a record and a screen need it later);
 *   - a random seat's choice is a function of the seed, the seat and the
 *     move's number alone, so that an undo or a reload chooses the same;
 *   - each answer is checked against the pending decision, its move kept
 *     in the game's record as text, then handed to the rules'
 *     answers[kind] (or apply);
 *   - a game starts from its seed hashed once (BLAKE2b) into the seats'
 *     and the table's keys, the table the rules' prepare() set up
 *     restored, a fresh t and vars, the options checked against the
 *     rules' list and copied, and setup called; it ends with the rules'
 *     result read and checked.
 * What it leaves out, as random seats need none of it: saves, views,
 * bots, people. */
#include <lauxlib.h>
#include <lualib.h>
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../core/lua/lua_alloc.h"
#include "lean.h"

#define MEMORY_CAP ((size_t)256 << 20)
#define MOVES_MARK 0x6c65616e6d6f7665ULL

static const unsigned char SEED_KEY[] = "lean seed -> key";

/* The CPU deadline: what arming and disarming it stores (a timer thread
 * would read it). */
static volatile struct {
    int depth;
    unsigned serial;
    long allowed;
} deadline;

static int message_handler(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    luaL_traceback(L, L, msg ? msg : "(an error that is not a text)", 1);
    return 1;
}

/* Pushes the message handler, then the rules' function ref: what
 * call_rules calls. */
static void push_rules_function(Lean *g, int ref)
{
    lua_rawgeti(g->L, LUA_REGISTRYINDEX, g->handler_ref);
    lua_rawgeti(g->L, LUA_REGISTRYINDEX, ref);
}

/* Calls the function under its nargs arguments on top (the handler under
 * it), protected, for no results. */
static void call_rules(Lean *g, int nargs)
{
    lua_State *L = g->L;
    int base = lua_gettop(L) - nargs - 1;
    if (deadline.depth++ == 0) {
        deadline.serial++;
        deadline.allowed = 10 * 100 + 1;
    }
    int status = lua_pcall(L, nargs, 0, base);
    deadline.depth--;
    if (status != LUA_OK)
        lean_fail(lua_tostring(L, -1));
    lua_settop(L, base - 1);
}

/* moves{...}: a list of labels checked once, for asks to share. */
static int l_moves(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    int n = (int)lua_rawlen(L, 1);
    luaL_argcheck(L, n >= 1 && n <= 1000, 1, "a list of 1 to 1000 moves");
    Moves *m = lua_newuserdatauv(L, sizeof *m + (size_t)n * sizeof *m->label, 1);
    m->mark = MOVES_MARK;
    m->n = n;
    for (int i = 0; i < n; i++) {
        size_t len;
        lua_rawgeti(L, 1, i + 1);
        const char *label = lua_tolstring(L, -1, &len);
        luaL_argcheck(L, label && lua_type(L, -1) == LUA_TSTRING && lean_one_line(label, len), 1,
                      "each move is one line of text");
        m->label[i] = label;
        lua_pop(L, 1);
    }
    lua_pushvalue(L, 1);
    lua_setiuservalue(L, -2, 1);
    return 1;
}

/* t:ask(seat, kind, moves) */
static int t_ask(lua_State *L)
{
    Lean *g = lua_touserdata(L, lua_upvalueindex(1));
    const Moves *m = lua_touserdata(L, 4);
    luaL_argcheck(L, m && lua_rawlen(L, 4) >= sizeof *m && m->mark == MOVES_MARK, 4,
                  "the moves are a list packed by moves{}");
    lean_begin_ask(L, g);
    g->type = ASK_LIST;
    g->moves = m;
    g->n = m->n;
    lua_settop(L, 4);
    lua_rawseti(L, LUA_REGISTRYINDEX, g->moves_ref);
    return 0;
}

/* t:asked(): the kind of the decision asked, or being answered until the
 * rules ask the next. */
static int t_asked(lua_State *L)
{
    Lean *g = lua_touserdata(L, lua_upvalueindex(1));
    luaL_argcheck(L, lua_topointer(L, 1) == g->t, 1, "not the game's table: call t:asked");
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->kind_ref);
    return 1;
}

static int t_newindex(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TSTRING && strcmp(lua_tostring(L, 2), "vars") == 0 &&
        lua_type(L, 3) == LUA_TTABLE) {
        lua_rawset(L, 1);
        return 0;
    }
    return luaL_error(L, "the table has no field '%s' to set: keep the rules' own variables in t.vars",
                      luaL_tolstring(L, 2, NULL));
}

/* Appends "seat N: label\n" to the game's record. */
static void record_move(Lean *g, int seat, const char *label)
{
    size_t len = strlen(label);
    if (g->record_len + len + 16 > g->record_cap) {
        g->record_cap = 2 * (g->record_len + len + 16);
        if (!(g->record = realloc(g->record, g->record_cap)))
            lean_fail("out of memory");
    }
    char *at = g->record + g->record_len;
    memcpy(at, "seat ", 5);
    at += 5;
    *at++ = (char)('0' + seat);
    *at++ = ':';
    *at++ = ' ';
    memcpy(at, label, len);
    at += len;
    *at++ = '\n';
    g->record_len = (size_t)(at - g->record);
}

/* A random seat's choice among n: a function of the seed, the seat and
 * the move's number alone, so that a reloaded or undone game chooses the
 * same. Move m of a seat reads word m % 16 of its stream's block m / 16,
 * so one ChaCha20 block serves sixteen moves; a word rejected (less than
 * one in 2^28 for n under 16) falls back to a block of the move's own. */
static uint32_t seat_word(Lean *g, int seat, uint64_t block_no, int word)
{
    SeatBlock *b = &g->seat_block[seat];
    if (!b->made || b->block_no != block_no) {
        uint8_t nonce[crypto_stream_chacha20_NONCEBYTES], bytes[64];
        uint64_t v = (uint64_t)seat << 40 ^ block_no;
        for (int i = 0; i < 8; i++)
            nonce[i] = (uint8_t)(v >> (8 * i));
        crypto_stream_chacha20(bytes, sizeof bytes, nonce, g->seats_key);
        for (int i = 0; i < 16; i++)
            b->word[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 |
                         (uint32_t)bytes[4 * i + 2] << 16 | (uint32_t)bytes[4 * i + 3] << 24;
        b->block_no = block_no;
        b->made = 1;
    }
    return b->word[word];
}

static int random_choice(Lean *g, int seat, int n)
{
    uint32_t threshold = (uint32_t)(-(uint32_t)n) % (uint32_t)n;
    uint64_t m = (uint64_t)g->nmoves;
    uint32_t x = seat_word(g, seat, m / 16, (int)(m % 16));
    for (int i = 0; x < threshold && i < 16; i++)
        x = seat_word(g, seat, (uint64_t)1 << 39 | m, i);
    return (int)(x % (uint32_t)n);
}

/* Pushes a fresh t and vars, the game's t from now on. */
static void push_new_t(Lean *g)
{
    lua_State *L = g->L;
    lua_createtable(L, 0, 4);
    lua_createtable(L, 0, 2);
    lua_setfield(L, -2, "vars");
    lua_pushinteger(L, g->nseats);
    lua_setfield(L, -2, "nseats");
    luaL_setmetatable(L, "lean.t");
    g->t = lua_topointer(L, -1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, LUA_REGISTRYINDEX, g->t_ref);
}

/* Pushes the options checked against the rules' list, and copied. */
static void push_options(Lean *g, lua_Integer value)
{
    if (value < g->option_min || value > g->option_max)
        lean_fail("the option is out of its range");
    lua_createtable(g->L, 0, 1);
    lua_pushinteger(g->L, value);
    lua_setfield(g->L, -2, g->option);
}

/* The rules' prepare(t, opts), once for every game of these rules,
 * options and seats: the table it sets up is what each game starts at. */
static void prepare_table(Lean *g, int prepare_ref, lua_Integer option)
{
    if (prepare_ref != LUA_NOREF) {
        push_rules_function(g, prepare_ref);
        push_new_t(g);
        push_options(g, option);
        call_rules(g, 2);
    }
    g->prepared = g->table;
}

static void start_game(Lean *g, const char *seed, lua_Integer option)
{
    /* One hash of the seed gives both keys: the seats' streams' and the
     * table's. */
    uint8_t keys[2 * crypto_stream_chacha20_KEYBYTES];
    crypto_generichash(keys, sizeof keys, (const unsigned char *)seed, strlen(seed), SEED_KEY,
                       sizeof SEED_KEY - 1);
    memcpy(g->seats_key, keys, sizeof g->seats_key);
    lean_table_start(g, keys + sizeof g->seats_key);
    lean_seats_start(g);
    g->nmoves = 0;
    g->asked = 0;
    g->record_len = 0;
    for (int s = 1; s <= g->nseats; s++)
        g->seat_block[s].made = 0;
    push_rules_function(g, g->setup_ref);
    push_new_t(g);
    push_options(g, option);
    call_rules(g, 2);
}

/* Pushes the message handler, then the rules' function for the answer:
 * answers[kind], or apply for rules without answers. */
static void push_answer_function(Lean *g)
{
    lua_State *L = g->L;
    if (g->answers_ref == LUA_NOREF) {
        push_rules_function(g, g->apply_ref);
        return;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->handler_ref);
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->answers_ref);
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->kind_ref);
    if (lua_rawget(L, -2) != LUA_TFUNCTION)
        lean_fail("the rules have no answer for the kind asked");
    lua_remove(L, -2);
}

static void read_result(Lean *g);

static int play_game(Lean *g)
{
    lua_State *L = g->L;
    char made[96]; /* a card or discard answer's label */
    while (g->asked) {
        int seat = g->asked, n = g->n;
        int choice = random_choice(g, seat, n);
        if (choice < 0 || choice >= n)
            lean_fail("an answer that is not one of the moves");
        const char *label = made;
        if (g->type == ASK_LIST)
            label = g->moves->label[choice];
        else
            lean_answer(g, choice, made, sizeof made);
        record_move(g, seat, label);
        if (g->print_decisions)
            printf("%s\t%d\t%s\n", g->kind, n, label);
        g->nmoves++;
        g->asked = 0;
        if (lean_trick_goes_on(g))
            continue;
        push_answer_function(g);
        lua_rawgeti(L, LUA_REGISTRYINDEX, g->t_ref);
        lua_pushinteger(L, seat);
        if (g->type == ASK_LIST)
            lua_pushstring(L, label);
        else
            lua_pushinteger(L, g->answer);
        call_rules(g, 3);
    }
    read_result(g);
    return g->nmoves;
}

/* The rules' result, checked where it lies: a list of winners, each a
 * seat, and a score for each seat. */
static void read_result(Lean *g)
{
    lua_State *L = g->L;
    LeanResult *r = &g->result;
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->result_ref);
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->t_ref);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK || !lua_istable(L, -1))
        lean_fail("the game ended without a result");
    int result = lua_gettop(L);
    if (lua_getfield(L, result, "winners") != LUA_TTABLE)
        lean_fail("the result has no list of winners");
    r->nwinners = (int)lua_rawlen(L, -1);
    if (r->nwinners < 1 || r->nwinners > g->nseats)
        lean_fail("the result's winners are not 1 to all the seats");
    for (int i = 0; i < r->nwinners; i++) {
        int isnum;
        lua_Integer seat = (lua_rawgeti(L, -1, i + 1), lua_tointegerx(L, -1, &isnum));
        if (!isnum || seat < 1 || seat > g->nseats)
            lean_fail("a winner that is not a seat");
        r->winner[i] = (int)seat;
        lua_pop(L, 1);
    }
    if (lua_getfield(L, result, "scores") != LUA_TTABLE)
        lean_fail("the result has no list of scores");
    for (int s = 0; s < g->nseats; s++) {
        int isnum;
        lua_Integer score = (lua_rawgeti(L, -1, s + 1), lua_tointegerx(L, -1, &isnum));
        if (!isnum)
            lean_fail("a seat's score that is not a whole number");
        r->score[s] = score;
        lua_pop(L, 1);
    }
    r->moves = g->nmoves;
    lua_settop(L, 0);
}

int lean_play(Lean *g, const char *seed, lua_Integer option)
{
    start_game(g, seed, option);
    return play_game(g);
}

/* Loads the rules: the game table, its functions kept by reference, the
 * option's name and range read once; returns prepare's reference, or
 * LUA_NOREF for rules without one. */
static int load_rules(Lean *g, const char *path)
{
    /* The referee's allocator (mimalloc, every block counted), its cap set
     * once for good rather than around each call. */
    lua_State *L = g->L = lua_alloc_newstate();
    if (!L)
        lean_fail("out of memory");
    lua_alloc_count(L)->limit = MEMORY_CAP;
    luaL_openlibs(L);
    lua_pushboolean(L, 0); /* the registry's slots, taken again at each use */
    g->t_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushboolean(L, 0);
    g->moves_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushboolean(L, 0);
    g->kind_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushcfunction(L, l_moves);
    lua_setglobal(L, "moves");
    luaL_newmetatable(L, "lean.t");
    lua_createtable(L, 0, 48);
    lua_pushlightuserdata(L, g);
    lua_pushcclosure(L, t_ask, 1);
    lua_setfield(L, -2, "ask");
    lua_pushlightuserdata(L, g);
    lua_pushcclosure(L, t_asked, 1);
    lua_setfield(L, -2, "asked");
    lean_table_methods(L, g);
    lean_seats_methods(L, g);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, t_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pop(L, 1);
    lua_pushcfunction(L, message_handler);
    g->handler_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    if (luaL_dofile(L, path) != LUA_OK || !lua_istable(L, -1))
        lean_fail(lua_isstring(L, -1) ? lua_tostring(L, -1) : "the rules return no table");
    int game = lua_gettop(L);
    /* An answer goes to answers[kind], or else to apply. */
    g->answers_ref = g->apply_ref = LUA_NOREF;
    if (lua_getfield(L, game, "answers") == LUA_TTABLE)
        g->answers_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    else if (lua_getfield(L, game, "apply") == LUA_TFUNCTION)
        g->apply_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    else
        lean_fail("the rules have neither answers nor apply");
    lua_settop(L, game);
    const char *names[] = {"setup", "result"};
    int *refs[] = {&g->setup_ref, &g->result_ref};
    for (int i = 0; i < 2; i++) {
        if (lua_getfield(L, game, names[i]) != LUA_TFUNCTION)
            lean_fail("the rules lack setup or result");
        *refs[i] = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    int prepare_ref = LUA_NOREF;
    if (lua_getfield(L, game, "prepare") == LUA_TFUNCTION)
        prepare_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_getfield(L, game, "options");
    lua_rawgeti(L, -1, 1);
    lua_getfield(L, -1, "name");
    lua_getfield(L, -2, "min");
    lua_getfield(L, -3, "max");
    const char *option = lua_tostring(L, -3);
    if (!option || strlen(option) >= sizeof g->option)
        lean_fail("the rules' one option has no name");
    strcpy(g->option, option);
    g->option_min = lua_tointeger(L, -2);
    g->option_max = lua_tointeger(L, -1);
    lua_settop(L, 0);
    return prepare_ref;
}

void lean_load(Lean *g, const char *path, lua_Integer option)
{
    if (sodium_init() < 0)
        lean_fail("libsodium would not start");
    prepare_table(g, load_rules(g, path), option);
}

void lean_close(Lean *g)
{
    lua_alloc_close(g->L);
    free(g->record);
    free(g->notes);
}
