/*
 * rules_json.h — rule presets as JSON files (config/rules/NAME.json): reading one into an
 * ippon_rules, with every key checked, and writing one out.
 *
 * A preset names every field of ippon_rules (ippon/rules.h) once; a missing key, an unknown key,
 * a value of the wrong type or out of range is refused with the key and the reason, and so are
 * keys that contradict each other (chi in 3-player, kita in 4-player, more ron winners than
 * other players, a noten pool that does not split evenly among 1..players-1 seats).
 */
#ifndef IPPON_RULES_JSON_H
#define IPPON_RULES_JSON_H

#include <stddef.h>

#include <jansson.h>

#include "ippon/rules.h"

/* reads a preset object; returns 0, or -1 with "key: reason" in err */
int ippon_rules_from_json(const json_t *obj, ippon_rules *out, char *err, size_t err_cap);

/* reads a preset file; returns 0, or -1 with "path: key: reason" in err */
int ippon_rules_load(const char *path, ippon_rules *out, char *err, size_t err_cap);

/*
 * A --rules argument: a built-in preset's name, or the path of a preset file (anything with a
 * '/' or ending in .json). Fills *storage and returns it, or NULL with the reason in err.
 */
const ippon_rules *ippon_rules_resolve(const char *arg, ippon_rules *storage, char *err, size_t err_cap);

/* the preset as a JSON object (every key) */
json_t *ippon_rules_to_json(const ippon_rules *rules);

#endif
