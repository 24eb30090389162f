/*
 * test_server_pwpolicy.c — new passwords checked by libpwquality (src/server/auth/pwpolicy.c), and
 * on the hashing worker before the hash (pwhash.c): common passwords, dictionary words and
 * patterns refused with our own reason, the username and the old password refused, good ones
 * taken; a checked hash of a weak password answers IPPON_PWHASH_WEAK with the reason.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "auth/pwhash.h"
#include "auth/pwpolicy.h"

static void expect_refused(ippon_pwpolicy *p, const char *password, const char *user, const char *old,
                           const char *words)
{
    char why[256] = "";
    if (ippon_pwpolicy_check(p, password, strlen(password), user, old, why, sizeof why) == 0)
        fail_msg("\"%s\" was accepted", password);
    if (!strstr(why, words))
        fail_msg("\"%s\": \"%s\" does not say %s", password, why, words);
}

static void policy(void **state)
{
    (void)state;
    ippon_pwpolicy *p = ippon_pwpolicy_new(IPPON_PWPOLICY_PLAYER_MIN);
    assert_non_null(p);
    expect_refused(p, "12345678", NULL, NULL, "simple pattern");
    expect_refused(p, "password1", NULL, NULL, "common password or a dictionary word");
    expect_refused(p, "qwertyui", NULL, NULL, "common password or a dictionary word");
    expect_refused(p, "iloveyou", NULL, NULL, "dictionary word");
    expect_refused(p, "drowssap", NULL, NULL, "dictionary word"); /* backwards */
    expect_refused(p, "abcdefgh", NULL, NULL, "simple pattern");
    expect_refused(p, "short", NULL, NULL, "at least 8 bytes");
    expect_refused(p, "rinchan-2024x", "rinchan", NULL, "username");
    expect_refused(p, "Kaede-sunset-42", "kaede1", "Kaede-sunset-42", "current password");
    char why[256];
    const char *good[] = {"Kaede-sunset-42", "correct horse battery", "q9#Lm2vX", "Tsumo-Pinfu-Dora3"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        if (ippon_pwpolicy_check(p, good[i], strlen(good[i]), "rin", NULL, why, sizeof why) != 0)
            fail_msg("\"%s\" was refused: %s", good[i], why);
    assert_int_equal(ippon_pwpolicy_check(p, "with\0nul-x", 10, NULL, NULL, why, sizeof why), -1);
    ippon_pwpolicy_free(p);
    assert_null(ippon_pwpolicy_new(5));
}

typedef struct job {
    int calls;
    ippon_pwhash_result result;
    char text[256];
} job;

static void on_job(void *ctx, ippon_pwhash_result result, const char *text)
{
    job *j = ctx;
    j->calls++;
    j->result = result;
    snprintf(j->text, sizeof j->text, "%s", text ? text : "");
}

static void wait_job(ippon_pwhash *pool, job *j)
{
    struct timespec ms = {0, 1000000};
    for (int i = 0; i < 10000 && !j->calls; i++)
        if (ippon_pwhash_poll(pool) == 0)
            nanosleep(&ms, NULL);
    assert_int_equal(j->calls, 1);
}

static void checked_hash_on_the_worker(void **state)
{
    (void)state;
    ippon_pwpolicy *p = ippon_pwpolicy_new(IPPON_PWPOLICY_PLAYER_MIN);
    ippon_pwhash *pool;
    assert_int_equal(ippon_pwhash_start(&pool, 1, 8192, 4, NULL, NULL), 0);
    job weak = {0}, good = {0};
    assert_int_equal(ippon_pwhash_hash_checked(pool, p, "password1", 9, "rin", NULL, on_job, &weak), 0);
    assert_int_equal(ippon_pwhash_hash_checked(pool, p, "Kaede-sunset-42", 15, "rin", NULL, on_job, &good), 0);
    wait_job(pool, &weak);
    wait_job(pool, &good);
    assert_int_equal(weak.result, IPPON_PWHASH_WEAK);
    assert_non_null(strstr(weak.text, "dictionary word"));
    assert_int_equal(good.result, IPPON_PWHASH_OK);
    assert_int_equal(strncmp(good.text, "$argon2id$", 10), 0);
    assert_int_equal(ippon_pwhash_hash_checked(pool, NULL, "x", 1, NULL, NULL, on_job, &good), -1);
    ippon_pwhash_stop(pool);
    ippon_pwpolicy_free(p);
}

int main(void)
{
    if (sodium_init() < 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(policy),
        cmocka_unit_test(checked_hash_on_the_worker),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
