/*
 * events_rest.c — the /api/events routes (src/server/EVENTS.md "REST"): the list and an event for
 * anyone; making an event (an administrator: site or club; a registered user: club, within
 * event_club_open and event_club_per_day); registering, withdrawing and checking in for a
 * registered user; the organiser's (or an administrator's) changes, status moves, announcement and
 * entrants' removal and check-in, each audited (action event_*, target the event id).
 *
 * How it works: a handler reads the caller and the event on the loop's connection, checks
 * everything it can (fields, who, the entry's rule), then has the change written by the store
 * writer (event_writes.h), which checks the status and the cap again in its transaction, and
 * defers its reply; the completion answers (the event read back, or the caller's entry).
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/event_rounds_json.h"
#include "api/events_json.h"
#include "api/rest.h"
#include "api/rest_fields.h"
#include "api/rest_params.h"
#include "api/rest_session.h"
#include "base/ids.h"
#include "base/mode.h"
#include "base/wall_clock.h"
#include "config.h"
#include "game/gateway_live.h"
#include "store/event_writes.h"
#include "store/store_ratings.h"

#define EVENTS_RETRY_S 5
#define MINUTE_MS 60000LL

/* ---- the caller and the event ---------------------------------------------------------------- */

/* the caller, a registered user (not a guest, not a bot): 0, or -1 after the reply (401, 403, 503) */
static int event_caller(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, ippon_user *user)
{
    char token[IPPON_TOKEN_HEX_LEN + 1];
    if (!app->auth || !ippon_rest_have_store(app, res))
        return -1;
    if (ippon_rest_session_user(app, req, res, token, user) != 0)
        return -1;
    sodium_memzero(token, sizeof token);
    if (user->guest || user->is_bot) {
        ippon_rest_reply_error(res, 403, "not_registered", "events are for registered accounts; register first");
        return -1;
    }
    return 0;
}

int ippon_rest_event_of_path(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, ippon_event_def *ev)
{
    char id[IPPON_USER_ID_LEN + 1];
    memset(ev, 0, sizeof *ev);
    if (ippon_rest_id_param(req->param, id) != 0) {
        ippon_rest_bad_param(res, "id", "32 hex digits (an event's id)");
        return -1;
    }
    int rc = ippon_store_event_get(app->store, id, ev);
    if (rc == IPPON_STORE_NOT_FOUND)
        ippon_rest_reply_error(res, 404, "not_found", "no event %s", id);
    else if (rc != 0)
        ippon_rest_store_failed(res);
    return rc == 0 ? 0 : -1;
}

/* the caller may act as the event's organiser: 0, or -1 after 403 not_organiser */
static int organiser_check(const ippon_user *user, const ippon_event_def *ev, ippon_rest_response *res)
{
    if (user->is_admin || strcmp(user->id, ev->organiser_id) == 0)
        return 0;
    ippon_rest_reply_error(res, 403, "not_organiser", "only the event's organiser (or an administrator) may do this");
    return -1;
}

static json_t *entrant_json(const ippon_event_entrant *e)
{
    return json_pack("{s:{s:s, s:s}, s:s, s:b}", "user", "id", e->user_id, "display_name", e->display_name, "status",
                     e->status, "checked_in", e->checked_in_at != 0);
}

/* the caller's entry ({"status","checked_in"}), or null */
static json_t *me_json(ippon_app *app, const char *event_id, const char *user_id)
{
    ippon_event_entrant e;
    if (!user_id || ippon_store_event_entrant(app->store, event_id, user_id, &e) != 0)
        return json_null();
    return json_pack("{s:s, s:b}", "status", e.status, "checked_in", e.checked_in_at != 0);
}

