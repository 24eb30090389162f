/*
 * ippon-replay — replays recorded games through the rules engine and prints, per hand, what
 * the engine makes of it.
 *
 *   ippon-replay --rules yonma|sanma|tenhou4|tenhou3|FILE.json < games.jsonl > hands.jsonl
 *
 * Each input line is one tenhou.net/6 game. For every hand the program lays out a wall that
 * deals and draws exactly the recorded tiles, then plays the recorded decisions through the
 * engine (discards, calls, riichi, kans, kita; who won from whom; a declared abortive draw),
 * and writes one line: {"game":G,"hand":H,"deltas":[…],"wins":[{who,from,pao,han,fu,yakuman,
 * yaku:[[name,han]…]}]} or {…,"draw":"流局","deltas":[…]}. Everything but the decisions —
 * legality, furiten, dora, han, fu, limits, payments — is the engine's own. A move the engine
 * refuses gives {"game":G,"hand":H,"error":"seat S: …"}; the program never stops on bad input.
 * The replay of one hand is src/logs/tenhou_replay.c (shared with the fuzz target fuzz_tenhou_log
 * and the review of a seat's decisions, src/review).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "ippon/match.h"
#include "rules_json.h"
#include "ippon/tenhou_log.h"
#include "ippon/tenhou_replay.h"

int main(int argc, char **argv)
{
    ippon_rules rules_storage;
    const ippon_rules *rules = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rules") && i + 1 < argc) {
            char err[300];
            rules = ippon_rules_resolve(argv[++i], &rules_storage, err, sizeof err);
            if (!rules) {
                fprintf(stderr, "ippon-replay: --rules: %s\n", err);
                return 2;
            }
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            puts("usage: ippon-replay --rules yonma|sanma|tenhou4|tenhou3|FILE.json < games.jsonl > hands.jsonl");
            return 0;
        } else {
            fprintf(stderr, "ippon-replay: unknown argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (!rules) {
        fprintf(stderr, "ippon-replay: --rules is required (yonma, sanma, tenhou4 or tenhou3)\n");
        return 2;
    }
    ippon_match *m = malloc(ippon_match_size());
    tenhou_hand *hand = malloc(sizeof *hand);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int game = 0;
    while (m && hand && (len = getline(&line, &cap, stdin)) >= 0) {
        if (strspn(line, " \t\r\n") == (size_t)len)
            continue;
        json_error_t jerr;
        json_t *g = json_loadb(line, (size_t)len, 0, &jerr);
        const json_t *log = json_object_get(g, "log");
        if (!json_is_array(log)) {
            json_t *out = json_pack("{s:i,s:i,s:s}", "game", game, "hand", 0, "error", g ? "no log" : "bad JSON");
            char *text = json_dumps(out, JSON_COMPACT);
            puts(text);
            free(text);
            json_decref(out);
        }
        for (size_t i = 0; json_is_array(log) && i < json_array_size(log); i++) {
            json_t *out = tenhou_replay_hand(rules, json_array_get(log, i), m, hand);
            json_object_set_new(out, "game", json_integer(game));
            json_object_set_new(out, "hand", json_integer((json_int_t)i));
            char *text = json_dumps(out, JSON_COMPACT | JSON_SORT_KEYS);
            puts(text);
            free(text);
            json_decref(out);
        }
        json_decref(g);
        game++;
    }
    free(line);
    free(hand);
    free(m);
    return 0;
}
