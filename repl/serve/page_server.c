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
#include <unistd.h>
#include "page_assets.h"

/* A move is a line of words: anything longer is no move. */
#define MOVE_MAX 512
/* Moves waiting for the console at once: more is a flood, refused. */
#define QUEUE_MAX 64
/* Connections at once (each a thread with a small stack): a table of 8
 * people and 20 watchers, their reconnects, and room to spare; past it new
 * ones are refused while those in play go on. */
#define CONNECTIONS_MAX 1000
/* Seconds a connection may sit silent before it is closed (a page's event
 * stream sends a comment line every STREAM_PING seconds, so never is). */
#define IDLE_SECONDS 20
#define STREAM_PING 10
/* Seconds a page waits for the console's verdict on its move: long, as a
 * move that reads real dice waits for them to be typed. */
#define VERDICT_SECONDS 600

struct PageMove {
    PageMove *next;
    int seat;
    char text[MOVE_MAX + 1];
    int done;      /* the console has given its verdict */
    int abandoned; /* the page stopped waiting: whoever comes last frees it */
    char *why;
};

struct PageServer {
    struct MHD_Daemon *daemon;
    PageTokens tokens;
    int port;
    int wake[2];
    pthread_mutex_t lock;
    pthread_cond_t published; /* a seat's state changed, or the server stops */
    pthread_cond_t answered;  /* a verdict was given */
    char *state[MAX_SEATS + 1];
    unsigned long version[MAX_SEATS + 1];
    int connected[MAX_SEATS + 1];
    int presence_changed;
    int stopping;
    PageMove *head, *tail;
    int queued;
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

typedef struct Stream {
    PageServer *server;
    int seat;
    unsigned long seen;
    char *buf;
    size_t len, off;
} Stream;

static void wake_console(PageServer *s)
{
    ssize_t ignored = write(s->wake[1], "", 1); /* full: it is awake already */
    (void)ignored;
}

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
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += STREAM_PING;
        while (!s->stopping && st->seen == s->version[st->seat])
            if (pthread_cond_timedwait(&s->published, &s->lock, &until) == ETIMEDOUT)
                break;
        if (s->stopping) {
            pthread_mutex_unlock(&s->lock);
            return MHD_CONTENT_READER_END_OF_STREAM;
        }
        if (st->seen == s->version[st->seat]) {
            pthread_mutex_unlock(&s->lock);
            static const char ping[] = ": still here\n\n";
            st->buf = strdup(ping);
        } else {
            st->seen = s->version[st->seat];
            size_t n = strlen(s->state[st->seat]);
            st->buf = malloc(n + 16);
            if (st->buf)
                snprintf(st->buf, n + 16, "data: %s\n\n", s->state[st->seat]);
            pthread_mutex_unlock(&s->lock);
        }
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
    st->seat = seat;
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
    pthread_mutex_unlock(&s->lock);
    wake_console(s);
    MHD_add_response_header(r, "Content-Type", "text/event-stream");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return ok;
}

/* ---- moves ---- */

typedef struct Body {
    char text[MOVE_MAX + 1];
    size_t len;
    int too_long;
} Body;

/* Hands the move to the console and waits for its verdict. */
static enum MHD_Result send_move(PageServer *s, struct MHD_Connection *c, int seat, const Body *b)
{
    if (b->too_long)
        return reply_text(c, MHD_HTTP_CONTENT_TOO_LARGE, "a move is at most 512 bytes\n");
    PageMove *m = calloc(1, sizeof *m);
    if (!m)
        return MHD_NO;
    m->seat = seat;
    memcpy(m->text, b->text, b->len);
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
    pthread_mutex_unlock(&s->lock);
    wake_console(s);

