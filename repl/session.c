#include "session.h"

#include <jansson.h>

#include "../core/referee/game_physical.h"
#include "../core/referee/rules_loader.h"
#include "../core/kernel/strfmt.h"
#include "../core/guards/watchdog.h"
#include "render.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <lauxlib.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

void session_init(Session *s, lua_State *L, const char *rules_path, const char *bots_path)
{
    memset(s, 0, sizeof *s);
    seat_loop_init(&s->loop, L);
    s->L = L;
    s->rules_path = rules_path;
    s->bots_path = bots_path;
}


static void drop_game(Session *s)
{
    seat_loop_drop(&s->loop);
    s->log_shown = 0;
}

void session_close(Session *s)
{
    drop_game(s);
}

/* The game's record as a save holds it: with the people's names (--names),
 * which a load gives back. */
char *session_record(Session *s)
{
    const char *seat_names[MAX_SEATS];
    for (int i = 1; i <= s->loop.nseats; i++)
        seat_names[i - 1] = s->loop.seats[i].name;
    char *text = game_record(s->loop.game, seat_names);
    int named = 0;
    for (int i = 1; i <= s->loop.nseats; i++)
        named |= s->names[i][0] != '\0';
    if (!text || !named)
        return text;
    json_t *root = json_loads(text, 0, NULL);
    json_t *names = json_array();
    for (int i = 1; i <= s->loop.nseats; i++)
        json_array_append_new(names, json_string(s->names[i]));
    char *with = root && json_object_set_new(root, "names", names) == 0
                     ? json_dumps(root, JSON_INDENT(1) | JSON_SORT_KEYS)
                     : NULL;
    json_decref(root);
    if (!with)
        return text; /* out of memory: the record without the names */
    free(text);
    return with;
}

/* The names a save holds, given back: "Ann,Bob,,Cy" to session_set_names,
 * which checks them as when typed. 1 when there were none or they fit;
 * 0 with why. */
static int restore_names(Session *s, const char *text, char **err)
{
    json_t *root = json_loads(text, 0, NULL);
    json_t *names = json_object_get(root, "names");
    int ok = 1;
    if (names) {
        char list[(MAX_SEATS + 1) * 26] = "";
        size_t n = 0;
        ok = json_is_array(names) && json_array_size(names) == (size_t)s->loop.nseats;
        for (size_t i = 0; ok && i < json_array_size(names); i++) {
            const char *name = json_string_value(json_array_get(names, i));
            ok = name && strlen(name) <= 24;
            if (ok)
                n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? "," : "", name);
        }
        if (!ok)
            *err = strfmt("\"names\" must list a name (or \"\") for each of the %d seats", s->loop.nseats);
        else
            ok = session_set_names(s, list, err);
    }
    json_decref(root);
    return ok;
}

void session_choose_seed(GameArgs *args)
{
    if (!args->shared.have_seed)
        seed_fresh(args->shared.seed);
    args->shared.have_seed = 1;
}

/* --table's value: what chance is real at the table ("all": whichever of
 * dice and cards the game has). */
static int table_chance_parse(const char *value, GameArgs *args)
{
    int all = !strcmp(value, "all") || !strcmp(value, "dice,cards") || !strcmp(value, "cards,dice");
    int dice = all || !strcmp(value, "dice"), cards = all || !strcmp(value, "cards");
    args->table_dice |= dice;
    args->table_cards |= cards;
    args->table_all |= all;
    return dice || cards;
}


static int take_seats(void *own, SharedArgs *shared, const char *value, char *err, size_t errsize)
{
    (void)shared, (void)err, (void)errsize;
    ((GameArgs *)own)->seats = value;
    return 1;
}

static int take_names_option(void *own, SharedArgs *shared, const char *value, char *err, size_t errsize)
{
    (void)shared, (void)err, (void)errsize;
    ((GameArgs *)own)->names = value;
    return 1;
}

