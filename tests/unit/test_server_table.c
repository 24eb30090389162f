/*
 * test_server_table.c — one match at one table (src/server/game/table.c), driven with a fake clock.
 *
 * Tables are built with ippon_table_new and hooks that keep every message sent to every seat
 * (with the time it was sent); time only moves when the test says so: to the table's own next
 * wakeup (ippon_table_next_wakeup, then ippon_table_tick) or to the moment a scripted human
 * answers. The hook also checks, as each message arrives:
 *   - a seat's "event" messages are numbered 0, 1, 2, … without gaps;
 *   - every "ask" has a larger "seq" than the one before, options, and a clock that equals a
 *     model of src/core/RULES.md §1 kept by the test (5 s per decision, a 20 s bank that loses what is
 *     used beyond the 5 s, is emptied by a timeout, and gains 10 s, capped at 20 s, at every
 *     exhaustive draw);
 *   - a "timeout" comes exactly at ask time + 5 s + bank + 1 s grace, for the pending ask;
 *   - while a seat's ask is pending it hears no events (the table waits for it);
 *   - nothing is ever sent to a bot's seat.
 * After a match, every hand is re-derived from the seeds revealed in "match_end" (fairness.h):
 * each "hand_start" commitment, each seat's "deal" (wall[13·wind …]), each draw the seat saw
 * with its tile (normal draws from wall[13·players] upwards, replacements from wall[N−1]
 * downwards), all checked against ippon/match.h's layout.
 *
 * Tests: (1) all-bot 4p and 3p tables to the end, and the max_hands safety stop; (2) one human
 * and three bots: asks, answers, the error codes (stale, not_your_turn, illegal) changing
 * nothing, a timeout at the exact deadline, resume with a recent or an old event number;
 * (3) no leak of concealed tiles to the other human, 4p and 3p (and only tenpai hands shown at an
 * exhaustive draw); (4) the bank refill after an exhaustive draw, seen in the next ask of a human
 * who has used up its bank; (5) a riichi human's draws that offer nothing else are discarded at
 * once, using no time; (6) the call window: what follows a discard reaches every seat exactly
 * when the window closes, whether or not anybody could call; bots sometimes ponder past it; a
 * full view asked for inside the window comes when it closes; (7) a seat's own tenpai
 * information: every riichi option and only discards carry waits, a "tenpai" comes only with an
 * offer and holds the tile of any ron offered, the seat's view says the same, and the public
 * view never carries any; (8) furiten told: a "tenpai" event tells the seat (only it) each change
 * of its own tenpai, "temporary" or "riichi" after a passed ron, before it is asked again. The hook also checks every draw's "next" (the hand that follows)
 * against src/core/RULES.md §1, and the hand_start that follows against it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/fairness.h"
#include "ippon/rules.h"
#include "ippon/shanten.h"
#include "game/protocol.h"
#include "game/table.h"

enum { MOVE = 5000, BANK = 20000, REFILL = 10000, GRACE = 1000, BOT_DELAY = 700 };

enum policy {
    POL_MANUAL,  /* the test answers by hand */
    POL_FIRST,   /* the first option: at once, every fourth answer after 7 s */
    POL_TIMEOUT, /* never answers */
    POL_SMART,   /* at once: tsumo, ron, riichi, kita when offered; else the discard of least shanten; passes calls */
    POL_SHY,     /* as POL_SMART, but passes every ron */
};

typedef struct logged {
    json_t *msg;
    int64_t at;
    bool resent; /* sent by ippon_table_resume */
} logged;

typedef struct seat_log {
    logged *m;
    int n, cap;
} seat_log;

typedef struct harness {
    ippon_table *t;
    const ippon_rules *rules;
    int players;
    ippon_seat_player seats[4];
    int policy[4];
    seat_log log[4];
    int64_t now;
    bool resuming;
    /* what the hook tracks per seat */
    long next_n[4];
    long pending[4], last_seq[4];
    int64_t ask_at[4];
    json_t *ask_options[4];
    int64_t bank[4];
    bool refill_visible[4];
    int answers[4], timeouts[4], asks[4];
    int refill_checked, draws_seen;
    bool sent_to_bot;
    int first_dealer; /* the dealer of the first hand_start seen, -1 before */
    int last_discarder[4]; /* per seat: who made the latest discard it heard of this hand, -1 */
    /* full views sent outside a test's own resume call (a deferred resume), and when */
    int views[4], views_expected[4];
    int64_t view_at[4];
    bool reask[4]; /* a view came while an ask was pending: the same ask is sent again */
    /* per seat, the hand as its hand_start told it, for the "next" of a draw (src/core/RULES.md §1) */
    struct hand_info { int dealer, round_wind, honba, sticks, kyoku; } hand[4], expect_next[4];
    bool next_known[4];  /* expect_next[seat] holds what the next hand_start must say */
    int sticks_paid[4];  /* riichi sticks paid in the current hand, as the seat heard them */
    int next_checked;    /* draws whose "next" was checked */
    int last_tile_kind[4]; /* the kind of the latest discard, kan or kita tile the seat heard of */
    int tenpai_asks, waits_options, ron_asks; /* the seat's own tenpai information seen in asks */
    /* per seat, its own tenpai as a client keeps it (an ask's or view's "tenpai", a "tenpai"
       event; none after a hand starts or its own call): NULL for none, else in a logged message */
    const json_t *told[4];
    bool passed_ron[4];      /* it passed a ron and has not been told its furiten yet */
    bool in_riichi[4], riichi_furiten[4];
    bool dama;               /* POL_SHY never declares riichi */
    int tenpai_events, told_temporary, told_riichi; /* "tenpai" events; furiten told after a passed ron */
    /* the finished hook */
    int finished;
    bool completed, ranked;
    int hands, n_actions, n_wins, rec_players;
    int32_t final_points[4], results[4];
    json_t *seeds;
    char secret_commitment[4][65]; /* per seat, from its match_found */
} harness;

/* ---- the hooks ---------------------------------------------------------------------------- */

static const char *type_of(const json_t *m) { return json_string_value(json_object_get(m, "type")); }

static int kind_of(const char *tile);

/* a "waits" list: a non-empty array of tile codes in kind order, fives written plain */
static void check_waits_list(const json_t *waits)
{
    assert_true(json_is_array(waits));
    assert_true(json_array_size(waits) >= 1);
    int last = -1;
    for (size_t i = 0; i < json_array_size(waits); i++) {
        const char *t = json_string_value(json_array_get(waits, i));
        int k = kind_of(t);
        assert_true(k > last);
        assert_true(t[0] != '0');
        last = k;
    }
}

/* a "furiten": null, "temporary", "permanent" or "riichi"; `on_discard`: an option's, which its
   discard's end of temporary furiten never makes "temporary" */
static void check_furiten_value(const json_t *f, bool on_discard)
{
    const char *name = json_string_value(f);
    if (json_is_null(f) || (name && (!strcmp(name, "permanent") || !strcmp(name, "riichi"))) ||
        (name && !on_discard && !strcmp(name, "temporary")))
        return;
    char *text = f ? json_dumps(f, JSON_ENCODE_ANY) : NULL;
    fail_msg("bad furiten %s", text ? text : "(missing)");
}

/* whether a waits list holds the kind */
static bool waits_hold(const json_t *waits, int kind)
{
    for (size_t i = 0; i < json_array_size(waits); i++)
        if (kind_of(json_string_value(json_array_get(waits, i))) == kind)
            return true;
    return false;
}

/*
 * The seat's own tenpai information in an ask: every "riichi" option carries the waits its
 * discard leaves (riichi needs tenpai, src/core/RULES.md §4), any option with waits is a discard or a
 * riichi with a furiten (null, "permanent" or "riichi": the discard ends temporary furiten); a
 * "tenpai" of its own (on an offer, or on its turn after a draw: the waits of the 13 tiles it
 * drew to) with any furiten, and an offered ron means the offered tile's kind is among those
 * waits, not furiten (§4: no ron in furiten).
 */
static void check_ask_tenpai(harness *h, int seat, const json_t *msg)
{
    const json_t *opts = json_object_get(msg, "options"), *tenpai = json_object_get(msg, "tenpai");
    bool offer = false, ron = false;
    for (size_t i = 0; i < json_array_size(opts); i++) {
        const json_t *o = json_array_get(opts, i);
        const char *type = type_of(o);
        offer |= !strcmp(type, "pass");
        ron |= !strcmp(type, "ron");
        const json_t *waits = json_object_get(o, "waits");
        if (!strcmp(type, "riichi"))
            assert_non_null(waits);
        if (!waits) {
            assert_null(json_object_get(o, "furiten"));
            continue;
        }
        assert_true(!strcmp(type, "discard") || !strcmp(type, "riichi"));
        check_waits_list(waits);
        check_furiten_value(json_object_get(o, "furiten"), true);
        h->waits_options++;
    }
    if (!tenpai) {
        assert_false(ron);
        return;
    }
    assert_true(offer || !ron);
    check_waits_list(json_object_get(tenpai, "waits"));
    check_furiten_value(json_object_get(tenpai, "furiten"), false);
    h->tenpai_asks++;
    if (ron) {
        assert_true(json_is_null(json_object_get(tenpai, "furiten")));
        assert_true(waits_hold(json_object_get(tenpai, "waits"), h->last_tile_kind[seat]));
        h->ron_asks++;
    }
}

/* ---- the seat's own tenpai as its client keeps it (PROTOCOL.md "Your own tenpai") ------------- */

static bool same_tenpai(const json_t *a, const json_t *b) { return (!a && !b) || (a && b && json_equal(a, b)); }

/* a tenpai the seat is told (NULL or null: none); riichi furiten, once told, stays to the
   hand's end (src/core/RULES.md §4) */
static void told_tenpai(harness *h, int seat, const json_t *tenpai)
{
    const char *f = json_string_value(json_object_get(tenpai, "furiten"));
    bool riichi = f && !strcmp(f, "riichi");
    if (h->riichi_furiten[seat] && tenpai && !json_is_null(tenpai) && !riichi)
        fail_msg("seat %d: told riichi furiten, then %s in the same hand", seat, f ? f : "none");
    h->riichi_furiten[seat] |= riichi;
    h->told[seat] = json_is_null(tenpai) ? NULL : tenpai;
}

/*
 * What an event changes in the seat's own tenpai: none at a hand's start or after its own call;
 * a "tenpai" event tells a change (never what the seat already knew), and after a passed ron it
 * tells "temporary", or "riichi" in riichi; a hand that ends on the passed tile tells nothing.
 */
