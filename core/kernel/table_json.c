#include "table_json.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FORMAT "referee-table/2" /* 2: a ChaCha20 stream, a seed text */

uint64_t fnv1a64(const char *text)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        h ^= *p;
        h *= 0x100000001b3ULL;
    }
    return h;
}

static json_t *u64_text(uint64_t v)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
    return json_string(buf);
}

char *table_to_json(const Table *t, const char *vars_json)
{
    json_t *root = json_object();
    json_object_set_new(root, "format", json_string(FORMAT));
    json_object_set_new(root, "seed", json_string(t->seed));
    char key[2 * RNG_KEY_BYTES + 1];
    for (int i = 0; i < RNG_KEY_BYTES; i++)
        snprintf(key + 2 * i, 3, "%02x", t->rng.key[i]);
    json_object_set_new(root, "rng", json_pack("{s:s, s:o, s:o}", "key", key, "nonce",
                                               u64_text(t->rng.nonce), "position",
                                               u64_text(rng_position(&t->rng))));

    json_t *deck = json_array(), *known = json_array();
    for (int c = 1; c <= t->deck.n; c++) {
        json_array_append_new(deck, json_string(t->deck.cards[c].name));
        json_array_append_new(known, json_integer(t->zones.known[c]));
    }
    json_object_set_new(root, "deck", deck);
    json_object_set_new(root, "known", known);

    json_t *zones = json_array();
    for (int z = 1; z <= t->zones.n; z++) {
        const Zone *zone = &t->zones.z[z];
        json_t *cards = json_array();
        for (int i = 0; i < zone->n; i++)
            json_array_append_new(cards, json_integer(zone->cards[i]));
        json_array_append_new(zones, json_pack("{s:s, s:i, s:s, s:o}", "name", zone->name,
                                               "owner", zone->owner, "vis",
                                               visibility_name((Visibility)zone->vis),
                                               "cards", cards));
    }
    json_object_set_new(root, "zones", zones);

    json_t *dice = json_array();
    for (int d = 1; d <= t->dice.n; d++)
        json_array_append_new(dice, json_pack("{s:i, s:i, s:I}", "faces", t->dice.d[d].faces,
                                              "value", t->dice.d[d].value, "known",
                                              (json_int_t)t->dice.d[d].known));
    json_object_set_new(root, "dice", dice);

    json_object_set_new(root, "seats",
                        json_pack("{s:i, s:i, s:i, s:i, s:I}", "n", t->seats.n, "direction",
                                  t->seats.direction, "current", t->seats.current, "dealer",
                                  t->seats.dealer, "eliminated",
                                  (json_int_t)t->seats.eliminated));

    json_t *accounts = json_array(), *journal = json_array();
    for (int a = 1; a <= t->ledger.n; a++)
        json_array_append_new(accounts, json_pack("{s:s, s:I}", "name", t->ledger.a[a].name,
                                                  "balance",
                                                  (json_int_t)t->ledger.a[a].balance));
    for (int j = 0; j < t->ledger.njournal; j++) {
        const Transfer *x = &t->ledger.journal[j];
        json_array_append_new(journal, json_pack("[i, i, I, s]", x->from, x->to,
                                                 (json_int_t)x->amount, x->reason));
    }
    json_object_set_new(root, "ledger",
                        json_pack("{s:b, s:I, s:o, s:o}", "sealed", t->ledger.sealed, "total",
                                  (json_int_t)t->ledger.total, "accounts", accounts,
                                  "journal", journal));

    json_t *log = json_array();
    for (int i = 0; i < t->log.n; i++) {
        const LogEntry *e = &t->log.e[i];
        json_array_append_new(log, json_pack("[i, i, i, i, i, I, s?]", e->kind, e->seat, e->a,
                                             e->b, e->c, (json_int_t)e->n, log_text(&t->log, e)));
    }
    json_object_set_new(root, "log", log);

    json_t *vars = vars_json ? json_loads(vars_json, JSON_DECODE_ANY, NULL) : NULL;
    json_object_set_new(root, "vars", vars ? vars : json_null());

    char *text = json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
    json_decref(root);
    return text;
}

/* Loading: every check that fails writes its reason and jumps out. */
typedef struct Loader {
    char *err;
    size_t errsize;
    int failed;
} Loader;

