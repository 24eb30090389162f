/*
 * events_json.c — events on the wire (events_json.h): the JSON of an event and its summary, and
 * the checking of an event's fields in a body (rest_fields.h: every problem named at once).
 */
#include "api/events_json.h"

#include "ippon/ladder.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const ippon_event_field_names[] = {
    "name", "description", "kind", "mode", "rounds", "starts_at", "checkin_minutes", "round_start", "round_times",
    "break_minutes", "seating", "duplicate", "entry", "entry_code", "entry_list", "entry_min", "cap", "clocks",
    "fill", "stand_in", "spectators", "watch_delay_s", "recurrence", NULL,
};

static const char *const kinds[] = {"site", "club", NULL};
static const char *const modes[] = {"4p", "3p", NULL};
static const char *const round_starts[] = {"when_done", "times", NULL};
static const char *const seatings[] = {"random", "swiss", "min_repeat", NULL};
static const char *const entries[] = {"open", "code", "list", "min_dan", "min_rating", NULL};
static const char *const clocks[] = {"standard", "relaxed", NULL};
static const char *const fills[] = {"bots", "byes", NULL};
static const char *const stand_ins[] = {"counts", "void", NULL};
static const char *const recurrences[] = {"weekly", NULL};

#define EVENT_CODE_MIN 4
#define EVENT_CODE_MAX 32
#define EVENT_LIST_NAME_MAX_BYTES 64
#define EVENT_MIN_RATING_MAX 100000
#define EVENT_START_MAX_MS 32503680000000LL /* year 3000 */

json_t *ippon_event_summary_json(const ippon_event_def *ev)
{
    return json_pack("{s:s, s:s, s:s, s:s, s:s, s:I, s:i, s:i, s:i, s:i, s:{s:s, s:s}}", "id", ev->id, "name",
                     ev->name, "kind", ev->kind, "mode", ev->mode, "status", ippon_event_status_name(ev->status),
                     "starts_at", (json_int_t)ev->starts_at, "rounds", ev->rounds, "round", ev->round, "entrants",
                     ev->entrants, "cap", ev->cap, "organiser", "id", ev->organiser_id, "display_name",
                     ev->organiser_name);
}

json_t *ippon_event_json(const ippon_event_def *ev)
{
    json_t *out = ippon_event_summary_json(ev);
    json_t *times = json_loads(ev->round_times[0] ? ev->round_times : "[]", 0, NULL);
    json_t *list = json_loads(ev->entry_list ? ev->entry_list : "[]", 0, NULL);
    json_t *rules = json_pack(
        "{s:s, s:i, s:s, s:o, s:i, s:s, s:b, s:s, s:o, s:i, s:s, s:s, s:s, s:b, s:i, s:s?, s:s, s:I}", "description",
        ev->description, "checkin_minutes", ev->checkin_minutes, "round_start", ev->round_start, "round_times",
        times ? times : json_array(), "break_minutes", ev->break_minutes, "seating", ev->seating, "duplicate",
        ev->duplicate, "entry", ev->entry, "entry_list", list ? list : json_array(), "entry_min", ev->entry_min,
        "clocks", ev->clocks, "fill", ev->fill, "stand_in", ev->stand_in, "spectators", ev->spectators,
        "watch_delay_s", ev->watch_delay_s, "recurrence", ev->recurrence[0] ? ev->recurrence : NULL, "announcement",
        ev->announcement, "created_at", (json_int_t)ev->created_at);
    if (!out || !rules || json_object_update(out, rules) != 0) {
        json_decref(out);
        json_decref(rules);
        return NULL;
    }
    json_decref(rules);
    return out;
}

void ippon_event_code_hash(const char *code, size_t len, char out[2 * IPPON_EVENT_CODE_HASH_BYTES + 1])
{
    unsigned char hash[IPPON_EVENT_CODE_HASH_BYTES];
    crypto_generichash(hash, sizeof hash, (const unsigned char *)code, len, NULL, 0);
    sodium_bin2hex(out, 2 * IPPON_EVENT_CODE_HASH_BYTES + 1, hash, sizeof hash);
}

/* a choice field into dst (its chosen name), kept when absent */
static void choice_into(ippon_rest_fields *f, const char *name, int required, const char *const *choices, char *dst,
                        size_t len)
{
    int i = ippon_rest_fields_choice(f, name, required, choices, -1);
    if (i >= 0)
        snprintf(dst, len, "%s", choices[i]);
}

