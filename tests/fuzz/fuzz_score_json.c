/*
 * fuzz_score_json.c — libFuzzer target for ippon-score's line reader (src/tools/common/hand_json.h).
 *
 * The input bytes are one line of the oracle's input schema (a JSON hand), most of the time
 * broken. ippon_score_line parses it, reads the hand, checks it, scores it and writes the
 * verdict; it is called three times, with each default preset (yonma, sanma) and with yonma's
 * yakuman not stacking (yakuman_stack false: the liability kept out of a single yakuman,
 * points.c), so hands without a "rules" field reach all three. Whatever the input, the verdict must be valid JSON (jansson
 * json_loads): an object with an "id" and a "result" of win / no_yaku / no_win / error, an
 * "error" message on errors, and on wins payments for each seat that sum to a whole number of
 * riichi sticks. A violation calls abort(); crashes, leaks and undefined behaviour are caught
 * by the sanitizers. Run by ctest (label fuzz) for 20 s on the seeds in corpus/fuzz_score_json/.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "hand_json.h"
#include "ippon/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *verdict)
{
    fprintf(stderr, "fuzz_score_json: %s\nverdict: %s\n", what, verdict ? verdict : "(null)");
    abort();
}

/* checks one verdict line against the output schema's basic shape */
static void check_verdict(const char *text)
{
    if (!text)
        fail("ippon_score_line returned NULL", text);
    if (strchr(text, '\n'))
        fail("the verdict holds a newline", text);
    json_error_t jerr;
    json_t *v = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
    if (!v)
        fail("the verdict is not valid JSON", text);
    if (!json_is_object(v))
        fail("the verdict is not an object", text);
    if (!json_object_get(v, "id"))
        fail("the verdict has no id", text);
    const char *result = json_string_value(json_object_get(v, "result"));
    if (!result)
        fail("the verdict has no result string", text);
    if (strcmp(result, "error") == 0) {
        const char *msg = json_string_value(json_object_get(v, "error"));
        if (!msg || !*msg)
            fail("an error verdict without a message", text);
    } else if (strcmp(result, "win") == 0) {
        json_t *pay = json_object_get(v, "payments");
        if (!json_is_array(pay))
            fail("a win without payments", text);
        /* the payments are per seat of the hand's own preset, which may not be the default */
        size_t n = json_array_size(pay);
        if (n != 3 && n != 4)
            fail("payments for neither 3 nor 4 seats", text);
        json_int_t sum = 0;
        for (size_t i = 0; i < n; i++) {
            json_t *p = json_array_get(pay, i);
            if (!json_is_integer(p))
                fail("a payment that is not an integer", text);
            sum += json_integer_value(p);
        }
        if (sum < 0 || sum % 1000 != 0)
            fail("payments do not sum to whole riichi sticks", text);
        if (!json_is_integer(json_object_get(v, "total")))
            fail("a win without an integer total", text);
    } else if (strcmp(result, "no_yaku") != 0 && strcmp(result, "no_win") != 0) {
        fail("an unknown result", text);
    }
    json_decref(v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const ippon_rules *presets[3];
    static ippon_rules single_yakuman;
    if (!presets[0]) {
        presets[0] = ippon_rules_preset("yonma");
        presets[1] = ippon_rules_preset("sanma");
        if (!presets[0] || !presets[1])
            fail("the yonma and sanma presets are missing", NULL);
        single_yakuman = *presets[0];
        single_yakuman.yakuman_stack = false;
        presets[2] = &single_yakuman;
    }
    for (int i = 0; i < 3; i++) {
        char *text = ippon_score_line((const char *)data, size, presets[i], 1);
        check_verdict(text);
        free(text);
    }
    return 0;
}
