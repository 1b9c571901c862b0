/* The command line's options, for run and play (game_args_parse) and
 * for tournament (tour_parse): words split at NUL bytes and newlines; each
 * list is taken or refused with a message, never a crash. */
#include "common.h"
#include "../../repl/game_args.h"
#include "../../repl/tournament/tournament.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    char *argv[64];
    int argc = 0;
    for (size_t i = 0, start = 0; i <= size && argc < 64; i++)
        if (i == size || text[i] == '\0' || text[i] == '\n') {
            text[i] = '\0';
            argv[argc++] = text + start;
            start = i + 1;
        }
    GameArgs g;
    memset(&g, 0, sizeof g);
    char err[400];
    game_args_parse(argc, argv, &g, err, sizeof err);
    TourArgs t;
    memset(&t, 0, sizeof t);
    tour_parse(argc, argv, &t, err, sizeof err);
    for (int i = 0; i < t.nbots; i++)
        free(t.bots[i]);
    free(text);
    return 0;
}
