/*
 * test_server_protocol.c — the game's JSON (src/server/game/protocol.c): tiles in short notation,
 * legal actions written as options, client actions read back into the seat's legal actions
 * (and every kind of bad input refused with a message naming the field), events filtered per
 * seat (a private deal or draw reaches only its seat; the public twin of a draw carries no
 * tile), and each seat's view holding its own hand and never another seat's concealed tiles;
 * a seat's own tenpai (its waits and which furiten — temporary after a passed ron, riichi for the
 * rest of the hand, permanent for a wait in its own pond — and the waits each discard option
 * would leave) in its own options and view only, never in the spectators' view or another seat's; and a win as
 * the match record keeps it (melds, kita, dora indicators, the honba and stick points); the
 * match's numbers (starting points, riichi stick, honba, wall and live tiles) in every view.
 * Match states are built from scripted walls (match_script.h); the expected JSON is written out
 * by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "match_script.h"
#include "game/protocol.h"

/* ---- helpers ---------------------------------------------------------------------------------- */

/* asserts that a JSON value equals the JSON text (key order free); takes the reference */
static void assert_json(json_t *got, const char *expect_text)
{
    json_error_t e;
    json_t *expect = json_loads(expect_text, JSON_DECODE_ANY, &e);
    if (!expect)
        fail_msg("bad expected JSON %s: %s", expect_text, e.text);
    if (!got)
        fail_msg("got NULL, expected %s", expect_text);
    if (!json_equal(got, expect)) {
        char *g = json_dumps(got, JSON_COMPACT | JSON_SORT_KEYS);
        char *x = json_dumps(expect, JSON_COMPACT | JSON_SORT_KEYS);
        fail_msg("got %s, expected %s", g, x);
    }
    json_decref(expect);
    json_decref(got);
}

static char *dump(const json_t *j) { return json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS); }

/* reads an action from JSON text for a seat; returns the result, error text in err */
static int read_text(const ms *s, int seat, const char *text, ippon_action *out, char *err, size_t cap)
{
    json_error_t e;
    json_t *j = json_loads(text, JSON_DECODE_ANY, &e);
    if (!j)
        fail_msg("bad test JSON %s: %s", text, e.text);
    memset(out, 0xab, sizeof *out);
    err[0] = '\0';
    int rc = ippon_proto_read_action(s->m, seat, j, out, err, cap);
    json_decref(j);
    return rc;
}

/* the read must fail with a message that contains `field` */
static void refused(const ms *s, int seat, const char *text, const char *field)
{
    ippon_action a;
    char err[160];
    int rc = read_text(s, seat, text, &a, err, sizeof err);
    if (rc != -1)
        fail_msg("%s was accepted (type %d)", text, a.type);
    if (!strstr(err, field))
        fail_msg("%s: message \"%s\" does not name %s", text, err, field);
}

static ippon_action accepted(const ms *s, int seat, const char *text)
{
    ippon_action a;
    char err[160];
    int rc = read_text(s, seat, text, &a, err, sizeof err);
    if (rc != 0)
        fail_msg("%s refused: %s", text, err);
    assert_int_equal(a.seat, seat);
    return a;
}

/*
 * Scenario "dealer": seat 0 deals (wind E) and holds 123m 456p 789s 11z 9m 2z, draws 9m.
 * Discarding 2z leaves 123m 456p 789s 11z 99m, tenpai on 1z/9m (shanpon): riichi with 2z is
 * an option. Discarding a 9m leaves 9m and 2z single: not tenpai, so no riichi with 9m.
 * The other seats hold disconnected junk.
 */
static ms *dealer_scenario(void)
{
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){ .hand = { "123m 456p 789s 11z 9m 2z",
                                      "258m 369p 147s 3457z",
                                      "147m 258p 369s 3456z",
                                      "369m 147p 258s 3467z" },
                            .draws = "9m 1s 1s 1s 1z", .dora = "5z" });
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_TURN);
    assert_int_equal(ippon_match_turn(s->m), 0);
    return s;
}

/*
 * Scenario "chi": seat 0 deals, draws 3m and discards it. Seat 1 (next in turn, so the
 * discarder is on its left) holds 1m 2m 4m red-5m: chi with 12m, 24m or 4m+0m.
 */
static ms *chi_scenario(void)
{
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){ .hand = { "789m 258p 369s 2467z",
                                      "124m 0m 369p 147s 135z",
                                      "678m 147p 258s 2467z",
                                      "99m 369p 147s 1235z 6z" },
                            .draws = "3m", .dora = "5z" });
    ms_ok(s, ms_giri(s, 0));
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_OFFER);
    assert_true(ippon_match_waiting_for(s->m, 1));
    return s;
}

/* ---- tiles and options -------------------------------------------------------------------------- */

static void tiles(void **state)
{
    (void)state;
    const ippon_rules *y = ippon_rules_preset("yonma"), *sa = ippon_rules_preset("sanma");
    /* id = kind * 4 + copy; copy 0 of a five is the red one where the rules have it */
    assert_json(ippon_proto_tile(y, 4 * 4 + 1), "\"5m\"");
    assert_json(ippon_proto_tile(y, 4 * 4 + 0), "\"0m\"");
    assert_json(ippon_proto_tile(y, 13 * 4 + 0), "\"0p\"");
    assert_json(ippon_proto_tile(y, 13 * 4 + 3), "\"5p\"");
    assert_json(ippon_proto_tile(y, 22 * 4 + 0), "\"0s\"");
    assert_json(ippon_proto_tile(y, 0), "\"1m\"");
    assert_json(ippon_proto_tile(y, 8 * 4 + 2), "\"9m\"");
    assert_json(ippon_proto_tile(y, 27 * 4), "\"1z\"");
    assert_json(ippon_proto_tile(y, 30 * 4 + 1), "\"4z\"");
    assert_json(ippon_proto_tile(y, 33 * 4 + 3), "\"7z\"");
    /* 3p: red 5p and 5s, no man fives at all */
    assert_json(ippon_proto_tile(sa, 13 * 4 + 0), "\"0p\"");
    assert_json(ippon_proto_tile(sa, 22 * 4 + 0), "\"0s\"");
    assert_json(ippon_proto_tile(sa, 8 * 4), "\"9m\"");
    const ippon_tile list[] = { 0, 16, 17, 52, 135 };
    assert_json(ippon_proto_tiles(y, list, 5), "[\"1m\",\"0m\",\"5m\",\"0p\",\"7z\"]");
    assert_json(ippon_proto_tiles(y, list, 0), "[]");
}

static ippon_action act(int type, int tile, int w0, int w1, int w2, bool riichi)
{
    ippon_action a;
    memset(&a, 0, sizeof a);
    a.type = (uint8_t)type;
    a.seat = 1;
    a.tile = (ippon_tile)tile;
    a.with[0] = (ippon_tile)w0;
    a.with[1] = (ippon_tile)w1;
    a.with[2] = (ippon_tile)w2;
    a.riichi = riichi;
    return a;
}