/* the whole event with its entrants, rounds ("round_list"), standings and the caller's entry (viewer: NULL for anyone) */
static json_t *event_full_json(ippon_app *app, const ippon_event_def *ev, const char *viewer)
{
    ippon_event_entrant *entrants = NULL;
    int n = 0;
    if (ippon_store_event_entrants(app->store, ev->id, &entrants, &n) != 0)
        return NULL;
    json_t *out = ippon_event_json(ev), *list = json_array();
    for (int i = 0; list && i < n; i++)
        json_array_append_new(list, entrant_json(&entrants[i]));
    free(entrants);
    if (!out || !list) {
        json_decref(out);
        json_decref(list);
        return NULL;
    }
    json_object_set_new(out, "entrants", list);
    json_object_set_new(out, "me", me_json(app, ev->id, viewer));
    ippon_event_round *rounds = NULL;
    ippon_event_line *lines = NULL;
    int n_rounds = 0, n_lines = 0;
    json_t *round_list = NULL, *standings = NULL;
    if (ippon_store_event_rounds(app->store, ev->id, &rounds, &n_rounds) == 0 &&
        ippon_store_event_standings(app->store, ev, &lines, &n_lines) == 0) {
        round_list = ippon_event_round_list_json(rounds, n_rounds, ev->spectators);
        standings = ippon_event_standings_json(lines, n_lines, ev->rounds);
    }
    ippon_event_rounds_free(rounds, n_rounds);
    free(lines);
    if (!round_list || !standings) {
        json_decref(round_list);
        json_decref(standings);
        json_decref(out);
        return NULL;
    }
    json_object_set_new(out, "round_list", round_list);
    json_object_set_new(out, "standings", standings);
    return out;
}

/* ---- writes and their replies ---------------------------------------------------------------- */

typedef struct event_wait {
    ippon_rest_deferred *deferred;
    ippon_app *app;
    bool reply_me; /* reply {"me"} (an entrant's own change), else the event */
} event_wait;

static void entry_refused(ippon_entry_refusal why, ippon_rest_response *res)
{
    switch (why) {
    case IPPON_ENTRY_FULL:
        ippon_rest_reply_error(res, 409, "full", "the event is full");
        break;
    case IPPON_ENTRY_REMOVED:
        ippon_rest_reply_error(res, 403, "not_allowed", "the organiser removed you from this event");
        break;
    case IPPON_ENTRY_NOT_ENTRANT:
        ippon_rest_reply_error(res, 409, "not_entrant", "not registered for this event");
        break;
    case IPPON_ENTRY_ALREADY:
        ippon_rest_reply_error(res, 409, "already_registered", "already registered for this event");
        break;
    case IPPON_ENTRY_NOT_PLAYING:
        ippon_rest_reply_error(res, 409, "not_playing", "the entrant is not playing a match of this event now");
        break;
    default:
        ippon_rest_reply_error(res, 409, "closed", "the event takes no entries or changes of entries now");
    }
}

static void event_written_reply(const ippon_event_write *ew, int rc, event_wait *w, ippon_rest_response *res)
{
    const char *id = ew->kind == IPPON_EW_CREATE || ew->kind == IPPON_EW_UPDATE ? ew->ev.id : ew->id;
    if (rc == IPPON_WRITE_UNAVAILABLE || rc == IPPON_WRITE_STOPPED) {
        res->retry_after = EVENTS_RETRY_S;
        ippon_rest_reply_error(res, 503, "unavailable", "the database cannot store this right now; try again in %d seconds",
                               EVENTS_RETRY_S);
    } else if (rc == IPPON_STORE_NOT_FOUND) {
        ippon_rest_reply_error(res, 404, "not_found", "no event %s", id);
    } else if (rc == IPPON_STORE_LIMIT) {
        ippon_rest_reply_error(res, 409, "too_many_events", ew->which == 1
                                   ? "you organise %d club events not yet finished; finish or cancel one first"
                                   : "you made %d club events in the last 24 hours; try again later",
                               ew->which == 1 ? ew->open_max : ew->day_max);
    } else if (rc == IPPON_STORE_CONFLICT && ew->kind == IPPON_EW_ENTRY) {
        entry_refused(ew->why, res);
    } else if (rc == IPPON_STORE_CONFLICT) {
        ippon_rest_reply_error(res, 409, "bad_status", "the event's status does not allow this now");
    } else if (rc != 0) {
        ippon_rest_store_failed(res);
    } else if (w->reply_me) {
        json_t *me = me_json(w->app, id, ew->user_id);
        ippon_rest_reply_json(res, 200, json_pack("{s:o}", "me", me));
    } else {
        ippon_event_def ev;
        json_t *out = ippon_store_event_get(w->app->store, id, &ev) == 0 ? event_full_json(w->app, &ev, ew->actor_id)
                                                                          : NULL;
        ippon_event_clear(&ev);
        if (out)
            ippon_rest_reply_json(res, ew->kind == IPPON_EW_CREATE ? 201 : 200, out);
        else
            ippon_rest_store_failed(res);
    }
}

