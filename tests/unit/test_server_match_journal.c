/*
 * test_server_match_journal.c — the running matches' journal files (src/server/store/match_journal.h):
 * records written are read back in order, one journal per match, in the order of their names; a
 * last line cut short by a crash is left out; a file that does not read (a damaged line before
 * the last, garbage, nothing, a folder, a name that is no match id) is set aside with a reason
 * naming the file and the line, and the others are read all the same; a journal is begun once (a second begin of the same id fails) and reopened
 * only if it exists; removed and set-aside journals are not read again; bad ids are refused;
 * after a failed append every later one fails too (no hole in a journal).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/match_journal.h"

typedef struct seen {
    char ids[8][80];
    json_t *records[8];
    int n;
    char aside[8][80], problems[8][600]; /* the files set aside, and why */
    int n_aside;
} seen;

static void aside(void *ctx, const char *name, const char *problem)
{
    seen *s = ctx;
    assert_true(s->n_aside < 8);
    snprintf(s->aside[s->n_aside], sizeof s->aside[s->n_aside], "%s", name);
    snprintf(s->problems[s->n_aside++], sizeof s->problems[0], "%s", problem);
}

static int collect(void *ctx, const char *match_id, json_t *records)
{
    seen *s = ctx;
    assert_true(s->n < 8);
    snprintf(s->ids[s->n], sizeof s->ids[s->n], "%s", match_id);
    s->records[s->n++] = json_incref(records);
    return 0;
}

static void seen_free(seen *s)
{
    for (int i = 0; i < s->n; i++)
        json_decref(s->records[i]);
    s->n = 0;
    s->n_aside = 0;
}

static char dir[256];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/ippon-journal-test-XXXXXX");
    assert_non_null(mkdtemp(dir));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static json_t *rec(const char *kind, int at)
{
    return json_pack("{s:s,s:i}", "k", kind, "at", at);
}

