/*
 * test_review_moves.c — the review's decisions beyond discards and its marks (src/review/README.md,
 * "Other decisions", "Marks") on scripted hands played through the engine (match_script.h), the
 * review's observers called as the replay calls them: a declined tsumo and a declined ron, a hand
 * complete on a tile it is furiten on (temporary, permanent, riichi) or that has no yaku, a dama
 * without a yaku, a pon that kills the only yaku and a pon that keeps a yakuhai; then the marks'
 * measures and sentences on hand-built discards (efficiency, and defence against one or two
 * riichi seats), and the JSON of each kind with the summary.
 * Every expected value is worked out by hand in the comment above its test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "match_script.h"
#include "review_internal.h"

/* the review of one seat, fed as review_game.c feeds it */
typedef struct watch {
    ms *s;
    ippon_review r;
    review_pending p;
    int turn;
} watch;

static void watch_start(watch *w, ms *s, int seat)
{
    memset(w, 0, sizeof *w);
    w->s = s;
    w->r.seat = seat;
    w->r.players = s->players;
}

/* a turn action: the turn observer first, then the engine */
static void turn_act(watch *w, ippon_action a)
{
    tenhou_step st = { .seat = a.seat, .tile = (ippon_code)ms_tile_code(w->s, a.tile), .riichi = a.riichi };
    st.type = a.type == IPPON_ACT_DISCARD ? TENHOU_DISCARD : a.type == IPPON_ACT_ANKAN ? TENHOU_ANKAN
              : a.type == IPPON_ACT_KAKAN ? TENHOU_KAKAN : TENHOU_KITA;
    assert_int_equal(review_turn_moves(&w->r, w->s->rules, 0, w->turn, w->s->m, &st, &w->p), 0);
    if (a.seat == w->r.seat && a.type == IPPON_ACT_DISCARD)
        w->turn++;
    ms_ok(w->s, a);
}

static void giri(watch *w, int seat) { turn_act(w, ms_giri(w->s, seat)); }

/* an answer to an offer (or a tsumo): the answer observer first, then the engine */
static void answer(watch *w, ippon_action a)
{
    assert_int_equal(review_answer_moves(&w->r, w->s->rules, 0, w->turn, w->s->m, &a, &w->p), 0);
    ms_ok(w->s, a);
}

/* every seat still to answer passes */
static void pass_all(watch *w)
{
    for (int seat = 0; seat < w->s->players && ippon_match_phase(w->s->m) == IPPON_PHASE_OFFER; seat++)
        if (ippon_match_waiting_for(w->s->m, seat))
            answer(w, ms_pass(seat));
}

static void watch_end(watch *w)
{
    assert_int_equal(review_flush_pending(&w->r, 0, w->turn, &w->p), 0);
    for (int i = 0; i < w->r.n_decisions; i++)
        w->r.decisions[i].mark = ippon_review_mark_of(&w->r.decisions[i]);
}

/* the i-th decision of a kind */
static const ippon_review_decision *nth(const watch *w, int kind, int i)
{
    for (int j = 0; j < w->r.n_decisions; j++)
        if (w->r.decisions[j].kind == kind && i-- == 0)
            return &w->r.decisions[j];
    fail_msg("no decision %d of kind %d", i, kind);
    return NULL;
}

static int count_kind(const watch *w, int kind)
{
    int n = 0;
    for (int j = 0; j < w->r.n_decisions; j++)
        n += w->r.decisions[j].kind == kind;
    return n;
}

static void text_is(const ippon_review_decision *d, const char *lang, const char *want)
{
    char buf[320];
    assert_true(ippon_review_mark_text(d, lang, buf, sizeof buf) > 0);
    assert_string_equal(buf, want);
}

/*
 * Permanent furiten (the engine's own scenario in test_match_furiten.c): seat 1 (234m 567p 34s
 * 666z 99p, waits 2s/5s, hatsu) draws 2s and discards it: a tsumo declined (win, big). Seat 2's
 * 5s then offers it nothing: 2s is among its discards, so it is complete on 5s but furiten
 * (permanent). Seat 3 draws next and the note is written.
 */
