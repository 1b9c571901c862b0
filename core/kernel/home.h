/* home: the folder of the file this code was loaded from (the referee
 * binary, or the Lua module build/referee.so), so that a host finds the
 * games and bots of the tree it was built from, or of its installation,
 * with no path set by hand: an author's specs in a folder of their own
 * `require "referee"` and find `bam` as the binary does. */
#ifndef REFEREE_HOME_H
#define REFEREE_HOME_H

#include <stddef.h>

/* The folders to look in for kind ("rules" or "bots") after any given
 * first: FILE_DIR/kind (the tree, for the binary), FILE_DIR/../kind (for
 * build/referee.so), FILE_DIR/../share/referee/kind (a binary installed
 * under any prefix), then the share folder it was built for, joined by
 * ':' into out. */
void home_search_path(const char *kind, const char *first, char *out, size_t size);

#endif