static void event_written(const ippon_event_write *ew, int rc, void *ctx)
{
    event_wait *w = ctx;
    if (rc == 0 && ew->kind == IPPON_EW_ANNOUNCE && w->app->gateway) /* to the entrants here at once */
        ippon_gateway_event_announce(w->app->gateway, ew->id, ew->text);
    ippon_rest_response res;
    memset(&res, 0, sizeof res);
    event_written_reply(ew, rc, w, &res);
    ippon_rest_finish(w->deferred, &res);
    free(w);
}

/* have ew written (the audit row's actor: user) and the reply deferred until then */
static void event_submit(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                         ippon_event_write *ew, const ippon_user *user, bool reply_me)
{
    event_wait *w = calloc(1, sizeof *w);
    if (!w || !(w->deferred = ippon_rest_defer(req, res))) {
        free(w);
        ippon_rest_reply_error(res, 500, "internal", "this request cannot wait for its answer");
        return;
    }
    w->app = app;
    w->reply_me = reply_me;
    snprintf(ew->actor_id, sizeof ew->actor_id, "%s", user->id);
    snprintf(ew->actor_name, sizeof ew->actor_name, "%s", user->display_name);
    if (!ew->now_ms)
        ew->now_ms = ippon_wall_ms();
    ew->done = event_written;
    ew->ctx = w;
    if (ippon_event_write_submit(app->writer, ew) != 0) {
        ippon_rest_undefer(res);
        free(w);
        res->retry_after = EVENTS_RETRY_S;
        ippon_rest_reply_error(res, 503, "unavailable", "the database cannot take this right now; try again later");
    }
}

/* ---- the list and an event ------------------------------------------------------------------- */

void ippon_rest_events_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    static const char *const statuses[] = {"upcoming", "running", "finished"};
    char status[16] = "", kind[8] = "";
    int page, limit;
    ippon_event_filter filter = IPPON_EVENTS_ANY;
    if (ippon_rest_param(req, "status", status, sizeof status) != 0) {
        filter = (ippon_event_filter)0;
        for (int i = 0; i < 3; i++)
            if (strcmp(status, statuses[i]) == 0)
                filter = (ippon_event_filter)(IPPON_EVENTS_UPCOMING + i);
        if (filter == IPPON_EVENTS_ANY) {
            ippon_rest_bad_param(res, "status", "upcoming, running or finished");
            return;
        }
    }
    int has_kind = ippon_rest_param(req, "kind", kind, sizeof kind);
    if (has_kind != 0 && strcmp(kind, "site") != 0 && strcmp(kind, "club") != 0) {
        ippon_rest_bad_param(res, "kind", "site or club");
        return;
    }
    if (!ippon_rest_paging(app, req, res, &page, &limit))
        return;
    ippon_event_page p;
    if (ippon_store_events_list(app->store, filter, has_kind ? kind : NULL, page, limit, &p) != 0) {
        ippon_event_page_free(&p);
        ippon_rest_store_failed(res);
        return;
    }
    json_t *events = json_array();
    for (int i = 0; events && i < p.count; i++)
        json_array_append_new(events, ippon_event_summary_json(&p.events[i]));
    json_int_t total = (json_int_t)p.total;
    ippon_event_page_free(&p);
    ippon_rest_reply_json(res, 200, events ? json_pack("{s:o, s:I, s:i, s:i}", "events", events, "total", total,
                                                       "page", page, "limit", limit)
                                           : NULL);
}