static void permanent_furiten_and_declined_tsumo(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "234m 567p 34s 666z 99p", "678m 34p 67s 1234z 55z",
                  "258m 369p 147s 1234z" },
        .draws = "7z 2s 5s 7z", .dora = "6z" });
    watch w;
    watch_start(&w, s, 1);
    giri(&w, 0);
    pass_all(&w);
    giri(&w, 1); /* 2s, the tsumo let go */
    pass_all(&w);
    giri(&w, 2); /* 5s: no offer */
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_TURN);
    giri(&w, 3);
    watch_end(&w);
    assert_int_equal(count_kind(&w, IPPON_REVIEW_WIN), 2);
    const ippon_review_decision *t = nth(&w, IPPON_REVIEW_WIN, 0), *f = nth(&w, IPPON_REVIEW_WIN, 1);
    assert_true(t->u.win.legal && t->u.win.tsumo && !t->u.win.taken);
    assert_int_equal(t->u.win.tile, ms_kind("2s"));
    assert_int_equal(t->mark.severity, IPPON_REVIEW_BIG);
    assert_int_equal(t->mark.category, IPPON_REVIEW_WINS);
    text_is(t, "en", "A legal tsumo on 2s was declined; in ippon's single-hand play the first win ends the match.");
    text_is(t, "ja", "2sのツモを見逃した。一局勝負では最初の和了で対局が終わる。");
    assert_false(f->u.win.legal);
    assert_int_equal(f->u.win.tile, ms_kind("5s"));
    assert_int_equal(f->u.win.why, IPPON_REVIEW_WHY_FURITEN_PERMANENT);
    assert_int_equal(f->mark.severity, IPPON_REVIEW_NO_MARK);
    assert_false(ippon_review_is_choice(f));
    ippon_review_free(&w.r);
    ms_free(s);
}

/*
 * Temporary furiten and a declined ron: seat 1 (waits 2s/5s, hatsu) is offered seat 3's 2s and
 * passes (win, big); seat 0's 5s comes before seat 1's own next discard, so it is complete on
 * 5s but in temporary furiten; it may still chi 5s with 34s (a call decision, passed).
 */
static void temporary_furiten_and_declined_ron(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "234m 567p 34s 666z 99p", "678m 34p 67s 1234z 55z",
                  "258m 369p 147s 1234z" },
        .draws = "7z 7z 7z 2s 5s", .dora = "6z" });
    watch w;
    watch_start(&w, s, 1);
    for (int seat = 0; seat < 3; seat++) {
        giri(&w, seat);
        pass_all(&w);
    }
    giri(&w, 3); /* 2s */
    assert_true(ms_can(s, 1, IPPON_ACT_RON, NULL));
    pass_all(&w);
    giri(&w, 0); /* 5s */
    assert_false(ms_can(s, 1, IPPON_ACT_RON, NULL));
    assert_true(ms_can_call(s, 1, IPPON_ACT_CHI, "34s"));
    pass_all(&w);
    watch_end(&w);
    const ippon_review_decision *ron = nth(&w, IPPON_REVIEW_WIN, 0), *f = nth(&w, IPPON_REVIEW_WIN, 1);
    assert_true(ron->u.win.legal && !ron->u.win.tsumo && !ron->u.win.taken);
    assert_int_equal(ron->mark.severity, IPPON_REVIEW_BIG);
    text_is(ron, "en", "A legal ron on 2s was declined; in ippon's single-hand play the first win ends the match.");
    assert_int_equal(f->u.win.why, IPPON_REVIEW_WHY_FURITEN_TEMPORARY);
    assert_int_equal(f->u.win.tile, ms_kind("5s"));
    const ippon_review_decision *c = nth(&w, IPPON_REVIEW_CALL, 0);
    assert_int_equal(c->u.call.chosen, -1);
    assert_int_equal(c->u.call.n_calls, 1);
    assert_int_equal(c->u.call.calls[0].type, IPPON_ACT_CHI);
    assert_int_equal(c->mark.severity, IPPON_REVIEW_NO_MARK);
    ippon_review_free(&w.r);
    ms_free(s);
}

