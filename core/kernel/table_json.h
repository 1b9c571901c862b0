/* Saving a table to JSON text and loading it back. Loading checks every
 * field, so a corrupt or hand-broken save is refused with a message that
 * names what is wrong, never half-loaded. The rules' variables travel as a
 * JSON text of their own (the binding converts them to and from Lua). */
#ifndef REFEREE_TABLE_JSON_H
#define REFEREE_TABLE_JSON_H

#include <stddef.h>
#include <stdint.h>
#include "table.h"

/* A malloc'd JSON text (keys sorted, compact), or NULL when out of memory.
 * vars_json may be NULL (saved as null). */
char *table_to_json(const Table *t, const char *vars_json);
/* A new table, or NULL with the reason in err. *vars_json receives the
 * rules' variables as a malloc'd JSON text. */
Table *table_from_json(const char *text, char **vars_json, char *err, size_t errsize);
/* FNV-1a, 64 bits: a cheap fingerprint of a saved text. */
uint64_t fnv1a64(const char *text);

#endif
