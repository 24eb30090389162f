/*
 * test_server_bots.c — bot accounts in the store (store_bots.c) against a database migrated with
 * the real migrations (SQLite, and PostgreSQL in the cluster.test_server_bots_pg run): the token
 * lookup the mjai route makes (a good token, a renewed one, a deleted bot's, a banned owner's bot,
 * a suspended bot's: found with its suspension), an owner's ten live bots at most, names shared
 * with every user's, someone else's bot out of reach, a bot never taken for a guest, a bot that
 * played marked as one on the leaderboard and in its match, and a bot found by its name (a host
 * seating it in a private room): any case, with its owner's name, a suspended one with its
 * suspension, never a person, a deleted bot or a banned owner's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "server_fixture.h"

#include "auth/auth.h"
#include "base/log.h"
#include "store/store.h"
#include "store/store_admin.h"
#include "store/store_bots.h"
#include "store/store_rankings.h"

static ippon_store *st;

static const ippon_audit audit_row = {.at_ms = 1700000000000LL, .admin_name = "root", .action = "bot_suspend",
                                      .target = "bot", .reason = "why"};

/* a registered user with id fixture_uid(c) and this name */
static void add_registered(char c, const char *name)
{
    ippon_user u = {0};
    snprintf(u.id, sizeof u.id, "%s", fixture_uid(c));
    snprintf(u.display_name, sizeof u.display_name, "%s", name);
    snprintf(u.username, sizeof u.username, "%s", name);
    u.created_at = u.last_seen_at = 1000;
    ippon_session s = {.created_at = 1000, .expires_at = 1LL << 40, .last_used_at = 1000};
    memset(s.token_hash, c, sizeof s.token_hash);
    int taken = 0;
    assert_int_equal(ippon_store_user_create(st, &u, "$argon2id$not-a-real-hash", &s, &taken), 0);
}

static int setup(void **state)
{
    (void)state;
    ippon_log_level_set(IPPON_LOG_ERROR);
    if (fixture_store_migrated(&st, ":memory:") != 0)
        return -1;
    add_registered('o', "Owner");
    add_registered('p', "Other");
    fixture_add_guest(st, 'g', "Guesty");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    return fixture_store_close(&st);
}

/* the hash of the token made of 64 copies of the hex digit d, through auth's own hashing */
static void token_hash_of(char d, unsigned char hash[IPPON_TOKEN_HASH_BYTES])
{
    char hex[IPPON_TOKEN_HEX_LEN + 1];
    memset(hex, d, IPPON_TOKEN_HEX_LEN);
    hex[IPPON_TOKEN_HEX_LEN] = '\0';
    assert_int_equal(ippon_auth_token_hash(hex, hash), 0);
}

/* a new bot of owner fixture_uid(owner): id fixture_uid(c), token of hex digit d; the store's code */
static int make_bot(char owner, char c, const char *name, char d, int *taken)
{
    ippon_bot b = {0};
    memcpy(b.id, fixture_uid(c), IPPON_USER_ID_LEN + 1);
    memcpy(b.owner_id, fixture_uid(owner), IPPON_USER_ID_LEN + 1);
    snprintf(b.name, sizeof b.name, "%s", name);
    snprintf(b.description, sizeof b.description, "plays %.60s", name);
    b.public_bot = true;
    b.created_at = 5000;
    unsigned char hash[IPPON_TOKEN_HASH_BYTES];
    token_hash_of(d, hash);
    int t = 0;
    int rc = ippon_store_bot_create(st, &b, hash, &t);
    if (taken)
        *taken = t;
    return rc;
}

static int by_token(char d, ippon_bot *out)
{
    unsigned char hash[IPPON_TOKEN_HASH_BYTES];
    token_hash_of(d, hash);
    return ippon_store_bot_by_token(st, hash, out);
}

