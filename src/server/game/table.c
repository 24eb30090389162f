/*
 * table.c — one match at one table (table.h).
 *
 * How it works. Every change goes through one path: an action (a player's, a bot's, or the
 * table's own when a clock runs out) is applied to the core match; the events it reports are
 * turned into each seat's messages (protocol.c), numbered per seat and kept for resuming; then
 * every seat that now has a decision is prompted: its clock starts, a human gets an "ask" with
 * its options (and its own waits: protocol.h, ippon_proto_options / ippon_proto_tenpai), a bot
 * gets a time to move. A riichi player whose draw offers nothing but the discard of that tile
 * discards it at once, using no time (src/core/RULES.md §1).
 *
 * A seat's own tenpai (its waits and which furiten) goes to it alone: in its asks and its view,
 * and as a "tenpai" event whenever it is no longer what the seat was last told — at once after
 * its own discard, and with the held events after a winning tile went by it — so a seat is told
 * a passed ron's furiten before it is asked anything again (tell_tenpai).
 *
 * Timing: what a seat hears never says who could call. Every seat that was offered nothing
 * hears nothing about an offer, and the table keeps a call window after every discard, kan and
 * kita (settings.call_window_ms): the action's own event goes out at once, but whatever follows
 * it (the next draw, a call, a riichi stick, the end of the hand) is held until the window
 * closes, whether or not anybody was offered anything and however fast the offered seats
 * answered. Only a decision that takes longer than the window shows, as a longer wait, and then
 * it may be any seat with an offer: a bot answers an offer at a random moment inside the window
 * three times in four, and otherwise ponders past it for up to half a move time, the way a
 * human weighing a call does. The next player's clock starts when the window closes. A full
 * view asked for while the window is open is sent when it closes (sent at once, it would show
 * whether the match had moved on, that is whether anybody could call).
 */
#include "game/table.h"

#include <assert.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/mode.h"
#include "ippon/bot.h"
#include "ippon/error.h"
#include "game/protocol.h"
#include "game/public_feed.h"
#include "game/table_mjai.h"
#include "store/match_ladder.h"

enum { TABLE_MAX_LOG = 4096 }; /* messages kept per seat for resuming */
enum { SPECTATORS = -1 };      /* the "seat" of the public feed in the call window's queue */
enum { MJAI_WARMUP_MS = 30000 }; /* an AI seat's start_game waits this long for its answer before the first
                                    deal (MJAI.md "Clocks"; not scaled: a model loading is real time) */

struct seat_log {
    char **text;
    long count, cap; /* grows by doubling, up to TABLE_MAX_LOG */
    long first;      /* event number of text[0] */
};

struct ippon_table {
    char id[40];
    ippon_rules rules;
    ippon_table_settings set;
    ippon_table_hooks hooks;
    ippon_seat_player seats[IPPON_MAX_PLAYERS];
    int players;
    int first_dealer; /* the East 1 dealer (起家): kyoku numbers count from it */
    bool ranked, over;
    bool replaying;   /* ippon_table_restore at work: nothing is journaled, no action taken for anyone */
    const json_t *replay_banks; /* while replaying an action: the banks journaled with it */
    ippon_match *m;
    ippon_clock clock;
    int64_t started_ms, next_hand_at;
    uint8_t secret[IPPON_SECRET_BYTES]; /* the match's secret (fairness.h), revealed at the end */
    bool has_secret;  /* false only for a match restored from a journal written before secrets */
    ippon_contribution contributions[IPPON_MAX_PLAYERS];
    int64_t contributions_end; /* -1, or when the wait for contributions ends: the first deal */
    uint8_t seed[IPPON_SEED_BYTES];
    uint8_t commitment[IPPON_COMMITMENT_BYTES];
    json_t *seeds, *wins;
    struct played { /* the action log, compact (20 bytes an action): JSON only when the match ends */
        int16_t hand;
        bool tsumogiri;
        ippon_action a;
        int32_t at_ms, bank_ms; /* when it was applied (since the match began), the seat's bank after */
    } *played;
    long played_count, played_cap;
    long ask_seq[IPPON_MAX_PLAYERS];   /* number of the seat's current ask, 0 = none */
    bool asked[IPPON_MAX_PLAYERS];     /* the seat's current decision has been prompted */
    int64_t bot_due[IPPON_MAX_PLAYERS];
    struct seat_log log[IPPON_MAX_PLAYERS];
    int64_t window_ends;               /* -1, or when the open call window closes */
    int64_t hold_until;                /* -1, or when a restored table's hold ends, while no act has
                                          come since the restore */
    int64_t prompt_at;                 /* -1, or when a restored table prompts what replaying left
                                          unprompted (a riichi player's automatic discard) */
    bool back[IPPON_MAX_PLAYERS];      /* during that hold: the seat's player has resumed */
    struct held_event {                /* events waiting for the window: a message, or for an AI seat
                                          the core's event itself (its stream makes the lines) */
        int seat;
        json_t *event;
        ippon_event core;
    } *held;
    int held_count, held_cap;
    bool view_wanted[IPPON_MAX_PLAYERS]; /* a full view asked for while the window was open */
    int last_discarder;                /* the seat of the hand's latest discard, -1 before the first */
    struct told {                      /* per seat, its own tenpai as its "tenpai" events last told it
                                          (none at a hand's start and after its own call): waits (0:
                                          none), furiten. Asks and views say the same, and are not
                                          counted: a restored table's events are made from the actions
                                          alone, numbered as before the restart */
        uint64_t waits;
        ippon_furiten furiten;
    } told[IPPON_MAX_PLAYERS];
    ippon_public_feed feed;            /* what spectators are shown (public_feed.h) */
    table_mjai *wire[IPPON_MAX_PLAYERS]; /* an AI seat's mjai stream (table_mjai.h), else NULL */
    int32_t final_points[IPPON_MAX_PLAYERS], results[IPPON_MAX_PLAYERS];
};

static void send_to(ippon_table *t, int seat, json_t *msg)
{
    if (t->replaying) { /* a restored table's past was sent before the restart */
        json_decref(msg);
        return;
    }
    assert(seat >= 0 && seat < t->players);
    if (t->seats[seat].bot || t->wire[seat] || !t->hooks.send) {
        json_decref(msg);
        return;
    }
    t->hooks.send(t->hooks.ctx, t, seat, t->seats[seat].user_id, msg);
}

/* an AI seat whose stream's lines go out (send_line's context) */
struct wire_out {
    ippon_table *t;
    int seat;
};

/* a line of an AI seat's stream to its user */
static void send_line(void *ctx, long number, const char *line)
{
    const struct wire_out *w = ctx;
    (void)number;
    if (w->t->hooks.send_line)
        w->t->hooks.send_line(w->t->hooks.ctx, w->t, w->seat, w->t->seats[w->seat].user_id, line);
}

/* what the AI seats' streams made since the last flush goes out (while replaying a journal it is
   only numbered: it was sent before the restart); every public entry point ends with this, after
   the asks, so a decision's line carries its possible_actions */
static void flush_wires(ippon_table *t)
{
    for (int s = 0; s < t->players; s++)
        if (t->wire[s]) {
            struct wire_out w = { t, s };
            table_mjai_take(t->wire[s], t->replaying ? NULL : send_line, &w);
        }
}

/* the proof of message n for the seat (table.h, "Proofs") into hex (33 bytes); false without a key */
static bool proof_of(const ippon_table *t, int seat, long n, char hex[33])
{
    if (!t->set.proof_key)
        return false;
    char text[96];
    int len = snprintf(text, sizeof text, "%s|%d|%ld", t->id, seat, n);
    uint8_t mac[16];
    crypto_generichash(mac, sizeof mac, (const uint8_t *)text, (size_t)len, t->set.proof_key, 32);
    sodium_bin2hex(hex, 33, mac, sizeof mac);
    return true;
}

long ippon_table_last_event(const ippon_table *t, int seat)
{
    assert(seat >= 0 && seat < t->players);
    return t->log[seat].first + t->log[seat].count - 1;
}

bool ippon_table_check_proof(const ippon_table *t, int seat, long n, const char *proof)
{
    char hex[33];
    return proof && seat >= 0 && seat < t->players && proof_of(t, seat, n, hex) && strlen(proof) == 32 &&
           sodium_memcmp(hex, proof, 32) == 0;
}

