/*
 * ippon_shanten.c — the `ippon-shanten` tool: shanten, waits and ukeire of hands, one JSON
 * line per hand. Used by the oracle test (tests/oracle/shanten.test.mjs) to compare the core
 * with majiang-core, and handy by hand.
 *
 * Input: one hand per line on stdin (or the hands given as arguments), in short notation
 * ("123m456p789s1122z", 0 = red five), optionally followed by options separated by spaces:
 * "melds=N" (called or declared sets; the hand then holds 13 − 3N or 14 − 3N tiles) and
 * "rules=NAME" (a preset: yonma, sanma, tenhou4, tenhou3; default yonma or --rules, which
 * also takes a preset file, read as every tool reads it: rules_json.h).
 * Output, per line:
 *   {"hand":"...","shanten":N,"standard":N,"chiitoi":N,"kokushi":N,"waits":"14p","ukeire":"..."}
 * chiitoi/kokushi are null with melds; waits (tenpai hands) and ukeire (kinds that lower the
 * shanten) are given for hands of 13 − 3N tiles, else null. A bad line gives
 * {"hand":"...","error":"message"} and the tool goes on with the next one.
 *
 * With --dora it reads no hands and prints the rules' dora table instead: one JSON object of
 * every indicator kind these rules have and the dora it points at, {"1m":"2m",…,"7z":"5z"}
 * (ippon_rules_dora_of). tests/web/dora_rule.test.mjs checks the browser's copy against it.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/rules.h"
#include "ippon/shanten.h"
#include "ippon/tile.h"
#include "rules_json.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: ippon-shanten [--rules NAME|FILE.json] [HAND...]\n"
            "       ippon-shanten [--rules NAME|FILE.json] --dora\n"
            "\n"
            "Prints the shanten (standard, chiitoitsu, kokushi and the least), the waits and the\n"
            "ukeire of each hand as one JSON line. Hands come from the arguments, or one per line\n"
            "from stdin. A hand is short notation, e.g. \"123m456p789s1122z\" (0 = red five, 1z-7z =\n"
            "E S W N haku hatsu chun), optionally followed by \" melds=N\" (called sets) and\n"
            "\" rules=NAME\".\n"
            "\n"
            "  --rules NAME|FILE.json  default rule preset: yonma (default), sanma, tenhou4,\n"
            "                         tenhou3, or a preset file\n"
            "  --dora                 print the dora table instead: each indicator kind of the\n"
            "                         rules and the dora it points at, as one JSON object\n"
            "  --help                 this text\n");
}

/* the kinds of a bit set in short notation ("14p"), into buf */
static void format_kinds(uint64_t bits, char *buf, size_t cap)
{
    ippon_code codes[IPPON_KINDS];
    int n = 0;
    for (int k = 0; k < IPPON_KINDS; k++)
        if (bits >> k & 1)
            codes[n++] = (ippon_code)k;
    if (ippon_notation_format(codes, n, buf, cap) < 0)
        buf[0] = '\0';
}

static void print_json(json_t *obj)
{
    char *text = json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII);
    if (text) {
        puts(text);
        free(text);
    }
    json_decref(obj);
}

/* the input line as a JSON string (jansson refuses text that is not UTF-8) */
static json_t *hand_string(const char *line)
{
    json_t *s = json_string(line);
    return s ? s : json_string("(not UTF-8)");
}

static void print_error(const char *line, const char *message)
{
    json_t *obj = json_object();
    json_object_set_new(obj, "hand", hand_string(line));
    json_object_set_new(obj, "error", json_string(message));
    print_json(obj);
}

/* --dora: {"indicator":"dora",…} for every kind the rules have, in kind order */
static void print_dora_table(const ippon_rules *rules)
{
    json_t *obj = json_object();
    for (int k = 0; k < IPPON_KINDS; k++) {
        if (!ippon_rules_has_kind(rules, k))
            continue;
        ippon_code indicator = (ippon_code)k, dora = (ippon_code)ippon_rules_dora_of(rules, k);
        char indicator_name[4], dora_name[4];
        if (ippon_notation_format(&indicator, 1, indicator_name, sizeof indicator_name) < 0 ||
            ippon_notation_format(&dora, 1, dora_name, sizeof dora_name) < 0)
            continue;
        json_object_set_new(obj, indicator_name, json_string(dora_name));
    }
    print_json(obj);
}

/* an int, or null for a form that does not apply */
static json_t *json_shanten(int s)
{
    return s == IPPON_SHANTEN_NONE ? json_null() : json_integer(s);
}

