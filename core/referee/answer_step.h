/* answer_step: which of the rules' functions applies an answer: the step
 * for the decision's kind (game.answers[kind]), or else their apply. For
 * game.c alone. */
#ifndef REFEREE_ANSWER_STEP_H
#define REFEREE_ANSWER_STEP_H

#include "game_state.h"

/* Pushes the function that applies an answer to the decision due; 0, the
 * error saying why, when the rules have neither for its kind. */
int game_push_answer_step(Game *g);

/* Lets go of the kinds game_push_answer_step keeps (the game's end). */
void game_forget_kinds(Game *g);

#endif
