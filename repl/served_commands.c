/* served_commands: the console commands of a served table (links, qr N,
 * nudge, talk) and its check of a loaded save's seats. The REPL's
 * command table names them; each says so when the table is not served.
 * Apart from the served console's reading (repl_served.c), which runs the
 * REPL: the REPL calls these, and that file calls the REPL. */
#include <stdlib.h>
#include <string.h>
#include "repl_internal.h"

/* links, qr N: a served table's links again, or one as a QR code to
 * scan (one at a time: a code is a screen's height). */
void repl_cmd_links(Repl *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    if (!r->serve) {
        repl_error(r, "'%s' is for a served table ('referee serve'): here everyone plays at this "
                 "keyboard", argv[0]);
        return;
    }
    int qr = -1;
    if (!strcmp(argv[0], "qr")) {
        char *end;
        long n = argc == 2 ? strtol(argv[1], &end, 10) : -1;
        if (argc != 2 || *end || n < 0 || n > MAX_SEATS) {
            repl_error(r, "qr takes the seat whose link to show as a QR code, such as 'qr 2' ('qr 0': "
                     "the watchers'; 'links' lists them)");
            return;
        }
        qr = (int)n;
    }
    char *why = NULL;
    if (!r->serve->show_links(r->serve->ctx, qr, &why)) {
        repl_error(r, "%s", why ? why : "no such link");
        free(why);
    }
}

/* nudge: at a served table, the people waited for are cued again. */
void repl_cmd_nudge(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argc, (void)argv, (void)rest;
    if (!r->serve) {
        repl_error(r, "'nudge' is for a served table ('referee serve'): here the one to move is at this "
                 "keyboard");
        return;
    }
    char *why = NULL;
    if (!r->serve->nudge(r->serve->ctx, &why)) {
        repl_error(r, "%s", why ? why : "nobody is waited for");
        free(why);
    }
}

/* talk on|off: at a served table, the pages' table talk. */
void repl_cmd_talk(Repl *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    if (!r->serve) {
        repl_error(r, "'talk' is for a served table ('referee serve'): here everyone is at this keyboard");
        return;
    }
    if (argc != 2 || (strcmp(argv[1], "on") && strcmp(argv[1], "off"))) {
        repl_error(r, "talk takes on or off: 'talk off' stops the table talk on the pages, 'talk on' "
                 "lets it again");
        return;
    }
    r->serve->talk(r->serve->ctx, !strcmp(argv[1], "on"));
}

/* At a served table a save is taken up only if its people sit where the
 * links are: else the game goes back to as it was. 1 when it fits. */
int repl_served_load_fits(Repl *r, unsigned people, char *before)
{
    if (!r->serve || match_people(&r->m) == people)
        return 1;
    char *why, *notes;
    if (!match_load_text(&r->m, before, &why, &notes))
        free(why); /* (it replayed a moment ago: it replays again) */
    free(notes);
    repl_error(r, "that save's people sit at other seats than this table's links: it is not taken up "
             "(the game is as it was; 'referee serve --resume FILE' serves it with links of its own)");
    return 0;
}