/*
 * Riichi furiten: seat 1 declares riichi with its drawn 7z (a riichi decision, declared, with
 * hatsu it had a yaku anyway), lets seat 2's 2s go by (a declined ron), and is then complete on
 * seat 3's 5s but in riichi furiten.
 */
static void riichi_furiten(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "234m 567p 34s 666z 99p", "678m 34p 67s 1234z 55z",
                  "258m 369p 147s 1234z" },
        .draws = "7z 7z 2s 5s", .dora = "6z" });
    watch w;
    watch_start(&w, s, 1);
    giri(&w, 0);
    pass_all(&w);
    turn_act(&w, ms_riichi(s, 1, "7z"));
    pass_all(&w);
    giri(&w, 2); /* 2s */
    pass_all(&w);
    giri(&w, 3); /* 5s */
    pass_all(&w);
    watch_end(&w);
    const ippon_review_decision *ri = nth(&w, IPPON_REVIEW_RIICHI, 0);
    assert_true(ri->u.riichi.declared && ri->u.riichi.tenpai && ri->u.riichi.dama_yaku);
    assert_int_equal(ri->u.riichi.waits, UINT64_C(1) << ms_kind("2s") | UINT64_C(1) << ms_kind("5s"));
    assert_int_equal(ri->mark.severity, IPPON_REVIEW_NO_MARK);
    assert_int_equal(nth(&w, IPPON_REVIEW_WIN, 1)->u.win.why, IPPON_REVIEW_WHY_FURITEN_RIICHI);
    ippon_review_free(&w.r);
    ms_free(s);
}

/*
 * No yaku: seat 1 holds 123m 567p 35s 789s 99p (a kanchan on 4s: no pinfu, no tanyao with 1m and
 * 9s, no yakuhai). It draws 7z and keeps dama (the riichi it could declare: clear, its 4s wait has
 * all 4 copies unseen); seat 2's 4s then completes it, but a ron has no yaku.
 */
static void no_yaku_and_dama(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "123m 567p 35s 789s 99p", "678m 34p 67s 1234z 55z",
                  "258m 369p 147s 1234z" },
        .draws = "7z 7z 4s", .dora = "6z" });
    watch w;
    watch_start(&w, s, 1);
    giri(&w, 0);
    pass_all(&w);
    giri(&w, 1);
    pass_all(&w);
    giri(&w, 2); /* 4s */
    assert_false(ms_can(s, 1, IPPON_ACT_RON, NULL));
    pass_all(&w);
    giri(&w, 3);
    watch_end(&w);
    const ippon_review_decision *ri = nth(&w, IPPON_REVIEW_RIICHI, 0);
    assert_true(!ri->u.riichi.declared && ri->u.riichi.tenpai && !ri->u.riichi.dama_yaku);
    assert_int_equal(ri->u.riichi.wait_count, 4); /* seat 3's 4s is hidden from seat 1: none seen */
    assert_int_equal(ri->mark.severity, IPPON_REVIEW_CLEAR);
    assert_int_equal(ri->mark.category, IPPON_REVIEW_RIICHIS);
    text_is(ri, "en", "Dama on a tenpai hand without a yaku (waits 4s, 4 tiles) can only win by tsumo; riichi would "
                      "give it one.");
    text_is(ri, "ja", "役なしテンパイ（待ち4s・4枚）のダマはツモでしか和了れない。リーチで役がつく。");
    const ippon_review_decision *f = nth(&w, IPPON_REVIEW_WIN, 0);
    assert_false(f->u.win.legal);
    assert_int_equal(f->u.win.why, IPPON_REVIEW_WHY_NO_YAKU);
    ippon_review_free(&w.r);
    ms_free(s);
}

/* hands for the call scenarios: seat 0 discards 9s or 7z to seat 1 (nobody else can take them) */
static void start_calls(ms *s, const char *seat1, const char *draws)
{
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 36s 1235z 7z", seat1, "678m 34p 67s 1235z 55z", "258m 369p 147s 1236z" },
        .draws = draws, .dora = "8m" });
}

static json_t *decision_of(json_t *review, const ippon_review *r, const ippon_review_decision *d)
{
    return json_array_get(json_object_get(review, "decisions"), (size_t)(d - r->decisions));
}

