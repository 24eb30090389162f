/*
 * rules_json.c — rule presets to and from JSON (rules_json.h). One table lists every field of
 * ippon_rules with its key, kind and allowed range; reading, writing and the error messages
 * all walk that table, so a new rule field is one line here.
 */
#include <stdio.h>
#include <string.h>

#include "rules_json.h"

enum field_kind { F_BOOL, F_U8, F_I32, F_NAME, F_RED, F_ENUM };

struct field {
    const char *key;
    enum field_kind kind;
    size_t offset;
    long lo, hi;
    const char *const *names; /* F_ENUM: the allowed strings, index = value */
};

static const char *const karaten_names[] = { "own_all", "concealed", NULL };
static const char *const riichi_ankan_names[] = { "strict", "waits", NULL };

#define OFF(f) offsetof(ippon_rules, f)
static const struct field fields[] = {
    { "name", F_NAME, OFF(name), 1, 15, NULL },
    { "players", F_U8, OFF(players), 3, 4, NULL },
    { "man_terminals_only", F_BOOL, OFF(man_terminals_only), 0, 1, NULL },
    { "red_fives", F_RED, OFF(red_fives), 0, 1, NULL },
    { "chi", F_BOOL, OFF(chi), 0, 1, NULL },
    { "kita", F_BOOL, OFF(kita), 0, 1, NULL },
    { "start_points", F_I32, OFF(start_points), 1000, 1000000, NULL },
    { "double_wind_pair_fu", F_U8, OFF(double_wind_pair_fu), 2, 4, NULL },
    { "kiriage", F_BOOL, OFF(kiriage), 0, 1, NULL },
    { "counted_yakuman", F_BOOL, OFF(counted_yakuman), 0, 1, NULL },
    { "double_yakuman_single", F_BOOL, OFF(double_yakuman_single), 0, 1, NULL },
    { "yakuman_stack", F_BOOL, OFF(yakuman_stack), 0, 1, NULL },
    { "open_tanyao", F_BOOL, OFF(open_tanyao), 0, 1, NULL },
    { "pao_daisangen", F_BOOL, OFF(pao_daisangen), 0, 1, NULL },
    { "pao_daisuushii", F_BOOL, OFF(pao_daisuushii), 0, 1, NULL },
    { "pao_suukantsu", F_BOOL, OFF(pao_suukantsu), 0, 1, NULL },
    { "honba_ron", F_I32, OFF(honba_ron), 0, 10000, NULL },
    { "honba_tsumo_each", F_I32, OFF(honba_tsumo_each), 0, 10000, NULL },
    { "tsumo_loss", F_BOOL, OFF(tsumo_loss), 0, 1, NULL },
    { "riichi_stick", F_I32, OFF(riichi_stick), 0, 100000, NULL },
    { "noten_pool", F_I32, OFF(noten_pool), 0, 100000, NULL },
    { "riichi_min_live", F_U8, OFF(riichi_min_live), 0, 70, NULL },
    { "riichi_min_points", F_I32, OFF(riichi_min_points), 0, 1000000, NULL },
    { "dead_wall", F_U8, OFF(dead_wall), 14, 14, NULL },
    { "max_kans", F_U8, OFF(max_kans), 0, 4, NULL },
    { "replacement_tiles", F_U8, OFF(replacement_tiles), 4, 8, NULL },
    { "open_kan_dora_delayed", F_BOOL, OFF(open_kan_dora_delayed), 0, 1, NULL },
    { "pending_dora_at_declaration", F_BOOL, OFF(pending_dora_at_declaration), 0, 1, NULL },
    { "max_ron_winners", F_U8, OFF(max_ron_winners), 1, 3, NULL },
    { "triple_ron_aborts", F_BOOL, OFF(triple_ron_aborts), 0, 1, NULL },
    { "abortive_draws", F_BOOL, OFF(abortive_draws), 0, 1, NULL },
    { "nagashi_mangan", F_BOOL, OFF(nagashi_mangan), 0, 1, NULL },
    { "kokushi_robs_ankan", F_BOOL, OFF(kokushi_robs_ankan), 0, 1, NULL },
    { "kita_ronnable", F_BOOL, OFF(kita_ronnable), 0, 1, NULL },
    { "karaten", F_ENUM, OFF(karaten), 0, 1, karaten_names },
    { "riichi_ankan", F_ENUM, OFF(riichi_ankan), 0, 1, riichi_ankan_names },
    { "tobi", F_BOOL, OFF(tobi), 0, 1, NULL },
};
#undef OFF

enum { N_FIELDS = sizeof fields / sizeof fields[0] };

static int fail(char *err, size_t cap, const char *key, const char *why)
{
    snprintf(err, cap, "key \"%s\": %s", key, why);
    return -1;
}

