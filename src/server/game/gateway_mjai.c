/*
 * gateway_mjai.c — AIs at /mjai (src/server/MJAI.md): a bot account's connection, admitted by its
 * bearer token at the upgrade, seated in its room, sent its seat's mjai lines, and its answers
 * numbered and handed to its table (table.h, "AI seats").
 *
 * Rooms: practice-4p / practice-3p start a practice match against built-in bots at once, and
 * ladder (mode=4p or 3p) enters the bot ladder (gateway_ladder.h; public bots not suspended from
 * it), and invitations (mode=4p or 3p) waits to be seated in private rooms by their hosts
 * (gateway_room_bots.h; any bot not suspended), unless the bot already sits at a running table,
 * which it then resumes. One connection per bot: a new
 * one replaces the old. A resume sends {"type":"resume","answered":R} and the lines after the
 * AI's N; without one, every line of the running match again from the first (the answers to lines
 * already answered are dropped by the table). An AI's messages are not rate-limited as a
 * player's are (it answers every line, and a test table runs fast): an answer with no line to
 * answer counts as a bad message instead, and too many close the connection. A bot whose token
 * stops working (deleted, renewed, suspended: the REST layer says so once it is stored) loses its
 * connection the way a banned player does (ippon_gateway_disconnect), with a close status of its own.
 *
 * The relay is timed both ways on the monotonic clock, for /metrics (metrics.h): a table's line from
 * the moment its seat is handed it (gw_mjai_line) to its socket's write (ippon_gateway_out_written,
 * ippon_mjai_relay_out_seconds); an answer from its message's arrival to the table having taken it
 * (ippon_mjai_relay_in_seconds; one that comes with no match running reaches no table and is not
 * counted). The lines sent again to a connection that comes back are a replay, not timed.
 */
#include "game/gateway_mjai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "auth/auth.h"
#include "base/log.h"
#include "game/gateway_conn.h"
#include "game/gateway_state.h"
#include "game/gateway_ladder.h"
#include "game/gateway_live.h"
#include "game/gateway_room_bots.h"
#include "game/gateway_rooms.h"
#include "game/gateway_lobby.h"
#include "game/gateway_tables.h"
#include "game/table_mjai.h"
#include "metrics.h"
#include "store/store_bots.h"

enum {
    MJAI_NORMAL_CLOSE = 1000,
    MJAI_TOKEN_REVOKED_CLOSE = 4001, /* MJAI.md's close statuses: the bot deleted or its token renewed */
    MJAI_BOT_SUSPENDED_CLOSE = 4002, /* ... an administrator suspended the bot */
};

/* the room's mode (the ladder's and invitations' from mode=, 4p when absent) and whether it is
   the ladder or invitations, or -1 for a room or mode that is not one */
static int room_mode(const char *room, const char *mode, bool *ladder, bool *invitations)
{
    *ladder = room && !strcmp(room, "ladder");
    *invitations = room && !strcmp(room, "invitations");
    ippon_mode parsed = IPPON_MODE_4P;
    if (*ladder || *invitations)
        return !mode || ippon_mode_parse(mode, &parsed) == 0 ? (int)parsed : -1;
    if (room && !strcmp(room, "practice-4p"))
        return IPPON_MODE_4P;
    if (room && !strcmp(room, "practice-3p"))
        return IPPON_MODE_3P;
    return -1;
}

#define SUSPENDED_PREFIX "this bot is suspended: "

/* why a suspended bot may not play, with the administrator's reason (NULL or empty: none given) */
static void suspended_message(const char *reason, char *message, size_t cap)
{
    snprintf(message, cap, SUSPENDED_PREFIX "%s", reason && reason[0] ? reason : "no reason given");
}

int ippon_gateway_mjai_admit(ippon_gateway *gw, const char *authorization, const char *room, const char *mode,
                             const char *resume, ippon_mjai_entry *who, const char **code, char *message, size_t cap)
{
    memset(who, 0, sizeof *who);
    who->resume = -1;
    const char *bearer = authorization && !strncasecmp(authorization, "Bearer ", 7) ? authorization + 7 : NULL;
    unsigned char hash[IPPON_TOKEN_HASH_BYTES];
    if (!bearer || ippon_auth_token_hash(bearer, hash) != 0) {
        *code = "bad_token";
        snprintf(message, cap, "Authorization: Bearer <the bot's token> (64 hex digits, from POST /api/bots)");
        return 401;
    }
    int players_mode = room_mode(room, mode, &who->ladder, &who->invitations);
    if (players_mode < 0) {
        *code = "bad_room";
        snprintf(message, cap, "room: practice-4p, practice-3p, ladder or invitations (the last two with mode=4p or "
                               "mode=3p)");
        return 400;
    }
    if (resume) {
        char *end;
        long n = strtol(resume, &end, 10);
        if (!*resume || *end || n < 0 || n > 100000000) {
            *code = "bad_resume";
            snprintf(message, cap, "resume: the number of messages received in the match (0 or more)");
            return 400;
        }
        who->resume = n;
    }
    ippon_bot bot;
    int rc = gw->app && gw->app->store ? ippon_store_bot_by_token(gw->app->store, hash, &bot) : -1;
    if (rc == IPPON_STORE_NOT_FOUND) {
        *code = "bad_token";
        snprintf(message, cap, "the token is not a bot's (unknown, revoked or renewed): see your bots in the account page");
        return 401;
    }
    if (rc != 0) {
        *code = "unavailable";
        snprintf(message, cap, "the server cannot check the token right now: connect again in a moment");
        return 503;
    }
    if (bot.suspended_at) {
        *code = "bot_suspended";
        suspended_message(bot.suspend_reason, message, cap);
        return 403;
    }
    if (who->ladder && !bot.public_bot) {
        *code = "not_public";
        snprintf(message, cap, "only public bots play on the ladder: make it public in your account page");
        return 403;
    }
    if (who->ladder && bot.ladder_suspended_at) {
        *code = "ladder_suspended";
        snprintf(message, cap, "this bot is suspended from the ladder: %s (its owner lifts it in the account page)",
                 bot.ladder_reason[0] ? bot.ladder_reason : "no reason given");
        return 403;
    }
    snprintf(who->bot_id, sizeof who->bot_id, "%s", bot.id);
    snprintf(who->name, sizeof who->name, "%s", bot.name);
    snprintf(who->owner_id, sizeof who->owner_id, "%s", bot.owner_id);
    who->mode = (ippon_mode)players_mode;
    return 0;
}