void ippon_rest_event_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_event_def ev;
    if (!ippon_rest_have_store(app, res) || ippon_rest_event_of_path(app, req, res, &ev) != 0)
        return;
    /* the viewer, if signed in: their entry ("me"); anyone else sees the event without it */
    ippon_user user;
    char token[IPPON_TOKEN_HEX_LEN + 1];
    const char *viewer = NULL;
    ippon_rest_response ignored;
    memset(&ignored, 0, sizeof ignored);
    if (req->authorization && app->auth && ippon_rest_session_user(app, req, &ignored, token, &user) == 0)
        viewer = user.id;
    ippon_rest_response_free(&ignored);
    sodium_memzero(token, sizeof token);
    json_t *out = event_full_json(app, &ev, viewer);
    ippon_event_clear(&ev);
    if (out)
        ippon_rest_reply_json(res, 200, out);
    else
        ippon_rest_store_failed(res);
}

/* ---- making and changing an event ------------------------------------------------------------ */

void ippon_rest_events_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_user user;
    ippon_rest_fields f;
    if (event_caller(app, req, res, &user) != 0 ||
        ippon_rest_fields_begin(&f, req, res, 0, ippon_event_field_names, IPPON_EVENT_FIELD_LIST) != 0)
        return;
    ippon_event_write ew = {.kind = IPPON_EW_CREATE, .now_ms = ippon_wall_ms(), .audited = true};
    ippon_event_fields_read(&f, &ew.ev, true, ew.now_ms);
    if (!ew.ev.kind[0])
        snprintf(ew.ev.kind, sizeof ew.ev.kind, "club");
    if (strcmp(ew.ev.kind, "site") == 0 && !user.is_admin) {
        ippon_event_clear(&ew.ev);
        ippon_rest_fields_end(&f);
        ippon_rest_reply_error(res, 403, "not_admin", "only administrators make site events; make a club event");
        return;
    }
    if (ippon_rest_fields_reply(&f, res) == 0) {
        ippon_id id;
        ippon_id_generate(&id);
        ippon_id_format(&id, ew.ev.id);
        snprintf(ew.ev.organiser_id, sizeof ew.ev.organiser_id, "%s", user.id);
        ew.ev.created_at = ew.now_ms;
        ew.open_max = app->config->event_club_open;
        ew.day_max = app->config->event_club_per_day;
        snprintf(ew.action, sizeof ew.action, "event_create");
        ew.detail = json_pack("{s:s, s:s, s:s}", "name", ew.ev.name, "kind", ew.ev.kind, "mode", ew.ev.mode);
        event_submit(app, req, res, &ew, &user, false);
        json_decref(ew.detail);
    }
    ippon_event_clear(&ew.ev);
    ippon_rest_fields_end(&f);
}

void ippon_rest_event_patch(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_user user;
    ippon_rest_fields f;
    ippon_event_write ew = {.kind = IPPON_EW_UPDATE, .now_ms = ippon_wall_ms(), .audited = true};
    if (event_caller(app, req, res, &user) != 0 || ippon_rest_event_of_path(app, req, res, &ew.ev) != 0)
        return;
    if (organiser_check(&user, &ew.ev, res) != 0 ||
        ippon_rest_fields_begin(&f, req, res, 0, ippon_event_field_names, IPPON_EVENT_FIELD_LIST) != 0) {
        ippon_event_clear(&ew.ev);
        return;
    }
    ippon_event_fields_read(&f, &ew.ev, false, ew.now_ms);
    if (ew.ev.status != IPPON_EVENT_REGISTRATION)
        ippon_rest_reply_error(res, 409, "bad_status", "an event's rules change only while it is in registration");
    else if (ippon_rest_fields_reply(&f, res) == 0) {
        snprintf(ew.action, sizeof ew.action, "event_change");
        ew.detail = json_deep_copy(f.body);
        json_object_del(ew.detail, "entry_code"); /* the audit never keeps the code */
        event_submit(app, req, res, &ew, &user, false);
        json_decref(ew.detail);
    }
    ippon_event_clear(&ew.ev);
    ippon_rest_fields_end(&f);
}