/* the message numbered n for the seat gets its proof (made when sent, never kept: 40 bytes a
   message would add up to tens of MB at 10,000 players) */
static void add_proof(const ippon_table *t, int seat, long n, json_t *msg)
{
    char proof[33];
    if (msg && n >= 0 && proof_of(t, seat, n, proof))
        json_object_set_new(msg, "p", json_string(proof));
}

/* numbers an event message for a seat, keeps it for resuming, and sends it (unless the seat
   is about to get the full view instead) */
static void post_event(ippon_table *t, int seat, json_t *event)
{
    assert(seat >= 0 && seat < t->players && !t->seats[seat].bot);
    struct seat_log *lg = &t->log[seat];
    assert(lg->count <= TABLE_MAX_LOG && lg->count <= lg->cap);
    long n = lg->first + lg->count;
    json_t *msg = json_pack("{s:s,s:i,s:o}", "type", "event", "n", (json_int_t)n, "event", event);
    if (lg->count == TABLE_MAX_LOG) { /* forget the oldest: a resume that far back gets the view */
        free(lg->text[0]);
        memmove(lg->text, lg->text + 1, (TABLE_MAX_LOG - 1) * sizeof lg->text[0]);
        lg->count--;
        lg->first++;
    }
    if (lg->count == lg->cap) {
        long cap = lg->cap ? 2 * lg->cap : 64;
        char **grown = realloc(lg->text, (size_t)cap * sizeof *grown);
        if (grown) {
            lg->text = grown;
            lg->cap = cap;
        }
    }
    char *text = lg->count < lg->cap ? json_dumps(msg, JSON_COMPACT) : NULL; /* kept without its proof */
    add_proof(t, seat, n, msg);
    if (text) {
        lg->text[lg->count++] = text;
    } else { /* out of memory: nothing before n+1 is kept, so a resume from before it gets the
                full view rather than a gap, and the numbers go on from n+1 */
        for (long i = 0; i < lg->count; i++)
            free(lg->text[i]);
        lg->count = 0;
        lg->first = n + 1;
    }
    if (t->view_wanted[seat])
        json_decref(msg);
    else
        send_to(t, seat, msg);
}

/* a public event (taken) into the spectators' feed, at `now`, as the message they are sent */
static void post_public(ippon_table *t, json_t *event, int64_t now)
{
    bool hand_start = !strcmp(json_string_value(json_object_get(event, "type")), "hand_start");
    json_t *msg = json_pack("{s:s,s:s,s:I,s:o}", "type", "spectate", "table", t->id, "n",
                            (json_int_t)ippon_feed_next(&t->feed), "event", event);
    ippon_feed_append(&t->feed, msg ? json_dumps(msg, JSON_COMPACT) : NULL, now, hand_start);
    json_decref(msg);
}

/* an event for a seat (SPECTATORS: the public feed) when it goes out; an AI seat's is the core's */
static void deliver(ippon_table *t, int seat, json_t *event, const ippon_event *core, int64_t now)
{
    if (seat != SPECTATORS && t->wire[seat])
        table_mjai_event(t->wire[seat], core);
    else if (seat == SPECTATORS)
        post_public(t, event, now);
    else if (t->seats[seat].bot) /* held for a person whose seat a stand-in took meanwhile: told nothing more */
        json_decref(event);
    else
        post_event(t, seat, event);
}

/* an event for a seat: sent now, or held while a call window is open (an AI seat's: core) */
static void emit(ippon_table *t, int seat, json_t *event, const ippon_event *core, int64_t now)
{
    if (t->window_ends < 0) {
        deliver(t, seat, event, core, now);
        return;
    }
    if (t->held_count == t->held_cap) {
        int cap = t->held_cap ? 2 * t->held_cap : 16;
        struct held_event *grown = realloc(t->held, (size_t)cap * sizeof *grown);
        if (!grown) { /* out of memory: better early than lost */
            deliver(t, seat, event, core, now);
            return;
        }
        t->held = grown;
        t->held_cap = cap;
    }
    t->held[t->held_count++] = (struct held_event){ seat, event, core ? *core : (ippon_event){ 0 } };
}

/* the hand's number in its round, as players say it: East 1 (1) … East 4 (4), South 1 … */
static int kyoku(const ippon_table *t)
{
    return ippon_proto_kyoku(t->m, t->first_dealer);
}

/* the seats' names, as in match_found (a resumed view must not rely on the client's memory): a
   built-in bot and a bot account's AI are bots, the AI an "ai" too */
static json_t *names_json(const ippon_table *t)
{
    json_t *names = json_array();
    for (int s = 0; s < t->players; s++)
        json_array_append_new(names, json_pack("{s:i,s:s,s:b,s:b}", "seat", s, "name", t->seats[s].name, "bot",
                                               t->seats[s].bot || t->seats[s].mjai, "ai", t->seats[s].mjai));
    return names;
}

static json_t *hex_json(const uint8_t *bytes, size_t n)
{
    char hex[2 * 64 + 1];
    ippon_hex(bytes, n, hex);
    return json_string(hex);
}

/* every seat's contribution as hex, "" for a seat that gave none */
static json_t *contributions_json(const ippon_table *t)
{
    json_t *list = json_array();
    for (int s = 0; s < t->players; s++)
        json_array_append_new(list, t->contributions[s].given
                                        ? hex_json(t->contributions[s].bytes, IPPON_CONTRIBUTION_BYTES)
                                        : json_string(""));
    return list;
}

/* the commitment to the match's secret */
static json_t *secret_commitment_json(const ippon_table *t)
{
    uint8_t c[IPPON_COMMITMENT_BYTES];
    ippon_fairness_secret_commitment(t->secret, c);
    return hex_json(c, sizeof c);
}

/* what the end of a match reveals, added to its match_end or table_closed: the seeds, and the
   secret and contributions they were made from (fairness.h) */
static void reveal(const ippon_table *t, json_t *msg)
{
    json_object_set(msg, "seeds", t->seeds);
    if (!t->has_secret)
        return;
    json_object_set_new(msg, "secret", hex_json(t->secret, sizeof t->secret));
    json_object_set_new(msg, "commitment", secret_commitment_json(t));
    json_object_set_new(msg, "contributions", contributions_json(t));
}

/* the stored form of the match's fairness: {"secret","commitment","contributions"}, or NULL */
static json_t *fairness_record(const ippon_table *t)
{
    if (!t->has_secret)
        return NULL;
    return json_pack("{s:o,s:o,s:o}", "secret", hex_json(t->secret, sizeof t->secret), "commitment",
                     secret_commitment_json(t), "contributions", contributions_json(t));
}

/* the seat's event as it may see it, with what the table adds to the core's events: a hand's
   commitment and kyoku, the tenpai hands shown at a draw and the hand that follows it ("next",
   read from the core, which has already moved on), the seeds at the end */
static json_t *event_for(ippon_table *t, const ippon_event *ev, int seat)
{
    json_t *o = ippon_proto_event(t->m, ev, seat);
    if (!o)
        return NULL;
    ippon_proto_add_table_facts(t->m, ev, t->first_dealer, o);
    if (ev->type == IPPON_EV_HAND_START) {
        json_object_set_new(o, "commitment", hex_json(t->commitment, sizeof t->commitment));
        json_object_set_new(o, "hand_number", json_integer((json_int_t)json_array_size(t->seeds) - 1));
        if (t->has_secret)
            json_object_set_new(o, "contributions", contributions_json(t));
    }
    if (ev->type == IPPON_EV_MATCH_END)
        reveal(t, o);
    return o;
}

