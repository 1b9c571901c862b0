/* page_table: the table as a page draws it, in JSON, through the kernel's
 * visibility checks: each zone with what kind of place it is and whose
 * ("hand", seat 2), its cards by name where the seat sees them and null
 * (a card's back) where it does not; the dice, a value only where seen;
 * the credits by seat; whose turn, the dealer, the direction. Nothing in
 * it is a kernel name a person would not say ("hand2" is hand, seat 2). */
#ifndef REFEREE_PAGE_TABLE_H
#define REFEREE_PAGE_TABLE_H

#include <jansson.h>
#include "../../core/kernel/table.h"

/* The table as seat (0: a watcher) may see it. */
json_t *page_table_json(const Table *t, int seat);

#endif
