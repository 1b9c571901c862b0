/* The REPL's command lines, as a person types them: each line is a
 * command, a move or a mistake with a message; never a crash. Games are
 * the fixture's; `save` writes in the folder the fuzzer runs in. */
#include "common.h"
#include "../../repl/repl.h"

static lua_State *L;

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (!L)
        L = fuzz_state();
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        return 0;
    repl_run_lines(L, FUZZ_RULES, FUZZ_BOTS, in);
    fclose(in);
    lua_settop(L, 0);
    return 0;
}