static void good_token_finds_the_bot(void **state)
{
    (void)state;
    assert_int_equal(make_bot('o', 'b', "Tsumogiri", '1', NULL), 0);
    ippon_bot b;
    assert_int_equal(by_token('1', &b), 0);
    assert_string_equal(b.id, fixture_uid('b'));
    assert_string_equal(b.owner_id, fixture_uid('o'));
    assert_string_equal(b.name, "Tsumogiri");
    assert_string_equal(b.description, "plays Tsumogiri");
    assert_true(b.public_bot);
    assert_int_equal(b.created_at, 5000);
    assert_int_equal(b.suspended_at, 0);
    assert_string_equal(b.suspend_reason, "");
    /* another token finds nothing; the same bot by its id */
    assert_int_equal(by_token('2', &b), IPPON_STORE_NOT_FOUND);
    memset(&b, 0, sizeof b);
    assert_int_equal(ippon_store_bot_get(st, fixture_uid('b'), &b), 0);
    assert_string_equal(b.name, "Tsumogiri");
    assert_int_equal(ippon_store_bot_get(st, fixture_uid('o'), &b), IPPON_STORE_NOT_FOUND); /* a person */
}

static void a_bot_is_never_a_guest(void **state)
{
    (void)state;
    assert_int_equal(make_bot('o', 'b', "Kiri", '1', NULL), 0);
    ippon_user u;
    assert_int_equal(ippon_store_user_get(st, fixture_uid('b'), &u), 0);
    assert_true(u.is_bot);
    assert_false(u.guest);
    assert_string_equal(u.username, "");
    assert_int_equal(ippon_store_user_get(st, fixture_uid('g'), &u), 0);
    assert_true(u.guest);
    assert_false(u.is_bot);
    assert_int_equal(ippon_store_user_get(st, fixture_uid('o'), &u), 0);
    assert_false(u.guest);
    assert_false(u.is_bot);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM users WHERE is_bot = 1"), 1);
}

static void renewed_token_revokes_the_old(void **state)
{
    (void)state;
    assert_int_equal(make_bot('o', 'b', "Kiri", '1', NULL), 0);
    unsigned char second[IPPON_TOKEN_HASH_BYTES];
    token_hash_of('2', second);
    assert_int_equal(ippon_store_bot_new_token(st, fixture_uid('o'), fixture_uid('b'), second, 6000), 0);
    ippon_bot b;
    assert_int_equal(by_token('1', &b), IPPON_STORE_NOT_FOUND);
    assert_int_equal(by_token('2', &b), 0);
    assert_string_equal(b.id, fixture_uid('b'));
    assert_int_equal(fixture_int(st, "SELECT token_at FROM bots"), 6000);
}

static void deleted_bot_is_retired_but_kept(void **state)
{
    (void)state;
    assert_int_equal(make_bot('o', 'b', "Kiri", '1', NULL), 0);
    assert_int_equal(ippon_store_bot_delete(st, fixture_uid('o'), fixture_uid('b'), 7000), 0);
    ippon_bot b;
    assert_int_equal(by_token('1', &b), IPPON_STORE_NOT_FOUND);
    assert_int_equal(ippon_store_bot_get(st, fixture_uid('b'), &b), IPPON_STORE_NOT_FOUND);
    int n = -1;
    ippon_bot list[IPPON_BOTS_PER_OWNER];
    assert_int_equal(ippon_store_bots_of(st, fixture_uid('o'), list, &n), 0);
    assert_int_equal(n, 0);
    /* the users row and the bot's record stay; the token is gone from the row */
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM users WHERE is_bot = 1"), 1);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM bots WHERE token_hash IS NULL AND deleted_at = 7000"), 1);
    char owner[IPPON_DISPLAY_NAME_MAX_BYTES + 1];
    bool deleted = false;
    assert_int_equal(ippon_store_bot_about(st, fixture_uid('b'), &b, owner, sizeof owner, &deleted), 0);
    assert_true(deleted);
    assert_string_equal(owner, "Owner");
    assert_string_equal(b.name, "Kiri");
    /* deleting again, renewing its token: it is no longer there */
    unsigned char hash[IPPON_TOKEN_HASH_BYTES];
    token_hash_of('3', hash);
    assert_int_equal(ippon_store_bot_delete(st, fixture_uid('o'), fixture_uid('b'), 7001), IPPON_STORE_NOT_FOUND);
    assert_int_equal(ippon_store_bot_new_token(st, fixture_uid('o'), fixture_uid('b'), hash, 7001),
                     IPPON_STORE_NOT_FOUND);
    assert_int_equal(by_token('3', &b), IPPON_STORE_NOT_FOUND);
}