static void write_read(void **state)
{
    (void)state;
    char path[300], err[512];
    snprintf(path, sizeof path, "%s/j", dir);
    ippon_journal *j;
    assert_int_equal(ippon_journal_open(&j, path, err, sizeof err), 0);
    ippon_journal_file *b = ippon_journal_begin(j, "bbb", 0, err, sizeof err);
    ippon_journal_file *a = ippon_journal_begin(j, "aaa", 0, err, sizeof err);
    assert_non_null(a);
    assert_non_null(b);
    assert_null(ippon_journal_begin(j, "aaa", 0, err, sizeof err)); /* begun once */
    assert_null(ippon_journal_begin(j, "zzz", 1, err, sizeof err)); /* reopened only if it exists */
    assert_null(ippon_journal_begin(j, "../x", 0, err, sizeof err)); /* not an id */
    assert_null(ippon_journal_begin(j, "", 0, err, sizeof err));
    for (int i = 0; i < 3; i++) {
        json_t *r = rec("act", i);
        assert_int_equal(ippon_journal_append(a, r), 0);
        json_decref(r);
    }
    json_t *r = rec("open", 7);
    assert_int_equal(ippon_journal_append(b, r), 0);
    json_decref(r);
    uint64_t records, bytes;
    ippon_journal_counts(j, &records, &bytes);
    assert_int_equal(records, 4);
    assert_true(bytes > 4 * 10);
    ippon_journal_end(a);
    /* reopened: records go on after the others */
    a = ippon_journal_begin(j, "aaa", 1, err, sizeof err);
    assert_non_null(a);
    r = rec("act", 3);
    assert_int_equal(ippon_journal_append(a, r), 0);
    json_decref(r);
    assert_int_equal(ippon_journal_sync(j), 0);
    seen s = {0};
    assert_int_equal(ippon_journal_each(j, collect, aside, &s, err, sizeof err), 2);
    assert_string_equal(s.ids[0], "aaa"); /* by name */
    assert_string_equal(s.ids[1], "bbb");
    assert_int_equal(json_array_size(s.records[0]), 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(json_integer_value(json_object_get(json_array_get(s.records[0], (size_t)i), "at")), i);
    assert_string_equal(json_string_value(json_object_get(json_array_get(s.records[1], 0), "k")), "open");
    seen_free(&s);
    /* removed, and set aside: neither is read again */
    assert_int_equal(ippon_journal_remove(j, "aaa"), 0);
    assert_int_equal(ippon_journal_remove(j, "aaa"), 0); /* a missing one is fine */
    assert_int_equal(ippon_journal_set_aside(j, "bbb"), 0);
    assert_int_equal(ippon_journal_each(j, collect, aside, &s, err, sizeof err), 0);
    char aside[400];
    snprintf(aside, sizeof aside, "%s/bbb.jsonl.unreadable", path);
    assert_int_equal(access(aside, F_OK), 0);
    ippon_journal_close(j); /* closes what is still open */
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void torn_and_damaged(void **state)
{
    (void)state;
    char path[300], file[400], err[512];
    snprintf(path, sizeof path, "%s/t", dir);
    ippon_journal *j;
    assert_int_equal(ippon_journal_open(&j, path, err, sizeof err), 0);
    /* a last line cut short by a crash: left out */
    snprintf(file, sizeof file, "%s/torn.jsonl", path);
    write_file(file, "{\"k\":\"open\",\"at\":1}\n{\"k\":\"act\",\"at\":2}\n{\"k\":\"act\",\"at");
    seen s = {0};
    assert_int_equal(ippon_journal_each(j, collect, aside, &s, err, sizeof err), 1);
    assert_int_equal(json_array_size(s.records[0]), 2);
    seen_free(&s);
    /* a damaged line before the last, a file of garbage, an empty file, a name that is no match
       id, a folder where a file should be: each set aside with its reason, the good one still read */
    snprintf(file, sizeof file, "%s/worse.jsonl", path);
    write_file(file, "{\"k\":\"open\",\"at\":1}\nnot json\n{\"k\":\"act\",\"at\":2}\n");
    snprintf(file, sizeof file, "%s/garbage.jsonl", path);
    write_file(file, "garbage\n");
    snprintf(file, sizeof file, "%s/empty.jsonl", path);
    write_file(file, "");
    snprintf(file, sizeof file, "%s/not an id.jsonl", path);
    write_file(file, "{\"k\":\"open\",\"at\":1}\n");
    snprintf(file, sizeof file, "%s/folder.jsonl", path);
    assert_int_equal(mkdir(file, 0700), 0);
    err[0] = '\0';
    assert_int_equal(ippon_journal_each(j, collect, aside, &s, err, sizeof err), 1);
    assert_string_equal(s.ids[0], "torn");
    assert_int_equal(s.n_aside, 5);
    const char *names[5] = {"empty", "folder", "garbage", "not an id", "worse"}; /* by name */
    const char *why[5] = {"no complete record", "cannot be read", "line 1: not a JSON object",
                          "not a match id", "line 2: not a JSON object"};
    for (int i = 0; i < 5; i++) {
        assert_string_equal(s.aside[i], names[i]);
        assert_non_null(strstr(s.problems[i], why[i]));
        char from[600], to[700];
        snprintf(from, sizeof from, "%s/%s.jsonl", path, names[i]);
        snprintf(to, sizeof to, "%s.unreadable", from);
        assert_int_equal(access(from, F_OK), -1);
        assert_int_equal(access(to, F_OK), 0);
    }
    assert_non_null(strstr(s.problems[4], "worse.jsonl"));
    seen_free(&s);
    /* set aside: not read again */
    assert_int_equal(ippon_journal_each(j, collect, aside, &s, err, sizeof err), 1);
    assert_int_equal(s.n_aside, 0);
    seen_free(&s);
    /* other files in the folder are not journals */
    snprintf(file, sizeof file, "%s/notes.txt", path);
    write_file(file, "hello\n");
    assert_int_equal(ippon_journal_each(j, collect, aside, &s, err, sizeof err), 1);
    assert_int_equal(s.n_aside, 0);
    seen_free(&s);
    ippon_journal_close(j);
}

static void failed_append_stays_failed(void **state)
{
    (void)state;
    char path[300], err[512];
    snprintf(path, sizeof path, "%s/f", dir);
    ippon_journal *j;
    assert_int_equal(ippon_journal_open(&j, path, err, sizeof err), 0);
    ippon_journal_file *f = ippon_journal_begin(j, "m1", 0, err, sizeof err);
    assert_non_null(f);
    json_t *bad = json_integer(5); /* not an object: jansson will not dump it, the append fails */
    assert_int_equal(ippon_journal_append(f, bad), -1);
    json_decref(bad);
    json_t *good = rec("act", 1);
    assert_int_equal(ippon_journal_append(f, good), -1); /* after a failure, never a hole */
    json_decref(good);
    assert_int_equal(ippon_journal_append(NULL, good), -1);
    ippon_journal_close(j);
    /* a folder that cannot be made */
    assert_int_equal(ippon_journal_open(&j, "/proc/ippon-no-such/j", err, sizeof err), -1);
    assert_non_null(strstr(err, "/proc/ippon-no-such/j"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(write_read, setup, teardown),
        cmocka_unit_test_setup_teardown(torn_and_damaged, setup, teardown),
        cmocka_unit_test_setup_teardown(failed_append_stays_failed, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
