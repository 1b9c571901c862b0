#include "serve.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <jansson.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "../render.h"
#include "../repl.h"
#include "../supervise.h"
#include "../../core/kernel/strfmt.h"
#include "page_server.h"
#include "page_state.h"
#include "qr_text.h"

typedef struct Served {
    const char *rules, *bots;
    lua_State *L;
    GameArgs args;
    char host[64];      /* the address listened on */
    int port;
    const char *save;   /* kept after every move */
    char *resume_text;  /* --resume: the save to take up, or NULL */
    PageTokens tokens;
    PageServer *server;
    int announced;      /* the links were printed */
    char *saved_record; /* the record the save holds, or NULL */
} Served;

/* ---- links ---- */

/* The address people type: the listened one, or for 0.0.0.0 this
 * machine's address on the local network. */
static void address_for_links(const Served *sv, char *out, size_t size)
{
    snprintf(out, size, "%s", sv->host);
    if (strcmp(sv->host, "0.0.0.0") != 0)
        return;
    struct ifaddrs *all, *a;
    if (getifaddrs(&all) != 0)
        return;
    for (a = all; a; a = a->ifa_next)
        if (a->ifa_addr && a->ifa_addr->sa_family == AF_INET) {
            struct in_addr in = ((struct sockaddr_in *)a->ifa_addr)->sin_addr;
            if ((ntohl(in.s_addr) >> 24) != 127) {
                inet_ntop(AF_INET, &in, out, (socklen_t)size);
                break;
            }
        }
    freeifaddrs(all);
}

static char *links_path(const char *save)
{
    return strfmt("%s.links", save);
}

/* Writes text to path whole or not at all (a new file beside it, then
 * renamed over it), readable by its owner alone: a full disk leaves the
 * file as it was, never empty. 1 when written. */
static int write_whole(const char *path, const char *text)
{
    size_t len = strlen(path) + 16;
    char *tmp = malloc(len);
    if (!tmp)
        return 0;
    snprintf(tmp, len, "%s.XXXXXX", path);
    int fd = mkstemp(tmp); /* 0600 */
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (fd >= 0 && !f)
        close(fd);
    int ok = f && fputs(text, f) >= 0 && fflush(f) == 0 && fsync(fileno(f)) == 0;
    if (f && fclose(f) != 0)
        ok = 0;
    if (ok && rename(tmp, path) != 0)
        ok = 0;
    if (!ok && fd >= 0)
        remove(tmp);
    free(tmp);
    return ok;
}

/* The links beside the save (only its owner may read them: they let
 * anyone who has them play a seat). */
static void write_links(const Served *sv)
{
    json_t *seats = json_array();
    for (int s = 0; s <= MAX_SEATS; s++)
        json_array_append_new(seats, json_string(s ? sv->tokens.seat[s] : ""));
    char listen[80];
    snprintf(listen, sizeof listen, "%s:%d", sv->host, sv->port);
    json_t *root = json_pack("{s:o, s:s, s:s}", "seats", seats, "watch", sv->tokens.watch,
                             "listen", listen);
    char *path = links_path(sv->save);
    char *text = root ? json_dumps(root, JSON_INDENT(1)) : NULL;
    if (path && (!text || !write_whole(path, text)))
        fprintf(stderr, "referee: the links could not be kept in %s: a resumed game would have "
                        "new ones\n", path);
    free(text);
    free(path);
    json_decref(root);
}

/* The links kept beside a save; 0 with why in err. */
static int read_links(Served *sv, char *err, size_t errsize, int listen_given)
{
    char *path = links_path(sv->save);
    json_error_t je;
    json_t *root = path ? json_load_file(path, 0, &je) : NULL;
    json_t *seats = json_object_get(root, "seats");
    const char *watch = json_string_value(json_object_get(root, "watch"));
    const char *listen = json_string_value(json_object_get(root, "listen"));
    int ok = json_is_array(seats) && watch && strlen(watch) == PAGE_TOKEN_HEX;
    if (ok) {
        memset(&sv->tokens, 0, sizeof sv->tokens);
        for (int s = 1; s <= MAX_SEATS && ok; s++) {
            const char *t = json_string_value(json_array_get(seats, (size_t)s));
            ok = t && (!*t || strlen(t) == PAGE_TOKEN_HEX);
            if (ok)
                snprintf(sv->tokens.seat[s], sizeof sv->tokens.seat[s], "%s", t);
        }
        snprintf(sv->tokens.watch, sizeof sv->tokens.watch, "%s", watch);
    }
    if (ok && listen && !listen_given) {
        const char *colon = strrchr(listen, ':');
        if (colon && (size_t)(colon - listen) < sizeof sv->host) {
            snprintf(sv->host, sizeof sv->host, "%.*s", (int)(colon - listen), listen);
            sv->port = atoi(colon + 1);
        }
    }
    if (!ok)
        snprintf(err, errsize, "%s holds no links of a served game: it is written beside the save "
                               "when the game is served, and --resume needs it to give the same links",
                 path ? path : "the links file");
    free(path);
    json_decref(root);
    return ok;
}

