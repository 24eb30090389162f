/*
 * ippon-score — scores winning hands given as JSON Lines.
 *
 *   ippon-score [--rules yonma|sanma|tenhou4|tenhou3|FILE.json] < hands.jsonl > verdicts.jsonl
 *
 * Each input line is one hand in the scoring oracle's schema; each output line is its verdict
 * (result, han, fu, yakuman, limit, base, total, payments, pao, yaku). A line without a
 * "rules" field ("yonma" or "sanma") is scored under --rules (default yonma): a built-in preset
 * or a preset file, read as every tool reads it (rules_json.h). A malformed or impossible line gets
 * {"id":…,"result":"error","error":"…"} and the program goes on with the next one; blank lines
 * are skipped. Exit status: 0, or 2 for a bad command line (a bad preset file included).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hand_json.h"
#include "rules_json.h"

static void usage(FILE *to)
{
    fputs("usage: ippon-score [--rules yonma|sanma|tenhou4|tenhou3|FILE.json] < hands.jsonl > verdicts.jsonl\n"
          "Scores one winning hand per line (the oracle's JSON schema) and writes one verdict per line.\n",
          to);
}

int main(int argc, char **argv)
{
    ippon_rules rules_storage;
    const ippon_rules *rules = ippon_rules_preset("yonma");
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rules") && i + 1 < argc) {
            char err[256];
            rules = ippon_rules_resolve(argv[++i], &rules_storage, err, sizeof err);
            if (!rules) {
                fprintf(stderr, "ippon-score: --rules: %s\n", err);
                return 2;
            }
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "ippon-score: unknown argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long number = 0;
    while ((len = getline(&line, &cap, stdin)) >= 0) {
        number++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (strspn(line, " \t") == (size_t)len)
            continue;
        char *verdict = ippon_score_line(line, (size_t)len, rules, number);
        puts(verdict);
        free(verdict);
    }
    free(line);
    return 0;
}
