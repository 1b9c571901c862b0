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
} Course;

/* Reads the record in f (named so in messages) into c; 0 with why in *err
 * (malloc'd) when it is not a record or does not replay. */
int course_read(lua_State *L, const char *rules_path, FILE *f, const char *named, Course *c,
                char **err);
void course_free(Course *c);

#endif