static int take_no_hot_seat(void *own, SharedArgs *shared, const char *value, char *err,
                            size_t errsize)
{
    (void)shared, (void)value, (void)err, (void)errsize;
    ((GameArgs *)own)->no_hot_seat = 1;
    return 1;
}

static int take_table(void *own, SharedArgs *shared, const char *value, char *err, size_t errsize)
{
    (void)shared;
    if (table_chance_parse(value, own))
        return 1;
    snprintf(err, errsize, "--table takes dice (real dice, their values typed as the rules need "
             "them), cards (a real deck, each card named as it is shown) or all (both), not '%s'",
             value);
    return 0;
}

static int take_json(void *own, SharedArgs *shared, const char *value, char *err, size_t errsize)
{
    (void)shared, (void)value, (void)err, (void)errsize;
    ((GameArgs *)own)->json = 1;
    return 1;
}

static int take_hashes(void *own, SharedArgs *shared, const char *value, char *err, size_t errsize)
{
    (void)shared, (void)value, (void)err, (void)errsize;
    ((GameArgs *)own)->hashes = 1;
    return 1;
}

/* The options of play and run (and the REPL's new), beside the shared ones. */
static const CommandOption GAME_OPTIONS[] = {
    {"--seats", "--seats human,random", take_seats},
    {"--names", "--names Ann,Bob,Cy", take_names_option},
    {"--no-hot-seat", NULL, take_no_hot_seat},
    {"--table", "--table dice", take_table},
    {"--json", NULL, take_json},
    {"--hashes", NULL, take_hashes},
    {NULL, NULL, NULL},
};

int session_parse_args(int argc, char **argv, GameArgs *args, char *err, size_t errsize)
{
    return command_options_parse(argc, argv, GAME_OPTIONS, args, &args->shared, &args->game, err,
                                 errsize);
}

/* Sets up the seats from their names: human, random or a bot. */
static int parse_seats(Session *s, const GameArgs *args, const char *list, int *n, char **err, int *usage)
{
    char buf[512];
    *n = 0;
    size_t len = strlen(list);
    if (len >= sizeof buf) {
        *err = strdup("--seats is too long: at most 511 characters");
        return 0;
    }
    if (len && (list[0] == ',' || list[len - 1] == ',' || strstr(list, ",,"))) {
        *err = strfmt("--seats '%s' has an empty entry: name one seat between commas, such as "
                      "human,random,random", list);
        return 0;
    }
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save))
        if (!seat_loop_take_seat(&s->loop, n, w, s->bots_path, args->shared.bot_budget, args->shared.bot_memory,
                                 err, usage))
            return 0;
    if (*n == 0) {
        *err = strdup("--seats needs at least one seat, such as --seats human,random");
        return 0;
    }
    return 1;
}

static int adopt_game(Session *s, Game *g)
{
    seat_loop_adopt(&s->loop, g);
    return 1;
}

static int parse_seats(Session *s, const GameArgs *args, const char *list, int *n, char **err, int *usage);

/* With no --seats: the game's smallest table, one person and bots (play),
 * or all bots (run). */
static int default_seats(Session *s, const GameArgs *args, char **err, int *usage)
{
    char path[4096];
    if (!rules_load_definition(s->L, args->game, s->rules_path)) {
        *usage = !rules_find(args->game, s->rules_path, path, sizeof path);
        *err = strdup(lua_tostring(s->L, -1));
        lua_pop(s->L, 1);
        return 0;
    }
    lua_Integer n = 2;
    if (lua_getfield(s->L, -1, "players") == LUA_TTABLE) {
        lua_getfield(s->L, -1, "min");
        n = luaL_optinteger(s->L, -1, 2);
        lua_pop(s->L, 1);
    }
    lua_pop(s->L, 1);
    /* At the REPL the game's own bot (default_bot) plays the others. */
    char bot[64] = "random";
    if (lua_getfield(s->L, -1, "default_bot") == LUA_TSTRING && args->default_seats_human)
        snprintf(bot, sizeof bot, "%s", lua_tostring(s->L, -1));
    lua_pop(s->L, 2);
    if (n < 1 || n > MAX_SEATS)
        n = 2;
    char list[64 * MAX_SEATS + 16] = "";
    for (int i = 1; i <= n; i++) {
        strcat(list, i > 1 ? "," : "");
        strcat(list, i == 1 && args->default_seats_human ? "human" : bot);
    }
    int k;
    if (!parse_seats(s, args, list, &k, err, usage))
        return 0;
    s->loop.nseats = k;
    return 1;
}