static void follow_tenpai_event(harness *h, int seat, const json_t *ev)
{
    const char *type = type_of(ev);
    const json_t *who = json_object_get(ev, "seat");
    bool own = json_is_integer(who) && json_integer_value(who) == seat;
    if (!strcmp(type, "hand_start")) {
        h->told[seat] = NULL;
        h->passed_ron[seat] = h->in_riichi[seat] = h->riichi_furiten[seat] = false;
    } else if (!strcmp(type, "call") && own) {
        h->told[seat] = NULL;
    } else if (!strcmp(type, "discard") && own && json_is_true(json_object_get(ev, "riichi"))) {
        h->in_riichi[seat] = true;
    } else if (!strcmp(type, "win") || !strcmp(type, "exhaustive_draw") || !strcmp(type, "abortive_draw")) {
        h->passed_ron[seat] = false;
    } else if (!strcmp(type, "tenpai")) {
        h->tenpai_events++;
        const json_t *tenpai = json_object_get(ev, "tenpai");
        assert_non_null(tenpai);
        if (!json_is_null(tenpai)) {
            check_waits_list(json_object_get(tenpai, "waits"));
            check_furiten_value(json_object_get(tenpai, "furiten"), false);
        }
        if (same_tenpai(h->told[seat], json_is_null(tenpai) ? NULL : tenpai))
            fail_msg("seat %d: a \"tenpai\" event tells what it was told already", seat);
        if (h->passed_ron[seat]) {
            const char *want = h->in_riichi[seat] ? "riichi" : "temporary";
            const char *f = json_string_value(json_object_get(tenpai, "furiten"));
            if (!f || strcmp(f, want) != 0)
                fail_msg("seat %d passed a ron and was told furiten %s, not %s", seat, f ? f : "none", want);
            h->passed_ron[seat] = false;
            if (h->in_riichi[seat])
                h->told_riichi++;
            else
                h->told_temporary++;
        }
        told_tenpai(h, seat, tenpai);
    }
}

/* an ask's own tenpai is the one the seat was told (none: it was told none), and a seat that passed a ron is told its furiten before it is asked again */
static void follow_tenpai_ask(harness *h, int seat, const json_t *ask)
{
    if (h->passed_ron[seat])
        fail_msg("seat %d passed a ron and is asked again before it was told its furiten", seat);
    const json_t *tenpai = json_object_get(ask, "tenpai");
    if (!same_tenpai(h->told[seat], tenpai))
        fail_msg("seat %d: its ask's tenpai is not the one it was told", seat);
    if (tenpai)
        told_tenpai(h, seat, tenpai);
}

/*
 * A draw's "next" against src/core/RULES.md §1: the dealer repeats when tenpai (else the next seat deals,
 * and the round wind moves on when the deal comes back to the first dealer), honba + 1, the
 * sticks stay (those on the table at the start plus those paid in the hand). The next
 * hand_start must then say the same.
 */
static void check_next(harness *h, int seat, const json_t *ev, bool dealer_stays)
{
    const struct hand_info *cur = &h->hand[seat];
    int P = h->players, dealer = dealer_stays ? cur->dealer : (cur->dealer + 1) % P;
    int round = !dealer_stays && dealer == h->first_dealer ? (cur->round_wind + 1) % P : cur->round_wind;
    struct hand_info want = { dealer, round, cur->honba + 1, cur->sticks + h->sticks_paid[seat],
                              (dealer - h->first_dealer + P) % P + 1 };
    const json_t *next = json_object_get(ev, "next");
    assert_non_null(next);
    struct hand_info got = { (int)json_integer_value(json_object_get(next, "dealer")),
                             (int)json_integer_value(json_object_get(next, "round_wind")),
                             (int)json_integer_value(json_object_get(next, "honba")),
                             (int)json_integer_value(json_object_get(next, "sticks")),
                             (int)json_integer_value(json_object_get(next, "kyoku")) };
    if (memcmp(&got, &want, sizeof got) != 0)
        fail_msg("seat %d: next hand dealer %d round %d honba %d sticks %d kyoku %d, the rules give %d %d %d %d %d",
                 seat, got.dealer, got.round_wind, got.honba, got.sticks, got.kyoku, want.dealer, want.round_wind,
                 want.honba, want.sticks, want.kyoku);
    assert_int_equal(json_object_size(next), 5);
    h->expect_next[seat] = want;
    h->next_known[seat] = true;
    h->next_checked++;
}

static void on_send(void *ctx, ippon_table *t, int seat, const char *user_id, json_t *msg)
{
    harness *h = ctx;
    (void)t;
    assert_true(seat >= 0 && seat < h->players);
    if (h->seats[seat].bot)
        h->sent_to_bot = true;
    assert_string_equal(user_id, h->seats[seat].user_id);
    seat_log *lg = &h->log[seat];
    if (lg->n == lg->cap) {
        lg->cap = lg->cap ? 2 * lg->cap : 256;
        lg->m = realloc(lg->m, (size_t)lg->cap * sizeof lg->m[0]);
        assert_non_null(lg->m);
    }
    lg->m[lg->n++] = (logged){ .msg = msg, .at = h->now, .resent = h->resuming };
    const char *type = type_of(msg);
    assert_non_null(type);
    if (!strcmp(type, "view")) /* a client takes a view's tenpai, or none, whenever it comes */
        h->told[seat] = json_object_get(json_object_get(msg, "you"), "tenpai");
    if (h->resuming)
        return;
    if (!strcmp(type, "match_found")) { /* the seat's first message: its seat and the secret's commitment */
        assert_int_equal(lg->n, 1);
        assert_int_equal(json_integer_value(json_object_get(msg, "seat")), seat);
        assert_string_equal(json_string_value(json_object_get(msg, "table")), "table-1");
        const char *c = json_string_value(json_object_get(json_object_get(msg, "fairness"), "commitment"));
        assert_non_null(c);
        assert_int_equal(strlen(c), 64);
        snprintf(h->secret_commitment[seat], sizeof h->secret_commitment[seat], "%s", c);
    } else if (!strcmp(type, "event")) {
        json_t *ev = json_object_get(msg, "event");
        assert_non_null(ev);
        assert_int_equal(json_integer_value(json_object_get(msg, "n")), h->next_n[seat]);
        h->next_n[seat]++;
        if (h->pending[seat])
            fail_msg("seat %d hears an event while its ask %ld is pending: %s", seat, h->pending[seat], type_of(ev));
        follow_tenpai_event(h, seat, ev);
        if (!strcmp(type_of(ev), "discard"))
            h->last_discarder[seat] = (int)json_integer_value(json_object_get(ev, "seat"));
        if (!strcmp(type_of(ev), "discard") || !strcmp(type_of(ev), "kita"))
            h->last_tile_kind[seat] = kind_of(json_string_value(json_object_get(ev, "tile")));
        if (!strcmp(type_of(ev), "call")) { /* a kakan can be robbed: its added tile */
            json_t *meld = json_object_get(ev, "meld");
            json_t *added = json_object_get(meld, "added");
            h->last_tile_kind[seat] = kind_of(json_string_value(added ? added : json_array_get(json_object_get(meld, "tiles"), 0)));
        }
        if (!strcmp(type_of(ev), "riichi_stick"))
            h->sticks_paid[seat]++;
        if (!strcmp(type_of(ev), "hand_start")) {
            h->last_discarder[seat] = -1;
            /* East 1 is the first dealer's hand; each seat to its right deals the next kyoku */
            int dealer = (int)json_integer_value(json_object_get(ev, "dealer"));
            if (h->first_dealer < 0)
                h->first_dealer = dealer;
            assert_int_equal(json_integer_value(json_object_get(ev, "kyoku")),
                             (dealer - h->first_dealer + h->players) % h->players + 1);
            struct hand_info now = { dealer, (int)json_integer_value(json_object_get(ev, "round_wind")),
                                     (int)json_integer_value(json_object_get(ev, "honba")),
                                     (int)json_integer_value(json_object_get(ev, "sticks")),
                                     (int)json_integer_value(json_object_get(ev, "kyoku")) };
            if (h->next_known[seat] && memcmp(&now, &h->expect_next[seat], sizeof now) != 0)
                fail_msg("seat %d: the hand after a draw is not the one its \"next\" announced", seat);
            h->next_known[seat] = false;
            h->hand[seat] = now;
            h->sticks_paid[seat] = 0;
        }
        if (!strcmp(type_of(ev), "abortive_draw"))
            check_next(h, seat, ev, true); /* src/core/RULES.md has none; rule sets that do repeat the dealer */
        if (!strcmp(type_of(ev), "exhaustive_draw")) {
            /* the tenpai hands are shown, and only those */
            json_t *tenpai = json_object_get(ev, "tenpai"), *hands = json_object_get(ev, "hands");
            assert_int_equal(json_array_size(tenpai), h->players);
            assert_true(json_is_object(hands));
            int shown = 0;
            for (int o = 0; o < h->players; o++) {
                char key[12];
                snprintf(key, sizeof key, "%d", o);
                json_t *hand = json_object_get(hands, key);
                if (json_is_true(json_array_get(tenpai, (size_t)o))) {
                    assert_true(json_is_array(hand));
                    assert_true(json_array_size(hand) >= 1);
                    shown++;
                } else {
                    assert_null(hand);
                }
            }
            assert_int_equal(json_object_size(hands), shown);
            check_next(h, seat, ev, json_is_true(json_array_get(tenpai, (size_t)h->hand[seat].dealer)));
            h->refill_visible[seat] = h->bank[seat] < BANK;
            h->bank[seat] = h->bank[seat] + REFILL > BANK ? BANK : h->bank[seat] + REFILL;
            h->draws_seen++;
        }
    } else if (!strcmp(type, "view")) {
        h->views[seat]++;
        if (h->views[seat] > h->views_expected[seat])
            fail_msg("seat %d: a view it did not ask for", seat);
        h->view_at[seat] = h->now;
        json_t *names = json_object_get(msg, "names");
        assert_int_equal(json_array_size(names), h->players);
        for (int o = 0; o < h->players; o++)
            assert_string_equal(json_string_value(json_object_get(json_array_get(names, (size_t)o), "name")),
                                h->seats[o].name);
        h->next_n[seat] = (long)json_integer_value(json_object_get(msg, "n")) + 1;
        json_t *ld = json_object_get(msg, "last_discarder");
        assert_int_equal(json_is_null(ld) ? -1 : (int)json_integer_value(ld), h->last_discarder[seat]);
        json_int_t turn = json_integer_value(json_object_get(msg, "turn"));
        assert_true(turn >= 0 && turn < h->players);
        /* events it was not sent (a view instead) may have started a hand: the hand as the view says */
        h->hand[seat] = (struct hand_info){ (int)json_integer_value(json_object_get(msg, "dealer")),
                                            (int)json_integer_value(json_object_get(msg, "round_wind")),
                                            (int)json_integer_value(json_object_get(msg, "honba")),
                                            (int)json_integer_value(json_object_get(msg, "sticks")),
                                            (int)json_integer_value(json_object_get(msg, "kyoku")) };
        h->sticks_paid[seat] = 0;
        h->next_known[seat] = false;
        json_t *you = json_object_get(msg, "you"), *tenpai = json_object_get(you, "tenpai");
        if (tenpai) { /* its own, while it holds 3n+1, or on its turn after a draw (the 13 before it) */
            size_t held = json_array_size(json_object_get(you, "hand"));
            bool drew = !json_is_null(json_object_get(you, "drawn"));
            assert_true(held % 3 == 1 || (held % 3 == 2 && drew));
            check_waits_list(json_object_get(tenpai, "waits"));
            check_furiten_value(json_object_get(tenpai, "furiten"), false);
        }
        h->reask[seat] = h->pending[seat] != 0;
    } else if (!strcmp(type, "ask")) {
        long seq = (long)json_integer_value(json_object_get(msg, "seq"));
        if (h->reask[seat]) { /* the pending ask again, after a view: same number, same clock */
            h->reask[seat] = false;
            assert_int_equal(seq, h->pending[seat]);
            return;
        }
        if (h->pending[seat])
            fail_msg("seat %d: ask %ld while ask %ld is still pending", seat, seq, h->pending[seat]);
        assert_true(seq > h->last_seq[seat]);
        h->last_seq[seat] = seq;
        h->pending[seat] = seq;
        h->ask_at[seat] = h->now;
        h->asks[seat]++;
        json_t *opts = json_object_get(msg, "options");
        assert_true(json_is_array(opts));
        assert_true(json_array_size(opts) > 0);
        h->ask_options[seat] = opts;
        check_ask_tenpai(h, seat, msg);
        follow_tenpai_ask(h, seat, msg);
        json_t *clock = json_object_get(msg, "clock");
        assert_non_null(clock);
        assert_int_equal(json_integer_value(json_object_get(clock, "move_ms")), MOVE);
        if (json_integer_value(json_object_get(clock, "bank_ms")) != h->bank[seat])
            fail_msg("seat %d ask %ld: bank_ms %lld, the rules give %lld", seat, seq,
                     (long long)json_integer_value(json_object_get(clock, "bank_ms")), (long long)h->bank[seat]);
        if (h->refill_visible[seat])
            h->refill_checked++;
        h->refill_visible[seat] = false;
    } else if (!strcmp(type, "timeout")) {
        long seq = (long)json_integer_value(json_object_get(msg, "seq"));
        assert_int_equal(seq, h->pending[seat]);
        int64_t deadline = h->ask_at[seat] + MOVE + h->bank[seat] + GRACE;
        if (h->now != deadline)
            fail_msg("seat %d timed out at %lld, the deadline is %lld", seat, (long long)h->now, (long long)deadline);
        h->bank[seat] = 0;
        h->pending[seat] = 0;
        h->timeouts[seat]++;
    } else {
        fail_msg("seat %d: unexpected message %s", seat, type);
    }
}

