#include "seats.h"

#include <string.h>

void seats_init(Seats *s, int n)
{
    s->n = n;
    s->direction = 1;
    s->current = n > 0 ? 1 : 0;
    s->dealer = n > 0 ? 1 : 0;
    s->eliminated = 0;
    s->dealer_named = 0;
    s->nout = 0;
}

int seats_active(const Seats *s, int seat)
{
    return seat >= 1 && seat <= s->n && !(s->eliminated & (1u << seat));
}

int seats_active_count(const Seats *s)
{
    int k = 0;
    for (int i = 1; i <= s->n; i++)
        k += seats_active(s, i);
    return k;
}

static int step(const Seats *s, int from, int dir)
{
    int seat = from;
    for (int i = 0; i < s->n; i++) {
        seat = ((seat - 1 + dir + s->n) % s->n) + 1;
        if (seats_active(s, seat))
            return seat;
    }
    return 0;
}

int seats_next(const Seats *s, int from)
{
    return step(s, from, s->direction);
}

int seats_prev(const Seats *s, int from)
{
    return step(s, from, -s->direction);
}

void seats_advance(Seats *s)
{
    s->current = seats_next(s, s->current);
}

void seats_skip(Seats *s)
{
    s->current = seats_next(s, seats_next(s, s->current));
}

void seats_reverse(Seats *s)
{
    s->direction = -s->direction;
}

void seats_eliminate(Seats *s, int seat)
{
    if (!(s->eliminated & (1u << seat)) && s->nout < MAX_SEATS)
        s->out_order[s->nout++] = seat;
    s->eliminated |= 1u << seat;
}

void seats_rotate_dealer(Seats *s)
{
    s->dealer = step(s, s->dealer, 1);
    s->dealer_named = 1;
}

void seats_set_dealer(Seats *s, int seat)
{
    s->dealer = seat;
    s->dealer_named = 1;
}

static const char *POLICY_NAMES[] = {"order", "random", "arrival"};

const char *claim_policy_name(ClaimPolicy p)
{
    return (unsigned)p < 3 ? POLICY_NAMES[p] : "?";
}

int claim_policy_parse(const char *name, ClaimPolicy *out)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, POLICY_NAMES[i]) == 0) {
            *out = (ClaimPolicy)i;
            return 1;
        }
    return 0;
}

void seats_claim_order(const Seats *s, ClaimPolicy p, int start, const int *answered,
                       int n, const Chance *chance, int *out)
{
    memcpy(out, answered, sizeof(int) * (size_t)n);
    if (p == CLAIM_ARRIVAL)
        return;
    if (p == CLAIM_RANDOM) {
        for (int i = n - 1; i > 0; i--) {
            int j = (int)chance->below(chance->ctx, (uint32_t)i + 1, "claim order");
            int tmp = out[i];
            out[i] = out[j];
            out[j] = tmp;
        }
        return;
    }
    /* CLAIM_ORDER: by clockwise distance from start (start itself first). */
    for (int i = 1; i < n; i++) {
        int v = out[i], dv = ((v - start) % s->n + s->n) % s->n, j = i;
        while (j > 0 && ((out[j - 1] - start) % s->n + s->n) % s->n > dv) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = v;
    }
}
