/*
 * test_server_error_codes.c — the one error scheme (include/ippon/error.h): each family's table,
 * walked row by row. Codes are negative, inside their family's range and distinct across all the
 * families; wire names are distinct within a family; every code has a text and an HTTP error
 * status, and its family's look-up and *_strerror give that row and that text; a code of no row
 * is described as unknown.
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

#define NAMED_ROW(name, code, wire, status, text) { { (code), (wire), (status), (text) }, #name },

typedef struct named_row {
    ippon_error_row row;
    const char *name;
} named_row;

static const named_row core_rows[] = { IPPON_CORE_ERRNO_MAP(NAMED_ROW) };
static const named_row store_rows[] = { IPPON_STORE_ERRNO_MAP(NAMED_ROW) };
static const named_row auth_rows[] = { IPPON_AUTH_ERRNO_MAP(NAMED_ROW) };
static const named_row pwhash_rows[] = { IPPON_PWHASH_ERRNO_MAP(NAMED_ROW) };

#define ROWS(a) (a), (int)(sizeof(a) / sizeof(a)[0])

static const struct family {
    const char *name;
    const named_row *rows;
    int n;
    int lo, hi;
    const ippon_error_row *(*row_of)(int);
    const char *(*describe)(int);
} families[] = {
    { "core", ROWS(core_rows), -99, -2, ippon_error_row_of, ippon_strerror },
    { "store", ROWS(store_rows), -199, -100, ippon_store_error_row, ippon_store_strerror },
    { "auth", ROWS(auth_rows), -299, -200, ippon_auth_error_row, ippon_auth_strerror },
    { "pwhash", ROWS(pwhash_rows), -399, -300, ippon_pwhash_error_row, ippon_pwhash_strerror },
};

enum { FAMILIES = sizeof families / sizeof families[0] };

static void codes_are_in_their_ranges_and_distinct(void **state)
{
    (void)state;
    for (int f = 0; f < FAMILIES; f++)
        for (int i = 0; i < families[f].n; i++) {
            const named_row *r = &families[f].rows[i];
            if (r->row.code < families[f].lo || r->row.code > families[f].hi)
                fail_msg("%s = %d is outside the %s range %d..%d", r->name, r->row.code, families[f].name,
                         families[f].lo, families[f].hi);
            for (int g = 0; g <= f; g++)
                for (int j = 0; j < (g == f ? i : families[g].n); j++)
                    if (families[g].rows[j].row.code == r->row.code)
                        fail_msg("%s and %s are both %d", families[g].rows[j].name, r->name, r->row.code);
        }
}

static void wire_names_are_distinct_in_a_family(void **state)
{
    (void)state;
    for (int f = 0; f < FAMILIES; f++)
        for (int i = 0; i < families[f].n; i++) {
            const named_row *r = &families[f].rows[i];
            if (!r->row.wire || !r->row.wire[0] || strspn(r->row.wire, "abcdefghijklmnopqrstuvwxyz_") != strlen(r->row.wire))
                fail_msg("%s has no wire name of lower-case letters and '_' (\"%s\")", r->name,
                         r->row.wire ? r->row.wire : "(null)");
            for (int j = 0; j < i; j++)
                if (strcmp(families[f].rows[j].row.wire, r->row.wire) == 0)
                    fail_msg("%s and %s are both \"%s\" on the wire", families[f].rows[j].name, r->name, r->row.wire);
        }
}

static void every_code_has_a_text_and_a_status_of_its_own(void **state)
{
    (void)state;
    for (int f = 0; f < FAMILIES; f++)
        for (int i = 0; i < families[f].n; i++) {
            const named_row *r = &families[f].rows[i];
            if (!r->row.text || !r->row.text[0])
                fail_msg("%s has no text", r->name);
            if (r->row.status < 400 || r->row.status > 599)
                fail_msg("%s has HTTP status %d, not an error's", r->name, r->row.status);
            for (int j = 0; j < i; j++)
                if (strcmp(families[f].rows[j].row.text, r->row.text) == 0)
                    fail_msg("%s and %s are both \"%s\"", families[f].rows[j].name, r->name, r->row.text);
        }
}

/* a family's look-up finds each row, and its *_strerror says the row's text */
static void look_ups_give_the_table(void **state)
{
    (void)state;
    for (int f = 0; f < FAMILIES; f++)
        for (int i = 0; i < families[f].n; i++) {
            const named_row *r = &families[f].rows[i];
            const ippon_error_row *got = families[f].row_of(r->row.code);
            if (!got || got->code != r->row.code || strcmp(got->wire, r->row.wire) != 0 ||
                got->status != r->row.status || strcmp(got->text, r->row.text) != 0)
                fail_msg("the %s look-up of %s does not give its row", families[f].name, r->name);
            if (strcmp(families[f].describe(r->row.code), r->row.text) != 0)
                fail_msg("%s is described as \"%s\", its row says \"%s\"", r->name, families[f].describe(r->row.code),
                         r->row.text);
        }
}

/* a code no row has: no row, and a description that says it is unknown */
static void unknown_codes_are_said_to_be_unknown(void **state)
{
    (void)state;
    static const int strangers[] = { -12345, -98, -199, -299, -399, 7 };
    for (int f = 0; f < FAMILIES; f++)
        for (size_t s = 0; s < sizeof strangers / sizeof strangers[0]; s++) {
            if (families[f].row_of(strangers[s]))
                fail_msg("the %s table has a row for %d", families[f].name, strangers[s]);
            const char *text = families[f].describe(strangers[s]);
            if (!strstr(text, "unknown"))
                fail_msg("%s_strerror(%d) is \"%s\", which does not say it is unknown", families[f].name,
                         strangers[s], text);
        }
}

/* what the families say besides their error codes */
static void other_results_are_described_too(void **state)
{
    (void)state;
    /* the store's plain failure, and password hashing's outcomes that are not errors */
    assert_string_not_equal(ippon_store_strerror(IPPON_FAILED), ippon_store_strerror(-12345));
    /* -1 is the plain failure and nothing else: no table has a row for it */
    assert_int_equal(IPPON_FAILED, -1);
    for (int f = 0; f < FAMILIES; f++)
        assert_null(families[f].row_of(IPPON_FAILED));
    assert_string_not_equal(ippon_pwhash_strerror(IPPON_PWHASH_MISMATCH), ippon_pwhash_strerror(-12345));
    assert_string_not_equal(ippon_pwhash_strerror(IPPON_PWHASH_WEAK), ippon_pwhash_strerror(-12345));
    assert_string_not_equal(ippon_pwhash_strerror(IPPON_PWHASH_WEAK), ippon_pwhash_strerror(IPPON_PWHASH_MISMATCH));
    /* success is 0 everywhere, and no table has a row for it */
    assert_int_equal(IPPON_OK, 0);
    assert_int_equal(IPPON_AUTH_OK, 0);
    assert_int_equal(IPPON_PWHASH_OK, 0);
    for (int f = 0; f < FAMILIES; f++)
        assert_null(families[f].row_of(0));
    /* the core's errors stay below -1, the least shanten (ippon/shanten.h) */
    assert_true(IPPON_EINVAL < -1 && IPPON_ERANGE < -1 && IPPON_EILLEGAL < -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(codes_are_in_their_ranges_and_distinct),
        cmocka_unit_test(wire_names_are_distinct_in_a_family),
        cmocka_unit_test(every_code_has_a_text_and_a_status_of_its_own),
        cmocka_unit_test(look_ups_give_the_table),
        cmocka_unit_test(unknown_codes_are_said_to_be_unknown),
        cmocka_unit_test(other_results_are_described_too),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
