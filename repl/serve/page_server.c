#include "page_server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>
#include "page_assets.h"

/* A move is a line of words: anything longer is no move. */
#define MOVE_MAX 512
/* Moves waiting for the console at once: more is a flood, refused. */
#define QUEUE_MAX 64
/* Connections at once: a table of 8 people and 20 watchers, their
 * reconnects, and room to spare; past it new ones are refused while those
 * in play go on. One thread serves them all (epoll): a connection costs a
 * socket and a few KB, not a thread. */
#define CONNECTIONS_MAX 1000
/* Connections at once from one address: a household's phones each have
 * their own; a stranger on the Wi-Fi with a thousand sockets gets this
 * many, and the table plays on. (Behind a proxy every page comes from the
 * proxy's address: it counts for all.) */
#define PER_ADDRESS_MAX 64
/* Seconds a request's headers and body may take, from its connection's
 * first byte: a client that trickles them in is cut off. */
#define REQUEST_SECONDS 10
/* Seconds a connection may sit silent before it is closed. */
#define IDLE_SECONDS 20
/* The server's clock: every tick each event stream is woken (a closed
 * page's socket is found within a tick, its dot goes out), late requests
 * are cut off, and moves waiting too long for a verdict are answered. */
#define TICK_MS 1000
/* Seconds between the comment lines that keep an idle stream's proxies
 * from closing it. */
#define STREAM_PING 10
/* Seconds a page waits for the console's verdict on its move: long, as a
 * move that reads real dice waits for them to be typed. */
#define VERDICT_SECONDS 600

struct PageMove {
    PageMove *next;
    int seat;
    PageAsk ask;
    char text[MOVE_MAX + 1];
    int done;      /* the console has given its verdict */
    int abandoned; /* the page stopped waiting: whoever comes last frees it */
    int taken;     /* the console has taken it (next_move) */
    char *why;
    struct MHD_Connection *conn; /* its page's request, suspended while it waits */
    int suspended;
    time_t queued_at;
};

/* A connection, from its first byte: when it came, its socket, and
 * whether its request came whole (headers and body) in time. */
typedef struct Conn {
    struct Conn *prev, *next;
    time_t started;
    int fd;
    int whole;   /* its request came whole: no deadline from now on */
    int cut;     /* cut off for taking too long */
} Conn;

typedef struct Stream Stream;

struct PageServer {
    struct MHD_Daemon *daemon;
    PageTokens tokens;
    int port;
    int wake[2];
    pthread_mutex_t lock;
    pthread_cond_t published; /* the server stops (the clock waits on it) */
    char *state[MAX_SEATS + 1];
    unsigned long version[MAX_SEATS + 1];
    int connected[MAX_SEATS + 1];
    int presence_changed;
    int stopping;
    PageMove *head, *tail;
    int queued;
    Conn *conns;        /* every connection open, for the deadline */
    Stream *streams;    /* every event stream open */
    pthread_t ticker;
    int ticking;
    char public_origin[256]; /* "" for none */
};

/* ---- tokens ---- */

void page_tokens_make(PageTokens *tokens, const int *people, int nseats)
{
    if (sodium_init() < 0)
        abort(); /* no randomness from the system: no safe token to give */
    memset(tokens, 0, sizeof *tokens);
    unsigned char bits[16];
    for (int s = 1; s <= nseats; s++)
        if (people[s]) {
            randombytes_buf(bits, sizeof bits);
            sodium_bin2hex(tokens->seat[s], sizeof tokens->seat[s], bits, sizeof bits);
        }
    randombytes_buf(bits, sizeof bits);
    sodium_bin2hex(tokens->watch, sizeof tokens->watch, bits, sizeof bits);
}

/* The seat a token is for (0: the watchers'), or -1. Compared in constant
 * time, so that no guess learns from how long a refusal took. */
static int seat_of_token(PageServer *s, char kind, const char *token, size_t len)
{
    if (len != PAGE_TOKEN_HEX)
        return -1;
    if (kind == 'w')
        return sodium_memcmp(s->tokens.watch, token, PAGE_TOKEN_HEX) == 0 ? 0 : -1;
    int found = -1;
    for (int seat = 1; seat <= MAX_SEATS; seat++)
        if (s->tokens.seat[seat][0] && sodium_memcmp(s->tokens.seat[seat], token, PAGE_TOKEN_HEX) == 0)
            found = seat;
    return found;
}

