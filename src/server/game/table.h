/*
 * table.h — one table: one match from the first deal to the first win, driven through the
 * rules core, with the clocks, the bots and what every seat is told.
 *
 * A table knows nothing about sockets: it sends messages through its hooks (to a seat's user,
 * whoever is connected as that user) and is woken by the gateway at the time it asks for
 * (ippon_table_next_wakeup). Time is passed in as milliseconds, so tests can drive it.
 *
 * What it does, in order: draws the match's secret and tells every seat its commitment
 * (match_found); waits for the human seats' contributions (at most settings.contribution_ms);
 * deals each hand from the seed they give (fairness.h) and publishes the hand's commitment and
 * the contributions; sends every event to the seats that may see it, numbered per seat
 * so a reconnecting player can ask for what it missed; asks each seat with a decision ("ask",
 * with its options and clock); takes actions ("act" with the ask's number); acts for a seat
 * whose time ran out, and plays the bots' seats; when the match ends, reveals the secret and seeds and
 * hands the finished match to its hook (the gateway stores it in one transaction).
 */
#ifndef IPPON_SERVER_TABLE_H
#define IPPON_SERVER_TABLE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "game/clock.h"
#include "ippon/fairness.h"
#include "game/public_feed.h"
#include "ippon/match.h"
#include "store/stored_match.h" /* what a finished match leaves behind */

typedef struct ippon_table ippon_table;

typedef struct ippon_table_settings {
    ippon_clock_rules clock;  /* already scaled by the time scale */
    int64_t bot_delay_ms;     /* how long a bot "thinks" (scaled) */
    int64_t call_window_ms;   /* the call window after every discard, kan and kita (scaled; 0 = none):
                                 what follows is never sent before it closes (table.c, "Timing") */
    int max_hands;            /* a safety stop: a match with more hands ends without a winner */
    const uint8_t *proof_key; /* 32 bytes for event proofs (below); NULL: none */
    int64_t contribution_ms;  /* how long the first deal waits for the human seats' contributions
                                 (not scaled: a network round trip); 0: no contributions taken */
    bool private_match;       /* a friends' table (gateway_rooms.c): never ranked, stored as private */
    bool no_spectators;       /* nobody may watch it (its host said so) */
    bool event_table;         /* an event's table (gateway_event_rounds.c): never left, never ranked */
    int64_t watch_delay_ms;   /* how late spectators see it; < 0: the server's spectate_delay_s */
    int64_t resume_hold_ms;   /* a restored table stands still this long before its bots, clocks
                                 and call window go on (not scaled): the players reconnect first,
                                 and one who saw more than the journal kept can show it before
                                 the table makes new events of those numbers (Proofs, below);
                                 the hold ends early once every human seat has resumed
                                 (ippon_table_resume) with no act since the restore */
    const uint8_t *secret;    /* the match's secret given (IPPON_SECRET_BYTES: the bot ladder's set
                                 plays one set of walls in every seat rotation); NULL: drawn fresh */
    int first_dealer;         /* with a secret given: the first dealer (0 … players − 1) */
    ippon_match_ladder ladder; /* the bot-ladder set and rotation the match is (journaled, stored) */
} ippon_table_settings;

/*
 * Proofs. With a proof key, every event message and view a seat is sent carries "p": a keyed
 * BLAKE2b hash (16 bytes, hex) of the table id, the seat and the message's number, which only
 * the server can make. A client that reconnects with a number the table does not have yet
 * (ippon_table_last_event) shows with its proof that the server did send it: the server lost the
 * end of the match (a power loss between journal writes, an old copy restored), and the match
 * is then voided, never replayed differently. Without a valid proof the claim is ignored.
 */
/* the number of the last event the seat has been given (-1: none yet) */
long ippon_table_last_event(const ippon_table *t, int seat);
/* is proof the table's proof of event n for the seat? */
bool ippon_table_check_proof(const ippon_table *t, int seat, long n, const char *proof);

