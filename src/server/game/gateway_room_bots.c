/*
 * gateway_room_bots.c — AIs in private rooms (gateway_room_bots.h). A bot account's AI waits to be
 * seated either at /mjai?room=invitations (any bot not suspended, for its mode=) or in the bot
 * ladder's pool (a public bot; seated in a room it leaves the pool, and goes back to it should the
 * room close unplayed or the host unseat it). The host seats one by its name: the bot's owner
 * consents through its "public" flag (a private bot is seated only by its owner), read from the
 * store at that moment. A seated AI is a room member marked "ai" with its owner's name; it hears
 * nothing of the room (its connection speaks mjai only) and leaves it when its connection closes.
 * The room's start seats it at the table as an mjai seat (gateway_rooms.c).
 *
 * Only AIs connected to this node can be seated (on a cluster: the node the room is on).
 */
#include "game/gateway_room_bots.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/log.h"
#include "game/gateway_conn.h"
#include "game/gateway_ladder.h"
#include "game/gateway_rooms.h"
#include "game/gateway_state.h"
#include "game/gateway_tables.h"
#include "store/store_bots.h"

enum { LISTED_MAX = 50 }; /* the waiting AIs of other owners one room_bots lists at most */

/* the connection of AI bot_id, if it is open */
static ippon_conn *ai_conn(ippon_gateway *gw, const char *bot_id)
{
    ippon_conn *c = gw_conn_of(gw, bot_id);
    return c && c->mjai && !c->closing ? c : NULL;
}

/* may the AI of c be seated now: it waits (invitations, or the ladder's pool) and is at no table
   and in no room */
static bool waiting(ippon_gateway *gw, const ippon_conn *c)
{
    if (gw_table_of(gw, c->user_id) || gw_in_room(gw, c->user_id))
        return false;
    return c->mjai_invitations || (c->mjai_ladder && gw_ladder_pooled(gw, c->user_id));
}

/* the store's answer about a bot, -1 when there is no store */
static int bot_by_name(ippon_gateway *gw, const char *name, ippon_bot *bot, char *owner, size_t owner_len)
{
    return gw->app && gw->app->store ? ippon_store_bot_by_name(gw->app->store, name, bot, owner, owner_len) : -1;
}

static void on_seat(ippon_gateway *gw, ippon_conn *c, const json_t *msg)
{
    const char *name = json_string_value(json_object_get(msg, "name"));
    if (!name || !name[0]) {
        gw_bad(gw, c, "bad_message", "name: the name of the bot to seat");
        return;
    }
    ippon_room *room = gw_room_hosted(gw, c);
    if (!room)
        return;
    if (room->n >= ippon_mode_players(room->choices.mode)) {
        gw_room_refuse(gw, c, IPPON_ROOM_FULL);
        return;
    }
    ippon_bot bot;
    char owner[sizeof room->members[0].owner];
    int rc = bot_by_name(gw, name, &bot, owner, sizeof owner);
    if (rc == IPPON_STORE_NOT_FOUND) {
        gw_send_error(gw, c, "no_bot", "no bot has that name");
        return;
    }
    if (rc != 0) {
        gw_send_error(gw, c, "unavailable", "the server cannot look the bot up right now: try again in a moment");
        return;
    }
    if (bot.suspended_at) {
        gw_send_error(gw, c, "bot_suspended", "this bot is suspended by an administrator");
        return;
    }
    if (!bot.public_bot && strcmp(bot.owner_id, c->user_id) != 0) {
        gw_send_error(gw, c, "bot_private", "this bot is private: only its owner may seat it");
        return;
    }
    if (ippon_rooms_of(gw->rooms, bot.id) == room) {
        gw_room_tell(gw, room); /* seated already: a second click */
        return;
    }
    ippon_conn *ai = ai_conn(gw, bot.id);
    if (!ai && !gw_table_of(gw, bot.id)) {
        gw_send_error(gw, c, "bot_offline", "this bot is not connected to wait for invitations");
        return;
    }
    if (!ai || !waiting(gw, ai)) {
        gw_send_error(gw, c, "bot_busy", "this bot is playing a match or is seated in another private table");
        return;
    }
    if (ai->mjai_mode != room->choices.mode) {
        char message[120];
        snprintf(message, sizeof message, "this bot waits for %s tables, and this one is %s",
                 ippon_mode_name(ai->mjai_mode), ippon_mode_name(room->choices.mode));
        gw_send_error(gw, c, "bot_mode", message);
        return;
    }
    ippon_room_member m;
    memset(&m, 0, sizeof m);
    snprintf(m.user_id, sizeof m.user_id, "%s", bot.id);
    snprintf(m.name, sizeof m.name, "%s", bot.name);
    snprintf(m.owner, sizeof m.owner, "%s", owner);
    m.ai = true;
    rc = ippon_rooms_join(gw->rooms, room->code, &m);
    if (rc != IPPON_ROOM_OK) {
        gw_room_refuse(gw, c, rc);
        return;
    }
    if (ai->mjai_ladder)
        gw_ladder_left(gw, bot.id); /* out of the pool while seated here */
    gw_room_tell(gw, room);
    gw_room_told_entered(gw, room->code, bot.id, false);
    ippon_log(IPPON_LOG_INFO, "rooms: %s seats bot %s (%s) in room %s", c->user_id, bot.name, bot.id, room->code);
}