static int fail(Loader *ld, const char *fmt, ...)
{
    if (!ld->failed) {
        va_list ap;
        va_start(ap, fmt);
        int n = snprintf(ld->err, ld->errsize, "corrupt save: ");
        vsnprintf(ld->err + n, ld->errsize - (size_t)n, fmt, ap);
        va_end(ap);
    }
    ld->failed = 1;
    return 0;
}

static json_t *field(Loader *ld, json_t *obj, const char *key, json_type type)
{
    json_t *v = json_object_get(obj, key);
    if (!v || json_typeof(v) != type) {
        fail(ld, "field \"%s\" is missing or has the wrong type", key);
        return NULL;
    }
    return v;
}

static int int_field(Loader *ld, json_t *obj, const char *key, long long lo, long long hi,
                     long long *out)
{
    json_t *v = field(ld, obj, key, JSON_INTEGER);
    if (!v)
        return 0;
    long long x = json_integer_value(v);
    if (x < lo || x > hi)
        return fail(ld, "field \"%s\" is %lld, outside %lld..%lld", key, x, lo, hi);
    *out = x;
    return 1;
}

static int parse_u64(Loader *ld, json_t *v, const char *what, uint64_t *out)
{
    if (!json_is_string(v))
        return fail(ld, "%s must be a decimal string", what);
    char *end;
    const char *s = json_string_value(v);
    *out = strtoull(s, &end, 10);
    if (!*s || *end)
        return fail(ld, "%s must be a decimal string", what);
    return 1;
}

static int load_rng(Loader *ld, json_t *rng, Rng *r)
{
    uint64_t nonce, position;
    json_t *key = rng ? json_object_get(rng, "key") : NULL;
    const char *hex = json_is_string(key) ? json_string_value(key) : "";
    uint8_t bytes[RNG_KEY_BYTES];
    if (!rng)
        return 0;
    if (strlen(hex) != 2 * RNG_KEY_BYTES || strspn(hex, "0123456789abcdef") != 2 * RNG_KEY_BYTES)
        return fail(ld, "\"rng\".key must be %d lowercase hex digits", 2 * RNG_KEY_BYTES);
    for (int i = 0; i < RNG_KEY_BYTES; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        bytes[i] = (uint8_t)v;
    }
    if (!parse_u64(ld, json_object_get(rng, "nonce"), "\"rng\".nonce", &nonce) ||
        !parse_u64(ld, json_object_get(rng, "position"), "\"rng\".position", &position))
        return 0;
    rng_stream(r, bytes, nonce);
    rng_seek(r, position);
    return 1;
}

static int load_deck_and_zones(Loader *ld, json_t *root, Table *t)
{
    json_t *deck = field(ld, root, "deck", JSON_ARRAY);
    json_t *known = field(ld, root, "known", JSON_ARRAY);
    json_t *zones = field(ld, root, "zones", JSON_ARRAY);
    if (!deck || !known || !zones)
        return 0;
    if (json_array_size(deck) > MAX_CARDS || json_array_size(known) != json_array_size(deck))
        return fail(ld, "\"deck\" and \"known\" must list the same cards (at most %d)", MAX_CARDS);
    size_t i;
    json_t *v;
    json_array_foreach(deck, i, v) {
        if (!json_is_string(v) || deck_add(&t->deck, json_string_value(v), NULL) != DECK_OK)
            return fail(ld, "card %zu of the deck is not a valid card name", i + 1);
        json_t *k = json_array_get(known, i);
        if (!json_is_integer(k) || json_integer_value(k) < 0 ||
            json_integer_value(k) > (json_int_t)ALL_SEATS)
            return fail(ld, "\"known\" entry %zu is not a seat mask", i + 1);
        t->zones.known[i + 1] = (uint32_t)json_integer_value(k);
    }
    if (json_array_size(zones) >= MAX_ZONES)
        return fail(ld, "too many zones");
    json_array_foreach(zones, i, v) {
        long long owner;
        json_t *name = field(ld, v, "name", JSON_STRING);
        json_t *vis = field(ld, v, "vis", JSON_STRING);
        json_t *cards = field(ld, v, "cards", JSON_ARRAY);
        if (!name || !vis || !cards || !int_field(ld, v, "owner", 0, t->seats.n, &owner))
            return 0;
        Visibility vv;
        if (!visibility_parse(json_string_value(vis), &vv))
            return fail(ld, "zone \"%s\" has an unknown visibility", json_string_value(name));
        int id;
        ZoneStatus zs = zones_add(&t->zones, json_string_value(name), (int)owner, vv, &id);
        if (zs != ZONE_OK)
            return fail(ld, "zone \"%s\": %s", json_string_value(name), zone_status_text(zs));
        size_t j;
        json_t *c;
        json_array_foreach(cards, j, c) {
            json_int_t card = json_is_integer(c) ? json_integer_value(c) : 0;
            if (card < 1 || card > t->deck.n || t->zones.where[card])
                return fail(ld, "zone \"%s\" lists a card that is not in the deck or is "
                                "already in a zone", json_string_value(name));
            zones_move(&t->zones, (int)card, id);
        }
    }
    return 1;
}