static void banned_owner_hides_the_bot(void **state)
{
    (void)state;
    assert_int_equal(make_bot('o', 'b', "Kiri", '1', NULL), 0);
    ippon_audit a = audit_row;
    a.action = "ban";
    assert_int_equal(ippon_store_user_ban(st, fixture_uid('o'), "cheating", 8000, &a), 0);
    ippon_bot b;
    assert_int_equal(by_token('1', &b), IPPON_STORE_NOT_FOUND);
    a.action = "unban";
    assert_int_equal(ippon_store_user_unban(st, fixture_uid('o'), &a), 0);
    assert_int_equal(by_token('1', &b), 0);
    /* the bot's own ban (an administrator's, as anyone's) hides it too */
    a.action = "ban";
    assert_int_equal(ippon_store_user_ban(st, fixture_uid('b'), "abuse", 8001, &a), 0);
    assert_int_equal(by_token('1', &b), IPPON_STORE_NOT_FOUND);
}

static void suspended_bot_is_found_with_its_suspension(void **state)
{
    (void)state;
    assert_int_equal(make_bot('o', 'b', "Kiri", '1', NULL), 0);
    assert_int_equal(ippon_store_bot_suspend(st, fixture_uid('b'), "times out", 9000, &audit_row), 0);
    ippon_bot b;
    assert_int_equal(by_token('1', &b), 0);
    assert_int_equal(b.suspended_at, 9000);
    assert_string_equal(b.suspend_reason, "times out");
    assert_int_equal(ippon_store_bot_suspend(st, fixture_uid('b'), "again", 9001, &audit_row), IPPON_STORE_CONFLICT);
    assert_int_equal(ippon_store_bot_unsuspend(st, fixture_uid('b'), &audit_row), 0);
    assert_int_equal(by_token('1', &b), 0);
    assert_int_equal(b.suspended_at, 0);
    assert_string_equal(b.suspend_reason, "");
    assert_int_equal(ippon_store_bot_unsuspend(st, fixture_uid('b'), &audit_row), IPPON_STORE_CONFLICT);
    /* a person is no bot to suspend; the refusals wrote no audit row, the two changes one each */
    assert_int_equal(ippon_store_bot_suspend(st, fixture_uid('o'), "x", 9002, &audit_row), IPPON_STORE_NOT_FOUND);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM admin_audit WHERE action = 'bot_suspend'"), 2);
}