/* the AI of connection ai, unseated from its room, goes back to the ladder's pool if it came from
   there */
static void back_to_waiting(ippon_gateway *gw, ippon_conn *ai)
{
    if (ai && ai->mjai_ladder && !gw_table_of(gw, ai->user_id) && !gw_in_room(gw, ai->user_id))
        gw_ladder_enter(gw, ai, ai->mjai_mode);
}

/* AI bot_id leaves its room (not the host: an AI never is): the members told */
static void leave_room(ippon_gateway *gw, ippon_room *room, const char *bot_id)
{
    char id[sizeof room->members[0].user_id];
    snprintf(id, sizeof id, "%s", bot_id); /* bot_id may be the member's own, which leaving moves */
    ippon_rooms_leave(gw->rooms, id);
    gw_room_tell(gw, room);
    gw_room_told_left(gw, room->code, (const char *[]){id}, 1, false);
}

/* the room's member user_id if it is an AI, or NULL */
static const ippon_room_member *ai_member(const ippon_room *room, const char *user_id)
{
    for (int i = 1; i < room->n; i++)
        if (room->members[i].ai && !strcmp(room->members[i].user_id, user_id))
            return &room->members[i];
    return NULL;
}

static void on_unseat(ippon_gateway *gw, ippon_conn *c, const json_t *msg)
{
    const char *user_id = json_string_value(json_object_get(msg, "user_id"));
    if (!user_id) {
        gw_bad(gw, c, "bad_message", "user_id: the seated AI's user_id (from the room's members)");
        return;
    }
    ippon_room *room = gw_room_hosted(gw, c);
    if (!room)
        return;
    if (!ai_member(room, user_id)) {
        gw_send_error(gw, c, "not_seated", "no AI with that user_id is seated in this table");
        return;
    }
    leave_room(gw, room, user_id);
    back_to_waiting(gw, ai_conn(gw, user_id));
}

enum { CANDIDATES = IPPON_BOTS_PER_OWNER + LISTED_MAX };

struct listing {
    ippon_gateway *gw;
    ippon_mode mode;
    const char *host_id;
    char ids[CANDIDATES][40];
    int n, others;
};

/* a waiting AI for the room's mode: the host's own always, others' up to LISTED_MAX */
static void list_one(void *ctx, const char *key, void *value)
{
    struct listing *l = ctx;
    ippon_conn *c = value;
    (void)key;
    if (!c->mjai || c->closing || c->mjai_mode != l->mode || l->n == CANDIDATES || !waiting(l->gw, c))
        return;
    bool mine = !strcmp(c->mjai_owner, l->host_id);
    if (!mine && l->others == LISTED_MAX)
        return;
    l->others += !mine;
    snprintf(l->ids[l->n++], sizeof l->ids[0], "%s", c->user_id);
}

