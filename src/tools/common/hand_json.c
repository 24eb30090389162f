/*
 * hand_json.c — reading winning hands from JSON and writing verdicts (hand_json.h).
 *
 * The schema is the scoring oracle's: tiles as "1m".."9s", "1z".."7z" or integers 0–33, seats
 * as 0–3 or "E" "S" "W" "N", melds in the order made, flags as booleans. Every field is checked
 * for its type and range, and unknown fields are refused (a typo such as "riichii" must not
 * pass silently); "expect", "comment" and fields starting with "_" are ignored.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hand_json.h"
#include "ippon/error.h"
#include "ippon/tile.h"

static int fail(char *err, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
    return -1;
}

/* a tile: "5m", "7z" or 0–33; returns the kind or -1 */
static int read_tile(const json_t *v)
{
    if (json_is_integer(v)) {
        json_int_t k = json_integer_value(v);
        return k >= 0 && k < IPPON_KINDS ? (int)k : -1;
    }
    const char *s = json_string_value(v);
    if (!s || strlen(s) != 2)
        return -1;
    ippon_code code;
    if (ippon_notation_parse(s, &code, 1) != 1 || ippon_code_is_red(code))
        return -1;
    return code;
}

/* a seat or wind: 0–3 or "E" "S" "W" "N"; returns it or -1 */
static int read_seat(const json_t *v)
{
    if (json_is_integer(v)) {
        json_int_t s = json_integer_value(v);
        return s >= 0 && s <= 3 ? (int)s : -1;
    }
    const char *s = json_string_value(v);
    static const char *const winds[4] = { "E", "S", "W", "N" };
    for (int i = 0; s && i < 4; i++)
        if (strcmp(s, winds[i]) == 0)
            return i;
    return -1;
}

static int read_tiles(const json_t *arr, const char *field, uint8_t *kinds, int max, int *n, char *err, size_t cap)
{
    if (!json_is_array(arr))
        return fail(err, cap, "%s: must be an array of tiles", field);
    if ((int)json_array_size(arr) > max)
        return fail(err, cap, "%s: at most %d tiles", field, max);
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        int k = read_tile(v);
        if (k < 0)
            return fail(err, cap, "%s[%zu]: not a tile", field, i);
        kinds[i] = (uint8_t)k;
    }
    *n = (int)json_array_size(arr);
    return 0;
}

static int read_int(const json_t *obj, const char *key, int lo, int hi, int fallback, int *out, char *err, size_t cap)
{
    const json_t *v = json_object_get(obj, key);
    if (!v) {
        *out = fallback;
        return 0;
    }
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return fail(err, cap, "%s: must be an integer %d..%d", key, lo, hi);
    *out = (int)json_integer_value(v);
    return 0;
}

static int read_flag(const json_t *obj, const char *key, bool *out, char *err, size_t cap)
{
    const json_t *v = json_object_get(obj, key);
    *out = false;
    if (!v)
        return 0;
    if (!json_is_boolean(v))
        return fail(err, cap, "%s: must be true or false", key);
    *out = json_is_true(v);
    return 0;
}

static const char *const meld_types[] = { "chi", "pon", "minkan", "ankan", "kakan" };

