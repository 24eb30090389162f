/*
 * hand_json.h — winning hands as JSON, in the schema of the scoring oracle
 * (tests/data/oracle/README.md; one object per line): reading a hand into the core's
 * ippon_win, and writing the core's ippon_score back as a verdict object.
 *
 * Used by ippon-score, its fuzz target and the scoring benchmark.
 */
#ifndef IPPON_HAND_JSON_H
#define IPPON_HAND_JSON_H

#include <stddef.h>

#include <jansson.h>

#include "ippon/rules.h"
#include "ippon/score.h"

typedef struct ippon_hand_input {
    const ippon_rules *rules;
    ippon_win win;
} ippon_hand_input;

/*
 * Reads one hand object. default_rules is used when the object has no "rules" field.
 * Returns 0, or -1 with a message naming the field and the problem in err.
 */
int ippon_hand_from_json(const json_t *obj, const ippon_rules *default_rules, ippon_hand_input *in, char *err,
                         size_t err_cap);

/*
 * Scores one line of text: parses the JSON, reads the hand, scores it, and returns the verdict
 * line (malloc'd, without a newline; the caller frees it). Never fails on bad input: a line
 * that is not JSON, not a hand, or not a possible hand gives {"id":…,"result":"error",
 * "error":"…"}. line_number is the id used when the object has none.
 */
char *ippon_score_line(const char *line, size_t len, const ippon_rules *default_rules, long line_number);

#endif
