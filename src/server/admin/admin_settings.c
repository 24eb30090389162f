/*
 * admin_settings.c — run-time settings (admin_settings.h).
 *
 * How it works: two private configurations hold the live keys — `base`, the values of the
 * configuration file and command line, and `live`, the effective ones (base with the stored
 * values on top). Values travel as JSON through config.c (ippon_config_get_json /
 * ippon_config_set_json), so this file knows which keys are live but not how any is checked.
 * An update is tried on a scratch copy first (check), stored with its audit row by the store
 * writer, and only then set in `live` (commit).
 */
#include "admin/admin_settings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

static const char *const live_keys[] = {
    "clock_move_ms",  "clock_bank_ms",     "clock_refill_ms",   "bot_fill_after",
    "bot_delay_ms",   "ranked_min_humans", "registration_open", "maintenance",
    "spectate_delay_s",
};
#define LIVE_KEY_COUNT (sizeof live_keys / sizeof live_keys[0])

struct ippon_settings {
    ippon_config base, live;
    json_t *stored_at; /* {key: updated_at} of the stored values in effect */
};

/* is key one of the live settings? */
static bool ippon_settings_is_live(const char *key)
{
    for (size_t i = 0; i < LIVE_KEY_COUNT; i++)
        if (!strcmp(live_keys[i], key))
            return true;
    return false;
}

/* copy the live keys from one configuration to another (both valid, so it cannot fail) */
static void copy_live(ippon_config *to, const ippon_config *from)
{
    char problem[256];
    for (size_t i = 0; i < LIVE_KEY_COUNT; i++) {
        json_t *v = ippon_config_get_json(from, live_keys[i]);
        if (!v || ippon_config_set_json(to, live_keys[i], v, problem, sizeof problem) != 0)
            ippon_log_error("settings: %s: cannot copy (%s)", live_keys[i], v ? problem : "out of memory");
        json_decref(v);
    }
}

ippon_settings *ippon_settings_new(const ippon_config *cfg)
{
    ippon_settings *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (ippon_config_init(&s->base) != 0 || ippon_config_init(&s->live) != 0 || !(s->stored_at = json_object())) {
        ippon_settings_free(s);
        return NULL;
    }
    copy_live(&s->base, cfg);
    copy_live(&s->live, cfg);
    return s;
}

void ippon_settings_free(ippon_settings *s)
{
    if (!s)
        return;
    ippon_config_free(&s->base);
    ippon_config_free(&s->live);
    json_decref(s->stored_at);
    free(s);
}

int ippon_settings_load(ippon_settings *s, ippon_store *st)
{
    json_t *stored;
    if (ippon_store_settings_get(st, &stored) != 0)
        return -1;
    const char *key;
    json_t *row;
    json_object_foreach(stored, key, row) {
        char problem[256];
        json_t *value = json_object_get(row, "value");
        if (!ippon_settings_is_live(key)) {
            ippon_log_warn("settings: stored setting \"%s\" cannot be changed live; ignored", key);
            continue;
        }
        if (ippon_config_set_json(&s->live, key, value, problem, sizeof problem) != 0) {
            ippon_log_warn("settings: stored setting \"%s\" %s; the configuration's value stays", key, problem);
            continue;
        }
        json_object_set(s->stored_at, key, json_object_get(row, "updated_at"));
        ippon_log_info("settings: %s is set by an administrator", key);
    }
    json_decref(stored);
    return 0;
}

json_t *ippon_settings_json(const ippon_settings *s)
{
    json_t *values = json_object(), *defaults = json_object();
    for (size_t i = 0; i < LIVE_KEY_COUNT; i++) {
        json_object_set_new(values, live_keys[i], ippon_config_get_json(&s->live, live_keys[i]));
        json_object_set_new(defaults, live_keys[i], ippon_config_get_json(&s->base, live_keys[i]));
    }
    return json_pack("{s:o,s:o,s:O}", "values", values, "defaults", defaults, "stored", s->stored_at);
}

int ippon_settings_check(const ippon_settings *s, const json_t *values, json_t **problems)
{
    *problems = NULL;
    ippon_config scratch;
    json_t *bad = json_object();
    if (ippon_config_init(&scratch) != 0 || !bad) {
        ippon_config_free(&scratch);
        json_decref(bad);
        return -1;
    }
    copy_live(&scratch, &s->live);
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)values, key, value) {
        char problem[256];
        if (!ippon_settings_is_live(key)) {
            json_t *known = ippon_config_get_json(&scratch, key);
            json_object_set_new(bad, key, json_string(known ? "cannot be changed while the server runs (it is "
                                                              "read from the configuration at start-up)"
                                                            : "unknown setting"));
            json_decref(known);
        } else if (ippon_config_set_json(&scratch, key, value, problem, sizeof problem) != 0)
            json_object_set_new(bad, key, json_string(problem));
    }
    ippon_config_free(&scratch);
    if (json_object_size(bad) > 0) {
        *problems = bad;
        return 1;
    }
    json_decref(bad);
    return 0;
}

void ippon_settings_commit(ippon_settings *s, const json_t *values, long long now_s)
{
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)values, key, value) {
        char problem[256];
        if (ippon_config_set_json(&s->live, key, value, problem, sizeof problem) != 0)
            ippon_log_error("settings: %s: %s (checked before it was stored)", key, problem);
        else
            json_object_set_new(s->stored_at, key, json_integer(now_s));
    }
}

void ippon_settings_game(const ippon_settings *s, ippon_game_settings *game)
{
    game->move_ms = s->live.clock_move_ms;
    game->bank_ms = s->live.clock_bank_ms;
    game->refill_ms = s->live.clock_refill_ms;
    game->bot_fill_after_ms = (int64_t)(s->live.bot_fill_after * 1000);
    game->bot_delay_ms = s->live.bot_delay_ms;
    game->ranked_min_humans = s->live.ranked_min_humans;
    game->spectate_delay_ms = (int64_t)s->live.spectate_delay_s * 1000;
}

void ippon_settings_apply(const ippon_settings *s, ippon_gateway *gw)
{
    if (!gw)
        return;
    ippon_game_settings game;
    ippon_gateway_settings_get(gw, &game);
    ippon_settings_game(s, &game);
    ippon_gateway_settings_set(gw, &game);
    ippon_gateway_set_maintenance(gw, s->live.maintenance);
}

bool ippon_settings_registration_open(const ippon_settings *s)
{
    return !s || s->live.registration_open;
}

bool ippon_settings_maintenance(const ippon_settings *s)
{
    return s && s->live.maintenance;
}
