/* A minimal assertion counter for the C unit tests: every CHECK counts as
 * one passed or failed assertion, and a failure prints where and what. */
#ifndef REFEREE_CHECK_H
#define REFEREE_CHECK_H

#include <stdio.h>

extern int checks_passed, checks_failed;

#define CHECK(cond) \
    do { \
        if (cond) checks_passed++; \
        else { checks_failed++; fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); } \
    } while (0)

#define CHECK_EQ_INT(a, b) \
    do { \
        long long a_ = (long long)(a), b_ = (long long)(b); \
        if (a_ == b_) checks_passed++; \
        else { checks_failed++; fprintf(stderr, "%s:%d: %s == %lld, expected %lld\n", __FILE__, __LINE__, #a, a_, b_); } \
    } while (0)

void test_rng(void);
void test_ask(void);
void test_rng_stats(void);
void test_memory_cap(void);
void test_match_save(void);
void test_cards(void);
void test_zones(void);
void test_dice(void);
void test_seats(void);
void test_ledger(void);
void test_table(void);
void test_log_limits(void);
void test_trick(void);
void test_stats(void);
void test_placings(void);
void test_game_group(void);
void test_strfmt(void);
void test_quick_format(void);
void test_quick_concat(void);
void test_cluster_stats(void);
void test_rating_sums(void);
void test_spelling(void);
void test_grow(void);
void test_arena(void);
void test_bot_pool(void);
void test_plain_cross(void);
void test_lua_copy(void);
void test_frozen_copy(void);
void test_lua_view(void);
void test_lua_weak(void);
void test_physical_cards(void);

#endif
