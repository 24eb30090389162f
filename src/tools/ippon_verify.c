/*
 * ippon-verify — checks a finished match's walls from what its end revealed (include/ippon/fairness.h).
 *
 *   curl -s https://HOST/api/matches/ID > MATCH.json
 *   ippon-verify [--commitment HEX] [--contribution SEAT:HEX] [--hand-commitment HAND:HEX …]
 *                [--walls] [--json] MATCH.json …
 *
 * Reads the match as GET /api/matches/{id} gives it (a file, or "-" for standard input) and
 * checks, with libsodium rather than anything the server says: the record has one seed for each
 * of its hands (and a completed match one hand at least); the revealed secret hashes to its
 * commitment (and to the one given with --commitment: the commitment your match_found carried);
 * it lists one contribution per seat; every hand's seed is the one the secret and the
 * contributions make (and the contribution given with --contribution, yours, is the seat's);
 * then rebuilds every hand's wall and prints its commitment (or compares it with the one given
 * with --hand-commitment: the hand_start you saw, hands numbered from 1), its first dora indicator
 * and what each seat wind was dealt (--walls: the whole wall, in wall order). A match stored
 * before the contributions existed has only its seeds: its walls are rebuilt from them and only
 * its count of hands is checked, and it says so; a check you asked for that such a record (or a
 * missing seed) cannot answer fails as one that could not be made ("CANNOT", never a pass).
 * --json prints one JSON object per match instead:
 *   {"id","ok","legacy","checks":[{"check","hand"?,"ok","cannot"?,"detail"}],
 *    "hands":[{"seed","commitment","dora","deals":[…],"wall":[…]}]}
 * Exit status: 0 every check passed (or, for a legacy record, nothing was asked of it and its
 * hands agree with its seeds), 1 a check failed or could not be made, 2 a file could not be read
 * as a match or an option is malformed.
 *
 * It trusts the server's word for nothing, but it runs the server's own code: the fair-walls
 * library (src/fairness/fairness.c) and the core's wall and deal. A second implementation, written
 * apart, is the browser's (web/js/fairness.js).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <sodium.h>

#include "ippon/fairness.h"
#include "ippon/match.h"
#include "ippon/rules.h"
#include "ippon/tile.h"

/* a hand commitment the player saw (--hand-commitment HAND:HEX), hand counted from 0 */
typedef struct seen_hand {
    int hand;
    char commitment[2 * IPPON_COMMITMENT_BYTES + 1];
} seen_hand;

typedef struct options {
    char commitment[2 * IPPON_COMMITMENT_BYTES + 1]; /* --commitment, lower case: the secret's as the player saw it */
    int seat;                                        /* --contribution SEAT:HEX, or -1 */
    char contribution[2 * IPPON_CONTRIBUTION_BYTES + 1];
    seen_hand *seen_hands;
    int seen_count;
    bool walls, json;
} options;

typedef struct report {
    const options *opt;
    json_t *checks, *hands;
    bool mismatch, cannot; /* a check failed; a check asked for could not be made */
} report;

/* one check into the report: passed, failed, or (cannot: why) asked for and not answerable */
static void add_check(report *r, const char *name, int hand, bool ok, const char *cannot, const char *fmt, va_list ap)
    __attribute__((format(printf, 6, 0)));
static void add_check(report *r, const char *name, int hand, bool ok, const char *cannot, const char *fmt, va_list ap)
{
    char detail[300];
    vsnprintf(detail, sizeof detail, fmt, ap);
    json_t *c = json_pack("{s:s,s:b,s:s}", "check", name, "ok", ok, "detail", detail);
    if (hand >= 0)
        json_object_set_new(c, "hand", json_integer(hand + 1));
    if (cannot)
        json_object_set_new(c, "cannot", json_string(cannot));
    json_array_append_new(r->checks, c);
    r->mismatch = r->mismatch || (!ok && !cannot);
    r->cannot = r->cannot || cannot;
    if (!r->opt->json) {
        const char *mark = ok ? "ok" : cannot ? "CANNOT" : "MISMATCH";
        if (hand >= 0)
            printf("  %-8s hand %d: %s\n", mark, hand + 1, detail);
        else
            printf("  %-8s %s\n", mark, detail);
    }
}