/*
 * A pon that kills the only yaku: seat 1 (South, East round) holds 123m 456m 789p 99s 44z and
 * pons seat 0's 9s. Left with 123m 456m 789p 44z, its best discard is 1m: 23456m waits on 1m,
 * 4m and 7m, unseen 3 + 3 + 4 = 10 (4m or 9p leave 7, 4z leaves its tanki's 2). No yakuhai (4z is nobody's wind here but seat 3's), terminals and three
 * suits: no route to a yaku — big. The hand before (13 tiles) was tenpai on 9s/4z.
 */
static void pon_kills_the_only_yaku(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    start_calls(s, "123m 456m 789p 99s 44z", "9s");
    watch w;
    watch_start(&w, s, 1);
    giri(&w, 0);
    answer(&w, ms_pon(s, 1, "99s"));
    pass_all(&w);
    watch_end(&w);
    const ippon_review_decision *d = nth(&w, IPPON_REVIEW_CALL, 0);
    const ippon_review_call *c = &d->u.call;
    assert_int_equal(c->tile, ms_kind("9s"));
    assert_int_equal(c->from, 0);
    assert_int_equal(c->without.shanten, 0);
    assert_int_equal(c->n_calls, 1);
    assert_int_equal(c->chosen, 0);
    assert_int_equal(c->calls[0].after.shanten, 0);
    assert_int_equal(c->calls[0].after.ukeire_count, 10);
    assert_int_equal(c->calls[0].after.discard, ms_kind("1m"));
    assert_int_equal(c->calls[0].yaku, IPPON_REVIEW_YAKU_NONE);
    assert_int_equal(d->mark.severity, IPPON_REVIEW_BIG);
    assert_int_equal(d->mark.category, IPPON_REVIEW_CALLS);
    text_is(d, "en", "The pon of 9s leaves no yaku in reach: no yakuhai, and no all-simples, one-suit or all-triplets "
                     "hand near enough.");
    text_is(d, "ja", "9sのポンで役がなくなる：役牌がなく、タンヤオ・混一色・対々和にも遠い。");
    json_t *j = ippon_review_json(&w.r);
    json_t *dj = decision_of(j, &w.r, d);
    assert_string_equal(json_string_value(json_object_get(dj, "kind")), "call");
    assert_string_equal(json_string_value(json_object_get(dj, "tile")), "9s");
    json_t *pon = json_array_get(json_object_get(dj, "calls"), 0);
    assert_string_equal(json_string_value(json_object_get(pon, "type")), "pon");
    assert_true(json_is_null(json_object_get(pon, "yaku")));
    assert_string_equal(json_string_value(json_object_get(json_object_get(pon, "after"), "discard")), "1m");
    assert_int_equal(json_integer_value(json_object_get(dj, "chosen")), 0);
    assert_string_equal(json_string_value(json_object_get(json_object_get(dj, "mark"), "severity")), "big");
    assert_string_equal(json_string_value(json_object_get(json_object_get(dj, "mark"), "category")), "call");
    json_t *sum = json_object_get(j, "summary");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(json_object_get(sum, "marks"), "by_category"),
                                                        "call")), 1);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(json_object_get(sum, "marks"), "by_severity"),
                                                        "big")), 1);
    json_t *big = json_object_get(sum, "biggest");
    assert_int_equal(json_array_size(big), 1);
    assert_int_equal(json_integer_value(json_array_get(big, 0)), d - w.r.decisions);
    json_decref(j);
    ippon_review_free(&w.r);
    ms_free(s);
}

/*
 * A pon that keeps a yakuhai: seat 1 holds 123m 456m 78p 99s 1s 77z and pons seat 0's 7z (chun).
 * Discarding 1s leaves 123m 456m 78p 99s: tenpai on 6p/9p, and a ron there counts chun — the
 * scorer's yaku, so "tenpai"; no mark. The pass would have left it 1-shanten.
 */