/* ---- responses ---- */

static enum MHD_Result reply(struct MHD_Connection *c, unsigned status, const char *type,
                             const char *body, size_t len)
{
    struct MHD_Response *r =
        MHD_create_response_from_buffer(len, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (!r)
        return MHD_NO;
    /* Nothing but this server's own script, style and stream; no page may
     * frame it, no link carries the token away. */
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'none'; script-src 'self'; style-src 'self'; "
                            "connect-src 'self'; img-src 'self'; base-uri 'none'; "
                            "form-action 'none'; frame-ancestors 'none'");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "Content-Type", type);
    /* One request a connection: each request's deadline runs from its
     * connection's first byte. */
    MHD_add_response_header(r, "Connection", "close");
    enum MHD_Result ok = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result reply_text(struct MHD_Connection *c, unsigned status, const char *text)
{
    return reply(c, status, "text/plain; charset=utf-8", text, strlen(text));
}

static enum MHD_Result not_found(struct MHD_Connection *c)
{
    return reply_text(c, MHD_HTTP_NOT_FOUND, "not found\n");
}

/* ---- the event stream ---- */

struct Stream {
    Stream *prev, *next;
    PageServer *server;
    struct MHD_Connection *conn;
    int fd;         /* its socket, to see the page close it */
    int seat;
    unsigned long seen;
    int suspended;  /* parked until there is something to send */
    int tick;       /* woken by the clock: a heartbeat is due */
    int quiet;      /* ticks since the last line */
    char *buf;
    size_t len, off;
};

static void wake_console(PageServer *s)
{
    ssize_t ignored = write(s->wake[1], "", 1); /* full: it is awake already */
    (void)ignored;
}

/* Resumes the connections gathered (outside the lock: MHD takes its own). */
static void resume_all(struct MHD_Connection **conns, int n)
{
    for (int i = 0; i < n; i++)
        MHD_resume_connection(conns[i]);
}

/* The stream's next bytes: the seat's state when it changed, a heartbeat
 * when the clock woke it ("\n" keeps the stream's framing; a closed
 * page's socket fails on it), or nothing yet: the connection is parked
 * (suspended) until a state or a tick wakes it, so no thread waits. */
static ssize_t stream_read(void *cls, uint64_t pos, char *out, size_t max)
{
    (void)pos;
    Stream *st = cls;
    PageServer *s = st->server;
    if (st->off == st->len) {
        free(st->buf);
        st->buf = NULL;
        st->len = st->off = 0;
        pthread_mutex_lock(&s->lock);
        if (s->stopping) {
            pthread_mutex_unlock(&s->lock);
            return MHD_CONTENT_READER_END_OF_STREAM;
        }
        if (st->seen != s->version[st->seat]) {
            st->seen = s->version[st->seat];
            size_t n = strlen(s->state[st->seat]);
            st->buf = malloc(n + 16);
            if (st->buf)
                snprintf(st->buf, n + 16, "data: %s\n\n", s->state[st->seat]);
            st->quiet = 0;
        } else if (st->tick) {
            st->tick = 0;
            /* a comment line now and then, for proxies; else a blank byte */
            st->buf = strdup(++st->quiet >= STREAM_PING ? ": still here\n\n" : "\n");
            if (st->quiet >= STREAM_PING)
                st->quiet = 0;
        } else {
            st->suspended = 1;
            MHD_suspend_connection(st->conn); /* under the lock: a wake sees it parked */
            pthread_mutex_unlock(&s->lock);
            return 0;
        }
        pthread_mutex_unlock(&s->lock);
        if (!st->buf)
            return MHD_CONTENT_READER_END_WITH_ERROR;
        st->len = strlen(st->buf);
    }
    size_t n = st->len - st->off < max ? st->len - st->off : max;
    memcpy(out, st->buf + st->off, n);
    st->off += n;
    return (ssize_t)n;
}

static void stream_free(void *cls)
{
    Stream *st = cls;
    PageServer *s = st->server;
    pthread_mutex_lock(&s->lock);
    s->connected[st->seat]--;
    s->presence_changed = 1;
    if (st->prev)
        st->prev->next = st->next;
    else
        s->streams = st->next;
    if (st->next)
        st->next->prev = st->prev;
    pthread_mutex_unlock(&s->lock);
    wake_console(s);
    free(st->buf);
    free(st);
}

