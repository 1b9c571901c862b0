/* report: one self-contained HTML page to look at a tournament and single
 * games by: the standings with their intervals, the head to head as a heat
 * map, the ratings as games accumulate, and each recorded game's course.
 * No script and nothing from the network: the charts are inline SVG. */
#ifndef REFEREE_REPORT_H
#define REFEREE_REPORT_H

#include <lua.h>
#include "../tournament/standings.h"
#include "course.h"

/* referee report FILE... -o REPORT.html: tournament lines (--out) and game
 * records (run --json), in any mix. Returns the exit status. */
int report_command(lua_State *L, const char *rules_path, int argc, char **argv);

/* Writes the page to path: y (its rows kept: Tally.keep_rows) may hold no
 * games, and courses may be none. 0 with why in *err (malloc'd). */
int report_write(const Tally *y, const Course *courses, int ncourses, const char *path, char **err);

#endif
