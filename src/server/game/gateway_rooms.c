/*
 * gateway_rooms.c — private tables over the WebSocket (PROTOCOL.md, "Private tables"): a signed-in
 * player (a guest too) creates a room with the match's choices (rooms.h), friends join it by its
 * code, every member hears the room as it changes ("room"), and the host starts the match —
 * bots fill the empty seats if the host allowed them, else the room must be full — or closes it.
 * The table a room starts is never ranked, is stored as private, uses the room's clocks (relaxed:
 * three times the standard ones), and may be watched only if the host allowed it, with the host's
 * delay (gateway_watch.c reads both from the table's settings). After the match the host may
 * open the room again ("room_again": the same code and choices); the friends who played, those
 * still around (connected, not seated, queued or in another room), are offered to come back
 * ("room_offer") and come back with an ordinary room_join. A room_join is looked at only
 * once the limits on codes that lead nowhere admit it (gateway_room_limits.c), and tells them
 * whether its code named a room. The host may seat bot accounts' AIs too (gateway_room_bots.c):
 * they are members marked "ai" that hear nothing of the room, and play their seats over mjai.
 */
#include "game/gateway_rooms.h"

#include <stdio.h>
#include <string.h>

#include "base/mode.h"
#include "game/gateway_conn.h"
#include "game/gateway_matchmaker.h"
#include "game/gateway_room_bots.h"
#include "game/gateway_room_limits.h"
#include "game/gateway_state.h"
#include "game/gateway_tables.h"
#include "game/rooms.h"

enum { ROOMS_PER_ADDR = 3, RELAXED = 3, MAX_DELAY_S = 3600 };

ippon_rooms *gw_rooms_new(void)
{
    return ippon_rooms_new(ROOMS_PER_ADDR, IPPON_ROOM_MAX_AGE_MS);
}

void gw_room_told_entered(ippon_gateway *gw, const char *code, const char *user_id, bool opened)
{
    if (gw->has_mm && gw->mm.room_entered)
        gw->mm.room_entered(gw->mm.ctx, code, user_id, opened);
}

void gw_room_told_left(ippon_gateway *gw, const char *code, const char *const *users, int n, bool ended)
{
    if (gw->has_mm && gw->mm.room_left)
        gw->mm.room_left(gw->mm.ctx, code, users, n, ended);
}

/* ... the room is over: its members are told */
static void told_ended(ippon_gateway *gw, const ippon_room *room)
{
    const char *users[IPPON_ROOM_MAX_SEATS];
    for (int i = 0; i < room->n; i++)
        users[i] = room->members[i].user_id;
    gw_room_told_left(gw, room->code, users, room->n, true);
}

/* the room as its members see it */
static json_t *room_json(const ippon_room *room)
{
    json_t *members = json_array();
    for (int i = 0; i < room->n; i++) {
        const ippon_room_member *m = &room->members[i];
        json_t *member = json_pack("{s:s,s:s,s:b}", "user_id", m->user_id, "name", m->name, "host", i == 0);
        if (member && m->ai) {
            json_object_set_new(member, "ai", json_true());
            json_object_set_new(member, "owner", json_string(m->owner));
        }
        json_array_append_new(members, member);
    }
    const ippon_room_choices *c = &room->choices;
    return json_pack("{s:s,s:s,s:o,s:{s:s,s:s,s:b,s:b,s:i},s:i}", "type", "room", "code", room->code, "members",
                     members, "choices", "mode", ippon_mode_name(c->mode), "clock", c->relaxed ? "relaxed" : "standard",
                     "bots", c->bots, "spectators", c->spectators, "delay_s", c->delay_s, "seats",
                     ippon_mode_players(c->mode));
}

/* a message to every member of the room who is connected (msg taken); not its AIs, whose
   connections hear mjai only */
