#define _DEFAULT_SOURCE /* strndup, open_memstream */
#include "course.h"

#include <errno.h>
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../../core/guards/watchdog.h"
#include "../../core/kernel/strfmt.h"
#include "../../core/lua/lua_json.h"
#include "../../core/referee/game.h"
#include "../../core/referee/rules_loader.h"

/* Adds a point: the standing now, or nothing when the rules define none
 * (0). -1 when the rules fail in standing() or out of memory: the error
 * is then g's. */
static int take_point(lua_State *L, Game *g, Course *c, int step)
{
    if (game_push_standing(g) != GAME_OK) {
        lua_pop(L, 1);
        return -1;
    }
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    if (c->npoints == c->cap) {
        int cap = c->cap ? 2 * c->cap : 256;
        double *s = realloc(c->step, sizeof(double) * (size_t)cap);
        if (s)
            c->step = s;
        double *v = s ? realloc(c->value, sizeof(double) * (size_t)cap * (size_t)c->nseats) : NULL;
        if (!v) {
            lua_pop(L, 1);
            game_set_error(g, "out of memory");
            return -1;
        }
        c->value = v;
        c->cap = cap;
    }
    for (int s = 0; s < c->nseats; s++) {
        lua_rawgeti(L, -1, s + 1);
        c->value[(size_t)c->npoints * (size_t)c->nseats + (size_t)s] = lua_tonumber(L, -1);
        lua_pop(L, 1);
    }
    c->step[c->npoints++] = step;
    lua_pop(L, 1);
    return 1;
}

/* The rules to run for the game a record names: a rules file the person
 * named (--rules) whose name it bears, or the game of that name in the
 * rules folders; NULL with why when the record gives a path. */
static const char *rules_for(const CourseRules *rules, const char *game, const char *named,
                             char **err)
{
    for (int i = 0; i < rules->nfiles; i++) {
        const char *file = rules->files[i], *base = strrchr(file, '/');
        base = base ? base + 1 : file;
        size_t len = strlen(base);
        if (len > 4 && !strcmp(base + len - 4, ".lua") && strlen(game) == len - 4 &&
            !strncmp(base, game, len - 4))
            return file;
    }
    if (rules_is_path(game)) {
        char shown[120];
        *err = strfmt("%s names its game by a path, '%s': a report runs rules only by a game's "
                      "name, or a rules file named on its command line (--rules FILE.lua)",
                      named, strfmt_shown(game, shown, sizeof shown));
        return NULL;
    }
    return game;
}

/* A point of the course, or why the record ends here (in *err). */
static int point_or_fail(lua_State *L, Game *g, Course *c, int step, const char *named, long at,
                         char **err)
{
    if (take_point(L, g, c, step) >= 0)
        return 1;
    *err = strfmt("%s:%ld: the standing %s could not be read: %s", named, at,
                  step ? "after this decision" : "at the start", g->error ? g->error : "?");
    return 0;
}

/* Starts the game the record's first line j (of type) starts, as c's: its
 * game, seed, seats and options, and the first point of its course. NULL
 * with why in *err. */
static Game *start_course(lua_State *L, const CourseRules *rules, json_t *j, const char *type,
                          const char *named, Course *c, char **err)
{
    json_t *seats = json_object_get(j, "seats"), *options = json_object_get(j, "options");
    const char *game = json_string_value(json_object_get(j, "game"));
    const char *seed = json_string_value(json_object_get(j, "seed"));
    if (strcmp(type, "start") != 0 || !game || !seed || !json_is_array(seats) ||
        json_array_size(seats) < 1 || json_array_size(seats) > MAX_SEATS) {
        *err = strfmt("%s does not begin as a game record does (run --json: a \"start\" line with "
                      "the game, seed, seats and options)", named);
        return NULL;
    }
    const char *run = rules_for(rules, game, named, err);
    if (!run)
        return NULL;
    snprintf(c->game, sizeof c->game, "%s", game);
    snprintf(c->seed, sizeof c->seed, "%s", seed);
    c->nseats = (int)json_array_size(seats);
    for (int s = 0; s < c->nseats; s++) {
        const char *seat = json_string_value(json_array_get(seats, (size_t)s));
        c->seats[s] = strdup(seat ? seat : "?");
    }
    char *opts = json_dumps(options ? options : json_object(), JSON_COMPACT);
    char why[200];
    int have_opts = opts && ljson_decode(L, opts, why, sizeof why);
    free(opts);
    if (!have_opts)
        lua_pushnil(L);
    Game *g = game_new(L, run, rules->rules_path, c->nseats, seed, have_opts ? -1 : 0, 0, err);
    if (!g && *err && !strncmp(*err, "no game ", 8)) {
        char *more = strfmt("%s; a rules file elsewhere is named with --rules FILE.lua", *err);
        free(*err);
        *err = more;
    }
    return g && point_or_fail(L, g, c, 0, named, 1, err) ? g : NULL;
}

