/*
 * fuzz_mjai_answer.c — libFuzzer target for an AI's answers over mjai (ippon_mjai_seat_answer,
 * include/ippon/mjai.h).
 *
 * The first byte picks the rule preset (yonma, sanma, tenhou4, tenhou3) and the second how many
 * decisions the built-in bots make first (0–63) in a match on a fixed wall, every event fed to
 * every seat's stream; so the answers meet a turn after a draw, a turn after a call, an offer of
 * a discard, a kakan or a kita, a riichi that may be declared. The rest is answer lines, split at
 * '\n': the first goes to a seat that was not asked (it must give nothing for the table), the
 * others to the seat that decides, until one gives an action. Checked: the outcome is one of the
 * three; an action is one the match accepts (ippon_match_apply); an answer refused with a reason
 * gives exactly ippon_match_timeout_action; a reach is followed by its echo; the error text is
 * printable ASCII (it may quote the answer). Any violation calls abort().
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/bot.h"
#include "ippon/match.h"
#include "ippon/mjai.h"
#include "ippon/wall.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *line)
{
    fprintf(stderr, "fuzz_mjai_answer: %s (answer \"%s\")\n", what, line);
    abort();
}

static void feed(ippon_mjai_seat **seats, int players, const ippon_event *ev, int n)
{
    for (int i = 0; i < n; i++)
        for (int s = 0; s < players; s++)
            ippon_mjai_seat_event(seats[s], &ev[i]);
    for (int s = 0; s < players; s++)
        while (ippon_mjai_seat_next(seats[s], NULL))
            ;
}

static int waiting_seat(const ippon_match *m, int players)
{
    for (int s = 0; s < players; s++)
        if (ippon_match_waiting_for(m, s))
            return s;
    return -1;
}

static void check_error(const char *error, const char *line)
{
    for (const char *p = error; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
            fail("a byte outside printable ASCII in the error text", line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const presets[] = { "yonma", "sanma", "tenhou4", "tenhou3" };
    if (size < 2)
        return 0;
    const ippon_rules *rules = ippon_rules_preset(presets[data[0] % 4]);
    int players = rules->players, steps = data[1] % 64;
    char *text = malloc(size - 1);
    if (!text)
        return 0;
    memcpy(text, data + 2, size - 2);
    text[size - 2] = '\0';

    ippon_match *m = malloc(ippon_match_size());
    ippon_mjai_seat *seats[4] = { 0 };
    ippon_match_init(m, rules, 1);
    for (int s = 0; s < players; s++)
        seats[s] = ippon_mjai_seat_new(rules, s, NULL);
    uint64_t state = 42;
    ippon_tile wall[IPPON_TILE_IDS];
    ippon_event ev[IPPON_MAX_EVENTS];
    int n = ippon_wall_tiles(rules, wall);
    ippon_wall_shuffle(wall, n, ippon_splitmix_word, &state);
    feed(seats, players, ev, ippon_match_start_hand(m, wall, n, ev, IPPON_MAX_EVENTS));
    for (int i = 0; i < steps; i++) {
        int s = waiting_seat(m, players);
        if (s < 0)
            break;
        ippon_view v;
        ippon_action a;
        ippon_match_view(m, s, &v);
        if (ippon_bot_choose(&v, rules, &a) < 0)
            break;
        feed(seats, players, ev, ippon_match_apply(m, &a, ev, IPPON_MAX_EVENTS));
    }
    int s = waiting_seat(m, players);
    char error[256];
    ippon_action a;
    char *line = text, *end = strchr(line, '\n');
    if (end)
        *end = '\0';
    if (s >= 0) {
        /* the first line to a seat that was not asked */
        int idle = (s + 1) % players;
        if (!ippon_match_waiting_for(m, idle) &&
            ippon_mjai_seat_answer(seats[idle], line, &a, error, sizeof error) != IPPON_MJAI_NOTHING)
            fail("an answer when nothing was asked gave something for the table", line);
        check_error(error, line);
        ippon_action legal[IPPON_MAX_LEGAL];
        ippon_mjai_seat_ask(seats[s], legal, ippon_match_legal(m, s, legal, IPPON_MAX_LEGAL));
        while (end) {
            line = end + 1;
            end = strchr(line, '\n');
            if (end)
                *end = '\0';
            int rc = ippon_mjai_seat_answer(seats[s], line, &a, error, sizeof error);
            check_error(error, line);
            if (rc == IPPON_MJAI_WAIT) {
                bool asks = false;
                const char *echo = ippon_mjai_seat_next(seats[s], &asks);
                if (!echo || !asks || !strstr(echo, "\"reach\""))
                    fail("a reach without its echo", line);
                continue;
            }
            if (rc != IPPON_MJAI_ACT)
                fail("an asked seat's answer gave no action", line);
            if (error[0]) {
                ippon_action timeout;
                ippon_match_timeout_action(m, s, &timeout);
                if (timeout.type != a.type || timeout.tile != a.tile || a.riichi)
                    fail("a refused answer did not give the clock's default", line);
            }
            if (ippon_match_apply(m, &a, ev, IPPON_MAX_EVENTS) < 0)
                fail("the answer's action was refused by the match", line);
            break;
        }
    }
    for (int p = 0; p < players; p++)
        ippon_mjai_seat_free(seats[p]);
    free(m);
    free(text);
    return 0;
}