void session_push_sets(lua_State *L, const char *const *sets, int n)
{
    lua_createtable(L, 0, n);
    for (int i = 0; i < n; i++) {
        const char *eq = strchr(sets[i], '=');
        lua_pushlstring(L, sets[i], (size_t)(eq - sets[i]));
        lua_pushstring(L, eq + 1);
        lua_settable(L, -3);
    }
}

/* Whether each person sits where the game lets a person sit (its
 * players.people: the app's "You" is seat 1). 0 and why when not. */
static int people_fit(Session *s, const GameArgs *args, char **err)
{
    int people = 0;
    for (int i = 1; i <= s->loop.nseats; i++)
        people += controller_is_person(&s->loop.seats[i]);
    if (!people) /* a tournament's games, run: nobody to seat */
        return 1;
    int top = lua_gettop(s->L);
    if (!rules_definition(s->L, args->game, s->rules_path)) {
        lua_settop(s->L, top); /* game_new says what is wrong with the game */
        return 1;
    }
    uint32_t may = rules_people(s->L, -1);
    char bot[64] = "random";
    if (lua_getfield(s->L, -1, "default_bot") == LUA_TSTRING)
        snprintf(bot, sizeof bot, "%s", lua_tostring(s->L, -1));
    lua_settop(s->L, top);
    for (int i = 1; i <= s->loop.nseats; i++) {
        if (!controller_is_person(&s->loop.seats[i]) || (may & 1u << i))
            continue;
        int first = 1;
        while (first < MAX_SEATS && !(may & 1u << first))
            first++;
        *err = strfmt("%s: a person plays seat %d, not seat %d (the game is played from there), "
                      "such as --seats %s%s%s", args->game, first, i, first == 1 ? "human," : bot,
                      first == 1 ? bot : ",...", first == 1 ? ",..." : "");
        return 0;
    }
    return 1;
}

/* What a person's name would be mistaken for, or NULL: a word of --seats
 * (human, random) or a bot, bundled or at this table. */
static const char *seat_word(const Session *s, const char *name)
{
    char lower[25], path[4096];
    size_t n = 0;
    for (; name[n] && n < sizeof lower - 1; n++)
        lower[n] = (char)tolower((unsigned char)name[n]);
    lower[n] = '\0';
    if (!strcmp(lower, "human") || !strcmp(lower, "random"))
        return "a word of --seats (human, random)";
    for (int i = 1; i <= s->loop.nseats; i++) {
        /* a bot given by its path reads as its file's name */
        const char *seat = s->loop.seats[i].name, *base = seat ? strrchr(seat, '/') : NULL;
        base = base ? base + 1 : seat;
        size_t len = base ? strlen(base) : 0;
        if (len > 4 && !strcmp(base + len - 4, ".lua"))
            len -= 4;
        if (base && len == n && !strncasecmp(base, name, len))
            return "the name of a bot at this table";
    }
    if (bot_find(lower, s->bots_path, path, sizeof path))
        return "the name of a bot";
    return NULL;
}

/* The people's names, by seat ("Ann,Bob,Cy"): a name is 1 to 24 letters,
 * digits, '-' or '_', not a number (a call out of turn is "2: ..." or
 * "Ann: ..."), and no two alike; an empty one leaves a seat unnamed. On a
 * mistake nothing changes. */
