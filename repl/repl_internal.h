/* repl_internal: the REPL's state, shared by its own files (repl.c, the
 * commands and line editing; repl_served.c, a served table's console)
 * and no other. */
#ifndef REFEREE_REPL_INTERNAL_H
#define REFEREE_REPL_INTERNAL_H

#include "repl.h"

/* The rules give at most 64 status lines (rules_reply.c). */
#define MAX_STATUS_LINES 64

struct Repl {
    Session s;
    const ReplServe *serve; /* a served table's (serve/): people play on their pages, or NULL */
    char *captured;         /* with capturing: the last error, for a page (malloc'd) */
    int capturing;
    int interactive;
    int errors;
    int quit;
    /* The line being played was typed without 'play': a word that is no
     * command, taken for a move. */
    int bare;
    const char *meant; /* with bare: the command the line may be a slip from, or NULL */
    /* Answers people gave in an open claim window, in the order given. */
    int wn;
    int wseats[MAX_SEATS];
    char *wmoves[MAX_SEATS];
    /* Whose private things (hand, dice) the screen shows now: 0 for none. */
    int on_screen;
    int private_on_screen; /* what on_screen's seat sees alone is on the screen */
    /* The status lines shown last, so that each turn shows what changed. */
    char *status[MAX_STATUS_LINES];
    int nstatus;
    /* The game's moves when it was last saved, loaded or started. */
    int saved_moves;
    FILE *in; /* the lines, when not a terminal (readline's otherwise) */
    int executing; /* a command runs: pages' moves wait until it is done */
    /* Real dice at a served table: the seat that lifts the cup types them
     * on its page while the move that reads them waits (repl_served.c). */
    struct {
        int asked;   /* dice are to be typed now */
        int seat;    /* by whom: the one who sees them (any person when lifted) */
        int all;     /* lifted: everyone sees them */
        int n, faces;
        int *values; /* where the typed values go */
        int done;    /* 1 typed, -1 cancelled */
    } dice;
    int moving_seat; /* the seat whose move is being played (for the dice it asks for), or 0 */
};

/* seat's answer, as a line typed for it (repl.c). */
void repl_play_as(Repl *r, int seat, const char *text);

/* A served table's input (repl_served.c): readline's keys, or a script's
 * lines, with the pages' moves taken between them. */
void served_console_begin(Repl *r);
/* The Session's TypedDiceFn at a served table: the page types the dice. */
int served_type_dice(void *ctx, Table *t, int n, const int *dice, int *values, char *why,
                     size_t size);
int served_line(Repl *r, char **line, size_t *cap);

#endif
