/*
 * fairness.h — walls no one can choose, and anyone can check (src/core/RULES.md §8).
 *
 * A match has one secret: 32 random bytes the server draws when the table opens. Before anybody
 * may contribute, every player is sent its commitment, BLAKE2b-256 of the secret (libsodium's
 * crypto_generichash, no key). Each human player then sends a contribution: 32 random bytes of its
 * own (a seat that sends none in time, and every bot's seat, contributes nothing: 0 bytes). The
 * seed of the match's hand k (k = 0 for the first deal, one more for every deal after a draw) is
 *
 *     seed_k = BLAKE2b-256, keyed with the secret, of  u32le(k) ‖ for each seat s in order:
 *                                                     u8(length of c_s) ‖ c_s
 *
 * so nobody can choose it: the server fixed its secret before it saw any contribution, and a
 * player who does not know the secret cannot aim a contribution at any wall. The hand's wall comes
 * from its seed: the seed keys a ChaCha20 stream (IETF variant, 96-bit nonce of zeros, block
 * counter from 0), read as little-endian 32-bit words that drive the unbiased Fisher–Yates shuffle
 * of ippon/wall.h over the rule set's tile ids in increasing order (ids 0–135 = kind × 4 + copy;
 * copy 0 of a five is its red five; 3-player walls have no 2m–8m). The hand's commitment,
 * published when it starts, is BLAKE2b-256 (no key) of the 32 seed bytes followed by the wall's
 * tile ids, one byte each, in wall order. The contributions are published when the first hand
 * starts (each player sees its own was used); the secret is revealed at the end, so anyone can
 * recompute the seeds, every wall and every commitment. The wall's layout (who is dealt what,
 * draws, dead wall, indicators) is in ippon/match.h.
 *
 * Matches recorded before the contributions existed have seeds drawn directly at random: their
 * seeds, not a secret, were revealed, and their walls and commitments check the same way.
 *
 * Who checks it, and how independently. The match page checks walls in the browser with a second
 * implementation written apart from this one (web/js/fairness.js, with its own BLAKE2b, ChaCha20
 * and shuffle in JavaScript; tests/web checks those against OpenSSL and Python), so a mistake here
 * would show there as a failed check. ippon-verify (src/tools/ippon_verify.c) is independent of the
 * server only: it reads nothing but the match's JSON record and recomputes every seed, wall and
 * commitment itself, but it links this very library (and the core's wall and deal, ippon/wall.h
 * and ippon/match.h), so it shares any mistake in this file with the server that dealt the walls.
 */
#ifndef IPPON_FAIRNESS_H
#define IPPON_FAIRNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ippon/rules.h"
#include "ippon/tile.h"

enum {
    IPPON_SEED_BYTES = 32,
    IPPON_SECRET_BYTES = 32,
    IPPON_CONTRIBUTION_BYTES = 32, /* a contribution is exactly this long, or empty */
    IPPON_COMMITMENT_BYTES = 32,
};

/* a seat's contribution: IPPON_CONTRIBUTION_BYTES bytes, or none */
typedef struct ippon_contribution {
    uint8_t bytes[IPPON_CONTRIBUTION_BYTES];
    bool given;
} ippon_contribution;

/* fills out with n fresh random bytes (libsodium): a secret, a contribution, an old-style seed */
void ippon_fairness_random(uint8_t *out, size_t n);

/* the commitment to a match's secret */
void ippon_fairness_secret_commitment(const uint8_t secret[IPPON_SECRET_BYTES], uint8_t out[IPPON_COMMITMENT_BYTES]);

/* the seed of the match's hand k from its secret and the seats' contributions (players of them) */
void ippon_fairness_hand_seed(const uint8_t secret[IPPON_SECRET_BYTES], uint32_t k,
                              const ippon_contribution *contributions, int players, uint8_t seed[IPPON_SEED_BYTES]);

/* the wall a seed gives under these rules; returns its size (136 or 108) */
int ippon_fairness_wall(const ippon_rules *rules, const uint8_t seed[IPPON_SEED_BYTES], ippon_tile *wall);

/* the commitment to a seed and its wall */
void ippon_fairness_commitment(const uint8_t seed[IPPON_SEED_BYTES], const ippon_tile *wall, int n,
                               uint8_t out[IPPON_COMMITMENT_BYTES]);

/* lower-case hex of n bytes into out (2n + 1 chars) */
void ippon_hex(const uint8_t *bytes, size_t n, char *out);
/* parses exactly 2n hex digits; returns 0 or -1 */
int ippon_unhex(const char *text, uint8_t *bytes, size_t n);

#endif