int session_set_names(Session *s, const char *list, char **err)
{
    char names[MAX_SEATS + 1][25] = {{0}};
    char shown[200];
    int seat = 1;
    for (const char *p = list; ; seat++) {
        size_t len = strcspn(p, ",");
        if (seat > s->loop.nseats) {
            *err = strfmt("'%s' gives more names than the game's %d seats",
                          strfmt_shown(list, shown, sizeof shown), s->loop.nseats);
            return 0;
        }
        size_t digits = 0;
        for (size_t i = 0; i < len; i++) {
            if (!isalnum((unsigned char)p[i]) && p[i] != '-' && p[i] != '_')
                len = 99;
            digits += isdigit((unsigned char)p[i]) != 0;
        }
        if (len > 24 || (len && digits == len)) {
            *err = strfmt("'%s': a name is 1 to 24 letters, digits, '-' or '_', and not a number, "
                          "by seat (such as Ann,Bob,Cy; an empty one leaves a seat unnamed)",
                          strfmt_shown(list, shown, sizeof shown));
            return 0;
        }
        memcpy(names[seat], p, len);
        names[seat][len] = '\0';
        const char *taken = len ? seat_word(s, names[seat]) : NULL;
        if (taken) {
            *err = strfmt("'%s' is %s: the seats line and the log would not tell the person from "
                          "it; give the person another name", names[seat], taken);
            return 0;
        }
        for (int other = 1; other < seat && len; other++)
            if (!strcasecmp(names[other], names[seat])) {
                *err = strfmt("seats %d and %d are both named '%s': give each person their own name",
                              other, seat, names[seat]);
                return 0;
            }
        if (!p[len])
            break;
        p += len + 1;
    }
    memcpy(s->names, names, sizeof names);
    return 1;
}

static int take_names(Session *s, const GameArgs *args, char **err)
{
    memset(s->names, 0, sizeof s->names);
    s->no_hot_seat = args->no_hot_seat;
    if (!args->names)
        return 1;
    char *why = NULL;
    if (session_set_names(s, args->names, &why))
        return 1;
    *err = strfmt("--names %s", why);
    free(why);
    return 0;
}

/* Sets up the seats and the game of args in s, which holds no game. */
/* --table dice: every seat a person (a bot cannot look under a real cup),
 * a game played with dice, and the values asked of the table. */
static int use_real_dice(Session *s, const GameArgs *args, Game *g, char **err, int *usage)
{
    *usage = 1;
    for (int i = 1; i <= s->loop.nseats; i++)
        if (!controller_is_person(&s->loop.seats[i])) {
            *err = strfmt("--table dice: seat %d is %s, but at a table with real dice every seat is "
                          "a person (a bot cannot look under the cup): --seats human,human,...",
                          i, s->loop.seats[i].name);
            return 0;
        }
    if (g->t->dice.n == 0 && args->table_all)
        return 1; /* all: the game's cards are real, and it has no dice */
    if (g->t->dice.n == 0) {
        *err = strfmt("--table dice: %s is not played with dice (bamboozled-dice and its variants "
                      "are)", args->game);
        return 0;
    }
    *usage = 0;
    if (game_use_physical_dice(g, NULL, 0, s->type_dice, s->type_dice_ctx) != GAME_OK) {
        *err = strfmt("%s", g->error ? g->error : "the game could not be set up with real dice");
        return 0;
    }
    return 1;
}

/* --table cards: every seat a person (a bot cannot see the real cards it
 * holds), a game played with cards whose rules can be refereed so. */