static void pon_keeps_a_yakuhai(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    start_calls(s, "123m 456m 78p 99s 1s 77z", "2p");
    watch w;
    watch_start(&w, s, 1);
    turn_act(&w, ms_discard(s, 0, "7z"));
    answer(&w, ms_pon(s, 1, "77z"));
    pass_all(&w);
    watch_end(&w);
    const ippon_review_decision *d = nth(&w, IPPON_REVIEW_CALL, 0);
    assert_int_equal(d->u.call.without.shanten, 1);
    assert_int_equal(d->u.call.calls[0].after.shanten, 0);
    assert_int_equal(d->u.call.calls[0].after.discard, ms_kind("1s"));
    assert_int_equal(d->u.call.calls[0].yaku, IPPON_REVIEW_YAKU_TENPAI);
    assert_int_equal(d->mark.severity, IPPON_REVIEW_NO_MARK);
    assert_true(ippon_review_agrees(d));
    ippon_review_free(&w.r);
    ms_free(s);
}

/* a discard decision with two options: the chosen 3m and the best 9p */
static ippon_review_decision two_options(int chosen_shanten, int chosen_count, int best_count)
{
    ippon_review_decision d;
    memset(&d, 0, sizeof d);
    d.chosen = (ippon_code)ms_kind("3m");
    d.n_options = 2;
    d.options[0] = (ippon_review_option){ .kind = (uint8_t)ms_kind("3m"), .shanten = (int8_t)chosen_shanten,
                                          .ukeire_count = chosen_count };
    d.options[1] = (ippon_review_option){ .kind = (uint8_t)ms_kind("9p"), .shanten = 2, .ukeire_count = best_count };
    return d;
}

/*
 * Efficiency: the same shanten with 12 tiles against 20 loses 40 % (clear), 16 against 20 loses
 * 20 % (small), 17 against 20 loses 15 % (no mark); a higher shanten is big whatever its ukeire.
 */
static void efficiency_marks(void **state)
{
    (void)state;
    ippon_review_decision d = two_options(2, 12, 20);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_CLEAR);
    assert_int_equal(ippon_review_mark_of(&d).category, IPPON_REVIEW_EFFICIENCY);
    text_is(&d, "en", "Discarding 3m keeps 2-shanten with 12 tiles; 9p would keep 2-shanten with 20.");
    text_is(&d, "ja", "3mを切ると2シャンテン・受け入れ12枚、9pなら2シャンテン・20枚。");
    d = two_options(2, 16, 20);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_SMALL);
    d = two_options(2, 17, 20);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_NO_MARK);
    char buf[64];
    assert_int_equal(ippon_review_mark_text(&d, "en", buf, sizeof buf), -1);
    d = two_options(3, 60, 20);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_BIG);
    assert_int_equal(ippon_review_mark_text(&d, "fr", buf, sizeof buf), -1);
}

/* a discard decision with two tenpai options of 8 tiles each: the chosen 3m waiting on 5s-8s with
   the expected value ev_chosen (dama), and 9p waiting on 2p-5p, dama ev_dama and riichi ev_riichi */
static ippon_review_decision two_waits(int ev_chosen, bool furiten, int ev_dama, int ev_riichi)
{
    ippon_review_decision d;
    memset(&d, 0, sizeof d);
    d.chosen = (ippon_code)ms_kind("3m");
    d.n_options = 2;
    uint64_t s58 = UINT64_C(1) << ms_kind("5s") | UINT64_C(1) << ms_kind("8s");
    uint64_t p25 = UINT64_C(1) << ms_kind("2p") | UINT64_C(1) << ms_kind("5p");
    d.options[0] = (ippon_review_option){ .kind = (uint8_t)ms_kind("3m"), .ukeire_count = 8, .ukeire = s58,
                                          .waits = s58,
                                          .value = { .known = true, .dama = true, .ev_dama = ev_chosen,
                                                     .furiten = furiten } };
    d.options[1] = (ippon_review_option){ .kind = (uint8_t)ms_kind("9p"), .ukeire_count = 8, .ukeire = p25,
                                          .waits = p25,
                                          .value = { .known = true, .dama = true, .riichi = true, .ev_dama = ev_dama,
                                                     .ev_riichi = ev_riichi } };
    return d;
}