static void tell_members(ippon_gateway *gw, const ippon_room *room, json_t *msg)
{
    for (int i = 0; i < room->n; i++) {
        ippon_conn *c = room->members[i].ai ? NULL : gw_conn_of(gw, room->members[i].user_id);
        if (c)
            gw_send(gw, c, json_incref(msg));
    }
    json_decref(msg);
}

void gw_room_tell(ippon_gateway *gw, const ippon_room *room)
{
    tell_members(gw, room, room_json(room));
}

/* the room's members and the code it had, told that it closed (and the cluster, that it is over);
   its AIs are free again */
static void tell_closed(ippon_gateway *gw, const ippon_room *room, const char *reason)
{
    told_ended(gw, room);
    tell_members(gw, room, json_pack("{s:s,s:s,s:s}", "type", "room_closed", "code", room->code, "reason", reason));
    gw_room_bots_released(gw, room);
}

/* may c be in a room now? (not at a table, not queued); false with the error sent */
static bool free_to_gather(ippon_gateway *gw, ippon_conn *c)
{
    if (gw_table_of(gw, c->user_id)) {
        gw_bad(gw, c, "in_match", "you are already playing a match");
        return false;
    }
    if (ippon_lobby_mode_of(gw->lobby, c->user_id) >= 0) {
        gw_bad(gw, c, "queued", "leave the queue first");
        return false;
    }
    return true;
}

void gw_room_refuse(ippon_gateway *gw, ippon_conn *c, int err)
{
    static const char *const why[] = {
        [-IPPON_ROOM_IN_ROOM] = "you are in a room already: leave it first",
        [-IPPON_ROOM_TOO_MANY] = "too many private tables are open from your address",
        [-IPPON_ROOM_NOT_FOUND] = "no private table has that code",
        [-IPPON_ROOM_FULL] = "this private table is full",
        [-IPPON_ROOM_NOT_HOST] = "only the host may do that",
        [-IPPON_ROOM_NO_MEMORY] = "the server is short of memory: try again",
    };
    gw_bad(gw, c, ippon_rooms_error_code(err), why[-err]);
}

/* the choices of a room_create message; false with the error sent */
static bool read_choices(ippon_gateway *gw, ippon_conn *c, const json_t *msg, ippon_room_choices *out)
{
    const char *mode = json_string_value(json_object_get(msg, "mode"));
    const char *clock = json_string_value(json_object_get(msg, "clock"));
    const json_t *bots = json_object_get(msg, "bots"), *spectators = json_object_get(msg, "spectators");
    const json_t *delay = json_object_get(msg, "delay_s");
    ippon_mode m;
    const char *bad = !mode || ippon_mode_parse(mode, &m) != 0      ? "mode: " IPPON_MODE_CHOICES
                    : clock && strcmp(clock, "standard") && strcmp(clock, "relaxed") ? "clock: \"standard\" or \"relaxed\""
                    : bots && !json_is_boolean(bots)                ? "bots: true or false"
                    : spectators && !json_is_boolean(spectators)    ? "spectators: true or false"
                    : delay && (!json_is_integer(delay) || json_integer_value(delay) < 0 ||
                                json_integer_value(delay) > MAX_DELAY_S)
                        ? "delay_s: seconds, 0 to 3600"
                        : NULL;
    if (bad) {
        gw_bad(gw, c, "bad_message", bad);
        return false;
    }
    *out = (ippon_room_choices){
        .mode = m, .relaxed = clock && !strcmp(clock, "relaxed"), .bots = !bots || json_is_true(bots),
        .spectators = !spectators || json_is_true(spectators),
        .delay_s = delay ? (int)json_integer_value(delay) : (int)(gw->set.spectate_delay_ms / 1000),
    };
    return true;
}

static ippon_room_member member_of(const ippon_conn *c)
{
    ippon_room_member m;
    memset(&m, 0, sizeof m);
    snprintf(m.user_id, sizeof m.user_id, "%s", c->user_id);
    snprintf(m.name, sizeof m.name, "%s", c->name);
    return m;
}