int ippon_gateway_close_status(const ippon_conn *c)
{
    return c ? c->close_status : 0;
}

/* the lines after `from` of the AI's running match, for a connection that comes back */
static void send_lines_after(ippon_gateway *gw, ippon_conn *c, const ippon_table *t, int seat, long from)
{
    long n = ippon_table_mjai_lines(t, seat);
    for (long i = from + 1; i <= n; i++) {
        const char *line = ippon_table_mjai_line(t, seat, i);
        if (line)
            gw_send_text(gw, c, line, strlen(line), false);
    }
}

/* the bot sits at a running table: its connection takes up its seat's lines */
static void rejoin(ippon_gateway *gw, ippon_conn *c, struct gw_table *gt, long resume)
{
    ippon_table *t = gw_table_game(gt);
    int seat = ippon_table_seat_of(t, c->user_id);
    long answered = ippon_table_mjai_answered(t, seat), lines = ippon_table_mjai_lines(t, seat);
    if (resume >= 0) {
        long from = resume < lines ? resume : lines;
        char head[64];
        int len = snprintf(head, sizeof head, "{\"type\":\"resume\",\"answered\":%ld}", answered);
        gw_send_text(gw, c, head, (size_t)len, false);
        c->next_answer = answered + 1;
        send_lines_after(gw, c, t, seat, from);
    } else {
        c->next_answer = 1;
        send_lines_after(gw, c, t, seat, 0);
    }
    ippon_table_mjai_back(t, seat, gw_now(gw));
    gw_table_reschedule(gt);
    ippon_log(IPPON_LOG_INFO, "mjai: bot %s (%s) is back at table %s (resume %ld, %ld lines, %ld answered)",
              c->name, c->user_id, ippon_table_id(t), resume, lines, answered);
}

ippon_conn *ippon_gateway_open_mjai(ippon_gateway *gw, void *socket, const char *addr, const ippon_mjai_entry *who)
{
    ippon_conn *c = ippon_gateway_open(gw, socket, addr);
    if (!c)
        return NULL;
    c->mjai = true;
    snprintf(c->user_id, sizeof c->user_id, "%s", who->bot_id);
    snprintf(c->name, sizeof c->name, "%s", who->name);
    ippon_conn *old = ippon_strmap_get(gw->users, c->user_id);
    if (old && old != c) { /* one connection per bot: the newest */
        old->close_status = 4000;
        gw_send_error_and_close(gw, old, "replaced", "this bot connected again elsewhere");
        old->user_id[0] = '\0';
    }
    ippon_strmap_put(gw->users, c->user_id, c);
    c->next_answer = 1;
    c->mjai_ladder = who->ladder;
    c->mjai_invitations = who->invitations;
    c->mjai_mode = who->mode;
    snprintf(c->mjai_owner, sizeof c->mjai_owner, "%s", who->owner_id);
    struct gw_table *gt = gw_table_of(gw, c->user_id);
    if (gt && !gw_table_finished(gt)) {
        rejoin(gw, c, gt, who->resume);
        return c;
    }
    gw_room_bot_connected(gw, c); /* seated in a room: stays there only if it waits for its mode again */
    bool own_table = !who->ladder && !who->invitations; /* practice: the built-in bots must be on */
    if ((own_table && !gw->set.bots) || gw->draining || gw->maintenance) {
        c->close_status = 1013; /* try again later */
        gw_send_error_and_close(gw, c, gw->maintenance ? "maintenance" : gw->draining ? "draining" : "no_bots",
                                who->ladder        ? "the ladder is not open now"
                                : who->invitations ? "no private tables are being made now"
                                                   : "practice tables are not available now");
        return c;
    }
    if (who->ladder) {
        if (!gw_in_room(gw, c->user_id))
            gw_ladder_enter(gw, c, who->mode);
        return c;
    }
    if (who->invitations) {
        ippon_log(IPPON_LOG_INFO, "mjai: bot %s (%s) from %s waits for invitations to %s private rooms", c->name,
                  c->user_id, addr, ippon_mode_name(who->mode));
        return c;
    }
    gw_stop_waiting(gw, c->user_id);
    ippon_lobby_entry ai;
    memset(&ai, 0, sizeof ai);
    snprintf(ai.user_id, sizeof ai.user_id, "%s", c->user_id);
    snprintf(ai.name, sizeof ai.name, "%s", c->name);
    snprintf(ai.addr, sizeof ai.addr, "%s", c->addr);
    ai.since = gw_now(gw);
    if (gw_start_mjai_practice(gw, who->mode, &ai) != 0) {
        c->close_status = 1011;
        gw_send_error_and_close(gw, c, "unavailable", "the practice table could not be made: try again");
        return c;
    }
    ippon_log(IPPON_LOG_INFO, "mjai: bot %s (%s) from %s starts a %s practice match", c->name, c->user_id, addr,
              ippon_mode_name(who->mode));
    return c;
}