static void options(void **state)
{
    (void)state;
    const ippon_rules *y = ippon_rules_preset("yonma"), *sa = ippon_rules_preset("sanma");
    ippon_action a;
    a = act(IPPON_ACT_DISCARD, 4 * 4 + 2, 0, 0, 0, false);
    assert_json(ippon_proto_option(y, &a), "{\"type\":\"discard\",\"tile\":\"5m\"}");
    a = act(IPPON_ACT_DISCARD, 13 * 4, 0, 0, 0, true);
    assert_json(ippon_proto_option(y, &a), "{\"type\":\"riichi\",\"tile\":\"0p\"}");
    /* chi 3m with 2m 4m */
    a = act(IPPON_ACT_CHI, 0, 1 * 4, 3 * 4 + 1, 0, false);
    assert_json(ippon_proto_option(y, &a), "{\"type\":\"chi\",\"tiles\":[\"2m\",\"4m\"]}");
    /* pon with a red five and a plain one */
    a = act(IPPON_ACT_PON, 0, 22 * 4, 22 * 4 + 1, 0, false);
    assert_json(ippon_proto_option(y, &a), "{\"type\":\"pon\",\"tiles\":[\"0s\",\"5s\"]}");
    a = act(IPPON_ACT_DAIMINKAN, 0, 31 * 4, 31 * 4 + 1, 31 * 4 + 2, false);
    assert_json(ippon_proto_option(y, &a), "{\"type\":\"daiminkan\",\"tiles\":[\"5z\",\"5z\",\"5z\"]}");
    a = act(IPPON_ACT_ANKAN, 27 * 4 + 3, 0, 0, 0, false);
    assert_json(ippon_proto_option(y, &a), "{\"type\":\"ankan\",\"tile\":\"1z\"}");
    a = act(IPPON_ACT_KAKAN, 17 * 4 + 1, 0, 0, 0, false);
    assert_json(ippon_proto_option(y, &a), "{\"type\":\"kakan\",\"tile\":\"9p\"}");
    a = act(IPPON_ACT_KITA, 30 * 4 + 2, 0, 0, 0, false);
    assert_json(ippon_proto_option(sa, &a), "{\"type\":\"kita\",\"tile\":\"4z\"}");
    a = act(IPPON_ACT_TSUMO, 5, 0, 0, 0, false);
    assert_json(ippon_proto_option(y, &a), "{\"type\":\"tsumo\"}");
    a = act(IPPON_ACT_RON, 5, 0, 0, 0, false);
    assert_json(ippon_proto_option(y, &a), "{\"type\":\"ron\"}");
    a = act(IPPON_ACT_PASS, 0, 0, 0, 0, false);
    assert_json(ippon_proto_option(y, &a), "{\"type\":\"pass\"}");
}

/* the options of a live match, as the table would send them */
static void options_of_match(void **state)
{
    (void)state;
    ms *s = chi_scenario();
    ippon_action legal[IPPON_MAX_LEGAL];
    int n = ippon_match_legal(s->m, 1, legal, IPPON_MAX_LEGAL);
    json_t *opts = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(opts, ippon_proto_option(s->rules, &legal[i]));
    /* exactly the three chi and a pass, in whatever order the core lists them */
    assert_int_equal(json_array_size(opts), 4);
    const char *want[4] = { "{\"type\":\"chi\",\"tiles\":[\"1m\",\"2m\"]}", "{\"type\":\"chi\",\"tiles\":[\"2m\",\"4m\"]}",
                            "{\"type\":\"chi\",\"tiles\":[\"0m\",\"4m\"]}", "{\"type\":\"pass\"}" };
    for (int w = 0; w < 4; w++) {
        json_t *x = json_loads(want[w], 0, NULL);
        bool found = false;
        for (size_t i = 0; i < json_array_size(opts); i++) {
            json_t *o = json_array_get(opts, i);
            json_t *tiles = json_object_get(o, "tiles");
            /* compare chi tiles as a set: sort both */
            if (tiles && json_array_size(tiles) == 2) {
                const char *a0 = json_string_value(json_array_get(tiles, 0)), *a1 = json_string_value(json_array_get(tiles, 1));
                json_t *sorted = json_pack("{s:s,s:[s,s]}", "type", json_string_value(json_object_get(o, "type")), "tiles",
                                           strcmp(a0, a1) <= 0 ? a0 : a1, strcmp(a0, a1) <= 0 ? a1 : a0);
                found |= json_equal(sorted, x);
                json_decref(sorted);
            } else {
                found |= json_equal(o, x);
            }
        }
        if (!found)
            fail_msg("option %s missing", want[w]);
        json_decref(x);
    }
    json_decref(opts);
    /* seat 2 and 3 have nothing to call: no options at all */
    assert_int_equal(ippon_match_legal(s->m, 2, legal, IPPON_MAX_LEGAL), 0);
    ms_free(s);
}

/* ---- reading actions -------------------------------------------------------------------------- */

static void read_discard(void **state)
{
    (void)state;
    ms *s = dealer_scenario();
    int drawn = ippon_match_drawn_tile(s->m, 0);
    assert_true(drawn >= 0);
    assert_int_equal(ms_tile_code(s, (ippon_tile)drawn), ms_code("9m"));
    int other9m = ms_find(s, 0, ms_code("9m"), drawn);
    assert_true(other9m >= 0);

    ippon_action a = accepted(s, 0, "{\"type\":\"discard\",\"tile\":\"2z\"}");
    assert_int_equal(a.type, IPPON_ACT_DISCARD);
    assert_false(a.riichi);
    assert_int_equal(a.tile, ms_tile(s, 0, "2z"));

    a = accepted(s, 0, "{\"type\":\"discard\",\"tile\":\"1m\"}");
    assert_int_equal(a.type, IPPON_ACT_DISCARD);
    assert_int_equal(a.tile, ms_tile(s, 0, "1m"));

    /* "tsumogiri": true picks the drawn 9m, without it the one from the hand */
    a = accepted(s, 0, "{\"type\":\"discard\",\"tile\":\"9m\",\"tsumogiri\":true}");
    assert_int_equal(a.type, IPPON_ACT_DISCARD);
    assert_int_equal(a.tile, drawn);
    a = accepted(s, 0, "{\"type\":\"discard\",\"tile\":\"9m\"}");
    assert_int_equal(a.tile, other9m);
    a = accepted(s, 0, "{\"type\":\"discard\",\"tile\":\"9m\",\"tsumogiri\":false}");
    assert_int_equal(a.tile, other9m);

    /* riichi with 2z */
    a = accepted(s, 0, "{\"type\":\"riichi\",\"tile\":\"2z\"}");
    assert_int_equal(a.type, IPPON_ACT_DISCARD);
    assert_true(a.riichi);
    assert_int_equal(a.tile, ms_tile(s, 0, "2z"));
    /* riichi with 9m does not leave tenpai: not an option */
    refused(s, 0, "{\"type\":\"riichi\",\"tile\":\"9m\"}", "action:");

    /* the action read is the one the core takes */
    a = accepted(s, 0, "{\"type\":\"discard\",\"tile\":\"9m\",\"tsumogiri\":true}");
    ippon_event ev[IPPON_MAX_EVENTS];
    int n = ippon_match_apply(s->m, &a, ev, IPPON_MAX_EVENTS);
    assert_true(n > 0);
    assert_int_equal(ev[0].type, IPPON_EV_DISCARD);
    assert_int_equal(ev[0].tile, drawn);
    assert_true(ev[0].flags & IPPON_DISCARD_TSUMOGIRI);
    ms_free(s);
}

