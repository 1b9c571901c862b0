/* game_answer: what makes an answer a legal move of the decision due, and
 * why not when it is none. For game.c, and for what shows a person their
 * moves (the REPL's 'moves', a served page). */
#ifndef REFEREE_GAME_ANSWER_H
#define REFEREE_GAME_ANSWER_H

#include "game_state.h"

/* A legal answer's canonical text: listed, named at a real deck, or
 * judged by the rules. NULL with the error set when refused, or without
 * it when nothing makes it a move. */
const char *game_accept_answer(Game *g, int seat, const char *text);
/* The same for seat's answer to the decision due, with why when it is no
 * legal move (the rules' explanation and the legal moves); the text is
 * valid until the next move. */
const char *game_check_answer(Game *g, int seat, const char *text);
/* The move made for seat when its time runs out (a served table's
 * --clock): the rules' default_answer(t, seat) when they have one, which
 * must be a legal move; else "pass" when it is one. The canonical text
 * (valid until the next move), or NULL: with the error set when the rules
 * failed or gave no legal move, without it when nothing is made. */
const char *game_default_answer(Game *g, int seat);
/* Calls each with every move seat may make of decision p as a person reads
 * it: claims left for the person to find, a real deck's moves of unknown
 * cards as "CARD" once. Returns how many. */
int game_moves_for_people(Game *g, int seat, const Ask *p, void (*each)(const char *move, void *ctx),
                          void *ctx);

#endif