static enum MHD_Result open_stream(PageServer *s, struct MHD_Connection *c, int seat)
{
    Stream *st = calloc(1, sizeof *st);
    if (!st)
        return MHD_NO;
    st->server = s;
    st->conn = c;
    st->seat = seat;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    st->fd = info ? info->connect_fd : -1;
    /* A page that reconnects is sent the present state at once: it has
     * missed nothing, as each state is whole. */
    st->buf = strdup("retry: 1000\n\n");
    st->len = st->buf ? strlen(st->buf) : 0;
    struct MHD_Response *r =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16384, stream_read, st, stream_free);
    if (!r) {
        free(st->buf);
        free(st);
        return MHD_NO;
    }
    pthread_mutex_lock(&s->lock);
    s->connected[seat]++;
    s->presence_changed = 1;
    st->next = s->streams;
    if (s->streams)
        s->streams->prev = st;
    s->streams = st;
    pthread_mutex_unlock(&s->lock);
    wake_console(s);
    MHD_add_response_header(r, "Content-Type", "text/event-stream");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return ok;
}

/* Wakes the parked streams (of seat, or every one: -1), a tick or not.
 * Called with the lock held; the connections to resume are gathered into
 * *out (at most *n), resumed by the caller once the lock is let go. */
static int wake_streams(PageServer *s, int seat, int tick, struct MHD_Connection **out, int cap)
{
    int n = 0;
    for (Stream *st = s->streams; st; st = st->next) {
        if (seat >= 0 && st->seat != seat)
            continue;
        st->tick |= tick;
        if (st->suspended && n < cap) {
            st->suspended = 0;
            out[n++] = st->conn;
        }
    }
    return n;
}

/* ---- moves ---- */

typedef struct Body {
    char text[MOVE_MAX + 1];
    size_t len;
    int too_long;
    PageAsk ask;
    PageMove *move; /* handed to the console, its verdict awaited */
} Body;

/* What the page is told of what it asked: a move played, a move judged
 * legal, words said to the table. */
static const char *const VERDICT_KEY[] = {"played", "legal", "said"};

/* The verdict as the page gets it: {"played":true}, or false with why. */
static enum MHD_Result send_verdict(struct MHD_Connection *c, PageAsk ask, const char *why)
{
    char json_ok[32];
    if (!why) {
        int n = snprintf(json_ok, sizeof json_ok, "{\"%s\":true}", VERDICT_KEY[ask]);
        return reply(c, MHD_HTTP_OK, "application/json", json_ok, (size_t)n);
    }
    /* The reason in JSON: a string of the console's words. */
    size_t n = strlen(why);
    char *json = malloc(n * 6 + 32), *o = json;
    if (!json)
        return MHD_NO;
    o += sprintf(o, "{\"%s\":false,\"why\":\"", VERDICT_KEY[ask]);
    for (const unsigned char *p = (const unsigned char *)why; *p; p++)
        if (*p == '"' || *p == '\\')
            o += sprintf(o, "\\%c", *p);
        else if (*p < 0x20)
            o += sprintf(o, "\\u%04x", *p);
        else
            *o++ = (char)*p;
    strcpy(o, "\"}");
    enum MHD_Result ok = reply(c, MHD_HTTP_OK, "application/json", json, strlen(json));
    free(json);
    return ok;
}

/* Hands the move to the console, and parks its request (no thread waits)
 * until the verdict wakes it. */
static enum MHD_Result send_move(PageServer *s, struct MHD_Connection *c, int seat, PageAsk ask, Body *b)
{
    if (b->too_long)
        return reply_text(c, MHD_HTTP_CONTENT_TOO_LARGE, "a move is at most 512 bytes\n");
    PageMove *m = calloc(1, sizeof *m);
    if (!m)
        return MHD_NO;
    m->seat = seat;
    m->ask = ask;
    memcpy(m->text, b->text, b->len);
    m->conn = c;
    m->queued_at = time(NULL);
    pthread_mutex_lock(&s->lock);
    if (s->queued >= QUEUE_MAX || s->stopping) {
        pthread_mutex_unlock(&s->lock);
        free(m);
        return reply_text(c, MHD_HTTP_SERVICE_UNAVAILABLE, "too many moves at once: send it again\n");
    }
    if (s->tail)
        s->tail->next = m;
    else
        s->head = m;
    s->tail = m;
    s->queued++;
    b->move = m;
    m->suspended = 1;
    MHD_suspend_connection(c); /* under the lock: the verdict finds it parked */
    pthread_mutex_unlock(&s->lock);
    wake_console(s);
    return MHD_YES;
}

