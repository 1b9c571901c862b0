/* repl_internal: the REPL's state, shared by its own files (repl.c, the
 * commands and line editing; repl_served.c, a served table's console)
 * and no other. */
#ifndef REFEREE_REPL_INTERNAL_H
#define REFEREE_REPL_INTERNAL_H

#include "repl.h"

/* The rules give at most 64 status lines (rules_reply.c). */
#define MAX_STATUS_LINES 64

struct Repl {
    Match m;                /* the game, its seats and its inbox (core/play/match.h) */
    const ReplServe *serve; /* a served table's (serve/): people play on their pages, or NULL */
    int interactive;
    int errors;
    int quit;
    /* The line being played was typed without 'play': a word that is no
     * command, taken for a move. */
    int bare;
    const char *meant; /* with bare: the command the line may be a slip from, or NULL */
    /* At a hot seat, a person who called at the pass prompt: they answer
     * the claim window before the one the keyboard was passed to. */
    int calling;
    /* A prompt whose wait a claim window's time may end (the seat's own,
     * the pass prompt), and whether it did (screen_window_time). */
    int timed_prompt;
    int time_up;
    /* Whose private things (hand, dice) the screen shows now: 0 for none. */
    int on_screen;
    int private_on_screen; /* what on_screen's seat sees alone is on the screen */
    char *headline; /* what 'new' or 'load' said, shown on the first pass screen too (or NULL) */
    /* The status lines shown last, so that each turn shows what changed. */
    char *status[MAX_STATUS_LINES];
    int nstatus;
    /* What the console showed last of a served table: the game's moves
     * and the answers held in its window (repl_catch_up). */
    int shown_moves, shown_answers;
    FILE *in; /* the lines, when not a terminal (readline's otherwise) */
    int executing; /* a command runs: pages' moves wait until it is done */
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
#define SCREEN_CALLER 4     /* someone else in the claim window sat down to call: r->on_screen */
#define SCREEN_TIME_UP 5    /* the claim window's time ran out at the pass prompt (time_up) */
int screen_sit_down(Repl *r, int seat, int from, int may_take_back);
/* The seat of the person at this keyboard who answers now: one who
 * called at the pass prompt, else the first person the decision asks
 * who has not answered; 0 at a served table (the people are on their
 * pages) or when none is asked. */
int screen_console_seat(Repl *r);
/* readline's keys at a hot seat: a claim window's time (--claim-time)
 * ends a timed prompt's wait as an empty line, time_up set. */
int screen_timed_getc(FILE *f);
void screen_use_clock(Repl *r);
/* What 'new' or 'load' says (malloc'd, lines ended): printed, and shown
 * again on the first pass screen. */
void screen_announce(Repl *r, char *text);
/* Whether the game in progress may be dropped (quit, new, Ctrl-D): yes
 * with nothing unsaved; else a person is asked. */
int screen_may_drop_game(Repl *r, const char *doing);

/* A mistake the person made, said on stderr in people's words (a piped
 * script's exit status becomes 1). */
void repl_error(Repl *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A real table's commands (table_commands.c): the table's own ruling, a
 * misdeal dealt again, a mistyped move or dice corrected. */
void repl_cmd_ruling(Repl *r, int argc, char **argv, const char *rest);
void repl_cmd_redeal(Repl *r, int argc, char **argv, const char *rest);
void repl_cmd_correct(Repl *r, int argc, char **argv, const char *rest);
/* Real dice (--table dice): the values asked at the console (Match's
 * type_dice; ctx the Repl). */
int repl_type_dice(void *ctx, Table *t, int n, const int *dice, int *values, char *why,
                   size_t size);

/* The served table's own console commands (served_commands.c): links,
 * qr N, nudge, talk. */
void repl_cmd_links(Repl *r, int argc, char **argv, const char *rest);
void repl_cmd_nudge(Repl *r, int argc, char **argv, const char *rest);
void repl_cmd_talk(Repl *r, int argc, char **argv, const char *rest);
/* At a served table a save is taken up only if its people sit where the
 * links are (people: the game's before the load; before: its record);
 * else the game goes back to as it was, and why is said. 1 when it fits. */
int repl_served_load_fits(Repl *r, unsigned people, char *before);

/* Ctrl-C during the command running (the rules stopped by a hook). */
extern volatile sig_atomic_t repl_interrupted;
/* Whether there is a game; else says how to start one. */
int repl_need_game(Repl *r);
/* The decision now due, or 0 after saying why there is none (no game, the
 * game is over, or the rules failed to say). */
int repl_decision_due(Repl *r, const Ask **p);

/* ---- a person's turn at the console (turns.c) ---- */

/* seat's answer (0: the person at the keyboard), given to the match, and
 * what follows shown. */
void turn_play(Repl *r, int seat, const char *text);
/* What the match said of an answer (why: malloc'd, taken), shown. */
void turn_answered_with(Repl *r, MatchAnswer a, char *why);
/* A refusal, and for a line typed without 'play' that the rules did not
 * explain as a move, that it is no command either. */
void turn_refused(Repl *r, int illegal, const char *why);
/* The game's last failure (GAME_SCRIPT, GAME_ILLEGAL) said. */
void turn_report(Repl *r, GameStatus st);
/* The bots play until a person must answer; then what happened and what
 * is due is shown. */
void turn_advance(Repl *r);
/* Before each prompt: the keyboard passes first to whoever answers, when
 * a pass is due. */
void turn_seat_who_answers(Repl *r);
/* A claim window's time ran out while a prompt waited: silence passes. */
void turn_window_time_up(Repl *r);
/* The status lines for seat, whole; forgotten, the next are shown whole. */
void turn_show_status(Repl *r, int seat);
void turn_forget_status(Repl *r);

/* At a served table, after the pages' answers: what changed, shown on
 * the console as after a typed one. */
void repl_catch_up(Repl *r);

/* How a served table's console reads (repl_served.c, which gives it to
 * the REPL: the REPL knows it only by these). */
typedef struct ServedConsole {
    const ReplServe *serve;
    /* readline's keys from now on, the pages' moves taken between them */
    void (*begin)(Repl *r);
    /* a script's next line, the pages' moves taken while it waits; 0 at its end */
    int (*line)(Repl *r, char **line, size_t *cap);
} ServedConsole;

/* The REPL as a served table's console (repl_serve is its caller). */
int repl_run_served(lua_State *L, const char *rules_path, const char *bots_path,
                    const GameArgs *start, const ReplGuard *guard, const ServedConsole *console);

#endif
