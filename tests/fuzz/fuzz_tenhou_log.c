/*
 * fuzz_tenhou_log.c — libFuzzer target for the tenhou.net/6 log reader (include/ippon/tenhou_log.h)
 * and the replay of what it reads through the engine (tenhou_replay.h, as ippon-replay does).
 *
 * What it feeds: the input bytes as one line of ippon-replay's input, a game {"log":[hand, …],
 * "rule":{"disp":…}, …}, parsed as the program parses it. 3- or 4-player is decided as the tools
 * decide it (tenhou_game_is_sanma), and each of the first hands is read (tenhou_hand_read), laid
 * out as a wall (tenhou_hand_wall) and replayed under the matching Tenhou preset
 * (tenhou_replay_hand); a 4-player game is also replayed under the product's yonma rules.
 *
 * What it checks: a refused hand comes with a message; a hand read has its dealer and round
 * wind among its seats, at most TENHOU_MAX_STEPS steps, every step's seat a seat, every tile a
 * tile code, every call from another seat; a wall, when one fits, is a permutation of the
 * rules' tiles; the replay's answer is an object with either an "error" message or four integer
 * "deltas" (and well-formed "wins"). A violation calls abort(); crashes, leaks, undefined
 * behaviour (overflows in the engine's arithmetic included) and hangs are caught by the
 * sanitizers and libFuzzer.
 * Run by ctest (label fuzz) for 20 s on the seeds in corpus/fuzz_tenhou_log/ (real logs from
 * tests/data/replay/samples, and broken ones).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "ippon/match.h"
#include "ippon/rules.h"
#include "ippon/tile.h"
#include "ippon/tenhou_log.h"
#include "ippon/tenhou_replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_HANDS = 6 };

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_tenhou_log: %s\n%s\n", what, detail ? detail : "");
    abort();
}

static void check_hand(const tenhou_hand *h, int players)
{
    if (h->players != players)
        fail("the hand has another number of players than asked", NULL);
    if (h->dealer < 0 || h->dealer >= players || h->round_wind < 0 || h->round_wind >= players)
        fail("the dealer or the round wind is not a seat", NULL);
    if (h->n_steps < 0 || h->n_steps > TENHOU_MAX_STEPS || h->n_dora < 0 || h->n_dora > 5 || h->n_ura < 0 ||
        h->n_ura > 5)
        fail("a count out of range", NULL);
    for (int i = 0; i < h->n_dora; i++)
        if (h->dora[i] >= IPPON_CODES)
            fail("a dora indicator that is not a tile", NULL);
    for (int i = 0; i < h->n_ura; i++)
        if (h->ura[i] >= IPPON_CODES)
            fail("an ura indicator that is not a tile", NULL);
    for (int s = 0; s < players; s++)
        for (int i = 0; i < 13; i++)
            if (h->deal[s][i] >= IPPON_CODES)
                fail("a starting tile that is not a tile", NULL);
    for (int i = 0; i < h->n_steps; i++) {
        const tenhou_step *st = &h->steps[i];
        if (st->type > TENHOU_KITA || st->seat < 0 || st->seat >= players || st->tile >= IPPON_CODES)
            fail("a step with a bad type, seat or tile", NULL);
        if (st->type == TENHOU_CHI || st->type == TENHOU_PON || st->type == TENHOU_DAIMINKAN) {
            if (st->from < 0 || st->from >= players || st->from == st->seat)
                fail("a call from no other seat", NULL);
            int n_with = st->type == TENHOU_DAIMINKAN ? 3 : 2;
            for (int k = 0; k < n_with; k++)
                if (st->with[k] >= IPPON_CODES)
                    fail("a call with a tile that is not a tile", NULL);
        }
    }
}

static void check_wall(const ippon_tile *wall, int n, const ippon_rules *rules)
{
    int expected = rules->man_terminals_only ? 108 : IPPON_TILE_IDS;
    if (n != expected)
        fail("a wall of the wrong size", NULL);
    unsigned char seen[IPPON_TILE_IDS] = {0};
    for (int i = 0; i < n; i++) {
        if (wall[i] >= IPPON_TILE_IDS || seen[wall[i]])
            fail("a wall that is not a permutation of the tiles", NULL);
        seen[wall[i]] = 1;
    }
}

static void check_replay(json_t *out)
{
    if (!json_is_object(out))
        fail("the replay gave no object", NULL);
    const json_t *error = json_object_get(out, "error");
    if (error) {
        if (!json_is_string(error) || json_string_length(error) == 0)
            fail("an error without a message", NULL);
        return;
    }
    const json_t *deltas = json_object_get(out, "deltas");
    if (!json_is_array(deltas) || json_array_size(deltas) != 4)
        fail("a replayed hand without four deltas", NULL);
    for (size_t i = 0; i < 4; i++)
        if (!json_is_integer(json_array_get(deltas, i)))
            fail("a delta that is not an integer", NULL);
    const json_t *wins = json_object_get(out, "wins");
    for (size_t i = 0; i < json_array_size(wins); i++) {
        const json_t *w = json_array_get(wins, i);
        if (!json_is_integer(json_object_get(w, "who")) || !json_is_array(json_object_get(w, "yaku")))
            fail("a win without its winner or its yaku", NULL);
    }
    if (!wins && !json_is_string(json_object_get(out, "draw")))
        fail("a hand that ended with neither a win nor a draw", NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ippon_match *m;
    static tenhou_hand *h;
    if (!m) {
        m = malloc(ippon_match_size());
        h = malloc(sizeof *h);
        if (!m || !h)
            return 0;
    }
    json_error_t jerr;
    json_t *game = json_loadb((const char *)data, size, 0, &jerr);
    if (!game)
        return 0;
    bool sanma = tenhou_game_is_sanma(game);
    int players = sanma ? 3 : 4;
    const ippon_rules *rules[2] = {ippon_rules_preset(sanma ? "tenhou3" : "tenhou4"),
                                   sanma ? NULL : ippon_rules_preset("yonma")};
    const json_t *log = json_object_get(game, "log");
    for (size_t i = 0; i < json_array_size(log) && i < MAX_HANDS; i++) {
        const json_t *hand = json_array_get(log, i);
        char err[200];
        err[0] = '\0';
        int rc = tenhou_hand_read(hand, players, h, err, sizeof err);
        if (rc != 0 && (rc != -1 || !err[0]))
            fail("a refused hand without a message", err);
        if (rc == 0) {
            check_hand(h, players);
            for (int r = 0; r < 2 && rules[r]; r++) {
                ippon_tile wall[IPPON_TILE_IDS];
                int n = tenhou_hand_wall(h, rules[r], wall);
                if (n >= 0)
                    check_wall(wall, n, rules[r]);
            }
        }
        for (int r = 0; r < 2 && rules[r]; r++) {
            json_t *out = tenhou_replay_hand(rules[r], hand, m, h);
            check_replay(out);
            json_decref(out);
        }
    }
    json_decref(game);
    return 0;
}