static void on_finished(void *ctx, ippon_table *t, const ippon_stored_match *rec)
{
    harness *h = ctx;
    assert_ptr_equal(t, h->t);
    h->finished++;
    h->completed = rec->completed;
    h->ranked = rec->ranked;
    h->hands = rec->hands;
    h->rec_players = rec->players;
    assert_ptr_not_equal(rec->rules, NULL);
    assert_int_equal(rec->rules->players, h->players);
    for (int s = 0; s < rec->players; s++) {
        h->final_points[s] = rec->final_points[s];
        h->results[s] = rec->results[s];
        assert_string_equal(rec->seats[s].user_id, h->seats[s].user_id);
    }
    json_decref(h->seeds);
    h->seeds = json_deep_copy(rec->seeds);
    h->n_actions = (int)json_array_size(rec->actions);
    h->n_wins = (int)json_array_size(rec->wins);
    /* each stored win holds the whole hand (melds, kita, the dora indicators), and the winner's
       payment is the hand's points plus the honba and stick points it collects (src/core/RULES.md §6) */
    for (size_t i = 0; i < json_array_size(rec->wins); i++) {
        const json_t *w = json_array_get(rec->wins, i), *sc = json_object_get(w, "score");
        assert_string_equal(type_of(w), "win");
        assert_true(json_array_size(json_object_get(w, "melds")) <= 4);
        assert_true(json_is_array(json_object_get(w, "melds")));
        assert_true(json_is_array(json_object_get(w, "kita")));
        size_t n_dora = json_array_size(json_object_get(w, "dora"));
        assert_true(n_dora >= 1 && n_dora <= 5);
        int winner = (int)json_integer_value(json_object_get(w, "seat"));
        json_int_t paid = json_integer_value(json_array_get(json_object_get(w, "payments"), (size_t)winner));
        assert_int_equal(paid, json_integer_value(json_object_get(sc, "points")) +
                                   json_integer_value(json_object_get(sc, "honba_points")) +
                                   json_integer_value(json_object_get(sc, "sticks_points")));
    }
    assert_true(rec->ended_ms >= rec->started_ms);
}

/* ---- building and driving -------------------------------------------------------------------- */

static harness *live; /* freed by the next harness or the group teardown after a failure */

static void harness_free(harness *h)
{
    if (!h)
        return;
    if (h == live)
        live = NULL;
    ippon_table_free(h->t);
    for (int s = 0; s < 4; s++) {
        for (int i = 0; i < h->log[s].n; i++)
            json_decref(h->log[s].m[i].msg);
        free(h->log[s].m);
    }
    json_decref(h->seeds);
    free(h);
}

static int teardown(void **state)
{
    (void)state;
    harness_free(live);
    return 0;
}

/* a table of `preset` with humans where humans[s] is a policy, -1 = a bot, and a call window */
static harness *harness_new_window(const char *preset, const int *humans, bool ranked, int max_hands,
                                   int64_t window_ms)
{
    harness_free(live);
    harness *h = calloc(1, sizeof *h);
    assert_non_null(h);
    live = h;
    h->rules = ippon_rules_preset(preset);
    assert_non_null(h->rules);
    h->players = h->rules->players;
    for (int s = 0; s < h->players; s++) {
        bool bot = humans[s] < 0;
        h->seats[s].bot = bot;
        if (!bot)
            snprintf(h->seats[s].user_id, sizeof h->seats[s].user_id, "user%d", s);
        snprintf(h->seats[s].name, sizeof h->seats[s].name, bot ? "Bot %d" : "Player %d", s);
        h->policy[s] = bot ? POL_MANUAL : humans[s];
        h->bank[s] = BANK;
    }
    h->now = 1000000;
    h->first_dealer = -1;
    ippon_table_settings set = { .clock = { .move_ms = MOVE, .bank_ms = BANK, .refill_ms = REFILL, .grace_ms = GRACE },
                                 .bot_delay_ms = BOT_DELAY, .call_window_ms = window_ms, .max_hands = max_hands };
    ippon_table_hooks hooks = { .ctx = h, .send = on_send, .finished = on_finished };
    h->t = ippon_table_new("table-1", h->rules, h->seats, ranked, &set, &hooks, h->now);
    assert_non_null(h->t);
    assert_string_equal(ippon_table_id(h->t), "table-1");
    assert_int_equal(ippon_table_players(h->t), h->players);
    return h;
}

/* the same without a call window (every answer takes effect at once) */
static harness *harness_new(const char *preset, const int *humans, bool ranked, int max_hands)
{
    return harness_new_window(preset, humans, ranked, max_hands, 0);
}

static json_t *act_msg(long seq, json_t *action)
{
    return json_pack("{s:s,s:I,s:O}", "type", "act", "seq", (json_int_t)seq, "action", action);
}

/* the same, taking the action's reference */
static json_t *act_msg_new(long seq, json_t *action)
{
    return json_pack("{s:s,s:I,s:o}", "type", "act", "seq", (json_int_t)seq, "action", action);
}

/* the seat answers its pending ask with `action` at time `at`; the bank model follows */
static void answer(harness *h, int seat, int64_t at, json_t *action)
{
    assert_true(at >= h->now);
    h->now = at;
    long seq = h->pending[seat];
    assert_true(seq > 0);
    int64_t over = at - h->ask_at[seat] - MOVE;
    if (over > 0)
        h->bank[seat] = over >= h->bank[seat] ? 0 : h->bank[seat] - over;
    h->pending[seat] = 0; /* before acting: the answer may bring the next ask at once */
    json_t *msg = act_msg(seq, action);
    const char *code = NULL;
    char err[160] = "";
    int rc = ippon_table_act(h->t, seat, msg, at, &code, err, sizeof err);
    json_decref(msg);
    if (rc != 0)
        fail_msg("seat %d answer to ask %ld refused: %s (%s)", seat, seq, code ? code : "?", err);
    h->answers[seat]++;
}

/* when a POL_FIRST seat answers its pending ask */
static int64_t answer_time(const harness *h, int seat)
{
    return h->ask_at[seat] + (h->answers[seat] % 4 == 3 ? 7000 : 0);
}

static json_t *find_option(const harness *h, int seat, const char *type);
static char *dump(const json_t *j);

/* the kind of a tile string ("5m", "0p"), or -1 */
static int kind_of(const char *tile)
{
    ippon_code c;
    if (!tile || ippon_notation_parse(tile, &c, 1) != 1)
        return -1;
    return ippon_code_kind(c);
}