static void dispatch(ippon_table *t, const ippon_event *ev, int n, int64_t now)
{
    assert(n >= 0 && n <= IPPON_MAX_EVENTS);
    for (int i = 0; i < n; i++) {
        if (ev[i].type == IPPON_EV_HAND_START) {
            t->last_discarder = -1;
            memset(t->told, 0, sizeof t->told); /* a new hand: no tenpai told yet */
        }
        if (ev[i].type == IPPON_EV_CALL) /* the caller's client forgets its waits with its hand's shape */
            t->told[ev[i].seat] = (struct told){ 0, IPPON_FURITEN_NONE };
        if (ev[i].type == IPPON_EV_DISCARD)
            t->last_discarder = ev[i].seat;
        if (ev[i].type == IPPON_EV_WIN)
            json_array_append_new(t->wins, ippon_proto_win_record(t->m, &ev[i])); /* the whole hand, for the record */
        if (ev[i].type == IPPON_EV_DRAW_END)
            ippon_clock_refill(&t->clock); /* each bank gains 10 s, up to 20 s */
        /* a public event is the same for every seat and for the spectators: made once, shared */
        bool same_for_all = ev[i].to < 0 && !ev[i].others_only;
        json_t *pub = same_for_all ? event_for(t, &ev[i], -1) : NULL;
        for (int s = 0; s < t->players; s++) {
            if (t->seats[s].bot)
                continue; /* a bot reads the match itself: no messages to build or keep */
            if (t->wire[s]) { /* an AI seat's stream takes every event and keeps what the seat may see */
                emit(t, s, NULL, &ev[i], now);
                continue;
            }
            json_t *o = same_for_all ? json_incref(pub) : event_for(t, &ev[i], s);
            if (o)
                emit(t, s, o, NULL, now);
        }
        json_t *o = same_for_all ? pub : event_for(t, &ev[i], -1); /* what the whole table may see */
        if (o)
            emit(t, SPECTATORS, o, NULL, now);
    }
}

/*
 * The seat's own tenpai, told it as a "tenpai" event when it is no longer what the seat was last
 * told: after its own discard, and when a winning tile went by it (temporary or riichi furiten),
 * PROTOCOL.md "Your own tenpai". Only ever to that seat (and never to a bot): what it says comes
 * from its own tiles and its own pond, and goes out with the events that changed it.
 */
static void tell_tenpai(ippon_table *t, int seat, int64_t now)
{
    if (t->seats[seat].bot || t->wire[seat])
        return;
    struct told now_told;
    now_told.waits = ippon_match_seat_waits(t->m, seat, &now_told.furiten);
    if (now_told.waits == t->told[seat].waits && now_told.furiten == t->told[seat].furiten)
        return;
    t->told[seat] = now_told;
    json_t *tenpai = ippon_proto_tenpai_of(now_told.waits, now_told.furiten);
    emit(t, seat, json_pack("{s:s,s:o}", "type", "tenpai", "tenpai", tenpai ? tenpai : json_null()), NULL, now);
}

/* tell_tenpai for every seat while the hand is on. The seat on turn too: whether its own kan or
   kita is on offer or it has drawn the replacement, it stands on the same waits (match.h) */
static void tell_tenpai_all(ippon_table *t, int64_t now)
{
    int phase = ippon_match_phase(t->m);
    if (phase != IPPON_PHASE_TURN && phase != IPPON_PHASE_OFFER)
        return;
    for (int s = 0; s < t->players; s++)
        tell_tenpai(t, s, now);
}

static void close_window(ippon_table *t, int64_t now);

/* a journal record (taken), stamped with now, to the journal hook (table.h, "Journal") */
static void journal(ippon_table *t, json_t *record, int64_t now)
{
    if (!record || t->replaying || !t->hooks.journal) {
        json_decref(record);
        return;
    }
    json_object_set_new(record, "at", json_integer(now));
    t->hooks.journal(t->hooks.journal_ctx, t, record);
}

/* the action log as stored: [[hand, seat, {action}, at_ms, bank_ms], …], a discard of the drawn
   tile marked "tsumogiri" (so a replay discards that very tile when the hand holds another of
   its kind); at_ms: when it was applied, from the match's start; bank_ms: the seat's bank after
   it (the replay viewer shows the clocks as they were) */
static json_t *actions_json(const ippon_table *t)
{
    json_t *list = json_array();
    for (long i = 0; i < t->played_count; i++) {
        const struct played *p = &t->played[i];
        json_t *o = ippon_proto_option(&t->rules, &p->a);
        if (p->tsumogiri)
            json_object_set_new(o, "tsumogiri", json_true());
        json_array_append_new(list, json_pack("[i,i,o,i,i]", p->hand, p->a.seat, o, p->at_ms, p->bank_ms));
    }
    return list;
}

static void finish(ippon_table *t, bool completed, const char *reason, int64_t now)
{
    close_window(t, now); /* the end of a match is not held back */
    t->over = true;
    t->contributions_end = -1;
    if (!completed) /* no match_end: say why, and reveal the seeds all the same */
        for (int s = 0; s < t->players; s++) {
            json_t *closed = json_pack("{s:s,s:s}", "type", "table_closed", "reason", reason);
            reveal(t, closed);
            send_to(t, s, closed);
        }
    for (int s = 0; s < t->players; s++) {
        t->final_points[s] = ippon_match_points(t->m, s);
        t->results[s] = completed ? ippon_match_result(t->m, s) : 0;
    }
    json_t *actions = actions_json(t), *fairness = fairness_record(t);
    ippon_stored_match rec = {
        .id = t->id, .rules = &t->rules, .players = t->players, .ranked = t->ranked && completed,
        .completed = completed, .started_ms = t->started_ms, .ended_ms = now,
        .hands = (int)json_array_size(t->seeds), .seats = t->seats, .final_points = t->final_points,
        .results = t->results, .seeds = t->seeds, .actions = actions, .wins = t->wins, .fairness = fairness,
        .private_match = t->set.private_match, .ladder = t->set.ladder,
    };
    if (t->hooks.finished)
        t->hooks.finished(t->hooks.ctx, t, &rec);
    json_decref(actions);
    json_decref(fairness);
}

/* a new hand: the earlier hands' messages are no longer kept (a resume from before this hand
   gets the full view), so a long run of draws does not grow a table's memory */
static void forget_earlier_hands(ippon_table *t)
{
    for (int s = 0; s < t->players; s++) {
        struct seat_log *lg = &t->log[s];
        for (long i = 0; i < lg->count; i++)
            free(lg->text[i]);
        lg->first += lg->count;
        lg->count = 0;
    }
}

/* deals the next hand from t->seed (journaled first) */
static void deal_seed(ippon_table *t, int64_t now)
{
    ippon_tile wall[IPPON_TILE_IDS];
    forget_earlier_hands(t);
    journal(t, json_pack("{s:s,s:o}", "k", "deal", "seed", hex_json(t->seed, sizeof t->seed)), now);
    int n = ippon_fairness_wall(&t->rules, t->seed, wall);
    ippon_fairness_commitment(t->seed, wall, n, t->commitment);
    json_array_append_new(t->seeds, hex_json(t->seed, sizeof t->seed));
    ippon_event ev[IPPON_MAX_EVENTS];
    int ne = ippon_match_start_hand(t->m, wall, n, ev, IPPON_MAX_EVENTS);
    assert(ne > 0); /* the table deals only when the match waits for a wall, and a fair one */
    t->next_hand_at = -1;
    if (ne > 0) {
        dispatch(t, ev, ne, now);
        tell_tenpai_all(t, now); /* a hand dealt tenpai */
    }
}

/* deals the next hand: its seed from the match's secret and the contributions (a match restored
   from an older journal has no secret: a fresh random seed, as then) */
static void deal(ippon_table *t, int64_t now)
{
    if (t->has_secret)
        ippon_fairness_hand_seed(t->secret, (uint32_t)json_array_size(t->seeds), t->contributions, t->players,
                                 t->seed);
    else
        ippon_fairness_random(t->seed, sizeof t->seed);
    t->contributions_end = -1;
    deal_seed(t, now);
}

static json_t *clock_json(const ippon_table *t, int seat, int64_t now)
{
    int64_t move, bank;
    ippon_clock_left(&t->clock, seat, now, &move, &bank);
    return json_pack("{s:I,s:I}", "move_ms", (json_int_t)move, "bank_ms", (json_int_t)bank);
}

/* the seat's options (each discard with the waits it would leave), its own tenpai on an offer,
   and its clock; only human seats are asked */
static void send_ask(ippon_table *t, int seat, int64_t now)
{
    if (t->wire[seat]) { /* its options mark the line it decides after (flush_wires sends it) */
        ippon_action legal[IPPON_MAX_LEGAL];
        table_mjai_ask(t->wire[seat], legal, ippon_match_legal(t->m, seat, legal, IPPON_MAX_LEGAL));
        return;
    }
    json_t *ask = json_pack("{s:s,s:i,s:o,s:o}", "type", "ask", "seq", (json_int_t)t->ask_seq[seat], "options",
                            ippon_proto_options(t->m, seat), "clock", clock_json(t, seat, now));
    json_t *tenpai = ippon_proto_tenpai(t->m, seat);
    if (tenpai) /* what its "tenpai" events told it last (tell_tenpai) */
        json_object_set_new(ask, "tenpai", tenpai);
    send_to(t, seat, ask);
}

