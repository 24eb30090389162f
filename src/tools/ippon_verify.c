/*
 * ippon-verify — checks a finished match's walls from what its end revealed (src/fairness/fairness.h).
 *
 *   curl -s https://HOST/api/matches/ID > match.json
 *   ippon-verify [--commitment HEX] [--contribution SEAT:HEX] [--walls] [--json] match.json …
 *
 * Reads the match as GET /api/matches/{id} gives it (a file, or "-" for standard input) and
 * checks, with libsodium rather than anything the server says: the revealed secret hashes to its
 * commitment (and to the one given with --commitment: the commitment your match_found carried);
 * every hand's seed is the one the secret and the contributions make (and the contribution given
 * with --contribution, yours, is the seat's); then rebuilds every hand's wall and prints its
 * commitment (compare it with the hand_start you saw), its first dora indicator and what each
 * seat wind was dealt (--walls: the whole wall, in wall order). A match stored before the
 * contributions existed has only its seeds: its walls are rebuilt from them and nothing else is
 * checked. --json prints one JSON object per match instead:
 *   {"id","ok","checks":[{"check","hand"?,"ok","detail"}],"hands":[{"seed","commitment","dora","deals":[…],"wall":[…]}]}
 * Exit status: 0 every check passed, 1 a check failed, 2 a file could not be read as a match.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <sodium.h>

#include "fairness.h"
#include "ippon/match.h"
#include "ippon/rules.h"
#include "ippon/tile.h"

typedef struct options {
    const char *commitment;   /* --commitment: the secret's commitment as the player saw it */
    int seat;                 /* --contribution SEAT:HEX, or -1 */
    const char *contribution;
    bool walls, json;
} options;

typedef struct report {
    const options *opt;
    json_t *checks, *hands;
    bool ok;
} report;

