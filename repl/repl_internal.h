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
    char *headline; /* what 'new' or 'load' said, shown on the first pass screen too (or NULL) */
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
        const Table *t;
        const int *dice; /* the dice read */
        int *values;     /* where the typed values go */
        int done;    /* 1 typed, -1 cancelled */
    } dice;
    int moving_seat; /* the seat whose move is being played (for the dice it asks for), or 0 */
};

/* ---- the screen a table of people shares (screen.c) ---- */

/* Ctrl-D's (ends of input) in a row after which the terminal is taken
 * for gone (a hung-up terminal answers every read with one). */
#define ENDS_BEFORE_GONE 8

/* Whose knowledge the log is shown with: the one person's at a table of
 * one person, else a spectator's (0). */
int screen_log_viewer(const Repl *r);
/* ... and on the screen now: at a hot seat's terminal, the person who
 * last sat down. */
int screen_viewer(const Repl *r);
/* The log since it was last shown, as viewer may know it (its own lines
 * make the next pass come), or as the screen's viewer. */
void screen_show_log_as(Repl *r, int viewer);
void screen_show_new_log(Repl *r);
/* Private hot seat: before seat answers, the keyboard passes when the
 * next thing drawn is private to someone other than the person who last
 * sat down. from: the log entries to show again on the clean screen;
 * may_take_back: the pass prompt offers 'back'. 0 when nobody passed, 1
 * when seat sat down, or: */
#define SCREEN_TAKEN_BACK 2 /* the last person took their move back */
#define SCREEN_LEFT 3       /* the table quit at the pass prompt */
int screen_sit_down(Repl *r, int seat, int from, int may_take_back);
/* What 'new' or 'load' says (malloc'd, lines ended): printed, and shown
 * again on the first pass screen. */
void screen_announce(Repl *r, char *text);
/* Whether the game in progress may be dropped (quit, new, Ctrl-D): yes
 * with nothing unsaved; else a person is asked. */
int screen_may_drop_game(Repl *r, const char *doing);

/* Who is to type real dice the rules read: the seat that sees them all,
 * the one whose move it is first; 0 for none. *all: everyone sees them. */
int repl_dice_seer(const Repl *r, const Table *t, int n, const int *dice, int *all);
/* n dice values typed ("6 5", "6,5"), each a face of its die, into
 * values; 0 when the text is not that. */
int repl_read_dice(const Table *t, int n, const int *dice, const char *text, int *values);
/* seat's answer, as a line typed for it (repl.c). */
void repl_play_as(Repl *r, int seat, const char *text);

/* How a served table's console reads and asks (repl_served.c, which
 * gives it to the REPL: the REPL knows it only by these). */
typedef struct ServedConsole {
    const ReplServe *serve;
    /* readline's keys from now on, the pages' moves taken between them */
    void (*begin)(Repl *r);
    /* a script's next line, the pages' moves taken while it waits; 0 at its end */
    int (*line)(Repl *r, char **line, size_t *cap);
    /* the Session's TypedDiceFn: the page of who lifts the cup types them */
    TypedDiceFn type_dice;
} ServedConsole;

/* The REPL as a served table's console (repl_serve is its caller). */
int repl_run_served(lua_State *L, const char *rules_path, const char *bots_path,
                    const GameArgs *start, const ReplGuard *guard, const ServedConsole *console);

#endif