/* POL_SMART's choice among the pending ask's options */
static json_t *smart_choice(harness *h, int seat)
{
    if (h->policy[seat] == POL_SHY && find_option(h, seat, "ron")) {
        h->passed_ron[seat] = true;
        return find_option(h, seat, "pass");
    }
    const char *first[] = { "tsumo", "ron", "riichi", "kita" };
    for (int i = 0; i < 4; i++) {
        if (h->dama && !strcmp(first[i], "riichi"))
            continue;
        json_t *o = find_option(h, seat, first[i]);
        if (o)
            return o;
    }
    json_t *pass = find_option(h, seat, "pass");
    if (pass)
        return pass;
    /* the hand, from the seat's own view */
    bool was = h->resuming;
    h->resuming = true;
    int at = h->log[seat].n;
    ippon_table_resume(h->t, seat, -2, h->now);
    h->resuming = was;
    json_t *hand = json_object_get(json_object_get(h->log[seat].m[at].msg, "you"), "hand");
    assert_non_null(hand);
    uint8_t counts[IPPON_KINDS] = { 0 };
    for (size_t i = 0; i < json_array_size(hand); i++) {
        int k = kind_of(json_string_value(json_array_get(hand, i)));
        assert_true(k >= 0);
        counts[k]++;
    }
    int melds = (int)(14 - json_array_size(hand)) / 3;
    json_t *best = json_array_get(h->ask_options[seat], 0);
    int best_sh = 99;
    for (size_t i = 0; i < json_array_size(h->ask_options[seat]); i++) {
        json_t *o = json_array_get(h->ask_options[seat], i);
        if (strcmp(type_of(o), "discard") != 0)
            continue;
        int k = kind_of(json_string_value(json_object_get(o, "tile")));
        assert_true(k >= 0 && counts[k] > 0);
        counts[k]--;
        int sh = ippon_shanten(counts, melds, h->rules);
        counts[k]++;
        if (sh < best_sh)
            best_sh = sh, best = o;
    }
    return best;
}

/* one step: the earliest of a scripted answer and the table's wakeup; false when nothing is left */
static bool step(harness *h)
{
    if (ippon_table_over(h->t))
        return false;
    int who = -1;
    int64_t when = 0;
    for (int s = 0; s < h->players; s++)
        if ((h->policy[s] == POL_FIRST || h->policy[s] == POL_SMART || h->policy[s] == POL_SHY) && h->pending[s]) {
            int64_t at = h->policy[s] == POL_FIRST ? answer_time(h, s) : h->ask_at[s];
            if (who < 0 || at < when)
                who = s, when = at;
        }
    int64_t wake = ippon_table_next_wakeup(h->t);
    if (who >= 0 && (wake < 0 || when <= wake)) {
        h->now = when;
        answer(h, who, when,
               h->policy[who] == POL_FIRST ? json_array_get(h->ask_options[who], 0) : smart_choice(h, who));
        return true;
    }
    if (wake < 0)
        return false;
    assert_true(wake >= h->now);
    h->now = wake;
    ippon_table_tick(h->t, wake);
    return true;
}

static void run_to_end(harness *h)
{
    for (int i = 0; i < 200000; i++)
        if (!step(h)) {
            assert_true(ippon_table_over(h->t));
            return;
        }
    fail_msg("the match did not end");
}

/* the last message a seat received, or NULL */
static json_t *last_msg(const harness *h, int seat)
{
    return h->log[seat].n ? h->log[seat].m[h->log[seat].n - 1].msg : NULL;
}

static char *dump(const json_t *j) { return json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS); }

/* ---- checks after a match ---------------------------------------------------------------------- */

static void check_record(const harness *h, bool ranked)
{
    assert_int_equal(h->finished, 1);
    assert_true(h->completed);
    assert_int_equal(h->ranked, ranked);
    assert_int_equal(h->rec_players, h->players);
    int32_t sum = 0;
    for (int s = 0; s < h->players; s++) {
        sum += h->results[s];
        assert_int_equal(h->final_points[s], h->rules->start_points + h->results[s]);
    }
    assert_int_equal(sum, 0);
    assert_true(h->hands >= 1);
    assert_int_equal(json_array_size(h->seeds), (size_t)h->hands);
    for (size_t i = 0; i < json_array_size(h->seeds); i++) {
        const char *hex = json_string_value(json_array_get(h->seeds, i));
        assert_non_null(hex);
        assert_int_equal(strlen(hex), 64);
        uint8_t seed[32];
        assert_int_equal(ippon_unhex(hex, seed, 32), 0);
        for (int k = 0; k < 64; k++)
            assert_true((hex[k] >= '0' && hex[k] <= '9') || (hex[k] >= 'a' && hex[k] <= 'f'));
    }
    assert_true(h->n_actions > 0);
    assert_true(h->n_wins >= 1);
    /* over: no more wakeups, ticks do nothing, the hook is not called again */
    assert_true(ippon_table_over(h->t));
    assert_int_equal(ippon_table_next_wakeup(h->t), -1);
    ippon_table_tick(h->t, h->now + 100000);
    assert_int_equal(h->finished, 1);
    assert_false(h->sent_to_bot);
}

/* a JSON list of tile ids as the seat sees them, sorted by id (the core keeps hands sorted) */
static char *ids_text(const ippon_rules *r, const ippon_tile *ids, int n)
{
    ippon_tile sorted[14];
    memcpy(sorted, ids, (size_t)n);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
            ippon_tile x = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = x;
        }
    json_t *a = ippon_proto_tiles(r, sorted, n);
    char *text = dump(a);
    json_decref(a);
    return text;
}

static const char *tile_text(const ippon_rules *r, ippon_tile t, char buf[4])
{
    json_t *j = ippon_proto_tile(r, t);
    snprintf(buf, 4, "%s", json_string_value(j));
    json_decref(j);
    return buf;
}

/*
 * The secret match_end reveals is the one match_found committed to (BLAKE2b-256 of it), and each
 * seed is the secret's keyed BLAKE2b-256 of u32le(hand) and every seat's contribution (one byte of
 * length, then its bytes): the message built here byte by byte from fairness.h's definition.
 */
static void check_seeds_from_secret(const harness *h, int seat)
{
    const json_t *end = NULL;
    for (int i = 0; i < h->log[seat].n; i++) {
        json_t *m = h->log[seat].m[i].msg;
        if (!strcmp(type_of(m), "event") && !strcmp(type_of(json_object_get(m, "event")), "match_end"))
            end = json_object_get(m, "event");
    }
    assert_non_null(end);
    uint8_t secret[32], digest[32];
    char hex[65];
    assert_int_equal(ippon_unhex(json_string_value(json_object_get(end, "secret")), secret, 32), 0);
    crypto_generichash(digest, 32, secret, 32, NULL, 0);
    ippon_hex(digest, 32, hex);
    assert_string_equal(hex, h->secret_commitment[seat]);
    const json_t *contributions = json_object_get(end, "contributions");
    assert_int_equal(json_array_size(contributions), h->players);
    for (size_t k = 0; k < json_array_size(h->seeds); k++) {
        uint8_t msg[4 + 4 * 33];
        size_t len = 0;
        for (int b = 0; b < 4; b++)
            msg[len++] = (uint8_t)(k >> (8 * b));
        for (int s = 0; s < h->players; s++) {
            const char *c = json_string_value(json_array_get(contributions, (size_t)s));
            assert_non_null(c);
            size_t n = strlen(c) / 2;
            msg[len++] = (uint8_t)n;
            assert_int_equal(ippon_unhex(c, msg + len, n), 0);
            len += n;
        }
        crypto_generichash(digest, 32, msg, len, secret, 32);
        ippon_hex(digest, 32, hex);
        assert_string_equal(hex, json_string_value(json_array_get(h->seeds, k)));
    }
}

/*
 * Re-derives every hand from the revealed seeds and checks what `seat` was told: commitments,
 * its deal, the tiles of its draws, and (leak check) that no other seat's dealt hand appears
 * in any message it received during that hand. Returns the number of hands seen.
 */
static int check_seat_against_walls(const harness *h, int seat)
{
    const ippon_rules *r = h->rules;
    int P = h->players, hand = -1, dealer = -1, normal = 0, repl = 0, n_wall = 0, deals = 0;
    bool in_hand = false;
    ippon_tile wall[136];
    char *others[4] = { NULL, NULL, NULL, NULL };
    json_t *seeds = NULL;
    /* the seeds from match_end */
    for (int i = 0; i < h->log[seat].n; i++) {
        json_t *m = h->log[seat].m[i].msg;
        if (!h->log[seat].m[i].resent && !strcmp(type_of(m), "event") &&
            !strcmp(type_of(json_object_get(m, "event")), "match_end"))
            seeds = json_object_get(json_object_get(m, "event"), "seeds");
    }
    assert_non_null(seeds);
    assert_true(json_equal(seeds, h->seeds));
    check_seeds_from_secret(h, seat);
    for (int i = 0; i < h->log[seat].n; i++) {
        const logged *lm = &h->log[seat].m[i];
        json_t *m = lm->msg;
        char *text = dump(m);
        /* the hand's end shows hands by rule (a win's, the tenpai seats' at an exhaustive draw):
           a seat that never changed its dealt tiles (riichi from the start, every draw discarded)
           shows exactly them */
        const char *ended = strcmp(type_of(m), "event") ? NULL : type_of(json_object_get(m, "event"));
        ended = ended ? ended : "";
        bool shown = !strcmp(ended, "win") || !strcmp(ended, "exhaustive_draw") || !strcmp(ended, "abortive_draw");
        for (int o = 0; o < P; o++)
            if (in_hand && !shown && others[o] && strstr(text, others[o]))
                fail_msg("seat %d was told seat %d's dealt hand %s: %s", seat, o, others[o], text);
        free(text);
        if (strcmp(type_of(m), "event") != 0)
            continue;
        if (lm->resent)
            continue;
        json_t *ev = json_object_get(m, "event");
        const char *et = type_of(ev);
        if (!strcmp(et, "hand_start")) {
            hand++;
            in_hand = true;
            dealer = (int)json_integer_value(json_object_get(ev, "dealer"));
            uint8_t seed[32], commit[32];
            const char *hex = json_string_value(json_array_get(seeds, (size_t)hand));
            assert_non_null(hex);
            assert_int_equal(ippon_unhex(hex, seed, 32), 0);
            n_wall = ippon_fairness_wall(r, seed, wall);
            assert_int_equal(n_wall, P == 4 ? 136 : 108);
            /* the commitment, hashed here: BLAKE2b-256 of seed || wall */
            uint8_t buf[32 + 136];
            memcpy(buf, seed, 32);
            memcpy(buf + 32, wall, (size_t)n_wall);
            crypto_generichash(commit, 32, buf, (unsigned long long)(32 + n_wall), NULL, 0);
            char chex[65];
            ippon_hex(commit, 32, chex);
            assert_string_equal(json_string_value(json_object_get(ev, "commitment")), chex);
            normal = repl = 0;
            for (int o = 0; o < P; o++) {
                free(others[o]);
                others[o] = NULL;
                if (o == seat)
                    continue;
                int wind = (o - dealer + P) % P;
                others[o] = ids_text(r, wall + 13 * wind, 13);
            }
        } else if (!strcmp(et, "deal")) {
            deals++;
            int wind = (seat - dealer + P) % P;
            char *want = ids_text(r, wall + 13 * wind, 13);
            char *got = dump(json_object_get(ev, "hand"));
            assert_string_equal(got, want);
            free(want);
            free(got);
        } else if (!strcmp(et, "draw")) {
            bool replacement = json_is_true(json_object_get(ev, "replacement"));
            json_t *tile = json_object_get(ev, "tile");
            int drawer = (int)json_integer_value(json_object_get(ev, "seat"));
            if (tile) {
                /* a tile is only ever shown to the seat that drew it */
                assert_int_equal(drawer, seat);
                char buf[4];
                ippon_tile id = replacement ? wall[n_wall - 1 - repl] : wall[13 * P + normal];
                assert_string_equal(json_string_value(tile), tile_text(r, id, buf));
            } else {
                assert_int_not_equal(drawer, seat);
            }
            if (replacement)
                repl++;
            else
                normal++;
        } else if (!strcmp(et, "win") || !strcmp(et, "exhaustive_draw") || !strcmp(et, "abortive_draw")) {
            in_hand = false; /* hands are shown from here on */
        }
    }
    for (int o = 0; o < P; o++)
        free(others[o]);
    assert_int_equal(deals, hand + 1);
    assert_int_equal(hand + 1, h->hands);
    return hand + 1;
}