static int apply(ippon_table *t, const ippon_action *a, int64_t now);

/* a riichi player whose draw offers nothing but its discard: discarded at once, no time used
   (while replaying a journal, that discard is its next record: nothing is applied here) */
static bool auto_riichi_discard(ippon_table *t, int seat, int64_t now)
{
    ippon_seat_public p;
    ippon_match_seat_public(t->m, seat, &p);
    if (!p.riichi || ippon_match_phase(t->m) != IPPON_PHASE_TURN)
        return false;
    ippon_action legal[IPPON_MAX_LEGAL];
    if (ippon_match_legal(t->m, seat, legal, IPPON_MAX_LEGAL) != 1 || legal[0].type != IPPON_ACT_DISCARD)
        return false;
    return t->replaying || apply(t, &legal[0], now) == 0;
}

/* the journal record of an action just applied, with every seat's bank after it */
static json_t *act_record(const ippon_table *t, const struct played *p)
{
    if (t->replaying || !t->hooks.journal)
        return NULL;
    json_t *o = ippon_proto_option(&t->rules, &p->a);
    if (p->tsumogiri)
        json_object_set_new(o, "tsumogiri", json_true());
    json_t *banks = json_array();
    for (int s = 0; s < t->players; s++)
        json_array_append_new(banks, json_integer(t->clock.bank[s]));
    return json_pack("{s:s,s:i,s:o,s:o}", "k", "act", "seat", p->a.seat, "action", o, "banks", banks);
}

/* how long a bot takes to answer an offer: inside the call window (where nobody can see it)
   three times in four, else up to half a move time past it, as a human pondering a call */
static int64_t bot_offer_delay(const ippon_table *t)
{
    int64_t w = t->set.call_window_ms;
    if (w <= 0)
        return 0;
    if (randombytes_uniform(4) != 0)
        return (int64_t)randombytes_uniform((uint32_t)w);
    int64_t tail = t->set.clock.move_ms / 2 > 1 ? t->set.clock.move_ms / 2 : 1;
    return w + (int64_t)randombytes_uniform((uint32_t)tail);
}

/* the index of the event that shows a turn action itself (its discard, kan or kita), or -1 */
static int own_event(const ippon_event *ev, int n)
{
    for (int i = 0; i < n; i++)
        if (ev[i].type == IPPON_EV_DISCARD || ev[i].type == IPPON_EV_CALL || ev[i].type == IPPON_EV_KITA)
            return i;
    return -1;
}

/* prompts every seat that has a decision it has not been asked yet */
static void prompt(ippon_table *t, int64_t now)
{
    for (int s = 0; s < t->players; s++) {
        bool waiting = ippon_match_waiting_for(t->m, s);
        if (!waiting && t->asked[s]) { /* the decision went away without an answer */
            ippon_clock_stop(&t->clock, s, now);
            t->asked[s] = false;
            t->bot_due[s] = -1;
            if (t->wire[s])
                table_mjai_decided(t->wire[s]);
        }
        if (!waiting || t->asked[s])
            continue;
        if (t->window_ends >= 0 && ippon_match_phase(t->m) != IPPON_PHASE_OFFER)
            continue; /* the next turn starts when the call window closes */
        if (auto_riichi_discard(t, s, now))
            return; /* the state moved on; apply() prompted again */
        t->asked[s] = true;
        t->ask_seq[s]++;
        ippon_clock_start(&t->clock, s, now);
        if (t->seats[s].bot)
            t->bot_due[s] = now + (ippon_match_phase(t->m) == IPPON_PHASE_TURN ? t->set.bot_delay_ms
                                                                               : bot_offer_delay(t));
        else
            send_ask(t, s, now);
    }
}

/* the action as the log will keep it, taken before it is applied (whether it discards the
   drawn tile is known only then); false when out of memory */
static bool record_action(ippon_table *t, const ippon_action *a, struct played *out)
{
    if (t->played_count == t->played_cap) {
        long cap = t->played_cap ? 2 * t->played_cap : 128;
        struct played *grown = realloc(t->played, (size_t)cap * sizeof *grown);
        if (!grown)
            return false;
        t->played = grown;
        t->played_cap = cap;
    }
    *out = (struct played){
        .hand = (int16_t)ippon_match_hand_number(t->m),
        .tsumogiri = a->type == IPPON_ACT_DISCARD && (int)a->tile == ippon_match_drawn_tile(t->m, a->seat),
        .a = *a,
    };
    return true;
}

/* applies an action the table has checked; 0 or the core's error */
static int apply(ippon_table *t, const ippon_action *a, int64_t now)
{
    assert(a->seat >= 0 && a->seat < t->players);
    struct played rec;
    if (!record_action(t, a, &rec))
        return IPPON_ERANGE; /* out of memory: the action is refused, nothing changes */
    bool turn_action = ippon_match_phase(t->m) == IPPON_PHASE_TURN;
    ippon_event ev[IPPON_MAX_EVENTS];
    int n = ippon_match_apply(t->m, a, ev, IPPON_MAX_EVENTS);
    assert(n != IPPON_ERANGE); /* IPPON_MAX_EVENTS always holds them */
    if (n < 0)
        return n;
    int seat = a->seat;
    ippon_clock_stop(&t->clock, seat, now);
    for (int s = 0; s < t->players && t->replay_banks; s++) /* replaying: the banks exactly as they were */
        if (json_is_integer(json_array_get(t->replay_banks, (size_t)s)))
            t->clock.bank[s] = json_integer_value(json_array_get(t->replay_banks, (size_t)s));
    rec.at_ms = (int32_t)(now - t->started_ms);
    rec.bank_ms = (int32_t)t->clock.bank[seat];
    t->played[t->played_count++] = rec;
    journal(t, act_record(t, &rec), now); /* before any of its events goes out */
    t->asked[seat] = false;
    t->bot_due[seat] = -1;
    int own = turn_action ? own_event(ev, n) : -1;
    if (own >= 0 && t->set.call_window_ms > 0) {
        dispatch(t, ev, own + 1, now); /* the discard, kan or kita itself: at once */
        if (ev[own].type == IPPON_EV_DISCARD) /* what it left the discarder: its own hand alone (told
                                                 whatever followed, even the end of the hand) */
            tell_tenpai(t, seat, now);
        t->window_ends = now + t->set.call_window_ms;
        dispatch(t, ev + own + 1, n - own - 1, now);
    } else {
        dispatch(t, ev, n, now);
        if (own >= 0 && ev[own].type == IPPON_EV_DISCARD)
            tell_tenpai(t, seat, now);
    }
    tell_tenpai_all(t, now); /* a winning tile that went by (held with the window's events) */
    int phase = ippon_match_phase(t->m);
    if (phase == IPPON_PHASE_OVER) {
        finish(t, true, NULL, now);
        return 0;
    }
    if (phase == IPPON_PHASE_NEED_WALL) {
        for (int s = 0; s < t->players; s++) {
            t->asked[s] = false;
            t->bot_due[s] = -1;
            ippon_clock_stop(&t->clock, s, now);
        }
        if (ippon_match_hand_number(t->m) + 1 >= t->set.max_hands) {
            finish(t, false, "the match reached the table's hand limit without a winner", now);
            return 0;
        }
        /* a moment to look at the draw, once it is shown */
        t->next_hand_at = (t->window_ends > now ? t->window_ends : now) + t->set.clock.move_ms;
        return 0;
    }
    prompt(t, now);
    return 0;
}

