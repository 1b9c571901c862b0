#include "check.h"

int checks_passed, checks_failed;

int main(void)
{
    test_rng();
    test_rng_stats();
    test_cards();
    test_zones();
    test_dice();
    test_seats();
    test_ledger();
    test_table();
    test_log_limits();
    test_trick();
    test_physical_cards();
    test_ask();
    test_stats();
    test_placings();
    test_game_group();
    test_grow();
    test_arena();
    test_bot_pool();
    test_plain_cross();
    test_lua_copy();
    test_frozen_copy();
    test_lua_view();
    test_lua_weak();
    test_strfmt();
    test_quick_format();
    test_quick_concat();
    test_cluster_stats();
    test_rating_sums();
    test_spelling();
    test_memory_cap();
    test_match_save();
    printf("c: %d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed != 0;
}
