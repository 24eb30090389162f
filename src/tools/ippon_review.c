/*
 * ippon_review.c — the `ippon-review` tool: one seat's decisions through a tenhou.net/6 game:
 * each discard with every legal discard's shanten, ukeire (kinds and unseen copies), two-step
 * measure, waits and danger against riichi and open hands that look tenpai; calls, kans, kita, riichi and wins; each decision's
 * mark and a summary, as JSON (include/ippon/review.h; the output is documented in
 * src/review/README.md).
 *
 *   ippon-review --seat N [--rules NAME|FILE.json] [--pretty] < GAME.json
 *   ippon-review --danger-rows [--rules NAME|FILE.json] < GAME.json
 *   ippon-review --win-rows [--rules NAME|FILE.json] < GAME.json
 *
 * --danger-rows prints instead, as CSV, the rows the danger model is fitted and checked on
 * (ippon_danger_rows; src/review/README.md, "Danger"): every seat's discard decisions while
 * another seat threatens (riichi, or an open hand that looks tenpai), one row per legal kind and
 * threatening opponent, the game numbered by its place on stdin (0, 1, …). --win-rows prints the
 * win-chance model's rows the same way (ippon_win_rows; "Win chance"): every seat's discards that
 * leave it tenpai, with the label.
 *
 * stdin holds one game, or several one after another (a .jsonl stream); each gives one JSON
 * document on stdout (one line each unless --pretty). The rules default to Tenhou's (tenhou3
 * for a 3-player game, tenhou4 else); ippon's own matches are reviewed with --rules yonma or
 * sanma. A game that cannot be read or replayed stops the tool with exit status 1 and a message
 * on stderr naming the game, its line and why.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "ippon/review.h"
#include "ippon/tenhou_log.h"
#include "rules_json.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: ippon-review --seat N [--rules NAME|FILE.json] [--pretty] < GAME.json\n"
            "       ippon-review --danger-rows [--rules NAME|FILE.json] < GAME.json\n"
            "       ippon-review --win-rows [--rules NAME|FILE.json] < GAME.json\n"
            "\n"
            "Reviews seat N's decisions through a tenhou.net/6 game (or several, one after another):\n"
            "for every legal discard, the shanten it leaves, its ukeire with the copies the seat\n"
            "cannot see, the two-step measure, a tenpai option's waits and its deal-in chance\n"
            "against each riichi or open hand that looks tenpai; calls, kans, kita, riichi and\n"
            "wins; a mark on each decision clearly worse than the best, and a summary. One\n"
            "JSON document per game\n"
            "(src/review/README.md).\n"
            "\n"
            "  --seat N                the seat reviewed, as the log numbers it (0 = first dealer)\n"
            "  --rules NAME|FILE.json  yonma, sanma, tenhou4, tenhou3 or a preset file; default\n"
            "                          tenhou3 for a 3-player game, tenhou4 else\n"
            "  --pretty                indented output\n"
            "  --danger-rows           instead, the danger model's data as CSV: every seat's\n"
            "                          decisions while another threatens (riichi, or an open\n"
            "                          hand that looks tenpai), one row per legal kind and\n"
            "                          threatening opponent, with features, p and label\n"
            "  --win-rows              instead, the win-chance model's data as CSV: every seat's\n"
            "                          discards that leave it tenpai, with inputs, p and label\n"
            "  --help                  this text\n");
}

/* all of stdin, NUL-terminated */
static char *read_all(FILE *in, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - 1 - n, in);
        if (n < cap - 1) {
            buf[n] = '\0';
            break;
        }
        char *more = realloc(buf, cap *= 2);
        if (!more)
            free(buf);
        buf = more;
    }
    *len = n;
    return buf;
}

/* the line (1-based) of byte offset `at` */
static int line_of(const char *text, size_t at)
{
    int line = 1;
    for (size_t i = 0; i < at; i++)
        line += text[i] == '\n';
    return line;
}

/* the rows a model is fitted on, as ippon_danger_rows and ippon_win_rows print them */
typedef int (*rows_printer)(const json_t *game, const char *game_id, const ippon_rules *rules, bool header,
                            FILE *out, char *err, size_t err_cap);

/* reviews one game (game number `index` on stdin) and prints it, or its model rows when seat < 0;
   returns 0, or -1 with the reason in err */