    pthread_mutex_lock(&s->lock);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += VERDICT_SECONDS;
    while (!m->done && !s->stopping)
        if (pthread_cond_timedwait(&s->answered, &s->lock, &until) == ETIMEDOUT)
            break;
    if (!m->done) {
        m->abandoned = 1; /* freed by the console, or by stop */
        pthread_mutex_unlock(&s->lock);
        return reply_text(c, MHD_HTTP_SERVICE_UNAVAILABLE,
                          "the referee's console is busy: your move was not played, send it again\n");
    }
    pthread_mutex_unlock(&s->lock);
    char *why = m->why;
    free(m);
    enum MHD_Result ok;
    if (!why)
        ok = reply(c, MHD_HTTP_OK, "application/json", "{\"played\":true}", 15);
    else {
        /* The reason in JSON: a string of the console's words. */
        size_t n = strlen(why);
        char *json = malloc(n * 6 + 32), *o = json;
        if (!json) {
            free(why);
            return MHD_NO;
        }
        o += sprintf(o, "{\"played\":false,\"why\":\"");
        for (const unsigned char *p = (const unsigned char *)why; *p; p++)
            if (*p == '"' || *p == '\\')
                o += sprintf(o, "\\%c", *p);
            else if (*p < 0x20)
                o += sprintf(o, "\\u%04x", *p);
            else
                *o++ = (char)*p;
        strcpy(o, "\"}");
        ok = reply(c, MHD_HTTP_OK, "application/json", json, strlen(json));
        free(json);
        free(why);
    }
    return ok;
}

PageMove *page_server_next_move(PageServer *s, int *seat, const char **text)
{
    pthread_mutex_lock(&s->lock);
    PageMove *m;
    while ((m = s->head) != NULL) {
        s->head = m->next;
        if (!s->head)
            s->tail = NULL;
        s->queued--;
        if (!m->abandoned)
            break;
        free(m); /* its page gave up before its turn came: not played */
    }
    pthread_mutex_unlock(&s->lock);
    if (m) {
        *seat = m->seat;
        *text = m->text;
    }
    return m;
}

void page_server_answer(PageServer *s, PageMove *m, const char *why)
{
    pthread_mutex_lock(&s->lock);
    if (m->abandoned) {
        free(m);
    } else {
        m->why = why ? strdup(why) : NULL;
        if (why && !m->why)
            m->why = strdup("out of memory");
        m->done = 1;
        pthread_cond_broadcast(&s->answered);
    }
    pthread_mutex_unlock(&s->lock);
}

/* ---- routes ---- */

static void free_body(void *cls, struct MHD_Connection *c, void **req, enum MHD_RequestTerminationCode why)
{
    (void)cls;
    (void)c;
    (void)why;
    free(*req);
    *req = NULL;
}

/* Whether a move came from the table's own pages. A browser says where a
 * POST comes from (Origin) and whether from this site (Sec-Fetch-Site):
 * a page of another site that knows a link (a no-cors fetch) is refused.
 * A request that says neither (a script, curl with the link) comes from
 * whoever holds the link, as a page does. */
static int from_own_pages(struct MHD_Connection *c)
{
    const char *site = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-Fetch-Site");
    if (site && strcmp(site, "same-origin") != 0)
        return 0;
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    if (!origin)
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
    if (post && strcmp(what, "move") == 0 && url[1] == 's') {
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
        if (!from_own_pages(c))
            return reply_text(c, MHD_HTTP_FORBIDDEN, "moves come from the table's own pages only\n");
        return send_move(s, c, seat, b);
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

PageServer *page_server_start(const char *host, int port, const PageTokens *tokens, char *err,
                              size_t errsize)
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
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->published, NULL);
    pthread_cond_init(&s->answered, NULL);
    s->daemon = MHD_start_daemon(
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL, 0, NULL,
        NULL, on_request, s, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)CONNECTIONS_MAX, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned)IDLE_SECONDS, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)16384,
        MHD_OPTION_THREAD_STACK_SIZE, (size_t)(128 * 1024), MHD_OPTION_NOTIFY_COMPLETED,
        free_body, NULL, MHD_OPTION_END);
    /* (No SO_REUSEPORT: with it a second table on the port started without
     * complaint and the kernel split the connections between the two.) */
    if (!s->daemon) {
        if (port_in_use(&addr))
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
    pthread_mutex_lock(&s->lock);
    if (s->state[seat] && strcmp(s->state[seat], copy) == 0) {
        free(copy); /* nothing new for this seat's pages */
    } else {
        free(s->state[seat]);
        s->state[seat] = copy;
        s->version[seat]++;
        pthread_cond_broadcast(&s->published);
    }
    pthread_mutex_unlock(&s->lock);
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
    pthread_mutex_lock(&s->lock);
    s->stopping = 1;
    pthread_cond_broadcast(&s->published);
    pthread_cond_broadcast(&s->answered);
    pthread_mutex_unlock(&s->lock);
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
    pthread_cond_destroy(&s->answered);
    free(s);
}