/* Plays the record line j (of type) on g: a window's answers, or a move
 * (the decisions after a window line are its answers, played with it).
 * Returns 1 when it played something, 0 for a line that plays nothing. */
static int play_line(Game *g, json_t *j, const char *type, int *in_window, GameStatus *st)
{
    if (!strcmp(type, "window")) {
        json_t *answers = json_object_get(j, "answers");
        int seats[MAX_SEATS], n = 0;
        const char *moves[MAX_SEATS];
        for (size_t i = 0; i < json_array_size(answers) && n < MAX_SEATS; i++, n++) {
            json_t *a = json_array_get(answers, i);
            seats[n] = (int)json_integer_value(json_object_get(a, "seat"));
            const char *move = json_string_value(json_object_get(a, "move"));
            moves[n] = move ? move : "";
        }
        *st = game_window(g, n, seats, moves);
        *in_window = 1;
        return 1;
    }
    if (!strcmp(type, "decision") && !*in_window) {
        const char *move = json_string_value(json_object_get(j, "move"));
        *st = game_play(g, (int)json_integer_value(json_object_get(j, "seat")), move ? move : "");
        return 1;
    }
    return 0;
}

/* The winners a record's result line j names, into c. */
static void take_winners(Course *c, json_t *j)
{
    json_t *winners = json_object_get(j, "winners"), *w;
    size_t i;
    json_array_foreach(winners, i, w) {
        json_int_t s = json_integer_value(w);
        if (s >= 1 && s <= c->nseats)
            c->winners |= 1u << s;
    }
}

int course_read(lua_State *L, const CourseRules *rules, FILE *f, const char *named, Course *c,
                char **err)
{
    memset(c, 0, sizeof *c);
    *err = NULL;
    int top = lua_gettop(L);
    Game *g = NULL;
    char *line = NULL;
    size_t size = 0;
    long at = 0;
    int in_window = 0, step = 0;
    while (getline(&line, &size, f) > 0) {
        at++;
        json_t *j = json_loads(line, 0, NULL);
        const char *type = json_string_value(json_object_get(j, "type"));
        if (!type) {
            *err = strfmt("%s:%ld is not a line of a game record (run --json)", named, at);
            json_decref(j);
            break;
        }
        if (!g) {
            g = start_course(L, rules, j, type, named, c, err);
            json_decref(j);
            if (!g)
                break;
            continue;
        }
        if (!strcmp(type, "result"))
            take_winners(c, j);
        GameStatus st = GAME_OK;
        int asked = !strcmp(type, "ask"), played = 0;
        if (asked)
            in_window = 0;
        else
            played = play_line(g, j, type, &in_window, &st);
        json_decref(j); /* type was j's: not read after this */
        if (!played)
            continue;
        step++;
        if (st != GAME_OK && st != GAME_OVER) {
            *err = strfmt("%s:%ld does not replay (were the rules changed since?): %s", named, at,
                          g->error ? g->error : "?");
            break;
        }
        if (!point_or_fail(L, g, c, step, named, at, err))
            break;
    }
    free(line);
    lua_settop(L, top);
    if (!*err && !g)
        *err = strfmt("%s holds no game record (run --json)", named);
    if (!*err && c->npoints == 0)
        *err = strfmt("%s: the rules of %s give no standing(t) to follow the game by", named, c->game);
    if (*err) {
        course_free(c);
        return 0;
    }
    return 1;
}

void course_free(Course *c)
{
    for (int s = 0; s < MAX_SEATS; s++)
        free(c->seats[s]);
    free(c->step);
    free(c->value);
    free(c->failed);
    memset(c, 0, sizeof *c);
}

/* ---- in a child process ---- */

/* The child's course on the pipe: a byte (1: read, 0: failed), then the
 * reason, or the course's fields; texts as their length and bytes. */
static int put(FILE *to, const void *p, size_t n)
{
    return fwrite(p, 1, n, to) == n;
}

static int put_text(FILE *to, const char *s)
{
    uint32_t n = (uint32_t)strlen(s);
    return put(to, &n, sizeof n) && put(to, s, n);
}