/* a table with its seats and clocks, its match not started yet; NULL on bad arguments or out of memory */
static ippon_table *table_alloc(const char *id, const ippon_rules *rules, const ippon_seat_player *players,
                                bool ranked, const ippon_table_settings *settings, const ippon_table_hooks *hooks,
                                int64_t now)
{
    if (!id || !rules || !players || !settings || strlen(id) >= sizeof ((ippon_table *)0)->id)
        return NULL;
    ippon_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->m = malloc(ippon_match_size());
    if (!t->m) {
        free(t);
        return NULL;
    }
    snprintf(t->id, sizeof t->id, "%s", id);
    t->rules = *rules;
    t->set = *settings;
    if (t->set.max_hands <= 0)
        t->set.max_hands = 1000;
    if (hooks)
        t->hooks = *hooks;
    t->players = rules->players;
    memcpy(t->seats, players, (size_t)t->players * sizeof *players);
    t->ranked = ranked;
    t->started_ms = now;
    t->seeds = json_array();
    t->wins = json_array();
    for (int s = 0; s < t->players; s++) {
        t->bot_due[s] = -1;
    }
    t->last_discarder = -1;
    t->window_ends = -1;
    t->hold_until = -1;
    t->prompt_at = -1;
    t->next_hand_at = -1;
    t->contributions_end = -1;
    ippon_clock_init(&t->clock, &t->set.clock);
    bool wires_made = true;
    const char *names[IPPON_MAX_PLAYERS] = { 0 };
    for (int s = 0; s < t->players; s++)
        names[s] = t->seats[s].name;
    for (int s = 0; s < t->players; s++)
        if (t->seats[s].mjai && !t->seats[s].bot)
            wires_made &= (t->wire[s] = table_mjai_new(&t->rules, s, names)) != NULL;
    if (!t->seeds || !t->wins || !wires_made) {
        ippon_table_free(t);
        return NULL;
    }
    return t;
}

static json_t *open_record(const ippon_table *t)
{
    json_t *players = json_array();
    for (int s = 0; s < t->players; s++)
        json_array_append_new(players, json_pack("{s:s,s:s,s:b,s:b}", "user_id", t->seats[s].user_id, "name",
                                                 t->seats[s].name, "bot", t->seats[s].bot, "mjai",
                                                 t->seats[s].mjai));
    const ippon_clock_rules *c = &t->set.clock;
    json_t *rec = json_pack("{s:s,s:s,s:s,s:o,s:b,s:i,s:o,s:{s:I,s:I,s:I,s:I},s:b,s:b,s:I,s:b}", "k", "open", "id", t->id,
                     "rules", t->rules.name, "players", players, "ranked", t->ranked, "first_dealer",
                     t->first_dealer, "secret", hex_json(t->secret, sizeof t->secret), "clock", "move_ms",
                     (json_int_t)c->move_ms, "bank_ms", (json_int_t)c->bank_ms, "refill_ms",
                     (json_int_t)c->refill_ms, "grace_ms", (json_int_t)c->grace_ms, "private",
                     t->set.private_match, "no_spectators", t->set.no_spectators, "watch_delay_ms",
                     (json_int_t)t->set.watch_delay_ms, "event", t->set.event_table);
    if (rec && t->set.ladder.set_id[0])
        json_object_set_new(rec, "ladder", ippon_match_ladder_json(&t->set.ladder));
    return rec;
}

/* match_found for a seat: the table, the seats, the match's numbers and the commitment to its
   secret, with how long the table waits for the seat's contribution (0: it does not) */
static json_t *match_found(const ippon_table *t, int seat)
{
    json_t *seats = names_json(t);
    return json_pack("{s:s,s:s,s:s,s:i,s:b,s:b,s:b,s:o,s:o,s:{s:o,s:I}}", "type", "match_found", "table", t->id, "mode",
                     ippon_mode_name(ippon_mode_of_players(t->players)), "seat", seat, "ranked", t->ranked, "private",
                     t->set.private_match, "event", t->set.event_table, "seats",
                     seats, "numbers", ippon_proto_numbers(&t->rules), "fairness", "commitment",
                     secret_commitment_json(t), "contribute_ms",
                     (json_int_t)(t->contributions_end >= 0 ? t->set.contribution_ms : 0));
}

/* a seat whose player contributes to the walls: a person (bots and AI seats do not) */
static bool contributes(const ippon_table *t, int s)
{
    return !t->seats[s].bot && !t->wire[s];
}

static bool has_human(const ippon_table *t)
{
    for (int s = 0; s < t->players; s++)
        if (contributes(t, s))
            return true;
    return false;
}

static bool has_wire(const ippon_table *t)
{
    for (int s = 0; s < t->players; s++)
        if (t->wire[s])
            return true;
    return false;
}

/* the first deal waits for the human seats' contributions and the AI seats' answers to
   start_game, unless there is none to wait for */
static bool all_contributed(const ippon_table *t)
{
    for (int s = 0; s < t->players; s++)
        if ((contributes(t, s) && !t->contributions[s].given) || (t->wire[s] && !table_mjai_ready(t->wire[s])))
            return false;
    return true;
}

ippon_table *ippon_table_new(const char *id, const ippon_rules *rules, const ippon_seat_player *players, bool ranked,
                             const ippon_table_settings *settings, const ippon_table_hooks *hooks, int64_t now)
{
    ippon_table *t = table_alloc(id, rules, players, ranked, settings, hooks, now);
    if (!t)
        return NULL;
    if (settings->secret) { /* a ladder set's walls: its secret and first dealer */
        memcpy(t->secret, settings->secret, sizeof t->secret);
        t->first_dealer = ((settings->first_dealer % t->players) + t->players) % t->players;
    } else {
        ippon_fairness_random(t->secret, sizeof t->secret);
        t->first_dealer = (int)randombytes_uniform((uint32_t)t->players);
    }
    t->set.secret = NULL; /* the caller's: not kept */
    ippon_match_init(t->m, rules, t->first_dealer);
    t->has_secret = true;
    journal(t, open_record(t), now);
    if (t->set.contribution_ms > 0 && has_human(t))
        t->contributions_end = now + t->set.contribution_ms;
    if (has_wire(t) && t->contributions_end < now + MJAI_WARMUP_MS) /* the AIs load */
        t->contributions_end = now + MJAI_WARMUP_MS;
    for (int s = 0; s < t->players; s++) {
        send_to(t, s, match_found(t, s));
        if (t->wire[s])
            table_mjai_begin(t->wire[s], t->first_dealer);
    }
    if (t->contributions_end < 0) {
        deal(t, now);
        prompt(t, now);
    }
    flush_wires(t);
    return t;
}

/* takes a seat's contribution; the first hand is dealt as soon as every human seat has given one */
static void take_contribution(ippon_table *t, int seat, const uint8_t bytes[IPPON_CONTRIBUTION_BYTES], int64_t now)
{
    memcpy(t->contributions[seat].bytes, bytes, IPPON_CONTRIBUTION_BYTES);
    t->contributions[seat].given = true;
    journal(t, json_pack("{s:s,s:i,s:o}", "k", "contribute", "seat", seat, "bytes",
                         hex_json(bytes, IPPON_CONTRIBUTION_BYTES)), now);
    if (!t->replaying && all_contributed(t)) {
        deal(t, now);
        prompt(t, now);
    }
}

int ippon_table_contribute(ippon_table *t, int seat, const json_t *msg, int64_t now, const char **code, char *err,
                           size_t cap)
{
    uint8_t bytes[IPPON_CONTRIBUTION_BYTES];
    if (t->over) {
        *code = "match_over";
        snprintf(err, cap, "the match is over");
        return -1;
    }
    if (ippon_unhex(json_string_value(json_object_get(msg, "bytes")), bytes, sizeof bytes) != 0) {
        *code = "bad_message";
        snprintf(err, cap, "bytes: %d random bytes as %d hex digits", IPPON_CONTRIBUTION_BYTES,
                 2 * IPPON_CONTRIBUTION_BYTES);
        return -1;
    }
    if (t->contributions_end < 0) {
        *code = "too_late";
        snprintf(err, cap, "the first hand has been dealt: contributions are taken before it");
        return -1;
    }
    if (seat < 0 || seat >= t->players || !contributes(t, seat) || t->contributions[seat].given) {
        *code = "already_contributed";
        snprintf(err, cap, "your seat's contribution has been taken");
        return -1;
    }
    take_contribution(t, seat, bytes, now);
    flush_wires(t);
    return 0;
}

/* ---- restoring from a journal ---- */

/* a restored table goes on at `from`: what was running starts over, what was due is due then */
static void start_over_at(ippon_table *t, int64_t from)
{
    for (int s = 0; s < t->players; s++) {
        ippon_clock_resume(&t->clock, s, from);
        if (t->bot_due[s] >= 0)
            t->bot_due[s] = from + t->set.bot_delay_ms;
    }
    if (t->window_ends >= 0)
        t->window_ends = from;
    if (t->next_hand_at >= 0)
        t->next_hand_at = from + t->set.clock.move_ms;
    if (t->contributions_end >= 0) /* the wait for contributions begins again: a player may give one on return */
        t->contributions_end = from + t->set.contribution_ms;
    if (t->prompt_at >= 0)
        t->prompt_at = from;
}