/* The links, once the game is seated: a person's seat has one, the
 * others none (a bot's seat takes no moves from a page). */
static void announce(Served *sv, Session *s)
{
    char address[64], name[64];
    address_for_links(sv, address, sizeof address);
    int terminal = isatty(STDOUT_FILENO);
    for (int seat = 1; seat <= MAX_SEATS; seat++)
        if (seat > s->loop.nseats || !controller_is_person(&s->loop.seats[seat]))
            sv->tokens.seat[seat][0] = '\0';
    page_server_forget_other_tokens(sv->server, &sv->tokens);
    if (strcmp(sv->host, "0.0.0.0") == 0)
        printf("serving %s on every network this machine is on, port %d: anyone on them who has a "
               "link can open it\n", s->loop.game->name, sv->port);
    else
        printf("serving %s at http://%s:%d (this machine only: --listen 0.0.0.0:PORT opens it to "
               "the local network)\n", s->loop.game->name, address, sv->port);
    for (int seat = 1; seat <= s->loop.nseats; seat++) {
        if (!sv->tokens.seat[seat][0])
            continue;
        char link[160];
        snprintf(link, sizeof link, "http://%s:%d/s/%s", address, sv->port, sv->tokens.seat[seat]);
        printf("%s: %s\n", render_seat(seat, name, sizeof name), link);
        if (terminal)
            qr_text_print(stdout, link);
    }
    printf("watchers: http://%s:%d/w/%s\n", address, sv->port, sv->tokens.watch);
    /* Where, whole: a save given by no --save lands in this folder. */
    char here[4096];
    int relative = sv->save[0] != '/' && getcwd(here, sizeof here);
    printf("the game is saved after every move to %s%s%s (readable by you alone: it holds the "
           "seed): 'referee serve --resume %s' takes it up with the same links\n",
           relative ? here : "", relative ? "/" : "", sv->save, sv->save);
    write_links(sv);
    fflush(stdout);
    sv->announced = 1;
}

/* ---- the console's hooks ---- */

/* The save, kept whenever the record changed (a move, a ruling, an undo
 * and the move after it), so that a referee that dies loses nothing. 1
 * when the save on disk holds the game as it stands; else 0, the console
 * told why, and *why (malloc'd) if asked for. */
static int keep_save(Served *sv, Repl *r, char **why_out)
{
    Session *s = repl_session(r);
    char *record = session_record(s);
    if (!record || (sv->saved_record && strcmp(record, sv->saved_record) == 0)) {
        free(record);
        return record != NULL;
    }
    char *why;
    if (session_save(s, sv->save, &why)) {
        free(sv->saved_record);
        sv->saved_record = record;
        repl_saved(r);
        return 1;
    }
    fprintf(stderr, "referee: the game could not be saved to %s: %s\n", sv->save,
            strfmt_printable(why));
    if (why_out)
        *why_out = why;
    else
        free(why);
    free(record);
    return 0;
}

/* Each page's move in turn. A move is answered "played" only once the
 * save that holds it is on disk: one the save fails for (a full disk) is
 * taken back, the bots' replies with it, and its page told why; so the
 * table takes no move it cannot keep, until it can save again. */
static void take_requests(Repl *r, void *ctx)
{
    Served *sv = ctx;
    PageMove *m;
    int seat;
    const char *text;
    while ((m = page_server_next_move(sv->server, &seat, &text)) != NULL) {
        Game *g = repl_session(r)->loop.game;
        int before = g ? g->nmoves : 0;
        char *why = repl_play_for(r, seat, text), *save_why = NULL;
        g = repl_session(r)->loop.game;
        if (!why && g && g->nmoves != before && !keep_save(sv, r, &save_why)) {
            game_rebuild(g, before);
            repl_session(r)->log_shown = g->t->log.n;
            printf("the move from seat %d's page was taken back: the game could not be saved, and "
                   "a move the save does not hold is not played\n", seat);
            why = strfmt("the move could not be saved (%s), so it was not played: the table takes "
                         "moves again once its save can be written",
                         save_why ? strfmt_printable(save_why) : "the save failed");
        }
        free(save_why);
        page_server_answer(sv->server, m, why);
        free(why);
    }
    page_server_presence_changed(sv->server);
}