static int use_real_cards(Session *s, const GameArgs *args, Game *g, char **err, int *usage)
{
    *usage = 1;
    for (int i = 1; i <= s->loop.nseats; i++)
        if (!controller_is_person(&s->loop.seats[i])) {
            *err = strfmt("--table cards: seat %d is %s, but at a table with a real deck every seat "
                          "is a person (a bot cannot see the real cards it holds): --seats "
                          "human,human,...", i, s->loop.seats[i].name);
            return 0;
        }
    if (g->t->deck.n == 0) {
        if (args->table_all)
            return 1; /* all: the game's dice are real, and it has no cards */
        *err = strfmt("--table cards: %s is not played with cards", args->game);
        return 0;
    }
    if (game_use_physical_cards(g) != GAME_OK) {
        *err = strfmt("--table cards: %s", g->error ? g->error : "the game could not be set up "
                      "with a real deck");
        return 0;
    }
    *usage = 0;
    return 1;
}

static int start_fresh(Session *s, const GameArgs *args, char **err, int *usage)
{
    lua_State *L = s->L;
    if (!args->game) {
        *err = strdup("which game? 'games' lists them (such as: new fixture --seats human,random)");
        *usage = 1;
        return 0;
    }
    int n;
    /* A mistake in the seats is the person's, unless a bot or the rules
     * that are there failed to load (the parsers say which). */
    *usage = 1;
    if (args->seats ? !parse_seats(s, args, args->seats, &n, err, usage)
                    : !default_seats(s, args, err, usage))
        return 0;
    if (args->seats)
        s->loop.nseats = n;
    if (!people_fit(s, args, err) || !take_names(s, args, err))
        return 0;
    *usage = 0; /* from here on, what fails is the rules' (but see game_choice_problem) */
    session_push_sets(L, args->shared.sets, args->shared.nsets);
    char fresh[SEED_MAX + 1];
    const char *seed = args->shared.seed;
    if (!args->shared.have_seed) {
        seed_fresh(fresh);
        seed = fresh;
    }
    int keep = s->loop.nseats;
    if (s->loop.stuck && s->loop.stuck->rules_at == STUCK_IN_SETUP) {
        *err = strfmt("the rules ran in C past their limit (over %d seconds of CPU time) setting "
                      "up the game, where nothing could stop them, and were stopped",
                      RULES_CPU_SECONDS + STUCK_SECONDS);
        return 0;
    }
    if (s->loop.note) {
        s->loop.note->seat = 0;
        s->loop.note->move = STUCK_IN_SETUP;
    }
    Game *g = game_new(L, args->game, s->rules_path, s->loop.nseats, seed, -1, 0, err);
    if (!g) {
        /* Looked into only now, as it costs a game's checks again: whether
         * the person's choice was wrong, or the rules failed. */
        char *problem = game_choice_problem(L, args->game, s->rules_path, s->loop.nseats, -1);
        *usage = problem != NULL;
        free(problem);
    }
    lua_remove(L, g ? -2 : -1);
    if (!g)
        return 0;
    s->loop.nseats = keep;
    for (int i = 1; i <= s->loop.nseats; i++)
        if (controller_is_person(&s->loop.seats[i]))
            g->people |= 1u << i;
    if ((args->table_cards && !use_real_cards(s, args, g, err, usage)) ||
        (args->table_dice && !use_real_dice(s, args, g, err, usage))) {
        lua_pop(L, 1);
        return 0;
    }
    s->loop.forfeit = args->shared.forfeit;
    s->loop.forfeited = 0;
    s->loop.max_moves = args->shared.max_moves ? args->shared.max_moves : SEAT_LOOP_MAX_MOVES;
    s->loop.stopped = 0;
    s->loop.game_memory = args->shared.game_memory;
    return adopt_game(s, g);
}

int session_start(Session *s, const GameArgs *args, char **err)
{
    /* The game in progress is put aside, not dropped, until the new one has
     * started: a mistyped 'new' must leave it as it was. */
    Session before = *s;
    s->loop.game = NULL;
    s->loop.game_ref = LUA_NOREF;
    s->loop.memory = NULL; /* the game in progress keeps its count */
    s->loop.nseats = 0;
    s->log_shown = 0;
    s->loop.forfeited = 0;
    for (int i = 0; i <= MAX_SEATS; i++) {
        memset(&s->loop.seats[i], 0, sizeof s->loop.seats[i]); /* before's own */
        s->loop.faults[i] = 0;
    }
    *err = NULL;
    int usage = 0;
    if (!start_fresh(s, args, err, &usage)) {
        drop_game(s);
        *s = before;
        s->usage_error = usage;
        return 0;
    }
    s->usage_error = 0;
    drop_game(&before);
    return 1;
}