static void read_riichi_applies(void **state)
{
    (void)state;
    ms *s = dealer_scenario();
    ippon_action a = accepted(s, 0, "{\"type\":\"riichi\",\"tile\":\"2z\"}");
    ms_ok(s, a);
    const ippon_event *d = ms_ev(s, IPPON_EV_DISCARD, 0);
    assert_non_null(d);
    assert_true(d->flags & IPPON_DISCARD_RIICHI);
    assert_json(ippon_proto_event(s->m, d, 2),
                "{\"type\":\"discard\",\"seat\":0,\"tile\":\"2z\",\"tsumogiri\":false,\"riichi\":true}");
    ms_free(s);
}

static void read_chi(void **state)
{
    (void)state;
    ms *s = chi_scenario();
    /* the two hand tiles in any order */
    ippon_action a = accepted(s, 1, "{\"type\":\"chi\",\"tiles\":[\"4m\",\"2m\"]}");
    assert_int_equal(a.type, IPPON_ACT_CHI);
    int k0 = ippon_tile_kind(a.with[0]), k1 = ippon_tile_kind(a.with[1]);
    assert_true((k0 == 1 && k1 == 3) || (k0 == 3 && k1 == 1));
    a = accepted(s, 1, "{\"type\":\"chi\",\"tiles\":[\"1m\",\"2m\"]}");
    assert_int_equal(a.type, IPPON_ACT_CHI);
    /* the red five is named as 0m */
    a = accepted(s, 1, "{\"type\":\"chi\",\"tiles\":[\"0m\",\"4m\"]}");
    assert_int_equal(a.type, IPPON_ACT_CHI);
    bool has_red = ms_tile_code(s, a.with[0]) == IPPON_RED_5M || ms_tile_code(s, a.with[1]) == IPPON_RED_5M;
    assert_true(has_red);
    /* a plain 5m the seat does not hold */
    refused(s, 1, "{\"type\":\"chi\",\"tiles\":[\"4m\",\"5m\"]}", "action:");
    /* a chi that does not fit the tile */
    refused(s, 1, "{\"type\":\"chi\",\"tiles\":[\"4m\",\"6m\"]}", "action:");
    /* wrong length */
    refused(s, 1, "{\"type\":\"chi\",\"tiles\":[\"2m\"]}", "action.tiles");
    refused(s, 1, "{\"type\":\"chi\",\"tiles\":[\"1m\",\"2m\",\"4m\"]}", "action.tiles");
    refused(s, 1, "{\"type\":\"chi\",\"tiles\":[\"1m\",\"2m\",\"4m\",\"0m\"]}", "action.tiles");
    refused(s, 1, "{\"type\":\"chi\",\"tiles\":[]}", "action.tiles");
    refused(s, 1, "{\"type\":\"chi\"}", "action.tiles");
    refused(s, 1, "{\"type\":\"chi\",\"tiles\":\"12m\"}", "action.tiles");
    refused(s, 1, "{\"type\":\"chi\",\"tiles\":[\"2m\",\"xx\"]}", "action.tiles");
    refused(s, 1, "{\"type\":\"pon\",\"tiles\":[\"2m\",\"2m\",\"2m\"]}", "action.tiles");
    refused(s, 1, "{\"type\":\"daiminkan\",\"tiles\":[\"2m\",\"2m\"]}", "action.tiles");
    /* a pon is not offered */
    refused(s, 1, "{\"type\":\"pon\",\"tiles\":[\"3m\",\"3m\"]}", "action:");
    /* pass */
    a = accepted(s, 1, "{\"type\":\"pass\"}");
    assert_int_equal(a.type, IPPON_ACT_PASS);
    /* a seat with no decision has no options */
    refused(s, 2, "{\"type\":\"pass\"}", "action:");
    refused(s, 0, "{\"type\":\"discard\",\"tile\":\"7m\"}", "action:");
    ms_free(s);
}

static void read_chi_applies(void **state)
{
    (void)state;
    ms *s = chi_scenario();
    ippon_action a = accepted(s, 1, "{\"type\":\"chi\",\"tiles\":[\"2m\",\"4m\"]}");
    ms_ok(s, a);
    const ippon_event *c = ms_ev(s, IPPON_EV_CALL, 1);
    assert_non_null(c);
    for (int seat = -1; seat < 4; seat++) {
        json_t *j = ippon_proto_event(s->m, c, seat);
        assert_non_null(j);
        /* the meld's tiles in the order the core keeps them (PROTOCOL.md: hand tiles, then the
           called one); compared here as a set */
        json_t *tiles = json_object_get(json_object_get(j, "meld"), "tiles");
        assert_int_equal(json_array_size(tiles), 3);
        int seen[3] = { 0 };
        for (size_t i = 0; i < 3; i++) {
            const char *t = json_string_value(json_array_get(tiles, i));
            assert_non_null(t);
            if (!strcmp(t, "2m"))
                seen[0]++;
            else if (!strcmp(t, "3m"))
                seen[1]++;
            else if (!strcmp(t, "4m"))
                seen[2]++;
        }
        assert_true(seen[0] == 1 && seen[1] == 1 && seen[2] == 1);
        json_object_set_new(json_object_get(j, "meld"), "tiles", json_string("checked"));
        assert_json(j, "{\"type\":\"call\",\"seat\":1,\"meld\":{\"type\":\"chi\",\"tiles\":\"checked\","
                       "\"called\":\"3m\",\"from\":0}}");
    }
    ms_free(s);
}