static int read_meld(const json_t *v, int i, ippon_meld *m, char *err, size_t cap)
{
    char field[32];
    if (!json_is_object(v))
        return fail(err, cap, "melds[%d]: must be an object", i);
    const char *key;
    json_t *val;
    json_object_foreach((json_t *)v, key, val) {
        if (strcmp(key, "type") && strcmp(key, "tiles") && strcmp(key, "called") && strcmp(key, "from"))
            return fail(err, cap, "melds[%d]: unknown field %s", i, key);
    }
    const char *type = json_string_value(json_object_get(v, "type"));
    int t = -1;
    for (int j = 0; type && j < 5; j++)
        if (strcmp(type, meld_types[j]) == 0)
            t = j;
    if (t < 0)
        return fail(err, cap, "melds[%d].type: one of chi, pon, minkan, ankan, kakan", i);
    uint8_t tiles[4];
    int n;
    snprintf(field, sizeof field, "melds[%d].tiles", i);
    if (read_tiles(json_object_get(v, "tiles"), field, tiles, 4, &n, err, cap) < 0)
        return -1;
    bool kan = t >= IPPON_MELD_DAIMINKAN;
    if (n != (kan ? 4 : 3))
        return fail(err, cap, "%s: a %s has %d tiles", field, type, kan ? 4 : 3);
    int lo = tiles[0];
    for (int j = 1; j < n; j++)
        if (tiles[j] < lo)
            lo = tiles[j];
    if (t == IPPON_MELD_CHI) {
        bool seen[3] = { false, false, false };
        for (int j = 0; j < 3; j++) {
            int d = tiles[j] - lo;
            if (d > 2 || seen[d] || lo >= 27 || lo % 9 > 6)
                return fail(err, cap, "%s: a chi is three consecutive tiles of one suit", field);
            seen[d] = true;
        }
    } else {
        for (int j = 0; j < n; j++)
            if (tiles[j] != lo)
                return fail(err, cap, "%s: a %s is %d tiles of one kind", field, type, n);
    }
    m->type = (uint8_t)t;
    m->kind = (uint8_t)lo;
    m->kan_seq = 0;
    const json_t *called = json_object_get(v, "called");
    if (called) {
        int c = read_tile(called);
        if (c < 0)
            return fail(err, cap, "melds[%d].called: not a tile", i);
        if (c < lo || c > lo + (t == IPPON_MELD_CHI ? 2 : 0))
            return fail(err, cap, "melds[%d].called: not one of the meld's tiles", i);
        m->called = (uint8_t)c;
    } else if (t == IPPON_MELD_CHI) {
        return fail(err, cap, "melds[%d].called: a chi must say which tile was called", i);
    } else {
        m->called = (uint8_t)lo;
    }
    const json_t *from = json_object_get(v, "from");
    if (t == IPPON_MELD_ANKAN) {
        if (from)
            return fail(err, cap, "melds[%d].from: an ankan has no source", i);
        m->from = -1;
    } else {
        int s = from ? read_seat(from) : -1;
        if (s < 0)
            return fail(err, cap, "melds[%d].from: a seat 0..3 or E S W N", i);
        m->from = (int8_t)s;
    }
    return 0;
}

static const char *const known_keys[] = {
    "id", "rules", "hand", "melds", "win", "tsumo", "from", "seat_wind", "round_wind", "dealer",
    "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou",
    "dora", "ura", "red", "honba", "riichi_sticks", "kita", "expect", "comment",
};

static int check_keys(const json_t *obj, char *err, size_t cap)
{
    const char *key;
    json_t *val;
    json_object_foreach((json_t *)obj, key, val) {
        bool known = key[0] == '_';
        for (size_t i = 0; !known && i < sizeof known_keys / sizeof known_keys[0]; i++)
            known = strcmp(key, known_keys[i]) == 0;
        if (!known)
            return fail(err, cap, "unknown field %s", key);
    }
    return 0;
}