/* The request of a move woken again: its verdict, or why there is none.
 * Whoever comes last frees the move: this request, or the console. */
static enum MHD_Result move_woken(PageServer *s, struct MHD_Connection *c, Body *b)
{
    PageMove *m = b->move;
    pthread_mutex_lock(&s->lock);
    int done = m->done;
    char *why = m->why;
    m->why = NULL;
    b->move = NULL;
    if (done || !m->taken) {
        /* answered, or not taken yet (the console never will: abandoned
         * below, and dropped when it comes to it) */
        if (done)
            free(m);
        else
            m->abandoned = 1;
    } else
        m->abandoned = 1; /* the console frees it with its verdict */
    pthread_mutex_unlock(&s->lock);
    if (!done)
        return reply_text(c, MHD_HTTP_SERVICE_UNAVAILABLE,
                          "the referee's console is busy: your move was not played, send it again\n");
    enum MHD_Result ok = send_verdict(c, b->ask, why);
    free(why);
    return ok;
}

PageMove *page_server_next_move(PageServer *s, int *seat, const char **text, PageAsk *ask)
{
    pthread_mutex_lock(&s->lock);
    PageMove *m;
    while ((m = s->head) != NULL) {
        s->head = m->next;
        if (!s->head)
            s->tail = NULL;
        s->queued--;
        if (!m->abandoned) {
            m->taken = 1;
            break;
        }
        free(m); /* its page gave up before its turn came: not played */
    }
    pthread_mutex_unlock(&s->lock);
    if (m) {
        *seat = m->seat;
        *text = m->text;
        *ask = m->ask;
    }
    return m;
}

void page_server_answer(PageServer *s, PageMove *m, const char *why)
{
    struct MHD_Connection *wake = NULL;
    pthread_mutex_lock(&s->lock);
    if (m->abandoned) {
        free(m);
    } else {
        m->why = why ? strdup(why) : NULL;
        if (why && !m->why)
            m->why = strdup("out of memory");
        m->done = 1;
        if (m->suspended) {
            m->suspended = 0;
            wake = m->conn;
        }
    }
    pthread_mutex_unlock(&s->lock);
    if (wake)
        MHD_resume_connection(wake);
}

/* ---- routes ---- */

static void free_body(void *cls, struct MHD_Connection *c, void **req, enum MHD_RequestTerminationCode why)
{
    (void)c;
    (void)why;
    PageServer *s = cls;
    Body *b = *req;
    if (b && b->move) { /* its page went away while the move waited */
        pthread_mutex_lock(&s->lock);
        if (b->move->done) {
            free(b->move->why);
            free(b->move);
        } else
            b->move->abandoned = 1;
        pthread_mutex_unlock(&s->lock);
    }
    free(b);
    *req = NULL;
}

/* ---- connections: each one's deadline ---- */

static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe)
{
    PageServer *s = cls;
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        Conn *k = calloc(1, sizeof *k);
        if (!k)
            return;
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        k->fd = info ? info->connect_fd : -1;
        k->started = time(NULL);
        pthread_mutex_lock(&s->lock);
        k->next = s->conns;
        if (s->conns)
            s->conns->prev = k;
        s->conns = k;
        pthread_mutex_unlock(&s->lock);
        *socket_context = k;
    } else if (*socket_context) {
        Conn *k = *socket_context;
        pthread_mutex_lock(&s->lock);
        if (k->prev)
            k->prev->next = k->next;
        else
            s->conns = k->next;
        if (k->next)
            k->next->prev = k->prev;
        pthread_mutex_unlock(&s->lock);
        free(k);
        *socket_context = NULL;
    }
}

/* The connection's request came whole: its deadline is met. */
static void request_whole(PageServer *s, struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    Conn *k = info ? info->socket_context : NULL;
    if (!k)
        return;
    pthread_mutex_lock(&s->lock);
    k->whole = 1;
    pthread_mutex_unlock(&s->lock);
}