/* ---- (1) all-bot tables ---------------------------------------------------------------------- */

static void all_bots(const char *preset, bool ranked)
{
    const int bots[4] = { -1, -1, -1, -1 };
    harness *h = harness_new(preset, bots, ranked, 0);
    run_to_end(h);
    check_record(h, ranked);
    for (int s = 0; s < 4; s++)
        assert_int_equal(h->log[s].n, 0); /* bots are told nothing */
    if (getenv("IPPON_TEST_VERBOSE"))
        fprintf(stderr, "all bots %s: %d hands, %d actions, %d wins, results %d %d %d %d\n", preset, h->hands, h->n_actions,
                h->n_wins, h->results[0], h->results[1], h->results[2], h->players > 3 ? h->results[3] : 0);
    harness_free(h);
}

static void all_bots_4p(void **state)
{
    (void)state;
    for (int i = 0; i < 10; i++)
        all_bots("yonma", i % 2 == 0);
}

static void all_bots_3p(void **state)
{
    (void)state;
    for (int i = 0; i < 10; i++)
        all_bots("sanma", i % 2 == 1);
}

static void new_refuses(void **state)
{
    (void)state;
    const ippon_rules *r = ippon_rules_preset("yonma");
    ippon_seat_player p[4];
    memset(p, 0, sizeof p);
    for (int s = 0; s < 4; s++)
        p[s].bot = true;
    ippon_table_settings set = { .clock = { MOVE, BANK, REFILL, GRACE }, .bot_delay_ms = BOT_DELAY, .max_hands = 0 };
    char long_id[64];
    memset(long_id, 'x', sizeof long_id - 1);
    long_id[sizeof long_id - 1] = '\0';
    assert_null(ippon_table_new(NULL, r, p, false, &set, NULL, 0));
    assert_null(ippon_table_new("t", NULL, p, false, &set, NULL, 0));
    assert_null(ippon_table_new("t", r, NULL, false, &set, NULL, 0));
    assert_null(ippon_table_new("t", r, p, false, NULL, NULL, 0));
    assert_null(ippon_table_new(long_id, r, p, false, &set, NULL, 0));
    /* no hooks at all: still plays to the end */
    ippon_table *t = ippon_table_new("t", r, p, false, &set, NULL, 0);
    assert_non_null(t);
    int64_t now = 0;
    for (int i = 0; i < 100000 && !ippon_table_over(t); i++) {
        int64_t w = ippon_table_next_wakeup(t);
        assert_true(w >= now);
        now = w;
        ippon_table_tick(t, now);
    }
    assert_true(ippon_table_over(t));
    ippon_table_free(t);
    ippon_table_free(NULL);
}

/* the safety stop: a match that reaches max_hands ends without a winner, nothing ranked */
static void max_hands(void **state)
{
    (void)state;
    const int bots[4] = { -1, -1, -1, -1 };
    bool saw_incomplete = false, saw_complete = false;
    for (int i = 0; i < 80 && !(saw_incomplete && saw_complete); i++) {
        harness *h = harness_new(i % 2 ? "sanma" : "yonma", bots, true, 1);
        run_to_end(h);
        assert_int_equal(h->finished, 1);
        assert_int_equal(h->hands, 1);
        if (h->completed) {
            saw_complete = true;
            assert_true(h->ranked);
            assert_true(h->n_wins >= 1);
        } else {
            saw_incomplete = true; /* the first hand was drawn */
            assert_false(h->ranked);
            assert_int_equal(h->n_wins, 0);
            for (int s = 0; s < h->players; s++)
                assert_int_equal(h->results[s], 0);
        }
        harness_free(h);
    }
    assert_true(saw_complete);
    assert_true(saw_incomplete);
}

/* ---- (2) one human ------------------------------------------------------------------------------ */

/* drives the table until `seat` has an ask pending (the test answers it), or the match ends */
static bool until_asked(harness *h, int seat)
{
    for (int i = 0; i < 100000; i++) {
        if (h->pending[seat])
            return true;
        if (!step(h))
            return false;
    }
    fail_msg("seat %d was never asked", seat);
    return false;
}

static json_t *find_option(const harness *h, int seat, const char *type)
{
    json_t *opts = h->ask_options[seat];
    for (size_t i = 0; i < json_array_size(opts); i++)
        if (!strcmp(type_of(json_array_get(opts, i)), type))
            return json_array_get(opts, i);
    return NULL;
}

/* the table as seen from outside plus what the seat has been sent: must not move on an error */
typedef struct snapshot {
    char *pub;
    int64_t wake;
    int n_msgs[4];
} snapshot;

static snapshot take_snapshot(const harness *h)
{
    snapshot s;
    json_t *v = ippon_table_public_view(h->t, h->now);
    s.pub = dump(v);
    json_decref(v);
    s.wake = ippon_table_next_wakeup(h->t);
    for (int i = 0; i < 4; i++)
        s.n_msgs[i] = h->log[i].n;
    return s;
}

static void assert_unchanged(const harness *h, snapshot *before)
{
    snapshot now = take_snapshot(h);
    assert_string_equal(now.pub, before->pub);
    assert_int_equal(now.wake, before->wake);
    for (int i = 0; i < 4; i++)
        assert_int_equal(now.n_msgs[i], before->n_msgs[i]);
    free(now.pub);
}

/* an act that must be refused with `code`, changing nothing */
static void refused(harness *h, int seat, json_t *msg, const char *code)
{
    snapshot before = take_snapshot(h);
    const char *got = NULL;
    char err[160] = "";
    long pending = h->pending[seat];
    int rc = ippon_table_act(h->t, seat, msg, h->now, &got, err, sizeof err);
    json_decref(msg);
    assert_int_equal(rc, -1);
    assert_non_null(got);
    if (strcmp(got, code) != 0)
        fail_msg("expected %s, got %s (%s)", code, got, err);
    assert_true(err[0] != '\0');
    assert_unchanged(h, &before);
    assert_int_equal(h->pending[seat], pending);
    free(before.pub);
}

/*
 * One match with seat 0 human; returns false (the match is thrown away) when it ended before
 * every step below could be taken, which depends on the random seeds.
 */