static void send_course(FILE *to, int charted, const Course *c, const char *why)
{
    char ok = (char)charted;
    put(to, &ok, 1);
    if (!charted) {
        put_text(to, why ? why : "?");
        return;
    }
    put_text(to, c->game);
    put_text(to, c->seed);
    put(to, &c->nseats, sizeof c->nseats);
    for (int s = 0; s < c->nseats; s++)
        put_text(to, c->seats[s] ? c->seats[s] : "?");
    put(to, &c->winners, sizeof c->winners);
    put(to, &c->npoints, sizeof c->npoints);
    put(to, c->step, sizeof(double) * (size_t)c->npoints);
    put(to, c->value, sizeof(double) * (size_t)c->npoints * (size_t)c->nseats);
}

typedef struct Bytes {
    const char *p;
    size_t left;
} Bytes;

static int take(Bytes *b, void *out, size_t n)
{
    if (b->left < n)
        return 0;
    memcpy(out, b->p, n);
    b->p += n;
    b->left -= n;
    return 1;
}

/* A text of the pipe, malloc'd; NULL when cut short. */
static char *take_text(Bytes *b)
{
    uint32_t n;
    if (!take(b, &n, sizeof n) || b->left < n)
        return NULL;
    char *s = strndup(b->p, n);
    b->p += n;
    b->left -= n;
    return s;
}

static int receive_course(Bytes *b, Course *c, char **err)
{
    char ok;
    if (!take(b, &ok, 1))
        return 0;
    if (!ok) {
        *err = take_text(b);
        return 0;
    }
    char *game = take_text(b), *seed = take_text(b);
    int fine = game && seed && take(b, &c->nseats, sizeof c->nseats) && c->nseats >= 1 &&
               c->nseats <= MAX_SEATS;
    if (fine) {
        snprintf(c->game, sizeof c->game, "%s", game);
        snprintf(c->seed, sizeof c->seed, "%s", seed);
    }
    free(game);
    free(seed);
    for (int s = 0; fine && s < c->nseats; s++)
        fine = (c->seats[s] = take_text(b)) != NULL;
    fine = fine && take(b, &c->winners, sizeof c->winners) &&
           take(b, &c->npoints, sizeof c->npoints) && c->npoints >= 0;
    if (fine) {
        size_t points = (size_t)c->npoints, values = points * (size_t)c->nseats;
        c->step = malloc(sizeof(double) * (points + 1));
        c->value = malloc(sizeof(double) * (values + 1));
        c->cap = c->npoints;
        fine = c->step && c->value && take(b, c->step, sizeof(double) * points) &&
               take(b, c->value, sizeof(double) * values);
    }
    return fine;
}

static void stuck_exit(void)
{
    _exit(WATCHDOG_STUCK_EXIT);
}

int course_read_supervised(lua_State *L, const CourseRules *rules, const char *path, Course *c,
                           char **err)
{
    memset(c, 0, sizeof *c);
    *err = NULL;
    FILE *f = fopen(path, "r");
    if (!f) {
        *err = strfmt("cannot read %s: %s", path, strerror(errno));
        return 0;
    }
    int fds[2];
    fflush(NULL);
    pid_t pid = pipe(fds) == 0 ? fork() : -1;
    if (pid < 0) { /* unsupervised rather than not at all */
        int charted = course_read(L, rules, f, path, c, err);
        fclose(f);
        return charted;
    }
    if (pid == 0) {
        close(fds[0]);
        watchdog_on_stuck(stuck_exit);
        FILE *to = fdopen(fds[1], "w");
        char *why = NULL;
        int charted = to ? course_read(L, rules, f, path, c, &why) : 0;
        if (to) {
            send_course(to, charted, c, why);
            fclose(to);
        }
        _exit(0);
    }
    fclose(f);
    close(fds[1]);
    char *got = NULL;
    size_t len = 0;
    FILE *all = open_memstream(&got, &len);
    char buf[65536];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 || !all || fwrite(buf, 1, (size_t)n, all) != (size_t)n)
            break;
    }
    close(fds[0]);
    if (all)
        fclose(all);
    int how = 0;
    while (waitpid(pid, &how, 0) < 0 && errno == EINTR)
        ;
    Bytes b = {got, got ? len : 0};
    int charted = receive_course(&b, c, err);
    free(got);
    if (!charted && !*err) {
        int code = WIFEXITED(how) ? WEXITSTATUS(how) : -1;
        *err = code == WATCHDOG_STUCK_EXIT
                   ? strfmt("%s: the rules ran in C past their limit replaying it, where nothing "
                            "could stop them, and were stopped", path)
               : WIFSIGNALED(how)
                   ? strfmt("%s: replaying it ended on signal %d", path, WTERMSIG(how))
                   : strfmt("%s: replaying it ended without a course (exit %d)", path, code);
    }
    if (!charted)
        course_free(c);
    return charted;
}
