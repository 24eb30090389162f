/*
 * fairness_rest.c — GET /api/fairness?mode=4p|3p&seed=HEX: anyone can re-derive a hand's wall
 * from its revealed seed and check the commitment published when the hand started
 * (fairness.h documents the algorithm; this route runs the server's own code on it).
 *
 *     {"mode":"4p","rules":"yonma","seed":"…","wall":["3m","0p",…],"commitment":"…"}
 *
 * The wall is in wall order (ippon/match.h: seat wind i is dealt wall[13i..13i+12], draws
 * follow, the dead wall is the last 14).
 */
#include <string.h>

#include "base/mode.h"
#include "ippon/fairness.h"
#include "game/protocol.h"
#include "api/rest.h"

void ippon_fairness_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    (void)app;
    char mode_text[8], seed_hex[2 * IPPON_SEED_BYTES + 2];
    ippon_mode mode;
    if (ippon_rest_query(req, "mode", mode_text, sizeof mode_text) < 0 || ippon_mode_parse(mode_text, &mode) != 0) {
        ippon_rest_reply_error(res, 400, "bad_request", "mode: " IPPON_MODE_CHOICES);
        return;
    }
    uint8_t seed[IPPON_SEED_BYTES];
    if (ippon_rest_query(req, "seed", seed_hex, sizeof seed_hex) < 0 || ippon_unhex(seed_hex, seed, sizeof seed) < 0) {
        ippon_rest_reply_error(res, 400, "bad_request", "seed: 64 hex digits (a hand's revealed seed)");
        return;
    }
    const ippon_rules *rules = ippon_rules_preset(ippon_mode_preset(mode));
    ippon_tile wall[IPPON_TILE_IDS];
    int n = ippon_fairness_wall(rules, seed, wall);
    uint8_t commitment[IPPON_COMMITMENT_BYTES];
    char commitment_hex[2 * IPPON_COMMITMENT_BYTES + 1];
    ippon_fairness_commitment(seed, wall, n, commitment);
    ippon_hex(commitment, sizeof commitment, commitment_hex);
    ippon_rest_reply_json(res, 200,
                          json_pack("{s:s,s:s,s:s,s:o,s:s}", "mode", ippon_mode_name(mode), "rules", rules->name,
                                    "seed", seed_hex, "wall", ippon_proto_tiles(rules, wall, n), "commitment",
                                    commitment_hex));
}
