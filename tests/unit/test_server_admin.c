/*
 * test_server_admin.c — administering the service without a network: the store's admin
 * operations (store_admin.c) against an in-memory database migrated with the real migrations —
 * bans, renames, voids and admin roles, each written with its audit row or not at all, a void
 * taking the match out of the leaderboard and the profile; the run-time settings
 * (admin_settings.c) checked by the configuration's rules, stored, and loaded again; the
 * /metrics page (metrics.c); and the strength rules of an administrator's password (admin_cli.c: libpwquality with a
 * 12-byte minimum).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_fixture.h"

#include "admin/admin_cli.h"
#include "admin/admin_settings.h"
#include "config.h"
#include "base/log.h"
#include "api/metrics_rest.h"
#include "store/store.h"
#include "store/store_admin.h"
#include "store/store_matches.h"
#include "api/rankings_json.h"
#include "store/store_rankings.h"

#define NOW_MS 1800000000000LL

static ippon_store *st;

/* write fixture_uid(c) into dst (a buffer of at least 33 bytes): the test fails if it does not fit */
static void set_uid(char *dst, size_t cap, char c)
{
    int n = snprintf(dst, cap, "%s", fixture_uid(c));
    if (n < 0 || (size_t)n >= cap)
        fail_msg("set_uid: the id of '%c' does not fit %zu bytes", c, cap);
}

static int setup(void **state)
{
    (void)state;
    ippon_log_level_set(IPPON_LOG_ERROR);
    if (fixture_store_migrated(&st, ":memory:") != 0)
        return -1;
    fixture_add_guest(st, 'a', "Anna");
    fixture_add_guest(st, 'b', "Ben");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    return fixture_store_close(&st);
}

static ippon_audit audit_of(const char *action, const char *target, const char *reason)
{
    return (ippon_audit){.at_ms = NOW_MS, .admin_id = "f00d", .admin_name = "boss", .action = action,
                         .target = target, .reason = reason, .detail = NULL};
}

/* the audit log as the store lists it (ippon_audit_list_free it) */
static ippon_audit_list audit_log(void)
{
    ippon_audit_list out;
    assert_int_equal(ippon_store_audit_list(st, NULL, 1, 100, &out), 0);
    return out;
}

static int64_t audit_total(void)
{
    ippon_audit_list log = audit_log();
    int64_t n = log.total;
    ippon_audit_list_free(&log);
    return n;
}

static void ban_and_unban_are_audited(void **state)
{
    (void)state;
    ippon_audit ban = audit_of("ban", fixture_uid('a'), "spam");
    assert_int_equal(ippon_store_user_ban(st, fixture_uid('a'), "spam", 1234, &ban), 0);
    ippon_user u;
    assert_int_equal(ippon_store_user_get(st, fixture_uid('a'), &u), 0);
    assert_true(u.banned);
    assert_int_equal(u.banned_at, 1234);
    char reason[64];
    assert_int_equal(ippon_store_user_ban_reason(st, fixture_uid('a'), reason, sizeof reason), 0);
    assert_string_equal(reason, "spam");
    /* a second ban, an unknown user: refused, and nothing audited */
    assert_int_equal(ippon_store_user_ban(st, fixture_uid('a'), "again", 1, &ban), IPPON_STORE_CONFLICT);
    assert_int_equal(ippon_store_user_ban(st, fixture_uid('z'), "who", 1, &ban), IPPON_STORE_NOT_FOUND);
    assert_int_equal(audit_total(), 1);

    ippon_admin_user_list banned;
    assert_int_equal(ippon_store_admin_users(st, NULL, true, false, 1, 50, &banned), 0);
    assert_int_equal(banned.total, 1);
    assert_true(banned.count >= 1);
    assert_string_equal(banned.users[0].user.id, fixture_uid('a'));
    ippon_admin_user_list_free(&banned);

    ippon_audit unban = audit_of("unban", fixture_uid('a'), "appeal");
    assert_int_equal(ippon_store_user_unban(st, fixture_uid('a'), &unban), 0);
    assert_int_equal(ippon_store_user_get(st, fixture_uid('a'), &u), 0);
    assert_false(u.banned);
    assert_int_equal(ippon_store_user_unban(st, fixture_uid('a'), &unban), IPPON_STORE_CONFLICT);

    ippon_audit_list log = audit_log();
    assert_int_equal(log.total, 2);
    assert_true(log.count >= 1);
    const ippon_audit_entry *newest = &log.entries[0];
    assert_string_equal(newest->action, "unban");
    assert_string_equal(newest->reason, "appeal");
    assert_string_equal(newest->admin_name, "boss");
    assert_int_equal(newest->at_ms, NOW_MS);
    ippon_audit_list_free(&log);
}