void gw_mjai_line(ippon_gateway *gw, ippon_table *t, const char *user_id, const char *line)
{
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (!c || !c->mjai)
        return;
    bool last = ippon_table_over(t) && !strncmp(line, "{\"type\":\"end_game\"", 18);
    if (last)
        c->close_status = MJAI_NORMAL_CLOSE;
    gw_send_relayed(gw, c, line, strlen(line), last, lws_now_usecs());
}

void gw_mjai_timed_out(ippon_gateway *gw, ippon_table *t, int seat, const char *user_id)
{
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (ippon_table_settings_of(t)->ladder.set_id[0])
        gw_ladder_timed_out(gw, t, seat, user_id);
    ippon_log(IPPON_LOG_INFO, "mjai: bot %s at table %s (seat %d) ran out of time%s: the default action was taken",
              user_id, ippon_table_id(t), seat, c ? "" : " (not connected)");
}

void gw_mjai_table_closed(ippon_gateway *gw, const char *user_id)
{
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (!c || !c->mjai)
        return;
    c->close_status = MJAI_NORMAL_CLOSE;
    gw_send_error_and_close(gw, c, "table_closed", "the table was closed without a result");
}

void gw_mjai_message(ippon_gateway *gw, ippon_conn *c, const char *text, size_t len)
{
    lws_usec_t arrived = lws_now_usecs();
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
        len--;
    char *line = malloc(len + 1);
    if (!line)
        return;
    memcpy(line, text, len);
    line[len] = '\0';
    struct gw_table *gt = gw_table_of(gw, c->user_id);
    if (!gt || gw_table_finished(gt)) {
        gw_bad(gw, c, "no_match", "an answer with no match running");
        free(line);
        return;
    }
    ippon_table *t = gw_table_game(gt);
    int seat = ippon_table_seat_of(t, c->user_id);
    char err[300];
    long number = c->next_answer++;
    int64_t now = gw_now(gw);
    int r = ippon_table_mjai_answer(t, seat, number, line, now, err, sizeof err);
    if (r != TABLE_MJAI_DROPPED && err[0]) {
        if (number > ippon_table_mjai_lines(t, seat)) {
            c->next_answer--; /* an answer to nothing does not count as one */
            gw_bad(gw, c, "no_message", err);
        } else {
            gw_send_error(gw, c, "refused", err);
            ippon_log(IPPON_LOG_INFO, "mjai: bot %s at table %s: answer %ld refused: %s", c->name, ippon_table_id(t),
                      number, err);
        }
    }
    gw_table_reschedule(gt);
    ippon_metrics_mjai_relay(gw->app ? gw->app->metrics : NULL, IPPON_MJAI_RELAY_IN,
                             (double)(lws_now_usecs() - arrived) / 1e6);
    free(line);
}

bool ippon_gateway_mjai_revoke(ippon_gateway *gw, const char *bot_id, ippon_mjai_revocation why, const char *reason)
{
    ippon_conn *c = gw_conn_of(gw, bot_id);
    if (!c || !c->mjai)
        return false;
    char message[sizeof SUSPENDED_PREFIX + IPPON_BOT_REASON_MAX_BYTES];
    if (why == IPPON_MJAI_BOT_SUSPENDED)
        suspended_message(reason, message, sizeof message);
    else
        snprintf(message, sizeof message, "%s",
                 why == IPPON_MJAI_BOT_DELETED ? "this bot was deleted by its owner: its token no longer works"
                                               : "this bot's token was renewed: connect with the new token");
    c->close_status = why == IPPON_MJAI_BOT_SUSPENDED ? MJAI_BOT_SUSPENDED_CLOSE : MJAI_TOKEN_REVOKED_CLOSE;
    ippon_log(IPPON_LOG_INFO, "mjai: bot %s (%s) disconnected: %s", c->name, bot_id, message);
    return ippon_gateway_disconnect(gw, bot_id, why == IPPON_MJAI_BOT_SUSPENDED ? "bot_suspended" : "token_revoked",
                                    message);
}
