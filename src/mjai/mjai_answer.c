/*
 * mjai_answer.c — one answer line of an AI read into the core's action (mjai.h): the option the
 * table offered that the answer names, or, for anything else, a reason and the default the
 * table's clock would take (ippon_match_timeout_action), so a wrong answer never stops the table.
 * The reasons are printable ASCII (a quoted piece of the answer has its other bytes as '?').
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ippon/error.h"
#include "mjai_fields.h"
#include "mjai_internal.h"

ippon_action mjai_default_action(const ippon_mjai_seat *s)
{
    ippon_action a = { .type = IPPON_ACT_PASS, .seat = (int8_t)s->seat };
    if (s->on_offer)
        return a;
    a.type = IPPON_ACT_DISCARD;
    if (s->drawn >= 0) {
        a.tile = (ippon_tile)s->drawn;
        return a;
    }
    /* after a call: the last tile in the hand's order (by id) among the codes it may discard */
    int best = -1;
    for (int i = 0; i < s->n_hand; i++) {
        if (s->hand[i] <= best)
            continue;
        for (int k = 0; k < s->n_options; k++)
            if (s->options[k].type == IPPON_ACT_DISCARD && !s->options[k].riichi &&
                mjai_code(s, s->options[k].tile) == mjai_code(s, s->hand[i]))
                best = s->hand[i];
    }
    if (best >= 0)
        a.tile = (ippon_tile)best;
    return a;
}

typedef struct reading {
    mjai_reading in; /* the answer and where its refusal's reason goes */
    ippon_mjai_seat *s;
} reading;

/* a tile named by the AI as a code (a red five read as plain under rules without it), or -1
   (refused, saying so, when field names it) */
static int tile_field(reading *r, const json_t *value, const char *field)
{
    int code = mjai_tile_code(value, r->s->frame.red_fives);
    if (code < 0 && field)
        mjai_refuse(&r->in, "%s is not a tile (\"1m\"…\"9s\", \"E\" \"S\" \"W\" \"N\" \"P\" \"F\" \"C\", \"5mr\")", field);
    return code;
}

/* "consumed": exactly n tiles, as sorted codes */
static bool consumed_field(reading *r, int n, int *codes)
{
    if (!mjai_consumed(&r->in, n, r->s->frame.red_fives, codes))
        return false;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && codes[j - 1] > codes[j]; j--) {
            int x = codes[j];
            codes[j] = codes[j - 1];
            codes[j - 1] = x;
        }
    return true;
}

static const ippon_action *offered(const ippon_mjai_seat *s, int type)
{
    for (int i = 0; i < s->n_options; i++)
        if (s->options[i].type == type)
            return &s->options[i];
    return NULL;
}

/* "target" (when given) names the seat whose tile it is */
static bool target_field(reading *r, int table_seat)
{
    const json_t *t = json_object_get(r->in.msg, "target");
    int want = ippon_mjai_seat_of(&r->s->frame, table_seat);
    if (t && (!json_is_integer(t) || json_integer_value(t) != want))
        return mjai_refuse(&r->in, "target must be %d", want);
    return true;
}

/* "pai" (when given, or when required) is the claimed or drawn tile, by kind */
static bool pai_is(reading *r, int tile, bool required)
{
    const json_t *p = json_object_get(r->in.msg, "pai");
    if (!p && !required)
        return true;
    int code = p ? tile_field(r, p, "pai") : -1;
    if (code < 0)
        return p ? false : mjai_refuse(&r->in, "pai missing");
    if (ippon_code_kind(code) != ippon_tile_kind((ippon_tile)tile))
        return mjai_refuse(&r->in, "pai must be %s", ippon_mjai_tile_text(&r->s->frame, tile));
    return true;
}

static bool dahai(reading *r, ippon_action *out)
{
    ippon_mjai_seat *s = r->s;
    if (s->on_offer)
        return mjai_refuse(&r->in, "dahai on another seat's tile: answer none, hora or a call");
    int code = tile_field(r, json_object_get(r->in.msg, "pai"), "pai");
    if (code < 0)
        return false;
    const json_t *tg = json_object_get(r->in.msg, "tsumogiri");
    if (tg && !json_is_boolean(tg))
        return mjai_refuse(&r->in, "tsumogiri must be true or false");
    bool tsumogiri = json_is_true(tg);
    int tile = -1;
    if (tsumogiri) {
        if (s->drawn < 0)
            return mjai_refuse(&r->in, "tsumogiri: no tile was drawn (a discard after a call)");
        if (mjai_code(s, s->drawn) != code)
            return mjai_refuse(&r->in, "tsumogiri, but the tile drawn is %s", ippon_mjai_tile_text(&s->frame, s->drawn));
        tile = s->drawn;
    } else {
        for (int i = 0; i < s->n_hand && tile < 0; i++)
            if (s->hand[i] != s->drawn && mjai_code(s, s->hand[i]) == code)
                tile = s->hand[i];
        if (tile < 0)
            return mjai_refuse(&r->in, s->drawn >= 0 && mjai_code(s, s->drawn) == code
                                 ? "tsumogiri is false, but the only %s held is the tile just drawn"
                                 : "%s is not in the hand",
                          ippon_code_to_mjai(code));
    }
    for (int i = 0; i < s->n_options; i++) {
        const ippon_action *o = &s->options[i];
        if (o->type == IPPON_ACT_DISCARD && o->riichi == s->reach_declared && mjai_code(s, o->tile) == code) {
            *out = *o;
            out->tile = (ippon_tile)tile;
            return true;
        }
    }
    if (s->reach_declared)
        return mjai_refuse(&r->in, "after reach, %s does not leave the hand ready", ippon_code_to_mjai(code));
    return mjai_refuse(&r->in, "%s may not be discarded now (kuikae; in riichi only the tile drawn)", ippon_code_to_mjai(code));
}

