/* stuck: the notes of calls found stuck in C. */
#include "stuck.h"

void stuck_none(Stuck *st)
{
    for (int i = 0; i <= MAX_SEATS; i++)
        st->bot_at[i] = STUCK_NEVER;
    st->rules_at = STUCK_NEVER;
}

void stuck_add(Stuck *st, const StuckNote *note)
{
    if (note->seat > 0 && note->seat <= MAX_SEATS)
        st->bot_at[note->seat] = note->move;
    else if (note->seat == 0)
        st->rules_at = note->move;
}