static void read_refused(void **state)
{
    (void)state;
    ms *s = dealer_scenario();
    refused(s, 0, "[]", "action");
    refused(s, 0, "\"discard\"", "action");
    refused(s, 0, "42", "action");
    refused(s, 0, "null", "action");
    refused(s, 0, "{}", "action.type");
    refused(s, 0, "{\"tile\":\"2z\"}", "action.type");
    refused(s, 0, "{\"type\":7,\"tile\":\"2z\"}", "action.type");
    refused(s, 0, "{\"type\":\"throw\",\"tile\":\"2z\"}", "action.type");
    refused(s, 0, "{\"type\":\"\",\"tile\":\"2z\"}", "action.type");
    refused(s, 0, "{\"type\":\"DISCARD\",\"tile\":\"2z\"}", "action.type");
    /* tiles that are not tiles */
    refused(s, 0, "{\"type\":\"discard\"}", "action.tile");
    refused(s, 0, "{\"type\":\"discard\",\"tile\":\"2x\"}", "action.tile");
    refused(s, 0, "{\"type\":\"discard\",\"tile\":\"8z\"}", "action.tile");
    refused(s, 0, "{\"type\":\"discard\",\"tile\":\"0z\"}", "action.tile");
    refused(s, 0, "{\"type\":\"discard\",\"tile\":\"22z\"}", "action.tile");
    refused(s, 0, "{\"type\":\"discard\",\"tile\":\"z\"}", "action.tile");
    refused(s, 0, "{\"type\":\"discard\",\"tile\":\"\"}", "action.tile");
    refused(s, 0, "{\"type\":\"discard\",\"tile\":27}", "action.tile");
    refused(s, 0, "{\"type\":\"discard\",\"tile\":[\"2z\"]}", "action.tile");
    refused(s, 0, "{\"type\":\"riichi\",\"tile\":\"9q\"}", "action.tile");
    refused(s, 0, "{\"type\":\"ankan\",\"tile\":null}", "action.tile");
    refused(s, 0, "{\"type\":\"discard\",\"tile\":\"2z\",\"tsumogiri\":1}", "action.tsumogiri");
    refused(s, 0, "{\"type\":\"discard\",\"tile\":\"2z\",\"tsumogiri\":\"yes\"}", "action.tsumogiri");
    /* well-formed but not among the options */
    refused(s, 0, "{\"type\":\"discard\",\"tile\":\"5s\"}", "action:"); /* not held */
    refused(s, 0, "{\"type\":\"discard\",\"tile\":\"0p\"}", "action:"); /* the 5p held is a plain one */
    refused(s, 0, "{\"type\":\"tsumo\"}", "action:");
    refused(s, 0, "{\"type\":\"ron\"}", "action:");
    refused(s, 0, "{\"type\":\"pass\"}", "action:");
    refused(s, 0, "{\"type\":\"kyuushu\"}", "action:");
    refused(s, 0, "{\"type\":\"ankan\",\"tile\":\"1z\"}", "action:");
    refused(s, 0, "{\"type\":\"kita\",\"tile\":\"4z\"}", "action:");
    refused(s, 0, "{\"type\":\"pon\",\"tiles\":[\"1z\",\"1z\"]}", "action:");
    /* other seats have no decision */
    refused(s, 1, "{\"type\":\"discard\",\"tile\":\"3z\"}", "action:");
    refused(s, 3, "{\"type\":\"pass\"}", "action:");
    /* nothing of this changed the match */
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_TURN);
    assert_int_equal(ippon_match_turn(s->m), 0);
    ms_free(s);
}

/* ---- events per seat -------------------------------------------------------------------------- */

static void events_per_seat(void **state)
{
    (void)state;
    ms *s = dealer_scenario();
    int deals = 0, privates = 0, twins = 0;
    for (int i = 0; i < s->n_log; i++) {
        const ippon_event *ev = &s->log[i];
        if (ev->type == IPPON_EV_DEAL) {
            deals++;
            int owner = ev->to;
            assert_true(owner >= 0 && owner < 4);
            for (int seat = -1; seat < 4; seat++) {
                json_t *j = ippon_proto_event(s->m, ev, seat);
                if (seat != owner) {
                    assert_null(j);
                    continue;
                }
                assert_non_null(j);
                assert_string_equal(json_string_value(json_object_get(j, "type")), "deal");
                assert_int_equal(json_array_size(json_object_get(j, "hand")), 13);
                json_decref(j);
            }
        }
        if (ev->type == IPPON_EV_DRAW && ev->to >= 0) {
            privates++;
            assert_int_equal(ev->to, 0);
            json_t *own = ippon_proto_event(s->m, ev, 0);
            assert_json(own, "{\"type\":\"draw\",\"seat\":0,\"replacement\":false,\"tile\":\"9m\"}");
            for (int seat = -1; seat < 4; seat++)
                if (seat != 0)
                    assert_null(ippon_proto_event(s->m, ev, seat));
        }
        if (ev->type == IPPON_EV_DRAW && ev->to < 0) {
            twins++;
            assert_null(ippon_proto_event(s->m, ev, 0)); /* the drawer has its own version */
            for (int seat = 1; seat < 4; seat++) { /* spectators: spectator_draw_twin */
                json_t *j = ippon_proto_event(s->m, ev, seat);
                assert_non_null(j);
                assert_null(json_object_get(j, "tile"));
                assert_json(j, "{\"type\":\"draw\",\"seat\":0,\"replacement\":false}");
            }
        }
        if (ev->type == IPPON_EV_HAND_START) {
            for (int seat = -1; seat < 4; seat++)
                assert_json(ippon_proto_event(s->m, ev, seat),
                            "{\"type\":\"hand_start\",\"round_wind\":0,\"dealer\":0,\"honba\":0,\"sticks\":0,"
                            "\"points\":[25000,25000,25000,25000]}");
        }
        if (ev->type == IPPON_EV_DORA) {
            for (int seat = -1; seat < 4; seat++)
                assert_json(ippon_proto_event(s->m, ev, seat), "{\"type\":\"dora\",\"indicator\":\"5z\"}");
        }
    }
    assert_int_equal(deals, 4);
    assert_int_equal(privates, 1);
    assert_int_equal(twins, 1);

    /* seat 1's deal, sorted by tile id */
    for (int i = 0; i < s->n_log; i++)
        if (s->log[i].type == IPPON_EV_DEAL && s->log[i].to == 1)
            assert_json(ippon_proto_event(s->m, &s->log[i], 1),
                        "{\"type\":\"deal\",\"hand\":[\"2m\",\"5m\",\"8m\",\"3p\",\"6p\",\"9p\",\"1s\",\"4s\",\"7s\","
                        "\"3z\",\"4z\",\"5z\",\"7z\"]}");

    /* a tsumogiri: public, the same for everybody */
    ms_ok(s, ms_giri(s, 0));
    const ippon_event *d = ms_ev(s, IPPON_EV_DISCARD, 0);
    assert_non_null(d);
    for (int seat = -1; seat < 4; seat++)
        assert_json(ippon_proto_event(s->m, d, seat),
                    "{\"type\":\"discard\",\"seat\":0,\"tile\":\"9m\",\"tsumogiri\":true,\"riichi\":false}");
    /* seat 1 draws 1s next: private for 1, a twin for the others */
    ms_pass_all(s);
    const ippon_event *own = NULL, *twin = NULL;
    for (int i = s->last; i < s->n_log; i++)
        if (s->log[i].type == IPPON_EV_DRAW) {
            if (s->log[i].to == 1)
                own = &s->log[i];
            else if (s->log[i].to < 0)
                twin = &s->log[i];
        }
    assert_non_null(own);
    assert_non_null(twin);
    assert_json(ippon_proto_event(s->m, own, 1), "{\"type\":\"draw\",\"seat\":1,\"replacement\":false,\"tile\":\"1s\"}");
    assert_null(ippon_proto_event(s->m, own, 0));
    assert_null(ippon_proto_event(s->m, own, -1));
    assert_null(ippon_proto_event(s->m, twin, 1));
    assert_json(ippon_proto_event(s->m, twin, 0), "{\"type\":\"draw\",\"seat\":1,\"replacement\":false}");
    assert_json(ippon_proto_event(s->m, twin, 2), "{\"type\":\"draw\",\"seat\":1,\"replacement\":false}");
    ms_free(s);
}