static void bot_found_by_name(void **state)
{
    (void)state;
    assert_int_equal(make_bot('o', 'b', "Kiri", '1', NULL), 0);
    assert_int_equal(ippon_store_bot_update(st, fixture_uid('o'), fixture_uid('b'), NULL, 0), 0); /* private */
    ippon_bot b;
    char owner[IPPON_DISPLAY_NAME_MAX_BYTES + 1] = "";
    assert_int_equal(ippon_store_bot_by_name(st, "kIRI", &b, owner, sizeof owner), 0);
    assert_string_equal(b.id, fixture_uid('b'));
    assert_string_equal(b.name, "Kiri");
    assert_string_equal(b.owner_id, fixture_uid('o'));
    assert_string_equal(owner, "Owner");
    assert_false(b.public_bot);
    assert_int_equal(b.suspended_at, 0);
    /* a person's name, a name nobody has */
    assert_int_equal(ippon_store_bot_by_name(st, "Other", &b, owner, sizeof owner), IPPON_STORE_NOT_FOUND);
    assert_int_equal(ippon_store_bot_by_name(st, "Kir", &b, owner, sizeof owner), IPPON_STORE_NOT_FOUND);
    /* suspended: found, with its suspension (the caller refuses it) */
    assert_int_equal(ippon_store_bot_suspend(st, fixture_uid('b'), "sleeps", 9000, &audit_row), 0);
    assert_int_equal(ippon_store_bot_by_name(st, "Kiri", &b, owner, sizeof owner), 0);
    assert_int_equal(b.suspended_at, 9000);
    /* its owner banned: not found; deleted: not found */
    ippon_audit a = audit_row;
    a.action = "ban";
    assert_int_equal(ippon_store_user_ban(st, fixture_uid('o'), "cheating", 9001, &a), 0);
    assert_int_equal(ippon_store_bot_by_name(st, "Kiri", &b, owner, sizeof owner), IPPON_STORE_NOT_FOUND);
    a.action = "unban";
    assert_int_equal(ippon_store_user_unban(st, fixture_uid('o'), &a), 0);
    assert_int_equal(ippon_store_bot_by_name(st, "Kiri", &b, owner, sizeof owner), 0);
    assert_int_equal(ippon_store_bot_delete(st, fixture_uid('o'), fixture_uid('b'), 9002), 0);
    assert_int_equal(ippon_store_bot_by_name(st, "Kiri", &b, owner, sizeof owner), IPPON_STORE_NOT_FOUND);
}

static void ten_live_bots_per_owner(void **state)
{
    (void)state;
    const char ids[] = "abcdefhijk"; /* ten bot ids; 'g', 'o', 'p' are people's */
    for (int i = 0; i < 10; i++) {
        char name[16];
        snprintf(name, sizeof name, "Bot%c%d", 'A' + i, i); /* names need not pass name_rules here */
        assert_int_equal(make_bot('o', ids[i], name, "0123456789"[i], NULL), 0);
    }
    int n = 0;
    ippon_bot list[IPPON_BOTS_PER_OWNER];
    assert_int_equal(ippon_store_bots_of(st, fixture_uid('o'), list, &n), 0);
    assert_int_equal(n, 10);
    assert_int_equal(make_bot('o', 'l', "Eleventh", 'e', NULL), IPPON_STORE_LIMIT);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM users WHERE is_bot = 1"), 10);
    /* another owner is not limited by these; a deleted bot makes room */
    assert_int_equal(make_bot('p', 'm', "OthersBot", 'f', NULL), 0);
    assert_int_equal(ippon_store_bot_delete(st, fixture_uid('o'), fixture_uid('a'), 9500), 0);
    assert_int_equal(make_bot('o', 'l', "Eleventh", 'e', NULL), 0);
}

static void name_is_shared_with_every_user(void **state)
{
    (void)state;
    int taken = 0;
    assert_int_equal(make_bot('o', 'b', "GUESTY", '1', &taken), IPPON_STORE_CONFLICT);
    assert_int_equal(taken, IPPON_TAKEN_DISPLAY_NAME);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM bots"), 0);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM users WHERE is_bot = 1"), 0);
    assert_int_equal(make_bot('o', 'b', "Kiri", '1', NULL), 0);
    assert_int_equal(make_bot('p', 'c', "kiri", '2', &taken), IPPON_STORE_CONFLICT);
}

static void someone_elses_bot_is_out_of_reach(void **state)
{
    (void)state;
    assert_int_equal(make_bot('o', 'b', "Kiri", '1', NULL), 0);
    unsigned char hash[IPPON_TOKEN_HASH_BYTES];
    token_hash_of('2', hash);
    const char *other = fixture_uid('p'), *bot = fixture_uid('b');
    assert_int_equal(ippon_store_bot_update(st, other, bot, "mine now", 0), IPPON_STORE_NOT_FOUND);
    assert_int_equal(ippon_store_bot_new_token(st, other, bot, hash, 1), IPPON_STORE_NOT_FOUND);
    assert_int_equal(ippon_store_bot_delete(st, other, bot, 1), IPPON_STORE_NOT_FOUND);
    ippon_bot b;
    assert_int_equal(by_token('1', &b), 0);
    assert_string_equal(b.description, "plays Kiri");
    assert_true(b.public_bot);
}