/*
 * The wait's value (efficiency, src/review/README.md "Marks"): the same ukeire, but the chosen
 * wait's expected value 600 against the other's best way, riichi's 1,500, loses 60 % (clear);
 * 1,100 against 1,500 loses 26.7 % (small); 1,300 loses 13.3 % (none); a best of 400 is under the
 * floor of 500 (none). The better of dama and riichi counts: dama 1,500 and riichi 900 the same.
 */
static void wait_value_marks(void **state)
{
    (void)state;
    ippon_review_decision d = two_waits(600, true, 1200, 1500);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_CLEAR);
    assert_int_equal(ippon_review_mark_of(&d).category, IPPON_REVIEW_EFFICIENCY);
    text_is(&d, "en", "Discarding 3m waits on 5s-8s (furiten) for an expected 600 points; 9p would wait on 2p-5p for 1500.");
    text_is(&d, "ja", "3mを切ると待ち5s・8s（フリテン）で期待値600点、9pなら待ち2p・5pで1500点。");
    d = two_waits(1100, false, 1200, 1500);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_SMALL);
    d = two_waits(1300, false, 1200, 1500);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_NO_MARK);
    d = two_waits(0, false, 400, 300);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_NO_MARK);
    d = two_waits(600, false, 1500, 900);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_CLEAR);
}

/* a discard decision against riichi: options (kind, shanten, p against each riichi seat) */
typedef struct defence_option {
    const char *tile;
    int shanten;
    double p[2];
} defence_option;

static ippon_review_decision against_riichi(const char *chosen, int n_riichi, const defence_option *opts, int n)
{
    ippon_review_decision d;
    memset(&d, 0, sizeof d);
    d.chosen = (ippon_code)ms_kind(chosen);
    d.n_options = (uint8_t)n;
    d.n_threats = (uint8_t)n_riichi;
    for (int i = 0; i < n; i++) {
        d.options[i] = (ippon_review_option){ .kind = (uint8_t)ms_kind(opts[i].tile), .shanten = (int8_t)opts[i].shanten,
                                              .ukeire_count = 20 };
        for (int j = 0; j < n_riichi; j++) {
            d.danger[i][j].f.opp = (uint8_t)(j == 0 ? 2 : 3);
            d.danger[i][j].p = opts[i].p[j];
        }
    }
    return d;
}

/*
 * Defence at 2-shanten (folding is right: the reference is the safest of all the options): 3m at
 * 10 % against a genbutsu 1z at 0 % is big, 7 % clear, 4 % small, 3.9 % no mark. The sentence
 * names both tiles and both chances.
 */
static void defence_marks(void **state)
{
    (void)state;
    const struct { double p; int severity; } cases[] = {
        { 0.10, IPPON_REVIEW_BIG }, { 0.07, IPPON_REVIEW_CLEAR }, { 0.04, IPPON_REVIEW_SMALL },
        { 0.039, IPPON_REVIEW_NO_MARK },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        defence_option opts[] = { { "3m", 2, { cases[i].p } }, { "1z", 2, { 0.0 } } };
        ippon_review_decision d = against_riichi("3m", 1, opts, 2);
        ippon_review_mark mk = ippon_review_mark_of(&d);
        assert_int_equal(mk.severity, cases[i].severity);
        if (mk.severity != IPPON_REVIEW_NO_MARK)
            assert_int_equal(mk.category, IPPON_REVIEW_DEFENCE);
    }
    defence_option opts[] = { { "3m", 2, { 0.124 } }, { "1z", 2, { 0.0 } } };
    ippon_review_decision d = against_riichi("3m", 1, opts, 2);
    text_is(&d, "en", "Against the riichi of seat 2, 3m deals in 12.4 % of the time; at 2-shanten folding is right, "
                      "and 1z would deal in 0.0 %.");
    text_is(&d, "ja", "席2のリーチに対し3mの放銃率は12.4%。2シャンテンならオリが正解で、1zなら0.0%。");
}

/*
 * Defence at 1-shanten (pushing may be right: the reference is the safest option keeping
 * 1-shanten). Two riichi seats: 3m deals in 1 − 0.9 × 0.9 = 19 %; 1z keeps 1-shanten at
 * 1 − 0.94 × 0.94 = 11.64 %; 9p breaks to 2-shanten at 0 % and is no reference. The gap is 7.36
 * points: clear. Choosing 1z has no mark; choosing 9p (safer than the efficient 3m and 1z) is a
 * defensive choice that efficiency does not mark.
 */
