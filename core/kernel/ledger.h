/* ledger: named accounts holding int64 credits. Accounts are opened with
 * their starting credits while the ledger is open for setup; once sealed,
 * credits only move by transfer, so the total never changes. Every transfer
 * is journalled with its reason. An overdraft or an overflow is refused,
 * never clipped or wrapped. */
#ifndef REFEREE_LEDGER_H
#define REFEREE_LEDGER_H

#include <stdint.h>
#include "limits.h"

typedef struct Account {
    char name[NAME_LEN];
    int64_t balance;
} Account;

typedef struct Transfer {
    int16_t from, to;
    int64_t amount;
    char *reason; /* owned */
} Transfer;

typedef struct Ledger {
    int n;
    Account a[MAX_ACCOUNTS + 1]; /* ids 1..n */
    int sealed;
    int64_t total;
    Transfer *journal;
    int njournal, cap;
} Ledger;

typedef enum LedgerStatus {
    LEDGER_OK = 0,
    LEDGER_FULL,
    LEDGER_EXISTS,
    LEDGER_BAD_NAME,
    LEDGER_SEALED,
    LEDGER_NEGATIVE,
    LEDGER_OVERDRAFT,
    LEDGER_OVERFLOW,
    LEDGER_SAME_ACCOUNT,
    LEDGER_NO_MEMORY,
} LedgerStatus;

void ledger_init(Ledger *l);
void ledger_free(Ledger *l);
/* Deep copy: dst must not own a journal (init'ed or freed). */
LedgerStatus ledger_copy(Ledger *dst, const Ledger *src);
LedgerStatus ledger_open(Ledger *l, const char *name, int64_t credits, int *id);
int ledger_find(const Ledger *l, const char *name);
void ledger_seal(Ledger *l);
LedgerStatus ledger_transfer(Ledger *l, int from, int to, int64_t amount, const char *reason);
/* Recomputes the sum of balances: equal to l->total while the ledger is sound. */
int64_t ledger_sum(const Ledger *l);
const char *ledger_status_text(LedgerStatus s);

#endif