static void on_create(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now)
{
    ippon_room_choices choices;
    if (!read_choices(gw, c, msg, &choices) || !free_to_gather(gw, c))
        return;
    if (gw->maintenance || gw->draining) {
        gw_send_error(gw, c, gw->maintenance ? "maintenance" : "draining", "no new matches for now");
        return;
    }
    ippon_room_member host = member_of(c);
    char code[IPPON_ROOM_CODE_LEN + 1];
    int rc = ippon_rooms_create(gw->rooms, &host, c->addr, &choices, now, code);
    if (rc != IPPON_ROOM_OK) {
        gw_room_refuse(gw, c, rc);
        return;
    }
    gw_send(gw, c, room_json(ippon_rooms_find(gw->rooms, code)));
    gw_room_told_entered(gw, code, c->user_id, true);
}

/* c joins room code of this node: true if it is a member now (the members told), else false
   with the error sent */
static bool join_here(ippon_gateway *gw, ippon_conn *c, ippon_room *room, const char *code)
{
    if (room && ippon_rooms_of(gw->rooms, c->user_id) != room && !free_to_gather(gw, c))
        return false;
    ippon_room_member me = member_of(c);
    int rc = ippon_rooms_join(gw->rooms, code, &me);
    if (rc != IPPON_ROOM_OK) {
        gw_room_refuse(gw, c, rc);
        return false;
    }
    tell_members(gw, room, room_json(room));
    gw_room_told_entered(gw, room->code, c->user_id, false);
    return true;
}

static void on_join(ippon_gateway *gw, ippon_conn *c, const json_t *msg)
{
    const char *code = json_string_value(json_object_get(msg, "code"));
    if (!code) {
        gw_bad(gw, c, "bad_message", "code: the private table's code");
        return;
    }
    gw_room_join_ask(gw, c, code); /* the limits on failed joins first: gateway_room_limits.c */
}

void gw_room_join_go(ippon_gateway *gw, ippon_conn *c, const char *code, bool shared)
{
    ippon_room *room = ippon_rooms_find(gw->rooms, code);
    char key[IPPON_ROOM_CODE_LEN + 1];
    if (!room && gw->has_mm && gw->mm.room_elsewhere && ippon_rooms_canonical_code(code, key)) {
        /* perhaps another node's: the matchmaker sends the player there, or says there is none */
        if (ippon_rooms_of(gw->rooms, c->user_id)) {
            gw_room_join_end(gw, c, shared, false); /* the code was not looked at */
            gw_room_refuse(gw, c, IPPON_ROOM_IN_ROOM);
        } else if (free_to_gather(gw, c)) {
            c->room_asks++; /* its end: ippon_gateway_room_found_elsewhere or _refused */
            c->room_asks_shared += shared;
            gw->mm.room_elsewhere(gw->mm.ctx, c->user_id, key);
        } else {
            gw_room_join_end(gw, c, shared, false);
        }
        return;
    }
    gw_room_join_end(gw, c, shared, !room); /* a code that names a room is no failure */
    if (!room)
        gw_room_refuse(gw, c, IPPON_ROOM_NOT_FOUND);
    else
        join_here(gw, c, room, code);
}

/* one of c's room_joins the matchmaker looked up ended: failed, or found its room (or not looked
   up: Redis away) */
static void asked_elsewhere_ended(ippon_gateway *gw, ippon_conn *c, bool failed)
{
    if (c->room_asks <= 0)
        return;
    c->room_asks--;
    bool shared = c->room_asks_shared > 0;
    c->room_asks_shared -= shared;
    gw_room_join_end(gw, c, shared, failed);
}