/* ---- the organiser's moves --------------------------------------------------------------------- */

/* the body {"<text_field>"?, "reason"?} of an organiser's route: 0 with text and reason copied, or -1 after a 400 */
static int organiser_body(const ippon_rest_request *req, ippon_rest_response *res, const char *text_field,
                          char *text, size_t text_len, char *reason, size_t reason_len)
{
    static const char *const with_text[] = {"text", "reason", NULL};
    static const char *const reason_only[] = {"reason", NULL};
    ippon_rest_fields f;
    if (ippon_rest_fields_begin(&f, req, res, 1, text_field ? with_text : reason_only,
                                text_field ? "text, reason" : "reason") != 0)
        return -1;
    if (text_field) {
        const char *t = ippon_rest_fields_text(&f, text_field, 1, IPPON_EVENT_ANNOUNCEMENT_MAX);
        snprintf(text, text_len, "%s", t ? t : "");
    }
    const char *r = ippon_rest_fields_text(&f, "reason", 0, 500);
    snprintf(reason, reason_len, "%s", r ? r : "");
    int rc = ippon_rest_fields_reply(&f, res);
    ippon_rest_fields_end(&f);
    return rc;
}

/* an organiser's status move: from → to, audited as action */
static void event_move(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, unsigned from_mask,
                       ippon_event_status to, int round, const char *action)
{
    ippon_user user;
    ippon_event_def ev;
    ippon_event_write ew = {.kind = IPPON_EW_STATUS, .from_mask = from_mask, .to = to, .round = round,
                            .audited = true};
    if (event_caller(app, req, res, &user) != 0 || ippon_rest_event_of_path(app, req, res, &ev) != 0)
        return;
    if (organiser_check(&user, &ev, res) == 0 &&
        organiser_body(req, res, NULL, NULL, 0, ew.reason, sizeof ew.reason) == 0) {
        if (!(from_mask & (1u << ev.status))) {
            ippon_rest_reply_error(res, 409, "bad_status", "the event is %s: it cannot be %s now",
                                   ippon_event_status_name(ev.status), action + 6);
        } else {
            snprintf(ew.id, sizeof ew.id, "%s", ev.id);
            snprintf(ew.action, sizeof ew.action, "%s", action);
            ew.detail = json_pack("{s:s, s:s}", "from", ippon_event_status_name(ev.status), "to",
                                  ippon_event_status_name(to));
            event_submit(app, req, res, &ew, &user, false);
            json_decref(ew.detail);
        }
    }
    ippon_event_clear(&ev);
}

#define BIT(s) (1u << (s))
#define OPEN_BITS (BIT(IPPON_EVENT_REGISTRATION) | BIT(IPPON_EVENT_CHECKIN))
#define LIVE_BITS (BIT(IPPON_EVENT_RUNNING) | BIT(IPPON_EVENT_PAUSED))

void ippon_rest_event_start_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    event_move(app, req, res, OPEN_BITS, IPPON_EVENT_RUNNING, 0, "event_start"); /* the runner seats round 1 */
}

void ippon_rest_event_pause_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    event_move(app, req, res, BIT(IPPON_EVENT_RUNNING), IPPON_EVENT_PAUSED, -1, "event_pause");
}

void ippon_rest_event_resume_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    event_move(app, req, res, BIT(IPPON_EVENT_PAUSED), IPPON_EVENT_RUNNING, -1, "event_resume");
}

void ippon_rest_event_end_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    event_move(app, req, res, LIVE_BITS, IPPON_EVENT_FINISHED, -1, "event_end");
}

void ippon_rest_event_cancel_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    event_move(app, req, res, OPEN_BITS | LIVE_BITS, IPPON_EVENT_CANCELLED, -1, "event_cancel");
}