/* the hold ends early once every human seat has resumed: there is no one left to wait for */
static void hold_player_back(ippon_table *t, int seat, int64_t now)
{
    if (t->hold_until < 0)
        return;
    if (now >= t->hold_until) {
        t->hold_until = -1;
        return;
    }
    t->back[seat] = true;
    for (int s = 0; s < t->players; s++)
        if (!t->seats[s].bot && !t->back[s])
            return;
    t->hold_until = -1;
    start_over_at(t, now);
}

/* the journal's players, into out; 0 or -1 */
static int read_players(const json_t *list, int players, ippon_seat_player *out)
{
    if (!json_is_array(list) || (int)json_array_size(list) != players)
        return -1;
    for (int s = 0; s < players; s++) {
        const json_t *p = json_array_get(list, (size_t)s);
        const char *user_id = json_string_value(json_object_get(p, "user_id"));
        const char *name = json_string_value(json_object_get(p, "name"));
        if (!user_id || !name || !json_is_boolean(json_object_get(p, "bot")) ||
            strlen(user_id) >= sizeof out[s].user_id || strlen(name) >= sizeof out[s].name)
            return -1;
        memset(&out[s], 0, sizeof out[s]);
        snprintf(out[s].user_id, sizeof out[s].user_id, "%s", user_id);
        snprintf(out[s].name, sizeof out[s].name, "%s", name);
        out[s].bot = json_is_true(json_object_get(p, "bot"));
        out[s].mjai = json_is_true(json_object_get(p, "mjai")) && !out[s].bot;
    }
    return 0;
}

/* the call window closes on the way to `at`, as the table's timer would have closed it */
static void replay_until(ippon_table *t, int64_t at)
{
    if (t->window_ends >= 0 && at >= t->window_ends) {
        int64_t closed = t->window_ends;
        close_window(t, closed);
        prompt(t, closed);
    }
}

/* the seat becomes a bot's from now on: a decision it was asked is the bot's to make */
static void hand_to_bot(ippon_table *t, int seat, int64_t now)
{
    t->seats[seat].bot = true;
    t->back[seat] = true; /* a restored table's hold does not wait for it */
    if (t->asked[seat]) {
        ippon_clock_stop(&t->clock, seat, now);
        t->bot_due[seat] = now + t->set.bot_delay_ms;
    }
}

/* replays one record after "open": 0, or -1 with err */
static int replay_record(ippon_table *t, const json_t *rec, int64_t at, char *err, size_t errlen)
{
    const char *kind = json_string_value(json_object_get(rec, "k"));
    if (!kind)
        kind = "";
    replay_until(t, at);
    if (!strcmp(kind, "deal")) {
        const char *hex = json_string_value(json_object_get(rec, "seed"));
        if (ippon_match_phase(t->m) != IPPON_PHASE_NEED_WALL) {
            snprintf(err, errlen, "a deal while the hand is running");
            return -1;
        }
        if (!hex || ippon_unhex(hex, t->seed, sizeof t->seed) != 0) {
            snprintf(err, errlen, "deal: seed: not %zu bytes of hex", sizeof t->seed);
            return -1;
        }
        deal_seed(t, at);
        prompt(t, at);
        return 0;
    }
    if (!strcmp(kind, "act")) {
        const json_t *seat = json_object_get(rec, "seat"), *banks = json_object_get(rec, "banks");
        if (!json_is_integer(seat) || json_integer_value(seat) < 0 || json_integer_value(seat) >= t->players) {
            snprintf(err, errlen, "act: seat: not a seat of this table");
            return -1;
        }
        ippon_action a;
        char why[200] = "the rules do not allow it";
        if (ippon_proto_read_action(t->m, (int)json_integer_value(seat), json_object_get(rec, "action"), &a, why,
                                    sizeof why) != 0) {
            snprintf(err, errlen, "act: %s", why);
            return -1;
        }
        t->replay_banks = json_is_array(banks) ? banks : NULL;
        int rc = apply(t, &a, at);
        t->replay_banks = NULL;
        if (rc != 0) {
            snprintf(err, errlen, "act: the rules do not allow it");
            return -1;
        }
        return 0;
    }
    if (!strcmp(kind, "contribute")) {
        const json_t *seat = json_object_get(rec, "seat");
        uint8_t bytes[IPPON_CONTRIBUTION_BYTES];
        if (!json_is_integer(seat) || json_integer_value(seat) < 0 || json_integer_value(seat) >= t->players ||
            !contributes(t, (int)json_integer_value(seat)) || t->contributions[json_integer_value(seat)].given) {
            snprintf(err, errlen, "contribute: seat: not a human seat still to contribute");
            return -1;
        }
        if (!t->has_secret || json_array_size(t->seeds) > 0) {
            snprintf(err, errlen, "contribute: after the first deal, or in a match without a secret");
            return -1;
        }
        if (ippon_unhex(json_string_value(json_object_get(rec, "bytes")), bytes, sizeof bytes) != 0) {
            snprintf(err, errlen, "contribute: bytes: not %d bytes of hex", IPPON_CONTRIBUTION_BYTES);
            return -1;
        }
        take_contribution(t, (int)json_integer_value(seat), bytes, at);
        return 0;
    }
    if (!strcmp(kind, "stand_in")) {
        const json_t *seat = json_object_get(rec, "seat");
        if (!json_is_integer(seat) || json_integer_value(seat) < 0 || json_integer_value(seat) >= t->players ||
            t->seats[json_integer_value(seat)].bot || t->seats[json_integer_value(seat)].mjai) {
            snprintf(err, errlen, "stand_in: seat: not a person's seat of this table");
            return -1;
        }
        hand_to_bot(t, (int)json_integer_value(seat), at);
        return 0;
    }
    if (!strcmp(kind, "close")) {
        const char *reason = json_string_value(json_object_get(rec, "reason"));
        ippon_table_abandon(t, reason ? reason : "closed", at);
        return 0;
    }
    snprintf(err, errlen, "a record of unknown kind \"%s\"", kind);
    return -1;
}