static void check(report *r, const char *name, int hand, bool ok, const char *fmt, ...)
{
    char detail[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    json_t *c = json_pack("{s:s,s:b,s:s}", "check", name, "ok", ok, "detail", detail);
    if (hand >= 0)
        json_object_set_new(c, "hand", json_integer(hand + 1));
    json_array_append_new(r->checks, c);
    r->ok = r->ok && ok;
    if (!r->opt->json) {
        if (hand >= 0)
            printf("  %-8s hand %d: %s\n", ok ? "ok" : "MISMATCH", hand + 1, detail);
        else
            printf("  %-8s %s\n", ok ? "ok" : "MISMATCH", detail);
    }
}

/* a tile as the protocol writes it: 1m … 9m, 0m for a red five, 1z … 7z (the short notation) */
static void tile_name(const ippon_rules *rules, ippon_tile t, char out[3])
{
    ippon_code code = (ippon_code)ippon_tile_code(t, rules->red_fives);
    ippon_notation_format(&code, 1, out, 3);
}

static json_t *tiles_json(const ippon_rules *rules, const ippon_tile *tiles, int n)
{
    json_t *list = json_array();
    char name[3];
    for (int i = 0; i < n; i++) {
        tile_name(rules, tiles[i], name);
        json_array_append_new(list, json_string(name));
    }
    return list;
}

static void print_tiles(const char *label, const json_t *tiles)
{
    printf("      %-10s", label);
    size_t i;
    const json_t *t;
    json_array_foreach(tiles, i, t)
        printf(" %s", json_string_value(t));
    putchar('\n');
}

/* hand k's wall from its seed: the commitment, dora indicator and deals into the report */
static void rebuild_hand(report *r, const ippon_rules *rules, int k, const uint8_t seed[IPPON_SEED_BYTES])
{
    static const char *const winds[] = { "East", "South", "West", "North" };
    ippon_tile wall[IPPON_TILE_IDS];
    uint8_t commitment[IPPON_COMMITMENT_BYTES];
    char seed_hex[2 * IPPON_SEED_BYTES + 1], commitment_hex[2 * IPPON_COMMITMENT_BYTES + 1], dora[3];
    int n = ippon_fairness_wall(rules, seed, wall);
    ippon_fairness_commitment(seed, wall, n, commitment);
    ippon_hex(seed, IPPON_SEED_BYTES, seed_hex);
    ippon_hex(commitment, sizeof commitment, commitment_hex);
    tile_name(rules, wall[n - 9], dora);
    json_t *deals = json_array();
    for (int w = 0; w < rules->players; w++)
        json_array_append_new(deals, tiles_json(rules, wall + 13 * w, 13));
    json_t *hand = json_pack("{s:i,s:s,s:s,s:s,s:o}", "hand", k + 1, "seed", seed_hex, "commitment", commitment_hex,
                             "dora", dora, "deals", deals);
    if (r->opt->walls || r->opt->json)
        json_object_set_new(hand, "wall", tiles_json(rules, wall, n));
    if (!r->opt->json) {
        printf("    hand %d: commitment %s, dora indicator %s\n", k + 1, commitment_hex, dora);
        for (int w = 0; w < rules->players; w++)
            print_tiles(winds[w], json_array_get(deals, (size_t)w));
        if (r->opt->walls)
            print_tiles("wall", json_object_get(hand, "wall"));
    }
    json_array_append_new(r->hands, hand);
}

/* the seats' contributions from the record; -1 with a message when one is malformed */
static int read_contributions(const json_t *list, int players, ippon_contribution *out, char *err, size_t errlen)
{
    if (!json_is_array(list) || (int)json_array_size(list) != players) {
        snprintf(err, errlen, "fairness.contributions: not one per seat (%d)", players);
        return -1;
    }
    for (int s = 0; s < players; s++) {
        const char *hex = json_string_value(json_array_get(list, (size_t)s));
        out[s].given = hex && hex[0];
        if (!hex || (hex[0] && ippon_unhex(hex, out[s].bytes, IPPON_CONTRIBUTION_BYTES) != 0)) {
            snprintf(err, errlen, "fairness.contributions[%d]: not \"\" or %d hex digits", s,
                     2 * IPPON_CONTRIBUTION_BYTES);
            return -1;
        }
    }
    return 0;
}

/* checks one match; 0 all good, 1 a mismatch, 2 not a match */
static int verify(const json_t *match, const options *opt)
{
    const char *id = json_string_value(json_object_get(match, "id"));
    const char *preset = json_string_value(json_object_get(match, "rules"));
    const ippon_rules *rules = preset ? ippon_rules_preset(preset) : NULL;
    const json_t *seeds = json_object_get(match, "seeds"), *fairness = json_object_get(match, "fairness");
    if (!rules || !json_is_array(seeds)) {
        fprintf(stderr, "ippon-verify: %s: not a match record (rules, seeds)\n", id ? id : "(no id)");
        return 2;
    }
    report r = { .opt = opt, .checks = json_array(), .hands = json_array(), .ok = true };
    if (!opt->json)
        printf("match %s (%s, %zu hand%s)\n", id ? id : "(no id)", rules->name, json_array_size(seeds),
               json_array_size(seeds) == 1 ? "" : "s");
    int status = 0;
    uint8_t secret[IPPON_SECRET_BYTES], digest[IPPON_COMMITMENT_BYTES];
    ippon_contribution contributions[IPPON_MAX_PLAYERS];
    char err[200];
    bool legacy = !fairness || json_is_null(fairness);
    if (!legacy) {
        const char *secret_hex = json_string_value(json_object_get(fairness, "secret"));
        const char *commitment = json_string_value(json_object_get(fairness, "commitment"));
        if (ippon_unhex(secret_hex, secret, sizeof secret) != 0 || !commitment ||
            read_contributions(json_object_get(fairness, "contributions"), rules->players, contributions, err,
                               sizeof err) != 0) {
            fprintf(stderr, "ippon-verify: %s: %s\n", id ? id : "(no id)",
                    secret_hex && commitment ? err : "fairness: secret and commitment as hex");
            json_decref(r.checks);
            json_decref(r.hands);
            return 2;
        }
        char hex[2 * IPPON_COMMITMENT_BYTES + 1];
        ippon_fairness_secret_commitment(secret, digest);
        ippon_hex(digest, sizeof digest, hex);
        check(&r, "commitment", -1, !strcmp(hex, commitment), "the secret hashes to %s; the record says %s", hex,
              commitment);
        if (opt->commitment)
            check(&r, "seen_commitment", -1, !strcmp(hex, opt->commitment),
                  "the secret's commitment you were sent: %s", opt->commitment);
        if (opt->seat >= 0) {
            const char *given = json_string_value(json_array_get(json_object_get(fairness, "contributions"),
                                                                 (size_t)opt->seat));
            check(&r, "contribution", -1, given && !strcmp(given, opt->contribution),
                  "seat %d's contribution in the record: %s", opt->seat, given && given[0] ? given : "(none)");
        }
    } else if (!opt->json) {
        printf("  (stored before contributions: the walls come from the seeds alone)\n");
    }
    for (size_t k = 0; k < json_array_size(seeds); k++) {
        uint8_t seed[IPPON_SEED_BYTES], derived[IPPON_SEED_BYTES];
        if (ippon_unhex(json_string_value(json_array_get(seeds, k)), seed, sizeof seed) != 0) {
            check(&r, "seed", (int)k, false, "the recorded seed is not %d hex digits", 2 * IPPON_SEED_BYTES);
            continue;
        }
        if (!legacy) {
            ippon_fairness_hand_seed(secret, (uint32_t)k, contributions, rules->players, derived);
            char hex[2 * IPPON_SEED_BYTES + 1];
            ippon_hex(derived, sizeof derived, hex);
            check(&r, "seed", (int)k, !memcmp(seed, derived, sizeof seed), "the secret and contributions make seed %s",
                  hex);
        }
        rebuild_hand(&r, rules, (int)k, seed);
    }
    if (!r.ok)
        status = 1;
    if (opt->json) {
        json_t *out = json_pack("{s:s?,s:b,s:b,s:O,s:O}", "id", id, "ok", r.ok, "legacy", legacy, "checks", r.checks,
                                "hands", r.hands);
        char *text = json_dumps(out, JSON_COMPACT);
        puts(text ? text : "{}");
        free(text);
        json_decref(out);
    } else {
        printf("%s\n", r.ok ? (legacy ? "walls rebuilt (no secret to check)" : "every check passed")
                            : "MISMATCH: this record does not check");
    }
    json_decref(r.checks);
    json_decref(r.hands);
    return status;
}

static void usage(FILE *f)
{
    fputs("usage: ippon-verify [--commitment HEX] [--contribution SEAT:HEX] [--walls] [--json] MATCH.json|- …\n"
          "  MATCH.json: the reply of GET /api/matches/{id}\n",
          f);
}

int main(int argc, char **argv)
{
    options opt = { .seat = -1 };
    int files = 0, worst = 0;
    if (sodium_init() < 0) {
        fprintf(stderr, "ippon-verify: libsodium would not start\n");
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--commitment") && i + 1 < argc) {
            opt.commitment = argv[++i];
        } else if (!strcmp(argv[i], "--contribution") && i + 1 < argc) {
            const char *arg = argv[++i], *colon = strchr(arg, ':');
            opt.seat = colon ? atoi(arg) : -1;
            opt.contribution = colon ? colon + 1 : NULL;
            if (opt.seat < 0 || opt.seat > 3 || !colon) {
                fprintf(stderr, "ippon-verify: --contribution: SEAT:HEX, seat 0–3\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--walls")) {
            opt.walls = true;
        } else if (!strcmp(argv[i], "--json")) {
            opt.json = true;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "ippon-verify: unknown option %s\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--commitment") || !strcmp(argv[i], "--contribution")) {
            i++;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1])
            continue;
        files++;
        json_error_t jerr;
        json_t *match = !strcmp(argv[i], "-") ? json_loadf(stdin, 0, &jerr) : json_load_file(argv[i], 0, &jerr);
        int rc;
        if (!match || !json_is_object(match)) {
            fprintf(stderr, "ippon-verify: %s: not a JSON object (%s, line %d)\n", argv[i],
                    match ? "another value" : jerr.text, jerr.line);
            rc = 2;
        } else {
            rc = verify(match, &opt);
        }
        json_decref(match);
        worst = rc > worst ? rc : worst;
    }
    if (!files) {
        usage(stderr);
        return 2;
    }
    return worst;
}