typedef struct ippon_table_hooks {
    void *ctx;
    /* a message for the user seated at `seat` (takes the reference) */
    void (*send)(void *ctx, ippon_table *t, int seat, const char *user_id, json_t *msg);
    /* the match is over. The table is still in use by its caller: free it later (the gateway
       frees it from its own timer), never from inside this hook */
    void (*finished)(void *ctx, ippon_table *t, const ippon_stored_match *record);
    /* a record for the match's journal (below; takes the reference), called before any message it
       causes is sent; NULL: no journal. Its own context: journal_ctx */
    void (*journal)(void *journal_ctx, ippon_table *t, json_t *record);
    void *journal_ctx;
    /* a line of mjai for the AI at `seat` (below, "AI seats"); NULL: AI seats hear nothing */
    void (*send_line)(void *ctx, ippon_table *t, int seat, const char *user_id, const char *line);
    /* an AI seat's clock ran out and the table took its default action (may be NULL) */
    void (*timed_out)(void *ctx, ippon_table *t, int seat, const char *user_id);
} ippon_table_hooks;

/*
 * AI seats. A seat whose player has .mjai is played by a bot account's AI over mjai
 * (src/server/MJAI.md): it is a player's seat — its clock, its decisions asked and timed out —
 * but instead of the game's messages it gets the lines of its mjai stream (table_mjai.h), numbered
 * from 1 through the match and kept for resuming, through the send_line hook; it contributes
 * nothing to the walls. Its start_game goes out when the table opens, and the first deal waits
 * for its answer (with the contributions), at most 30 s. Its answers come in numbered by the
 * caller (ippon_table_mjai_answer); a refused one takes the default action as a timeout would.
 */
/* answer number `number` of the AI at `seat` (a NUL-terminated line): a table_mjai_outcome
   (TABLE_MJAI_*); err (cap bytes) is "" or why it was refused, for the AI's "error" message */
int ippon_table_mjai_answer(ippon_table *t, int seat, long number, const char *line, int64_t now, char *err,
                            size_t cap);
/* the lines the AI seat has been given (numbered 1 … this), line n (NULL if none), the answers taken */
long ippon_table_mjai_lines(const ippon_table *t, int seat);
const char *ippon_table_mjai_line(const ippon_table *t, int seat, long n);
long ippon_table_mjai_answered(const ippon_table *t, int seat);
/* the AI seat is connected again (a restored table's hold ends once every player is back) */
void ippon_table_mjai_back(ippon_table *t, int seat, int64_t now);

/*
 * Journal. A match is a pure function of its seeds and its actions, so the table journals them
 * as they happen, each record before anything it causes is sent:
 *
 *   {"k":"open","at","id","rules":preset,"players":[{"user_id","name","bot"}],"ranked","first_dealer",
 *    "secret":hex,"clock":{move_ms,bank_ms,refill_ms,grace_ms},"private","no_spectators",
 *    "watch_delay_ms"}                                 (older journals lack some: the settings given)
 *   {"k":"contribute","at","seat","bytes":hex}        a seat's contribution, taken before the first deal
 *   {"k":"deal","at","seed":hex}                      a hand dealt from this seed
 *   {"k":"act","at","seat","action":{…},"banks":[…]}  an action applied (the stored form: a
 *                                                      discard of the drawn tile says "tsumogiri"),
 *                                                      with every seat's bank after it
 *   {"k":"close","at","reason"}                        ended without a result (ippon_table_abandon)
 *   {"k":"stand_in","at","seat"}                       a bot plays the seat from here (ippon_table_stand_in)
 *
 * "at" is the table's time (ms). ippon_table_restore replays such a list through the rules core
 * and gives the same table: the same seats, hands, event numbers per seat (what a reconnecting
 * player resumes from), asks and banks; after settings.resume_hold_ms, a decision that was running
 * starts over with a fresh move time and the network grace, bots think again, and a table that
 * was waiting for contributions waits settings.contribution_ms again for the seats that gave none.
 * A list that ends with the match over calls the finished hook (so a match whose record was not
 * stored yet is stored).
 *
 * Every event a player may have been sent is in the restored table, with its number and its
 * contents: each is made from journaled records alone, except what a call window held, which
 * goes out when the window closes — and a window's closing is not journaled (it would be a second
 * write per discard). It need not be: what a window holds is decided by the records before it, so
 * a journal that ends with a window open is restored with that window closed, as the table's
 * timer closed it, whether or not it had closed before the stop (players who had not seen those
 * events get them on their return). So a player who saw the draw after a discard and reconnects
 * with its number and proof finds it there, and the match goes on.
 */

/*
 * A new table with these players (seat order as given; the first dealer is drawn at random),
 * ranked or not. Sends each human seat match_found; deals the first hand at `now` when it takes
 * no contributions (settings.contribution_ms 0, or no human seat), else when every human seat
 * has contributed or the wait is over. NULL on bad arguments or out of memory.
 */