/*
 * The spectators' version (seat -1) of a draw's public twin must be the same as the other
 * players': no "tile" (protocol.h: "seat = -1 gives the spectators' (public) version";
 * PROTOCOL.md: "to the others the same without tile").
 */
static void spectator_draw_twin(void **state)
{
    (void)state;
    ms *s = dealer_scenario();
    const ippon_event *twin = NULL;
    for (int i = 0; i < s->n_log; i++)
        if (s->log[i].type == IPPON_EV_DRAW && s->log[i].to < 0)
            twin = &s->log[i];
    assert_non_null(twin);
    json_t *j = ippon_proto_event(s->m, twin, -1);
    assert_non_null(j);
    if (json_object_get(j, "tile")) {
        static char msg[256];
        char *text = dump(j);
        snprintf(msg, sizeof msg, "%s", text);
        free(text);
        json_decref(j);
        ms_free(s);
        fail_msg("the spectators' draw twin has a tile: %s", msg);
    }
    assert_json(j, "{\"type\":\"draw\",\"seat\":0,\"replacement\":false}");
    ms_free(s);
}

/* ---- views ------------------------------------------------------------------------------------ */

static void check_views(const ms *s)
{
    char *hand_text[4];
    for (int seat = 0; seat < 4; seat++) {
        ippon_tile h[14];
        int n = ippon_match_hand(s->m, seat, h);
        json_t *list = ippon_proto_tiles(s->rules, h, n);
        hand_text[seat] = dump(list);
        json_decref(list);
    }
    for (int seat = -1; seat < 4; seat++) {
        json_t *v = ippon_proto_view(s->m, seat);
        assert_non_null(v);
        assert_string_equal(json_string_value(json_object_get(v, "type")), "view");
        assert_int_equal(json_array_size(json_object_get(v, "seats")), 4);
        json_t *you = json_object_get(v, "you");
        if (seat < 0) {
            assert_null(you);
        } else {
            assert_non_null(you);
            assert_int_equal(json_integer_value(json_object_get(you, "seat")), seat);
            char *h = dump(json_object_get(you, "hand"));
            assert_string_equal(h, hand_text[seat]);
            free(h);
            /* the seat's public entry counts the same tiles */
            json_t *pub = json_array_get(json_object_get(v, "seats"), (size_t)seat);
            assert_int_equal(json_integer_value(json_object_get(pub, "concealed")),
                             json_array_size(json_object_get(you, "hand")));
        }
        char *text = dump(v);
        for (int other = 0; other < 4; other++) {
            if (other == seat)
                continue;
            if (strstr(text, hand_text[other]))
                fail_msg("the view of seat %d holds seat %d's hand %s", seat, other, hand_text[other]);
        }
        /* no seat entry names tiles of a concealed hand: only a count */
        json_t *seats = json_object_get(v, "seats");
        for (size_t i = 0; i < json_array_size(seats); i++) {
            json_t *e = json_array_get(seats, i);
            assert_null(json_object_get(e, "hand"));
            assert_true(json_is_integer(json_object_get(e, "concealed")));
        }
        free(text);
        json_decref(v);
    }
    for (int seat = 0; seat < 4; seat++)
        free(hand_text[seat]);
}

static void views(void **state)
{
    (void)state;
    ms *s = dealer_scenario();
    json_t *v = ippon_proto_view(s->m, 0);
    json_t *you = json_object_get(v, "you");
    assert_json(json_incref(json_object_get(you, "hand")),
                "[\"1m\",\"2m\",\"3m\",\"9m\",\"9m\",\"4p\",\"5p\",\"6p\",\"7s\",\"8s\",\"9s\",\"1z\",\"1z\",\"2z\"]");
    assert_json(json_incref(json_object_get(you, "drawn")), "\"9m\"");
    assert_int_equal(json_integer_value(json_object_get(v, "players")), 4);
    assert_int_equal(json_integer_value(json_object_get(v, "dealer")), 0);
    assert_json(json_incref(json_object_get(v, "dora")), "[\"5z\"]");
    assert_int_equal(json_integer_value(json_object_get(v, "live")), 69);
    json_decref(v);
    v = ippon_proto_view(s->m, 1);
    assert_json(json_incref(json_object_get(json_object_get(v, "you"), "drawn")), "null");
    json_decref(v);
    check_views(s);
    /* and after a few turns */
    for (int k = 0; k < 5; k++) {
        ms_ok(s, ms_giri(s, ippon_match_turn(s->m)));
        ms_pass_all(s);
        check_views(s);
    }
    ms_free(s);
    s = chi_scenario();
    check_views(s);
    ms_ok(s, ms_chi(s, 1, "24m"));
    check_views(s);
    ms_free(s);
}

/*
 * The match's numbers in every view (each seat's and the spectators'), from its rule set, with
 * the values of src/core/RULES.md: starting points 25,000 (4p) / 35,000 (3p) (§1); a riichi stick 1,000
 * (§4); a honba 300 on a ron and 100 from each tsumo payer (4p), 200 and 100 (3p) (§6); 136 /
 * 108 tiles, 70 / 55 of them live when the hand is dealt (§2). The dealer has drawn one of those
 * live tiles by the time of the view.
 */
static void assert_view_numbers(const char *preset, const char *expect, int live_after_first_draw)
{
    ms *s = ms_new(preset, 0);
    ms_start(s, &(ms_deal){ .dora = "5z" });
    for (int seat = -1; seat < s->players; seat++) {
        json_t *v = ippon_proto_view(s->m, seat);
        assert_json(json_incref(json_object_get(v, "numbers")), expect);
        assert_int_equal(json_integer_value(json_object_get(v, "live")), live_after_first_draw);
        json_decref(v);
    }
    assert_json(ippon_proto_numbers(s->rules), expect);
    ms_free(s);
}

static void views_carry_the_rule_sets_numbers(void **state)
{
    (void)state;
    assert_view_numbers("yonma",
                 "{\"start_points\":25000,\"riichi_stick\":1000,\"honba_ron\":300,\"honba_tsumo\":100,"
                 "\"wall_tiles\":136,\"live_tiles\":70}",
                 69);
    assert_view_numbers("sanma",
                 "{\"start_points\":35000,\"riichi_stick\":1000,\"honba_ron\":200,\"honba_tsumo\":100,"
                 "\"wall_tiles\":108,\"live_tiles\":55}",
                 54);
}