static void defence_pushing(void **state)
{
    (void)state;
    defence_option opts[] = { { "3m", 1, { 0.10, 0.10 } }, { "9p", 2, { 0.0, 0.0 } }, { "1z", 1, { 0.06, 0.06 } } };
    ippon_review_decision d = against_riichi("3m", 2, opts, 3);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_CLEAR);
    assert_int_equal(ippon_review_mark_of(&d).category, IPPON_REVIEW_DEFENCE);
    text_is(&d, "en", "Against the riichi of seats 2 and 3, 3m deals in 19.0 % of the time; 1z keeps 1-shanten and "
                      "would deal in 11.6 %.");
    text_is(&d, "ja", "席2・席3のリーチに対し3mの放銃率は19.0%。1zなら1シャンテンのままで11.6%。");
    d = against_riichi("1z", 2, opts, 3);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_NO_MARK);
    d = against_riichi("9p", 2, opts, 3);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_NO_MARK);
    /* with nobody in riichi the same 9p is an efficiency mistake (a higher shanten): big */
    d = against_riichi("9p", 0, opts, 3);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_BIG);
    assert_int_equal(ippon_review_mark_of(&d).category, IPPON_REVIEW_EFFICIENCY);
}

/*
 * The JSON of the win kinds and the summary: in the temporary-furiten hand, the declined ron
 * (a choice that disagrees, big) and the note (no choice: "agrees" null, "why"); the summary
 * counts the choices only: seat 1's dama on its first draw (riichi was legal; hatsu is a yaku:
 * agrees), the ron, the chi on 5s passed (agrees) → 3 decisions, 2 agreed, 0.667.
 */
static void win_json_and_summary(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "234m 567p 34s 666z 99p", "678m 34p 67s 1234z 55z",
                  "258m 369p 147s 1234z" },
        .draws = "7z 7z 7z 2s 5s", .dora = "6z" });
    watch w;
    watch_start(&w, s, 1);
    for (int seat = 0; seat < 4; seat++) {
        giri(&w, seat);
        pass_all(&w);
    }
    giri(&w, 0);
    pass_all(&w);
    watch_end(&w);
    json_t *j = ippon_review_json(&w.r);
    json_t *ron = decision_of(j, &w.r, nth(&w, IPPON_REVIEW_WIN, 0));
    assert_true(json_is_true(json_object_get(ron, "legal")));
    assert_true(json_is_false(json_object_get(ron, "taken")));
    assert_string_equal(json_string_value(json_object_get(ron, "tile")), "2s");
    assert_true(json_is_false(json_object_get(ron, "agrees")));
    json_t *note = decision_of(j, &w.r, nth(&w, IPPON_REVIEW_WIN, 1));
    assert_string_equal(json_string_value(json_object_get(note, "why")), "furiten_temporary");
    assert_true(json_is_null(json_object_get(note, "agrees")));
    assert_true(json_is_null(json_object_get(note, "mark")));
    json_t *sum = json_object_get(j, "summary");
    assert_int_equal(json_integer_value(json_object_get(sum, "decisions")), 3);
    assert_int_equal(json_integer_value(json_object_get(sum, "agreed")), 2);
    assert_true(json_real_value(json_object_get(sum, "agreement")) == 0.667);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(json_object_get(sum, "by_kind"), "win"),
                                                        "decisions")), 1);
    json_decref(j);
    ippon_review_free(&w.r);
    ms_free(s);
}

static const char *str_at(json_t *o, const char *key) { return json_string_value(json_object_get(o, key)); }

/*
 * The JSON of a kan and a riichi: seat 1 (234m 567p 34s 666z 99p) draws the fourth 6z and
 * declares an ankan: with it, 234m 567p 34s 99p and one meld wait on 2s/5s (tenpai, 8 unseen,
 * no discard needed); without it, discarding the 6z keeps the same tenpai. Its replacement draw
 * 1m goes out without riichi: a riichi decision, dama, tenpai on 2s/5s, with a yaku (hatsu).
 */
