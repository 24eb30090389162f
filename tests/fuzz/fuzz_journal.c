/*
 * fuzz_journal.c — libFuzzer target for the running matches' journals: the file reader
 * (src/server/store/match_journal.h) and the replay of what it reads into a table
 * (src/server/game/table.h: ippon_table_restore), as a server does at start-up.
 *
 * What it feeds: the input bytes as the content of one journal file (JSON lines), read back by
 * ippon_journal_each; each journal read is restored at a time after its last record, with a
 * proof key, and the table it gives is then played on by its own clock and bots to the end (the
 * humans never answer) or for 400 wake-ups.
 *
 * What it checks: a journal refused by the reader (set aside, never a failure of the folder) or
 * by the restore comes with a reason; a table
 * restored has its id and seats, wakes up at a time not before the restore's, and its finished
 * hook runs at most once — exactly once when it is over. A violation calls abort(); crashes,
 * leaks, undefined behaviour and hangs are caught by the sanitizers and libFuzzer.
 * Run by ctest (label fuzz) for 20 s on the seeds in corpus/fuzz_journal/ (a real journal of a
 * practice match, cut and torn copies, a bad opening).
 *
 * Deterministic: a restored table draws randomness (a fresh seed for a journal without the
 * match's secret, the bots' thinking delays), so libsodium's random source is replaced here by a
 * ChaCha20 stream keyed by the input's hash — the same input always plays the same way, and a
 * crash file found anywhere replays exactly.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>
#include <sodium.h>

#include "game/table.h"
#include "store/match_journal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_journal: %s\n%s\n", what, detail ? detail : "");
    abort();
}

/* the random source: ChaCha20 under a key set from each input, one nonce per draw */
static uint8_t stream_key[crypto_stream_chacha20_KEYBYTES];
static uint64_t stream_draws;

static void input_random_buf(void *buf, size_t n)
{
    uint8_t nonce[crypto_stream_chacha20_NONCEBYTES] = {0};
    memcpy(nonce, &stream_draws, sizeof stream_draws);
    stream_draws++;
    crypto_stream_chacha20(buf, n, nonce, stream_key);
}

static uint32_t input_random(void)
{
    uint32_t r;
    input_random_buf(&r, sizeof r);
    return r;
}

static const char *input_random_name(void)
{
    return "fuzz_journal input stream";
}

static randombytes_implementation input_random_source = {
    .implementation_name = input_random_name,
    .random = input_random,
    .buf = input_random_buf,
};

static void random_from_input(const uint8_t *data, size_t size)
{
    crypto_generichash(stream_key, sizeof stream_key, data, size, NULL, 0);
    stream_draws = 0;
}

static ippon_journal *journal;
static char file[512];

static void setup(void)
{
    static char dir[] = "/tmp/ippon-fuzz-journal-XXXXXX";
    char err[512];
    if (randombytes_set_implementation(&input_random_source) != 0 || sodium_init() < 0)
        fail("cannot set the random source", NULL);
    if (!mkdtemp(dir) || ippon_journal_open(&journal, dir, err, sizeof err) != 0)
        fail("cannot make the journal folder", dir);
    snprintf(file, sizeof file, "%s/fuzzmatch.jsonl", dir);
}

typedef struct seen {
    int finished;
    long sent;
} seen;

static void on_send(void *ctx, ippon_table *t, int seat, const char *user_id, json_t *msg)
{
    seen *s = ctx;
    (void)t;
    (void)user_id;
    if (seat < 0 || seat >= 4 || !json_is_object(msg))
        fail("a message to a seat that is not one, or not an object", NULL);
    s->sent++;
    json_decref(msg);
}

static void on_finished(void *ctx, ippon_table *t, const ippon_stored_match *rec)
{
    seen *s = ctx;
    (void)t;
    if (!rec->id || rec->players < 3 || rec->players > 4)
        fail("a finished match without its id or players", NULL);
    s->finished++;
}

static int restore(void *ctx, const char *match_id, json_t *records)
{
    (void)ctx;
    (void)match_id;
    static const uint8_t key[32] = {7};
    const ippon_table_settings settings = {
        .clock = {.move_ms = 5000, .bank_ms = 20000, .refill_ms = 10000, .grace_ms = 1000},
        .bot_delay_ms = 600,
        .call_window_ms = 700,
        .max_hands = 30,
        .proof_key = key,
    };
    int64_t now = 0;
    size_t i;
    json_t *rec;
    json_array_foreach(records, i, rec) {
        json_int_t at = json_integer_value(json_object_get(rec, "at"));
        if (at > now && at < INT64_MAX / 4)
            now = at;
    }
    seen s = {0};
    ippon_table_hooks hooks = {.ctx = &s, .send = on_send, .finished = on_finished};
    char err[512] = "";
    ippon_table *t = ippon_table_restore(records, &settings, &hooks, now + 1, err, sizeof err);
    if (!t) {
        if (!err[0])
            fail("a journal refused without a reason", NULL);
        return 0;
    }
    if (!ippon_table_id(t)[0] || ippon_table_players(t) < 3 || ippon_table_players(t) > 4)
        fail("a restored table without its id or seats", NULL);
    int64_t clock = now + 1;
    for (int guard = 0; guard < 400 && !ippon_table_over(t); guard++) {
        int64_t at = ippon_table_next_wakeup(t);
        if (at < 0)
            break;
        if (at < now + 1 && guard == 0 && at < clock - 1)
            fail("a restored table wants to wake before its restore", NULL);
        clock = at > clock ? at : clock;
        ippon_table_tick(t, clock);
    }
    if (s.finished > 1 || (ippon_table_over(t) && s.finished != 1))
        fail("the finished hook did not run exactly once for a match that is over", NULL);
    ippon_table_free(t);
    return 0;
}

/* a file the reader set aside: it says why */
static void unreadable(void *ctx, const char *name, const char *problem)
{
    (void)ctx;
    if (strcmp(name, "fuzzmatch") != 0 || !problem[0])
        fail("a journal set aside without its name or a reason", problem);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!journal)
        setup();
    random_from_input(data, size);
    FILE *f = fopen(file, "w");
    if (!f)
        fail("cannot write the journal file", file);
    if (size && fwrite(data, 1, size, f) != size)
        fail("cannot write the journal file", file);
    fclose(f);
    char err[512] = "", aside[600];
    if (ippon_journal_each(journal, restore, unreadable, NULL, err, sizeof err) < 0)
        fail("the journal folder refused", err);
    unlink(file);
    snprintf(aside, sizeof aside, "%s.unreadable", file);
    unlink(aside);
    return 0;
}
