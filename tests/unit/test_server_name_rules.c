/*
 * test_server_name_rules.c — display names that pass for the staff, the service or a bot
 * (src/server/auth/name_rules.c) and the display-name check that applies that rule first:
 * the reserved words in any case, with look-alike digits and signs, split by punctuation or
 * capitals, with digits after them; the Japanese staff and service words anywhere in a name, in
 * katakana or hiragana, full- or half-width, with look-alike kanji; the bots' names, "Bot
 * <anything>" and "ボット…"; and the names that merely contain a reserved word, which stay free.
 * The generated guest names never match. Names not written in their characters' NFKC form (which
 * would be duplicates of others under the store's lower(name)) are refused.
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

static void reserved_words(void **state)
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

/* the names a tester registered as guests and saw accepted (issue 24), and more like them */
static void japanese_staff_words(void **state)
{
    (void)state;
    const char *staff[][2] = {
        {"管理者", "\"管理者\""},         {"運営者", "\"運営\""},           {"公式運営", "\"運営\""},
        {"システム管理者", "\"管理者\""}, {"サポート", "\"サポート\""},     {"イッポン公式", "\"公式\""},
        {"管理人", "\"管理人\""},         {"運営", "\"運営\""},             {"運営スタッフ", "\"運営\""},
        {"公式ヒロ", "\"公式\""},         {"管理人さん", "\"管理人\""},     {"Rin_運営", "\"運営\""},
        {"システム", "\"システム\""},     {"しすてむ", "\"システム\""},     {"モデレーター", "\"モデレーター\""},
        {"モデレータ", "\"モデレーター\""}, {"アドミン", "\"アドミン\""},   {"あどみん01", "\"アドミン\""},
        {"事務局", "\"事務局\""},         {"スタッフ", "\"スタッフ\""},     {"オフィシャル", "\"オフィシャル\""},
        {"うんえい", "\"うんえい\""},     {"ウンエイ", "\"うんえい\""},     {"かんりしゃ", "\"かんりしゃ\""},
        {"ｻﾎﾟｰﾄ", "\"サポート\""},     /* half-width katakana */
        {"サポ一ト", "\"サポート\""},     /* 一, the kanji "one", for ー */
        {"サポ-ト", "\"サポート\""},      /* '-' after a kana for ー */
        {"シス_テム", "\"システム\""},    {"管_理_者", "\"管理者\""},
        {"ス夕ッフ", "\"スタッフ\""},     /* 夕 (evening) for タ */
        {"イッポン", "\"イッポン\""},     {"いっぽん", "\"イッポン\""},     {"一本", "\"一本\""},
        {"いっぽん7", "\"イッポン\""},    {"一本_Rin", "\"一本\""},        {"Rin一本", "\"一本\""},
        {"イッポン-Rin", "\"イッポン\""}, {"ｲｯﾎﾟﾝ", "\"イッポン\""},
        {"ＡＤＭＩＮ", "\"admin\""},      /* full-width letters fold to ASCII */
        {"ｉｐｐｏｎ", "\"ippon\""},      {"Ｓｕｐｐｏｒｔ", "\"support\""}, {"RinＡｄｍｉｎ", "\"admin\""},
    };
    for (size_t i = 0; i < sizeof staff / sizeof staff[0]; i++)
        expect_refused(staff[i][0], staff[i][1]);
}

static void bots(void **state)
{
    (void)state;
    const char *bots[] = {"Bot Aoi", "Bot Ren", "Bot Sora", "bot aoi", "Bot_Aoi", "Bot-Rin", "B0t Sora", "BotAoi",
                          "botaoi",  "BOTSORA", "Bot",      "Bot7",    "bot_x",   "B0T-helper"};
    for (size_t i = 0; i < sizeof bots / sizeof bots[0]; i++)
        expect_refused(bots[i], "bot");
    for (size_t i = 0; i < IPPON_BOT_NAME_COUNT; i++) /* the names the server gives its bots */
        expect_refused(ippon_bot_names[i], "bot's name");
    const char *kana[] = {"ボットAoi", "ボットアオイ", "ぼっとあおい", "ボット", "ボットレン", "ぼっと_そら",
                          "ﾎﾞｯﾄ", "ボット123", "Ｂｏｔ Ａｏｉ", "Botアオイ", "ボ_ット"};
    for (size_t i = 0; i < sizeof kana / sizeof kana[0]; i++)
        expect_refused(kana[i], "bot's name");
}