static void kan_and_riichi_json(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "234m 567p 34s 666z 99p", "678m 34p 67s 1234z 55z",
                  "258m 369p 147s 1234z" },
        .draws = "7z 6z", .repl = "1m", .dora = "9s" });
    watch w;
    watch_start(&w, s, 1);
    giri(&w, 0);
    pass_all(&w);
    turn_act(&w, ms_ankan(s, 1, "6z"));
    pass_all(&w);
    giri(&w, 1);
    pass_all(&w);
    watch_end(&w);
    json_t *j = ippon_review_json(&w.r);
    json_t *kan = decision_of(j, &w.r, nth(&w, IPPON_REVIEW_KAN, 0));
    assert_string_equal(str_at(kan, "kind"), "kan");
    assert_string_equal(str_at(kan, "type"), "ankan");
    assert_string_equal(str_at(kan, "tile"), "6z");
    assert_true(json_is_true(json_object_get(kan, "declared")));
    json_t *with = json_object_get(kan, "with"), *without = json_object_get(kan, "without");
    assert_int_equal(json_integer_value(json_object_get(with, "shanten")), 0);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(with, "ukeire"), "count")), 8);
    assert_true(json_is_null(json_object_get(with, "discard")));
    assert_int_equal(json_integer_value(json_object_get(without, "shanten")), 0);
    assert_string_equal(str_at(without, "discard"), "6z");
    assert_true(json_is_true(json_object_get(kan, "agrees")));
    json_t *ri = decision_of(j, &w.r, nth(&w, IPPON_REVIEW_RIICHI, 0));
    assert_string_equal(str_at(ri, "chosen"), "1m");
    assert_true(json_is_false(json_object_get(ri, "declared")));
    assert_true(json_is_true(json_object_get(ri, "tenpai")));
    assert_true(json_is_true(json_object_get(ri, "dama_yaku")));
    assert_string_equal(json_string_value(json_array_get(json_object_get(ri, "waits"), 0)), "2s");
    assert_string_equal(json_string_value(json_array_get(json_object_get(ri, "waits"), 1)), "5s");
    assert_int_equal(json_integer_value(json_object_get(ri, "wait_count")), 8);
    assert_true(json_is_null(json_object_get(ri, "mark")));
    json_decref(j);
    ippon_review_free(&w.r);
    ms_free(s);
}

/* the JSON of a kita (3p): seat 1 draws a North and sets it aside */
static void kita_json(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 18p 147s 9s 1235z 7z", "19m 6p 258s 369s 1237z", "234s 567p 34p 666z 99p" },
        .draws = "7z 4z", .repl = "2p", .dora = "1z" });
    watch w;
    watch_start(&w, s, 1);
    giri(&w, 0);
    pass_all(&w);
    turn_act(&w, ms_kita(s, 1));
    pass_all(&w);
    watch_end(&w);
    json_t *j = ippon_review_json(&w.r);
    json_t *k = decision_of(j, &w.r, nth(&w, IPPON_REVIEW_KITA, 0));
    assert_string_equal(str_at(k, "kind"), "kita");
    assert_true(json_is_true(json_object_get(k, "declared")));
    assert_int_equal(json_integer_value(json_object_get(k, "turn")), 1);
    assert_true(json_is_null(json_object_get(k, "mark")));
    json_decref(j);
    ippon_review_free(&w.r);
    ms_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(permanent_furiten_and_declined_tsumo),
        cmocka_unit_test(temporary_furiten_and_declined_ron),
        cmocka_unit_test(riichi_furiten),
        cmocka_unit_test(no_yaku_and_dama),
        cmocka_unit_test(pon_kills_the_only_yaku),
        cmocka_unit_test(pon_keeps_a_yakuhai),
        cmocka_unit_test(efficiency_marks),
        cmocka_unit_test(wait_value_marks),
        cmocka_unit_test(defence_marks),
        cmocka_unit_test(defence_pushing),
        cmocka_unit_test(win_json_and_summary),
        cmocka_unit_test(kan_and_riichi_json),
        cmocka_unit_test(kita_json),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
