#include "table_talk.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "../../core/kernel/limits.h"
#include "../../core/kernel/strfmt.h"

typedef struct Said {
    int seat;
    char text[TALK_LEN + 1];
} Said;

struct TableTalk {
    int on;
    Said said[TALK_KEPT]; /* a ring: said[(first + i) % TALK_KEPT] */
    int first, n;
    double last_at[MAX_SEATS + 1]; /* when each seat last said something */
};

TableTalk *talk_new(int on)
{
    TableTalk *talk = calloc(1, sizeof *talk);
    if (talk)
        talk->on = on;
    return talk;
}

void talk_free(TableTalk *talk)
{
    free(talk);
}

const char *talk_say(TableTalk *talk, int seat, const char *text, double now)
{
    if (!talk->on)
        return "table talk is off at this table (the host's console turns it on with 'talk on')";
    if (seat < 1 || seat > MAX_SEATS)
        return "only a seat's page may talk";
    while (isspace((unsigned char)*text))
        text++;
    size_t len = strlen(text);
    while (len > 0 && isspace((unsigned char)text[len - 1]))
        len--;
    if (len == 0)
        return "type something to say to the table";
    if (len > TALK_LEN)
        return "a message is at most 200 characters: say it in two";
    if (talk->last_at[seat] && now - talk->last_at[seat] < TALK_GAP_SECONDS)
        return "one message every 2 seconds: wait a moment and send it again";
    talk->last_at[seat] = now;
    Said *s = &talk->said[(talk->first + talk->n) % TALK_KEPT];
    if (talk->n == TALK_KEPT)
        talk->first = (talk->first + 1) % TALK_KEPT;
    else
        talk->n++;
    s->seat = seat;
    memcpy(s->text, text, len);
    s->text[len] = '\0';
    strfmt_one_line(s->text); /* no control character or new line reaches a page or the console */
    return NULL;
}

int talk_switch(TableTalk *talk, int on)
{
    int changed = talk->on != on;
    talk->on = on;
    return changed;
}

int talk_is_on(const TableTalk *talk)
{
    return talk->on;
}

json_t *talk_json(const TableTalk *talk)
{
    json_t *said = json_array();
    for (int i = 0; i < talk->n; i++) {
        const Said *s = &talk->said[(talk->first + i) % TALK_KEPT];
        json_array_append_new(said, json_pack("{s:i, s:s}", "seat", s->seat, "text", s->text));
    }
    return json_pack("{s:b, s:o}", "on", talk->on, "said", said);
}

const char *talk_last(const TableTalk *talk, int *seat)
{
    if (!talk->n)
        return NULL;
    const Said *s = &talk->said[(talk->first + talk->n - 1) % TALK_KEPT];
    *seat = s->seat;
    return s->text;
}