static int by_name(const void *a, const void *b)
{
    const json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
    return strcasecmp(json_string_value(json_object_get(x, "name")), json_string_value(json_object_get(y, "name")));
}

/* the AIs waiting for the host's room's mode that the host may seat: its own, then the public
   ones, each by name (the owner and the public flag read from the store: as they are now) */
static void on_list(ippon_gateway *gw, ippon_conn *c)
{
    ippon_room *room = gw_room_hosted(gw, c);
    if (!room)
        return;
    struct listing *l = calloc(1, sizeof *l);
    if (!l) {
        gw_send_error(gw, c, "overloaded", "the server is short of memory: try again");
        return;
    }
    l->gw = gw;
    l->mode = room->choices.mode;
    l->host_id = c->user_id;
    ippon_strmap_each(gw->users, list_one, l);
    json_t *found[CANDIDATES];
    int n = 0, own = 0;
    for (int i = 0; i < l->n; i++) {
        ippon_bot bot;
        char owner[80];
        bool deleted;
        if (!gw->app || !gw->app->store ||
            ippon_store_bot_about(gw->app->store, l->ids[i], &bot, owner, sizeof owner, &deleted) != 0 || deleted ||
            bot.suspended_at)
            continue;
        bool mine = !strcmp(bot.owner_id, c->user_id);
        if (!mine && !bot.public_bot)
            continue;
        json_t *one = json_pack("{s:s,s:s,s:s,s:b,s:b}", "user_id", bot.id, "name", bot.name, "owner", owner, "mine",
                                mine, "public", bot.public_bot);
        if (!one)
            continue;
        if (mine) { /* the host's own first */
            found[n++] = found[own];
            found[own++] = one;
        } else {
            found[n++] = one;
        }
    }
    free(l);
    qsort(found, (size_t)own, sizeof found[0], by_name);
    qsort(found + own, (size_t)(n - own), sizeof found[0], by_name);
    json_t *bots = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(bots, found[i]);
    gw_send(gw, c, json_pack("{s:s,s:s,s:o}", "type", "room_bots", "mode", ippon_mode_name(room->choices.mode),
                             "bots", bots));
}

bool gw_room_bots_message(ippon_gateway *gw, ippon_conn *c, const char *type, const json_t *msg)
{
    if (!strcmp(type, "room_seat_bot"))
        on_seat(gw, c, msg);
    else if (!strcmp(type, "room_unseat_bot"))
        on_unseat(gw, c, msg);
    else if (!strcmp(type, "room_bots"))
        on_list(gw, c);
    else
        return false;
    return true;
}

void gw_room_bot_connected(ippon_gateway *gw, ippon_conn *c)
{
    ippon_room *room = ippon_rooms_of(gw->rooms, c->user_id);
    if (!room)
        return;
    if ((c->mjai_invitations || c->mjai_ladder) && c->mjai_mode == room->choices.mode)
        return; /* waits again for this room's mode: it keeps its seat */
    ippon_log(IPPON_LOG_INFO, "rooms: bot %s (%s) connected elsewhere: it leaves room %s", c->name, c->user_id,
              room->code);
    leave_room(gw, room, c->user_id);
}

void gw_room_bot_gone(ippon_gateway *gw, const char *bot_id)
{
    ippon_room *room = ippon_rooms_of(gw->rooms, bot_id);
    if (!room || !ai_member(room, bot_id))
        return;
    ippon_log(IPPON_LOG_INFO, "rooms: bot %s disconnected: it leaves room %s", bot_id, room->code);
    leave_room(gw, room, bot_id);
}

void gw_room_bots_released(ippon_gateway *gw, const ippon_room *room)
{
    for (int i = 1; i < room->n; i++)
        if (room->members[i].ai)
            back_to_waiting(gw, ai_conn(gw, room->members[i].user_id));
}