static bool one_human(const char *preset)
{
    const int who[4] = { POL_MANUAL, -1, -1, -1 };
    harness *h = harness_new(preset, who, false, 0);
    int P = h->players;
    assert_int_equal(ippon_table_seat_of(h->t, "user0"), 0);
    assert_int_equal(ippon_table_seat_of(h->t, "nobody"), -1);
    assert_true(ippon_table_player_at(h->t, 2)->bot);

    /* A: pass every offer until seat 0 is asked on its own turn right after a draw */
    for (;;) {
        if (!until_asked(h, 0)) {
            harness_free(h);
            return false;
        }
        json_t *last = last_msg(h, 0);
        assert_string_equal(type_of(last), "ask");
        json_t *prev = h->log[0].m[h->log[0].n - 2].msg;
        json_t *pev = json_object_get(prev, "event");
        bool after_draw = pev && !strcmp(type_of(pev), "draw") && json_object_get(pev, "tile");
        if (find_option(h, 0, "discard") && after_draw)
            break;
        json_t *pass = find_option(h, 0, "pass");
        answer(h, 0, h->now, pass ? pass : json_array_get(h->ask_options[0], 0));
    }
    long seq = h->pending[0];
    assert_true(seq >= 1);
    char drawn[4];
    {
        json_t *pev = json_object_get(h->log[0].m[h->log[0].n - 2].msg, "event");
        assert_int_equal(json_integer_value(json_object_get(pev, "seat")), 0);
        snprintf(drawn, sizeof drawn, "%s", json_string_value(json_object_get(pev, "tile")));
    }
    json_t *first = json_array_get(h->ask_options[0], 0);

    /* errors, each changing nothing */
    refused(h, 0, act_msg(seq + 1, first), "stale");
    refused(h, 0, act_msg(seq - 1, first), "stale");
    refused(h, 0, json_pack("{s:s,s:O}", "type", "act", "action", first), "bad_message");
    refused(h, 0, act_msg_new(seq, json_pack("{s:s}", "type", "kyuushu")), "illegal");
    {
        json_t *a = json_pack("{s:s}", "type", "ron");
        refused(h, 0, act_msg(seq, a), "illegal");
        json_decref(a);
        a = json_pack("{s:s,s:s}", "type", "discard", "tile", "8z");
        refused(h, 0, act_msg(seq, a), "illegal");
        json_decref(a);
        a = json_pack("{s:s}", "type", "pass");
        refused(h, 0, act_msg(seq, a), "illegal");
        json_decref(a);
        a = json_pack("{s:s,s:[s,s]}", "type", "chi", "tiles", "1m", "2m");
        refused(h, 0, act_msg(seq, a), "illegal");
        json_decref(a);
    }
    refused(h, 1, act_msg(seq, first), "not_your_turn"); /* a bot's seat, with no decision */
    refused(h, 2, act_msg(1, first), "not_your_turn");

    /* B: let the clock run out. Only seat 0 has a decision, so the next wakeup is its deadline */
    int64_t deadline = h->ask_at[0] + MOVE + BANK + GRACE;
    assert_int_equal(h->bank[0], BANK);
    assert_int_equal(ippon_table_next_wakeup(h->t), deadline);
    int before = h->log[0].n;
    h->now = deadline - 1;
    ippon_table_tick(h->t, deadline - 1);
    assert_int_equal(h->log[0].n, before); /* 1 ms early: nothing */
    assert_int_equal(h->pending[0], seq);
    h->now = deadline;
    ippon_table_tick(h->t, deadline);
    assert_true(h->log[0].n >= before + 2);
    json_t *tm = h->log[0].m[before].msg;
    assert_string_equal(type_of(tm), "timeout");
    assert_int_equal(json_integer_value(json_object_get(tm, "seq")), seq);
    json_t *dv = json_object_get(h->log[0].m[before + 1].msg, "event");
    assert_non_null(dv);
    assert_string_equal(type_of(dv), "discard");
    assert_int_equal(json_integer_value(json_object_get(dv, "seat")), 0);
    assert_string_equal(json_string_value(json_object_get(dv, "tile")), drawn); /* tsumogiri */
    assert_true(json_is_true(json_object_get(dv, "tsumogiri")));
    assert_false(json_is_true(json_object_get(dv, "riichi")));
    assert_int_equal(h->bank[0], 0);
    assert_int_equal(h->timeouts[0], 1);
    /* acting on the ask that timed out: no decision now (or a new ask with another seq) */
    if (!h->pending[0])
        refused(h, 0, act_msg(seq, first), "not_your_turn");
    else
        refused(h, 0, act_msg(seq, first), "stale");

    /* C: play the first option from now on; pause once the seat has 30 events and an ask */
    h->policy[0] = POL_FIRST;
    while (!ippon_table_over(h->t) && !(h->next_n[0] >= 30 && h->pending[0]))
        assert_true(step(h));
    if (ippon_table_over(h->t)) {
        harness_free(h);
        return false;
    }
    {
        long N = h->next_n[0]; /* events 0..N-1 were sent */
        long pseq = h->pending[0];
        /* 2 s into the decision (or less, when a bot is due before that: time never jumps past
           a wakeup), so the ask resent shows less than 5 s left */
        int64_t resume_at = h->now + 2000, wake = ippon_table_next_wakeup(h->t);
        if (wake >= 0 && wake < resume_at)
            resume_at = wake;
        h->now = resume_at;
        h->resuming = true;
        /* after N-4: the last three events again, then the ask */
        int at = h->log[0].n;
        ippon_table_resume(h->t, 0, N - 4, resume_at);
        assert_int_equal(h->log[0].n - at, 4);
        for (int k = 0; k < 3; k++) {
            json_t *m = h->log[0].m[at + k].msg;
            assert_string_equal(type_of(m), "event");
            assert_int_equal(json_integer_value(json_object_get(m, "n")), N - 3 + k);
            /* the very message first sent */
            bool found = false;
            for (int i = 0; i < at && !found; i++)
                if (!h->log[0].m[i].resent && !strcmp(type_of(h->log[0].m[i].msg), "event") &&
                    json_integer_value(json_object_get(h->log[0].m[i].msg, "n")) == N - 3 + k) {
                    assert_true(json_equal(h->log[0].m[i].msg, m));
                    found = true;
                }
            assert_true(found);
        }
        json_t *ask = h->log[0].m[at + 3].msg;
        assert_string_equal(type_of(ask), "ask");
        assert_int_equal(json_integer_value(json_object_get(ask, "seq")), pseq);
        json_t *clock = json_object_get(ask, "clock");
        int64_t left = MOVE - (resume_at - h->ask_at[0]);
        assert_int_equal(json_integer_value(json_object_get(clock, "move_ms")), left > 0 ? left : 0);
        /* up to date: only the ask */
        at = h->log[0].n;
        ippon_table_resume(h->t, 0, N - 1, resume_at);
        assert_int_equal(h->log[0].n - at, 1);
        assert_string_equal(type_of(h->log[0].m[at].msg), "ask");
        /* from the very start (-1): every event */
        at = h->log[0].n;
        ippon_table_resume(h->t, 0, -1, resume_at);
        assert_int_equal(h->log[0].n - at, N + 1);
        for (long k = 0; k < N; k++)
            assert_int_equal(json_integer_value(json_object_get(h->log[0].m[at + k].msg, "n")), k);
        /* -2 and a long-gone number: the full view, then the ask */
        const long old[2] = { -2, -100 };
        for (int o = 0; o < 2; o++) {
            at = h->log[0].n;
            ippon_table_resume(h->t, 0, old[o], resume_at);
            assert_int_equal(h->log[0].n - at, 2);
            json_t *v = h->log[0].m[at].msg;
            assert_string_equal(type_of(v), "view");
            assert_int_equal(json_integer_value(json_object_get(v, "n")), N - 1);
            assert_string_equal(json_string_value(json_object_get(v, "table")), "table-1");
            assert_int_equal(strlen(json_string_value(json_object_get(v, "commitment"))), 64);
            assert_int_equal(json_array_size(json_object_get(v, "clocks")), P);
            assert_int_equal(json_array_size(json_object_get(v, "seats")), P);
            json_t *you = json_object_get(v, "you");
            assert_non_null(you);
            assert_int_equal(json_integer_value(json_object_get(you, "seat")), 0);
            assert_int_equal(json_array_size(json_object_get(you, "hand")),
                             json_integer_value(json_object_get(json_array_get(json_object_get(v, "seats"), 0), "concealed")));
            assert_string_equal(type_of(h->log[0].m[at + 1].msg), "ask");
        }
        h->resuming = false;
        /* the resumes changed nothing: the pending ask is answered as usual */
        assert_int_equal(h->pending[0], pseq);
        answer(h, 0, h->now, json_array_get(h->ask_options[0], 0));
    }
    /* D: not_your_turn at a moment seat 0 has no decision */
    bool checked = false;
    while (!ippon_table_over(h->t)) {
        if (!checked && !h->pending[0]) {
            refused(h, 0, act_msg_new(h->last_seq[0], json_pack("{s:s}", "type", "pass")), "not_your_turn");
            checked = true;
        }
        assert_true(step(h));
    }
    check_record(h, false);
    assert_true(h->answers[0] > 0);
    check_seat_against_walls(h, 0);
    /* the last event is match_end with the record's numbers */
    json_t *end = json_object_get(last_msg(h, 0), "event");
    assert_non_null(end);
    assert_string_equal(type_of(end), "match_end");
    for (int s = 0; s < P; s++) {
        assert_int_equal(json_integer_value(json_array_get(json_object_get(end, "results"), (size_t)s)), h->results[s]);
        assert_int_equal(json_integer_value(json_array_get(json_object_get(end, "points"), (size_t)s)), h->final_points[s]);
    }
    /* the match is over: acting is refused */
    {
        const char *code = NULL;
        char err[128];
        json_t *m = act_msg_new(h->last_seq[0], json_pack("{s:s}", "type", "pass"));
        assert_int_equal(ippon_table_act(h->t, 0, m, h->now, &code, err, sizeof err), -1);
        json_decref(m);
        assert_string_equal(code, "match_over");
    }
    harness_free(h);
    return true;
}

static void one_human_4p(void **state)
{
    (void)state;
    int tries = 0;
    while (!one_human("yonma"))
        assert_true(++tries < 50);
}

static void one_human_3p(void **state)
{
    (void)state;
    int tries = 0;
    while (!one_human("sanma"))
        assert_true(++tries < 50);
}

/* ---- (3) no leak between two humans ----------------------------------------------------------- */

/* the seat's current hand, from its own view (resume with -2), as JSON text */
static char *hand_from_view(harness *h, int seat)
{
    bool was = h->resuming;
    h->resuming = true;
    int at = h->log[seat].n;
    ippon_table_resume(h->t, seat, -2, h->now);
    h->resuming = was;
    assert_true(h->log[seat].n > at);
    json_t *v = h->log[seat].m[at].msg;
    assert_string_equal(type_of(v), "view");
    json_t *you = json_object_get(v, "you");
    assert_non_null(you);
    assert_int_equal(json_integer_value(json_object_get(you, "seat")), seat);
    return dump(json_object_get(you, "hand"));
}

/* the number of tiles in a JSON list text */
static int tiles_in(const char *list)
{
    int n = 0;
    for (; *list; list++)
        n += *list == '"';
    return n / 2;
}

static void no_leak(const char *preset, int a, int b)
{
    int who[4] = { -1, -1, -1, -1 };
    who[a] = POL_FIRST;
    who[b] = POL_TIMEOUT;
    harness *h = harness_new(preset, who, true, 0);
    int steps = 0, view_checks = 0;
    while (step(h)) {
        if (++steps % 5 || ippon_table_over(h->t))
            continue;
        /* both humans' views now: neither holds the other's hand, and each "you" is its own */
        char *ha = hand_from_view(h, a), *hb = hand_from_view(h, b);
        int la = h->log[a].n - 1, lb = h->log[b].n - 1;
        while (strcmp(type_of(h->log[a].m[la].msg), "view"))
            la--;
        while (strcmp(type_of(h->log[b].m[lb].msg), "view"))
            lb--;
        char *va = dump(h->log[a].m[la].msg), *vb = dump(h->log[b].m[lb].msg);
        /* the spectators' view: no "you", neither hand */
        json_t *pub = ippon_table_public_view(h->t, h->now);
        assert_null(json_object_get(pub, "you"));
        char *vp = dump(pub);
        json_decref(pub);
        if ((tiles_in(ha) >= 5 && strstr(vp, ha)) || (tiles_in(hb) >= 5 && strstr(vp, hb)))
            fail_msg("the public view holds a hand: %s", vp);
        free(vp);
        /* hands of 5+ tiles: a shorter list could equal a meld's or the kita's tiles by chance */
        if (tiles_in(hb) >= 5 && strstr(va, hb) && strcmp(ha, hb))
            fail_msg("seat %d's view holds seat %d's hand %s", a, b, hb);
        if (tiles_in(ha) >= 5 && strstr(vb, ha) && strcmp(ha, hb))
            fail_msg("seat %d's view holds seat %d's hand %s", b, a, ha);
        free(va);
        free(vb);
        free(ha);
        free(hb);
        view_checks++;
    }
    check_record(h, true);
    assert_true(view_checks > 0);
    for (int k = 0; k < 2; k++) {
        int s = k ? b : a, other = k ? a : b;
        check_seat_against_walls(h, s);
        int hand_starts = 0, deals = 0;
        for (int i = 0; i < h->log[s].n; i++) {
            json_t *m = h->log[s].m[i].msg;
            const char *t = type_of(m);
            if (!strcmp(t, "view")) {
                json_t *you = json_object_get(m, "you");
                assert_non_null(you);
                assert_int_equal(json_integer_value(json_object_get(you, "seat")), s);
                assert_int_not_equal(json_integer_value(json_object_get(you, "seat")), other);
                continue;
            }
            if (strcmp(t, "event") != 0 || h->log[s].m[i].resent)
                continue;
            json_t *ev = json_object_get(m, "event");
            const char *et = type_of(ev);
            hand_starts += !strcmp(et, "hand_start");
            deals += !strcmp(et, "deal");
            if (!strcmp(et, "draw") && json_object_get(ev, "tile"))
                assert_int_equal(json_integer_value(json_object_get(ev, "seat")), s);
            if (!strcmp(et, "draw") && !json_object_get(ev, "tile"))
                assert_int_not_equal(json_integer_value(json_object_get(ev, "seat")), s);
        }
        assert_int_equal(deals, hand_starts); /* one deal per hand: its own */
    }
    assert_true(h->timeouts[b] > 0);
    assert_int_equal(h->answers[b], 0);
    if (getenv("IPPON_TEST_VERBOSE"))
        fprintf(stderr, "no_leak %s: %d hands, %d steps, %d view checks, seat %d: %d msgs %d answers, seat %d: %d msgs %d timeouts\n",
                preset, h->hands, steps, view_checks, a, h->log[a].n, h->answers[a], b, h->log[b].n, h->timeouts[b]);
    harness_free(h);
}