ippon_table *ippon_table_restore(const json_t *records, const ippon_table_settings *settings,
                                 const ippon_table_hooks *hooks, int64_t now, char *err, size_t errlen)
{
    const json_t *open = json_array_get(records, 0);
    const char *kind = json_string_value(json_object_get(open, "k"));
    const char *id = json_string_value(json_object_get(open, "id"));
    const char *preset = json_string_value(json_object_get(open, "rules"));
    const ippon_rules *rules = preset ? ippon_rules_preset(preset) : NULL;
    const json_t *dealer = json_object_get(open, "first_dealer");
    ippon_seat_player players[IPPON_MAX_PLAYERS];
    if (!kind || strcmp(kind, "open") || !id || !rules || !json_is_integer(json_object_get(open, "at")) ||
        !json_is_boolean(json_object_get(open, "ranked")) || !json_is_integer(dealer) ||
        json_integer_value(dealer) < 0 || json_integer_value(dealer) >= rules->players ||
        read_players(json_object_get(open, "players"), rules->players, players) != 0) {
        snprintf(err, errlen, "record 1: not the opening of a match this server knows");
        return NULL;
    }
    ippon_table_settings own = *settings; /* what the journal says of this table over the server's */
    const json_t *clock = json_object_get(open, "clock");
    if (json_is_object(clock)) {
        own.clock = (ippon_clock_rules){ .move_ms = json_integer_value(json_object_get(clock, "move_ms")),
                                         .bank_ms = json_integer_value(json_object_get(clock, "bank_ms")),
                                         .refill_ms = json_integer_value(json_object_get(clock, "refill_ms")),
                                         .grace_ms = json_integer_value(json_object_get(clock, "grace_ms")) };
        if (own.clock.move_ms <= 0 || own.clock.bank_ms < 0 || own.clock.refill_ms < 0 || own.clock.grace_ms < 0)
            own.clock = settings->clock;
    }
    own.private_match = json_is_true(json_object_get(open, "private"));
    if (ippon_match_ladder_read(json_object_get(open, "ladder"), rules->players, &own.ladder) != 0) {
        snprintf(err, errlen, "record 1: ladder: not {\"set\": 32 hex, \"rotation\": 0 … %d}", rules->players - 1);
        return NULL;
    }
    own.no_spectators = json_is_true(json_object_get(open, "no_spectators"));
    own.event_table = json_is_true(json_object_get(open, "event"));
    if (json_is_integer(json_object_get(open, "watch_delay_ms")))
        own.watch_delay_ms = json_integer_value(json_object_get(open, "watch_delay_ms"));
    ippon_table *t = table_alloc(id, rules, players, json_is_true(json_object_get(open, "ranked")), &own, hooks,
                                 json_integer_value(json_object_get(open, "at")));
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    const json_t *secret = json_object_get(open, "secret");
    if (secret && ippon_unhex(json_string_value(secret), t->secret, sizeof t->secret) != 0) {
        snprintf(err, errlen, "record 1: secret: not %d bytes of hex", IPPON_SECRET_BYTES);
        ippon_table_free(t);
        return NULL;
    }
    t->has_secret = secret != NULL; /* a journal from before secrets has none */
    t->replaying = true;
    t->first_dealer = (int)json_integer_value(dealer);
    ippon_match_init(t->m, rules, t->first_dealer);
    for (int s = 0; s < t->players; s++)
        if (t->wire[s])
            table_mjai_begin(t->wire[s], t->first_dealer);
    int64_t last = t->started_ms;
    for (size_t i = 1; i < json_array_size(records) && !t->over; i++) {
        const json_t *rec = json_array_get(records, i);
        const json_t *at = json_object_get(rec, "at");
        char why[256] = "";
        if (!json_is_integer(at) || json_integer_value(at) < last ||
            replay_record(t, rec, json_integer_value(at), why, sizeof why) != 0) {
            snprintf(err, errlen, "record %zu: %s", i + 1, why[0] ? why : "at: not a time after the one before");
            ippon_table_free(t);
            return NULL;
        }
        last = json_integer_value(at);
    }
    /* A call window still open at the journal's end may have closed before the stop, and its held
       events (the next draw, a hand's end) reached the players: a window's closing is not journaled,
       so the restored table closes it as the table's timer did, and makes those events again, the
       same and with the same numbers, whether or not anyone saw them. Had it not closed yet, the
       players get them on their return: nothing they saw changes either way. */
    if (!t->over && t->window_ends >= 0)
        replay_until(t, t->window_ends > last ? t->window_ends : last);
    flush_wires(t); /* numbered again as they were sent */
    for (int s = 0; s < t->players; s++)
        if (t->wire[s])
            table_mjai_restored(t->wire[s]);
    t->replaying = false;
    if (!t->over && json_array_size(t->seeds) == 0) {
        /* opened, never dealt: the wait for contributions goes on (from the hold's end) for the
           human seats that have not given one; with nothing to wait for, the deal is now */
        if (t->has_secret && t->set.contribution_ms > 0 && has_human(t) && !all_contributed(t)) {
            t->contributions_end = now;
        } else {
            deal(t, now);
            prompt(t, now);
        }
    } else if (!t->over) {
        /* what replaying leaves undone, a riichi player's draw that offers only its discard, is
           played when the table goes on (and journaled then), as the table would have played it */
        t->prompt_at = now;
    }
    if (!t->over) {
        start_over_at(t, now + (t->set.resume_hold_ms > 0 ? t->set.resume_hold_ms : 0));
        if (t->set.resume_hold_ms > 0)
            t->hold_until = now + t->set.resume_hold_ms;
    }
    flush_wires(t);
    return t;
}

void ippon_table_free(ippon_table *t)
{
    if (!t)
        return;
    for (int s = 0; s < t->players; s++) {
        for (long i = 0; i < t->log[s].count; i++)
            free(t->log[s].text[i]);
        free(t->log[s].text);
    }
    for (int i = 0; i < t->held_count; i++)
        json_decref(t->held[i].event);
    free(t->held);
    for (int s = 0; s < t->players; s++)
        table_mjai_free(t->wire[s]);
    json_decref(t->seeds);
    free(t->played);
    json_decref(t->wins);
    ippon_feed_free(&t->feed);
    free(t->m);
    free(t);
}

const char *ippon_table_id(const ippon_table *t) { return t->id; }
const ippon_public_feed *ippon_table_feed(const ippon_table *t) { return &t->feed; }
void ippon_table_standing(const ippon_table *t, int *round_wind, int *kyoku_out, int *honba, int64_t *started_ms)
{
    *round_wind = ippon_match_round_wind(t->m);
    *kyoku_out = kyoku(t);
    *honba = ippon_match_honba(t->m);
    *started_ms = t->started_ms;
}
bool ippon_table_ranked(const ippon_table *t) { return t->ranked; }
const ippon_rules *ippon_table_rules(const ippon_table *t) { return &t->rules; }
const ippon_table_settings *ippon_table_settings_of(const ippon_table *t) { return &t->set; }
int ippon_table_players(const ippon_table *t) { return t->players; }
const uint8_t *ippon_table_secret(const ippon_table *t) { return t->secret; }
int ippon_table_first_dealer(const ippon_table *t) { return t->first_dealer; }
const ippon_seat_player *ippon_table_player_at(const ippon_table *t, int seat)
{
    assert(seat >= 0 && seat < t->players);
    return &t->seats[seat];
}
bool ippon_table_over(const ippon_table *t) { return t->over; }

int ippon_table_seat_of(const ippon_table *t, const char *user_id)
{
    for (int s = 0; s < t->players; s++)
        if (!t->seats[s].bot && !strcmp(t->seats[s].user_id, user_id))
            return s;
    return -1;
}

int ippon_table_act(ippon_table *t, int seat, const json_t *msg, int64_t now, const char **code, char *err,
                    size_t cap)
{
    if (t->over) {
        *code = "match_over";
        snprintf(err, cap, "the match is over");
        return -1;
    }
    if (t->seats[seat].bot) { /* a stand-in's seat now (ippon_table_stand_in) */
        *code = "not_your_turn";
        snprintf(err, cap, "a bot plays this seat");
        return -1;
    }
    if (!ippon_match_waiting_for(t->m, seat) || !t->asked[seat]) {
        *code = "not_your_turn";
        snprintf(err, cap, "no decision of yours is pending");
        return -1;
    }
    const json_t *seq = json_object_get(msg, "seq");
    if (!json_is_integer(seq)) {
        *code = "bad_message";
        snprintf(err, cap, "seq: the number of the ask you answer");
        return -1;
    }
    if (json_integer_value(seq) != t->ask_seq[seat]) {
        *code = "stale";
        snprintf(err, cap, "ask %lld is not the current one (%ld)", (long long)json_integer_value(seq), t->ask_seq[seat]);
        return -1;
    }
    ippon_action a;
    if (ippon_proto_read_action(t->m, seat, json_object_get(msg, "action"), &a, err, cap) < 0) {
        *code = "illegal";
        return -1;
    }
    if (apply(t, &a, now) < 0) {
        *code = "illegal";
        snprintf(err, cap, "the rules do not allow that now");
        return -1;
    }
    t->hold_until = -1; /* the table moved: its times are no longer the hold's */
    flush_wires(t);
    return 0;
}

int ippon_table_mjai_answer(ippon_table *t, int seat, long number, const char *line, int64_t now, char *err,
                            size_t cap)
{
    if (cap)
        err[0] = '\0';
    if (seat < 0 || seat >= t->players || !t->wire[seat]) {
        snprintf(err, cap, "not an AI seat");
        return TABLE_MJAI_NOTHING;
    }
    ippon_action a;
    int r = table_mjai_answer(t->wire[seat], number, line, &a, err, cap);
    if (r == TABLE_MJAI_ACT && !t->over && t->asked[seat] && ippon_match_waiting_for(t->m, seat)) {
        if (apply(t, &a, now) < 0 && ippon_match_timeout_action(t->m, seat, &a) == 0) {
            snprintf(err, cap, "the rules refused that action now: the default action was taken");
            apply(t, &a, now);
        }
        t->hold_until = -1;
    }
    /* the last start_game answered: the first deal need not wait for the warm-up's end */
    if (!t->over && t->contributions_end >= 0 && json_array_size(t->seeds) == 0 && all_contributed(t)) {
        deal(t, now);
        prompt(t, now);
    }
    flush_wires(t);
    return r;
}

long ippon_table_mjai_lines(const ippon_table *t, int seat)
{
    return seat >= 0 && seat < t->players && t->wire[seat] ? table_mjai_lines(t->wire[seat]) : 0;
}

