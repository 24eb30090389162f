/*
 * fuzz_mjai_client.c — libFuzzer target for the AI's side of a seat over mjai: the reader of the
 * messages a seat receives (ippon_mjai_client_read, src/mjai/mjai_client.c) and its decisions
 * (src/mjai/mjai_client_decide.c).
 *
 * The first byte picks the rules the client is made with (yonma, sanma, tenhou4, tenhou3, or none:
 * the preset for the players start_game names); the rest is message lines, split at '\n', read one
 * after another. After each: the outcome is one of the four; BAD comes with a printable ASCII
 * reason and leaves the view exactly as it was; any other outcome has an empty reason. The view
 * keeps its bounds (players 3 or 4, the seat among them, at most 14 tiles in the hand and sorted,
 * at most 4 melds, 40 discards, 4 kita and 5 indicators a seat, every tile id < 136). A DECIDE has
 * legal actions, each tile in the hand or the offer's; the built-in bot chooses among them and the
 * answer is one JSON object with a type (a discard's pai a tile of the hand); every other outcome
 * is answered none or, for the echo of the seat's reach, the pending dahai. Any violation calls
 * abort(). Seeds: the opening lines of recorded yonma and sanma seats, and broken lines.
 */
#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/bot.h"
#include "ippon/mjai_client.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *line)
{
    fprintf(stderr, "fuzz_mjai_client: %s (line \"%.300s\")\n", what, line);
    abort();
}

static bool in_hand(const ippon_view *v, int tile)
{
    for (int i = 0; i < v->n_hand; i++)
        if (v->hand[i] == tile)
            return true;
    return false;
}

static void check_view(const ippon_view *v, const char *line)
{
    if (v->players == 0)
        return; /* before start_game */
    if ((v->players != 3 && v->players != 4) || v->seat >= v->players)
        fail("players or seat out of range", line);
    if (v->n_hand > 14 || v->n_dora > 5)
        fail("hand or indicators out of bounds", line);
    for (int i = 0; i < v->n_hand; i++)
        if (v->hand[i] >= 136 || (i && v->hand[i - 1] > v->hand[i]))
            fail("hand tile out of range or unsorted", line);
    for (int s = 0; s < v->players; s++) {
        const ippon_seat_public *p = &v->seats[s];
        if (p->n_melds > 4 || p->n_discards > IPPON_MAX_DISCARDS || p->n_kita > 4 || p->n_concealed > 14)
            fail("a seat out of bounds", line);
        for (int i = 0; i < p->n_discards; i++)
            if (p->discards[i].tile >= 136)
                fail("discard out of range", line);
    }
}

static void check_decision(ippon_mjai_client *c, const char *line)
{
    const ippon_view *v = ippon_mjai_client_view(c);
    if (v->n_legal == 0 || v->n_legal > IPPON_MAX_LEGAL)
        fail("a decision without legal actions", line);
    for (int i = 0; i < v->n_legal; i++) {
        const ippon_action *a = &v->legal[i];
        bool hand_tile = a->type == IPPON_ACT_DISCARD || a->type == IPPON_ACT_ANKAN || a->type == IPPON_ACT_KAKAN ||
                         a->type == IPPON_ACT_KITA || a->type == IPPON_ACT_TSUMO;
        if (a->type >= IPPON_ACT_TYPES || (hand_tile && !in_hand(v, a->tile)))
            fail("a legal action with a tile not held", line);
    }
    ippon_action chosen;
    if (ippon_bot_choose(v, ippon_mjai_client_rules(c), &chosen) != 0)
        fail("the bot cannot choose", line);
    const char *answer = ippon_mjai_client_answer(c, &chosen);
    json_t *msg = json_loads(answer, 0, NULL);
    const char *type = json_string_value(json_object_get(msg, "type"));
    if (!type)
        fail("an answer that is not a JSON object with a type", answer);
    if (!strcmp(type, "dahai") && ippon_code_from_mjai(json_string_value(json_object_get(msg, "pai"))) < 0)
        fail("a dahai without a tile", answer);
    json_decref(msg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const presets[] = { "yonma", "sanma", "tenhou4", "tenhou3" };
    if (size < 1)
        return 0;
    ippon_mjai_client *c = ippon_mjai_client_new(data[0] % 5 < 4 ? ippon_rules_preset(presets[data[0] % 5]) : NULL);
    char *text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    static ippon_view before;
    for (char *line = text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        char error[256];
        before = *ippon_mjai_client_view(c);
        int rc = ippon_mjai_client_read(c, line, error, sizeof error);
        const ippon_view *v = ippon_mjai_client_view(c);
        check_view(v, line);
        if (rc == IPPON_MJAI_CLIENT_BAD) {
            if (!error[0])
                fail("refused without a reason", line);
            for (const char *p = error; *p; p++)
                if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
                    fail("a reason outside printable ASCII", line);
            before.n_legal = 0; /* a refused line asks nothing */
            if (memcmp(&before, v, offsetof(ippon_view, legal)))
                fail("a refused line changed the view", line);
            ippon_mjai_client_answer(c, NULL);
            continue;
        }
        if (error[0])
            fail("a reason for a line read", line);
        if (rc == IPPON_MJAI_CLIENT_DECIDE)
            check_decision(c, line);
        else if (rc == IPPON_MJAI_CLIENT_ANSWER || rc == IPPON_MJAI_CLIENT_SILENT)
            ippon_mjai_client_answer(c, NULL);
        else
            fail("an outcome out of range", line);
    }
    free(text);
    ippon_mjai_client_free(c);
    return 0;
}
