/*
 * test_server_strmap.c — the string → pointer map of src/server/base/strmap.c: put, get, replace,
 * remove, the count, 10,000 keys through several growths, removals leaving tombstones that
 * must neither hide keys further along a probe path nor fill the table, and re-insertion.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "base/strmap.h"

enum { MANY = 10000 };

static int values[MANY];

static void key_of(int i, char *buf, size_t cap) { snprintf(buf, cap, "user-%05d", i); }

static void basic(void **state)
{
    (void)state;
    ippon_strmap *m = ippon_strmap_new();
    assert_non_null(m);
    int a = 1, b = 2, c = 3;
    assert_int_equal(ippon_strmap_count(m), 0);
    assert_null(ippon_strmap_get(m, "a"));
    assert_int_equal(ippon_strmap_put(m, "a", &a), 0);
    assert_int_equal(ippon_strmap_put(m, "b", &b), 0);
    assert_int_equal(ippon_strmap_count(m), 2);
    assert_ptr_equal(ippon_strmap_get(m, "a"), &a);
    assert_ptr_equal(ippon_strmap_get(m, "b"), &b);
    assert_null(ippon_strmap_get(m, "c"));
    assert_null(ippon_strmap_get(m, ""));
    /* replace: same count, new value */
    assert_int_equal(ippon_strmap_put(m, "a", &c), 0);
    assert_int_equal(ippon_strmap_count(m), 2);
    assert_ptr_equal(ippon_strmap_get(m, "a"), &c);
    /* remove returns the value */
    assert_ptr_equal(ippon_strmap_remove(m, "a"), &c);
    assert_int_equal(ippon_strmap_count(m), 1);
    assert_null(ippon_strmap_get(m, "a"));
    assert_null(ippon_strmap_remove(m, "a"));
    assert_null(ippon_strmap_remove(m, "never"));
    assert_int_equal(ippon_strmap_count(m), 1);
    /* re-insert a removed key */
    assert_int_equal(ippon_strmap_put(m, "a", &a), 0);
    assert_ptr_equal(ippon_strmap_get(m, "a"), &a);
    assert_int_equal(ippon_strmap_count(m), 2);
    /* the empty string is a key like any other */
    assert_int_equal(ippon_strmap_put(m, "", &b), 0);
    assert_ptr_equal(ippon_strmap_get(m, ""), &b);
    assert_int_equal(ippon_strmap_count(m), 3);
    ippon_strmap_free(m);
    ippon_strmap_free(NULL);
}

static void keys_are_copied(void **state)
{
    (void)state;
    ippon_strmap *m = ippon_strmap_new();
    char key[16] = "abc";
    int v = 7;
    assert_int_equal(ippon_strmap_put(m, key, &v), 0);
    strcpy(key, "xyz");
    assert_ptr_equal(ippon_strmap_get(m, "abc"), &v);
    assert_null(ippon_strmap_get(m, "xyz"));
    ippon_strmap_free(m);
}

static void many_keys(void **state)
{
    (void)state;
    ippon_strmap *m = ippon_strmap_new();
    char key[32];
    for (int i = 0; i < MANY; i++) {
        key_of(i, key, sizeof key);
        assert_int_equal(ippon_strmap_put(m, key, &values[i]), 0);
        assert_int_equal(ippon_strmap_count(m), (size_t)i + 1);
    }
    for (int i = 0; i < MANY; i++) {
        key_of(i, key, sizeof key);
        assert_ptr_equal(ippon_strmap_get(m, key), &values[i]);
    }
    assert_null(ippon_strmap_get(m, "user-10000"));
    assert_null(ippon_strmap_get(m, "user-"));
    /* remove the even ones */
    for (int i = 0; i < MANY; i += 2) {
        key_of(i, key, sizeof key);
        assert_ptr_equal(ippon_strmap_remove(m, key), &values[i]);
    }
    assert_int_equal(ippon_strmap_count(m), MANY / 2);
    for (int i = 0; i < MANY; i++) {
        key_of(i, key, sizeof key);
        if (i % 2)
            assert_ptr_equal(ippon_strmap_get(m, key), &values[i]); /* past tombstones on the probe path */
        else
            assert_null(ippon_strmap_get(m, key));
    }
    /* re-insert them with other values (the odd ones' slots); replacing the odd ones keeps the count */
    for (int i = 0; i < MANY; i += 2) {
        key_of(i, key, sizeof key);
        assert_int_equal(ippon_strmap_put(m, key, &values[i + 1]), 0);
    }
    assert_int_equal(ippon_strmap_count(m), MANY);
    for (int i = 1; i < MANY; i += 2) {
        key_of(i, key, sizeof key);
        assert_int_equal(ippon_strmap_put(m, key, &values[i - 1]), 0);
    }
    assert_int_equal(ippon_strmap_count(m), MANY);
    for (int i = 0; i < MANY; i++) {
        key_of(i, key, sizeof key);
        assert_ptr_equal(ippon_strmap_get(m, key), &values[i % 2 ? i - 1 : i + 1]);
    }
    /* remove everything */
    for (int i = MANY - 1; i >= 0; i--) {
        key_of(i, key, sizeof key);
        assert_non_null(ippon_strmap_remove(m, key));
    }
    assert_int_equal(ippon_strmap_count(m), 0);
    for (int i = 0; i < MANY; i += 97) {
        key_of(i, key, sizeof key);
        assert_null(ippon_strmap_get(m, key));
    }
    ippon_strmap_free(m);
}