static void on_leave(ippon_gateway *gw, ippon_conn *c)
{
    ippon_room *room = ippon_rooms_of(gw->rooms, c->user_id);
    if (!room) {
        gw_bad(gw, c, "no_room", "you are in no private table");
        return;
    }
    ippon_room before = *room; /* who to tell, should the room close */
    if (ippon_rooms_leave(gw->rooms, c->user_id)) { /* the host left: the room is closed */
        tell_closed(gw, &before, "the host closed the table");
        return;
    }
    gw_send(gw, c, json_pack("{s:s}", "type", "room_left"));
    tell_members(gw, room, room_json(room));
    gw_room_told_left(gw, room->code, (const char *[]){c->user_id}, 1, false);
}

ippon_room *gw_room_hosted(ippon_gateway *gw, ippon_conn *c)
{
    ippon_room *room = ippon_rooms_of(gw->rooms, c->user_id);
    if (!room || strcmp(room->members[0].user_id, c->user_id) != 0) {
        gw_room_refuse(gw, c, room ? IPPON_ROOM_NOT_HOST : IPPON_ROOM_NOT_FOUND);
        return NULL;
    }
    return room;
}

static void on_start(ippon_gateway *gw, ippon_conn *c)
{
    ippon_room *room = gw_room_hosted(gw, c);
    if (!room)
        return;
    int seats = ippon_mode_players(room->choices.mode);
    if (room->n < seats && (!room->choices.bots || !gw->set.bots)) {
        gw_bad(gw, c, "room_not_full", "bots may not fill this table: wait for every seat to be taken");
        return;
    }
    if (gw->maintenance || gw->draining) {
        gw_send_error(gw, c, gw->maintenance ? "maintenance" : "draining", "no new matches for now");
        return;
    }
    ippon_lobby_entry humans[IPPON_ROOM_MAX_SEATS];
    gw_table_options opt = {
        .private_match = true, .clock_factor = room->choices.relaxed ? RELAXED : 1,
        .no_spectators = !room->choices.spectators, .watch_delay_ms = (int64_t)room->choices.delay_s * 1000,
    };
    int n = 0;
    int64_t now = gw_now(gw);
    for (int i = 0; i < room->n; i++) {
        if (gw_table_of(gw, room->members[i].user_id))
            continue; /* seated elsewhere meanwhile (cannot happen through this server's rules) */
        memset(&humans[n], 0, sizeof humans[n]);
        snprintf(humans[n].user_id, sizeof humans[n].user_id, "%s", room->members[i].user_id);
        snprintf(humans[n].name, sizeof humans[n].name, "%s", room->members[i].name);
        humans[n].since = now;
        opt.mjai[n] = room->members[i].ai; /* the host's AIs play over mjai */
        n++;
    }
    ippon_room started = *room;
    ippon_rooms_start(gw->rooms, room->code, now); /* kept as played: room_again opens it again */
    told_ended(gw, &started);
    tell_members(gw, &started, json_pack("{s:s,s:s}", "type", "room_started", "code", started.code));
    gw_start_table_with(gw, started.choices.mode, humans, n, &opt);
}

/* the host opens its played room again; its other players, those still around, are offered to
   come back */
