/*
 * test_server_mode.c — the game modes (src/server/base/mode.c): the names "4p" and "3p" both
 * ways, nothing else parsed, IPPON_MODE_CHOICES spelling the same names, and each mode's players
 * and rule preset agreeing with the rules core (the preset's players are the mode's).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "base/mode.h"
#include "ippon/rules.h"

static void names(void **state)
{
    (void)state;
    assert_string_equal(ippon_mode_name(IPPON_MODE_4P), "4p");
    assert_string_equal(ippon_mode_name(IPPON_MODE_3P), "3p");
    for (ippon_mode m = 0; m < IPPON_MODES; m++) {
        ippon_mode back = IPPON_MODES;
        assert_int_equal(ippon_mode_parse(ippon_mode_name(m), &back), 0);
        assert_int_equal(back, m);
    }
    static const char *const bad[] = {"", "4", "5p", "4P", "3p ", " 3p", "4p\n", "yonma", "sanma"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ippon_mode out = IPPON_MODES;
        assert_int_equal(ippon_mode_parse(bad[i], &out), -1);
        assert_int_equal(out, IPPON_MODES); /* untouched */
    }
    ippon_mode out = IPPON_MODES;
    assert_int_equal(ippon_mode_parse(NULL, &out), -1);
    char choices[64];
    snprintf(choices, sizeof choices, "\"%s\" or \"%s\"", ippon_mode_name(IPPON_MODE_4P), ippon_mode_name(IPPON_MODE_3P));
    assert_string_equal(IPPON_MODE_CHOICES, choices);
}

static void players_and_presets(void **state)
{
    (void)state;
    assert_int_equal(ippon_mode_players(IPPON_MODE_4P), 4);
    assert_int_equal(ippon_mode_players(IPPON_MODE_3P), 3);
    for (ippon_mode m = 0; m < IPPON_MODES; m++) {
        assert_int_equal(ippon_mode_of_players(ippon_mode_players(m)), m);
        const ippon_rules *rules = ippon_rules_preset(ippon_mode_preset(m));
        assert_non_null(rules);
        assert_int_equal(rules->players, ippon_mode_players(m));
        assert_int_equal(ippon_mode_of_players(rules->players), m);
    }
    assert_string_equal(ippon_mode_preset(IPPON_MODE_4P), "yonma");
    assert_string_equal(ippon_mode_preset(IPPON_MODE_3P), "sanma");
    /* Tenhou's presets are the same two modes */
    assert_int_equal(ippon_mode_of_players(ippon_rules_preset("tenhou4")->players), IPPON_MODE_4P);
    assert_int_equal(ippon_mode_of_players(ippon_rules_preset("tenhou3")->players), IPPON_MODE_3P);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names),
        cmocka_unit_test(players_and_presets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