static void publish(Repl *r, void *ctx)
{
    Served *sv = ctx;
    Session *s = repl_session(r);
    if (!s->loop.game)
        return;
    if (!sv->announced)
        announce(sv, s);
    int connected[MAX_SEATS + 1], seat_, n_, faces_;
    int mid_move = repl_dice_asked(r, &seat_, &n_, &faces_);
    for (int seat = 0; seat <= MAX_SEATS; seat++)
        connected[seat] = page_server_connected(sv->server, seat);
    for (int seat = 0; seat <= s->loop.nseats; seat++) {
        if (seat && !sv->tokens.seat[seat][0])
            continue;
        char *last = mid_move ? page_server_state(sv->server, seat) : NULL;
        char *json = mid_move ? page_state_with_dice(r, seat, last) : page_state_json(r, seat, connected);
        free(last);
        if (json)
            page_server_publish(sv->server, seat, json);
        free(json);
    }
    if (!mid_move) /* (a move under way is saved once it is played) */
        keep_save(sv, r, NULL);
}

/* ---- the command ---- */

/* The console in a child process (supervise.h), the server with it. */
static int serve_child(void *ctx, const ReplGuard *guard)
{
    Served *sv = ctx;
    char err[300];
    sv->server = page_server_start(sv->host, sv->port, &sv->tokens, err, sizeof err);
    if (!sv->server) {
        fprintf(stderr, "referee serve: %s\n", err);
        return 2; /* a usage error: another port would do */
    }
    sv->port = page_server_port(sv->server);
    sv->announced = 0;
    ReplGuard taken_up = *guard;
    if (!taken_up.resume && sv->resume_text)
        taken_up.resume = sv->resume_text;
    ReplServe hooks = {page_server_wake_fd(sv->server), take_requests, publish, sv};
    int status = repl_serve(sv->L, sv->rules, sv->bots, sv->resume_text ? NULL : &sv->args,
                            &taken_up, &hooks);
    page_server_stop(sv->server);
    sv->server = NULL;
    return status;
}

static int usage(const char *fmt, const char *arg)
{
    char shown[512];
    fprintf(stderr, "referee serve: ");
    fprintf(stderr, fmt, arg ? strfmt_shown(arg, shown, sizeof shown) : "");
    fputc('\n', stderr);
    return 2;
}