/* evaluates one line and prints its JSON line */
static void evaluate(const char *line, const ippon_rules *default_rules)
{
    char notation[256] = "";
    int melds = 0;
    const ippon_rules *rules = default_rules;

    /* split into the hand (all words without '=') and the options */
    char copy[512];
    if (strlen(line) >= sizeof copy) {
        print_error(line, "line too long");
        return;
    }
    strcpy(copy, line);
    for (char *save = NULL, *word = strtok_r(copy, " \t", &save); word; word = strtok_r(NULL, " \t", &save)) {
        if (strncmp(word, "melds=", 6) == 0) {
            char *end;
            long n = strtol(word + 6, &end, 10);
            if (*end || end == word + 6 || n < 0 || n > 4) {
                print_error(line, "melds must be 0 to 4");
                return;
            }
            melds = (int)n;
        } else if (strncmp(word, "rules=", 6) == 0) {
            rules = ippon_rules_preset(word + 6);
            if (!rules) {
                print_error(line, "unknown rules preset");
                return;
            }
        } else if (strchr(word, '=')) {
            print_error(line, "unknown option (melds=N or rules=NAME)");
            return;
        } else if (strlen(notation) + strlen(word) < sizeof notation) {
            strcat(notation, word);
        } else {
            print_error(line, "too many tiles");
            return;
        }
    }

    ippon_code codes[14];
    int n = ippon_notation_parse(notation, codes, 14);
    if (n == IPPON_ERANGE) {
        print_error(line, "more than 14 tiles");
        return;
    }
    if (n < 0) {
        print_error(line, "malformed hand notation");
        return;
    }
    if (n == 0) {
        print_error(line, "no tiles");
        return;
    }
    if (n + 3 * melds > 14) {
        print_error(line, "too many tiles for the number of melds");
        return;
    }
    uint8_t counts[IPPON_KINDS] = { 0 };
    if (ippon_counts_add(counts, codes, n) != IPPON_OK) {
        print_error(line, "more than four tiles of a kind");
        return;
    }
    ippon_shanten_all all;
    int s = ippon_shanten_forms(counts, melds, rules, &all);
    if (s == IPPON_EILLEGAL) {
        print_error(line, "a tile these rules do not have");
        return;
    }
    if (s < -1) {
        print_error(line, ippon_strerror(s));
        return;
    }

    json_t *obj = json_object();
    json_object_set_new(obj, "hand", hand_string(line));
    json_object_set_new(obj, "shanten", json_integer(all.shanten));
    json_object_set_new(obj, "standard", json_integer(all.standard));
    json_object_set_new(obj, "chiitoi", json_shanten(all.chiitoi));
    json_object_set_new(obj, "kokushi", json_shanten(all.kokushi));
    if (n + 3 * melds == 13) {
        char buf[128];
        format_kinds(ippon_waits(counts, melds, rules), buf, sizeof buf);
        json_object_set_new(obj, "waits", json_string(buf));
        format_kinds(ippon_ukeire(counts, melds, rules), buf, sizeof buf);
        json_object_set_new(obj, "ukeire", json_string(buf));
    } else {
        json_object_set_new(obj, "waits", json_null());
        json_object_set_new(obj, "ukeire", json_null());
    }
    print_json(obj);
}

int main(int argc, char **argv)
{
    ippon_rules rules_storage;
    const ippon_rules *rules = ippon_rules_preset("yonma");
    int first_hand = argc;
    bool dora_table = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--rules") == 0 && i + 1 < argc) {
            char err[256];
            rules = ippon_rules_resolve(argv[++i], &rules_storage, err, sizeof err);
            if (!rules) {
                fprintf(stderr, "ippon-shanten: --rules: %s\n", err);
                return 2;
            }
        } else if (strcmp(argv[i], "--dora") == 0) {
            dora_table = true;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            usage(stderr);
            return 2;
        } else {
            first_hand = i;
            break;
        }
    }

    if (dora_table) {
        if (first_hand < argc) {
            fprintf(stderr, "ippon-shanten: --dora takes no hands\n");
            return 2;
        }
        print_dora_table(rules);
        return 0;
    }
    if (first_hand < argc) {
        for (int i = first_hand; i < argc; i++)
            evaluate(argv[i], rules);
        return 0;
    }

    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, stdin)) >= 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (len == 0)
            continue;
        evaluate(line, rules);
    }
    free(line);
    return 0;
}