static int read_situation(const json_t *obj, ippon_win *w, char *err, size_t cap)
{
    static const char *const flags[] = { "riichi", "double_riichi", "ippatsu", "haitei", "houtei",
                                         "rinshan", "chankan", "tenhou", "chiihou" };
    bool *const targets[] = { &w->riichi, &w->double_riichi, &w->ippatsu, &w->haitei, &w->houtei,
                              &w->rinshan, &w->chankan, &w->tenhou, &w->chiihou };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (read_flag(obj, flags[i], targets[i], err, cap) < 0)
            return -1;
    const json_t *tsumo = json_object_get(obj, "tsumo");
    if (!json_is_boolean(tsumo))
        return fail(err, cap, "tsumo: required, true or false");
    w->tsumo = json_is_true(tsumo);
    const json_t *seat = json_object_get(obj, "seat_wind"), *round = json_object_get(obj, "round_wind");
    int s = seat ? read_seat(seat) : -1, r = round ? read_seat(round) : -1;
    if (s < 0)
        return fail(err, cap, "seat_wind: required, 0..3 or E S W N");
    if (r < 0)
        return fail(err, cap, "round_wind: required, 0..3 or E S W N");
    w->seat = (uint8_t)s;
    w->round_wind = (uint8_t)r;
    const json_t *dealer = json_object_get(obj, "dealer");
    if (dealer && (!json_is_boolean(dealer) || json_is_true(dealer) != (s == 0)))
        return fail(err, cap, "dealer: must be true exactly when seat_wind is East");
    const json_t *from = json_object_get(obj, "from");
    if (!w->tsumo) {
        int f = from ? read_seat(from) : -1;
        if (f < 0)
            return fail(err, cap, "from: a ron needs the discarder, 0..3 or E S W N");
        w->from = (int8_t)f;
    } else {
        if (from && read_seat(from) < 0)
            return fail(err, cap, "from: a seat 0..3 or E S W N");
        w->from = -1;
    }
    int v = 0;
    if (read_int(obj, "kita", 0, 4, 0, &v, err, cap) < 0)
        return -1;
    w->kita = (uint8_t)v;
    if (read_int(obj, "honba", 0, 1000, 0, &v, err, cap) < 0)
        return -1;
    w->honba = v;
    if (read_int(obj, "riichi_sticks", 0, 1000, 0, &v, err, cap) < 0)
        return -1;
    w->riichi_sticks = v;
    int n;
    const json_t *dora = json_object_get(obj, "dora");
    if (!dora)
        return fail(err, cap, "dora: required, 1 to 5 indicators");
    if (read_tiles(dora, "dora", w->dora, 5, &n, err, cap) < 0)
        return -1;
    w->n_dora = (uint8_t)n;
    const json_t *ura = json_object_get(obj, "ura");
    w->n_ura = 0;
    if (ura) {
        if (read_tiles(ura, "ura", w->ura, 5, &n, err, cap) < 0)
            return -1;
        w->n_ura = (uint8_t)n;
    }
    const json_t *red = json_object_get(obj, "red");
    memset(w->red, 0, sizeof w->red);
    if (red) {
        if (!json_is_array(red) || json_array_size(red) != 3)
            return fail(err, cap, "red: must be [m, p, s] counts");
        for (int i = 0; i < 3; i++) {
            const json_t *c = json_array_get(red, (size_t)i);
            if (!json_is_integer(c) || json_integer_value(c) < 0 || json_integer_value(c) > 4)
                return fail(err, cap, "red[%d]: must be an integer 0..4", i);
            w->red[i] = (uint8_t)json_integer_value(c);
        }
    }
    return 0;
}

int ippon_hand_from_json(const json_t *obj, const ippon_rules *default_rules, ippon_hand_input *in, char *err,
                         size_t cap)
{
    memset(in, 0, sizeof *in);
    if (!json_is_object(obj))
        return fail(err, cap, "a hand must be a JSON object");
    if (check_keys(obj, err, cap) < 0)
        return -1;
    const json_t *rules = json_object_get(obj, "rules");
    in->rules = default_rules;
    if (rules) {
        const char *name = json_string_value(rules);
        in->rules = name && (!strcmp(name, "yonma") || !strcmp(name, "sanma")) ? ippon_rules_preset(name) : NULL;
        if (!in->rules)
            return fail(err, cap, "rules: \"yonma\" or \"sanma\"");
    }
    ippon_win *w = &in->win;
    uint8_t hand[14];
    int n;
    const json_t *h = json_object_get(obj, "hand");
    if (!h)
        return fail(err, cap, "hand: required");
    if (read_tiles(h, "hand", hand, 13, &n, err, cap) < 0)
        return -1;
    for (int i = 0; i < n; i++)
        w->hand[hand[i]]++;
    const json_t *melds = json_object_get(obj, "melds");
    if (melds) {
        if (!json_is_array(melds) || json_array_size(melds) > 4)
            return fail(err, cap, "melds: an array of at most 4 melds");
        for (size_t i = 0; i < json_array_size(melds); i++)
            if (read_meld(json_array_get(melds, i), (int)i, &w->melds[i], err, cap) < 0)
                return -1;
        w->n_melds = (uint8_t)json_array_size(melds);
    }
    const json_t *win = json_object_get(obj, "win");
    int k = win ? read_tile(win) : -1;
    if (k < 0)
        return fail(err, cap, "win: required, a tile");
    w->win = (uint8_t)k;
    return read_situation(obj, w, err, cap);
}

/* the verdict object for a scored hand (result, han, fu, yakuman, limit, base, total,
   payments, pao, yaku); id is copied in when not NULL */
