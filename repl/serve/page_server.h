/* page_server: the web server of a served table (libmicrohttpd, on threads
 * of its own). It never touches the game: it hands each move a page sends
 * to the console's thread, in arrival order, and waits for the verdict;
 * and it streams to each page the state the console last published for
 * that page's seat (Server-Sent Events). A page is found by its token, 128
 * bits from the operating system; any other path is 404 and says nothing. */
#ifndef REFEREE_PAGE_SERVER_H
#define REFEREE_PAGE_SERVER_H

#include <stddef.h>
#include "../../core/kernel/limits.h"

#define PAGE_TOKEN_HEX 32 /* 128 bits, as hex */

typedef struct PageServer PageServer;

/* The tokens of a table: one per seat a person plays ("" for the others),
 * and the watchers'. */
typedef struct PageTokens {
    char seat[MAX_SEATS + 1][PAGE_TOKEN_HEX + 1];
    char watch[PAGE_TOKEN_HEX + 1];
} PageTokens;

/* Fills each token a person's seat needs (people[s] nonzero) with 128
 * fresh bits, and the watchers'. */
void page_tokens_make(PageTokens *tokens, const int *people, int nseats);

/* Keeps only the tokens still in tokens (a seat found to be a bot's
 * loses its own). */
void page_server_forget_other_tokens(PageServer *s, const PageTokens *tokens);

/* How the pages reach the server: over TLS with this certificate and key
 * (PEM texts; both NULL: plain HTTP), and at this public address (the
 * origin of --public-url, "https://cards.example.org", whose pages may
 * send moves as the server's own do; NULL for none). */
typedef struct PageReach {
    const char *cert_pem, *key_pem;
    const char *public_origin;
} PageReach;

/* Listens on host:port (port 0: one the system chooses); NULL with why in
 * err on failure (the port is taken, the address is not this machine's,
 * the certificate or key cannot be used). */
PageServer *page_server_start(const char *host, int port, const PageTokens *tokens,
                              const PageReach *reach, char *err, size_t errsize);
int page_server_port(const PageServer *s);
/* Readable when moves wait for the console (a byte each wake). */
int page_server_wake_fd(const PageServer *s);

/* What a page asks of the console: a move played (POST .../move), a move
 * judged without playing it (.../judge: the referee's reason before a
 * move of tapped cards is sent), words said to the table (.../talk). */
typedef enum PageAsk { PAGE_MOVE, PAGE_JUDGE, PAGE_TALK, PAGE_ASKS } PageAsk;
/* What a page sent: its seat, text and what it asks. */
typedef struct PageMove PageMove;
/* The next one waiting, in arrival order, or NULL. */
PageMove *page_server_next_move(PageServer *s, int *seat, const char **text, PageAsk *ask);
/* The console's verdict on it: NULL when done (played, legal, said),
 * else why (copied). */
void page_server_answer(PageServer *s, PageMove *m, const char *why);
/* Whether a page has come or gone since the last call (then the console
 * publishes again: everyone sees who is connected). */
int page_server_presence_changed(PageServer *s);
/* How many pages of seat (0: watchers) are connected now. */
int page_server_connected(PageServer *s, int seat);

/* The state a seat's pages show now (0: the watchers'), as JSON; copied,
 * and sent to every page of that seat that has not had it. */
void page_server_publish(PageServer *s, int seat, const char *json);
/* A copy of what seat's pages were last sent (malloc'd), or NULL. */
char *page_server_state(PageServer *s, int seat);
void page_server_stop(PageServer *s);

#endif