static void free_names(void **state)
{
    (void)state;
    const char *fine[] = {"Badminton", "Ecosystem", "Botan",     "Abbot",    "Rin",      "Administer",
                          "supporter", "ipponfan",  "Robot",     "Sakura_99", "山田太郎", "Guest_1",
                          "Admiral",   "Simon",     "Lisa",      "Bottle",   "Moderate", "Systematic",
                          "ロボット",  "サポーター", "一本気",   "一本杉",   "管理栄養士", "アオイ",
                          "あおい",    "ソラ",      "公園",      "運動会",   "本田",     "一郎",
                          "さくら",    "김민준",    "Rinボット", "스태프"};
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

static void display_name_check_applies_it(void **state)
{
    (void)state;
    char problem[256];
    assert_int_equal(ippon_auth_check_display_name("adm1n", 5, problem, sizeof problem), -1);
    assert_non_null(strstr(problem, "reserved"));
    /* a space is not allowed in a display name, but a bot's name says why it is refused */
    assert_int_equal(ippon_auth_check_display_name("Bot Aoi", 7, problem, sizeof problem), -1);
    assert_non_null(strstr(problem, "bot"));
    assert_int_equal(ippon_auth_check_display_name("Botan", 5, problem, sizeof problem), 0);
    /* what reaches the REST routes: the Japanese words refused before the characters are looked at */
    const char *tester[] = {"管理者", "運営者", "公式運営", "システム管理者", "サポート", "イッポン公式", "ボットAoi"};
    for (size_t i = 0; i < sizeof tester / sizeof tester[0]; i++) {
        problem[0] = '\0';
        assert_int_equal(ippon_auth_check_display_name(tester[i], strlen(tester[i]), problem, sizeof problem), -1);
        if (!strstr(problem, "reserved") && !strstr(problem, "bot's name"))
            fail_msg("\"%s\": %s", tester[i], problem);
    }
    assert_int_equal(ippon_auth_check_display_name("山田太郎", strlen("山田太郎"), problem, sizeof problem), 0);
    assert_int_equal(ippon_auth_check_display_name("ロボット", strlen("ロボット"), problem, sizeof problem), 0);
}

/* a name written with a compatibility character reads as another under NFKC: refused, naming it */
static void usual_form(void **state)
{
    (void)state;
    char problem[256];
    const char *compat = "\xEF\xA8\x99\xE7\x94\xB0\xE3\x81\x95\xE3\x82\x93"; /* 神田さん, 神 as U+FA19 */
    assert_int_equal(ippon_auth_check_display_name(compat, strlen(compat), problem, sizeof problem), -1);
    assert_non_null(strstr(problem, "U+FA19 at character 1"));
    assert_non_null(strstr(problem, "U+795E"));
    const char *usual = "\xE7\xA5\x9E\xE7\x94\xB0\xE3\x81\x95\xE3\x82\x93"; /* 神田さん */
    assert_int_equal(ippon_auth_check_display_name(usual, strlen(usual), problem, sizeof problem), 0);
    const char *koto = "\xE3\x83\xBF\xE3\x83\xBF\xE3\x83\xBF"; /* ヿヿヿ: コト in one character */
    assert_int_equal(ippon_auth_check_display_name(koto, strlen(koto), problem, sizeof problem), -1);
    assert_non_null(strstr(problem, "U+30FF"));
    assert_int_equal(ippon_name_check_form("Rin_42", 6, problem, sizeof problem), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reserved_words),
        cmocka_unit_test(japanese_staff_words),
        cmocka_unit_test(bots),
        cmocka_unit_test(free_names),
        cmocka_unit_test(display_name_check_applies_it),
        cmocka_unit_test(usual_form),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