void ippon_rest_event_announce_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_user user;
    ippon_event_def ev;
    ippon_event_write ew = {.kind = IPPON_EW_ANNOUNCE, .audited = true};
    if (event_caller(app, req, res, &user) != 0 || ippon_rest_event_of_path(app, req, res, &ev) != 0)
        return;
    if (organiser_check(&user, &ev, res) == 0 &&
        organiser_body(req, res, "text", ew.text, sizeof ew.text, ew.reason, sizeof ew.reason) == 0) {
        snprintf(ew.id, sizeof ew.id, "%s", ev.id);
        snprintf(ew.action, sizeof ew.action, "event_announce");
        ew.detail = json_pack("{s:s}", "text", ew.text);
        event_submit(app, req, res, &ew, &user, false);
        json_decref(ew.detail);
    }
    ippon_event_clear(&ev);
}

/* the organiser removes the entrant {user}, checks it in, or has a bot stand-in play its seat now */
static void entrant_change(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                           ippon_entry_op op)
{
    ippon_user user;
    ippon_event_def ev;
    ippon_event_write ew = {.kind = IPPON_EW_ENTRY, .op = op, .audited = true};
    if (event_caller(app, req, res, &user) != 0 || ippon_rest_event_of_path(app, req, res, &ev) != 0)
        return;
    if (organiser_check(&user, &ev, res) == 0 &&
        organiser_body(req, res, NULL, NULL, 0, ew.reason, sizeof ew.reason) == 0) {
        if (!req->param2 || ippon_rest_id_param(req->param2, ew.user_id) != 0) {
            ippon_rest_bad_param(res, "user", "32 hex digits (an entrant's user id)");
        } else {
            snprintf(ew.id, sizeof ew.id, "%s", ev.id);
            snprintf(ew.action, sizeof ew.action, "%s",
                     op == IPPON_ENTRY_REMOVE     ? "event_remove"
                     : op == IPPON_ENTRY_STAND_IN ? "event_stand_in"
                                                  : "event_checkin");
            ew.detail = json_pack("{s:s}", "user", ew.user_id);
            event_submit(app, req, res, &ew, &user, false);
            json_decref(ew.detail);
        }
    }
    ippon_event_clear(&ev);
}

void ippon_rest_event_remove_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    entrant_change(app, req, res, IPPON_ENTRY_REMOVE);
}

void ippon_rest_event_entrant_checkin_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    entrant_change(app, req, res, IPPON_ENTRY_CHECKIN);
}

void ippon_rest_event_stand_in_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    entrant_change(app, req, res, IPPON_ENTRY_STAND_IN);
}

/* ---- an entrant's own entry ------------------------------------------------------------------ */

/* is check-in open for ev at now_ms (its status checkin, or registration within checkin_minutes of the start)? */
static bool checkin_open(const ippon_event_def *ev, int64_t now_ms)
{
    return ev->status == IPPON_EVENT_CHECKIN ||
           (ev->status == IPPON_EVENT_REGISTRATION && now_ms >= ev->starts_at - ev->checkin_minutes * MINUTE_MS);
}

