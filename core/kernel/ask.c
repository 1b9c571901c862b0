#include "ask.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "grow.h"

void ask_init(Ask *a)
{
    memset(a, 0, sizeof *a);
}

void ask_free(Ask *a)
{
    free(a->start);
    free(a->card);
    free(a->text);
    ask_init(a);
}

int ask_copy(Ask *dst, const Ask *src)
{
    *dst = *src;
    dst->start = dst->card = NULL;
    dst->text = NULL;
    dst->cap = 0;
    dst->size = 0;
    if (!src->n)
        return 1;
    dst->start = malloc(sizeof(int) * (size_t)src->n);
    dst->card = malloc(sizeof(int) * (size_t)src->n);
    dst->text = malloc(src->used);
    if (!dst->start || !dst->card || !dst->text) {
        ask_free(dst);
        return 0;
    }
    dst->cap = src->n;
    dst->size = src->used;
    memcpy(dst->start, src->start, sizeof(int) * (size_t)src->n);
    memcpy(dst->card, src->card, sizeof(int) * (size_t)src->n);
    memcpy(dst->text, src->text, src->used);
    return 1;
}

static void copy_cut(char *dst, size_t size, const char *src)
{
    size_t len = src ? strlen(src) : 0;
    if (len >= size)
        len = size - 1;
    memcpy(dst, src ? src : "", len);
    dst[len] = '\0';
}

void ask_begin(Ask *a, int seat, const char *kind, const char *prompt, int hidden)
{
    a->set = 0;
    a->answering = 0;
    a->seat = seat;
    a->hidden = hidden;
    copy_cut(a->kind, sizeof a->kind, kind);
    copy_cut(a->prompt, sizeof a->prompt, prompt);
    a->n = 0;
    a->named = 0;
    a->used = 0;
    a->window = 0;
    a->open[0] = '\0';
    a->any_card = 0;
    a->nseats = 1;
    a->seats[0] = a->order_from = seat;
    a->first[0] = 0;
}

void ask_begin_window(Ask *a, const char *kind, const char *prompt, int hidden, int policy,
                      int order_from, const char *open)
{
    ask_begin(a, 0, kind, prompt, hidden);
    ask_set_open(a, open);
    a->window = 1;
    a->policy = policy;
    a->order_from = order_from;
    a->nseats = 0;
}

void ask_window_seat(Ask *a, int seat)
{
    if (a->nseats == MAX_SEATS)
        return;
    if (!a->nseats)
        a->seat = seat;
    a->seats[a->nseats] = seat;
    a->first[a->nseats++] = a->n;
}

/* Room for k more moves and len more bytes of text (NULs included). */
static int reserve(Ask *a, int k, size_t len)
{
    if (a->n + k > a->cap) {
        int cap = a->cap ? a->cap : 32;
        while (cap < a->n + k)
            cap *= 2;
        int *start = realloc(a->start, sizeof(int) * (size_t)cap);
        if (!start)
            return 0;
        a->start = start;
        int *card = realloc(a->card, sizeof(int) * (size_t)cap);
        if (!card)
            return 0;
        a->card = card;
        a->cap = cap;
    }
    return grow_bytes(&a->text, &a->size, a->used + len, 512);
}

int ask_add(Ask *a, const char *text, size_t len, int card)
{
    if (!reserve(a, 1, len + 1))
        return 0;
    a->start[a->n] = (int)a->used;
    a->card[a->n++] = card;
    a->named += card != 0;
    memcpy(a->text + a->used, text, len);
    a->text[a->used + len] = '\0';
    a->used += len + 1;
    return 1;
}

int ask_add2(Ask *a, const char *prefix, const char *text, int card)
{
    size_t np = strlen(prefix), nt = strlen(text);
    if (!reserve(a, 1, np + nt + 1))
        return 0;
    a->start[a->n] = (int)a->used;
    a->card[a->n++] = card;
    a->named += card != 0;
    memcpy(a->text + a->used, prefix, np);
    memcpy(a->text + a->used + np, text, nt);
    a->text[a->used + np + nt] = '\0';
    a->used += np + nt + 1;
    return 1;
}

int ask_add_packed(Ask *a, int n, const int *start, const char *text, size_t used)
{
    if (!reserve(a, n, used))
        return 0;
    for (int i = 0; i < n; i++) {
        a->start[a->n + i] = (int)a->used + start[i];
        a->card[a->n + i] = 0;
    }
    memcpy(a->text + a->used, text, used);
    a->n += n;
    a->used += used;
    return 1;
}

void ask_finish(Ask *a)
{
    for (int i = 0; i < a->nseats; i++)
        a->count[i] = (i + 1 < a->nseats ? a->first[i + 1] : a->n) - a->first[i];
    a->set = 1;
}

void ask_keep_seat(Ask *a, int seat)
{
    if (!a->window)
        return;
    for (int i = 0; i < a->nseats; i++)
        if (a->seats[i] == seat) {
            a->seat = a->seats[0] = seat;
            a->first[0] = a->first[i];
            a->count[0] = a->count[i];
            a->nseats = 1;
            return;
        }
}

int ask_card_of(const Ask *a, const char *text)
{
    if (!a->named) /* a list of the rules' own, of no card: no move to look for */
        return 0;
    for (int i = 0; i < a->n; i++)
        if (strcmp(ask_move(a, i), text) == 0)
            return a->card[i];
    return 0;
}

void ask_set_open(Ask *a, const char *open)
{
    copy_cut(a->open, sizeof a->open, open);
}

const char *ask_open_word(const char *open, const char *text, size_t *len)
{
    for (const char *w = open; w && *w; w += *len + (w[*len] == ' ')) {
        *len = strcspn(w, " ");
        if (strncasecmp(text, w, *len) == 0 && (text[*len] == ' ' || !text[*len]))
            return w;
    }
    return NULL;
}