ippon_table *ippon_table_new(const char *id, const ippon_rules *rules, const ippon_seat_player *players, bool ranked,
                             const ippon_table_settings *settings, const ippon_table_hooks *hooks, int64_t now);
void ippon_table_free(ippon_table *t);

const char *ippon_table_id(const ippon_table *t);
int ippon_table_players(const ippon_table *t);
const ippon_seat_player *ippon_table_player_at(const ippon_table *t, int seat);
bool ippon_table_over(const ippon_table *t);
bool ippon_table_ranked(const ippon_table *t);
const ippon_rules *ippon_table_rules(const ippon_table *t);
/* the match's secret (IPPON_SECRET_BYTES; never sent before the match ends) and first dealer: what
   the bot ladder's next rotation of the same walls is dealt from (game/gateway_ladder.h) */
const uint8_t *ippon_table_secret(const ippon_table *t);
int ippon_table_first_dealer(const ippon_table *t);
/* the table's settings (a restored table's as its journal had them) */
const ippon_table_settings *ippon_table_settings_of(const ippon_table *t);
/* the spectators' feed: every event the whole table may see, as sent, with its time (public_feed.h) */
const ippon_public_feed *ippon_table_feed(const ippon_table *t);
/* where the match stands, in public: the round wind, the hand's kyoku and honba, and when the
   table began (the table's time) */
void ippon_table_standing(const ippon_table *t, int *round_wind, int *kyoku, int *honba, int64_t *started_ms);
/* the seat of a user at this table, or -1 */
int ippon_table_seat_of(const ippon_table *t, const char *user_id);

/*
 * A player's message {"type":"act","seq":N,"action":{…}}. Returns 0, or -1 with a code and
 * a message ("not_your_turn", "stale", "illegal", "bad_action") — the table is unchanged then.
 */
int ippon_table_act(ippon_table *t, int seat, const json_t *msg, int64_t now, const char **code, char *err,
                    size_t err_cap);

/*
 * A player's contribution to the walls {"type":"contribute","bytes":"64 hex digits"}, taken
 * before the first deal, once per seat. Returns 0, or -1 with a code and a message
 * ("bad_message", "too_late", "already_contributed", "match_over") — the table is unchanged then.
 */
int ippon_table_contribute(ippon_table *t, int seat, const json_t *msg, int64_t now, const char **code, char *err,
                           size_t err_cap);

/*
 * The table whose journal is records (as the journal hook gave them, "at" in this process's table
 * time), at now, with these settings and hooks (its journal hook is not called for the records
 * replayed). NULL with err when the journal does not replay: an unknown preset, a malformed
 * record, an action the rules refuse (the journal is then not this server's, or damaged).
 */
ippon_table *ippon_table_restore(const json_t *records, const ippon_table_settings *settings,
                                 const ippon_table_hooks *hooks, int64_t now, char *err, size_t errlen);

/* the time the table next needs to be woken (a deadline or a bot move), or -1 */
int64_t ippon_table_next_wakeup(const ippon_table *t);
/* acts for every seat whose time is up and lets every bot whose turn it is play */
void ippon_table_tick(ippon_table *t, int64_t now);

/*
 * A player (re)connected: sends the events after `last_seen` (the seat's event numbers) if
 * the table still has them, else the full view; then the pending ask with the clock left. The
 * last human back ends a restored table's hold (the table may then wake sooner).
 */
void ippon_table_resume(ippon_table *t, int seat, long last_seen, int64_t now);

/* the table as a spectator or an admin sees it (public information only) */
json_t *ippon_table_public_view(const ippon_table *t, int64_t now);

/*
 * A bot stand-in plays the person's seat `seat` from now to the match's end (an event's organiser
 * removed its entrant: src/server/EVENTS.md): journaled ({"k":"stand_in","at","seat"}); a
 * decision the seat was asked is the bot's; the seat's user is no longer seated here
 * (ippon_table_seat_of) and is sent nothing more; the other seats are told
 * {"type":"stand_in","table","seat","why"} (PROTOCOL.md; why: "removed", "replaced", "away"). 0,
 * or -1: the match is over, or the seat is already a bot's or an AI's.
 */
int ippon_table_stand_in(ippon_table *t, int seat, const char *why, int64_t now);

/* ends the match without a result (an admin closing a stuck table, shutdown) */
void ippon_table_abandon(ippon_table *t, const char *reason, int64_t now);

#endif