/* --listen ADDRESS:PORT into sv; 0 when it is not one. */
static int take_listen(Served *sv, const char *word)
{
    const char *colon = strrchr(word, ':');
    char *end;
    long port = colon ? strtol(colon + 1, &end, 10) : -1;
    if (!colon || colon == word || (size_t)(colon - word) >= sizeof sv->host || *end ||
        port < 0 || port > 65535)
        return 0;
    snprintf(sv->host, sizeof sv->host, "%.*s", (int)(colon - word), word);
    sv->port = (int)port;
    return 1;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    char buf[8192];
    size_t n;
    while (mem && (n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, mem);
    fclose(f);
    if (mem)
        fclose(mem);
    return text;
}

/* What serve takes, for --help and for an option it does not know. */
static const char SERVE_USAGE[] =
    "usage: referee serve GAME [--seats S,...] [--names A,B,...] [--seed N] [--set NAME=VALUE]...\n"
    "                      [--table dice|cards|all] [--listen ADDRESS:PORT] [--save FILE]\n"
    "                      [--bot-budget N] [--bot-memory MB] [--game-memory MB] [--max-moves N]\n"
    "       referee serve --resume FILE [--listen ADDRESS:PORT]\n"
    "A table where each person plays on their own page (a link and a QR code each)\n"
    "and the terminal is the referee's console. --listen: where pages reach it\n"
    "(default 127.0.0.1:8080; 0.0.0.0:8080 for other machines); --save: the save\n"
    "kept after every move (default GAME-served.json here, its links beside it);\n"
    "--resume: take a saved table up again, with the same links.\n";
static const char SERVE_OPTIONS[] = "--seats, --names, --seed, --set, --table, --listen, --save, "
                                    "--resume, --bot-budget, --bot-memory, --game-memory, --max-moves";

/* An option serve knows (the value it takes follows it). */
static int serve_option(const char *word)
{
    static const char *const KNOWN[] = {"--seats", "--names", "--seed", "--set", "--table",
                                        "--bot-budget", "--bot-memory", "--game-memory",
                                        "--max-moves", NULL};
    for (const char *const *k = KNOWN; *k; k++)
        if (!strcmp(word, *k) || (!strncmp(word, *k, strlen(*k)) && word[strlen(*k)] == '='))
            return 1;
    return 0;
}

int serve_run(lua_State *L, const char *rules_path, const char *bots_path, int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(SERVE_USAGE, stdout);
            return 0;
        }
    Served sv;
    memset(&sv, 0, sizeof sv);
    sv.L = L;
    sv.rules = rules_path;
    sv.bots = bots_path;
    snprintf(sv.host, sizeof sv.host, "127.0.0.1");
    sv.port = 8080;
    const char *resume = NULL;
    int listen_given = 0;
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    int nrest = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--listen") || !strcmp(argv[i], "--save") || !strcmp(argv[i], "--resume")) {
            if (i + 1 >= argc)
                return usage("%s needs a value", argv[i]);
            if (!strcmp(argv[i], "--listen") && !take_listen(&sv, argv[i + 1]))
                return usage("--listen takes ADDRESS:PORT, such as 127.0.0.1:8080 or 0.0.0.0:8080 "
                             "(not '%s')", argv[i + 1]);
            listen_given |= !strcmp(argv[i], "--listen");
            if (!strcmp(argv[i], "--save"))
                sv.save = argv[i + 1];
            if (!strcmp(argv[i], "--resume"))
                resume = argv[i + 1];
            i++;
        } else
            rest[nrest++] = argv[i];
    }
    /* Refused options ('run''s and 'play''s) are told below, with why. */
    static const char *const OTHERS[] = {"--json", "--hashes", "--on-fault", "--no-hot-seat", NULL};
    for (int i = 0; i < nrest; i++) {
        int other = 0;
        for (const char *const *o = OTHERS; *o; o++)
            other |= !strncmp(rest[i], *o, strlen(*o));
        if (rest[i][0] == '-' && rest[i][1] == '-' && !serve_option(rest[i]) && !other) {
            fprintf(stderr, "referee serve: unknown option '%s' (options: %s; 'referee serve --help' "
                            "says more)\n", rest[i], SERVE_OPTIONS);
            free(rest);
            return 2;
        }
        if (rest[i][0] == '-' && rest[i][1] == '-' && !other && !strchr(rest[i], '='))
            i++; /* its value */
    }
    char err[300];
    if (resume) {
        if (nrest)
            return usage("--resume takes the game up as it was saved: give no game or options "
                         "besides --listen (not '%s')", rest[0]);
        sv.save = resume;
        if (!(sv.resume_text = read_file(resume)))
            return usage("cannot read the save '%s'", resume);
        if (!read_links(&sv, err, sizeof err, listen_given))
            return usage("%s", err);
    } else {
        sv.args.default_seats_human = 1;
        if (!session_parse_args(nrest, rest, &sv.args, err, sizeof err))
            return usage("%s", err);
        if (!sv.args.game)
            return usage("%s", "serve needs a game: such as 'referee serve bam --seats "
                               "human,human,bam-greedy' ('referee games' lists them)");
        if (sv.args.json || sv.args.hashes || sv.args.shared.forfeit || sv.args.no_hot_seat)
            return usage("%s", "--json, --hashes, --on-fault and --no-hot-seat go with 'run' and "
                               "'play', not 'serve'");
        char *default_save = NULL;
        if (!sv.save)
            sv.save = default_save = strfmt("%s-served.json", sv.args.game);
        struct stat st;
        if (stat(sv.save, &st) == 0)
            return usage("'%s' exists: 'referee serve --resume FILE' takes a saved game up, "
                         "--save FILE keeps a new one elsewhere", sv.save);
        int people[MAX_SEATS + 1];
        for (int s = 0; s <= MAX_SEATS; s++)
            people[s] = 1; /* the seats' kinds are known once seated (announce) */
        page_tokens_make(&sv.tokens, people, MAX_SEATS);
    }
    int status = supervise_repl(serve_child, &sv);
    free(sv.resume_text);
    free(sv.saved_record);
    free(rest);
    return status;
}
