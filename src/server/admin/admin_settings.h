/*
 * admin_settings.h — the run-time settings an administrator changes without a restart, stored
 * in the database (the settings table) and applied at once.
 *
 * Each setting is a key of the configuration (config.h) and is checked by the same rule as in
 * config/ippon.json (ippon_config_set_json), so a value the file would refuse is refused here
 * with the same words. The effective value is: the stored one if there is one, else the
 * configuration's. Which keys may change live, and where each takes effect:
 *
 *     clock_move_ms, clock_bank_ms, clock_refill_ms   the clock of the next table formed
 *     bot_fill_after, bot_delay_ms                    the lobby's next check / the next table
 *     ranked_min_humans                               whether the next queued table is ranked
 *     registration_open                               register and claim (403 when false)
 *     maintenance                                     no new queue or practice; running
 *                                                     tables finish; the queues are emptied
 *
 * Single-threaded (the event loop).
 */
#ifndef IPPON_SERVER_ADMIN_SETTINGS_H
#define IPPON_SERVER_ADMIN_SETTINGS_H

#include <jansson.h>
#include <stdbool.h>

#include "config.h"
#include "game/gateway.h"
#include "store/store.h"
#include "store/store_admin.h"

typedef struct ippon_settings ippon_settings;

/* the settings with cfg's values (no stored ones yet); NULL if out of memory */
ippon_settings *ippon_settings_new(const ippon_config *cfg);
void ippon_settings_free(ippon_settings *s);

/*
 * Apply the stored values over the configuration's. A stored value that is no longer valid
 * (or a key that can no longer be set live) is ignored with a warning. 0, or -1 if the store
 * failed.
 */
int ippon_settings_load(ippon_settings *s, ippon_store *st);

/*
 * The settings as the admin area shows them (new reference): {"values": {key: value},
 * "defaults": {key: the configuration's value}, "stored": {key: updated_at (unix s)}}.
 */
json_t *ippon_settings_json(const ippon_settings *s);

/*
 * A change of some settings, in two steps around its write: values is {key: JSON value}.
 *
 * ippon_settings_check checks every member: if any is unknown, not live or invalid, *problems
 * gets {key: problem} (new reference) and 1 is returned; else 0 (-1: out of memory). Nothing
 * changes here. The caller then stores the values with the audit row (admin_writes.h:
 * IPPON_AC_SETTINGS, one transaction) and, once stored, ippon_settings_commit makes them take
 * effect here (values already checked; now_s: when they were stored).
 */
int ippon_settings_check(const ippon_settings *s, const json_t *values, json_t **problems);
void ippon_settings_commit(ippon_settings *s, const json_t *values, long long now_s);

/* put the live values into the gateway: its game settings (next tables) and maintenance mode */
void ippon_settings_apply(const ippon_settings *s, ippon_gateway *gw);

/* the values the gateway needs, over what *game already holds */
void ippon_settings_game(const ippon_settings *s, ippon_game_settings *game);

bool ippon_settings_registration_open(const ippon_settings *s);
bool ippon_settings_maintenance(const ippon_settings *s);

#endif