static int load_dice_and_seats(Loader *ld, json_t *root, Table *t)
{
    json_t *dice = field(ld, root, "dice", JSON_ARRAY);
    json_t *seats = field(ld, root, "seats", JSON_OBJECT);
    if (!dice || !seats)
        return 0;
    size_t i;
    json_t *v;
    json_array_foreach(dice, i, v) {
        long long faces, value, known;
        if (!int_field(ld, v, "faces", 2, 100, &faces) ||
            !int_field(ld, v, "value", 0, faces, &value) ||
            !int_field(ld, v, "known", 0, ALL_SEATS, &known))
            return 0;
        int id;
        if (dice_add(&t->dice, (int)faces, &id) != DICE_OK)
            return fail(ld, "too many dice");
        t->dice.d[id].value = (uint8_t)value;
        t->dice.d[id].known = (uint32_t)known;
    }
    long long dir, current, dealer, elim;
    if (!int_field(ld, seats, "direction", -1, 1, &dir) ||
        !int_field(ld, seats, "current", 0, t->seats.n, &current) ||
        !int_field(ld, seats, "dealer", 0, t->seats.n, &dealer) ||
        !int_field(ld, seats, "eliminated", 0, ALL_SEATS, &elim))
        return 0;
    if (dir == 0)
        return fail(ld, "seat direction must be 1 or -1");
    t->seats.direction = (int)dir;
    t->seats.current = (int)current;
    t->seats.dealer = (int)dealer;
    t->seats.eliminated = (uint32_t)elim;
    return 1;
}

static int load_ledger(Loader *ld, json_t *root, Table *t)
{
    json_t *ledger = field(ld, root, "ledger", JSON_OBJECT);
    if (!ledger)
        return 0;
    json_t *accounts = field(ld, ledger, "accounts", JSON_ARRAY);
    json_t *journal = field(ld, ledger, "journal", JSON_ARRAY);
    json_t *sealed = json_object_get(ledger, "sealed");
    json_t *total = field(ld, ledger, "total", JSON_INTEGER);
    if (!accounts || !journal || !total)
        return 0;
    if (!json_is_boolean(sealed))
        return fail(ld, "field \"sealed\" is missing or has the wrong type");
    size_t i;
    json_t *v;
    json_array_foreach(accounts, i, v) {
        json_t *name = field(ld, v, "name", JSON_STRING);
        json_t *bal = field(ld, v, "balance", JSON_INTEGER);
        if (!name || !bal)
            return 0;
        LedgerStatus s = ledger_open(&t->ledger, json_string_value(name),
                                     json_integer_value(bal), NULL);
        if (s != LEDGER_OK)
            return fail(ld, "account \"%s\": %s", json_string_value(name), ledger_status_text(s));
    }
    if (t->ledger.total != json_integer_value(total))
        return fail(ld, "the balances add up to %lld, not the recorded total %lld",
                    (long long)t->ledger.total, (long long)json_integer_value(total));
    json_array_foreach(journal, i, v) {
        json_int_t from, to, amount;
        const char *reason;
        if (json_unpack(v, "[I, I, I, s]", &from, &to, &amount, &reason) != 0 || from < 1 ||
            from > t->ledger.n || to < 1 || to > t->ledger.n || amount < 0)
            return fail(ld, "journal entry %zu is malformed", i + 1);
        Transfer x = {(int16_t)from, (int16_t)to, amount, strdup(reason)};
        if (t->ledger.njournal == t->ledger.cap) {
            int cap = t->ledger.cap ? t->ledger.cap * 2 : 32;
            Transfer *j = realloc(t->ledger.journal, sizeof(Transfer) * (size_t)cap);
            if (!j || !x.reason) {
                free(x.reason);
                return fail(ld, "out of memory");
            }
            t->ledger.journal = j;
            t->ledger.cap = cap;
        }
        t->ledger.journal[t->ledger.njournal++] = x;
    }
    t->ledger.sealed = json_is_true(sealed);
    return 1;
}

