/*
 * event_rounds_json.h — an event's rounds and standings on the wire (src/server/EVENTS.md "REST"):
 * the event reply's "round_list" and "standings", and the standings as CSV (GET
 * /api/events/{id}/standings.csv). events_rest.c and event_results_rest.c share them.
 */
#ifndef IPPON_SERVER_EVENT_ROUNDS_JSON_H
#define IPPON_SERVER_EVENT_ROUNDS_JSON_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "store/store_event_results.h"
#include "store/store_event_rounds.h"

/*
 * [{"round","status","starts_at","commitment" (or null),"secret" (once done),"first_dealer",
 *   "tables":[{"table","match_id","seats":[{"seat","user":{"id","display_name"} or null,"stand_in",
 *   "bot"}],"done"}],"byes":[{"id","display_name"}]}]; a table's match_id is null until it is done
 * unless show_matches (the event lets its tables be watched). NULL out of memory.
 */
json_t *ippon_event_round_list_json(const ippon_event_round *rounds, int n, bool show_matches);

/* [{"rank","user":{"id","display_name"},"total","played","tops","best" (null: none),"lasts",
   "results":[one per round of the event's `rounds`, null if not played]}]; NULL out of memory */
json_t *ippon_event_standings_json(const ippon_event_line *lines, int n, int rounds);

/*
 * The standings as RFC 4180 CSV (UTF-8, CRLF lines, a field quoted when it holds a comma, a quote
 * or a line break, its quotes doubled): a header "rank,name,user_id,total,played,tops,best,lasts,
 * round_1,…,round_R", then one line per entrant in rank order (best and an unplayed round empty).
 * The text (malloc'd) and its length in *len, or NULL out of memory.
 */
char *ippon_event_standings_csv(const ippon_event_line *lines, int n, int rounds, size_t *len);

#endif
