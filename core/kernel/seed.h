/* seed: the text a game's chance is keyed by. A person may type one
 * (--seed 7) or let the referee draw one from the operating system: 128
 * bits, written as 32 hex digits, that nobody can guess. A guessable seed
 * (7, or a date) lets anyone who knows the rules run the game's chance
 * ahead, a bot included, so tournaments with untrusted bots leave it out. */
#ifndef REFEREE_SEED_H
#define REFEREE_SEED_H

#define SEED_MAX 80 /* characters */
/* A tournament's seed is shorter: game g's is its own with "/deal" added. */
#define SEED_TOURNAMENT_MAX 64
#define SEED_FRESH_HEX 32

/* NULL when text is a seed a person may type: 1 to SEED_MAX letters,
 * digits and - _ . : /, the first a letter or a digit (safe in a shell
 * line, never taken for an option); else what is wrong with it. */
const char *seed_problem(const char *text);
/* A fresh seed from the operating system's random source, into out
 * (SEED_FRESH_HEX + 1 bytes). */
void seed_fresh(char *out);

#endif
