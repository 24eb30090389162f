/*
 * fairness.h — provably fair walls (RULES.md §8).
 *
 * Each hand's wall comes from 32 fresh random bytes (the seed). The seed keys a ChaCha20
 * stream (IETF variant, 96-bit nonce of zeros, block counter from 0); the stream is read as
 * little-endian 32-bit words, which drive the unbiased Fisher–Yates shuffle of ippon/wall.h
 * over the rule set's tile ids in increasing order (ids 0–135 = kind × 4 + copy; copy 0 of
 * a five is its red five; 3-player walls have no 2m–8m). The commitment published when the
 * hand starts is BLAKE2b-256 (libsodium's crypto_generichash, no key) of the 32 seed bytes
 * followed by the wall's tile ids, one byte each, in wall order. After the match the seeds
 * are revealed, so anyone can rebuild every wall and check every commitment. The wall's
 * layout (who is dealt what, draws, dead wall, indicators) is in ippon/match.h.
 */
#ifndef IPPON_SERVER_FAIRNESS_H
#define IPPON_SERVER_FAIRNESS_H

#include <stddef.h>
#include <stdint.h>

#include "ippon/rules.h"
#include "ippon/tile.h"

enum { IPPON_SEED_BYTES = 32, IPPON_COMMITMENT_BYTES = 32 };

/* fills seed with fresh random bytes (libsodium) */
void ippon_fairness_new_seed(uint8_t seed[IPPON_SEED_BYTES]);

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