/*
 * A riichi player must discard the tile it draws (src/core/RULES.md §4): the only discard among its
 * options is the drawn tile. Seat 0 declares riichi on 1z/9m, then draws 1z while holding two
 * more 1z: it may tsumo or discard the drawn 1z. A client that answers {"type":"discard",
 * "tile":"1z"} (without "tsumogiri") chose the one discard option, the drawn tile; the action
 * read must be that tile, so the discard is shown as tsumogiri like every discard of a riichi
 * player.
 */
static void riichi_discard_is_the_drawn_tile(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){ .hand = { "123m 456p 789s 11z 9m 2z",
                                      "258m 369p 147s 3457z",
                                      "147m 258p 369s 3456z",
                                      "369m 147p 258s 3467z" },
                            .draws = "9m 1s 1s 1s 1z", .dora = "5z" });
    ms_ok(s, ms_riichi(s, 0, "2z"));
    ms_pass_all(s);
    for (int seat = 1; seat < 4; seat++)
        ms_giri_pass(s, seat);
    assert_int_equal(ippon_match_turn(s->m), 0);
    int drawn = ippon_match_drawn_tile(s->m, 0);
    assert_int_equal(ms_tile_code(s, (ippon_tile)drawn), ms_code("1z"));
    ippon_action legal[IPPON_MAX_LEGAL];
    int n = ippon_match_legal(s->m, 0, legal, IPPON_MAX_LEGAL);
    int discards = 0;
    for (int i = 0; i < n; i++)
        if (legal[i].type == IPPON_ACT_DISCARD) {
            discards++;
            assert_int_equal(legal[i].tile, drawn);
        }
    assert_int_equal(discards, 1);
    ippon_action a = accepted(s, 0, "{\"type\":\"discard\",\"tile\":\"1z\"}");
    assert_int_equal(a.type, IPPON_ACT_DISCARD);
    int chosen = a.tile;
    /* what the others are told when it is applied */
    ms_ok(s, a);
    const ippon_event *d = ms_ev(s, IPPON_EV_DISCARD, 0);
    assert_non_null(d);
    if (chosen != drawn || !(d->flags & IPPON_DISCARD_TSUMOGIRI))
        fail_msg("riichi seat 0 drew tile id %d; {\"type\":\"discard\",\"tile\":\"1z\"} was read as tile id %d "
                 "and the discard event says tsumogiri=%d", drawn, chosen, (d->flags & IPPON_DISCARD_TSUMOGIRI) != 0);
    ms_free(s);
}

/* ---- the seat's own tenpai -------------------------------------------------------------------- */

/* the option of this type and tile code in an options array, or NULL */
static json_t *option_of(json_t *options, const char *type, const char *tile)
{
    for (size_t i = 0; i < json_array_size(options); i++) {
        json_t *o = json_array_get(options, i);
        const char *t = json_string_value(json_object_get(o, "tile"));
        if (!strcmp(json_string_value(json_object_get(o, "type")), type) && t && !strcmp(t, tile))
            return o;
    }
    return NULL;
}

/*
 * The dealer scenario: seat 0 holds 123m 456p 789s 11z 99m 2z after drawing 9m. Only letting
 * 2z go leaves it tenpai (11z and 99m, shanpon: 9m or 1z, written in kind order); every other
 * discard leaves two single tiles. So the 2z discard and the 2z riichi carry the waits, not
 * furiten (null: no discards yet), and no other option carries any.
 */
static void options_with_waits(void **state)
{
    (void)state;
    ms *s = dealer_scenario();
    json_t *opts = ippon_proto_options(s->m, 0);
    assert_json(json_incref(option_of(opts, "discard", "2z")),
                "{\"type\":\"discard\",\"tile\":\"2z\",\"waits\":[\"9m\",\"1z\"],\"furiten\":null}");
    assert_json(json_incref(option_of(opts, "riichi", "2z")),
                "{\"type\":\"riichi\",\"tile\":\"2z\",\"waits\":[\"9m\",\"1z\"],\"furiten\":null}");
    int discards = 0;
    for (size_t i = 0; i < json_array_size(opts); i++) {
        json_t *o = json_array_get(opts, i);
        const char *type = json_string_value(json_object_get(o, "type"));
        discards += !strcmp(type, "discard");
        if (!strcmp(json_string_value(json_object_get(o, "tile")), "2z"))
            continue;
        assert_null(json_object_get(o, "waits"));
        assert_null(json_object_get(o, "furiten"));
    }
    assert_true(discards >= 9); /* 1m 2m 3m 9m 4p 5p 6p 7s 8s 9s 1z 2z, one option per code at least */
    /* the same options as ippon_proto_option writes, once the waits are taken away */
    ippon_action legal[IPPON_MAX_LEGAL];
    int n = ippon_match_legal(s->m, 0, legal, IPPON_MAX_LEGAL);
    assert_int_equal(json_array_size(opts), n);
    for (int i = 0; i < n; i++) {
        json_t *o = json_deep_copy(json_array_get(opts, (size_t)i));
        json_object_del(o, "waits");
        json_object_del(o, "furiten");
        json_t *plain = ippon_proto_option(s->rules, &legal[i]);
        assert_true(json_equal(o, plain));
        json_decref(o);
        json_decref(plain);
    }
    json_decref(opts);
    /* holding 14 tiles, the dealer has no "tenpai" of its own yet, nor in its view */
    assert_null(ippon_proto_tenpai(s->m, 0));
    json_t *v = ippon_proto_view(s->m, 0);
    assert_null(json_object_get(json_object_get(v, "you"), "tenpai"));
    json_decref(v);
    /* a seat with no decision has no options */
    json_t *none = ippon_proto_options(s->m, 1);
    assert_int_equal(json_array_size(none), 0);
    json_decref(none);
    ms_free(s);
}

/* no "tenpai", "waits" or "furiten" anywhere in a view */
static void assert_no_tenpai_info(json_t *v, const char *whose)
{
    char *text = dump(v);
    bool leaked = strstr(text, "tenpai") || strstr(text, "waits") || strstr(text, "furiten");
    if (leaked)
        fail_msg("%s has tenpai information: %s", whose, text);
    free(text);
}

/*
 * The dealer declares riichi with 2z (waits 9m/1z). Seat 1 draws 1z and lets it go: the dealer
 * is offered the ron, and its own information says tenpai on 9m/1z, not furiten (null). It
 * passes: riichi furiten ("riichi") from now on (src/core/RULES.md §4). Every view of seats 1–3 and the spectators' view
 * carry no tenpai information at all; the dealer's own view carries its "tenpai".
 */
