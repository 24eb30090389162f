/*
 * test_server_error_codes.c — the one error scheme (include/ippon/error.h): every family's codes,
 * as their headers list them, are negative, inside the family's range and distinct across all the
 * families, and each has a description of its own from its family's *_strerror.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "auth/auth.h"
#include "auth/pwhash.h"
#include "ippon/error.h"
#include "store/store.h"
#include "store/store_writer.h"

struct code {
    int value;
    const char *name;
    int family;
};

enum { CORE, STORE, AUTH, PWHASH, FAMILIES };

static const struct { int lo, hi; const char *(*describe)(int); } families[FAMILIES] = {
    [CORE] = { -99, -1, ippon_strerror },
    [STORE] = { -199, -100, ippon_store_strerror },
    [AUTH] = { -299, -200, ippon_auth_strerror },
    [PWHASH] = { -399, -300, ippon_pwhash_strerror },
};

#define CODE(family, name) { name, #name, family }

static const struct code codes[] = {
    CODE(CORE, IPPON_EINVAL),
    CODE(CORE, IPPON_ERANGE),
    CODE(CORE, IPPON_EILLEGAL),
    CODE(STORE, IPPON_STORE_NOT_FOUND),
    CODE(STORE, IPPON_STORE_CONFLICT),
    CODE(STORE, IPPON_WRITE_UNAVAILABLE),
    CODE(STORE, IPPON_WRITE_STOPPED),
    CODE(AUTH, IPPON_AUTH_INVALID),
    CODE(AUTH, IPPON_AUTH_ERROR),
    CODE(AUTH, IPPON_AUTH_LIMITED),
    CODE(AUTH, IPPON_AUTH_BUSY),
    CODE(AUTH, IPPON_AUTH_TAKEN),
    CODE(AUTH, IPPON_AUTH_NOT_GUEST),
    CODE(AUTH, IPPON_AUTH_BANNED),
    CODE(AUTH, IPPON_AUTH_UNAVAILABLE),
    CODE(AUTH, IPPON_AUTH_WEAK),
    CODE(AUTH, IPPON_AUTH_WRONG_PASSWORD),
    CODE(AUTH, IPPON_AUTH_NOT_REGISTERED),
    CODE(PWHASH, IPPON_PWHASH_FAILED),
    CODE(PWHASH, IPPON_PWHASH_CANCELLED),
};

enum { N_CODES = sizeof codes / sizeof codes[0] };

static void codes_are_in_their_ranges_and_distinct(void **state)
{
    (void)state;
    for (int i = 0; i < N_CODES; i++) {
        int lo = families[codes[i].family].lo, hi = families[codes[i].family].hi;
        if (codes[i].value < lo || codes[i].value > hi)
            fail_msg("%s = %d is outside its family's range %d..%d", codes[i].name, codes[i].value, lo, hi);
        for (int j = 0; j < i; j++)
            if (codes[i].value == codes[j].value)
                fail_msg("%s and %s are both %d", codes[j].name, codes[i].name, codes[i].value);
    }
}

static void every_code_has_a_description_of_its_own(void **state)
{
    (void)state;
    const char *texts[N_CODES];
    for (int i = 0; i < N_CODES; i++) {
        const char *(*describe)(int) = families[codes[i].family].describe;
        texts[i] = describe(codes[i].value);
        if (!texts[i] || !texts[i][0])
            fail_msg("%s has no description", codes[i].name);
        if (strcmp(texts[i], describe(-12345)) == 0)
            fail_msg("%s is described as an unknown code (\"%s\")", codes[i].name, texts[i]);
        for (int j = 0; j < i; j++)
            if (strcmp(texts[i], texts[j]) == 0)
                fail_msg("%s and %s are both described as \"%s\"", codes[j].name, codes[i].name, texts[i]);
    }
}

/* what the families say besides their error codes */
static void other_results_are_described_too(void **state)
{
    (void)state;
    /* the store's plain failure, and password hashing's outcomes that are not errors */
    assert_string_not_equal(ippon_store_strerror(-1), ippon_store_strerror(-12345));
    assert_string_not_equal(ippon_pwhash_strerror(IPPON_PWHASH_MISMATCH), ippon_pwhash_strerror(-12345));
    assert_string_not_equal(ippon_pwhash_strerror(IPPON_PWHASH_WEAK), ippon_pwhash_strerror(-12345));
    assert_string_not_equal(ippon_pwhash_strerror(IPPON_PWHASH_WEAK), ippon_pwhash_strerror(IPPON_PWHASH_MISMATCH));
    /* success is 0 everywhere */
    assert_int_equal(IPPON_OK, 0);
    assert_int_equal(IPPON_AUTH_OK, 0);
    assert_int_equal(IPPON_PWHASH_OK, 0);
    /* the core's errors stay below -1, the least shanten (ippon/shanten.h) */
    assert_true(IPPON_ERANGE < -1 && IPPON_EILLEGAL < -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(codes_are_in_their_ranges_and_distinct),
        cmocka_unit_test(every_code_has_a_description_of_its_own),
        cmocka_unit_test(other_results_are_described_too),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
