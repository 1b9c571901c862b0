/* The tournament line reader (merge, a resumed run): any file is folded
 * into the standings or refused with a message; never a crash. */
#include "common.h"
#include "../../repl/tournament/game_lines.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f)
        return 0;
    Tally *y = tally_new();
    Seen seen = {NULL, 0};
    Origin o = {"", ""};
    read_lines_from(f, "fuzz", y, 0, &seen, &o, NULL, 0);
    fclose(f);
    free(seen.bits);
    tally_free(y);
    return 0;
}
