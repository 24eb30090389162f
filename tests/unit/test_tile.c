/*
 * test_tile.c — unit tests of the tile module (include/ippon/tile.h): the short notation
 * ("123m0p11z") both ways, tenhou.net/6 integers, mjai strings, counting codes into kinds, and
 * the small kind/code helpers. Expectations are written out from the community formats.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ippon/error.h"
#include "ippon/tile.h"

static void parse_plain_hand(void **state)
{
    (void)state;
    ippon_code codes[14];
    static const ippon_code want[13] = { 0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 28, 28 };
    assert_int_equal(ippon_notation_parse("123m456p789s1122z", codes, 14), 13);
    assert_memory_equal(codes, want, sizeof want);
    /* honors 1z–7z: East South West North haku hatsu chun */
    assert_int_equal(ippon_notation_parse("1234567z", codes, 14), 7);
    assert_int_equal(codes[0], IPPON_EAST);
    assert_int_equal(codes[3], IPPON_NORTH);
    assert_int_equal(codes[4], IPPON_HAKU);
    assert_int_equal(codes[6], IPPON_CHUN);
    /* an empty string is an empty hand */
    assert_int_equal(ippon_notation_parse("", codes, 14), 0);
}

static void parse_red_fives_and_spaces(void **state)
{
    (void)state;
    ippon_code codes[14];
    /* 0 = red five of the suit */
    assert_int_equal(ippon_notation_parse("0m5p0s", codes, 14), 3);
    assert_int_equal(codes[0], IPPON_RED_5M);
    assert_int_equal(codes[1], IPPON_5P);
    assert_int_equal(codes[2], IPPON_RED_5S);
    assert_int_equal(ippon_notation_parse("0p", codes, 14), 1);
    assert_int_equal(codes[0], IPPON_RED_5P);
    /* spaces between groups */
    assert_int_equal(ippon_notation_parse("123m 456p", codes, 14), 6);
    assert_int_equal(codes[3], 12);
}

static void parse_errors(void **state)
{
    (void)state;
    ippon_code codes[14];
    assert_int_equal(ippon_notation_parse("8z", codes, 14), IPPON_EINVAL);   /* only 1z–7z */
    assert_int_equal(ippon_notation_parse("0z", codes, 14), IPPON_EINVAL);   /* no red honor */
    assert_int_equal(ippon_notation_parse("12", codes, 14), IPPON_EINVAL);   /* digits without suit */
    assert_int_equal(ippon_notation_parse("m", codes, 14), IPPON_EINVAL);    /* suit without digits */
    assert_int_equal(ippon_notation_parse("1x", codes, 14), IPPON_EINVAL);   /* unknown letter */
    assert_int_equal(ippon_notation_parse("1 2m", codes, 14), IPPON_EINVAL); /* digits cut off */
    assert_int_equal(ippon_notation_parse("1234m", codes, 3), IPPON_ERANGE); /* more than cap */
}

