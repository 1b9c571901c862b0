/* variants: what a house-rule variant changes against the game it
 * inherits: `referee diff VARIANT`, and the line `referee games` adds
 * under a variant. */
#ifndef REFEREE_VARIANTS_H
#define REFEREE_VARIANTS_H

#include <lua.h>
#include <stdio.h>

/* Prints what the variant `name` changes: its options (defaults, limits,
 * choices, help), the functions it replaces, adds or drops, by name, and
 * its texts and data. Returns the exit status: 0, 1 when the rules fail to
 * load, 2 when there is no such game or it is no variant (said on stderr). */
int print_variant_diff(FILE *out, lua_State *L, const char *name, const char *rules_path);

/* For `referee games`: "  a variant of BASE; changed defaults: ..." when
 * `name` is a variant, nothing otherwise. */
void print_variant_line(FILE *out, lua_State *L, const char *name, const char *rules_path);

#endif