static void tenpai_in_own_view_only(void **state)
{
    (void)state;
    ms *s = dealer_scenario();
    ms_ok(s, ms_riichi(s, 0, "2z"));
    ms_pass_all(s);
    assert_json(ippon_proto_tenpai(s->m, 0), "{\"waits\":[\"9m\",\"1z\"],\"furiten\":null}");
    json_t *v = ippon_proto_view(s->m, 0);
    assert_json(json_incref(json_object_get(json_object_get(v, "you"), "tenpai")),
                "{\"waits\":[\"9m\",\"1z\"],\"furiten\":null}");
    json_decref(v);
    for (int seat = 1; seat < 4; seat++)
        assert_null(ippon_proto_tenpai(s->m, seat)); /* junk hands (seat 1 holds 14 now) */
    assert_null(ippon_proto_tenpai(s->m, -1));
    for (int seat = -1; seat < 4; seat++) {
        if (seat == 0)
            continue;
        v = ippon_proto_view(s->m, seat);
        assert_no_tenpai_info(v, seat < 0 ? "the spectators' view" : "another seat's view");
        json_decref(v);
    }
    ms_free(s);

    /* the same hand, seat 1 drawing 1z */

    s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){ .hand = { "123m 456p 789s 11z 9m 2z", "258m 369p 147s 3457z", "147m 258p 369s 3456z",
                                      "369m 147p 258s 3467z" },
                            .draws = "9m 1z", .dora = "5z" });
    ms_ok(s, ms_riichi(s, 0, "2z"));
    ms_pass_all(s);
    ms_ok(s, ms_giri(s, 1)); /* 1z */
    assert_true(ms_can(s, 0, IPPON_ACT_RON, NULL));
    assert_json(ippon_proto_tenpai(s->m, 0), "{\"waits\":[\"9m\",\"1z\"],\"furiten\":null}");
    ms_ok(s, ms_pass(0));
    ms_pass_all(s);
    assert_json(ippon_proto_tenpai(s->m, 0), "{\"waits\":[\"9m\",\"1z\"],\"furiten\":\"riichi\"}");
    v = ippon_proto_view(s->m, -1);
    assert_no_tenpai_info(v, "the spectators' view");
    json_decref(v);
    ms_free(s);
}

/* the seat's own "tenpai" in its view (or NULL), and every other seat's and the spectators' view
   without any tenpai information */
static json_t *own_view_tenpai(const ms *s, int seat)
{
    for (int other = -1; other < ippon_match_players(s->m); other++) {
        if (other == seat)
            continue;
        json_t *v = ippon_proto_view(s->m, other);
        assert_no_tenpai_info(v, other < 0 ? "the spectators' view" : "another seat's view");
        json_decref(v);
    }
    json_t *v = ippon_proto_view(s->m, seat);
    json_t *tenpai = json_incref(json_object_get(json_object_get(v, "you"), "tenpai"));
    json_decref(v);
    return tenpai;
}

/* the seat's tenpai, as its own view and ippon_proto_tenpai both say it, must be `expect` */
static void expect_own_tenpai(const ms *s, int seat, const char *expect)
{
    assert_json(ippon_proto_tenpai(s->m, seat), expect);
    assert_json(own_view_tenpai(s, seat), expect);
}

/*
 * Which furiten (src/core/RULES.md §4), by name. 4p: seat 2 holds 123m 456m 789s 45p 22p, waiting
 * on 3p or 6p (pinfu: a ron is offered). The dealer lets 3p go; seat 2 passes the ron: "temporary".
 * Seat 1 lets 7z go; seat 2 draws 7z, and its 7z option says null (its discard ends temporary
 * furiten), so does its tenpai after that discard. 9m goes round; seat 2 draws 6p, its own wait,
 * and lets it go: the 6p option says "permanent", and so does its tenpai from then on.
 */
static void furiten_temporary_then_permanent(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){ .hand = { "147m 258p 369s 1234z", "258m 369p 147s 2345z", "123m 456m 789s 45p 22p",
                                      "369m 147p 258s 5667z" },
                            .draws = "3p 7z 7z 9m 9m 9m 6p", .dora = "5z" });
    expect_own_tenpai(s, 2, "{\"waits\":[\"3p\",\"6p\"],\"furiten\":null}");
    ms_ok(s, ms_giri(s, 0)); /* 3p */
    assert_true(ms_can(s, 2, IPPON_ACT_RON, NULL));
    expect_own_tenpai(s, 2, "{\"waits\":[\"3p\",\"6p\"],\"furiten\":null}");
    ms_ok(s, ms_pass(2));
    assert_int_equal(ippon_match_turn(s->m), 1);
    expect_own_tenpai(s, 2, "{\"waits\":[\"3p\",\"6p\"],\"furiten\":\"temporary\"}");
    ms_giri_pass(s, 1); /* 7z */
    /* it drew 7z: 14 tiles, on the waits of the 13 it drew to, furiten until its discard */
    expect_own_tenpai(s, 2, "{\"waits\":[\"3p\",\"6p\"],\"furiten\":\"temporary\"}");
    json_t *opts = ippon_proto_options(s->m, 2);
    assert_json(json_incref(option_of(opts, "discard", "7z")),
                "{\"type\":\"discard\",\"tile\":\"7z\",\"waits\":[\"3p\",\"6p\"],\"furiten\":null}");
    json_decref(opts);
    ms_giri_pass(s, 2); /* 7z */
    expect_own_tenpai(s, 2, "{\"waits\":[\"3p\",\"6p\"],\"furiten\":null}");
    ms_giri_pass(s, 3); /* 9m */
    ms_giri_pass(s, 0); /* 9m */
    ms_giri_pass(s, 1); /* 9m */
    assert_int_equal(ippon_match_turn(s->m), 2); /* it drew 6p, its own wait: not in its pond yet */
    expect_own_tenpai(s, 2, "{\"waits\":[\"3p\",\"6p\"],\"furiten\":null}");
    opts = ippon_proto_options(s->m, 2);
    assert_json(json_incref(option_of(opts, "discard", "6p")),
                "{\"type\":\"discard\",\"tile\":\"6p\",\"waits\":[\"3p\",\"6p\"],\"furiten\":\"permanent\"}");
    json_decref(opts);
    ms_discard_pass(s, 2, "6p");
    expect_own_tenpai(s, 2, "{\"waits\":[\"3p\",\"6p\"],\"furiten\":\"permanent\"}");
    ms_free(s);
}

/*
 * 4p. The dealer holds 123m 456m 789s 45p 1z 9p, draws 1z and declares riichi with 9p (waits
 * 3p/6p). Seat 1 lets 3p go; the dealer passes the ron: "riichi", which its own discards do not
 * end — its 2z option says "riichi", and so does its tenpai a whole round later.
 */