/* many insert/remove cycles with few live keys: tombstones must be cleaned up, never fill the table */
static void churn(void **state)
{
    (void)state;
    ippon_strmap *m = ippon_strmap_new();
    char key[32];
    for (int i = 0; i < 50 * MANY; i++) {
        snprintf(key, sizeof key, "churn-%d", i);
        assert_int_equal(ippon_strmap_put(m, key, &values[i % MANY]), 0);
        if (i >= 10) {
            snprintf(key, sizeof key, "churn-%d", i - 10);
            assert_ptr_equal(ippon_strmap_remove(m, key), &values[(i - 10) % MANY]);
        }
    }
    assert_int_equal(ippon_strmap_count(m), 10);
    for (int i = 50 * MANY - 10; i < 50 * MANY; i++) {
        snprintf(key, sizeof key, "churn-%d", i);
        assert_ptr_equal(ippon_strmap_get(m, key), &values[i % MANY]);
    }
    snprintf(key, sizeof key, "churn-%d", 50 * MANY - 11);
    assert_null(ippon_strmap_get(m, key));
    ippon_strmap_free(m);
}

/* removing a key in the middle of a probe chain, then re-inserting it and a new key */
static void tombstone_then_reinsert(void **state)
{
    (void)state;
    ippon_strmap *m = ippon_strmap_new();
    char key[32];
    int v[40];
    for (int i = 0; i < 30; i++) { /* 30 keys in 64 slots: some collide */
        snprintf(key, sizeof key, "k%d", i);
        assert_int_equal(ippon_strmap_put(m, key, &v[i]), 0);
    }
    for (int i = 0; i < 30; i += 3) {
        snprintf(key, sizeof key, "k%d", i);
        assert_ptr_equal(ippon_strmap_remove(m, key), &v[i]);
    }
    assert_int_equal(ippon_strmap_count(m), 20);
    /* every survivor still found */
    for (int i = 0; i < 30; i++) {
        snprintf(key, sizeof key, "k%d", i);
        if (i % 3)
            assert_ptr_equal(ippon_strmap_get(m, key), &v[i]);
        else
            assert_null(ippon_strmap_get(m, key));
    }
    /* re-inserting a survivor replaces it (no duplicate in a tombstone before it) */
    for (int i = 1; i < 30; i += 3) {
        snprintf(key, sizeof key, "k%d", i);
        assert_int_equal(ippon_strmap_put(m, key, &v[39]), 0);
    }
    assert_int_equal(ippon_strmap_count(m), 20);
    for (int i = 1; i < 30; i += 3) {
        snprintf(key, sizeof key, "k%d", i);
        assert_ptr_equal(ippon_strmap_remove(m, key), &v[39]);
        assert_null(ippon_strmap_get(m, key)); /* no second copy left behind */
    }
    assert_int_equal(ippon_strmap_count(m), 10);
    ippon_strmap_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(basic),
        cmocka_unit_test(keys_are_copied),
        cmocka_unit_test(many_keys),
        cmocka_unit_test(churn),
        cmocka_unit_test(tombstone_then_reinsert),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
