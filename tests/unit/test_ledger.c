#include <stdint.h>
#include "check.h"
#include "../../core/kernel/ledger.h"
#include "../../core/kernel/rng.h"

void test_ledger(void)
{
    Ledger l;
    ledger_init(&l);
    int pot, a, b, c;
    CHECK(ledger_open(&l, "pot", 0, &pot) == LEDGER_OK);
    CHECK(ledger_open(&l, "alice", 1000, &a) == LEDGER_OK);
    CHECK(ledger_open(&l, "bob", 1000, &b) == LEDGER_OK);
    CHECK(ledger_open(&l, "bob", 5, NULL) == LEDGER_EXISTS);
    CHECK(ledger_open(&l, "neg", -1, NULL) == LEDGER_NEGATIVE);
    CHECK(ledger_open(&l, "rich", INT64_MAX, NULL) == LEDGER_OVERFLOW);
    CHECK(ledger_open(&l, "carol", 0, &c) == LEDGER_OK);
    ledger_seal(&l);
    CHECK(ledger_open(&l, "mint", 10, NULL) == LEDGER_SEALED);
    CHECK_EQ_INT(l.total, 2000);

    CHECK(ledger_transfer(&l, a, pot, 50, "ante") == LEDGER_OK);
    CHECK(ledger_transfer(&l, b, pot, 1001, "too much") == LEDGER_OVERDRAFT);
    CHECK(ledger_transfer(&l, b, pot, -5, "negative") == LEDGER_NEGATIVE);
    CHECK(ledger_transfer(&l, b, b, 5, "self") == LEDGER_SAME_ACCOUNT);
    CHECK_EQ_INT(l.a[b].balance, 1000); /* refusals change nothing */
    CHECK_EQ_INT(l.njournal, 1);
    CHECK_EQ_INT(l.journal[0].amount, 50);

    /* A long random sequence of transfers: the total never changes, no
     * balance goes negative, and every accepted transfer is journalled. */
    Rng r;
    rng_seed(&r, 2024);
    int accepted = 0, refused = 0;
    for (int i = 0; i < 100000; i++) {
        int from = 1 + (int)rng_below(&r, 4), to = 1 + (int)rng_below(&r, 4);
        int64_t amount = (int64_t)rng_below(&r, 700);
        LedgerStatus s = ledger_transfer(&l, from, to, amount, "random");
        if (s == LEDGER_OK)
            accepted++;
        else
            refused++;
        if (ledger_sum(&l) != 2000 || l.a[from].balance < 0) {
            CHECK(!"conservation broken");
            break;
        }
    }
    CHECK(accepted > 1000 && refused > 1000);
    CHECK_EQ_INT(ledger_sum(&l), l.total);
    CHECK_EQ_INT(l.njournal, accepted + 1);

    Ledger copy;
    CHECK(ledger_copy(&copy, &l) == LEDGER_OK);
    CHECK_EQ_INT(copy.njournal, l.njournal);
    ledger_transfer(&copy, 1, 2, 0, "only in the copy");
    CHECK_EQ_INT(l.njournal + 1, copy.njournal);
    ledger_free(&copy);

    /* Overflow is refused even where only a corrupt ledger could reach it. */
    l.a[c].balance = INT64_MAX;
    l.a[a].balance = 10;
    CHECK(ledger_transfer(&l, a, c, 1, "overflow") == LEDGER_OVERFLOW);
    CHECK_EQ_INT(l.a[a].balance, 10);
    ledger_free(&l);
}