/* Whether a move came from the table's own pages. A browser says where a
 * POST comes from (Origin) and whether from this site (Sec-Fetch-Site):
 * a page of another site that knows a link (a no-cors fetch) is refused.
 * A request that says neither (a script, curl with the link) comes from
 * whoever holds the link, as a page does. */
static int from_own_pages(PageServer *s, struct MHD_Connection *c)
{
    const char *site = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-Fetch-Site");
    if (site && strcmp(site, "same-origin") != 0)
        return 0;
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    if (!origin)
        return 1;
    /* The public address (behind a proxy, or a name) is the pages' own. */
    if (s->public_origin[0] && strcmp(origin, s->public_origin) == 0)
        return 1;
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    const char *rest = strstr(origin, "://");
    return host && rest && strcmp(rest + 3, host) == 0;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **req)
{
    (void)version;
    PageServer *s = cls;
    int get = strcmp(method, "GET") == 0, post = strcmp(method, "POST") == 0;
    /* A GET (and a POST's last call) means the request came whole. */
    if (!post || (*req && !*upload_size))
        request_whole(s, c);
    if (get && strcmp(url, "/page.js") == 0)
        return reply(c, MHD_HTTP_OK, "text/javascript; charset=utf-8", PAGE_JS, PAGE_JS_LEN);
    if (get && strcmp(url, "/page.css") == 0)
        return reply(c, MHD_HTTP_OK, "text/css; charset=utf-8", PAGE_CSS, PAGE_CSS_LEN);
    if (get && strcmp(url, "/favicon.ico") == 0)
        return reply(c, MHD_HTTP_NO_CONTENT, "image/x-icon", "", 0);
    /* /s/TOKEN[/what] for a seat, /w/TOKEN[/what] for the watchers */
    if ((url[0] != '/' || (url[1] != 's' && url[1] != 'w') || url[2] != '/'))
        return not_found(c);
    const char *token = url + 3, *what = strchr(token, '/');
    size_t len = what ? (size_t)(what - token) : strlen(token);
    pthread_mutex_lock(&s->lock);
    int seat = seat_of_token(s, url[1], token, len);
    pthread_mutex_unlock(&s->lock);
    if (seat < 0)
        return not_found(c);
    what = what ? what + 1 : "";
    PageAsk ask = strcmp(what, "move") == 0 ? PAGE_MOVE : strcmp(what, "judge") == 0 ? PAGE_JUDGE
                : strcmp(what, "talk") == 0 ? PAGE_TALK : PAGE_ASKS;
    if (post && ask != PAGE_ASKS && url[1] == 's') {
        Body *b = *req;
        if (!b) {
            if (!(b = calloc(1, sizeof *b)))
                return MHD_NO;
            *req = b;
            return MHD_YES;
        }
        if (*upload_size) {
            if (b->len + *upload_size > MOVE_MAX)
                b->too_long = 1;
            else {
                memcpy(b->text + b->len, upload, *upload_size);
                b->len += *upload_size;
            }
            *upload_size = 0;
            return MHD_YES;
        }
        if (b->move) /* woken: the verdict came, or the wait ended */
            return move_woken(s, c, b);
        if (!from_own_pages(s, c))
            return reply_text(c, MHD_HTTP_FORBIDDEN, "moves come from the table's own pages only\n");
        b->ask = ask;
        return send_move(s, c, seat, ask, b);
    }
    if (!get)
        return reply_text(c, MHD_HTTP_METHOD_NOT_ALLOWED, "not allowed\n");
    if (!*what)
        return reply(c, MHD_HTTP_OK, "text/html; charset=utf-8", PAGE_HTML, PAGE_HTML_LEN);
    if (strcmp(what, "events") == 0)
        return open_stream(s, c, seat);
    if (strcmp(what, "state") == 0) {
        pthread_mutex_lock(&s->lock);
        char *json = strdup(s->state[seat] ? s->state[seat] : "{}");
        pthread_mutex_unlock(&s->lock);
        if (!json)
            return MHD_NO;
        enum MHD_Result ok = reply(c, MHD_HTTP_OK, "application/json", json, strlen(json));
        free(json);
        return ok;
    }
    return not_found(c);
}

/* ---- the clock ---- */

