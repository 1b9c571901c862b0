#define _DEFAULT_SOURCE /* mkstemps */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "check.h"
#include "../../core/bots/bot_pool.h"

/* The pool's size: one past it, a bot is the caller's to close. */
enum { KEPT = 64 };
/* A small cap: each kept bot reserves a region of a few times it. */
static const size_t MEMORY = 1u << 20;

/* A bot script in a file of its own, so the test runs from any folder. */
static int write_bot(char *path)
{
    int fd = mkstemps(path, 4); /* a bot given by its path is a .lua file */
    if (fd < 0)
        return 0;
    static const char script[] = "return { choose = function(view, moves) return 1 end }\n";
    int ok = write(fd, script, sizeof script - 1) == (ssize_t)(sizeof script - 1);
    close(fd);
    return ok;
}

void test_bot_pool(void)
{
    char path[] = "/tmp/referee-pool-bot-XXXXXX.lua";
    CHECK(write_bot(path));
    BotPool *p = bot_pool_new();
    CHECK(p != NULL);
    Bot *bots[KEPT + 1];
    char *err = NULL;
    /* Different budgets make different bots: none is idle, each is new. */
    for (int i = 0; i <= KEPT; i++) {
        bots[i] = bot_pool_take(p, path, NULL, 1000000 + i, MEMORY, &err);
        CHECK(bots[i] != NULL);
        if (!bots[i]) {
            fprintf(stderr, "bot %d: %s\n", i, err ? err : "");
            free(err);
            bot_pool_free(p);
            unlink(path);
            return;
        }
    }
    int kept = 0;
    for (int i = 0; i < KEPT; i++)
        kept += bot_pool_give_back(p, bots[i]);
    CHECK_EQ_INT(kept, KEPT);
    /* The full pool kept no 65th bot: it is closed by its caller. */
    CHECK_EQ_INT(bot_pool_give_back(p, bots[KEPT]), 0);
    bot_close(bots[KEPT]);
    /* An idle kept bot is taken again, renewed; a busy one is not. */
    Bot *again = bot_pool_take(p, path, NULL, 1000000 + 7, MEMORY, &err);
    CHECK(again == bots[7]);
    Bot *twice = bot_pool_take(p, path, NULL, 1000000 + 7, MEMORY, &err);
    CHECK(twice != NULL && twice != bots[7]);
    CHECK_EQ_INT(bot_pool_give_back(p, twice), 0);
    bot_close(twice);
    bot_pool_free(p);
    unlink(path);
}
