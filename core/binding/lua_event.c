/* t:event: a step of the game for records, one line of JSON in the log,
 * {"event": name, ...fields} with the fields' names in order. Two forms
 * write the same bytes:
 *   t:event("hand", { number = 3, dealer = 2 })   -- a table of fields
 *   local HAND = event_fields("hand", "number", "dealer")  -- once
 *   t:event(HAND, 3, 2)                           -- a value per field
 * The second is the first with its names checked, put in order and
 * written out once, when the rules load: on every hand and round an event
 * costs then little more than its values, and no table is made for it. */
#include "lua_table.h"

#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "../kernel/strfmt.h"

#define EVENT_MAX_FIELDS 32

/* Event text, written into a fixed buffer: events are small. */
typedef struct EventText {
    char text[1024];
    size_t len;
    int full;
} EventText;

/* Appends n bytes; the text is ended once, when it is done. */
static void put(EventText *e, const char *s, size_t n)
{
    if (e->len + n >= sizeof e->text) {
        e->full = 1;
        return;
    }
    memcpy(e->text + e->len, s, n);
    e->len += n;
}

static void puts_(EventText *e, const char *s)
{
    put(e, s, strlen(s));
}

/* An event's value as JSON: a number, a text, a boolean, or a list of
 * them. Written here, not through a JSON library: events are made on every
 * hand and round, and cost no more than a note. 0 when it is none of these. */
static int put_event_value(lua_State *L, EventText *e, int idx, int list_ok)
{
    char num[64];
    switch (lua_type(L, idx)) {
    case LUA_TBOOLEAN:
        puts_(e, lua_toboolean(L, idx) ? "true" : "false");
        return 1;
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) {
            /* by hand: snprintf costs more than the rest of an event */
            put(e, num, strfmt_int(num, (long long)lua_tointeger(L, idx)));
            return 1;
        } else if (isfinite(lua_tonumber(L, idx)))
            snprintf(num, sizeof num, "%.17g", lua_tonumber(L, idx));
        else
            return 0;
        puts_(e, num);
        return 1;
    case LUA_TSTRING: {
        size_t len;
        const char *text = lua_tolstring(L, idx, &len);
        if (!strfmt_utf8(text, len))
            return 0;
        put(e, "\"", 1);
        size_t plain = 0; /* bytes since the last one escaped, copied in one piece */
        for (size_t i = 0; i < len; i++) {
            unsigned char c = (unsigned char)text[i];
            if (c != '"' && c != '\\' && c >= 0x20)
                continue;
            put(e, text + plain, i - plain);
            plain = i + 1;
            if (c == '"' || c == '\\') {
                char esc[2] = {'\\', (char)c};
                put(e, esc, 2);
            } else {
                snprintf(num, sizeof num, "\\u%04x", c);
                puts_(e, num);
            }
        }
        put(e, text + plain, len - plain);
        put(e, "\"", 1);
        return 1;
    }
    case LUA_TTABLE: {
        if (!list_ok)
            return 0;
        lua_Unsigned n = lua_rawlen(L, idx);
        put(e, "[", 1);
        for (lua_Unsigned i = 1; i <= n; i++) {
            if (i > 1)
                put(e, ",", 1);
            lua_rawgeti(L, idx, (lua_Integer)i);
            int ok = put_event_value(L, e, lua_gettop(L), 0);
            lua_pop(L, 1);
            if (!ok)
                return 0;
        }
        put(e, "]", 1);
        return 1;
    }
    default:
        return 0;
    }
}

/* A field's name: a text, not "event", of UTF-8 without quotes,
 * backslashes or control characters (it is written as it is). */
static int event_key_ok(lua_State *L, int idx)
{
    if (lua_type(L, idx) != LUA_TSTRING)
        return 0;
    size_t len;
    const char *key = lua_tolstring(L, idx, &len);
    if (!strcmp(key, "event") || !strfmt_utf8(key, len))
        return 0;
    for (size_t i = 0; i < len; i++)
        if (key[i] == '"' || key[i] == '\\' || (unsigned char)key[i] < 0x20)
            return 0;
    return 1;
}

/* The event's name at arg: one word of UTF-8. */
static const char *check_event_name(lua_State *L, int arg)
{
    const char *name = lt_check_text(L, arg);
    luaL_argcheck(L, *name && strcspn(name, " \t\n\"\\") == strlen(name), arg,
                  "an event's name is one word, such as \"hand\"");
    return name;
}

#define EVENT_FIELDS "an event's fields are names (not 'event', at most 32) of numbers, texts, " \
                     "booleans or lists of them, in at most 1000 bytes"

/* Closes the event's text and puts it in the log. */
static int record_event(lua_State *L, Table *t, EventText *e)
{
    put(e, "}", 1);
    if (e->full)
        return luaL_argerror(L, 3, EVENT_FIELDS);
    e->text[e->len] = '\0';
    table_event(t, e->text);
    return 0;
}

