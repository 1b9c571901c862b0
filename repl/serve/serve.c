#include "serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <sys/select.h>
#include <ifaddrs.h>
#include <jansson.h>
#include <math.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "../render.h"
#include "../repl.h"
#include "../supervise.h"
#include "../typed_dice.h"
#include "../../core/kernel/strfmt.h"
#include "page_server.h"
#include "page_state.h"
#include "qr_text.h"
#include "table_talk.h"

/* A claim window's time at a served table unless --claim-time says
 * otherwise: long enough to see the card and call, short enough that
 * nobody waits for every other page's pass. */
#define SERVE_CLAIM_MS 5000

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
    Match *m;           /* the table's match (the console's), once attached */
    int window_stuck;   /* the window that could not be closed on time (its group), or 0 */
    char *trouble;      /* why the save fails, told to every page, or NULL */
    int nudged[MAX_SEATS + 1]; /* how many times the console nudged each seat */
    int waited_moves;   /* the game's moves when the table began waiting */
    double waited_since; /* ... and when (match_now) */
    const char *public_url; /* --public-url: the address people use, or NULL */
    char *cert_pem, *key_pem; /* --tls-cert, --tls-key: read, or NULL */
    TableTalk *talk;    /* the table's talk (never saved); off with --no-talk */
    double clock_s;     /* --clock: seconds a person has for a decision, or 0 */
    int clock_spent;    /* the decision (moves + 1) whose time ran out with no move made, or 0 */
    int no_talk;
    /* Real dice: the seat that lifts the cup types them on its page while
     * the move that reads them waits. */
    struct {
        int asked;   /* dice are to be typed now */
        int seat;    /* by whom: the one who sees them (any person when lifted) */
        int all;     /* lifted: everyone sees them */
        int n, faces;
        const Table *t;
        const int *dice; /* the dice read */
        int *values;     /* where the typed values go */
        int done;    /* 1 typed, -1 cancelled */
    } dice;
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
/* What every link begins with: the public address when there is one
 * (behind a proxy, or a name), else this machine's, over TLS or not. */
static void link_base(const Served *sv, const char *address, char *out, size_t size)
{
    if (sv->public_url)
        snprintf(out, size, "%s", sv->public_url);
    else
        snprintf(out, size, "%s://%s:%d", sv->cert_pem ? "https" : "http", address, sv->port);
}

static void publish(void *ctx);

/* nudge: the people the table waits for are cued again on their pages
 * (a vibration, a tone, a notification), and the console says how long
 * the table has waited. 0 with why when nobody is waited for. */