static void no_leak_4p(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        no_leak("yonma", 0, 1);
        no_leak("yonma", 3, 1);
    }
}

static void no_leak_3p(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        no_leak("sanma", 0, 1);
        no_leak("sanma", 2, 0);
    }
}

/* ---- (4) the refill after an exhaustive draw --------------------------------------------------- */

/*
 * A human who never answers has an empty bank after its first timeout. Matches are played
 * until one has an exhaustive draw followed by an ask to that human: the hook then checks that
 * ask's bank_ms against the model (0 + 10 s = 10,000, or more after several draws), and every
 * later timeout at start + 5 s + that bank + 1 s. Which match has the draw depends on the
 * random seeds; the loop does not.
 */
static void refill_after_draw(void **state)
{
    (void)state;
    int tables = 0, checked = 0, nexts = 0;
    for (; tables < 100 && checked < 2; tables++) {
        const int who[4] = { POL_TIMEOUT, -1, -1, -1 };
        harness *h = harness_new(tables % 2 ? "sanma" : "yonma", who, false, 0);
        run_to_end(h);
        check_record(h, false);
        check_seat_against_walls(h, 0);
        if (h->draws_seen)
            assert_true(h->hands > 1);
        checked += h->refill_checked;
        nexts += h->next_checked;
        if (getenv("IPPON_TEST_VERBOSE"))
            fprintf(stderr, "refill %d: %d hands, %d draws, %d asks, %d timeouts, %d refills checked\n", tables, h->hands,
                    h->draws_seen, h->asks[0], h->timeouts[0], h->refill_checked);
        harness_free(h);
    }
    if (checked < 2)
        fail_msg("no exhaustive draw followed by an ask in %d matches", tables);
    assert_true(nexts >= 2); /* each of those draws said what hand follows (the hook checks it) */
}

/* ---- (5) a riichi player's draws ---------------------------------------------------------------- */

/*
 * After its riichi, each of the seat's draws either gets an ask with more than the one discard
 * (tsumo, ankan or kita besides; its only discard the drawn tile, no riichi), or is discarded at
 * once by the table, as tsumogiri, at the very time of the draw, using no time (src/core/RULES.md §1).
 * Returns how many draws were discarded that way.
 */
static int check_riichi_draws(const harness *h, int seat)
{
    const seat_log *lg = &h->log[seat];
    bool riichi = false;
    int auto_discards = 0;
    for (int i = 0; i < lg->n; i++) {
        if (lg->m[i].resent || strcmp(type_of(lg->m[i].msg), "event") != 0)
            continue;
        json_t *ev = json_object_get(lg->m[i].msg, "event");
        const char *et = type_of(ev);
        if (!strcmp(et, "hand_start"))
            riichi = false;
        if (!strcmp(et, "discard") && json_integer_value(json_object_get(ev, "seat")) == seat &&
            json_is_true(json_object_get(ev, "riichi")))
            riichi = true;
        if (!riichi || strcmp(et, "draw") != 0 || !json_object_get(ev, "tile"))
            continue;
        const char *drawn = json_string_value(json_object_get(ev, "tile"));
        int j = i + 1;
        while (j < lg->n && (lg->m[j].resent || (!strcmp(type_of(lg->m[j].msg), "event") &&
                                                 !strcmp(type_of(json_object_get(lg->m[j].msg, "event")), "dora"))))
            j++;
        if (j == lg->n)
            continue; /* the match ended on this draw */
        json_t *next = lg->m[j].msg;
        if (!strcmp(type_of(next), "ask")) {
            json_t *opts = json_object_get(next, "options");
            assert_true(json_array_size(opts) >= 2);
            for (size_t k = 0; k < json_array_size(opts); k++) {
                json_t *o = json_array_get(opts, k);
                assert_string_not_equal(type_of(o), "riichi");
                if (!strcmp(type_of(o), "discard"))
                    assert_string_equal(json_string_value(json_object_get(o, "tile")), drawn);
            }
            continue;
        }
        json_t *d = json_object_get(next, "event");
        assert_non_null(d);
        if (strcmp(type_of(d), "discard") != 0) {
            char *text = dump(next);
            fail_msg("seat %d in riichi drew %s, then: %s", seat, drawn, text);
        }
        assert_int_equal(json_integer_value(json_object_get(d, "seat")), seat);
        assert_string_equal(json_string_value(json_object_get(d, "tile")), drawn);
        assert_true(json_is_true(json_object_get(d, "tsumogiri")));
        assert_int_equal(lg->m[j].at, lg->m[i].at); /* no time used */
        auto_discards++;
    }
    return auto_discards;
}

static void riichi_auto_discard(void **state)
{
    (void)state;
    int tables = 0, auto_discards = 0, human_wins = 0;
    for (; tables < 200 && auto_discards < 3; tables++) {
        const int who[4] = { POL_SMART, -1, -1, -1 };
        harness *h = harness_new(tables % 2 ? "sanma" : "yonma", who, false, 0);
        run_to_end(h);
        check_record(h, false);
        check_seat_against_walls(h, 0);
        auto_discards += check_riichi_draws(h, 0);
        human_wins += h->results[0] > 0;
        harness_free(h);
    }
    if (getenv("IPPON_TEST_VERBOSE"))
        fprintf(stderr, "riichi: %d tables, %d automatic discards, %d matches won by the human\n", tables, auto_discards,
                human_wins);
    if (auto_discards < 3)
        fail_msg("the human declared riichi and drew again too rarely in %d matches", tables);
}

/* ---- (7) the seat's own tenpai information --------------------------------------------------- */

/* no "tenpai", "waits" or "furiten" anywhere in the public view */
static void check_public_view_has_no_tenpai(const harness *h)
{
    json_t *pub = ippon_table_public_view(h->t, h->now);
    char *text = dump(pub);
    if (strstr(text, "tenpai") || strstr(text, "waits") || strstr(text, "furiten"))
        fail_msg("the public view carries a seat's tenpai information: %s", text);
    free(text);
    json_decref(pub);
}

/*
 * One human (POL_SMART) with bots. The hook checks every ask (check_ask_tenpai); here, at every
 * new ask, the public view (what an administrator watching sees) has no tenpai information, and
 * when the ask carries the seat's "tenpai" (an offer), its full view at that moment carries the
 * very same "you.tenpai". Over the matches some discard options had waits, some offers a tenpai,
 * and some a ron whose tile was among the waits.
 */
static void tenpai_info(void **state)
{
    (void)state;
    int tables = 0, views_checked = 0, tenpai_asks = 0, waits_options = 0, ron_asks = 0;
    for (; tables < 100 && (views_checked < 3 || ron_asks < 1); tables++) {
        const int who[4] = { POL_SMART, -1, -1, -1 };
        harness *h = harness_new(tables % 2 ? "sanma" : "yonma", who, false, 0);
        long checked = 0;
        for (int i = 0; i < 200000 && !ippon_table_over(h->t); i++) {
            if (h->pending[0] && h->pending[0] != checked) {
                checked = h->pending[0];
                json_t *ask = last_msg(h, 0);
                assert_string_equal(type_of(ask), "ask");
                check_public_view_has_no_tenpai(h);
                json_t *tenpai = json_object_get(ask, "tenpai");
                if (tenpai) {
                    int at = h->log[0].n;
                    h->resuming = true;
                    ippon_table_resume(h->t, 0, -2, h->now);
                    h->resuming = false;
                    json_t *view = h->log[0].m[at].msg;
                    assert_string_equal(type_of(view), "view");
                    assert_true(json_equal(json_object_get(json_object_get(view, "you"), "tenpai"), tenpai));
                    views_checked++;
                }
            }
            assert_true(step(h));
        }
        assert_true(ippon_table_over(h->t));
        check_record(h, false);
        tenpai_asks += h->tenpai_asks;
        waits_options += h->waits_options;
        ron_asks += h->ron_asks;
        harness_free(h);
    }
    if (getenv("IPPON_TEST_VERBOSE"))
        fprintf(stderr, "tenpai: %d tables, %d asks with tenpai, %d options with waits, %d ron asks, %d views\n",
                tables, tenpai_asks, waits_options, ron_asks, views_checked);
    assert_true(waits_options > 0);
    assert_true(tenpai_asks > 0);
    assert_true(ron_asks >= 1);
    assert_true(views_checked >= 3);
}

/* ---- (8) furiten told ------------------------------------------------------------------------ */

/* the spectators' feed never carries a seat's furiten or a "tenpai" event */
static void check_feed_has_no_furiten(const harness *h)
{
    const ippon_public_feed *f = ippon_table_feed(h->t);
    for (long n = f->first; n < ippon_feed_next(f); n++) {
        const struct feed_entry *e = ippon_feed_get(f, n);
        if (e && e->text && (strstr(e->text, "furiten") || strstr(e->text, "\"type\":\"tenpai\"")))
            fail_msg("the spectators' feed carries a seat's own tenpai: %s", e->text);
    }
}