/* Appends a line to *notes (malloc'd, or NULL for none yet). */
static void add_note(char **notes, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add_note(char **notes, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *line = vstrfmt(fmt, ap);
    va_end(ap);
    if (!line)
        return;
    char *joined = *notes ? strfmt("%s\n%s", *notes, line) : line;
    if (*notes) {
        free(line);
        free(*notes);
    }
    *notes = joined;
}

/* The most a save may be: a move takes about 40 bytes of it, so a game of
 * a million moves saves in about 40 MB. */
#define SAVE_MAX_BYTES ((size_t)256 << 20)
#define SAVE_MAX_TEXT "256 MB"

int session_load(Session *s, const char *path, char **err, char **notes)
{
    if (notes)
        *notes = NULL;
    /* Opened without waiting: a FIFO with nobody writing would block the
     * open for ever. A device (/dev/zero) or a pipe could be read for ever:
     * only a regular file is read, and it is refused as soon as it shows
     * itself binary (a NUL) or too long. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *err = strfmt("cannot open '%s': %s", path, strerror(errno));
        return 0;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        *err = strfmt("not a saved game: '%s' is %s, not a regular file", path,
                      S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device"
                      : S_ISFIFO(st.st_mode)                     ? "a pipe"
                      : S_ISDIR(st.st_mode)                      ? "a folder"
                                                                 : "a special file");
        return 0;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        *err = strdup("out of memory");
        return 0;
    }
    char *text = NULL;
    size_t size = 0, cap = 0, got;
    char chunk[8192];
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (memchr(chunk, 0, got) || size + got > SAVE_MAX_BYTES) {
            free(text);
            fclose(f);
            *err = strdup(size + got > SAVE_MAX_BYTES
                              ? "not a saved game: over " SAVE_MAX_TEXT ", far more than any save holds"
                              : "not a saved game: the file is empty or binary");
            return 0;
        }
        if (size + got + 1 > cap) {
            cap = (size + got + 1) * 2;
            char *bigger = realloc(text, cap);
            if (!bigger) {
                free(text);
                fclose(f);
                *err = strdup("out of memory");
                return 0;
            }
            text = bigger;
        }
        memcpy(text + size, chunk, got);
        size += got;
    }
    fclose(f);
    if (!text || size == 0) { /* (a NUL was refused as it was read) */
        free(text);
        *err = strdup("not a saved game: the file is empty or binary");
        return 0;
    }
    text[size] = '\0';
    int ok = session_load_text(s, text, err, notes);
    free(text);
    return ok;
}

int session_load_text(Session *s, const char *text, char **err, char **notes)
{
    if (notes)
        *notes = NULL;
    char **names;
    Game *g = game_from_record(s->L, text, s->rules_path, &names, err);
    if (!g)
        return 0;
    drop_game(s);
    s->loop.nseats = g->nseats;
    /* The saved seats again; a bot that cannot be opened is played by a
     * person, and the notes say so. */
    for (int i = 1; i <= s->loop.nseats; i++) {
        char *why = NULL;
        int usage;
        if (!controller_open(&s->loop.seats[i], names[i - 1], s->bots_path, NULL, 0, 0, &why,
                             &usage)) {
            if (notes)
                add_note(notes, "seat %d was the bot '%s', which cannot be opened here (%s): a "
                                "person plays it", i, names[i - 1], why ? why : "?");
            free(why);
            why = NULL; /* as it is played now, for a save: */
            controller_open(&s->loop.seats[i], "human", s->bots_path, NULL, 0, 0, &why, &usage);
        }
        free(why);
        free(names[i - 1]);
    }
    free(names);
    if (g->physical_dice) { /* the dice typed so far came with the save; the next are asked */
        g->type_dice = s->type_dice;
        g->type_dice_ctx = s->type_dice_ctx;
    }
    memset(s->names, 0, sizeof s->names);
    char *why = NULL;
    if (!restore_names(s, text, &why) && notes)
        add_note(notes, "the saved names were not taken (%s): 'names' gives them again", why ? why : "?");
    free(why);
    adopt_game(s, g);
    s->log_shown = g->t->log.n;
    return 1;
}