static int load_log(Loader *ld, json_t *root, Table *t)
{
    json_t *log = field(ld, root, "log", JSON_ARRAY);
    if (!log)
        return 0;
    size_t i;
    json_t *v;
    json_array_foreach(log, i, v) {
        int kind, seat, a, b, c;
        json_int_t n;
        json_t *tv = NULL;
        if (json_unpack(v, "[i, i, i, i, i, I, o]", &kind, &seat, &a, &b, &c, &n, &tv) != 0 ||
            kind < 0 || kind >= LOG_KIND_COUNT || !(json_is_null(tv) || json_is_string(tv)))
            return fail(ld, "log entry %zu is malformed", i + 1);
        /* Entries refer to cards, zones, dice and journal lines by number. */
        int bad = 0;
        switch ((LogKind)kind) {
        case LOG_MOVE:
            bad = a < 1 || a > t->deck.n || b < 0 || b > t->zones.n || c < 1 || c > t->zones.n;
            break;
        case LOG_REVEAL: bad = a < 1 || a > t->deck.n || b < 0 || b > t->zones.n; break;
        case LOG_SHUFFLE: bad = a < 1 || a > t->zones.n; break;
        case LOG_ROLL: case LOG_DIE_SET: case LOG_DIE_REVEAL:
            bad = a < 1 || a > t->dice.n;
            break;
        case LOG_TRANSFER: bad = a < 0 || a >= t->ledger.njournal; break;
        default: break;
        }
        if (bad)
            return fail(ld, "log entry %zu refers to something the table does not have", i + 1);
        if (!log_add(&t->log, (LogKind)kind, seat, a, b, c, n, json_string_value(tv)))
            return fail(ld, "out of memory");
    }
    return 1;
}

Table *table_from_json(const char *text, char **vars_json, char *err, size_t errsize)
{
    Loader ld = {err, errsize, 0};
    *vars_json = NULL;
    json_error_t jerr;
    json_t *root = json_loads(text, 0, &jerr);
    if (!root) {
        snprintf(err, errsize, "corrupt save: not valid JSON (line %d: %s)", jerr.line, jerr.text);
        return NULL;
    }
    Table *t = NULL;
    json_t *format = json_object_get(root, "format");
    if (!json_is_object(root) || !json_is_string(format) ||
        strcmp(json_string_value(format), FORMAT) != 0) {
        fail(&ld, "not a referee table (expected \"format\": \"" FORMAT "\")");
        goto done;
    }
    json_t *seats = field(&ld, root, "seats", JSON_OBJECT);
    long long n;
    json_t *seed = json_object_get(root, "seed");
    if (!seats || !int_field(&ld, seats, "n", 1, MAX_SEATS, &n))
        goto done;
    if (!json_is_string(seed) || seed_problem(json_string_value(seed))) {
        fail(&ld, "\"seed\" must be a seed text (%s)",
             json_is_string(seed) ? seed_problem(json_string_value(seed)) : "a string");
        goto done;
    }
    t = table_new((int)n, json_string_value(seed));
    if (!t || !load_rng(&ld, field(&ld, root, "rng", JSON_OBJECT), &t->rng))
        goto done;
    if (!load_deck_and_zones(&ld, root, t) || !load_dice_and_seats(&ld, root, t) ||
        !load_ledger(&ld, root, t) || !load_log(&ld, root, t))
        goto done;
    for (int c = 1; c <= t->deck.n; c++)
        if (!t->zones.where[c]) {
            fail(&ld, "card %s is in no zone", t->deck.cards[c].name);
            goto done;
        }
    json_t *vars = json_object_get(root, "vars");
    *vars_json = json_dumps(vars ? vars : json_null(), JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
done:
    json_decref(root);
    if (ld.failed) {
        table_free(t);
        return NULL;
    }
    return t;
}