static void user_search_is_literal(void **state)
{
    (void)state;
    ippon_admin_user_list out;
    assert_int_equal(ippon_store_admin_users(st, "nn", false, false, 1, 50, &out), 0);
    assert_int_equal(out.total, 1); /* Anna, not Ben */
    ippon_admin_user_list_free(&out);
    assert_int_equal(ippon_store_admin_users(st, "%", false, false, 1, 50, &out), 0);
    assert_int_equal(out.total, 0); /* '%' is not a wildcard */
    ippon_admin_user_list_free(&out);
    assert_int_equal(ippon_store_admin_users(st, fixture_uid('b'), false, false, 1, 50, &out), 0);
    assert_int_equal(out.total, 1);
    ippon_admin_user_list_free(&out);
}

static void rename_taken_name_changes_nothing(void **state)
{
    (void)state;
    ippon_audit a = audit_of("rename", fixture_uid('a'), "offensive");
    assert_int_equal(ippon_store_admin_rename(st, fixture_uid('a'), "ben", &a), IPPON_STORE_CONFLICT);
    assert_int_equal(ippon_store_admin_rename(st, fixture_uid('z'), "Zed", &a), IPPON_STORE_NOT_FOUND);
    assert_int_equal(audit_total(), 0);
    assert_int_equal(ippon_store_admin_rename(st, fixture_uid('a'), "Annie", &a), 0);
    ippon_user u;
    assert_int_equal(ippon_store_user_get(st, fixture_uid('a'), &u), 0);
    assert_string_equal(u.display_name, "Annie");
    assert_int_equal(audit_total(), 1);
}

static json_int_t board_total(void)
{
    ippon_leaderboard_query q = {.mode = IPPON_MODE_4P, .period = IPPON_PERIOD_ALL, .now_ms = NOW_MS, .page = 1, .limit = 50,
                                 .min_games = 1};
    json_t *out = NULL;
    assert_int_equal(ippon_json_load_leaderboard(st, &q, &out), 0);
    json_int_t n = json_integer_value(json_object_get(out, "total"));
    json_decref(out);
    return n;
}

static json_int_t profile_games(char c)
{
    json_t *out = NULL;
    assert_int_equal(ippon_json_load_profile(st, fixture_uid(c), &out), 0);
    json_int_t n = json_integer_value(json_object_get(json_object_get(json_object_get(out, "modes"), "4p"), "games"));
    json_decref(out);
    return n;
}

