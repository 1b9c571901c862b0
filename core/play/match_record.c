/* match_record: a match's record, kept and taken up again: the people's
 * names with it, saves written whole (a new file, fsync, rename) and
 * loads checked by replaying, the save kept after every answer, and the
 * copy a supervisor keeps for a restart. */
#include "match.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "../kernel/strfmt.h"

char *match_record(Match *m)
{
    const char *seat_names[MAX_SEATS];
    for (int i = 1; i <= m->loop.nseats; i++)
        seat_names[i - 1] = m->loop.seats[i].name;
    char *text = game_record(m->loop.game, seat_names);
    int named = 0;
    for (int i = 1; i <= m->loop.nseats; i++)
        named |= m->names[i][0] != '\0';
    if (!text || !named)
        return text;
    json_t *root = json_loads(text, 0, NULL);
    json_t *names = json_array();
    for (int i = 1; i <= m->loop.nseats; i++)
        json_array_append_new(names, json_string(m->names[i]));
    char *with = root && json_object_set_new(root, "names", names) == 0
                     ? json_dumps(root, JSON_INDENT(1) | JSON_SORT_KEYS)
                     : NULL;
    json_decref(root);
    if (!with)
        return text; /* out of memory: the record without the names */
    free(text);
    return with;
}

/* The names a save holds, given back: "Ann,Bob,,Cy" to match_set_names,
 * which checks them as when typed. 1 when there were none or they fit;
 * 0 with why. */
static int restore_names(Match *m, const char *text, char **err)
{
    json_t *root = json_loads(text, 0, NULL);
    json_t *names = json_object_get(root, "names");
    int ok = 1;
    if (names) {
        char list[(MAX_SEATS + 1) * 26] = "";
        size_t n = 0;
        ok = json_is_array(names) && json_array_size(names) == (size_t)m->loop.nseats;
        for (size_t i = 0; ok && i < json_array_size(names); i++) {
            const char *name = json_string_value(json_array_get(names, i));
            ok = name && strlen(name) <= 24;
            if (ok)
                n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? "," : "", name);
        }
        if (!ok)
            *err = strfmt("\"names\" must list a name (or \"\") for each of the %d seats", m->loop.nseats);
        else
            ok = match_set_names(m, list, err);
    }
    json_decref(root);
    return ok;
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

int match_load(Match *m, const char *path, char **err, char **notes)
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
    int ok = match_load_text(m, text, err, notes);
    free(text);
    return ok;
}