static int nudge(void *ctx, char **said)
{
    Served *sv = ctx;
    Match *m = sv->m;
    const Ask *p;
    if (!m->loop.game || game_pending(m->loop.game, &p) != GAME_OK) {
        *said = strdup("nobody is waited for: the game is over");
        return 0;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        return 0;
    char name[64];
    int n = 0;
    for (int i = 0; i < p->nseats; i++) {
        int seat = p->seats[i];
        if (!controller_is_person(&m->loop.seats[seat]) || match_answered(m, seat))
            continue;
        sv->nudged[seat]++;
        fprintf(out, "%s%s", n++ ? ", " : "nudged ", render_seat(seat, name, sizeof name));
    }
    if (n)
        fprintf(out, ": the table has waited %.0f s\n", match_now() - sv->waited_since);
    else
        fprintf(out, "nobody is waited for: the bots are to move\n");
    fclose(out);
    if (!n) {
        *said = text;
        return 0;
    }
    fputs(text, stdout);
    free(text);
    publish(sv);
    return 1;
}

/* The host turns the table's talk on or off; every page is told. */
static int switch_talk(void *ctx, int on)
{
    Served *sv = ctx;
    int changed = talk_switch(sv->talk, on);
    printf("table talk is %s%s\n", on ? "on" : "off", changed ? "" : " already");
    if (changed)
        publish(sv);
    return changed;
}

static int show_links(void *ctx, int qr, char **why)
{
    Served *sv = ctx;
    Match *s = sv->m;
    char address[64], name[64], base[300], link[400];
    address_for_links(sv, address, sizeof address);
    link_base(sv, address, base, sizeof base);
    if (qr > 0 && (qr > s->loop.nseats || !sv->tokens.seat[qr][0])) {
        *why = strfmt("seat %d has no link: %s", qr, qr > s->loop.nseats ? "there is no such seat"
                                                                         : "a bot plays it");
        return 0;
    }
    if (qr >= 0) {
        snprintf(link, sizeof link, qr ? "%s/s/%s" : "%s/w/%s", base,
                 qr ? sv->tokens.seat[qr] : sv->tokens.watch);
        printf("%s: %s\n", qr ? render_seat(qr, name, sizeof name) : "watchers", link);
        qr_text_print(stdout, link);
        return 1;
    }
    for (int seat = 1; seat <= s->loop.nseats; seat++)
        if (sv->tokens.seat[seat][0])
            printf("%s: %s/s/%s\n", render_seat(seat, name, sizeof name), base, sv->tokens.seat[seat]);
    printf("watchers: %s/w/%s\n", base, sv->tokens.watch);
    return 1;
}

static void announce(Served *sv, Match *s)
{
    char address[64], name[64], base[300];
    address_for_links(sv, address, sizeof address);
    link_base(sv, address, base, sizeof base);
    int terminal = isatty(STDOUT_FILENO);
    for (int seat = 1; seat <= MAX_SEATS; seat++)
        if (seat > s->loop.nseats || !controller_is_person(&s->loop.seats[seat]))
            sv->tokens.seat[seat][0] = '\0';
    page_server_forget_other_tokens(sv->server, &sv->tokens);
    if (strcmp(sv->host, "0.0.0.0") == 0)
        printf("serving %s on every network this machine is on, port %d: anyone on them who has a "
               "link can open it\n", s->loop.game->name, sv->port);
    else
        printf("serving %s at %s (this machine only: --listen 0.0.0.0:PORT opens it to "
               "the local network)\n", s->loop.game->name, base);
    if (sv->public_url)
        printf("the links name %s, the public address people use (port %d here%s)\n",
               sv->public_url, sv->port, sv->cert_pem ? ", over TLS" : ": the proxy in front gives TLS");
    for (int seat = 1; seat <= s->loop.nseats; seat++) {
        if (!sv->tokens.seat[seat][0])
            continue;
        char link[400];
        snprintf(link, sizeof link, "%s/s/%s", base, sv->tokens.seat[seat]);
        printf("%s: %s\n", render_seat(seat, name, sizeof name), link);
    }
    printf("watchers: %s/w/%s\n", base, sv->tokens.watch);
    /* One code at a time: each is most of a screen's height. */
    if (terminal)
        printf("'qr N' shows seat N's link as a QR code to scan with a phone, one at a time "
               "('links' lists them again)\n");
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

static void attach(Match *m, void *ctx)
{
    Served *sv = ctx;
    sv->m = m;
    m->save_path = sv->save; /* an answer is played once this save holds it */
    m->window_ms = sv->args.claim_time_given ? sv->args.window_ms : SERVE_CLAIM_MS;
}

/* A page's line while the dice are to be typed: the values (or 'cancel')
 * from the seat that sees them; NULL when taken, else why not. */
static char *dice_typed(Served *sv, int seat, const char *text)
{
    char who[64];
    if (seat != sv->dice.seat && !(sv->dice.all && controller_is_person(&sv->m->loop.seats[seat])))
        return strfmt("wait: %s is typing what the dice show",
                      render_seat(sv->dice.seat, who, sizeof who));
    if (!strcmp(text, "cancel")) {
        sv->dice.done = -1;
        return NULL;
    }
    if (!typed_dice_read(sv->dice.t, sv->dice.n, sv->dice.dice, text, sv->dice.values))
        return strfmt("type %d number%s, each a face from 1 to %d, such as %s ('cancel' takes the "
                      "move back)", sv->dice.n, sv->dice.n == 1 ? "" : "s", sv->dice.faces,
                      sv->dice.n == 1 ? "4" : "6 5");
    printf("%s typed the dice:", render_seat(seat, who, sizeof who));
    for (int i = 0; i < sv->dice.n; i++)
        printf(" %d", sv->dice.values[i]);
    putchar('\n');
    sv->dice.done = 1;
    return NULL;
}

/* The save fails: every page is told, until it is written again. */
static void saving_fails(Served *sv, const char *why)
{
    (void)why; /* (a path and an error number: the console's to read) */
    if (!sv->trouble)
        sv->trouble = strdup("The referee cannot save the game (its disk may be full): no move "
                             "is played until it can. The host's console says why.");
}

/* What a page is told of its answer: why it was refused, in a player's
 * words; NULL when played or kept. The console gets what the page does
 * not need (a rules failure's traceback, a save's path). */
static char *page_verdict(Served *sv, int seat, MatchAnswer a, char *why)
{
    if (a == MATCH_PLAYED || a == MATCH_KEPT) {
        if (a == MATCH_PLAYED) { /* saved: whatever failed before is mended */
            free(sv->trouble);
            sv->trouble = NULL;
        }
        free(why);
        return NULL;
    }
    fflush(stdout);
    if (a == MATCH_FAILED) {
        fprintf(stderr, "error: the rules failed on a move from a page: %s\n",
                why ? strfmt_printable(why) : "failed");
        free(why);
        return strdup("the rules could not carry that move out, so it was not played and the game "
                      "is as it was (the referee's console has the details)");
    }
    if (a == MATCH_UNSAVED) {
        int told = sv->trouble != NULL;
        saving_fails(sv, why);
        fprintf(stderr, "referee: the game could not be saved to %s: %s\n", sv->save,
                why ? strfmt_printable(why) : "?");
        printf("the move from seat %d's page was taken back: the game could not be saved, and "
               "a move the save does not hold is not played\n", seat);
        if (!told)
            publish(sv); /* every page told now, not at the next change */
    }
    return why;
}

/* A claim window whose time ran out closes: silence is a pass. */
static void close_window_on_time(Served *sv)
{
    if (!sv->m->loop.game || match_window_left(sv->m) != 0)
        return;
    char *why = NULL;
    int group = sv->m->loop.game->nmoves;
    MatchAnswer a = match_close_window(sv->m, &why);
    if (a == MATCH_REFUSED) {
        sv->window_stuck = group + 1; /* no pass: it waits for its people after all */
        fprintf(stderr, "referee: the claim window's time ran out, but %s\n",
                why ? strfmt_printable(why) : "it could not be closed");
    } else if (a != MATCH_PLAYED)
        fprintf(stderr, "referee: the claim window could not be closed: %s\n",
                why ? strfmt_printable(why) : "?");
    free(why);
}

/* Whether a move a page made of tapped cards would be legal, and the
 * referee's reason when not, before it is sent: nothing is played, and
 * the game is as it was. NULL when legal. */
static char *judge(Served *sv, int seat, const char *text)
{
    char *why = NULL;
    if (sv->dice.asked)
        return strdup("type the dice first: the move under way waits for them");
    match_judge(sv->m, seat, text, &why);
    return why;
}

/* Words a page says to the table: kept with the last few, shown on every
 * page and at the console; never in the record. */
static char *talk(Served *sv, int seat, const char *text)
{
    const char *why = talk_say(sv->talk, seat, text, match_now());
    if (why)
        return strdup(why);
    char name[64];
    int said_by = 0; /* (talk_last sets it: the words were just said) */
    const char *said = talk_last(sv->talk, &said_by);
    fflush(stdout);
    printf("%s says: %s\n", render_seat(said_by, name, sizeof name), said);
    return NULL;
}

/* Each page's answer in turn, given to the match. An answer is "played"
 * only once the save that holds it is on disk (the match sees to it): one
 * the save fails for is taken back, and its page told why. */
static void clock_runs_out(Served *sv);

static void take_requests(void *ctx)
{
    Served *sv = ctx;
    PageMove *pm;
    int seat, talked = 0;
    const char *text;
    PageAsk ask;
    while ((pm = page_server_next_move(sv->server, &seat, &text, &ask)) != NULL) {
        char *why;
        if (ask == PAGE_JUDGE)
            why = judge(sv, seat, text);
        else if (ask == PAGE_TALK)
            talked |= !(why = talk(sv, seat, text));
        else if (sv->dice.asked)
            why = dice_typed(sv, seat, text);
        else {
            MatchAnswer a = match_give(sv->m, seat, text, &why);
            why = page_verdict(sv, seat, a, why);
        }
        page_server_answer(sv->server, pm, why);
        free(why);
    }
    if (talked)
        publish(sv);
    if (!sv->dice.asked) { /* (mid-move, the rules are asked nothing) */
        close_window_on_time(sv);
        clock_runs_out(sv);
    }
    page_server_presence_changed(sv->server);
}

/* --clock: the person asked now and the seconds left to them, or -1 (no
 * clock, a claim window, a bot's move, their time spent already). */
static double clock_left(Served *sv, int *seat)
{
    Game *g = sv->m ? sv->m->loop.game : NULL;
    const Ask *p;
    if (!sv->clock_s || sv->dice.asked || !g || game_pending(g, &p) != GAME_OK || p->window ||
        !controller_is_person(&sv->m->loop.seats[p->seats[0]]) || sv->clock_spent == g->nmoves + 1 ||
        sv->waited_moves != g->nmoves)
        return -1;
    *seat = p->seats[0];
    double left = sv->clock_s - (match_now() - sv->waited_since);
    return left > 0 ? left : 0;
}

/* A person's time ran out: the rules' default answer (or a pass) is made
 * for them, and said; when the rules make none, the table is told it
 * waits for them, and they are cued again. */
static void clock_runs_out(Served *sv)
{
    int seat;
    if (clock_left(sv, &seat) != 0)
        return;
    char *move = NULL, *why = NULL, name[64];
    int group = sv->m->loop.game->nmoves;
    MatchAnswer a = match_time_up(sv->m, seat, &move, &why);
    fflush(stdout);
    if (a == MATCH_PLAYED || a == MATCH_KEPT) {
        printf("the clock ran out for %s: '%s' is played for them\n", render_seat(seat, name, sizeof name),
               strfmt_printable(move));
    } else {
        sv->clock_spent = group + 1;
        sv->nudged[seat]++;
        printf("the clock ran out for %s: %s; the table waits for them\n",
               render_seat(seat, name, sizeof name), why ? strfmt_printable(why) : "no move is made");
        why = page_verdict(sv, seat, a, why);
    }
    free(move);
    free(why);
}

/* What a page shows of the clock: the seconds left to the person asked
 * and what is made for them at zero ({"left":25,"seat":2,"then":"fold"},
 * "then" null when nothing is), or NULL. */
static json_t *clock_json(Served *sv)
{
    int seat;
    double left = clock_left(sv, &seat);
    if (left < 0)
        return NULL;
    char *then = match_default_answer(sv->m, seat);
    json_t *j = json_pack("{s:i, s:i, s:s?}", "left", (int)ceil(left), "seat", seat, "then", then);
    free(then);
    return j;
}

static double due_in(void *ctx)
{
    Served *sv = ctx;
    int seat;
    if (sv->dice.asked || !sv->m || !sv->m->loop.game)
        return -1;
    double clock = clock_left(sv, &seat);
    double window = sv->window_stuck == sv->m->loop.game->nmoves + 1 ? -1 : match_window_left(sv->m);
    return window < 0 ? clock : clock < 0 ? window : clock < window ? clock : window;
}

/* The save, kept whenever the record changed (a command at the console:
 * a ruling, an undo, another game), so that a referee that dies loses
 * nothing: publish's first step. */
static void keep_save(Served *sv)
{
    char *why = NULL;
    int kept = match_keep_save(sv->m, &why);
    if (!kept) {
        saving_fails(sv, why);
        fprintf(stderr, "referee: the game could not be saved to %s: %s\n", sv->save,
                why ? strfmt_printable(why) : "?");
    } else if (kept == MATCH_SAVE_WRITTEN && sv->trouble) {
        free(sv->trouble); /* mended: the pages publish makes next say so */
        sv->trouble = NULL;
    }
    free(why);
}

static void publish(void *ctx)
{
    Served *sv = ctx;
    Match *s = sv->m;
    if (!s->loop.game)
        return;
    int mid_move = sv->dice.asked; /* a move waits on dice its pages type */
    /* Saved first, so that what the pages are told of the save (it
     * failed, or it is mended) is so (a move under way is saved once it
     * is played); then the links, then the pages at once, as people
     * opening a link just printed find their page. */
    if (!mid_move)
        keep_save(sv);
    if (!sv->announced)
        announce(sv, s);
    if (sv->waited_moves != s->loop.game->nmoves || !sv->waited_since) {
        sv->waited_moves = s->loop.game->nmoves; /* a new wait begins */
        sv->waited_since = match_now();
    }
    int connected[MAX_SEATS + 1];
    json_t *talk_json_now = talk_json(sv->talk);
    json_t *clock_now = mid_move ? NULL : clock_json(sv);
    for (int seat = 0; seat <= MAX_SEATS; seat++)
        connected[seat] = page_server_connected(sv->server, seat);
    for (int seat = 0; seat <= s->loop.nseats; seat++) {
        if (seat && !sv->tokens.seat[seat][0])
            continue;
        char *last = mid_move ? page_server_state(sv->server, seat) : NULL;
        int yours = seat && (sv->dice.seat == seat ||
                             (sv->dice.all && controller_is_person(&s->loop.seats[seat])));
        char *json = mid_move ? page_state_with_dice(last, sv->dice.all ? 0 : sv->dice.seat,
                                                     sv->dice.n, sv->dice.faces, yours)
                              : page_state_json(s, seat, connected, sv->trouble, sv->nudged[seat],
                                                talk_json_now, clock_now);
        free(last);
        if (json)
            page_server_publish(sv->server, seat, json);
        free(json);
    }
    json_decref(talk_json_now);
    json_decref(clock_now);
}

/* Real dice at a served table: the page of whoever may see them types
 * them, while the move that reads them waits (and so does everything
 * else; each page's own line is answered at once). */
static int served_type_dice(void *ctx, Table *t, int n, const int *dice, int *values, char *why,
                            size_t size)
{
    Served *sv = ctx;
    int all, seer = typed_dice_seer(sv->m, t, n, dice, &all);
    sv->dice.asked = 1;
    sv->dice.seat = seer ? seer : sv->m->moving_seat;
    sv->dice.all = all;
    sv->dice.n = n;
    sv->dice.faces = t->dice.d[dice[0]].faces;
    sv->dice.t = t;
    sv->dice.dice = dice;
    sv->dice.values = values;
    sv->dice.done = 0;
    char who[64];
    printf("waiting for %s to type what the dice show\n",
           all ? "anyone at the table" : render_seat(sv->dice.seat, who, sizeof who));
    fflush(stdout);
    publish(sv);
    int wake = page_server_wake_fd(sv->server);
    while (!sv->dice.done) {
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(wake, &fds);
        if (select(wake + 1, &fds, NULL, NULL, NULL) < 0 && errno != EINTR)
            break;
        char drained[64];
        while (read(wake, drained, sizeof drained) > 0)
            ;
        take_requests(sv);
        if (!sv->dice.done)
            publish(sv); /* who is connected */
    }
    sv->dice.asked = 0;
    if (sv->dice.done != 1) {
        snprintf(why, size, "the dice were not typed, so the move was taken back");
        return 0;
    }
    return 1;
}

/* ---- the command ---- */

/* The console in a child process (supervise.h), the server with it. */
static int serve_child(void *ctx, const ReplGuard *guard)
{
    Served *sv = ctx;
    char err[300];
    /* The public address is an origin already (public_url_ok): as a
     * browser's Origin header says it. */
    const char *origin = sv->public_url;
    PageReach reach = {sv->cert_pem, sv->key_pem, origin};
    sv->server = page_server_start(sv->host, sv->port, &sv->tokens, &reach, err, sizeof err);
    if (!sv->server) {
        fprintf(stderr, "referee serve: %s\n", err);
        return 2; /* a usage error: another port would do */
    }
    sv->port = page_server_port(sv->server);
    sv->announced = 0;
    ReplGuard taken_up = *guard;
    if (!taken_up.resume && sv->resume_text)
        taken_up.resume = sv->resume_text;
    if (!(sv->talk = talk_new(!sv->no_talk))) {
        page_server_stop(sv->server);
        fprintf(stderr, "referee serve: out of memory\n");
        return 1;
    }
    ReplServe hooks = {page_server_wake_fd(sv->server), attach, take_requests, due_in, publish,
                       served_type_dice, show_links, nudge, switch_talk, sv};
    int status = repl_serve(sv->L, sv->rules, sv->bots, sv->resume_text ? NULL : &sv->args,
                            &taken_up, &hooks);
    page_server_stop(sv->server);
    sv->server = NULL;
    talk_free(sv->talk);
    sv->talk = NULL;
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

/* Whether url is an origin people may open: http:// or https://, a host
 * (and a port), no path, no space or control character. A trailing "/"
 * is dropped (in place: it is argv's). */
static int public_url_ok(char *url)
{
    size_t len = strlen(url);
    if (len && url[len - 1] == '/')
        url[--len] = '\0';
    const char *host = !strncmp(url, "https://", 8) ? url + 8 : !strncmp(url, "http://", 7) ? url + 7 : NULL;
    if (!host || !*host || len > 200 || strchr(host, '/') || strchr(host, '?') || strchr(host, '#') ||
        strchr(host, '@'))
        return 0;
    for (const char *c = url; *c; c++)
        if ((unsigned char)*c <= ' ' || *c == 0x7f)
            return 0;
    return 1;
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
    "                      [--table dice|cards|all] [--claim-time SECONDS]\n"
    "                      [--listen ADDRESS:PORT] [--save FILE] [--bot-budget N]\n"
    "                      [--tls-cert FILE --tls-key FILE] [--public-url URL] [--no-talk]\n"
    "                      [--clock SECONDS]\n"
    "                      [--bot-memory MB] [--game-memory MB] [--max-moves N]\n"
    "       referee serve --resume FILE [--listen ADDRESS:PORT] [--tls-cert ... --public-url URL]\n"
    "A table where each person plays on their own page (a link and a QR code each)\n"
    "and the terminal is the referee's console. --listen: where pages reach it\n"
    "(default 127.0.0.1:8080; 0.0.0.0:8080 for other machines); --save: the save\n"
    "kept after every move (default GAME-served.json here, its links beside it);\n"
    "--resume: take a saved table up again, with the same links. --claim-time:\n"
    "how long a claim window waits for the people who have not answered before\n"
    "their silence passes (default 5; 0 waits for everyone). --tls-cert and\n"
    "--tls-key: serve HTTPS with this certificate and key (PEM files). --public-url:\n"
    "the address people open when it is not this machine's (a name, or a proxy\n"
    "such as Caddy that gives TLS in front): the links name it. --no-talk: no table\n"
    "talk on the pages (the console's 'talk on' and 'talk off' switch it). --clock:\n"
    "the seconds each person has for a decision; at zero the rules' default answer\n"
    "(or a pass) is played for them, or the table is told it waits.\n";
static const char SERVE_OPTIONS[] = "--seats, --names, --seed, --set, --table, --claim-time, --listen, --save, "
                                    "--resume, --tls-cert, --tls-key, --public-url, --bot-budget, "
                                    "--bot-memory, --game-memory, --max-moves, --no-talk, --clock";

/* An option serve knows (the value it takes follows it). */
static int serve_option(const char *word)
{
    static const char *const KNOWN[] = {"--seats", "--names", "--seed", "--set", "--table", "--claim-time",
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
    const char *cert = NULL, *key = NULL;
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    int nrest = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--no-talk")) {
            sv.no_talk = 1;
            continue;
        }
        if (!strcmp(argv[i], "--clock")) {
            char *end;
            double secs = i + 1 < argc ? strtod(argv[i + 1], &end) : 0;
            if (i + 1 >= argc || *end || end == argv[i + 1] || !(secs >= 1 && secs <= 3600))
                return usage("--clock takes the seconds a person has for each decision, 1 to 3600, "
                             "such as --clock 60 (not '%s')", i + 1 < argc ? argv[i + 1] : "");
            sv.clock_s = secs;
            i++;
            continue;
        }
        if (!strcmp(argv[i], "--listen") || !strcmp(argv[i], "--save") || !strcmp(argv[i], "--resume") ||
            !strcmp(argv[i], "--tls-cert") || !strcmp(argv[i], "--tls-key") ||
            !strcmp(argv[i], "--public-url")) {
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
            if (!strcmp(argv[i], "--tls-cert"))
                cert = argv[i + 1];
            if (!strcmp(argv[i], "--tls-key"))
                key = argv[i + 1];
            if (!strcmp(argv[i], "--public-url") && !public_url_ok(argv[i + 1]))
                return usage("--public-url takes the address people open, a scheme and a host with "
                             "no path, such as https://cards.example.org or https://203.0.113.7:8443 "
                             "(not '%s')", argv[i + 1]);
            if (!strcmp(argv[i], "--public-url"))
                sv.public_url = argv[i + 1];
            i++;
        } else
            rest[nrest++] = argv[i];
    }
    if (!cert != !key)
        return usage("%s", "--tls-cert and --tls-key go together: the certificate and its key "
                           "(PEM files), such as --tls-cert cert.pem --tls-key key.pem");
    if (cert && (!(sv.cert_pem = read_file(cert)) || !(sv.key_pem = read_file(key))))
        return usage("cannot read '%s'", sv.cert_pem ? key : cert);
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
                         "besides --listen, --tls-cert, --tls-key and --public-url (not '%s')", rest[0]);
        sv.save = resume;
        if (!(sv.resume_text = read_file(resume)))
            return usage("cannot read the save '%s'", resume);
        if (!read_links(&sv, err, sizeof err, listen_given))
            return usage("%s", err);
    } else {
        sv.args.default_seats_human = 1;
        if (!game_args_parse(nrest, rest, &sv.args, err, sizeof err))
            return usage("%s", err);
        if (!sv.args.game)
            return usage("%s", "serve needs a game: such as 'referee serve bam --seats "
                               "human,human,bam-greedy' ('referee games' lists them)");
        if (sv.args.json || sv.args.hashes || sv.args.shared.forfeit || sv.args.no_hot_seat)
            return usage("%s", "--json, --hashes, --on-fault and --no-hot-seat go with 'run' and "
                               "'play', not 'serve'");
        if (!sv.args.claim_time_given)
            sv.args.window_ms = SERVE_CLAIM_MS;
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
    free(sv.trouble);
    free(sv.cert_pem);
    free(sv.key_pem);
    free(rest);
    return status;
}