static json_t *ippon_verdict_to_json(const json_t *id, const ippon_rules *rules, const ippon_score *s)
{
    static const char *const results[] = { "win", "no_yaku", "no_win" };
    json_t *out = json_object();
    if (id)
        json_object_set(out, "id", (json_t *)id);
    json_object_set_new(out, "result", json_string(results[s->result]));
    if (s->result != IPPON_RESULT_WIN)
        return out;
    bool yakuman = s->yakuman > 0;
    json_object_set_new(out, "han", yakuman ? json_null() : json_integer(s->han));
    json_object_set_new(out, "fu", yakuman ? json_null() : json_integer(s->fu));
    json_object_set_new(out, "yakuman", json_integer(s->yakuman));
    const char *limit = ippon_limit_name(s->limit);
    json_object_set_new(out, "limit", limit ? json_string(limit) : json_null());
    json_object_set_new(out, "base", json_integer(s->base));
    json_object_set_new(out, "total", json_integer(s->total));
    json_t *pay = json_array();
    for (int p = 0; p < rules->players; p++)
        json_array_append_new(pay, json_integer(s->payments[p]));
    json_object_set_new(out, "payments", pay);
    if (s->n_pao) {
        json_t *pao = json_array();
        for (int i = 0; i < s->n_pao; i++)
            json_array_append_new(pao, json_pack("{s:i,s:s}", "seat", s->pao[i].seat, "yaku",
                                                 ippon_yaku_id(s->pao[i].yaku)));
        json_object_set_new(out, "pao", pao);
    } else {
        json_object_set_new(out, "pao", json_null());
    }
    json_t *yaku = json_array();
    for (int i = 0; i < s->n_yaku; i++) {
        const ippon_yaku_han *y = &s->yaku[i];
        json_array_append_new(yaku, json_pack("{s:s,s:s,s:i}", "id", ippon_yaku_id(y->yaku), "name",
                                              ippon_yaku_name_ja(y->yaku), y->yakuman ? "yakuman" : "han",
                                              y->yakuman ? y->yakuman : y->han));
    }
    json_object_set_new(out, "yaku", yaku);
    return out;
}

/* a message as a JSON string; bytes that are not UTF-8 (a parser's message quoting the bad
   input) become '?' */
static json_t *message_json(const char *message)
{
    json_t *s = json_string(message);
    if (s)
        return s;
    char clean[512];
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)message; *p && n + 1 < sizeof clean; p++)
        clean[n++] = *p < 0x80 ? (char)*p : '?';
    clean[n] = '\0';
    return json_string(clean);
}

static char *error_line(const json_t *id, const char *message)
{
    json_t *out = json_object();
    if (id)
        json_object_set(out, "id", (json_t *)id);
    json_object_set_new(out, "result", json_string("error"));
    json_object_set_new(out, "error", message_json(message));
    char *text = json_dumps(out, JSON_COMPACT | JSON_ENSURE_ASCII);
    json_decref(out);
    return text;
}

char *ippon_score_line(const char *line, size_t len, const ippon_rules *default_rules, long line_number)
{
    json_error_t jerr;
    json_t *obj = json_loadb(line, len, JSON_REJECT_DUPLICATES, &jerr);
    json_t *fallback_id = json_integer(line_number);
    char err[256];
    char *text;
    if (!obj) {
        snprintf(err, sizeof err, "bad JSON: %s", jerr.text);
        text = error_line(fallback_id, err);
        json_decref(fallback_id);
        return text;
    }
    const json_t *id = json_is_object(obj) && json_object_get(obj, "id") ? json_object_get(obj, "id") : fallback_id;
    ippon_hand_input in;
    ippon_score score;
    if (ippon_hand_from_json(obj, default_rules, &in, err, sizeof err) < 0) {
        text = error_line(id, err);
    } else if (ippon_win_check(in.rules, &in.win, err, sizeof err) < 0) {
        text = error_line(id, err);
    } else {
        ippon_score_win(in.rules, &in.win, &score);
        json_t *verdict = ippon_verdict_to_json(id, in.rules, &score);
        text = json_dumps(verdict, JSON_COMPACT);
        json_decref(verdict);
    }
    json_decref(obj);
    json_decref(fallback_id);
    return text;
}
