#include "check.h"
#include "../../core/referee/game.h"

/* A claim window's answers are one group: undo and 'correct' take back
 * the whole window, never part of it. */
void test_game_group(void)
{
    Move moves[] = {{1, 0, 0, 0, 0}, {2, 3, 0, 0, 0}, {3, 3, 0, 0, 0}, {1, 0, 0, 0, 0},
                    {1, 5, 0, 0, 0}, {2, 5, 0, 0, 0}, {3, 5, 0, 0, 0}, {2, 6, 0, 0, 0}};
    Game g = {0};
    g.moves = moves;
    g.nmoves = (int)(sizeof moves / sizeof *moves);
    CHECK(game_group_start(&g, 0) == 0);
    CHECK(game_group_start(&g, 2) == 1); /* the second answer of window 3 */
    CHECK(game_group_start(&g, 1) == 1);
    CHECK(game_group_start(&g, 3) == 3); /* a move of no window */
    CHECK(game_group_start(&g, 6) == 4); /* the third answer of window 5 */
    CHECK(game_group_start(&g, 7) == 7); /* window 6 follows window 5: apart */
}