/* The process's umask (reading it means setting it), which a save's mode
 * honours as a file made by open would. */
static mode_t current_umask(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return mask;
}

/* Whether path may be written by save: it does not exist yet, or it is a
 * saved game (one begins with its format within its first lines). A typo
 * such as `save rules/bam.lua` must not destroy a file. -1 when it cannot
 * be looked at (errno says why: a folder on the way that is not one, no
 * permission), which is no claim that it exists. */
static int may_overwrite(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return errno == ENOENT ? 1 : -1;
    char head[256];
    size_t n = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[n] = '\0';
    return n == 0 || strstr(head, "\"format\": \"referee-game/") != NULL;
}

int session_save(Session *s, const char *path, char **err)
{
    if (!s->loop.game) {
        *err = strdup("no game to save: start one with 'new'");
        return 0;
    }
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        *err = strfmt("'%s' is a folder: save needs a file name (such as save game.json)", path);
        return 0;
    }
    /* A device or a pipe is never replaced by a file (as root, save
     * /dev/null would clobber it) nor opened to look (a FIFO blocks). */
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        *err = strfmt("'%s' is not a regular file (a device, a pipe or a socket): save needs a "
                      "file name (such as save game.json)", path);
        return 0;
    }
    int may = may_overwrite(path);
    if (may < 0) {
        *err = strfmt("cannot save to '%s': %s (nothing was written; save needs a file name in a "
                      "folder you may write, such as save game.json)", path, strerror(errno));
        return 0;
    }
    if (!may) {
        *err = strfmt("'%s' exists and is not a saved game: it is left as it is (save to a new "
                      "file, or remove it first)", path);
        return 0;
    }
    char *text = session_record(s);
    /* Written to a new file of its own beside the save, then renamed over
     * it: a name made fresh (mkstemp), so no stale file or FIFO of that
     * name is opened. */
    size_t len = strlen(path) + 16;
    char *tmp = malloc(len);
    snprintf(tmp, len, "%s.XXXXXX", path);
    int fd = mkstemp(tmp);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (fd >= 0 && !f)
        close(fd);
    /* Readable by its owner alone: the seed in it deals every hand ahead. */
    if (f)
        fchmod(fd, 0600 & ~current_umask());
    int ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    ok = f && fflush(f) == 0 && fsync(fileno(f)) == 0 && ok;
    if (f && fclose(f) != 0)
        ok = 0;
    if (ok && rename(tmp, path) != 0)
        ok = 0;
    if (!ok) {
        size_t n = strlen(path) + 200;
        *err = malloc(n);
        snprintf(*err, n, "cannot save to '%s': %s (nothing was written)", path, strerror(errno));
        remove(tmp);
    }
    free(tmp);
    free(text);
    return ok;
}

void session_keep_rescue(Session *s)
{
    Rescue *r = s->rescue;
    if (!r || !s->loop.game || (r->len && r->game == s->loop.game && r->moves == s->loop.game->nmoves))
        return;
    char *text = session_record(s);
    size_t len = text ? strlen(text) : 0;
    r->len = 0; /* not whole while it is written */
    if (len && len < r->cap) {
        memcpy(r->text, text, len + 1);
        r->moves = s->loop.game->nmoves;
        r->game = s->loop.game;
        if (s->loop.stuck)
            r->stuck = *s->loop.stuck;
        else
            stuck_none(&r->stuck);
        r->len = len;
    }
    free(text);
}

