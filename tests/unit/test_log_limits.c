/* The log and the journal past the widths that once held them: a journal
 * index above 32,767 once wrapped negative in a 16-bit log field, and the
 * record of a long game crashed at its 32,768th transfer. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../../core/kernel/table.h"
#include "../../core/kernel/table_json.h"

/* Each transfer's log entry names its own journal index, read back from
 * the log (and from a saved and loaded copy) at and past each edge. */
static void check_indices(const Table *t, int transfers)
{
    int seen = 0, wrong = 0;
    for (int i = 0; i < t->log.n; i++) {
        const LogEntry *e = &t->log.e[i];
        if (e->kind != LOG_TRANSFER)
            continue;
        if (e->a != seen || e->a < 0 || e->a >= t->ledger.njournal)
            wrong++;
        seen++;
    }
    CHECK_EQ_INT(seen, transfers);
    CHECK_EQ_INT(wrong, 0);
}

void test_log_limits(void)
{
    enum { TRANSFERS = 70000 }; /* past 32,767 and 65,535 */
    Table *t = table_new(2, "1");
    int a, b;
    ledger_open(&t->ledger, "a", 10, &a);
    ledger_open(&t->ledger, "b", 10, &b);
    ledger_seal(&t->ledger);
    for (int i = 0; i < TRANSFERS; i++)
        table_transfer(t, i % 2 ? b : a, i % 2 ? a : b, 1, "back and forth");
    CHECK_EQ_INT(t->ledger.njournal, TRANSFERS);
    CHECK_EQ_INT(t->out_of_memory, 0);
    check_indices(t, TRANSFERS);
    /* The entries at the old edges name the transfer they were made for. */
    int at_edge = 0;
    for (int i = 0; i < t->log.n; i++)
        if (t->log.e[i].kind == LOG_TRANSFER && (t->log.e[i].a == 32767 || t->log.e[i].a == 32768 ||
                                                 t->log.e[i].a == 65536))
            at_edge++;
    CHECK_EQ_INT(at_edge, 3);

    char *save = table_to_json(t, NULL);
    CHECK(save != NULL);
    char err[256] = "", *vars = NULL;
    Table *back = save ? table_from_json(save, &vars, err, sizeof err) : NULL;
    CHECK(back != NULL);
    if (!back)
        fprintf(stderr, "    load refused: %s\n", err);
    else
        check_indices(back, TRANSFERS);
    table_free(back);
    free(vars);
    free(save);
    table_free(t);
}
