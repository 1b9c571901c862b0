/* course: how one recorded game went, for a report: each seat's standing
 * (the rules' standing(t): BAM!'s credits, the dice game's strikes left,
 * BAMM!'s and the rummy's points) after every decision, read by replaying
 * a `run --json` record through the real rules. */
#ifndef REFEREE_COURSE_H
#define REFEREE_COURSE_H

#include <lua.h>
#include <stdio.h>
#include "../../core/kernel/limits.h"

typedef struct Course {
    char game[64];
    char seed[80];
    int nseats;
    char *seats[MAX_SEATS]; /* each seat's player, as the record names it */
    int npoints;
    double *step;           /* the decision after which each point was taken (0: the start) */
    double *value;          /* value[p * nseats + s]: seat s+1's standing at point p */
    int cap;
    unsigned winners;       /* bit s: seat s won, as the record's result says (0: none said) */
    char *failed;           /* or why the record could not be charted (malloc'd) */
} Course;

/* The rules a report may run: a record names its game by name, found in
 * rules_path; a rules file elsewhere only when the person named it on the
 * command line (files: --rules FILE, matched by its name without .lua).
 * A game given in a record as a path is never run. */
typedef struct CourseRules {
    const char *rules_path;
    char **files;
    int nfiles;
} CourseRules;

/* Reads the record in f (named so in messages) into c; 0 with why in *err
 * (malloc'd) when it is not a record or does not replay. */
int course_read(lua_State *L, const CourseRules *rules, FILE *f, const char *named, Course *c,
                char **err);
/* course_read of the file at path in a child process, under the same
 * supervision as run: a rules call stuck in C past its limit ends the
 * child, not the report, and is the record's failure. 0 with why in *err
 * (what the page says of the record), or 1 with c filled. */
int course_read_supervised(lua_State *L, const CourseRules *rules, const char *path, Course *c,
                           char **err);
void course_free(Course *c);

#endif