static void void_takes_the_match_out_of_the_rankings(void **state)
{
    (void)state;
    const char *id = "0123456789abcdef0123456789abcdef";
    fixture_save_match(st, id, "ab..", (int[]){8000, -8000, 0, 0}, true, true, NOW_MS - 1000); /* a ranked win */
    assert_int_equal(board_total(), 2);
    assert_int_equal(profile_games('a'), 1);

    ippon_audit a = audit_of("void_match", id, "collusion");
    assert_int_equal(ippon_store_match_void(st, id, "collusion", NOW_MS, &a), 0);
    assert_int_equal(board_total(), 0);
    assert_int_equal(profile_games('a'), 0);
    assert_int_equal(profile_games('b'), 0);
    json_t *detail = NULL;
    assert_int_equal(ippon_json_load_match_detail(st, id, &detail), 0); /* the record stays */
    assert_int_equal(json_integer_value(json_object_get(detail, "voided_at")), NOW_MS);
    assert_string_equal(json_string_value(json_object_get(detail, "void_reason")), "collusion");
    assert_true(json_is_true(json_object_get(detail, "completed")));
    json_decref(detail);

    assert_int_equal(ippon_store_match_void(st, id, "again", NOW_MS, &a), IPPON_STORE_CONFLICT);
    assert_int_equal(ippon_store_match_void(st, "ffffffffffffffffffffffffffffffff", "x", NOW_MS, &a),
                     IPPON_STORE_NOT_FOUND);
    assert_int_equal(audit_total(), 1);
}

static void admin_create_grant_revoke(void **state)
{
    (void)state;
    ippon_user boss = {0};
    set_uid(boss.id, sizeof boss.id, 'c');
    snprintf(boss.username, sizeof boss.username, "boss");
    snprintf(boss.display_name, sizeof boss.display_name, "Boss");
    boss.created_at = 5;
    ippon_audit a = audit_of("admin_create", fixture_uid('c'), "first");
    int taken = 0;
    assert_int_equal(ippon_store_admin_create(st, &boss, "$argon2id$fake", &taken, &a), 0);
    ippon_user got;
    char hash[64];
    assert_int_equal(ippon_store_user_by_username(st, "BOSS", &got, hash, sizeof hash), 0);
    assert_true(got.is_admin);
    assert_string_equal(hash, "$argon2id$fake");
    set_uid(boss.id, sizeof boss.id, 'd');
    assert_int_equal(ippon_store_admin_create(st, &boss, "$argon2id$fake", &taken, &a), IPPON_STORE_CONFLICT);
    assert_int_equal(taken, IPPON_TAKEN_USERNAME | IPPON_TAKEN_DISPLAY_NAME);

    ippon_audit r = audit_of("admin_revoke", NULL, "left the team");
    assert_int_equal(ippon_store_user_set_admin(st, "boss", false, &got, &r), 0);
    assert_false(got.is_admin);
    assert_int_equal(ippon_store_user_set_admin(st, "boss", false, NULL, &r), IPPON_STORE_CONFLICT);
    assert_int_equal(ippon_store_user_set_admin(st, "nobody", true, NULL, &r), IPPON_STORE_NOT_FOUND);
    ippon_audit_list log = audit_log();
    assert_true(log.count >= 1);
    assert_string_equal(log.entries[0].target, fixture_uid('c')); /* the account's id */
    assert_int_equal(log.total, 2);
    ippon_audit_list_free(&log);
}