int match_load_text(Match *m, const char *text, char **err, char **notes)
{
    if (notes)
        *notes = NULL;
    char **names;
    Game *g = game_from_record(m->L, text, m->rules_path, &names, err);
    if (!g)
        return 0;
    match_drop_game(m);
    m->loop.nseats = g->nseats;
    /* The saved seats again; a bot that cannot be opened is played by a
     * person, and the notes say so. */
    for (int i = 1; i <= m->loop.nseats; i++) {
        char *why = NULL;
        int usage;
        if (!controller_open(&m->loop.seats[i], names[i - 1], m->bots_path, NULL, 0, 0, &why,
                             &usage)) {
            if (notes)
                add_note(notes, "seat %d was the bot '%s', which cannot be opened here (%s): a "
                                "person plays it", i, names[i - 1], why ? why : "?");
            free(why);
            why = NULL; /* as it is played now, for a save: */
            controller_open(&m->loop.seats[i], "human", m->bots_path, NULL, 0, 0, &why, &usage);
        }
        free(why);
        free(names[i - 1]);
    }
    free(names);
    if (g->physical_dice) { /* the dice typed so far came with the save; the next are asked */
        g->type_dice = m->type_dice;
        g->type_dice_ctx = m->type_dice_ctx;
    }
    memset(m->names, 0, sizeof m->names);
    char *why = NULL;
    if (!restore_names(m, text, &why) && notes)
        add_note(notes, "the saved names were not taken (%s): 'names' gives them again", why ? why : "?");
    free(why);
    seat_loop_adopt(&m->loop, g);
    m->log_shown = g->t->log.n;
    m->saved_moves = g->nmoves;
    match_clear_window(m);
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

/* Writes text to path, checked first: a typo must destroy nothing. */
static int save_text(const char *path, const char *text, char **err)
{
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
    return ok;
}

int match_save(Match *m, const char *path, char **err)
{
    if (!m->loop.game) {
        *err = strdup("no game to save: start one with 'new'");
        return 0;
    }
    char *text = match_record(m);
    if (!text) {
        *err = strdup("out of memory: nothing was saved");
        return 0;
    }
    int ok = save_text(path, text, err);
    free(text);
    if (ok)
        m->saved_moves = m->loop.game->nmoves;
    return ok;
}

/* What the record holds, as a number: the game, its moves (seat, window,
 * text), the dice typed at the table and the people's names. The same
 * number, the same record: a save is not made again to find it unchanged. */
static uint64_t record_fingerprint(const Match *m)
{
    const Game *g = m->loop.game;
    uint64_t h = 1469598103934665603ULL;
#define MIX(byte) (h = (h ^ (uint8_t)(byte)) * 1099511628211ULL)
    for (const char *c = g->seed; *c; c++)
        MIX(*c);
    for (size_t i = 0; i < sizeof g; i++)
        MIX(((const unsigned char *)&g)[i]);
    for (int i = 0; i < g->nmoves; i++) {
        MIX(g->moves[i].seat);
        MIX(g->moves[i].group);
        MIX(g->moves[i].group >> 8);
        for (const char *c = game_move_text(g, i); *c; c++)
            MIX(*c);
        MIX(0);
    }
    for (int i = 0; i < g->ntyped; i++)
        MIX(g->typed[i]);
    MIX(g->ntyped);
    for (int s = 1; s <= m->loop.nseats; s++) {
        for (const char *c = m->names[s]; *c; c++)
            MIX(*c);
        MIX(0);
    }
#undef MIX
    return h;
}

/* Keeps text, the record as it stands, for a restart. */
static void keep_rescue_text(Match *m, const char *text)
{
    Rescue *r = m->rescue;
    size_t len = text ? strlen(text) : 0;
    r->len = 0; /* not whole while it is written */
    if (len && len < r->cap) {
        memcpy(r->text, text, len + 1);
        r->moves = m->loop.game->nmoves;
        r->game = m->loop.game;
        if (m->loop.stuck)
            r->stuck = *m->loop.stuck;
        else
            stuck_none(&r->stuck);
        r->len = len;
    }
}

int match_keep_save(Match *m, char **err)
{
    if (!m->save_path || !m->loop.game)
        return 1;
    uint64_t fingerprint = record_fingerprint(m);
    if (m->saved_record && fingerprint == m->saved_fingerprint)
        return 1;
    char *record = match_record(m);
    if (!record) {
        *err = strdup("out of memory: nothing was saved");
        return 0;
    }
    if (!save_text(m->save_path, record, err)) {
        free(record);
        return 0;
    }
    if (m->rescue) { /* the same record serves a restart: made once */
        keep_rescue_text(m, record);
        m->rescued_fingerprint = fingerprint;
    }
    free(m->saved_record);
    m->saved_record = record;
    m->saved_fingerprint = fingerprint;
    m->saved_moves = m->loop.game->nmoves;
    return MATCH_SAVE_WRITTEN;
}

void match_keep_rescue(Match *m)
{
    Rescue *r = m->rescue;
    if (!r || !m->loop.game)
        return;
    uint64_t fingerprint = record_fingerprint(m);
    if (r->len && r->game == m->loop.game && fingerprint == m->rescued_fingerprint)
        return;
    char *text = match_record(m);
    keep_rescue_text(m, text);
    m->rescued_fingerprint = fingerprint;
    free(text);
}