static int review_one(const json_t *game, int index, int seat, rows_printer rows, const ippon_rules *given,
                      size_t flags, char *err, size_t err_cap)
{
    if (!json_is_object(game)) {
        snprintf(err, err_cap, "a game is a JSON object with a \"log\" array");
        return -1;
    }
    ippon_rules storage;
    const ippon_rules *rules = given;
    if (!rules && !(rules = ippon_rules_resolve(tenhou_game_is_sanma(game) ? "tenhou3" : "tenhou4", &storage, err,
                                                err_cap)))
        return -1;
    if (seat < 0) {
        char id[16];
        snprintf(id, sizeof id, "%d", index);
        return rows(game, id, rules, index == 0, stdout, err, err_cap);
    }
    ippon_review review;
    int rc = ippon_review_game(game, seat, rules, &review, err, err_cap);
    if (rc == 0) {
        json_t *out = ippon_review_json(&review);
        char *text = out ? json_dumps(out, flags) : NULL;
        if (text)
            puts(text);
        else
            rc = -1, snprintf(err, err_cap, "out of memory");
        free(text);
        json_decref(out);
    }
    ippon_review_free(&review);
    return rc;
}

int main(int argc, char **argv)
{
    int seat = -1;
    rows_printer rows = NULL;
    const char *rows_flag = NULL;
    const char *rules_arg = NULL;
    size_t flags = JSON_COMPACT | JSON_REAL_PRECISION(12);
    for (int i = 1; i < argc; i++) {
        char *end;
        if (!strcmp(argv[i], "--seat") && i + 1 < argc) {
            long s = strtol(argv[++i], &end, 10);
            if (*end || end == argv[i] || s < 0 || s > 3) {
                fprintf(stderr, "ippon-review: --seat: '%s' is not a seat 0..3\n", argv[i]);
                return 2;
            }
            seat = (int)s;
        } else if (!strcmp(argv[i], "--rules") && i + 1 < argc) {
            rules_arg = argv[++i];
        } else if (!strcmp(argv[i], "--danger-rows") || !strcmp(argv[i], "--win-rows")) {
            rows_flag = argv[i];
            rows = !strcmp(argv[i], "--danger-rows") ? ippon_danger_rows : ippon_win_rows;
        } else if (!strcmp(argv[i], "--pretty")) {
            flags = JSON_INDENT(2) | JSON_REAL_PRECISION(12);
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "ippon-review: unknown argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    if ((seat < 0) == !rows) {
        if (rows)
            fprintf(stderr, "ippon-review: %s reviews every seat: no --seat\n", rows_flag);
        else
            fprintf(stderr, "ippon-review: --seat N is required\n");
        return 2;
    }
    char err[300];
    ippon_rules given;
    if (rules_arg && !ippon_rules_resolve(rules_arg, &given, err, sizeof err)) {
        fprintf(stderr, "ippon-review: --rules: %s\n", err);
        return 2;
    }
    size_t len;
    char *text = read_all(stdin, &len);
    if (!text) {
        fprintf(stderr, "ippon-review: out of memory reading stdin\n");
        return 1;
    }
    int status = 0, games = 0;
    size_t at = 0;
    for (;;) {
        at += strspn(text + at, " \t\r\n");
        if (at >= len)
            break;
        json_error_t jerr;
        json_t *game = json_loadb(text + at, len - at, JSON_DISABLE_EOF_CHECK, &jerr);
        int line = line_of(text, at);
        if (!game) {
            fprintf(stderr, "ippon-review: game %d (line %d): not JSON: line %d, column %d: %s\n", games, line,
                    line + jerr.line - 1, jerr.column, jerr.text);
            status = 1;
            break;
        }
        at += jerr.position;
        int rc = review_one(game, games, seat, rows, rules_arg ? &given : NULL, flags, err, sizeof err);
        json_decref(game);
        if (rc < 0) {
            fprintf(stderr, "ippon-review: game %d (line %d): %s\n", games, line, err);
            status = 1;
            break;
        }
        games++;
    }
    if (status == 0 && games == 0) {
        fprintf(stderr, "ippon-review: no game on stdin\n");
        status = 1;
    }
    free(text);
    return status;
}
