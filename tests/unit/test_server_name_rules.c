/*
 * test_server_name_rules.c — display names that pass for the staff, the service or a bot
 * (src/server/auth/name_rules.c) and the display-name check that applies it first (auth_rules.c):
 * the reserved words in any case, with look-alike digits and signs, split by punctuation or
 * capitals, with digits after them; the bots' names and "Bot <anything>"; and the names that
 * merely contain a reserved word, which stay free. The generated guest names never match.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "auth/auth.h"
#include "auth/name_rules.h"

static void expect_refused(const char *name, const char *words)
{
    char problem[256] = "";
    if (ippon_name_impersonates(name, strlen(name), problem, sizeof problem) == 0)
        fail_msg("\"%s\" was not refused", name);
    if (!strstr(problem, words))
        fail_msg("\"%s\": \"%s\" does not say %s", name, problem, words);
}

static void test_reserved_words(void **state)
{
    (void)state;
    const char *staff[][2] = {
        {"admin", "\"admin\""},          {"Admin", "\"admin\""},         {"ADMIN", "\"admin\""},
        {"adm1n", "\"admin\""},          {"@dm1n", "\"admin\""},         {"Adm1n_01", "\"admin\""},
        {"A_D_M_I_N", "\"admin\""},      {"ad-min", "\"admin\""},        {"admin42", "\"admin\""},
        {"Admin_Rin", "\"admin\""},      {"RinAdmin", "\"admin\""},      {"AdmIn", "\"admin\""},
        {"Administrator", "\"administrator\""}, {"4dm1n1str4t0r", "\"administrator\""},
        {"system", "\"system\""},        {"SY5TEM", "\"system\""},       {"ippon", "\"ippon\""},
        {"IPPON", "\"ippon\""},          {"1pp0n", "\"ippon\""},         {"ippon_staff", "\"ippon\""},
        {"lppon", "\"ippon\""},          {"Moderator", "\"moderator\""}, {"m0d3rat0r", "\"moderator\""},
        {"support", "\"support\""},      {"5upport", "\"support\""},     {"Support-Team", "\"support\""},
        {"管理admin", "\"admin\""},
    };
    for (size_t i = 0; i < sizeof staff / sizeof staff[0]; i++)
        expect_refused(staff[i][0], staff[i][1]);
}

static void test_bots(void **state)
{
    (void)state;
    const char *bots[] = {"Bot Aoi", "Bot Ren", "Bot Sora", "bot aoi", "Bot_Aoi", "Bot-Rin", "B0t Sora", "BotAoi",
                          "botaoi",  "BOTSORA", "Bot",      "Bot7",    "bot_x",   "B0T-helper"};
    for (size_t i = 0; i < sizeof bots / sizeof bots[0]; i++)
        expect_refused(bots[i], "bot");
    for (size_t i = 0; i < IPPON_BOT_NAME_COUNT; i++) /* the names the server gives its bots */
        expect_refused(ippon_bot_names[i], "bot's name");
}

static void test_free_names(void **state)
{
    (void)state;
    const char *fine[] = {"Badminton", "Ecosystem", "Botan",     "Abbot",    "Rin",      "Administer",
                          "supporter", "ipponfan",  "Robot",     "Sakura_99", "山田太郎", "Guest_1",
                          "Admiral",   "Simon",     "Lisa",      "Bottle",   "Moderate", "Systematic"};
    char problem[256];
    for (size_t i = 0; i < sizeof fine / sizeof fine[0]; i++)
        if (ippon_name_impersonates(fine[i], strlen(fine[i]), problem, sizeof problem) != 0)
            fail_msg("\"%s\" was refused: %s", fine[i], problem);
    /* every generated guest name is free: "Guest-" and six hex digits */
    char name[16];
    for (unsigned v = 0; v < 0x1000000; v += 0x10001) {
        snprintf(name, sizeof name, "Guest-%06X", v);
        if (ippon_name_impersonates(name, strlen(name), problem, sizeof problem) != 0)
            fail_msg("the guest name \"%s\" was refused: %s", name, problem);
    }
}

static void test_display_name_check_applies_it(void **state)
{
    (void)state;
    char problem[256];
    assert_int_equal(ippon_auth_check_display_name("adm1n", 5, problem, sizeof problem), -1);
    assert_non_null(strstr(problem, "reserved"));
    /* a space is not allowed in a display name, but a bot's name says why it is refused */
    assert_int_equal(ippon_auth_check_display_name("Bot Aoi", 7, problem, sizeof problem), -1);
    assert_non_null(strstr(problem, "bot"));
    assert_int_equal(ippon_auth_check_display_name("Botan", 5, problem, sizeof problem), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reserved_words),
        cmocka_unit_test(test_bots),
        cmocka_unit_test(test_free_names),
        cmocka_unit_test(test_display_name_check_applies_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