/* t:event(name, fields) */
static int event_of_table(lua_State *L, Table *t)
{
    const char *name = check_event_name(L, 2);
    lua_settop(L, 3);
    if (!lua_isnil(L, 3))
        luaL_checktype(L, 3, LUA_TTABLE);
    /* Each field's name and value stay on the stack (from slot 4 on, a
     * pair each) while the names are put in order: fewer lookups than
     * reading each value again by its name. */
    luaL_checkstack(L, 2 * EVENT_MAX_FIELDS + 8, "event");
    const char *keys[EVENT_MAX_FIELDS];
    int at[EVENT_MAX_FIELDS], n = 0;
    for (lua_pushnil(L); !lua_isnil(L, 3) && lua_next(L, 3);) {
        int value = lua_gettop(L);
        if (n == EVENT_MAX_FIELDS || !event_key_ok(L, value - 1))
            return luaL_argerror(L, 3, EVENT_FIELDS);
        const char *key = lua_tostring(L, value - 1); /* alive: the fields table holds it */
        int i = n++;
        for (; i > 0 && strcmp(keys[i - 1], key) > 0; i--) { /* in order as they come */
            keys[i] = keys[i - 1];
            at[i] = at[i - 1];
        }
        keys[i] = key;
        at[i] = value;
        lua_pushvalue(L, value - 1); /* the next key; this pair stays */
    }
    EventText e;
    e.len = 0;
    e.full = 0;
    puts_(&e, "{\"event\":\"");
    puts_(&e, name);
    put(&e, "\"", 1);
    for (int i = 0; i < n; i++) {
        put(&e, ",\"", 2);
        puts_(&e, keys[i]);
        put(&e, "\":", 2);
        if (!put_event_value(L, &e, at[i], 1))
            return luaL_argerror(L, 3, EVENT_FIELDS);
    }
    return record_event(L, t, &e);
}

/* ---- fixed once: event_fields(name, field, ...) ---- */

#define EVENT_FORM_MT "referee.EventFields"

/* Scripts cannot make userdata, so one carrying the mark is ours (as a
 * packed move list's, lua_ask.c): cheaper than luaL_testudata. */
#define EVENT_FORM_MARK 0x6576656e74466c64ULL

/* An event's head ({"event":"hand") and, for each field in the order it
 * is written (its name's), the value it takes (its place among the
 * values t:event is given) and the text before that value (,"dealer":). */
typedef struct EventForm {
    unsigned long long mark;
    int n;
    unsigned char value_of[EVENT_MAX_FIELDS];
    unsigned short head_len;
    unsigned short before[EVENT_MAX_FIELDS + 1]; /* offsets into text, and its end */
    char text[];                                 /* the head, then each field's ,"name": */
} EventForm;

/* The form at arg, or NULL when it is none. */
static const EventForm *event_form_at(lua_State *L, int arg)
{
    if (lua_type(L, arg) != LUA_TUSERDATA || lua_rawlen(L, arg) < sizeof(EventForm))
        return NULL;
    const EventForm *f = lua_touserdata(L, arg);
    return f->mark == EVENT_FORM_MARK ? f : NULL;
}

/* The form's event name, for messages: the head is {"event":"NAME". */
static void form_name(const EventForm *f, char *out, size_t size)
{
    static const char head[] = "{\"event\":\"";
    size_t len = f->head_len - (sizeof head - 1) - 1;
    snprintf(out, size, "%.*s", (int)len, f->text + sizeof head - 1);
}

/* Its fields, in the order t:event takes their values: "number, dealer". */
static void form_fields(const EventForm *f, char *out, size_t size)
{
    size_t at = 0;
    out[0] = '\0';
    for (int v = 0; v < f->n; v++)
        for (int i = 0; i < f->n; i++) {
            if (f->value_of[i] != v)
                continue;
            const char *piece = f->text + f->before[i] + 2; /* past ," */
            int len = f->before[i + 1] - f->before[i] - 4;  /* less ," and ": */
            int wrote = snprintf(out + at, size - at, "%s%.*s", v ? ", " : "", len, piece);
            if (wrote < 0 || (size_t)wrote >= size - at)
                return;
            at += (size_t)wrote;
        }
}

static int event_form_tostring(lua_State *L)
{
    const EventForm *f = event_form_at(L, 1);
    if (!f)
        return luaL_typeerror(L, 1, "event_fields(...)");
    char name[64], fields[600];
    form_name(f, name, sizeof name);
    form_fields(f, fields, sizeof fields);
    lua_pushfstring(L, "event_fields(\"%s\": %s)", name, fields);
    return 1;
}