/* Every tick: the streams woken (a heartbeat, so a closed page's socket
 * fails and its dot goes out), requests past their deadline cut off
 * (their socket shut: the server sees it closed), and moves that waited
 * too long for a verdict woken to say so. */
static void *tick(void *cls)
{
    PageServer *s = cls;
    struct MHD_Connection *wake[CONNECTIONS_MAX + QUEUE_MAX];
    pthread_mutex_lock(&s->lock);
    while (!s->stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += (long)TICK_MS * 1000000L;
        until.tv_sec += until.tv_nsec / 1000000000L;
        until.tv_nsec %= 1000000000L;
        while (!s->stopping && pthread_cond_timedwait(&s->published, &s->lock, &until) != ETIMEDOUT)
            ;
        if (s->stopping)
            break;
        time_t now = time(NULL);
        /* A page that closed its stream sent its end (a page sends
         * nothing else on it): its socket is shut, so the server drops it
         * at once rather than when a write fails. */
        char peek;
        for (Stream *st = s->streams; st; st = st->next)
            if (st->fd >= 0 && recv(st->fd, &peek, 1, MSG_PEEK | MSG_DONTWAIT) == 0) {
                shutdown(st->fd, SHUT_RDWR);
                st->fd = -1;
            }
        int n = wake_streams(s, -1, 1, wake, CONNECTIONS_MAX);
        for (PageMove *m = s->head; m; m = m->next)
            if (m->suspended && now - m->queued_at >= VERDICT_SECONDS && n < CONNECTIONS_MAX + QUEUE_MAX) {
                m->suspended = 0;
                wake[n++] = m->conn;
            }
        for (Conn *k = s->conns; k; k = k->next)
            if (!k->whole && !k->cut && k->fd >= 0 && now - k->started >= REQUEST_SECONDS) {
                k->cut = 1;
                shutdown(k->fd, SHUT_RDWR);
            }
        pthread_mutex_unlock(&s->lock);
        resume_all(wake, n);
        pthread_mutex_lock(&s->lock);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* ---- the server ---- */

/* Whether another socket listens at addr already: a bind of our own there
 * is refused as in use. */
static int port_in_use(const struct sockaddr_in *addr)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    int one = 1; /* as the server binds: a port left in TIME_WAIT is free */
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    int taken = bind(fd, (const struct sockaddr *)addr, sizeof *addr) != 0 && errno == EADDRINUSE;
    close(fd);
    return taken;
}

PageServer *page_server_start(const char *host, int port, const PageTokens *tokens,
                              const PageReach *reach, char *err, size_t errsize)
{
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
        snprintf(err, errsize, "'%s' is no IPv4 address: --listen takes ADDRESS:PORT, such as "
                               "127.0.0.1:8080 or 0.0.0.0:8080", host);
        return NULL;
    }
    /* A thousand connections need a thousand descriptors: the soft limit
     * (1,024 by default) is raised as far as the hard one allows. */
    struct rlimit files;
    if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < CONNECTIONS_MAX + 256) {
        files.rlim_cur = files.rlim_max < CONNECTIONS_MAX + 256 ? files.rlim_max : CONNECTIONS_MAX + 256;
        setrlimit(RLIMIT_NOFILE, &files);
    }
    PageServer *s = calloc(1, sizeof *s);
    if (!s || pipe(s->wake) != 0) {
        snprintf(err, errsize, "out of memory or file descriptors");
        free(s);
        return NULL;
    }
    fcntl(s->wake[0], F_SETFL, O_NONBLOCK);
    fcntl(s->wake[1], F_SETFL, O_NONBLOCK);
    fcntl(s->wake[0], F_SETFD, FD_CLOEXEC);
    fcntl(s->wake[1], F_SETFD, FD_CLOEXEC);
    s->tokens = *tokens;
    if (reach->public_origin)
        snprintf(s->public_origin, sizeof s->public_origin, "%s", reach->public_origin);
    int tls = reach->cert_pem && reach->key_pem;
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->published, NULL);
    /* One thread and epoll for every connection; a request that waits (a
     * move for its verdict, a stream for its next state) is parked, not
     * a thread held. */
    s->daemon = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | (tls ? MHD_USE_TLS : 0), 0,
        NULL, NULL, on_request, s,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)CONNECTIONS_MAX, MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)PER_ADDRESS_MAX,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_SECONDS, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        (size_t)16384, MHD_OPTION_NOTIFY_COMPLETED, free_body, s, MHD_OPTION_NOTIFY_CONNECTION,
        on_connection, s,
        /* (with no TLS, MHD_OPTION_END ends the list here) */
        tls ? MHD_OPTION_HTTPS_MEM_CERT : MHD_OPTION_END, reach->cert_pem,
        MHD_OPTION_HTTPS_MEM_KEY, reach->key_pem, MHD_OPTION_END);
    /* (No SO_REUSEPORT: with it a second table on the port started without
     * complaint and the kernel split the connections between the two.) */
    if (!s->daemon) {
        if (tls && !port_in_use(&addr))
            snprintf(err, errsize, "cannot serve TLS on %s:%d with that certificate and key (are "
                                   "they PEM files, and the key the certificate's?)", host, port);
        else if (port_in_use(&addr))
            snprintf(err, errsize, "the port %d on %s is in use (another table? a table owns its "
                                   "port alone): --listen ADDRESS:PORT chooses another", port, host);
        else
            snprintf(err, errsize, "cannot listen on %s:%d: --listen ADDRESS:PORT chooses another",
                     host, port);
        page_server_stop(s);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info ? info->port : port;
    s->ticking = pthread_create(&s->ticker, NULL, tick, s) == 0;
    return s;
}