/* Undo takes back seat's own last move (and the bots' replies after it),
 * never another person's, and never once the seat has seen something
 * that was hidden since: undoing a draw, or an accept that showed the
 * dice, and choosing again would be choosing knowing it. What the move
 * dealt the seat but the screen has not shown (a card drawn as the
 * keyboard passes) teaches nothing: the same card comes again. */
GameStatus session_undo(Session *s, int seat, int shown)
{
    Game *g = s->loop.game;
    int n = g->nmoves;
    while (n > 0 && g->moves[n - 1].seat != seat)
        n--;
    if (n == 0) {
        game_set_error(g, "nothing to undo: seat %d has made no move yet", seat);
        return GAME_ILLEGAL;
    }
    n--;
    n = game_group_start(g, n); /* never split a claim window: undo its whole group */
    for (int i = n; i < g->nmoves; i++)
        if (controller_is_person(&s->loop.seats[g->moves[i].seat]) && g->moves[i].seat != seat) {
            game_set_error(g, "seat %d has moved since: undo takes back only your own last move, "
                              "before anyone else has moved", g->moves[i].seat);
            return GAME_ILLEGAL;
        }
    int learned = shown ? table_learned_since(g->t, g->moves[n].log_at, seat) : -1;
    if (learned >= 0) {
        /* What was learned, as the log showed it to the seat: the first
         * line of the log from there ("5S/8D: stock -> seat 3's hand"). */
        char line[300] = "";
        char *text = NULL;
        size_t size = 0;
        FILE *out = open_memstream(&text, &size);
        if (out) {
            render_log(out, g->t, learned, seat);
            fclose(out);
        }
        if (text) {
            const char *first = text + strspn(text, " ");
            snprintf(line, sizeof line, "%.*s", (int)strcspn(first, "\n"), first);
        }
        free(text);
        if (!line[0])
            snprintf(line, sizeof line, "a hidden card or die");
        game_set_error(g, "you have seen what was hidden since that move (%s): undoing it would "
                          "let you choose again knowing it", line);
        return GAME_ILLEGAL;
    }
    GameStatus st = game_rebuild(g, n);
    s->log_shown = g->t->log.n;
    return st;
}

/* Where the last deal began in the log: a run of card moves out of one
 * zone into two or more seats' own zones; -1 when there is none. */
static int last_deal(const Table *t)
{
    for (int end = t->log.n; end > 0; end--) {
        const LogEntry *e = &t->log.e[end - 1];
        if (e->kind != LOG_MOVE || !t->zones.z[e->c].owner)
            continue;
        int start = end - 1, from = e->b, first_to = e->c, several = 0;
        while (start > 0 && t->log.e[start - 1].kind == LOG_MOVE && t->log.e[start - 1].b == from &&
               t->zones.z[t->log.e[start - 1].c].owner) {
            start--;
            several |= t->log.e[start].c != first_to;
        }
        if (several)
            return start;
        end = start + 1;
    }
    return -1;
}

GameStatus session_redeal(Session *s, int *taken)
{
    Game *g = s->loop.game;
    *taken = 0;
    if (!g->t->zones.physical) {
        game_set_error(g, "redeal is for a real deck (--table cards): the referee's own deals are "
                          "never misdealt ('undo' takes back a move)");
        return GAME_ILLEGAL;
    }
    int deal = last_deal(g->t);
    if (deal < 0) {
        game_set_error(g, "there has been no deal to do again");
        return GAME_ILLEGAL;
    }
    /* The move that dealt, kept: the game goes on from just after it. */
    int keep = 0;
    while (keep < g->nmoves && g->moves[keep].log_at <= deal)
        keep++;
    *taken = g->nmoves - keep;
    GameStatus st = game_rebuild(g, keep);
    s->log_shown = g->t->log.n;
    return st;
}