static void on_again(ippon_gateway *gw, ippon_conn *c, int64_t now)
{
    const ippon_room *mine = ippon_rooms_of(gw->rooms, c->user_id);
    if (mine && !strcmp(mine->members[0].user_id, c->user_id)) { /* open again already: a second click */
        gw_send(gw, c, room_json(mine));
        return;
    }
    if (!ippon_rooms_played_of(gw->rooms, c->user_id)) {
        gw_bad(gw, c, "no_room", "you hosted no private table that can be played again");
        return;
    }
    if (!free_to_gather(gw, c))
        return;
    if (gw->maintenance || gw->draining) {
        gw_send_error(gw, c, gw->maintenance ? "maintenance" : "draining", "no new matches for now");
        return;
    }
    ippon_room was;
    int rc = ippon_rooms_reopen(gw->rooms, c->user_id, c->addr, now, &was);
    if (rc != IPPON_ROOM_OK) {
        gw_room_refuse(gw, c, rc);
        return;
    }
    ippon_room *room = ippon_rooms_find(gw->rooms, was.code);
    gw_send(gw, c, room_json(room));
    gw_room_told_entered(gw, room->code, c->user_id, true);
    json_t *offer = json_pack("{s:s,s:s,s:{s:s,s:s}}", "type", "room_offer", "code", room->code, "host", "user_id",
                              c->user_id, "name", c->name);
    for (int i = 1; i < was.n; i++) {
        const char *user = was.members[i].user_id;
        ippon_conn *friend = was.members[i].ai ? NULL : gw_conn_of(gw, user); /* AIs are seated again */
        if (friend && !friend->closing && !gw_table_of(gw, user) && !ippon_rooms_of(gw->rooms, user) &&
            ippon_lobby_mode_of(gw->lobby, user) < 0)
            gw_send(gw, friend, json_incref(offer));
    }
    json_decref(offer);
}

bool gw_room_message(ippon_gateway *gw, ippon_conn *c, const char *type, const json_t *msg, int64_t now)
{
    if (!strcmp(type, "room_create"))
        on_create(gw, c, msg, now);
    else if (!strcmp(type, "room_join"))
        on_join(gw, c, msg);
    else if (!strcmp(type, "room_leave") || !strcmp(type, "room_close"))
        on_leave(gw, c);
    else if (!strcmp(type, "room_start"))
        on_start(gw, c);
    else if (!strcmp(type, "room_again"))
        on_again(gw, c, now);
    else if (gw_room_bots_message(gw, c, type, msg))
        ;
    else
        return false;
    return true;
}

bool gw_in_room(ippon_gateway *gw, const char *user_id)
{
    return ippon_rooms_of(gw->rooms, user_id) != NULL;
}

void gw_room_rejoin(ippon_gateway *gw, ippon_conn *c)
{
    ippon_room *room = ippon_rooms_of(gw->rooms, c->user_id);
    if (room)
        gw_send(gw, c, room_json(room));
}

bool ippon_gateway_send_to_room(ippon_gateway *gw, const char *user_id, const char *node, const char *code)
{
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (!c || c->closing || ippon_rooms_of(gw->rooms, user_id))
        return false;
    gw_send_move(gw, c, "room", node, "room", code);
    return true;
}

void ippon_gateway_room_arrived(ippon_gateway *gw, const char *user_id, const char *code)
{
    ippon_conn *c = gw_conn_of(gw, user_id);
    ippon_room *room = ippon_rooms_find(gw->rooms, code);
    if (!c || c->closing || (room && ippon_rooms_of(gw->rooms, user_id) == room))
        return;
    if (!room || !join_here(gw, c, room, code)) { /* gone meanwhile, or full: it belongs to it no more */
        if (!room)
            gw_room_refuse(gw, c, IPPON_ROOM_NOT_FOUND);
        gw_room_told_left(gw, code, (const char *[]){user_id}, 1, false);
    }
}

bool ippon_gateway_room_found_elsewhere(ippon_gateway *gw, const char *user_id, const char *node, const char *code)
{
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (c)
        asked_elsewhere_ended(gw, c, false);
    return ippon_gateway_send_to_room(gw, user_id, node, code);
}

void ippon_gateway_room_refused(ippon_gateway *gw, const char *user_id, const char *code, const char *message)
{
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (c)
        asked_elsewhere_ended(gw, c, !strcmp(code, "no_room"));
    if (c && !c->closing)
        gw_bad(gw, c, code, message);
}

void gw_rooms_expire(ippon_gateway *gw, int64_t now)
{
    ippon_room gone[8];
    int n;
    while ((n = ippon_rooms_expire(gw->rooms, now, gone, 8)) > 0)
        for (int i = 0; i < n; i++)
            tell_closed(gw, &gone[i], "nobody started it within 30 minutes");
}
