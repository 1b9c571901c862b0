#include "ledger.h"

#include <stdlib.h>
#include <string.h>
#include "strfmt.h"

void ledger_init(Ledger *l)
{
    memset(l, 0, sizeof *l);
}

void ledger_free(Ledger *l)
{
    for (int i = 0; i < l->njournal; i++)
        free(l->journal[i].reason);
    free(l->journal);
    l->journal = NULL;
    l->njournal = l->cap = 0;
}

LedgerStatus ledger_copy(Ledger *dst, const Ledger *src)
{
    *dst = *src;
    dst->journal = NULL;
    dst->njournal = dst->cap = 0;
    if (src->njournal == 0)
        return LEDGER_OK;
    dst->journal = malloc(sizeof(Transfer) * (size_t)src->njournal);
    if (!dst->journal)
        return LEDGER_NO_MEMORY;
    dst->cap = src->njournal;
    for (int i = 0; i < src->njournal; i++) {
        dst->journal[i] = src->journal[i];
        dst->journal[i].reason = strdup(src->journal[i].reason);
        if (!dst->journal[i].reason) {
            dst->njournal = i;
            return LEDGER_NO_MEMORY;
        }
    }
    dst->njournal = src->njournal;
    return LEDGER_OK;
}

int ledger_find(const Ledger *l, const char *name)
{
    for (int i = 1; i <= l->n; i++)
        if (strcmp(l->a[i].name, name) == 0)
            return i;
    return 0;
}

LedgerStatus ledger_open(Ledger *l, const char *name, int64_t credits, int *id)
{
    if (l->sealed)
        return LEDGER_SEALED;
    if (!strfmt_name_ok(name, NAME_LEN - 1))
        return LEDGER_BAD_NAME;
    if (ledger_find(l, name))
        return LEDGER_EXISTS;
    if (l->n >= MAX_ACCOUNTS)
        return LEDGER_FULL;
    if (credits < 0)
        return LEDGER_NEGATIVE;
    if (credits > INT64_MAX - l->total)
        return LEDGER_OVERFLOW;
    Account *a = &l->a[++l->n];
    strcpy(a->name, name);
    a->balance = credits;
    l->total += credits;
    if (id)
        *id = l->n;
    return LEDGER_OK;
}

void ledger_seal(Ledger *l)
{
    l->sealed = 1;
}

LedgerStatus ledger_transfer(Ledger *l, int from, int to, int64_t amount, const char *reason)
{
    if (amount < 0)
        return LEDGER_NEGATIVE;
    if (from == to)
        return LEDGER_SAME_ACCOUNT;
    Account *a = &l->a[from], *b = &l->a[to];
    if (a->balance < amount)
        return LEDGER_OVERDRAFT;
    /* Unreachable while balances sum to a conserved int64 total, but a
     * ledger loaded from a hand-edited save must not wrap either. */
    if (b->balance > INT64_MAX - amount)
        return LEDGER_OVERFLOW;
    if (l->njournal == l->cap) {
        if (l->cap > LOG_MAX_ENTRIES / 2)
            return LEDGER_NO_MEMORY; /* the count would overflow */
        int cap = l->cap ? l->cap * 2 : 32;
        Transfer *j = realloc(l->journal, sizeof(Transfer) * (size_t)cap);
        if (!j)
            return LEDGER_NO_MEMORY;
        l->journal = j;
        l->cap = cap;
    }
    char *why = strdup(reason ? reason : "");
    if (!why)
        return LEDGER_NO_MEMORY;
    a->balance -= amount;
    b->balance += amount;
    l->journal[l->njournal++] = (Transfer){(int16_t)from, (int16_t)to, amount, why};
    return LEDGER_OK;
}

int64_t ledger_sum(const Ledger *l)
{
    int64_t sum = 0;
    for (int i = 1; i <= l->n; i++)
        sum += l->a[i].balance;
    return sum;
}

const char *ledger_status_text(LedgerStatus s)
{
    switch (s) {
    case LEDGER_OK: return "ok";
    case LEDGER_FULL: return "too many accounts (at most 40)";
    case LEDGER_EXISTS: return "an account of that name already exists";
    case LEDGER_BAD_NAME: return "an account name is 1 to 23 bytes of UTF-8 text without spaces, quotes, backslashes or control characters";
    case LEDGER_SEALED: return "accounts are opened in setup only: credits cannot be created once the game has started";
    case LEDGER_NEGATIVE: return "the amount must not be negative";
    case LEDGER_OVERDRAFT: return "insufficient credits";
    case LEDGER_OVERFLOW: return "the amount would overflow the account (64-bit credits)";
    case LEDGER_SAME_ACCOUNT: return "a transfer needs two different accounts";
    case LEDGER_NO_MEMORY: return "out of memory";
    }
    return "unknown ledger status";
}