static void format_codes(void **state)
{
    (void)state;
    char buf[64];
    /* runs of one suit share the letter; red 5m is 0 in the man run */
    static const ippon_code hand[6] = { 0, 1, 2, IPPON_RED_5M, IPPON_EAST, IPPON_EAST };
    assert_int_equal(ippon_notation_format(hand, 6, buf, sizeof buf), 8);
    assert_string_equal(buf, "1230m11z");
    /* the order given is kept */
    static const ippon_code mixed[3] = { IPPON_EAST, IPPON_1M, IPPON_1P };
    assert_int_equal(ippon_notation_format(mixed, 3, buf, sizeof buf), 6);
    assert_string_equal(buf, "1z1m1p");
    static const ippon_code pins[3] = { IPPON_1P, IPPON_RED_5P, IPPON_9P };
    ippon_notation_format(pins, 3, buf, sizeof buf);
    assert_string_equal(buf, "109p");
    /* nothing */
    assert_int_equal(ippon_notation_format(hand, 0, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
}

static void format_errors(void **state)
{
    (void)state;
    char buf[8];
    static const ippon_code three[3] = { 0, 1, 2 };
    /* "123m" needs 5 bytes with its NUL */
    assert_int_equal(ippon_notation_format(three, 3, buf, 4), IPPON_ERANGE);
    assert_string_equal(buf, "");
    assert_int_equal(ippon_notation_format(three, 3, buf, 5), 4);
    assert_string_equal(buf, "123m");
    assert_int_equal(ippon_notation_format(three, 3, buf, 0), IPPON_ERANGE);
    static const ippon_code bad[1] = { IPPON_CODES };
    assert_int_equal(ippon_notation_format(bad, 1, buf, sizeof buf), IPPON_EINVAL);
}

static void notation_round_trip(void **state)
{
    (void)state;
    for (int code = 0; code < IPPON_CODES; code++) {
        char buf[8];
        ippon_code one = (ippon_code)code, back[2];
        assert_int_equal(ippon_notation_format(&one, 1, buf, sizeof buf), 2);
        assert_int_equal(ippon_notation_parse(buf, back, 2), 1);
        assert_int_equal(back[0], code);
    }
}

static void tenhou_codes(void **state)
{
    (void)state;
    /* 11–19 man, 21–29 pin, 31–39 sou, 41–47 E S W N haku hatsu chun, 51–53 red fives */
    assert_int_equal(ippon_code_to_tenhou(IPPON_1M), 11);
    assert_int_equal(ippon_code_to_tenhou(IPPON_9M), 19);
    assert_int_equal(ippon_code_to_tenhou(IPPON_1P), 21);
    assert_int_equal(ippon_code_to_tenhou(IPPON_9S), 39);
    assert_int_equal(ippon_code_to_tenhou(IPPON_EAST), 41);
    assert_int_equal(ippon_code_to_tenhou(IPPON_CHUN), 47);
    assert_int_equal(ippon_code_to_tenhou(IPPON_RED_5M), 51);
    assert_int_equal(ippon_code_to_tenhou(IPPON_RED_5P), 52);
    assert_int_equal(ippon_code_to_tenhou(IPPON_RED_5S), 53);
    assert_int_equal(ippon_code_to_tenhou(IPPON_CODES), IPPON_EINVAL);
    assert_int_equal(ippon_code_to_tenhou(-1), IPPON_EINVAL);

    assert_int_equal(ippon_code_from_tenhou(11), IPPON_1M);
    assert_int_equal(ippon_code_from_tenhou(25), IPPON_5P);
    assert_int_equal(ippon_code_from_tenhou(47), IPPON_CHUN);
    assert_int_equal(ippon_code_from_tenhou(51), IPPON_RED_5M);
    assert_int_equal(ippon_code_from_tenhou(53), IPPON_RED_5S);
    static const int bad[] = { 0, 10, 20, 48, 49, 50, 54, 99, -11 };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(ippon_code_from_tenhou(bad[i]), IPPON_EINVAL);
    for (int code = 0; code < IPPON_CODES; code++)
        assert_int_equal(ippon_code_from_tenhou(ippon_code_to_tenhou(code)), code);
}

static void mjai_codes(void **state)
{
    (void)state;
    assert_string_equal(ippon_code_to_mjai(IPPON_1M), "1m");
    assert_string_equal(ippon_code_to_mjai(IPPON_9S), "9s");
    assert_string_equal(ippon_code_to_mjai(IPPON_EAST), "E");
    assert_string_equal(ippon_code_to_mjai(IPPON_NORTH), "N");
    assert_string_equal(ippon_code_to_mjai(IPPON_HAKU), "P");
    assert_string_equal(ippon_code_to_mjai(IPPON_HATSU), "F");
    assert_string_equal(ippon_code_to_mjai(IPPON_CHUN), "C");
    assert_string_equal(ippon_code_to_mjai(IPPON_RED_5M), "5mr");
    assert_string_equal(ippon_code_to_mjai(IPPON_RED_5S), "5sr");
    assert_null(ippon_code_to_mjai(IPPON_CODES));
    assert_null(ippon_code_to_mjai(-1));

    assert_int_equal(ippon_code_from_mjai("5pr"), IPPON_RED_5P);
    assert_int_equal(ippon_code_from_mjai("W"), IPPON_WEST);
    assert_int_equal(ippon_code_from_mjai("5p"), IPPON_5P);
    assert_int_equal(ippon_code_from_mjai("0m"), IPPON_EINVAL);
    assert_int_equal(ippon_code_from_mjai("e"), IPPON_EINVAL);
    assert_int_equal(ippon_code_from_mjai(""), IPPON_EINVAL);
    assert_int_equal(ippon_code_from_mjai(NULL), IPPON_EINVAL);
    for (int code = 0; code < IPPON_CODES; code++)
        assert_int_equal(ippon_code_from_mjai(ippon_code_to_mjai(code)), code);
}

static void counting(void **state)
{
    (void)state;
    uint8_t counts[IPPON_KINDS] = { 0 };
    ippon_code codes[8];
    /* a red five counts as its five */
    int n = ippon_notation_parse("5550m", codes, 8);
    assert_int_equal(ippon_counts_add(counts, codes, n), IPPON_OK);
    assert_int_equal(counts[IPPON_5M], 4);
    /* a fifth copy */
    n = ippon_notation_parse("5m", codes, 8);
    assert_int_equal(ippon_counts_add(counts, codes, n), IPPON_ERANGE);
    /* a code out of range */
    codes[0] = IPPON_CODES;
    assert_int_equal(ippon_counts_add(counts, codes, 1), IPPON_EINVAL);
}

static void kind_helpers(void **state)
{
    (void)state;
    assert_int_equal(ippon_code_kind(IPPON_RED_5M), IPPON_5M);
    assert_int_equal(ippon_code_kind(IPPON_RED_5P), IPPON_5P);
    assert_int_equal(ippon_code_kind(IPPON_RED_5S), IPPON_5S);
    assert_int_equal(ippon_code_kind(IPPON_CHUN), IPPON_CHUN);
    assert_int_equal(ippon_kind_number(IPPON_5P), 5);
    assert_int_equal(ippon_kind_number(IPPON_EAST), 1);
    assert_int_equal(ippon_kind_number(IPPON_CHUN), 7);
    assert_int_equal(ippon_kind_suit(IPPON_9S), IPPON_SOU);
    assert_int_equal(ippon_kind_suit(IPPON_HAKU), IPPON_HONOR);
    assert_true(ippon_kind_is_terminal(IPPON_1M) && ippon_kind_is_terminal(IPPON_9P));
    assert_false(ippon_kind_is_terminal(IPPON_EAST) || ippon_kind_is_terminal(IPPON_5S));
    assert_true(ippon_kind_is_yaochu(IPPON_NORTH) && ippon_kind_is_yaochu(IPPON_9S));
    assert_true(ippon_kind_is_simple(IPPON_5M) && !ippon_kind_is_simple(IPPON_1S));
    assert_true(ippon_kind_is_wind(IPPON_NORTH) && !ippon_kind_is_wind(IPPON_HAKU));
    assert_true(ippon_kind_is_dragon(IPPON_HAKU) && !ippon_kind_is_dragon(IPPON_NORTH));

    /* copy 0 of a five is red when the suit has a red five */
    static const uint8_t reds[3] = { 1, 1, 1 }, sanma_reds[3] = { 0, 1, 1 };
    assert_int_equal(ippon_tile_code(IPPON_5M * 4, reds), IPPON_RED_5M);
    assert_int_equal(ippon_tile_code(IPPON_5M * 4, sanma_reds), IPPON_5M);
    assert_int_equal(ippon_tile_code(IPPON_5M * 4 + 1, reds), IPPON_5M);
    assert_int_equal(ippon_tile_code(IPPON_5P * 4, sanma_reds), IPPON_RED_5P);
    assert_int_equal(ippon_tile_code(IPPON_HAKU * 4, reds), IPPON_HAKU);
    assert_int_equal(ippon_tile_kind(135), IPPON_CHUN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_plain_hand),
        cmocka_unit_test(parse_red_fives_and_spaces),
        cmocka_unit_test(parse_errors),
        cmocka_unit_test(format_codes),
        cmocka_unit_test(format_errors),
        cmocka_unit_test(notation_round_trip),
        cmocka_unit_test(tenhou_codes),
        cmocka_unit_test(mjai_codes),
        cmocka_unit_test(counting),
        cmocka_unit_test(kind_helpers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