/*
 * One human that passes every ron (POL_SHY) with bots, 4p and 3p, on half the tables never
 * declaring riichi. The hook follows the seat's
 * own tenpai as its client keeps it (follow_tenpai_event, follow_tenpai_ask): a "tenpai" event
 * only ever tells a change, every ask's tenpai is the one the seat was told, after a passed ron
 * it is told "temporary" ("riichi" in riichi) before anything is asked of it again, and riichi
 * furiten stays to the hand's end. Over the matches both were told; the feed never carries any.
 */
static void furiten_told(void **state)
{
    (void)state;
    int tables = 0, temporary = 0, riichi = 0, events = 0;
    for (; tables < 400 && (temporary < 3 || riichi < 1); tables++) {
        const int who[4] = { POL_SHY, -1, -1, -1 };
        harness *h = harness_new(tables % 2 ? "sanma" : "yonma", who, false, 0);
        h->dama = tables % 4 >= 2; /* a riichi's passed ron makes riichi furiten; else temporary */
        run_to_end(h);
        check_feed_has_no_furiten(h);
        temporary += h->told_temporary;
        riichi += h->told_riichi;
        events += h->tenpai_events;
        harness_free(h);
    }
    if (getenv("IPPON_TEST_VERBOSE"))
        fprintf(stderr, "furiten: %d tables, %d tenpai events, %d temporary and %d riichi after a passed ron\n",
                tables, events, temporary, riichi);
    assert_true(temporary >= 3);
    assert_true(riichi >= 1);
}

/* ---- (6) the call window ---------------------------------------------------------------------- */

enum { WINDOW = 700 };

typedef struct window_counts {
    int gaps, offered, not_offered; /* discards followed by something, and whether anyone was asked */
    int exact, longer;              /* gaps of exactly WINDOW, and longer ones */
    int64_t longest;
} window_counts;

/* is this message an ask about someone else's discard, kan or kita (it has a "pass")? */
static bool offer_ask(const json_t *msg)
{
    if (strcmp(type_of(msg), "ask") != 0)
        return false;
    json_t *opts = json_object_get(msg, "options");
    for (size_t k = 0; k < json_array_size(opts); k++)
        if (!strcmp(type_of(json_array_get(opts, k)), "pass"))
            return true;
    return false;
}

/*
 * Over one seat's messages: after each discard (or ankan, kakan, kita) event, the next message that is
 * not the seat's own offer, not its own tenpai after its own discard, and not the end of the
 * match (a ron shows at once) must come no
 * sooner than the event + WINDOW. `offered` says whether any seat of the table got an offer ask
 * at the discard's time, from the logs of every human seat.
 */
/* whether a message is a "tenpai" event (the seat's own) */
static bool own_tenpai_event(const json_t *msg)
{
    return !strcmp(type_of(msg), "event") && !strcmp(type_of(json_object_get(msg, "event")), "tenpai");
}

static void check_window(const harness *h, int seat, window_counts *c)
{
    const seat_log *lg = &h->log[seat];
    for (int i = 0; i < lg->n; i++) {
        if (lg->m[i].resent || strcmp(type_of(lg->m[i].msg), "event") != 0)
            continue;
        json_t *ev = json_object_get(lg->m[i].msg, "event");
        const char *et = type_of(ev);
        const char *meld = type_of(json_object_get(ev, "meld"));
        /* a turn's discard, kita, ankan or kakan (a chi, pon or daiminkan answers an offer) */
        bool opens = !strcmp(et, "discard") || !strcmp(et, "kita") ||
                     (!strcmp(et, "call") && (!strcmp(meld, "ankan") || !strcmp(meld, "kakan")));
        if (!opens)
            continue;
        int64_t at = lg->m[i].at;
        int j = i + 1;
        /* the discarder's own tenpai comes with its discard: it says nothing of the others */
        bool own_discard = !strcmp(et, "discard") && json_integer_value(json_object_get(ev, "seat")) == seat;
        while (j < lg->n && (lg->m[j].resent || offer_ask(lg->m[j].msg) ||
                             (own_discard && lg->m[j].at == at && own_tenpai_event(lg->m[j].msg))))
            j++;
        if (j == lg->n)
            continue;
        json_t *next = lg->m[j].msg;
        const char *nt = !strcmp(type_of(next), "event") ? type_of(json_object_get(next, "event")) : type_of(next);
        if (!strcmp(nt, "win") || !strcmp(nt, "match_end"))
            continue;
        if (!strcmp(et, "call") && lg->m[j].at == at && !strcmp(nt, "dora"))
            continue; /* an ankan's new indicator is part of the kan */
        int64_t gap = lg->m[j].at - at;
        if (gap < WINDOW) {
            char *text = dump(next);
            fail_msg("seat %d: %s at %lld, then %s after %lld ms, inside the %d ms window", seat, et, (long long)at,
                     text, (long long)gap, WINDOW);
        }
        bool offered = false;
        for (int o = 0; o < h->players && !offered; o++)
            for (int k = 0; k < h->log[o].n && !offered; k++)
                offered = h->log[o].m[k].at == at && offer_ask(h->log[o].m[k].msg);
        c->gaps++;
        c->offered += offered;
        c->not_offered += !offered;
        c->exact += gap == WINDOW;
        c->longer += gap > WINDOW;
        if (gap > c->longest)
            c->longest = gap;
    }
}

/*
 * Humans only, all answering at once (passing calls): every discard's sequel reaches every
 * seat exactly WINDOW later, offered or not — so nobody can tell from the timing who could call.
 */
static void window_humans(void **state)
{
    (void)state;
    window_counts c = { 0 };
    for (int tables = 0; tables < 6; tables++) {
        const int who[4] = { POL_SMART, POL_SMART, POL_SMART, POL_SMART };
        harness *h = harness_new_window(tables % 2 ? "sanma" : "yonma", who, false, 0, WINDOW);
        run_to_end(h);
        check_record(h, false);
        for (int s = 0; s < h->players; s++)
            check_window(h, s, &c);
        harness_free(h);
    }
    if (getenv("IPPON_TEST_VERBOSE"))
        fprintf(stderr, "window, humans: %d gaps (%d after an offer, %d without), %d exact, %d longer\n", c.gaps,
                c.offered, c.not_offered, c.exact, c.longer);
    assert_true(c.offered > 0 && c.not_offered > 0);
    assert_int_equal(c.longer, 0);
    assert_int_equal(c.exact, c.gaps);
}

/*
 * One human with bots: the bots' answers to offers also wait for the window, and now and then
 * a bot ponders past it (a long wait is no proof that a human could call), never longer than
 * the window + half a move.
 */
static void window_bots(void **state)
{
    (void)state;
    window_counts c = { 0 };
    for (int tables = 0; tables < 12 && c.longer < 2; tables++) {
        const int who[4] = { POL_SMART, -1, -1, -1 };
        harness *h = harness_new_window(tables % 2 ? "sanma" : "yonma", who, false, 0, WINDOW);
        run_to_end(h);
        check_record(h, false);
        check_window(h, 0, &c);
        harness_free(h);
    }
    if (getenv("IPPON_TEST_VERBOSE"))
        fprintf(stderr, "window, bots: %d gaps, %d exact, %d longer, longest %lld ms\n", c.gaps, c.exact, c.longer,
                (long long)c.longest);
    assert_true(c.exact > 0);
    assert_true(c.longer >= 2);
    assert_true(c.longest <= WINDOW + MOVE / 2);
}

/*
 * A full view asked for while the window holds events is sent when it closes: nothing before
 * (neither the held events nor the view, which would show them early), then the view numbered
 * after the last event (the hook checks that the events after it continue from there) and the
 * pending ask again. Seat 1 "reloads" after every few steps of a match.
 */
static void window_resume(void **state)
{
    (void)state;
    const int who[4] = { POL_SMART, POL_SMART, -1, -1 };
    int deferred = 0, at_once = 0;
    for (int tables = 0; tables < 20 && deferred < 5; tables++) {
        harness *h = harness_new_window(tables % 2 ? "sanma" : "yonma", who, false, 0, WINDOW);
        for (int i = 0; i < 200000 && !ippon_table_over(h->t); i++) {
            assert_true(step(h));
            if (i % 3 != 0 || ippon_table_over(h->t) || h->views[1] != h->views_expected[1])
                continue;
            int n0 = h->log[1].n;
            h->resuming = true;
            ippon_table_resume(h->t, 1, -2, h->now);
            h->resuming = false;
            if (h->log[1].n > n0) {
                at_once++;
                continue;
            }
            deferred++;
            h->views_expected[1]++;
            int64_t asked_at = h->now;
            /* until the view comes, seat 1 hears nothing */
            while (h->views[1] < h->views_expected[1] && !ippon_table_over(h->t)) {
                int before = h->log[1].n;
                assert_true(step(h));
                if (h->log[1].n > before && h->views[1] < h->views_expected[1])
                    fail_msg("seat 1 heard %s before the view it asked for", type_of(h->log[1].m[before].msg));
            }
            if (h->views[1] == h->views_expected[1])
                assert_true(h->view_at[1] <= asked_at + WINDOW);
        }
        assert_true(ippon_table_over(h->t));
        check_record(h, false);
        harness_free(h);
    }
    if (getenv("IPPON_TEST_VERBOSE"))
        fprintf(stderr, "window resume: %d views deferred, %d at once\n", deferred, at_once);
    assert_true(deferred >= 5);
    assert_true(at_once >= 1);
}

int main(void)
{
    if (sodium_init() < 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(all_bots_4p),
        cmocka_unit_test(all_bots_3p),
        cmocka_unit_test(new_refuses),
        cmocka_unit_test(max_hands),
        cmocka_unit_test(one_human_4p),
        cmocka_unit_test(one_human_3p),
        cmocka_unit_test(no_leak_4p),
        cmocka_unit_test(no_leak_3p),
        cmocka_unit_test(refill_after_draw),
        cmocka_unit_test(riichi_auto_discard),
        cmocka_unit_test(tenpai_info),
        cmocka_unit_test(furiten_told),
        cmocka_unit_test(window_humans),
        cmocka_unit_test(window_bots),
        cmocka_unit_test(window_resume),
    };
    return cmocka_run_group_tests(tests, NULL, teardown);
}