/* round_times: an array of rounds − 1 increasing times after starts_at, with round_start "times" */
static void round_times_field(ippon_rest_fields *f, ippon_event_def *ev)
{
    json_t *v = json_object_get(f->body, "round_times");
    if (strcmp(ev->round_start, "times") != 0) {
        if (v && !(json_is_array(v) && json_array_size(v) == 0))
            ippon_rest_fields_problem(f, "round_times", "only with round_start \"times\"");
        snprintf(ev->round_times, sizeof ev->round_times, "[]");
        return;
    }
    if (!v) {
        ippon_rest_fields_problem(f, "round_times", "missing (round_start \"times\" needs one time per round after the first)");
        return;
    }
    char why[120];
    snprintf(why, sizeof why, "an array of %d Unix ms times, increasing, after starts_at", ev->rounds - 1);
    if (!json_is_array(v) || json_array_size(v) != (size_t)(ev->rounds - 1)) {
        ippon_rest_fields_problem(f, "round_times", why);
        return;
    }
    long long last = ev->starts_at;
    size_t i;
    json_t *t;
    json_array_foreach(v, i, t) {
        if (!json_is_integer(t) || json_integer_value(t) <= last || json_integer_value(t) > EVENT_START_MAX_MS) {
            ippon_rest_fields_problem(f, "round_times", why);
            return;
        }
        last = json_integer_value(t);
    }
    char *text = json_dumps(v, JSON_COMPACT);
    if (text && strlen(text) < sizeof ev->round_times)
        snprintf(ev->round_times, sizeof ev->round_times, "%s", text);
    else
        ippon_rest_fields_problem(f, "round_times", why);
    free(text);
}

/* entry_list: 1 … IPPON_EVENT_MAX_ENTRANTS display names or user ids */
static void entry_list_field(ippon_rest_fields *f, ippon_event_def *ev, bool entry_given)
{
    json_t *v = json_object_get(f->body, "entry_list");
    bool listed = strcmp(ev->entry, "list") == 0;
    if (!listed) {
        if (v && !(json_is_array(v) && json_array_size(v) == 0))
            ippon_rest_fields_problem(f, "entry_list", "only with entry \"list\"");
        if (entry_given || v) {
            free(ev->entry_list);
            ev->entry_list = strdup("[]");
        }
        return;
    }
    if (!v) {
        if (entry_given && (!ev->entry_list || strcmp(ev->entry_list, "[]") == 0))
            ippon_rest_fields_problem(f, "entry_list", "missing (entry \"list\" needs the names or ids allowed)");
        return;
    }
    char why[96];
    snprintf(why, sizeof why, "an array of 1..%d display names or user ids", IPPON_EVENT_MAX_ENTRANTS);
    if (!json_is_array(v) || json_array_size(v) < 1 || json_array_size(v) > IPPON_EVENT_MAX_ENTRANTS) {
        ippon_rest_fields_problem(f, "entry_list", why);
        return;
    }
    size_t i;
    json_t *s;
    json_array_foreach(v, i, s) {
        if (!json_is_string(s) || json_string_length(s) < 1 || json_string_length(s) > EVENT_LIST_NAME_MAX_BYTES) {
            ippon_rest_fields_problem(f, "entry_list", why);
            return;
        }
    }
    free(ev->entry_list);
    ev->entry_list = json_dumps(v, JSON_COMPACT);
}

/* the entry's code (hashed), list or minimum, as the entry asks */
static void entry_fields(ippon_rest_fields *f, ippon_event_def *ev, bool entry_given)
{
    size_t len;
    const char *code = ippon_rest_fields_string(f, "entry_code", 0, &len);
    if (strcmp(ev->entry, "code") == 0) {
        if (code && (len < EVENT_CODE_MIN || len > EVENT_CODE_MAX))
            ippon_rest_fields_problem(f, "entry_code", "4..32 characters");
        else if (code)
            ippon_event_code_hash(code, len, ev->entry_code_hash);
        else if (!ev->entry_code_hash[0])
            ippon_rest_fields_problem(f, "entry_code", "missing (entry \"code\" needs one)");
    } else {
        if (json_object_get(f->body, "entry_code"))
            ippon_rest_fields_problem(f, "entry_code", "only with entry \"code\"");
        ev->entry_code_hash[0] = '\0';
    }
    entry_list_field(f, ev, entry_given);
    bool dan = strcmp(ev->entry, "min_dan") == 0, rating = strcmp(ev->entry, "min_rating") == 0;
    if (dan || rating)
        ev->entry_min = (int)ippon_rest_fields_int(f, "entry_min", entry_given, 0,
                                                   dan ? IPPON_LADDER_TIERS - 1 : EVENT_MIN_RATING_MAX, ev->entry_min);
    else if (json_object_get(f->body, "entry_min"))
        ippon_rest_fields_problem(f, "entry_min", "only with entry \"min_dan\" or \"min_rating\"");
}