/* may user enter ev by its entry rule (code: the body's code)? 0, or -1 after the 403 */
static int entry_allowed(ippon_app *app, const ippon_event_def *ev, const ippon_user *user, const char *code,
                         size_t code_len, ippon_rest_response *res)
{
    if (strcmp(ev->entry, "code") == 0) {
        char hash[2 * IPPON_EVENT_CODE_HASH_BYTES + 1];
        ippon_event_code_hash(code ? code : "", code ? code_len : 0, hash);
        if (code && sodium_memcmp(hash, ev->entry_code_hash, sizeof hash - 1) == 0)
            return 0;
        ippon_rest_reply_error(res, 403, "bad_code", "this event needs its entry code; that is not it");
        return -1;
    }
    if (strcmp(ev->entry, "list") == 0) {
        json_t *list = json_loads(ev->entry_list ? ev->entry_list : "[]", 0, NULL);
        size_t i;
        json_t *name;
        bool listed = false;
        json_array_foreach(list, i, name) {
            const char *s = json_string_value(name);
            listed = listed || (s && (strcasecmp(s, user->display_name) == 0 || strcasecmp(s, user->id) == 0));
        }
        json_decref(list);
        if (listed)
            return 0;
        ippon_rest_reply_error(res, 403, "not_allowed", "this event is for the players its organiser listed");
        return -1;
    }
    bool dan = strcmp(ev->entry, "min_dan") == 0;
    if (!dan && strcmp(ev->entry, "min_rating") != 0)
        return 0;
    ippon_mode mode;
    ippon_standing standing;
    if (ippon_mode_parse(ev->mode, &mode) != 0 || ippon_store_standing(app->store, mode, user->id, &standing) < 0) {
        ippon_rest_store_failed(res);
        return -1;
    }
    if (dan ? standing.rank.tier >= ev->entry_min : standing.rating.mu >= ev->entry_min)
        return 0;
    ippon_rest_reply_error(res, 403, "not_allowed", dan ? "this event needs a rank of at least tier %d in %s"
                                                        : "this event needs a rating of at least %d in %s",
                           ev->entry_min, ev->mode);
    return -1;
}

void ippon_rest_event_register_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    static const char *const known[] = {"code", NULL};
    ippon_user user;
    ippon_event_def ev;
    ippon_rest_fields f;
    if (event_caller(app, req, res, &user) != 0 || ippon_rest_event_of_path(app, req, res, &ev) != 0)
        return;
    if (ippon_rest_fields_begin(&f, req, res, 1, known, "code") != 0) {
        ippon_event_clear(&ev);
        return;
    }
    size_t code_len;
    const char *code = ippon_rest_fields_string(&f, "code", 0, &code_len);
    int64_t now = ippon_wall_ms();
    if (ippon_rest_fields_reply(&f, res) != 0) {
    } else if (ev.status != IPPON_EVENT_REGISTRATION && ev.status != IPPON_EVENT_CHECKIN) {
        entry_refused(IPPON_ENTRY_CLOSED, res);
    } else if (entry_allowed(app, &ev, &user, code, code_len, res) == 0) {
        ippon_event_write ew = {.kind = IPPON_EW_ENTRY, .op = IPPON_ENTRY_REGISTER, .now_ms = now,
                                .check_in = checkin_open(&ev, now)};
        snprintf(ew.id, sizeof ew.id, "%s", ev.id);
        snprintf(ew.user_id, sizeof ew.user_id, "%s", user.id);
        event_submit(app, req, res, &ew, &user, true);
    }
    ippon_rest_fields_end(&f);
    ippon_event_clear(&ev);
}

/* an entrant's withdrawal or check-in (no body) */
static void own_entry(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, ippon_entry_op op)
{
    ippon_user user;
    ippon_event_def ev;
    if (event_caller(app, req, res, &user) != 0 || ippon_rest_event_of_path(app, req, res, &ev) != 0)
        return;
    char none[1];
    int64_t now = ippon_wall_ms();
    if (organiser_body(req, res, NULL, NULL, 0, none, sizeof none) != 0) {
    } else if (op == IPPON_ENTRY_CHECKIN && !checkin_open(&ev, now)) {
        ippon_rest_reply_error(res, 409, "not_open", "check-in opens %d minutes before the start (and the event is %s)",
                               ev.checkin_minutes, ippon_event_status_name(ev.status));
    } else {
        ippon_event_write ew = {.kind = IPPON_EW_ENTRY, .op = op, .now_ms = now};
        snprintf(ew.id, sizeof ew.id, "%s", ev.id);
        snprintf(ew.user_id, sizeof ew.user_id, "%s", user.id);
        event_submit(app, req, res, &ew, &user, true);
    }
    ippon_event_clear(&ev);
}

void ippon_rest_event_withdraw_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    own_entry(app, req, res, IPPON_ENTRY_WITHDRAW);
}

void ippon_rest_event_checkin_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    own_entry(app, req, res, IPPON_ENTRY_CHECKIN);
}