static void settings_checked_stored_and_loaded(void **state)
{
    (void)state;
    ippon_config cfg;
    assert_int_equal(ippon_config_init(&cfg), 0);
    cfg.ranked_min_humans = 2;
    ippon_settings *s = ippon_settings_new(&cfg);
    assert_non_null(s);
    ippon_audit a = audit_of("settings", "", "test");

    json_t *bad = json_pack("{s:i,s:i,s:i,s:s}", "ranked_min_humans", 9, "port", 1, "nope", 1, "maintenance", "yes");
    json_t *problems = NULL;
    assert_int_equal(ippon_settings_check(s, bad, &problems), 1);
    assert_string_equal(json_string_value(json_object_get(problems, "ranked_min_humans")), "must be an integer 1..4");
    assert_non_null(strstr(json_string_value(json_object_get(problems, "port")), "cannot be changed"));
    assert_string_equal(json_string_value(json_object_get(problems, "nope")), "unknown setting");
    assert_string_equal(json_string_value(json_object_get(problems, "maintenance")), "must be true or false");
    json_decref(problems);
    json_decref(bad);
    json_t *stored = NULL;
    assert_int_equal(ippon_store_settings_get(st, &stored), 0);
    assert_int_equal(json_object_size(stored), 0); /* nothing was stored */
    json_decref(stored);
    assert_int_equal(audit_total(), 0);

    /* checked, stored with its audit row (the server does it on the store writer), then in effect */
    json_t *good = json_pack("{s:i,s:b,s:f}", "ranked_min_humans", 1, "maintenance", 1, "bot_fill_after", 2.5);
    assert_int_equal(ippon_settings_check(s, good, &problems), 0);
    assert_null(problems);
    assert_false(ippon_settings_maintenance(s)); /* not before it is stored */
    assert_int_equal(ippon_store_settings_put(st, good, 100, &a), 0);
    ippon_settings_commit(s, good, 100);
    json_decref(good);
    ippon_game_settings game;
    ippon_game_settings_default(&game);
    ippon_settings_game(s, &game);
    assert_int_equal(game.ranked_min_humans, 1);
    assert_int_equal(game.bot_fill_after_ms, 2500);
    assert_true(ippon_settings_maintenance(s));
    assert_true(ippon_settings_registration_open(s));
    assert_int_equal(audit_total(), 1);

    /* a new process: the file says 2, the database says 1 */
    ippon_settings *again = ippon_settings_new(&cfg);
    assert_int_equal(ippon_settings_load(again, st), 0);
    json_t *shown = ippon_settings_json(again);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(shown, "values"), "ranked_min_humans")), 1);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(shown, "defaults"), "ranked_min_humans")), 2);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(shown, "stored"), "maintenance")), 100);
    assert_true(ippon_settings_maintenance(again));
    json_decref(shown);
    ippon_settings_free(again);

    /* a stored value the rules no longer allow is ignored: the configuration's stays */
    json_t *odd = json_pack("{s:i}", "ranked_min_humans", 7);
    assert_int_equal(ippon_store_settings_put(st, odd, 200, &a), 0);
    json_decref(odd);
    again = ippon_settings_new(&cfg);
    assert_int_equal(ippon_settings_load(again, st), 0);
    ippon_settings_game(again, &game);
    assert_int_equal(game.ranked_min_humans, 2);
    ippon_settings_free(again);
    ippon_settings_free(s);
    ippon_config_free(&cfg);
}