/* t:event(form, value, ...) */
static int event_of_form(lua_State *L, Table *t, const EventForm *f)
{
    int given = lua_gettop(L) - 2;
    if (given > f->n) {
        char name[64], fields[600];
        form_name(f, name, sizeof name);
        form_fields(f, fields, sizeof fields);
        return luaL_argerror(L, 3 + f->n, lua_pushfstring(L, "event '%s' takes %d value(s), one per "
                                                             "field (%s), in that order: %d given",
                                                          name, f->n, fields, given));
    }
    EventText e;
    e.len = f->head_len;
    e.full = 0;
    memcpy(e.text, f->text, f->head_len);
    for (int i = 0; i < f->n; i++) {
        int arg = 3 + f->value_of[i];
        if (arg > given + 2 || lua_isnil(L, arg))
            continue; /* as a field left out of the table */
        put(&e, f->text + f->before[i], (size_t)(f->before[i + 1] - f->before[i]));
        if (!put_event_value(L, &e, arg, 1)) {
            char name[64], field[1000];
            form_name(f, name, sizeof name);
            snprintf(field, sizeof field, "%.*s", f->before[i + 1] - f->before[i] - 4,
                     f->text + f->before[i] + 2); /* past ," and less ": */
            return luaL_argerror(L, arg, lua_pushfstring(L, "event '%s': field '%s' cannot be "
                                                            "written (a %s): a field's value is a "
                                                            "number, a text of UTF-8, a boolean or "
                                                            "a list of them",
                                                         name, field, luaL_typename(L, arg)));
        }
    }
    return record_event(L, t, &e);
}

/* event_fields(name, field, ...) -> the event's name and fields fixed once,
 * for t:event(fixed, value, ...) (a rules global, as moves{} is). */
int levent_fields(lua_State *L)
{
    const char *name = check_event_name(L, 1);
    int n = lua_gettop(L) - 1;
    luaL_argcheck(L, n >= 1, 2, "an event has at least one field: event_fields(\"hand\", \"number\", ...)");
    luaL_argcheck(L, n <= EVENT_MAX_FIELDS, 2 + EVENT_MAX_FIELDS, EVENT_FIELDS);
    /* The fields in the order they are written: by name, as a table's are. */
    int order[EVENT_MAX_FIELDS];
    size_t text_len = strlen("{\"event\":\"\"") + strlen(name);
    for (int v = 0; v < n; v++) {
        if (!event_key_ok(L, 2 + v))
            return luaL_argerror(L, 2 + v, lua_pushfstring(L, "a field's name is a text, not "
                                                              "'event', without quotes, "
                                                              "backslashes or control characters: "
                                                              "such as \"dealer\""));
        const char *key = lua_tostring(L, 2 + v);
        int i = v;
        for (; i > 0 && strcmp(lua_tostring(L, 2 + order[i - 1]), key) > 0; i--)
            order[i] = order[i - 1];
        if (i > 0 && !strcmp(lua_tostring(L, 2 + order[i - 1]), key))
            return luaL_argerror(L, 2 + v, lua_pushfstring(L, "field '%s' is named twice: each "
                                                              "field once", key));
        order[i] = v;
        text_len += strlen(key) + 4; /* ,"key": */
    }
    luaL_argcheck(L, text_len < 1000, 1, EVENT_FIELDS);
    EventForm *f = lua_newuserdatauv(L, sizeof *f + text_len + 1, 0);
    memset(f, 0, sizeof *f);
    f->mark = EVENT_FORM_MARK;
    f->n = n;
    int at = snprintf(f->text, text_len + 1, "{\"event\":\"%s\"", name);
    f->head_len = (unsigned short)at;
    for (int i = 0; i < n; i++) {
        f->value_of[i] = (unsigned char)order[i];
        f->before[i] = (unsigned short)at;
        at += snprintf(f->text + at, text_len + 1 - (size_t)at, ",\"%s\":",
                       lua_tostring(L, 2 + order[i]));
    }
    f->before[n] = (unsigned short)at;
    if (luaL_newmetatable(L, EVENT_FORM_MT)) {
        lua_pushcfunction(L, event_form_tostring);
        lua_setfield(L, -2, "__tostring");
        lua_pushliteral(L, "the event's metatable is the referee's");
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    return 1;
}

/* t:event(name, fields) or t:event(event_fields(...), value, ...): a step
 * of the game, public, for records: {"event": name, ...fields}, fields
 * names of numbers, texts and booleans (a list of them too), written with
 * its names in order. People read notes; records read these. */
static int t_event(lua_State *L)
{
    Table *t = ltable_self(L);
    const EventForm *f = event_form_at(L, 2);
    if (f)
        return event_of_form(L, t, f);
    if (lua_type(L, 2) != LUA_TSTRING)
        return luaL_typeerror(L, 2, "event name or event_fields(...)");
    return event_of_table(L, t);
}

const luaL_Reg lua_event_methods[] = {
    {"event", t_event},
    {NULL, NULL},
};
