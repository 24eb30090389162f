/*
 * events_json.h — events on the wire (src/server/EVENTS.md "The event", "REST"): an event's JSON
 * (whole, or its summary for the list) and the reading of an event's fields from a request's body,
 * for its creation and its changes (events_rest.c).
 */
#ifndef IPPON_SERVER_EVENTS_JSON_H
#define IPPON_SERVER_EVENTS_JSON_H

#include <jansson.h>
#include <stdbool.h>

#include "api/rest_fields.h"
#include "store/store_events.h"

/* the fields a body may give (NULL-terminated), and their list for the message */
extern const char *const ippon_event_field_names[];
#define IPPON_EVENT_FIELD_LIST                                                                                   \
    "name, description, kind, mode, rounds, starts_at, checkin_minutes, round_start, round_times,"              \
    " break_minutes, seating, duplicate, entry, entry_code, entry_list, entry_min, cap, clocks, fill, stand_in," \
    " spectators, watch_delay_s, recurrence"

/* {"id","name","kind","mode","status","starts_at","rounds","round","entrants","cap","organiser"} */
json_t *ippon_event_summary_json(const ippon_event_def *ev);

/* the summary and every rule of the event (entry_list too; never the code's hash); NULL out of memory */
json_t *ippon_event_json(const ippon_event_def *ev);

/*
 * The body's event fields into ev, for a new event (creating: name, mode, rounds, starts_at
 * required, the rest defaulted) or a change (ev holds the stored event; what the body leaves out
 * stays). Each problem is noted in f, the fields checked together (round_times with rounds, the
 * entry's code, list or minimum with the entry). An entry code is hashed into ev->entry_code_hash.
 * now_ms: starts_at must be later.
 */
void ippon_event_fields_read(ippon_rest_fields *f, ippon_event_def *ev, bool creating, int64_t now_ms);

/* the hex BLAKE2b of an entry code, as stored */
void ippon_event_code_hash(const char *code, size_t len, char out[2 * IPPON_EVENT_CODE_HASH_BYTES + 1]);

#endif