static void furiten_riichi_for_the_rest_of_the_hand(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){ .hand = { "123m 456m 789s 45p 1z 9p", "147m 258p 369s 2345z", "258m 369p 147s 2345z",
                                      "369m 147p 258s 6677z" },
                            .draws = "1z 3p 8m 8m 2z 1s 1s 1s 7m", .dora = "5z" });
    ms_ok(s, ms_riichi(s, 0, "9p"));
    ms_pass_all(s);
    expect_own_tenpai(s, 0, "{\"waits\":[\"3p\",\"6p\"],\"furiten\":null}");
    ms_ok(s, ms_giri(s, 1)); /* 3p */
    assert_true(ms_can(s, 0, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_pass(0));
    ms_pass_all(s);
    expect_own_tenpai(s, 0, "{\"waits\":[\"3p\",\"6p\"],\"furiten\":\"riichi\"}");
    ms_giri_pass(s, 2); /* 8m */
    ms_giri_pass(s, 3); /* 8m */
    expect_own_tenpai(s, 0, "{\"waits\":[\"3p\",\"6p\"],\"furiten\":\"riichi\"}"); /* it drew 2z */
    json_t *opts = ippon_proto_options(s->m, 0);
    assert_json(json_incref(option_of(opts, "discard", "2z")),
                "{\"type\":\"discard\",\"tile\":\"2z\",\"waits\":[\"3p\",\"6p\"],\"furiten\":\"riichi\"}");
    json_decref(opts);
    ms_giri_pass(s, 0);
    expect_own_tenpai(s, 0, "{\"waits\":[\"3p\",\"6p\"],\"furiten\":\"riichi\"}");
    ms_giri_pass(s, 1); /* 1s */
    ms_giri_pass(s, 2); /* 1s */
    ms_giri_pass(s, 3); /* 1s */
    ms_giri_pass(s, 0); /* 7m */
    expect_own_tenpai(s, 0, "{\"waits\":[\"3p\",\"6p\"],\"furiten\":\"riichi\"}");
    ms_free(s);
}

/* ---- wins as the match record keeps them ------------------------------------------------------ */

/*
 * 4p, 1 honba and 1 stick on the table. Seat 1 (55z 123m 456p 789s 9p 1z) pons the dealer's
 * haku and lets 1z go: 123m 456p 789s 9p + 555z, tanki on 9p. Seat 2 lets 9p go: ron. haku
 * 1 han; fu 20 + 4 (open honor pon) + 2 (tanki) = 26 → 30, open hand: no closed-ron 10. 30 fu
 * 1 han = 1000; honba 300 from seat 2, the stick 1000: seat 1 +2300, seat 2 −1300. The record
 * adds the pon from seat 0, no kita, and the indicator 3z.
 */
static void win_record_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_setup(s, 0, 0, 1, 1, NULL);
    ms_start(s, &(ms_deal){ .hand = { "147m 258p 369s 1234z", "55z 123m 456p 789s 9p 1z", "258m 369p 147s 2346z",
                                      "369m 147p 258s 2347z" },
                            .draws = "5z 9p", .dora = "3z" });
    ms_ok(s, ms_giri(s, 0)); /* 5z */
    ms_ok(s, ms_pon(s, 1, "55z"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "1z");
    ms_ok(s, ms_giri(s, 2)); /* 9p */
    ms_ok(s, ms_ron(1));
    ms_pass_all(s);
    const ippon_event *w = ms_ev_hand(s, IPPON_EV_WIN, 1);
    assert_non_null(w);
    assert_json(ippon_proto_win_record(s->m, w),
                "{\"type\":\"win\",\"seat\":1,\"from\":2,\"tile\":\"9p\","
                "\"hand\":[\"1m\",\"2m\",\"3m\",\"4p\",\"5p\",\"6p\",\"9p\",\"7s\",\"8s\",\"9s\",\"9p\"],\"ura\":[],"
                "\"score\":{\"han\":1,\"fu\":30,\"yakuman\":0,\"limit\":null,\"points\":1000,\"honba_points\":300,"
                "\"sticks_points\":1000,\"yaku\":[{\"id\":\"haku\",\"name\":\"翻牌 白\",\"han\":1}],\"pao\":[]},"
                "\"payments\":[0,2300,-1300,0],"
                "\"melds\":[{\"type\":\"pon\",\"tiles\":[\"5z\",\"5z\",\"5z\"],\"called\":\"5z\",\"from\":0}],"
                "\"kita\":[],\"dora\":[\"3z\"]}");
    /* what the seats were sent is the event without the record's additions */
    json_t *pub = ippon_proto_event(s->m, w, 0);
    assert_null(json_object_get(pub, "melds"));
    assert_int_equal(json_integer_value(json_object_get(json_object_get(pub, "score"), "honba_points")), 300);
    json_decref(pub);
    ms_free(s);
}

/*
 * 3p: the dealer (111p 456p 789p 11s 2s 4z) draws 3s, sets the North aside and wins on the
 * replacement 4s (test_match_kita.c): the record shows the North among "kita", no melds, the
 * indicator 1m.
 */
static void win_record_kita_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){ .hand = { "111p 456p 789p 11s 2s 4z", "19m 258p 369s 1235z 7z", "19m 236p 58s 123z 67z 9s" },
                            .draws = "3s", .repl = "4s", .dora = "1m" });
    ms_ok(s, ms_kita(s, 0));
    ms_ok(s, ms_tsumo(0));
    const ippon_event *w = ms_ev(s, IPPON_EV_WIN, 0);
    assert_non_null(w);
    json_t *rec = ippon_proto_win_record(s->m, w);
    assert_json(json_incref(json_object_get(rec, "melds")), "[]");
    assert_json(json_incref(json_object_get(rec, "kita")), "[\"4z\"]");
    assert_json(json_incref(json_object_get(rec, "dora")), "[\"1m\"]");
    assert_json(json_incref(json_object_get(rec, "tile")), "\"4s\"");
    json_decref(rec);
    /* any other event: as the spectators see it */
    const ippon_event *k = ms_ev_hand(s, IPPON_EV_KITA, 0);
    assert_json(ippon_proto_win_record(s->m, k), "{\"type\":\"kita\",\"seat\":0,\"tile\":\"4z\"}");
    ms_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tiles),
        cmocka_unit_test(options),
        cmocka_unit_test(options_of_match),
        cmocka_unit_test(read_discard),
        cmocka_unit_test(read_riichi_applies),
        cmocka_unit_test(read_chi),
        cmocka_unit_test(read_chi_applies),
        cmocka_unit_test(read_refused),
        cmocka_unit_test(events_per_seat),
        cmocka_unit_test(spectator_draw_twin),
        cmocka_unit_test(views),
        cmocka_unit_test(views_carry_the_rule_sets_numbers),
        cmocka_unit_test(riichi_discard_is_the_drawn_tile),
        cmocka_unit_test(options_with_waits),
        cmocka_unit_test(tenpai_in_own_view_only),
        cmocka_unit_test(furiten_temporary_then_permanent),
        cmocka_unit_test(furiten_riichi_for_the_rest_of_the_hand),
        cmocka_unit_test(win_record_4p),
        cmocka_unit_test(win_record_kita_3p),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