static void metrics_page(void **state)
{
    (void)state;
    ippon_metrics *m = ippon_metrics_new(1000);
    ippon_metrics_action_latency(m, 0.0003);
    ippon_metrics_action_latency(m, 0.002);
    ippon_metrics_action_latency(m, 5.0); /* above every bound */
    ippon_metrics_queue_wait(m, 12);
    ippon_metrics_mjai_relay(m, IPPON_MJAI_RELAY_OUT, 0.000001); /* below every bound */
    ippon_metrics_mjai_relay(m, IPPON_MJAI_RELAY_OUT, 0.004);
    ippon_metrics_mjai_relay(m, IPPON_MJAI_RELAY_IN, 0.00003);
    ippon_metrics_mjai_relay(NULL, IPPON_MJAI_RELAY_IN, 0.00003); /* no metrics: nothing happens */
    ippon_metrics_http(m, 200);
    ippon_metrics_http(m, 503);
    ippon_metrics_count(m, IPPON_METRIC_ADMIN_LOGIN_FAILED);
    ippon_metrics_count(NULL, IPPON_METRIC_ADMIN_LOGIN_FAILED); /* no metrics: nothing happens */
    char *page = ippon_metrics_render(m, NULL, 3500);
    assert_non_null(page);
    static const char *const lines[] = {
        "ippon_uptime_seconds 2.500\n",
        "ippon_action_latency_seconds_bucket{le=\"0.00025\"} 0\n",
        "ippon_action_latency_seconds_bucket{le=\"0.0005\"} 1\n",
        "ippon_action_latency_seconds_bucket{le=\"0.0025\"} 2\n",
        "ippon_action_latency_seconds_bucket{le=\"1\"} 2\n",
        "ippon_action_latency_seconds_bucket{le=\"+Inf\"} 3\n",
        "ippon_action_latency_seconds_count 3\n",
        "ippon_action_latency_seconds_sum 5.002300\n",
        "ippon_queue_wait_seconds_bucket{le=\"10\"} 0\n",
        "ippon_queue_wait_seconds_bucket{le=\"20\"} 1\n",
        "# TYPE ippon_mjai_relay_out_seconds histogram\n",
        "ippon_mjai_relay_out_seconds_bucket{le=\"2e-06\"} 1\n",
        "ippon_mjai_relay_out_seconds_bucket{le=\"0.003\"} 1\n",
        "ippon_mjai_relay_out_seconds_bucket{le=\"0.005\"} 2\n",
        "ippon_mjai_relay_out_seconds_bucket{le=\"1\"} 2\n",
        "ippon_mjai_relay_out_seconds_bucket{le=\"+Inf\"} 2\n",
        "ippon_mjai_relay_out_seconds_sum 0.004001\n",
        "ippon_mjai_relay_out_seconds_count 2\n",
        "# TYPE ippon_mjai_relay_in_seconds histogram\n",
        "ippon_mjai_relay_in_seconds_bucket{le=\"2.5e-05\"} 0\n",
        "ippon_mjai_relay_in_seconds_bucket{le=\"5e-05\"} 1\n",
        "ippon_mjai_relay_in_seconds_count 1\n",
        "ippon_http_responses_total{class=\"2xx\"} 1\n",
        "ippon_errors_total{kind=\"http_5xx\"} 1\n",
        "ippon_admin_logins_failed_total 1\n",
        "# TYPE ippon_action_latency_seconds histogram\n",
        "# TYPE ippon_matches_finished_total counter\n",
        "ippon_tables{mode=\"3p\"} 0\n",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        if (!strstr(page, lines[i]))
            fail_msg("missing line %s in:\n%s", lines[i], page);
    free(page);
    ippon_metrics_free(m);
}

static void admin_password_rules(void **state)
{
    (void)state;
    char why[256];
    static const struct {
        const char *password, *problem;
    } refused[] = {
        {"", "8 to 128"},
        {"Ab1-xyz", "8 to 128"},
        {"Ab1-xyz9q", "at least 12"},
        {"abababababab", "different characters"},
        {"my-BOSS-key-99", "username"},
        {"123456789012", "simple pattern"},
        {"administrator", "dictionary word"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        const char *p = refused[i].password;
        if (ippon_admin_check_password(p, strlen(p), "boss", why, sizeof why) == 0)
            fail_msg("\"%s\" was accepted", p);
        if (!strstr(why, refused[i].problem))
            fail_msg("\"%s\": \"%s\" does not say %s", p, why, refused[i].problem);
    }
    assert_int_equal(ippon_admin_check_password("Tsumo-Pinfu-Dora3", 17, "boss", why, sizeof why), 0);
    assert_int_equal(ippon_admin_check_password("with\0nul-inside-xyz", 19, "boss", why, sizeof why), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(ban_and_unban_are_audited, setup, teardown),
        cmocka_unit_test_setup_teardown(user_search_is_literal, setup, teardown),
        cmocka_unit_test_setup_teardown(rename_taken_name_changes_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(void_takes_the_match_out_of_the_rankings, setup, teardown),
        cmocka_unit_test_setup_teardown(admin_create_grant_revoke, setup, teardown),
        cmocka_unit_test_setup_teardown(settings_checked_stored_and_loaded, setup, teardown),
        cmocka_unit_test(metrics_page),
        cmocka_unit_test(admin_password_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