static bool call(reading *r, int type, ippon_action *out)
{
    ippon_mjai_seat *s = r->s;
    const char *name = type == IPPON_ACT_CHI ? "chi" : type == IPPON_ACT_PON ? "pon" : "daiminkan";
    if (!s->on_offer || !offered(s, type))
        return mjai_refuse(&r->in, "%s is not offered now", name);
    if (!target_field(r, s->claim_from) || !pai_is(r, s->claim_tile, false))
        return false;
    int n = type == IPPON_ACT_DAIMINKAN ? 3 : 2, want[3], have[3];
    if (!consumed_field(r, n, want))
        return false;
    for (int i = 0; i < s->n_options; i++) {
        const ippon_action *o = &s->options[i];
        if (o->type != type)
            continue;
        for (int k = 0; k < n; k++)
            have[k] = mjai_code(s, o->with[k]);
        for (int a = 1; a < n; a++)
            for (int b = a; b > 0 && have[b - 1] > have[b]; b--) {
                int x = have[b];
                have[b] = have[b - 1];
                have[b - 1] = x;
            }
        if (!memcmp(have, want, (size_t)n * sizeof want[0])) {
            *out = *o;
            return true;
        }
    }
    return mjai_refuse(&r->in, "%s with these consumed tiles is not offered", name);
}

/* ankan, kakan and kita: one option per kind */
static bool own_kan(reading *r, int type, ippon_action *out)
{
    ippon_mjai_seat *s = r->s;
    const char *name = type == IPPON_ACT_ANKAN ? "ankan" : "kakan";
    if (s->on_offer || !offered(s, type))
        return mjai_refuse(&r->in, "%s is not offered now", name);
    int kind;
    if (type == IPPON_ACT_ANKAN) {
        int four[4];
        if (!consumed_field(r, 4, four))
            return false;
        kind = ippon_code_kind(four[0]);
        for (int i = 1; i < 4; i++)
            if (ippon_code_kind(four[i]) != kind)
                return mjai_refuse(&r->in, "ankan: consumed must be four tiles of one kind");
    } else {
        int code = tile_field(r, json_object_get(r->in.msg, "pai"), "pai");
        if (code < 0)
            return false;
        kind = ippon_code_kind(code);
    }
    for (int i = 0; i < s->n_options; i++)
        if (s->options[i].type == type && ippon_tile_kind(s->options[i].tile) == kind) {
            *out = s->options[i];
            return true;
        }
    return mjai_refuse(&r->in, "%s of %s is not offered", name, ippon_code_to_mjai(kind));
}

static bool hora(reading *r, ippon_action *out)
{
    ippon_mjai_seat *s = r->s;
    const ippon_action *o = offered(s, s->on_offer ? IPPON_ACT_RON : IPPON_ACT_TSUMO);
    if (!o)
        return mjai_refuse(&r->in, "hora is not possible now");
    int from = s->on_offer ? s->claim_from : s->seat, tile = s->on_offer ? s->claim_tile : s->drawn;
    if (!target_field(r, from) || !pai_is(r, tile, false))
        return false;
    *out = *o;
    return true;
}

static bool reach(reading *r)
{
    ippon_mjai_seat *s = r->s;
    bool any = false;
    for (int i = 0; i < s->n_options; i++)
        any |= s->options[i].type == IPPON_ACT_DISCARD && s->options[i].riichi;
    if (s->on_offer || !any)
        return mjai_refuse(&r->in, "reach is not possible now");
    if (s->reach_declared)
        return mjai_refuse(&r->in, "reach was already declared: answer with its dahai");
    return true;
}