static void check(report *r, const char *name, int hand, bool ok, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void cannot(report *r, const char *name, int hand, const char *reason, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void check(report *r, const char *name, int hand, bool ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add_check(r, name, hand, ok, NULL, fmt, ap);
    va_end(ap);
}

/* a check that was asked for and that this record cannot answer: it fails, saying why */
static void cannot(report *r, const char *name, int hand, const char *reason, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add_check(r, name, hand, false, reason, fmt, ap);
    va_end(ap);
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

/* hand k's wall from its seed: the commitment, dora indicator and deals into the report, and the
   commitment against the one the player was shown (--hand-commitment) */
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
    for (int i = 0; i < r->opt->seen_count; i++)
        if (r->opt->seen_hands[i].hand == k)
            check(r, "hand_commitment", k, !strcmp(commitment_hex, r->opt->seen_hands[i].commitment),
                  "the wall's commitment %s; you were shown %s", commitment_hex, r->opt->seen_hands[i].commitment);
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

/* the record's count of hands against its seeds: one seed per hand dealt, and a completed match
   dealt one at least (a record cut short of hands would otherwise check only what it kept) */
static void check_hands(report *r, const json_t *match, size_t seeds)
{
    const json_t *hands = json_object_get(match, "hands");
    if (!json_is_integer(hands) || json_integer_value(hands) < 0) {
        check(r, "hands", -1, false, "the record does not say how many hands were dealt (%zu seeds)", seeds);
        return;
    }
    json_int_t n = json_integer_value(hands);
    if (json_is_true(json_object_get(match, "completed")) && n == 0)
        check(r, "hands", -1, false, "a completed match with no hand dealt");
    else
        check(r, "hands", -1, (size_t)n == seeds, "%" JSON_INTEGER_FORMAT " hand%s dealt, %zu seed%s%s", n,
              n == 1 ? "" : "s", seeds, seeds == 1 ? "" : "s", (size_t)n == seeds ? "" : ": not one seed per hand");
}

/* what the player asked to check and a legacy record cannot answer */
static void cannot_without_fairness(report *r)
{
    static const char why[] = "the record has no fairness data (secret, commitment, contributions)";
    if (r->opt->commitment[0])
        cannot(r, "seen_commitment", -1, "no_fairness", "the commitment you were sent (%s) cannot be checked: %s",
               r->opt->commitment, why);
    if (r->opt->seat >= 0)
        cannot(r, "contribution", -1, "no_fairness", "seat %d's contribution cannot be checked: %s", r->opt->seat, why);
}

/* the secret's checks: its commitment, the one the player saw, the contributions (the player's
   among them); 0, or -1 when the fairness data cannot be read (said on stderr) */
static int check_secret(report *r, const char *id, const json_t *fairness, int players, uint8_t *secret,
                        ippon_contribution *contributions)
{
    const options *opt = r->opt;
    const char *secret_hex = json_string_value(json_object_get(fairness, "secret"));
    const char *commitment = json_string_value(json_object_get(fairness, "commitment"));
    if (ippon_unhex(secret_hex, secret, IPPON_SECRET_BYTES) != 0 || !commitment) {
        fprintf(stderr, "ippon-verify: %s: fairness: secret and commitment as hex\n", id);
        return -1;
    }
    uint8_t digest[IPPON_COMMITMENT_BYTES];
    char hex[2 * IPPON_COMMITMENT_BYTES + 1], err[200];
    ippon_fairness_secret_commitment(secret, digest);
    ippon_hex(digest, sizeof digest, hex);
    check(r, "commitment", -1, !strcmp(hex, commitment), "the secret hashes to %s; the record says %s", hex, commitment);
    if (opt->commitment[0])
        check(r, "seen_commitment", -1, !strcmp(hex, opt->commitment), "the secret's commitment you were sent: %s",
              opt->commitment);
    const json_t *list = json_object_get(fairness, "contributions");
    bool listed = read_contributions(list, players, contributions, err, sizeof err) == 0;
    check(r, "contributions", -1, listed, "%s", listed ? "one contribution per seat" : err);
    if (opt->seat >= 0) {
        const char *given = json_string_value(json_array_get(list, (size_t)opt->seat));
        check(r, "contribution", -1, given && !strcmp(given, opt->contribution), "seat %d's contribution in the record: %s",
              opt->seat, given && given[0] ? given : "(none)");
    }
    return listed ? 0 : 1;
}

/* checks one match; 0 all good, 1 a mismatch or a check that could not be made, 2 not a match */
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
    report r = { .opt = opt, .checks = json_array(), .hands = json_array() };
    size_t count = json_array_size(seeds);
    if (!opt->json)
        printf("match %s (%s, %zu hand%s)\n", id ? id : "(no id)", rules->name, count, count == 1 ? "" : "s");
    uint8_t secret[IPPON_SECRET_BYTES];
    ippon_contribution contributions[IPPON_MAX_PLAYERS];
    bool legacy = !fairness || json_is_null(fairness), derivable = false;
    check_hands(&r, match, count);
    if (legacy) {
        cannot_without_fairness(&r);
        if (!opt->json)
            printf("  (stored before contributions: the walls come from the seeds alone)\n");
    } else {
        int rc = check_secret(&r, id ? id : "(no id)", fairness, rules->players, secret, contributions);
        if (rc < 0) {
            json_decref(r.checks);
            json_decref(r.hands);
            return 2;
        }
        derivable = rc == 0;
    }
    for (size_t k = 0; k < count; k++) {
        uint8_t seed[IPPON_SEED_BYTES], derived[IPPON_SEED_BYTES];
        if (ippon_unhex(json_string_value(json_array_get(seeds, k)), seed, sizeof seed) != 0) {
            check(&r, "seed", (int)k, false, "the recorded seed is not %d hex digits", 2 * IPPON_SEED_BYTES);
            continue;
        }
        if (derivable) {
            ippon_fairness_hand_seed(secret, (uint32_t)k, contributions, rules->players, derived);
            char hex[2 * IPPON_SEED_BYTES + 1];
            ippon_hex(derived, sizeof derived, hex);
            check(&r, "seed", (int)k, !memcmp(seed, derived, sizeof seed), "the secret and contributions make seed %s",
                  hex);
        } else if (!legacy) {
            check(&r, "seed", (int)k, false, "the recorded seed cannot be derived without one contribution per seat");
        }
        rebuild_hand(&r, rules, (int)k, seed);
    }
    for (int i = 0; i < opt->seen_count; i++)
        if ((size_t)opt->seen_hands[i].hand >= count)
            cannot(&r, "hand_commitment", opt->seen_hands[i].hand, "no_seed",
                   "the record has no seed for this hand: the commitment you were shown (%s) cannot be checked",
                   opt->seen_hands[i].commitment);
    bool ok = !r.mismatch && !r.cannot;
    if (opt->json) {
        json_t *out = json_pack("{s:s?,s:b,s:b,s:O,s:O}", "id", id, "ok", ok && !legacy, "legacy", legacy, "checks",
                                r.checks, "hands", r.hands);
        char *text = json_dumps(out, JSON_COMPACT);
        puts(text ? text : "{}");
        free(text);
        json_decref(out);
    } else if (!ok) {
        if (r.mismatch)
            printf("MISMATCH: this record does not check\n");
        if (r.cannot)
            printf("CANNOT CHECK: this record cannot answer a check you asked for (see CANNOT above)\n");
    } else {
        printf("%s\n", legacy ? "no secret to check: stored before contributions, its walls were only rebuilt from its seeds"
                              : "every check passed");
    }
    json_decref(r.checks);
    json_decref(r.hands);
    return ok ? 0 : 1;
}

static void usage(FILE *f)
{
    fputs("usage: ippon-verify [--commitment HEX] [--contribution SEAT:HEX] [--hand-commitment HAND:HEX …]\n"
          "                    [--walls] [--json] MATCH.json|- …\n"
          "  MATCH.json: the reply of GET /api/matches/{id}\n"
          "  --commitment: the commitment your match_found carried; --contribution: your seat (0-3) and the\n"
          "  contribution you sent; --hand-commitment: a hand (from 1) and the commitment its hand_start\n"
          "  showed. Each is checked, and fails when the record cannot answer it.\n",
          f);
}

/* hex of exactly `bytes` bytes into out in lower case (2 * bytes + 1 chars); -1 when it is not */
static int lower_hex(const char *text, size_t bytes, char *out)
{
    uint8_t raw[IPPON_COMMITMENT_BYTES];
    if (bytes > sizeof raw || ippon_unhex(text, raw, bytes) != 0)
        return -1;
    ippon_hex(raw, bytes, out);
    return 0;
}

/* N:HEX with N from lo to hi and HEX of `bytes` bytes; -1 when malformed */
static int numbered_hex(const char *arg, int lo, int hi, size_t bytes, int *n, char *hex)
{
    char *end;
    long v = strtol(arg, &end, 10);
    if (end == arg || *end != ':' || v < lo || v > hi)
        return -1;
    *n = (int)v;
    return lower_hex(end + 1, bytes, hex);
}

/* reads the options; 0, 1 for --help (printed), or 2 (said on stderr) */
static int read_options(int argc, char **argv, options *opt)
{
    for (int i = 1; i < argc; i++) {
        const char *name = argv[i];
        bool valued = !strcmp(name, "--commitment") || !strcmp(name, "--contribution") ||
                      !strcmp(name, "--hand-commitment");
        if (valued && i + 1 >= argc) {
            fprintf(stderr, "ippon-verify: %s needs a value\n", name);
            return 2;
        }
        if (!strcmp(name, "--commitment")) {
            if (lower_hex(argv[++i], IPPON_COMMITMENT_BYTES, opt->commitment) != 0) {
                fprintf(stderr, "ippon-verify: --commitment: %d hex digits\n", 2 * IPPON_COMMITMENT_BYTES);
                return 2;
            }
        } else if (!strcmp(name, "--contribution")) {
            if (numbered_hex(argv[++i], 0, IPPON_MAX_PLAYERS - 1, IPPON_CONTRIBUTION_BYTES, &opt->seat,
                             opt->contribution) != 0) {
                fprintf(stderr, "ippon-verify: --contribution: SEAT:HEX, seat 0–%d, %d hex digits\n",
                        IPPON_MAX_PLAYERS - 1, 2 * IPPON_CONTRIBUTION_BYTES);
                return 2;
            }
        } else if (!strcmp(name, "--hand-commitment")) {
            seen_hand *h = &opt->seen_hands[opt->seen_count++];
            if (numbered_hex(argv[++i], 1, 1 << 30, IPPON_COMMITMENT_BYTES, &h->hand, h->commitment) != 0) {
                fprintf(stderr, "ippon-verify: --hand-commitment: HAND:HEX, hand from 1, %d hex digits\n",
                        2 * IPPON_COMMITMENT_BYTES);
                return 2;
            }
            h->hand--;
        } else if (!strcmp(name, "--walls")) {
            opt->walls = true;
        } else if (!strcmp(name, "--json")) {
            opt->json = true;
        } else if (!strcmp(name, "--help") || !strcmp(name, "-h")) {
            usage(stdout);
            return 1;
        } else if (name[0] == '-' && name[1]) {
            fprintf(stderr, "ippon-verify: unknown option %s\n", name);
            usage(stderr);
            return 2;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    options opt = { .seat = -1, .seen_hands = calloc((size_t)argc, sizeof(seen_hand)) };
    int files = 0, worst = 0;
    if (!opt.seen_hands || sodium_init() < 0) {
        fprintf(stderr, "ippon-verify: libsodium would not start\n");
        free(opt.seen_hands);
        return 2;
    }
    int rc = read_options(argc, argv, &opt);
    if (rc != 0) {
        free(opt.seen_hands);
        return rc == 1 ? 0 : 2;
    }
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--commitment") || !strcmp(argv[i], "--contribution") ||
            !strcmp(argv[i], "--hand-commitment")) {
            i++;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1])
            continue;
        files++;
        json_error_t jerr;
        json_t *match = !strcmp(argv[i], "-") ? json_loadf(stdin, 0, &jerr) : json_load_file(argv[i], 0, &jerr);
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
    free(opt.seen_hands);
    if (!files) {
        usage(stderr);
        return 2;
    }
    return worst;
}