void ippon_event_fields_read(ippon_rest_fields *f, ippon_event_def *ev, bool creating, int64_t now_ms)
{
    int req = creating ? 1 : 0;
    if (creating) {
        snprintf(ev->round_start, sizeof ev->round_start, "when_done");
        snprintf(ev->seating, sizeof ev->seating, "random");
        snprintf(ev->entry, sizeof ev->entry, "open");
        snprintf(ev->clocks, sizeof ev->clocks, "standard");
        snprintf(ev->fill, sizeof ev->fill, "bots");
        snprintf(ev->stand_in, sizeof ev->stand_in, "counts");
        ev->checkin_minutes = 15;
        ev->break_minutes = 2;
        ev->cap = 64;
        ev->spectators = true;
    }
    const char *name = ippon_rest_fields_text(f, "name", req, IPPON_EVENT_NAME_MAX);
    if (name && !name[0])
        ippon_rest_fields_problem(f, "name", "1..80 characters");
    else if (name)
        snprintf(ev->name, sizeof ev->name, "%s", name);
    const char *description = ippon_rest_fields_text(f, "description", 0, IPPON_EVENT_DESCRIPTION_MAX);
    if (description)
        snprintf(ev->description, sizeof ev->description, "%s", description);
    if (creating)
        choice_into(f, "kind", 0, kinds, ev->kind, sizeof ev->kind);
    else if (json_object_get(f->body, "kind"))
        ippon_rest_fields_problem(f, "kind", "an event's kind cannot change");
    choice_into(f, "mode", req, modes, ev->mode, sizeof ev->mode);
    ev->rounds = (int)ippon_rest_fields_int(f, "rounds", req, 1, IPPON_EVENT_MAX_ROUNDS, ev->rounds);
    ev->starts_at = ippon_rest_fields_int(f, "starts_at", req, now_ms + 1, EVENT_START_MAX_MS, ev->starts_at);
    ev->checkin_minutes = (int)ippon_rest_fields_int(f, "checkin_minutes", 0, 0, 120, ev->checkin_minutes);
    choice_into(f, "round_start", 0, round_starts, ev->round_start, sizeof ev->round_start);
    if (ev->rounds >= 1 && ev->starts_at > 0)
        round_times_field(f, ev);
    ev->break_minutes = (int)ippon_rest_fields_int(f, "break_minutes", 0, 0, 60, ev->break_minutes);
    choice_into(f, "seating", 0, seatings, ev->seating, sizeof ev->seating);
    ev->duplicate = ippon_rest_fields_bool(f, "duplicate", ev->duplicate) != 0;
    bool entry_given = creating || json_object_get(f->body, "entry") != NULL;
    choice_into(f, "entry", 0, entries, ev->entry, sizeof ev->entry);
    entry_fields(f, ev, entry_given);
    ev->cap = (int)ippon_rest_fields_int(f, "cap", 0, 2, IPPON_EVENT_MAX_ENTRANTS, ev->cap);
    choice_into(f, "clocks", 0, clocks, ev->clocks, sizeof ev->clocks);
    choice_into(f, "fill", 0, fills, ev->fill, sizeof ev->fill);
    choice_into(f, "stand_in", 0, stand_ins, ev->stand_in, sizeof ev->stand_in);
    ev->spectators = ippon_rest_fields_bool(f, "spectators", ev->spectators) != 0;
    ev->watch_delay_s = (int)ippon_rest_fields_int(f, "watch_delay_s", 0, 0, 600, ev->watch_delay_s);
    json_t *rec = json_object_get(f->body, "recurrence");
    if (rec && json_is_null(rec))
        ev->recurrence[0] = '\0';
    else if (rec)
        choice_into(f, "recurrence", 0, recurrences, ev->recurrence, sizeof ev->recurrence);
}
