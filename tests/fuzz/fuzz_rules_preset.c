/*
 * fuzz_rules_preset.c — libFuzzer target for the rule preset reader (src/tools/common/rules_json.h).
 *
 * What it feeds: the input bytes as the text of a preset file (config/rules/NAME.json): parsed
 * as ippon_rules_load does (jansson, duplicate keys refused) and read by ippon_rules_from_json;
 * and, cut at the first NUL, as a --rules argument naming a built-in preset
 * (ippon_rules_resolve; arguments that would name a file are left out, no file is opened).
 *
 * What it checks: a refused preset comes with "key \"k\": reason" (or the not-an-object
 * message); an accepted one is written back exactly as it was read (ippon_rules_to_json gives
 * the input object again: nothing dropped, cut or changed on the way) and read again into the
 * same struct, and it satisfies what the engine assumes of every preset (3 or 4 players, no chi
 * in 3-player, ron winners fewer than players...). Then one bot-only match is played under it
 * with every invariant checked after every action (ippon_selfplay_match with check on), so a
 * preset the reader lets through cannot break the engine. A violation calls abort(); crashes,
 * leaks and undefined behaviour are caught by the sanitizers.
 * Run by ctest (label fuzz) for 20 s on the seeds in corpus/fuzz_rules_preset/.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "ippon/rules.h"
#include "rules_json.h"
#include "ippon/selfplay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_rules_preset: %s\n%s\n", what, detail ? detail : "");
    abort();
}

static void check_accepted(const json_t *obj, const ippon_rules *r)
{
    json_t *back = ippon_rules_to_json(r);
    if (!json_equal(back, obj)) {
        char *a = json_dumps(obj, JSON_COMPACT | JSON_SORT_KEYS), *b = json_dumps(back, JSON_COMPACT | JSON_SORT_KEYS);
        fprintf(stderr, "read:    %s\nwritten: %s\n", a ? a : "?", b ? b : "?");
        free(a);
        free(b);
        fail("an accepted preset is not written back as it was read", NULL);
    }
    ippon_rules again;
    char err[256];
    if (ippon_rules_from_json(back, &again, err, sizeof err) != 0)
        fail("a preset written out is refused when read again", err);
    if (memcmp(&again, r, sizeof again) != 0)
        fail("reading a preset twice gives two different structs", NULL);
    json_decref(back);

    if (r->players != 3 && r->players != 4)
        fail("an accepted preset with neither 3 nor 4 players", NULL);
    if (r->name[0] == '\0' || memchr(r->name, '\0', sizeof r->name) == NULL)
        fail("an accepted preset without a terminated name", NULL);
    if ((r->players == 3 && r->chi) || (r->players == 4 && (r->kita || r->man_terminals_only)) ||
        r->max_ron_winners < 1 || r->max_ron_winners > r->players - 1)
        fail("an accepted preset that breaks a rule of consistency", NULL);

    /* one bot-only match under these rules, every invariant checked after every action */
    ippon_selfplay_stats st;
    memset(&st, 0, sizeof st);
    int rc = ippon_selfplay_match(r, (uint64_t)r->start_points * 31 + r->riichi_stick, 0, true, &st, NULL, NULL);
    if (rc != 0 || st.checks_failed || st.illegal_accepted)
        fail("a bot-only match under an accepted preset broke the engine", st.first_failure);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_error_t jerr;
    json_t *obj = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, &jerr);
    if (obj) {
        ippon_rules r;
        char err[256];
        err[0] = '\0';
        int rc = ippon_rules_from_json(obj, &r, err, sizeof err);
        if (rc == 0)
            check_accepted(obj, &r);
        else if (rc != -1 || (strncmp(err, "key \"", 5) != 0 && strcmp(err, "a rule preset must be a JSON object") != 0))
            fail("a refused preset without \"key: reason\"", err);
        json_decref(obj);
    }

    /* a --rules argument that names a built-in preset */
    char *arg = strndup((const char *)data, size);
    if (!arg)
        return 0;
    size_t len = strlen(arg);
    if (!strchr(arg, '/') && !(len > 5 && !strcmp(arg + len - 5, ".json"))) {
        ippon_rules storage;
        char err[300];
        const ippon_rules *r = ippon_rules_resolve(arg, &storage, err, sizeof err);
        if (r && (r != &storage || memcmp(&storage, ippon_rules_preset(arg), sizeof storage) != 0))
            fail("a built-in preset resolved to something else", arg);
        if (!r && ippon_rules_preset(arg))
            fail("a built-in preset's name was refused", arg);
    }
    free(arg);
    return 0;
}
