/* ask: the decision the rules have asked for, kept by the kernel. The rules
 * state it with t:ask, t:ask_cards or t:ask_discards while they apply a
 * move (or set up), and the kernel builds the legal moves' texts itself:
 * no Lua table, string or call per decision, and the built-in random seat
 * picks among them in C. The buffers are kept and reused, so after the
 * first few decisions of a game asking allocates nothing. */
#ifndef REFEREE_ASK_H
#define REFEREE_ASK_H

#include <stddef.h>
#include "limits.h"

#define ASK_KIND_LEN 48
#define ASK_PROMPT_LEN 200

typedef struct Ask {
    int set;                     /* 0: nothing is asked (the game is over) */
    /* 1 while an answer to this ask is applied: set is 0 then, but kind
     * still names the decision answered, until the rules ask the next. */
    int answering;
    int seat, hidden;            /* seat: the one seat asked (the first of a window) */
    /* A claim window: several seats may answer, out of turn, each from its
     * own moves (seat i's are moves first[i] to first[i] + count[i] - 1),
     * and policy (a ClaimPolicy, counted clockwise from order_from) orders the
     * answers that arrive together. A plain ask is one seat, window 0. */
    int window, policy, order_from;
    int nseats;
    int seats[MAX_SEATS], first[MAX_SEATS], count[MAX_SEATS];
    /* "" or words, one space apart: an answer that begins with one of them
     * is the rules' to judge when it is not listed (a BAMM! claim of any
     * cards, right or wrong; the rummy's meld at a real deck), and the
     * listed moves that begin with one are not shown to people. */
    char open[ASK_KIND_LEN];
    char kind[ASK_KIND_LEN];
    char prompt[ASK_PROMPT_LEN]; /* "" when the rules gave none */
    /* 1: the moves name cards of a zone, any of which may be chosen
     * whatever it is (t:ask_cards, t:ask_trick, t:ask_discards): at a real
     * deck, one naming unknown cards stands for the same move with others
     * named (real_cards.h). Moves the rules list themselves may hang on
     * what the cards are (a set, a run), and are never renamed. */
    int any_card;
    int n, cap;                  /* the legal moves */
    int named;                   /* how many of them name a card (card[i] != 0) */
    int *start;                  /* where move i's text starts in text */
    int *card;                   /* the card move i names, or 0 */
    char *text;                  /* the texts, each NUL-terminated */
    size_t used, size;
} Ask;

void ask_init(Ask *a);
void ask_free(Ask *a);
/* A deep copy into dst (initialised or freed); 0 when out of memory. */
int ask_copy(Ask *dst, const Ask *src);

/* Starts a new decision: the moves are added next, then ask_finish. Until
 * then nothing is asked, so a failed ask leaves no half-made decision.
 * Over-long kind and prompt texts are cut (the Lua binding refuses them). */
void ask_begin(Ask *a, int seat, const char *kind, const char *prompt, int hidden);
/* Starts a claim window instead: each seat is added with ask_window_seat,
 * followed by its moves. */
void ask_begin_window(Ask *a, const char *kind, const char *prompt, int hidden, int policy,
                      int order_from, const char *open);
/* The moves added next are this seat's (at most MAX_SEATS seats). */
void ask_window_seat(Ask *a, int seat);
/* The ask's open words (see open), cut to fit. */
void ask_set_open(Ask *a, const char *open);
/* The open word text begins with (its length in *len), or NULL. */
const char *ask_open_word(const char *open, const char *text, size_t *len);
/* Adds a move: the text of len bytes and the card it names (or 0). Returns
 * 0 when out of memory. */
int ask_add(Ask *a, const char *text, size_t len, int card);
/* Adds a move whose text is prefix followed by text. */
int ask_add2(Ask *a, const char *prefix, const char *text, int card);
/* Adds n moves at once, none naming a card: their texts packed in text
 * (used bytes, each NUL-terminated), move i's starting at start[i]. */
int ask_add_packed(Ask *a, int n, const int *start, const char *text, size_t used);
/* Ends the ask: it stands from now on. */
void ask_finish(Ask *a);

static inline const char *ask_move(const Ask *a, int i)
{
    return a->text + a->start[i];
}
/* The prompt, or NULL when the rules gave none. */
static inline const char *ask_prompt(const Ask *a)
{
    return a->prompt[0] ? a->prompt : NULL;
}
/* The open words, or NULL when there are none. */
static inline const char *ask_open(const Ask *a)
{
    return a->open[0] ? a->open : NULL;
}
/* Keeps only this seat's part of a claim window (nothing changes when the
 * window does not ask it, or for a plain ask). */
void ask_keep_seat(Ask *a, int seat);
/* The card the move with this exact text names, or 0. */
int ask_card_of(const Ask *a, const char *text);

#endif