static void update_changes_what_is_given(void **state)
{
    (void)state;
    assert_int_equal(make_bot('o', 'b', "Kiri", '1', NULL), 0);
    const char *owner = fixture_uid('o'), *bot = fixture_uid('b');
    ippon_bot b;
    assert_int_equal(ippon_store_bot_update(st, owner, bot, NULL, 0), 0); /* public only */
    assert_int_equal(ippon_store_bot_get(st, bot, &b), 0);
    assert_false(b.public_bot);
    assert_string_equal(b.description, "plays Kiri");
    assert_int_equal(ippon_store_bot_update(st, owner, bot, "牌効率だけ", -1), 0); /* description only */
    assert_int_equal(ippon_store_bot_get(st, bot, &b), 0);
    assert_false(b.public_bot);
    assert_string_equal(b.description, "牌効率だけ");
}

/* a bot account that played: its leaderboard row says bot, and so does its seat (as a built-in bot's does) */
static void bot_is_marked_on_the_board_and_in_its_match(void **state)
{
    (void)state;
    assert_int_equal(make_bot('o', 'b', "Kiri", '1', NULL), 0);
    const int results[4] = {8000, 1000, -4000, -5000}; /* sums to 0: the owner first, the bot second */
    fixture_save_match(st, "1", "ob..", results, true, true, 1700000000000LL);
    ippon_leaderboard_query q = {IPPON_MODE_4P, IPPON_PERIOD_ALL, 1700000001000LL, 1, 50, 1, 0, 0};
    ippon_leaderboard_page page;
    assert_int_equal(ippon_store_leaderboard(st, &q, &page), 0);
    assert_int_equal(page.n, 2);
    assert_string_equal(page.rows[0].user_id, fixture_uid('o'));
    assert_false(page.rows[0].bot);
    assert_string_equal(page.rows[1].user_id, fixture_uid('b'));
    assert_string_equal(page.rows[1].display_name, "Kiri");
    assert_true(page.rows[1].bot);
    ippon_leaderboard_page_free(&page);
    ippon_stored_detail d;
    char id[IPPON_USER_ID_LEN + 1];
    snprintf(id, sizeof id, "%031x1", 0);
    assert_int_equal(ippon_store_match_detail(st, id, &d), 0);
    assert_int_equal(d.match.players, 4);
    assert_false(d.match.seats[0].bot); /* the owner */
    assert_true(d.match.seats[1].bot);  /* the bot account */
    assert_string_equal(d.match.seats[1].user_id, fixture_uid('b'));
    assert_true(d.match.seats[2].bot); /* built-in bots */
    assert_true(d.match.seats[3].bot);
    ippon_stored_detail_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(good_token_finds_the_bot, setup, teardown),
        cmocka_unit_test_setup_teardown(a_bot_is_never_a_guest, setup, teardown),
        cmocka_unit_test_setup_teardown(renewed_token_revokes_the_old, setup, teardown),
        cmocka_unit_test_setup_teardown(deleted_bot_is_retired_but_kept, setup, teardown),
        cmocka_unit_test_setup_teardown(banned_owner_hides_the_bot, setup, teardown),
        cmocka_unit_test_setup_teardown(suspended_bot_is_found_with_its_suspension, setup, teardown),
        cmocka_unit_test_setup_teardown(bot_found_by_name, setup, teardown),
        cmocka_unit_test_setup_teardown(ten_live_bots_per_owner, setup, teardown),
        cmocka_unit_test_setup_teardown(name_is_shared_with_every_user, setup, teardown),
        cmocka_unit_test_setup_teardown(someone_elses_bot_is_out_of_reach, setup, teardown),
        cmocka_unit_test_setup_teardown(update_changes_what_is_given, setup, teardown),
        cmocka_unit_test_setup_teardown(bot_is_marked_on_the_board_and_in_its_match, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