void page_server_forget_other_tokens(PageServer *s, const PageTokens *tokens)
{
    pthread_mutex_lock(&s->lock);
    for (int seat = 1; seat <= MAX_SEATS; seat++)
        if (!tokens->seat[seat][0])
            s->tokens.seat[seat][0] = '\0';
    pthread_mutex_unlock(&s->lock);
}

int page_server_port(const PageServer *s)
{
    return s->port;
}

int page_server_wake_fd(const PageServer *s)
{
    return s->wake[0];
}

int page_server_presence_changed(PageServer *s)
{
    pthread_mutex_lock(&s->lock);
    int changed = s->presence_changed;
    s->presence_changed = 0;
    pthread_mutex_unlock(&s->lock);
    return changed;
}

int page_server_connected(PageServer *s, int seat)
{
    pthread_mutex_lock(&s->lock);
    int n = s->connected[seat];
    pthread_mutex_unlock(&s->lock);
    return n;
}

void page_server_publish(PageServer *s, int seat, const char *json)
{
    char *copy = strdup(json);
    if (!copy)
        return;
    struct MHD_Connection *wake[CONNECTIONS_MAX];
    int n = 0;
    pthread_mutex_lock(&s->lock);
    if (s->state[seat] && strcmp(s->state[seat], copy) == 0) {
        free(copy); /* nothing new for this seat's pages */
    } else {
        free(s->state[seat]);
        s->state[seat] = copy;
        s->version[seat]++;
        n = wake_streams(s, seat, 0, wake, CONNECTIONS_MAX);
    }
    pthread_mutex_unlock(&s->lock);
    resume_all(wake, n);
}

char *page_server_state(PageServer *s, int seat)
{
    pthread_mutex_lock(&s->lock);
    char *copy = s->state[seat] ? strdup(s->state[seat]) : NULL;
    pthread_mutex_unlock(&s->lock);
    return copy;
}

void page_server_stop(PageServer *s)
{
    if (!s)
        return;
    /* Every parked request is woken before the daemon stops (MHD asks it):
     * the streams end, the moves are told the table stops. */
    struct MHD_Connection *wake[CONNECTIONS_MAX + QUEUE_MAX];
    pthread_mutex_lock(&s->lock);
    s->stopping = 1;
    pthread_cond_broadcast(&s->published);
    int n = wake_streams(s, -1, 0, wake, CONNECTIONS_MAX);
    for (PageMove *m = s->head; m; m = m->next)
        if (m->suspended) {
            m->suspended = 0;
            wake[n++] = m->conn;
        }
    pthread_mutex_unlock(&s->lock);
    if (s->ticking)
        pthread_join(s->ticker, NULL);
    resume_all(wake, n);
    if (s->daemon)
        MHD_stop_daemon(s->daemon);
    for (PageMove *m = s->head, *next; m; m = next) {
        next = m->next;
        free(m);
    }
    for (int i = 0; i <= MAX_SEATS; i++)
        free(s->state[i]);
    close(s->wake[0]);
    close(s->wake[1]);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->published);
    free(s);
}