static int read_field(const struct field *f, const json_t *v, ippon_rules *r, char *err, size_t cap)
{
    char *at = (char *)r + f->offset;
    char why[96];
    switch (f->kind) {
    case F_BOOL:
        if (!json_is_boolean(v))
            return fail(err, cap, f->key, "must be true or false");
        *(bool *)at = json_is_true(v);
        return 0;
    case F_U8:
    case F_I32:
        if (!json_is_integer(v) || json_integer_value(v) < f->lo || json_integer_value(v) > f->hi) {
            snprintf(why, sizeof why, "must be an integer %ld..%ld", f->lo, f->hi);
            return fail(err, cap, f->key, why);
        }
        if (f->kind == F_U8)
            *(uint8_t *)at = (uint8_t)json_integer_value(v);
        else
            *(int32_t *)at = (int32_t)json_integer_value(v);
        return 0;
    case F_NAME: {
        const char *s = json_string_value(v);
        if (!s || strlen(s) < 1 || strlen(s) > 15 || strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_-") != strlen(s))
            return fail(err, cap, f->key, "must be 1..15 characters of a-z, 0-9, _ and -");
        memcpy(at, s, strlen(s) + 1);
        return 0;
    }
    case F_RED:
        if (!json_is_array(v) || json_array_size(v) != 3)
            return fail(err, cap, f->key, "must be [m, p, s], each 0 or 1");
        for (size_t i = 0; i < 3; i++) {
            const json_t *c = json_array_get(v, i);
            if (!json_is_integer(c) || json_integer_value(c) < 0 || json_integer_value(c) > 1)
                return fail(err, cap, f->key, "must be [m, p, s], each 0 or 1");
            ((uint8_t *)at)[i] = (uint8_t)json_integer_value(c);
        }
        return 0;
    case F_ENUM: {
        const char *s = json_string_value(v);
        for (int i = 0; s && f->names[i]; i++)
            if (!strcmp(s, f->names[i])) {
                *(uint8_t *)at = (uint8_t)i;
                return 0;
            }
        snprintf(why, sizeof why, "must be \"%s\" or \"%s\"", f->names[0], f->names[1]);
        return fail(err, cap, f->key, why);
    }
    }
    return fail(err, cap, f->key, "unknown field kind");
}

/* rules that only make sense together */
static int check_consistency(const ippon_rules *r, char *err, size_t cap)
{
    if (r->players == 3 && r->chi)
        return fail(err, cap, "chi", "3-player rules have no chi");
    if (r->players == 4 && (r->kita || r->man_terminals_only))
        return fail(err, cap, r->kita ? "kita" : "man_terminals_only", "only for 3-player rules");
    if (r->max_ron_winners > r->players - 1)
        return fail(err, cap, "max_ron_winners", "more winners than other players");
    if (r->man_terminals_only && r->red_fives[0])
        return fail(err, cap, "red_fives", "no red 5m without the 5m");
    /* the pool is split evenly among the tenpai seats and among the noten seats (match.c) */
    if (r->noten_pool % (r->players == 4 ? 6 : 2) != 0)
        return fail(err, cap, "noten_pool", r->players == 4 ? "must be a multiple of 6 with 4 players (split 1, 2 or 3 ways)"
                                                            : "must be a multiple of 2 with 3 players (split 1 or 2 ways)");
    return 0;
}

int ippon_rules_from_json(const json_t *obj, ippon_rules *out, char *err, size_t cap)
{
    memset(out, 0, sizeof *out);
    if (!json_is_object(obj)) {
        snprintf(err, cap, "a rule preset must be a JSON object");
        return -1;
    }
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        bool known = false;
        for (int i = 0; i < N_FIELDS && !known; i++)
            known = !strcmp(fields[i].key, key);
        if (!known)
            return fail(err, cap, key, "unknown key");
    }
    for (int i = 0; i < N_FIELDS; i++) {
        const json_t *val = json_object_get(obj, fields[i].key);
        if (!val)
            return fail(err, cap, fields[i].key, "missing");
        if (read_field(&fields[i], val, out, err, cap) < 0)
            return -1;
    }
    return check_consistency(out, err, cap);
}

int ippon_rules_load(const char *path, ippon_rules *out, char *err, size_t cap)
{
    json_error_t jerr;
    json_t *obj = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
    if (!obj) {
        snprintf(err, cap, "%s: %s (line %d)", path, jerr.text, jerr.line);
        return -1;
    }
    char inner[200];
    int rc = ippon_rules_from_json(obj, out, inner, sizeof inner);
    json_decref(obj);
    if (rc < 0)
        snprintf(err, cap, "%s: %s", path, inner);
    return rc;
}

json_t *ippon_rules_to_json(const ippon_rules *r)
{
    json_t *obj = json_object();
    for (int i = 0; i < N_FIELDS; i++) {
        const struct field *f = &fields[i];
        const char *at = (const char *)r + f->offset;
        json_t *v = NULL;
        switch (f->kind) {
        case F_BOOL: v = json_boolean(*(const bool *)at); break;
        case F_U8: v = json_integer(*(const uint8_t *)at); break;
        case F_I32: v = json_integer(*(const int32_t *)at); break;
        case F_NAME: v = json_string(at); break;
        case F_RED: v = json_pack("[iii]", at[0], at[1], at[2]); break;
        case F_ENUM: v = json_string(f->names[*(const uint8_t *)at]); break;
        }
        json_object_set_new(obj, f->key, v);
    }
    return obj;
}

const ippon_rules *ippon_rules_resolve(const char *arg, ippon_rules *storage, char *err, size_t cap)
{
    size_t len = strlen(arg);
    if (strchr(arg, '/') || (len > 5 && !strcmp(arg + len - 5, ".json")))
        return ippon_rules_load(arg, storage, err, cap) == 0 ? storage : NULL;
    const ippon_rules *builtin = ippon_rules_preset(arg);
    if (!builtin) {
        snprintf(err, cap, "unknown preset '%s' (yonma, sanma, tenhou4, tenhou3, or a preset file)", arg);
        return NULL;
    }
    *storage = *builtin;
    return storage;
}