const char *ippon_table_mjai_line(const ippon_table *t, int seat, long n)
{
    return seat >= 0 && seat < t->players && t->wire[seat] ? table_mjai_line(t->wire[seat], n) : NULL;
}

long ippon_table_mjai_answered(const ippon_table *t, int seat)
{
    return seat >= 0 && seat < t->players && t->wire[seat] ? table_mjai_answered(t->wire[seat]) : 0;
}

void ippon_table_mjai_back(ippon_table *t, int seat, int64_t now)
{
    if (seat >= 0 && seat < t->players && t->wire[seat])
        hold_player_back(t, seat, now);
}

int64_t ippon_table_next_wakeup(const ippon_table *t)
{
    if (t->over)
        return -1;
    int64_t next = t->next_hand_at;
    if (t->contributions_end >= 0 && (next < 0 || t->contributions_end < next))
        next = t->contributions_end;
    if (t->prompt_at >= 0 && (next < 0 || t->prompt_at < next))
        next = t->prompt_at;
    if (t->window_ends >= 0 && (next < 0 || t->window_ends < next))
        next = t->window_ends;
    for (int s = 0; s < t->players; s++) {
        int64_t at = -1;
        if (t->bot_due[s] >= 0)
            at = t->bot_due[s];
        else if (t->asked[s] && ippon_clock_running(&t->clock, s))
            at = ippon_clock_deadline(&t->clock, s);
        if (at >= 0 && (next < 0 || at < next))
            next = at;
    }
    return next;
}

static void bot_move(ippon_table *t, int seat, int64_t now)
{
    ippon_view *view = malloc(sizeof *view);
    ippon_action a;
    if (!view)
        return;
    ippon_match_view(t->m, seat, view);
    if (ippon_bot_choose(view, &t->rules, &a) == 0)
        apply(t, &a, now);
    free(view);
}

static void tick(ippon_table *t, int64_t now);

void ippon_table_tick(ippon_table *t, int64_t now)
{
    tick(t, now);
    flush_wires(t);
}

static void tick(ippon_table *t, int64_t now)
{
    for (int guard = 0; guard < 64 && !t->over; guard++) {
        if (t->prompt_at >= 0 && now >= t->prompt_at) {
            t->prompt_at = -1;
            prompt(t, now);
            continue;
        }
        if (t->window_ends >= 0 && now >= t->window_ends) {
            close_window(t, now);
            prompt(t, now);
            continue;
        }
        if ((t->next_hand_at >= 0 && now >= t->next_hand_at) ||
            (t->contributions_end >= 0 && now >= t->contributions_end)) {
            deal(t, now);
            prompt(t, now);
            continue;
        }
        int due = -1;
        for (int s = 0; s < t->players && due < 0; s++) {
            if (t->bot_due[s] >= 0 && now >= t->bot_due[s])
                due = s;
            else if (t->asked[s] && !t->seats[s].bot && ippon_clock_running(&t->clock, s) &&
                     now >= ippon_clock_deadline(&t->clock, s))
                due = s;
        }
        if (due < 0)
            return;
        if (t->seats[due].bot) {
            bot_move(t, due, now);
        } else {
            ippon_action a;
            if (ippon_match_timeout_action(t->m, due, &a) == 0) {
                send_to(t, due, json_pack("{s:s,s:i}", "type", "timeout", "seq", (json_int_t)t->ask_seq[due]));
                if (t->wire[due]) { /* its answer, if it comes, is late */
                    table_mjai_decided(t->wire[due]);
                    if (t->hooks.timed_out)
                        t->hooks.timed_out(t->hooks.ctx, t, due, t->seats[due].user_id);
                }
                apply(t, &a, now);
            }
        }
    }
}

/* the seat's full view of the table, with its event number and everybody's clock */
static void send_view(ippon_table *t, int seat, int64_t now)
{
    struct seat_log *lg = &t->log[seat];
    json_t *view = ippon_proto_view(t->m, seat);
    long n = lg->first + lg->count - 1;
    json_object_set_new(view, "n", json_integer(n));
    add_proof(t, seat, n, view);
    json_object_set_new(view, "table", json_string(t->id));
    json_object_set_new(view, "kyoku", json_integer(kyoku(t)));
    json_object_set_new(view, "turn", json_integer(ippon_match_turn(t->m)));
    json_object_set_new(view, "last_discarder", t->last_discarder >= 0 ? json_integer(t->last_discarder) : json_null());
    json_object_set_new(view, "names", names_json(t));
    json_object_set_new(view, "ranked", json_boolean(t->ranked));
    json_object_set_new(view, "private", json_boolean(t->set.private_match));
    json_object_set_new(view, "event", json_boolean(t->set.event_table));
    json_object_set_new(view, "commitment", hex_json(t->commitment, sizeof t->commitment));
    if (t->has_secret) /* contributions: null while the table still waits for them */
        json_object_set_new(view, "fairness",
                            json_pack("{s:o,s:o,s:b}", "commitment", secret_commitment_json(t), "contributions",
                                      t->contributions_end >= 0 ? json_null() : contributions_json(t), "contributing",
                                      t->contributions_end >= 0 && !t->contributions[seat].given));
    json_t *clocks = json_array();
    for (int s = 0; s < t->players; s++)
        json_array_append_new(clocks, clock_json(t, s, now));
    json_object_set_new(view, "clocks", clocks);
    send_to(t, seat, view);
}

/* the call window closes: the held events go out in order, then the views asked for meanwhile
   (with their seats' pending asks) */
static void close_window(ippon_table *t, int64_t now)
{
    t->window_ends = -1;
    for (int i = 0; i < t->held_count; i++)
        deliver(t, t->held[i].seat, t->held[i].event, &t->held[i].core, now);
    t->held_count = 0;
    for (int s = 0; s < t->players; s++)
        if (t->view_wanted[s]) {
            t->view_wanted[s] = false;
            send_view(t, s, now);
            if (t->asked[s] && !t->seats[s].bot && !t->over)
                send_ask(t, s, now);
        }
}

void ippon_table_resume(ippon_table *t, int seat, long last_seen, int64_t now)
{
    assert(seat >= 0 && seat < t->players);
    if (t->wire[seat]) /* an AI seat resumes through the gateway's mjai route */
        return;
    hold_player_back(t, seat, now);
    struct seat_log *lg = &t->log[seat];
    if (last_seen >= lg->first - 1 && last_seen < lg->first + lg->count) {
        for (long i = last_seen + 1 - lg->first; i < lg->count; i++) {
            json_t *msg = json_loads(lg->text[i], 0, NULL);
            add_proof(t, seat, lg->first + i, msg);
            if (msg)
                send_to(t, seat, msg);
        }
    } else if (t->window_ends >= 0) {
        /* the match may be ahead of what was shown, and whether it is would say whether anybody
           could call: the view comes when the window closes, in either case */
        t->view_wanted[seat] = true;
        return;
    } else {
        send_view(t, seat, now);
    }
    if (t->asked[seat] && !t->seats[seat].bot)
        send_ask(t, seat, now);
}

json_t *ippon_table_public_view(const ippon_table *t, int64_t now)
{
    json_t *view = ippon_proto_view(t->m, -1);
    json_object_set_new(view, "table", json_string(t->id));
    json_object_set_new(view, "kyoku", json_integer(kyoku(t)));
    json_object_set_new(view, "names", names_json(t));
    json_object_set_new(view, "ranked", json_boolean(t->ranked));
    json_object_set_new(view, "running_ms", json_integer((json_int_t)(now - t->started_ms)));
    return view;
}

int ippon_table_stand_in(ippon_table *t, int seat, const char *why, int64_t now)
{
    if (t->over || seat < 0 || seat >= t->players || t->seats[seat].bot || t->seats[seat].mjai)
        return -1;
    journal(t, json_pack("{s:s,s:i}", "k", "stand_in", "seat", seat), now);
    hand_to_bot(t, seat, now);
    for (int s = 0; s < t->players; s++)
        if (s != seat)
            send_to(t, s, json_pack("{s:s,s:s,s:i,s:s}", "type", "stand_in", "table", t->id, "seat", seat, "why", why));
    return 0;
}

void ippon_table_abandon(ippon_table *t, const char *reason, int64_t now)
{
    if (t->over)
        return;
    journal(t, json_pack("{s:s,s:s}", "k", "close", "reason", reason ? reason : "closed"), now);
    finish(t, false, reason ? reason : "closed", now);
    flush_wires(t);
}