static bool kita(reading *r, ippon_action *out)
{
    const ippon_action *o = offered(r->s, IPPON_ACT_KITA);
    if (r->s->on_offer || !o)
        return mjai_refuse(&r->in, "kita is not offered now");
    const json_t *p = json_object_get(r->in.msg, "pai");
    if (p && tile_field(r, p, "pai") != IPPON_NORTH)
        return mjai_refuse(&r->in, "kita sets aside N");
    *out = *o;
    return true;
}

static bool kyuushu(reading *r, ippon_action *out)
{
    const ippon_action *o = offered(r->s, IPPON_ACT_KYUUSHU);
    if (r->s->on_offer || !o)
        return mjai_refuse(&r->in, "ryukyoku (kyushukyuhai) is not offered now");
    const json_t *reason = json_object_get(r->in.msg, "reason");
    if (reason && (!json_is_string(reason) || strcmp(json_string_value(reason), "kyushukyuhai")))
        return mjai_refuse(&r->in, "ryukyoku: the only reason an AI may give is kyushukyuhai");
    *out = *o;
    return true;
}

/* the answer read against the decision asked; false with the reason in r->in.error */
static bool read_answer(reading *r, const char *type, ippon_action *out, bool *wait)
{
    ippon_mjai_seat *s = r->s;
    if (s->reach_declared && strcmp(type, "dahai"))
        return mjai_refuse(&r->in, "after reach the answer must be its dahai, not %s", type);
    if (!strcmp(type, "none")) {
        if (!s->on_offer)
            return mjai_refuse(&r->in, "none on the seat's own turn: a dahai is needed");
        *out = *offered(s, IPPON_ACT_PASS);
        return true;
    }
    if (!strcmp(type, "dahai"))
        return dahai(r, out);
    if (!strcmp(type, "reach"))
        return (*wait = reach(r));
    if (!strcmp(type, "hora"))
        return hora(r, out);
    if (!strcmp(type, "chi"))
        return call(r, IPPON_ACT_CHI, out);
    if (!strcmp(type, "pon"))
        return call(r, IPPON_ACT_PON, out);
    if (!strcmp(type, "daiminkan"))
        return call(r, IPPON_ACT_DAIMINKAN, out);
    if (!strcmp(type, "ankan"))
        return own_kan(r, IPPON_ACT_ANKAN, out);
    if (!strcmp(type, "kakan"))
        return own_kan(r, IPPON_ACT_KAKAN, out);
    if (!strcmp(type, "kita") || !strcmp(type, "nukidora"))
        return kita(r, out);
    if (!strcmp(type, "ryukyoku"))
        return kyuushu(r, out);
    return mjai_refuse(&r->in, "unknown type \"%.40s\"", type);
}

int ippon_mjai_seat_answer(ippon_mjai_seat *s, const char *line, ippon_action *out, char *error, size_t cap)
{
    reading r = { .in = { .error = error, .cap = cap }, .s = s };
    if (cap)
        error[0] = '\0';
    json_error_t jerr;
    json_t *msg = json_loads(line, JSON_REJECT_DUPLICATES, &jerr);
    r.in.msg = msg;
    bool ok = false, wait = false;
    const char *type = json_string_value(json_object_get(msg, "type"));
    const json_t *actor = json_object_get(msg, "actor");
    int me = ippon_mjai_seat_id(s);
    if (!msg)
        mjai_refuse(&r.in, "malformed JSON: %s", jerr.text);
    else if (!json_is_object(msg))
        mjai_refuse(&r.in, "an answer is a JSON object");
    else if (!type)
        mjai_refuse(&r.in, "type missing");
    else if (actor && (!json_is_integer(actor) || json_integer_value(actor) != me) && strcmp(type, "none"))
        mjai_refuse(&r.in, "actor must be %d, this seat", me);
    else if (!s->asked) {
        if (strcmp(type, "none"))
            mjai_refuse(&r.in, "nothing was asked: the answer is none");
        json_decref(msg);
        return IPPON_MJAI_NOTHING;
    } else
        ok = read_answer(&r, type, out, &wait);
    json_decref(msg);
    /* the reason may quote the answer (its type, jansson's token): printable ASCII only, so it
       can be sent back as it is (no control byte, no UTF-8 sequence cut short) */
    for (size_t i = 0; cap && error[i]; i++)
        if ((unsigned char)error[i] < 0x20 || (unsigned char)error[i] > 0x7e)
            error[i] = '?';
    if (!s->asked)
        return IPPON_MJAI_NOTHING; /* an error when nothing was asked: nothing to default */
    if (ok && wait) {
        s->reach_declared = s->reach_echoed = true;
        mjai_push(s, json_pack("{s:s,s:i}", "type", "reach", "actor", me), true, MAY_NOT);
        return IPPON_MJAI_WAIT;
    }
    if (!ok)
        *out = mjai_default_action(s);
    s->asked = s->reach_declared = false;
    return IPPON_MJAI_ACT;
}
