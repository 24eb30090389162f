/*
 * test_server_auth.c — identities (src/server/auth/auth.c, auth_rest.c, store_users.c,
 * pwhash.c) without a network: the rules for display names (UTF-8 edge cases included),
 * usernames and passwords; tokens and their hashes; guests, registration, login, wrong
 * passwords, logout, renaming, claiming a guest (same id, old token revoked); session
 * expiry with an injected clock (and the expired row deleted); rate limits per account
 * and per address; banned users; the hashing worker (cancelled jobs, rehash on new
 * costs); and the REST layer: every malformed body a 400 naming the field, 401s with a
 * challenge, 409s, 413, deferred replies delivered later or dropped once abandoned.
 *
 * The database is a temporary file with the repository's migrations, written through a store
 * writer of its own (store_writer.h) as in the server; hashing uses libsodium's minimum costs so
 * the tests run fast. Asynchronous operations are driven by polling the service and the writer
 * until their completion arrives; background writes (a session's use, an expired session's
 * deletion) by waiting until the writer has nothing queued.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "auth/auth.h"
#include "auth/name_rules.h"
#include "base/ids.h"
#include "base/log.h"
#include "auth/pwhash.h"
#include "api/rest.h"
#include "server_fixture.h"
#include "store/store_writer.h"

#define T0_MS 1800000000000LL /* the test clock's start, ms since the epoch */
#define DAY_S 86400LL

/* ---- fixture ---------------------------------------------------------------------- */

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

typedef struct fixture {
    char dir[64];
    char db[128];
    ippon_config cfg;
    ippon_app app;
    long long now_ms; /* the injected clock */
} fixture;

static long long fixture_clock(void *ctx)
{
    return ((fixture *)ctx)->now_ms;
}

/* a fresh database and service; tweak the config first with a non-NULL adjust */
static fixture *fixture_new(void (*adjust)(ippon_config *))
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    snprintf(f->dir, sizeof f->dir, "/tmp/ippon-test-auth-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    if (fixture_postgres())
        fixture_pg_fresh(f->db, sizeof f->db);
    else
        snprintf(f->db, sizeof f->db, "%s/auth.db", f->dir);
    assert_int_equal(ippon_config_init(&f->cfg), 0);
    f->cfg.pwhash_ops = 1;
    f->cfg.pwhash_mem_kib = 8;
    if (adjust)
        adjust(&f->cfg);
    char err[512];
    f->app.config = &f->cfg;
    if (ippon_store_open(&f->app.store, f->db, err, sizeof err) != 0 ||
        ippon_store_migrate(f->app.store, fixture_migrations(), NULL, err, sizeof err) != 0 ||
        ippon_writer_start(&f->app.writer, f->db, NULL, NULL, err, sizeof err) != 0 ||
        ippon_store_make_reader(f->app.store) != 0 ||
        ippon_auth_create(&f->app.auth, &f->cfg, f->app.store, f->app.writer, err, sizeof err) != 0)
        fail_msg("%s", err);
    f->now_ms = T0_MS;
    ippon_auth_set_clock(f->app.auth, fixture_clock, f);
    return f;
}

static void fixture_free(fixture *f)
{
    ippon_writer_stop(f->app.writer, 1000); /* first: its completions use the service */
    ippon_auth_destroy(f->app.auth);
    ippon_writer_free(f->app.writer);
    ippon_store_close(f->app.store);
    ippon_config_free(&f->cfg);
    char path[256];
    const char *suffixes[] = {"", "-wal", "-shm"};
    for (size_t i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s%s", f->db, suffixes[i]);
        unlink(path);
    }
    rmdir(f->dir);
    free(f);
}

/* run SQL on the test database from outside the server (to ban someone, to look) */
static long long sql_value(fixture *f, const char *sql)
{
    ippon_store *st; /* a connection of its own (SQLite's waits 5 s for the store writer's writes) */
    char err[256];
    if (ippon_store_open(&st, f->db, err, sizeof err) != 0)
        fail_msg("%s", err);
    ippon_sql_stmt *q = ippon_sql_prepare(st->db, sql);
    if (!q)
        fail_msg("%s: %s", sql, ippon_sql_errmsg(st->db));
    int rc = ippon_sql_step(q);
    long long v = rc == IPPON_SQL_ROW ? ippon_sql_column_int64(q, 0) : -1;
    if (rc != IPPON_SQL_ROW && rc != IPPON_SQL_DONE)
        fail_msg("%s: %s", sql, ippon_sql_errmsg(st->db));
    ippon_sql_finalize(q);
    ippon_store_close(st);
    return v;
}

/* the completion of an asynchronous operation */
typedef struct outcome {
    int calls;
    ippon_auth_result r;
} outcome;

static void on_done(void *ctx, const ippon_auth_result *r)
{
    outcome *o = ctx;
    o->calls++;
    o->r = *r;
}

/* run what the hashing worker and the store writer finished; how many completions ran */
static int poll_both(fixture *f)
{
    return ippon_auth_poll(f->app.auth) + ippon_writer_poll(f->app.writer);
}

/* poll until o has its completion (10 s at most) */
static void wait_for(fixture *f, outcome *o)
{
    for (int i = 0; i < 10000 && o->calls == 0; i++) {
        if (poll_both(f) == 0)
            sleep_ms(1);
    }
    assert_int_equal(o->calls, 1);
}

/* until the store writer has nothing queued and its completions have run (10 s at most) */
static void settle_writes(fixture *f)
{
    ippon_writer_status ws;
    for (int i = 0; i < 10000; i++) {
        ippon_writer_status_get(f->app.writer, &ws);
        if (ws.queued == 0 && poll_both(f) == 0)
            return;
        sleep_ms(1);
    }
    fail_msg("the store writer still has %zu jobs after 10 s", ws.queued);
}

/* run an operation that returns 1 (pending) or 0 (answered in now) to its result */
static ippon_auth_result settle(fixture *f, int pending, const ippon_auth_result *now, outcome *o)
{
    if (!pending) {
        assert_int_equal(o->calls, 0);
        return *now;
    }
    wait_for(f, o);
    return o->r;
}

static ippon_auth_result do_register(fixture *f, const char *username, const char *password,
                                     const char *name, const char *address)
{
    ippon_auth_result now;
    outcome o = {0};
    int pending = ippon_auth_register(f->app.auth, username, password, strlen(password), name,
                                      address, &now, on_done, &o);
    return settle(f, pending, &now, &o);
}

static ippon_auth_result do_login(fixture *f, const char *username, const char *password,
                                  const char *address)
{
    ippon_auth_result now;
    outcome o = {0};
    int pending = ippon_auth_login(f->app.auth, username, password, strlen(password), address,
                                   &now, on_done, &o);
    return settle(f, pending, &now, &o);
}

static ippon_auth_result do_claim(fixture *f, const char *token, const char *username,
                                  const char *password, const char *name)
{
    ippon_auth_result now;
    outcome o = {0};
    int pending = ippon_auth_claim(f->app.auth, token, username, password, strlen(password), name,
                                   "198.51.100.1", &now, on_done, &o);
    return settle(f, pending, &now, &o);
}

static ippon_auth_result do_guest(fixture *f, const char *name, const char *address)
{
    ippon_auth_result now;
    outcome o = {0};
    int pending = ippon_auth_guest(f->app.auth, name, address, &now, on_done, &o);
    return settle(f, pending, &now, &o);
}

static ippon_auth_status do_logout(fixture *f, const char *token)
{
    ippon_auth_result now;
    outcome o = {0};
    int pending = ippon_auth_logout(f->app.auth, token, &now, on_done, &o);
    return settle(f, pending, &now, &o).status;
}

static ippon_auth_status do_rename(fixture *f, const char *user_id, const char *name, ippon_auth_result *out)
{
    ippon_auth_result now;
    outcome o = {0};
    int pending = ippon_auth_rename(f->app.auth, user_id, name, &now, on_done, &o);
    *out = settle(f, pending, &now, &o);
    return out->status;
}

/* ---- rules ------------------------------------------------------------------------ */

static int display_ok(const char *name)
{
    char problem[256];
    return ippon_auth_check_display_name(name, strlen(name), problem, sizeof problem) == 0;
}

static void expect_display_problem(const char *name, size_t len, const char *words)
{
    char problem[256] = "";
    if (ippon_auth_check_display_name(name, len, problem, sizeof problem) == 0)
        fail_msg("display name \"%s\" was accepted", name);
    if (!strstr(problem, words))
        fail_msg("display name \"%s\": \"%s\" does not say \"%s\"", name, problem, words);
}

static void display_names(void **state)
{
    (void)state;
    const char *good[] = {
        "Alice", "abc", "a_b-c", "___", "Player-1", "abcdefghijklmnop", /* 16 */
        "山田太郎", "山田太", "ひらがな", "カタカナー", "한국어", "々〆〇", "𠮷野家", /* U+20BB7 */
        "mixed山田", "abc_日本",
        "日本語日本語日本語日本語日本語日", /* 16 CJK characters, 48 bytes */
        "guest", "Guest", "Guest_1", "xGuest-1",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        if (!display_ok(good[i]))
            fail_msg("\"%s\" was refused", good[i]);

    expect_display_problem("", 0, "3 to 16 characters long (has 0)");
    expect_display_problem("ab", 2, "(has 2)");
    expect_display_problem("山田", 6, "(has 2)");
    expect_display_problem("abcdefghijklmnopq", 17, "(has 17)");
    expect_display_problem("日本語日本語日本語日本語日本語日本", 51, "(has 17)");
    expect_display_problem(" Alice", 6, "a space U+0020 at character 1");
    expect_display_problem("Alice ", 6, "a space U+0020 at character 6");
    expect_display_problem("Al ice", 6, "a space");
    expect_display_problem("Al\tice", 6, "a control character U+0009");
    expect_display_problem("Al\x7fice", 6, "a control character U+007F");
    expect_display_problem("Alice!", 6, "U+0021");
    expect_display_problem("\xe3\x80\x80" "abc", 6, "U+3000"); /* ideographic space */
    expect_display_problem("ＡＢＣ", 9, "U+FF21");                 /* full-width letters */
    expect_display_problem("ｱｲｳ", 9, "U+FF71");                    /* half-width katakana */
    expect_display_problem("ア・イ", 9, "U+30FB");                  /* katakana middle dot */
    expect_display_problem("\xf0\x9f\x98\x80" "abc", 7, "U+1F600"); /* emoji */
    expect_display_problem("ab\xcc\x81" "c", 5, "U+0301");          /* combining accent */
    expect_display_problem("Guest-123", 9, "reserved for guests");
    expect_display_problem("gUEST-abc", 9, "reserved for guests");
    /* malformed UTF-8 */
    expect_display_problem("ab\xff" "cd", 5, "UTF-8");
    expect_display_problem("ab\xc0\xafzz", 6, "UTF-8");          /* overlong '/' */
    expect_display_problem("ab\xe0\x80\xafz", 6, "UTF-8");       /* overlong, 3 bytes */
    expect_display_problem("ab\xed\xa0\x80z", 6, "UTF-8");       /* a surrogate */
    expect_display_problem("ab\xf4\x90\x80\x80z", 7, "UTF-8");   /* above U+10FFFF */
    expect_display_problem("abc\xe5\xb1", 5, "UTF-8");           /* cut off */
    expect_display_problem("abc\x80", 4, "UTF-8");               /* a lone continuation */
    expect_display_problem("ab\0cd", 5, "UTF-8");                /* an embedded NUL */
}

static void usernames_and_passwords(void **state)
{
    (void)state;
    char problem[256];
    const char *good[] = {"abc", "A_b-9", "abcdefghijklmnopqrstuvwx" /* 24 */, "___"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_int_equal(ippon_auth_check_username(good[i], strlen(good[i]), problem, sizeof problem), 0);
    const char *bad[] = {"", "ab", "abcdefghijklmnopqrstuvwxy", "a b", "abc!", "ünï", "abc\n", "山田太郎"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        problem[0] = '\0';
        assert_int_equal(ippon_auth_check_username(bad[i], strlen(bad[i]), problem, sizeof problem), -1);
        assert_true(strlen(problem) > 10);
    }
    assert_int_equal(ippon_auth_check_username("ab", 2, problem, sizeof problem), -1);
    assert_non_null(strstr(problem, "3 to 24"));
    assert_int_equal(ippon_auth_check_username("a b", 3, problem, sizeof problem), -1);
    assert_non_null(strstr(problem, "0x20 at position 2"));

    char pw[200];
    memset(pw, 'p', sizeof pw);
    assert_int_equal(ippon_auth_check_password(pw, 7, problem, sizeof problem), -1);
    assert_non_null(strstr(problem, "8 to 128 bytes long (has 7)"));
    assert_int_equal(ippon_auth_check_password(pw, 8, problem, sizeof problem), 0);
    assert_int_equal(ippon_auth_check_password(pw, 128, problem, sizeof problem), 0);
    assert_int_equal(ippon_auth_check_password(pw, 129, problem, sizeof problem), -1);
    assert_int_equal(ippon_auth_check_password("パスワード", strlen("パスワード"), problem,
                                               sizeof problem),
                     0); /* 15 bytes: counted in bytes */
    assert_int_equal(ippon_auth_check_password("pass\0word", 9, problem, sizeof problem), -1);
    assert_non_null(strstr(problem, "NUL"));
}

static void tokens(void **state)
{
    (void)state;
    unsigned char token[IPPON_TOKEN_BYTES], h1[IPPON_TOKEN_HASH_BYTES], h2[IPPON_TOKEN_HASH_BYTES];
    unsigned char want[IPPON_TOKEN_HASH_BYTES];
    char hex[IPPON_TOKEN_HEX_LEN + 1], other[IPPON_TOKEN_HEX_LEN + 1], upper[IPPON_TOKEN_HEX_LEN + 1];
    ippon_auth_token_new(token, hex);
    assert_int_equal(strlen(hex), 64);
    assert_int_equal(strspn(hex, "0123456789abcdef"), 64);
    /* the stored hash is BLAKE2b-256 of the 32 token bytes */
    assert_int_equal(ippon_auth_token_hash(hex, h1), 0);
    crypto_generichash(want, sizeof want, token, sizeof token, NULL, 0);
    assert_memory_equal(h1, want, sizeof want);
    for (size_t i = 0; i <= 64; i++)
        upper[i] = (hex[i] >= 'a' && hex[i] <= 'f') ? (char)(hex[i] - 'a' + 'A') : hex[i];
    assert_int_equal(ippon_auth_token_hash(upper, h2), 0);
    assert_memory_equal(h1, h2, sizeof h1);
    ippon_auth_token_new(token, other);
    assert_string_not_equal(hex, other);
    assert_int_equal(ippon_auth_token_hash(other, h2), 0);
    assert_memory_not_equal(h1, h2, sizeof h1);

    assert_int_equal(ippon_auth_token_hash(NULL, h1), -1);
    assert_int_equal(ippon_auth_token_hash("", h1), -1);
    hex[63] = '\0';
    assert_int_equal(ippon_auth_token_hash(hex, h1), -1);
    hex[63] = 'g';
    assert_int_equal(ippon_auth_token_hash(hex, h1), -1);
    char longer[80];
    snprintf(longer, sizeof longer, "%s0", other);
    assert_int_equal(ippon_auth_token_hash(longer, h1), -1);
}

static void address_keys(void **state)
{
    (void)state;
    char key[80];
    ippon_auth_address_key("203.0.113.7", key, sizeof key);
    assert_string_equal(key, "203.0.113.7");
    ippon_auth_address_key("::ffff:203.0.113.7", key, sizeof key);
    assert_string_equal(key, "203.0.113.7");
    ippon_auth_address_key("2001:db8:1:2:3:4:5:6", key, sizeof key);
    assert_string_equal(key, "2001:db8:1:2::/64");
    ippon_auth_address_key("2001:db8:1:2:ffff::1", key, sizeof key);
    assert_string_equal(key, "2001:db8:1:2::/64");
    ippon_auth_address_key(NULL, key, sizeof key);
    assert_string_equal(key, "unknown");
    ippon_auth_address_key("", key, sizeof key);
    assert_string_equal(key, "unknown");
}

/* ---- identities ------------------------------------------------------------------- */

static void guest(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    ippon_auth_result g = do_guest(f, NULL, "203.0.113.7");
    assert_int_equal(g.status, IPPON_AUTH_OK);
    assert_true(g.user.guest);
    assert_string_equal(g.user.username, "");
    assert_int_equal(strlen(g.user.id), 32);
    assert_int_equal(strncmp(g.user.display_name, "Guest-", 6), 0);
    assert_int_equal(strlen(g.user.display_name), 12);
    assert_int_equal(strspn(g.user.display_name + 6, "0123456789ABCDEF"), 6);
    assert_int_equal(strlen(g.token), 64);
    assert_int_equal(g.expires_at, T0_MS / 1000 + 365 * DAY_S);
    assert_int_equal(g.user.created_at, T0_MS / 1000);

    ippon_user u;
    assert_int_equal(ippon_auth_session_user(&f->app, g.token, &u), 0);
    assert_string_equal(u.id, g.user.id);
    assert_true(u.guest);
    assert_false(u.banned);
    /* only the hash is stored: the token is nowhere in the database */
    char sql[256];
    snprintf(sql, sizeof sql,
             fixture_postgres() ? "SELECT count(*) FROM sessions WHERE encode(token_hash, 'hex') = lower('%s')"
                                : "SELECT count(*) FROM sessions WHERE hex(token_hash) = upper('%s')",
             g.token);
    assert_int_equal(sql_value(f, sql), 0);
    assert_int_equal(sql_value(f, "SELECT count(*) FROM sessions"), 1);
    assert_int_equal(sql_value(f, "SELECT count(*) FROM users WHERE password_hash IS NULL"), 1);

    /* a guest with a chosen name; names are unique regardless of case */
    ippon_auth_result named = do_guest(f, "Kiri", "203.0.113.7");
    assert_int_equal(named.status, IPPON_AUTH_OK);
    assert_string_equal(named.user.display_name, "Kiri");
    ippon_auth_result dup = do_guest(f, "KIRI", "203.0.113.7");
    assert_int_equal(dup.status, IPPON_AUTH_TAKEN);
    assert_int_equal(dup.taken, IPPON_TAKEN_DISPLAY_NAME);
    assert_string_equal(dup.token, "");

    /* no session for nonsense */
    assert_int_equal(ippon_auth_session_user(&f->app, "nonsense", &u), IPPON_AUTH_INVALID);
    char unknown[IPPON_TOKEN_HEX_LEN + 1];
    unsigned char bytes[IPPON_TOKEN_BYTES];
    ippon_auth_token_new(bytes, unknown);
    assert_int_equal(ippon_auth_session_user(&f->app, unknown, &u), IPPON_AUTH_INVALID);
    ippon_app no_auth = {0};
    assert_int_equal(ippon_auth_session_user(&no_auth, g.token, &u), IPPON_AUTH_ERROR);
    fixture_free(f);
}

static void register_login_wrong_password(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    ippon_auth_result r = do_register(f, "Alice", "correct horse", "アリス太郎", "203.0.113.7");
    assert_int_equal(r.status, IPPON_AUTH_OK);
    assert_false(r.user.guest);
    assert_string_equal(r.user.username, "Alice");
    assert_string_equal(r.user.display_name, "アリス太郎");
    assert_int_equal(r.expires_at, T0_MS / 1000 + 30 * DAY_S);
    assert_int_equal(sql_value(f, "SELECT count(*) FROM users WHERE password_hash LIKE '$argon2id$%'"), 1);

    /* login: username case does not matter; every login is a new session */
    ippon_auth_result l = do_login(f, "alice", "correct horse", "203.0.113.7");
    assert_int_equal(l.status, IPPON_AUTH_OK);
    assert_string_equal(l.user.id, r.user.id);
    assert_string_not_equal(l.token, r.token);
    ippon_user u;
    assert_int_equal(ippon_auth_session_user(&f->app, l.token, &u), 0);
    assert_int_equal(ippon_auth_session_user(&f->app, r.token, &u), 0);
    assert_string_equal(u.id, r.user.id);

    assert_int_equal(do_login(f, "alice", "wrong horse", "203.0.113.7").status, IPPON_AUTH_INVALID);
    assert_int_equal(do_login(f, "nobody", "correct horse", "203.0.113.7").status, IPPON_AUTH_INVALID);
    assert_int_equal(do_login(f, "bad name!", "x", "203.0.113.7").status, IPPON_AUTH_INVALID);
    assert_int_equal(do_login(f, "alice", "", "203.0.113.7").status, IPPON_AUTH_INVALID);

    /* taken: username (any case), display name (any case), both */
    ippon_auth_result t = do_register(f, "ALICE", "Umber-lantern-77", "Other", "203.0.113.8");
    assert_int_equal(t.status, IPPON_AUTH_TAKEN);
    assert_int_equal(t.taken, IPPON_TAKEN_USERNAME);
    t = do_register(f, "bob", "Umber-lantern-77", "アリス太郎", "203.0.113.8");
    assert_int_equal(t.taken, IPPON_TAKEN_DISPLAY_NAME);
    t = do_register(f, "alice", "Umber-lantern-77", "アリス太郎", "203.0.113.8");
    assert_int_equal(t.taken, IPPON_TAKEN_USERNAME | IPPON_TAKEN_DISPLAY_NAME);
    assert_int_equal(sql_value(f, "SELECT count(*) FROM users"), 1);
    fixture_free(f);
}

static void session_expiry(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    ippon_auth_result r = do_register(f, "carol", "Kaede-sunset-42", "Carol", NULL);
    ippon_auth_result g = do_guest(f, NULL, NULL);
    assert_int_equal(r.status, IPPON_AUTH_OK);
    ippon_user u;
    f->now_ms = (r.expires_at - 1) * 1000 + 999; /* the last moment it is good */
    assert_int_equal(ippon_auth_session_user(&f->app, r.token, &u), 0);
    f->now_ms = r.expires_at * 1000;
    assert_int_equal(ippon_auth_session_user(&f->app, r.token, &u), IPPON_AUTH_INVALID);
    /* refused for good: the row is gone (deleted in the background), even if the clock went back */
    settle_writes(f);
    assert_int_equal(sql_value(f, "SELECT count(*) FROM sessions"), 1);
    f->now_ms = T0_MS;
    assert_int_equal(ippon_auth_session_user(&f->app, r.token, &u), IPPON_AUTH_INVALID);
    assert_int_equal(do_logout(f, r.token), IPPON_AUTH_INVALID);

    /* the guest lives a year */
    f->now_ms = T0_MS + (365 * DAY_S - 1) * 1000;
    assert_int_equal(ippon_auth_session_user(&f->app, g.token, &u), 0);
    f->now_ms = T0_MS + 365 * DAY_S * 1000;
    assert_int_equal(ippon_auth_session_user(&f->app, g.token, &u), IPPON_AUTH_INVALID);
    settle_writes(f);
    assert_int_equal(sql_value(f, "SELECT count(*) FROM sessions"), 0);

    /* using a session records it, at most once a minute */
    f->now_ms = T0_MS;
    ippon_auth_result l = do_register(f, "dan", "Kaede-sunset-42", "Dan", NULL);
    assert_int_equal(l.status, IPPON_AUTH_OK);
    f->now_ms = T0_MS + 30 * 1000;
    assert_int_equal(ippon_auth_session_user(&f->app, l.token, &u), 0);
    settle_writes(f);
    assert_int_equal(sql_value(f, "SELECT last_used_at FROM sessions s JOIN users u ON"
                                  " u.id = s.user_id WHERE username = 'dan'"),
                     T0_MS / 1000);
    f->now_ms = T0_MS + 90 * 1000;
    assert_int_equal(ippon_auth_session_user(&f->app, l.token, &u), 0);
    settle_writes(f);
    assert_int_equal(sql_value(f, "SELECT last_used_at FROM sessions s JOIN users u ON"
                                  " u.id = s.user_id WHERE username = 'dan'"),
                     T0_MS / 1000 + 90);
    assert_int_equal(sql_value(f, "SELECT last_seen_at FROM users WHERE username = 'dan'"),
                     T0_MS / 1000 + 90);
    assert_int_equal(u.last_seen_at, T0_MS / 1000 + 90);
    fixture_free(f);
}

static void short_sessions(ippon_config *cfg)
{
    cfg->session_days = 2.0 / 86400; /* two seconds */
    cfg->guest_days = 0.5;
}

static void configured_lifetimes(void **state)
{
    (void)state;
    fixture *f = fixture_new(short_sessions);
    ippon_auth_result r = do_register(f, "dave", "Kaede-sunset-42", "Dave", NULL);
    assert_int_equal(r.expires_at, T0_MS / 1000 + 2);
    ippon_auth_result g = do_guest(f, NULL, NULL);
    assert_int_equal(g.expires_at, T0_MS / 1000 + DAY_S / 2);
    ippon_user u;
    f->now_ms += 1999;
    assert_int_equal(ippon_auth_session_user(&f->app, r.token, &u), 0);
    f->now_ms += 1;
    assert_int_equal(ippon_auth_session_user(&f->app, r.token, &u), IPPON_AUTH_INVALID);
    assert_int_equal(ippon_auth_session_user(&f->app, g.token, &u), 0);
    fixture_free(f);
}

static void logout_and_rename(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    ippon_auth_result r = do_register(f, "erin", "Kaede-sunset-42", "Erin", NULL);
    ippon_auth_result l = do_login(f, "erin", "Kaede-sunset-42", NULL);
    assert_int_equal(do_logout(f, r.token), IPPON_AUTH_OK);
    ippon_user u;
    assert_int_equal(ippon_auth_session_user(&f->app, r.token, &u), IPPON_AUTH_INVALID);
    assert_int_equal(do_logout(f, r.token), IPPON_AUTH_INVALID);
    assert_int_equal(do_logout(f, "zz"), IPPON_AUTH_INVALID);
    assert_int_equal(ippon_auth_session_user(&f->app, l.token, &u), 0); /* only that session */

    ippon_auth_result other = do_guest(f, "Frank", NULL);
    ippon_auth_result n;
    assert_int_equal(do_rename(f, u.id, "エリン", &n), IPPON_AUTH_OK);
    assert_string_equal(n.user.display_name, "エリン");
    assert_int_equal(do_rename(f, u.id, "FRANK", &n), IPPON_AUTH_TAKEN);
    assert_int_equal(n.taken, IPPON_TAKEN_DISPLAY_NAME);
    assert_int_equal(do_rename(f, other.user.id, "frank", &n), IPPON_AUTH_OK);
    assert_string_equal(n.user.display_name, "frank"); /* its own name in another case */
    assert_int_equal(do_rename(f, "0123456789abcdef0123456789abcdef", "Nobody", &n), IPPON_AUTH_INVALID);
    fixture_free(f);
}

static void guest_claim_keeps_the_id(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    ippon_auth_result g = do_guest(f, NULL, NULL);
    ippon_auth_result c = do_claim(f, g.token, "gina", "Kaede-sunset-42", NULL);
    assert_int_equal(c.status, IPPON_AUTH_OK);
    assert_string_equal(c.user.id, g.user.id);
    assert_false(c.user.guest);
    assert_string_equal(c.user.username, "gina");
    assert_string_equal(c.user.display_name, g.user.display_name); /* kept when not given */
    assert_string_not_equal(c.token, g.token);
    assert_int_equal(c.expires_at, T0_MS / 1000 + 30 * DAY_S);

    ippon_user u;
    assert_int_equal(ippon_auth_session_user(&f->app, g.token, &u), IPPON_AUTH_INVALID);
    assert_int_equal(ippon_auth_session_user(&f->app, c.token, &u), 0);
    assert_string_equal(u.id, g.user.id);
    ippon_auth_result l = do_login(f, "GINA", "Kaede-sunset-42", NULL);
    assert_int_equal(l.status, IPPON_AUTH_OK);
    assert_string_equal(l.user.id, g.user.id);

    /* a registered user cannot claim; a revoked token cannot either */
    assert_int_equal(do_claim(f, c.token, "gina2", "Kaede-sunset-42", NULL).status, IPPON_AUTH_NOT_GUEST);
    assert_int_equal(do_claim(f, g.token, "gina3", "Kaede-sunset-42", NULL).status, IPPON_AUTH_INVALID);

    /* with a new display name; taken names are refused and change nothing */
    ippon_auth_result h = do_guest(f, NULL, NULL);
    ippon_auth_result t = do_claim(f, h.token, "Gina", "Kaede-sunset-42", "Hana");
    assert_int_equal(t.status, IPPON_AUTH_TAKEN);
    assert_int_equal(t.taken, IPPON_TAKEN_USERNAME);
    t = do_claim(f, h.token, "hana", "Kaede-sunset-42", g.user.display_name);
    assert_int_equal(t.taken, IPPON_TAKEN_DISPLAY_NAME);
    assert_int_equal(ippon_auth_session_user(&f->app, h.token, &u), 0);
    assert_true(u.guest);
    ippon_auth_result ok = do_claim(f, h.token, "hana", "Kaede-sunset-42", "花子さん");
    assert_int_equal(ok.status, IPPON_AUTH_OK);
    assert_string_equal(ok.user.id, h.user.id);
    assert_string_equal(ok.user.display_name, "花子さん");
    /* one session per user now */
    assert_int_equal(sql_value(f, "SELECT count(*) FROM sessions"), 3);
    assert_int_equal(sql_value(f, "SELECT count(*) FROM users WHERE username IS NULL"), 0);
    fixture_free(f);
}

static void claim_loses_a_race(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    ippon_auth_result g = do_guest(f, NULL, NULL);
    /* the checks pass, the hash runs, and meanwhile someone registers the username */
    ippon_auth_result now;
    outcome o = {0};
    assert_int_equal(ippon_auth_claim(f->app.auth, g.token, "ivan", "Kaede-sunset-42", 15, NULL, NULL,
                                      &now, on_done, &o),
                     1);
    ippon_user rival = {.id = "0123456789abcdef0123456789abcdef", .display_name = "Ivan",
                        .username = "Ivan", .created_at = 1, .last_seen_at = 1};
    ippon_session rival_session = {.created_at = 1, .expires_at = 2, .last_used_at = 1};
    int taken = -1;
    assert_int_equal(ippon_store_user_create(f->app.store, &rival, "$argon2id$x", &rival_session,
                                             &taken),
                     0);
    assert_int_equal(taken, 0);
    wait_for(f, &o);
    assert_int_equal(o.r.status, IPPON_AUTH_TAKEN);
    assert_int_equal(o.r.taken, IPPON_TAKEN_USERNAME);
    ippon_user u;
    assert_int_equal(ippon_auth_session_user(&f->app, g.token, &u), 0);
    assert_true(u.guest);

    /* or the guest logs out meanwhile */
    outcome o2 = {0};
    assert_int_equal(ippon_auth_claim(f->app.auth, g.token, "ivan2", "Kaede-sunset-42", 15, NULL, NULL,
                                      &now, on_done, &o2),
                     1);
    assert_int_equal(do_logout(f, g.token), IPPON_AUTH_OK);
    wait_for(f, &o2);
    assert_int_equal(o2.r.status, IPPON_AUTH_INVALID);
    assert_int_equal(sql_value(f, "SELECT count(*) FROM users WHERE username = 'ivan2'"), 0);
    fixture_free(f);
}

/* a login driven to its answer, moving the test clock through any per-account wait: *waited_ms */
static ippon_auth_result do_login_waiting(fixture *f, const char *username, const char *password,
                                          const char *address, long long *waited_ms)
{
    ippon_auth_result now;
    outcome o = {0};
    long long start = f->now_ms;
    int pending = ippon_auth_login(f->app.auth, username, password, strlen(password), address, &now, on_done, &o);
    for (int i = 0; pending && i < 100000 && o.calls == 0; i++) {
        if (ippon_auth_held(f->app.auth) > 0) {
            f->now_ms += 50; /* the hold is released by the clock only */
            ippon_auth_tick(f->app.auth);
        } else if (poll_both(f) == 0) {
            sleep_ms(1);
        }
    }
    *waited_ms = f->now_ms - start;
    return settle(f, pending, &now, &o);
}

static void login_limits_per_account(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    assert_int_equal(do_register(f, "judy", "Kaede-sunset-42", "Judy", NULL).status, IPPON_AUTH_OK);
    char address[32];
    long long waited;
    for (int i = 0; i < 5; i++) { /* from five addresses: no refusal, no wait yet */
        snprintf(address, sizeof address, "192.0.2.%d", i + 1);
        assert_int_equal(do_login_waiting(f, "judy", "wrong pass", address, &waited).status, IPPON_AUTH_INVALID);
        assert_int_equal(waited, 0);
    }
    /* the right password from a fresh address: admitted, after the first wait (250 ms), held without
       an answer until the clock has passed it */
    ippon_auth_result now;
    outcome o = {0};
    assert_int_equal(ippon_auth_login(f->app.auth, "JUDY", "Kaede-sunset-42", 15, "192.0.2.99", &now, on_done, &o), 1);
    assert_int_equal(ippon_auth_held(f->app.auth), 1);
    for (int i = 0; i < 20; i++)
        poll_both(f);
    f->now_ms += 249;
    assert_int_equal(ippon_auth_tick(f->app.auth), 0);
    assert_int_equal(o.calls, 0);
    f->now_ms += 1;
    assert_int_equal(ippon_auth_tick(f->app.auth), 1);
    wait_for(f, &o);
    assert_int_equal(o.r.status, IPPON_AUTH_OK);
    assert_int_equal(o.r.delayed_ms, 250);
    /* more failures from everywhere: the wait doubles up to 4 s, and the owner still gets in */
    const long long waits[] = {250, 500, 1000, 2000, 4000, 4000};
    for (int i = 0; i < 6; i++) {
        snprintf(address, sizeof address, "198.51.100.%d", i + 1);
        assert_int_equal(do_login_waiting(f, "judy", "wrong pass", address, &waited).status, IPPON_AUTH_INVALID);
        assert_true(waited >= waits[i] && waited < waits[i] + 50);
    }
    ippon_auth_result r = do_login_waiting(f, "judy", "Kaede-sunset-42", "192.0.2.100", &waited);
    assert_int_equal(r.status, IPPON_AUTH_OK);
    assert_int_equal(r.delayed_ms, 4000);
    /* names that do not exist wait as much per name (nothing tells them apart) */
    assert_int_equal(do_login_waiting(f, "someone", "Kaede-sunset-42", "192.0.2.99", &waited).status,
                     IPPON_AUTH_INVALID);
    assert_int_equal(waited, 0);
    fixture_free(f);
}

static void login_limits_per_account_and_address(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    assert_int_equal(do_register(f, "jane", "Kaede-sunset-42", "Jane", NULL).status, IPPON_AUTH_OK);
    long long waited;
    for (int i = 0; i < 5; i++)
        assert_int_equal(do_login_waiting(f, "jane", "wrong pass", "192.0.2.1", &waited).status, IPPON_AUTH_INVALID);
    /* that address: 429 for that account, even with the right password */
    ippon_auth_result r = do_login_waiting(f, "JANE", "Kaede-sunset-42", "192.0.2.1", &waited);
    assert_int_equal(r.status, IPPON_AUTH_LIMITED);
    assert_int_equal(r.retry_after_ms, 3 * 60 * 1000);
    /* another address: the right password works (after the account's wait) */
    r = do_login_waiting(f, "jane", "Kaede-sunset-42", "192.0.2.2", &waited);
    assert_int_equal(r.status, IPPON_AUTH_OK);
    /* successes alone never limit */
    for (int i = 0; i < 10; i++)
        assert_int_equal(do_login_waiting(f, "jane", "Kaede-sunset-42", "192.0.2.3", &waited).status, IPPON_AUTH_OK);
    fixture_free(f);
}

static void small_limits(ippon_config *cfg)
{
    cfg->login_fails_per_address = 3;
    cfg->signups_per_address = 2;
    cfg->guests_per_address = 2;
}

static void limits_per_address(void **state)
{
    (void)state;
    fixture *f = fixture_new(small_limits);
    char name[32];
    for (int i = 0; i < 3; i++) {
        snprintf(name, sizeof name, "user%d", i);
        assert_int_equal(do_login(f, name, "password", "2001:db8::1").status, IPPON_AUTH_INVALID);
    }
    /* the same /64, another user: limited; another address: not */
    ippon_auth_result r = do_login(f, "user9", "password", "2001:db8::2");
    assert_int_equal(r.status, IPPON_AUTH_LIMITED);
    assert_int_equal(r.retry_after_ms, 5 * 60 * 1000); /* 3 per 15 minutes */
    assert_int_equal(do_login(f, "user9", "password", "2001:db8:0:1::2").status, IPPON_AUTH_INVALID);

    /* guests: 2 per hour per address */
    assert_int_equal(do_guest(f, NULL, "192.0.2.1").status, IPPON_AUTH_OK);
    assert_int_equal(do_guest(f, NULL, "::ffff:192.0.2.1").status, IPPON_AUTH_OK);
    r = do_guest(f, NULL, "192.0.2.1");
    assert_int_equal(r.status, IPPON_AUTH_LIMITED);
    assert_int_equal(r.retry_after_ms, 30 * 60 * 1000);
    assert_int_equal(do_guest(f, NULL, "192.0.2.2").status, IPPON_AUTH_OK);

    /* sign-ups (register and claim together): 2 per hour per address, taken names count */
    ippon_auth_result g = do_guest(f, NULL, "192.0.2.3");
    assert_int_equal(do_register(f, "kate", "Kaede-sunset-42", "Kate", "192.0.2.9").status, IPPON_AUTH_OK);
    assert_int_equal(do_register(f, "kate", "Kaede-sunset-42", "Kate2", "192.0.2.9").status, IPPON_AUTH_TAKEN);
    assert_int_equal(do_register(f, "kate3", "Kaede-sunset-42", "Kate3", "192.0.2.9").status,
                     IPPON_AUTH_LIMITED);
    ippon_auth_result now;
    outcome o = {0};
    assert_int_equal(ippon_auth_claim(f->app.auth, g.token, "kate4", "Kaede-sunset-42", 15, NULL,
                                      "192.0.2.9", &now, on_done, &o),
                     0);
    assert_int_equal(now.status, IPPON_AUTH_LIMITED);
    fixture_free(f);
}

/* ---- a cluster's shared limits (ippon_auth_share_limits), through a hook the test answers ---- */

typedef struct fake_shared {
    int asks, give_backs, resets;
    char names[IPPON_BUCKETS_MAX][32];   /* the last ask's buckets */
    ippon_bucket_kind kinds[IPPON_BUCKETS_MAX];
    int n;
    char last_give_back[64], last_reset[64];
    ippon_buckets_done done;             /* the ask waiting for its answer */
    void *ctx;
    bool refuse_to_ask;                  /* take returns -1 (Redis away) */
} fake_shared;

static int fake_take(void *impl, const ippon_bucket *b, int n, ippon_buckets_done done, void *ctx)
{
    fake_shared *fs = impl;
    if (fs->refuse_to_ask)
        return -1;
    assert_null(fs->done); /* one ask at a time in these tests */
    fs->asks++;
    fs->n = n;
    for (int i = 0; i < n; i++) {
        snprintf(fs->names[i], sizeof fs->names[i], "%s", b[i].name);
        fs->kinds[i] = b[i].kind;
    }
    fs->done = done;
    fs->ctx = ctx;
    return 0;
}

static void fake_give_back(void *impl, const ippon_bucket *b, int n)
{
    fake_shared *fs = impl;
    fs->give_backs++;
    fs->last_give_back[0] = '\0';
    for (int i = 0; i < n; i++) {
        strncat(fs->last_give_back, b[i].name, sizeof fs->last_give_back - strlen(fs->last_give_back) - 2);
        strcat(fs->last_give_back, " ");
    }
}

static void fake_reset(void *impl, const ippon_bucket *b)
{
    fake_shared *fs = impl;
    fs->resets++;
    snprintf(fs->last_reset, sizeof fs->last_reset, "%s", b->name);
}

static void fake_share(fixture *f, fake_shared *fs)
{
    memset(fs, 0, sizeof *fs);
    ippon_shared_buckets hook = {fake_take, fake_give_back, fake_reset, fs};
    ippon_auth_share_limits(f->app.auth, &hook);
}

/* answer the waiting ask */
static void fake_answer(fake_shared *fs, const ippon_buckets_answer *a)
{
    assert_non_null(fs->done);
    ippon_buckets_done done = fs->done;
    fs->done = NULL;
    done(fs->ctx, a);
}

static void shared_limits_guests_and_signups(void **state)
{
    (void)state;
    fixture *f = fixture_new(small_limits); /* 2 guests, 2 sign-ups per address per hour */
    fake_shared fs;
    fake_share(f, &fs);
    ippon_auth_result now;
    outcome o = {0};
    /* a guest admitted here is asked of the cluster, and waits for it */
    assert_int_equal(ippon_auth_guest(f->app.auth, NULL, "192.0.2.1", &now, on_done, &o), 1);
    assert_int_equal(fs.asks, 1);
    assert_int_equal(fs.n, 1);
    assert_string_equal(fs.names[0], "guests");
    assert_int_equal(fs.kinds[0], IPPON_BUCKET_TAKE);
    for (int i = 0; i < 20; i++)
        poll_both(f);
    assert_int_equal(o.calls, 0);
    fake_answer(&fs, &(ippon_buckets_answer){.answered = true, .level = {1}});
    wait_for(f, &o);
    assert_int_equal(o.r.status, IPPON_AUTH_OK);
    /* the cluster refuses: 429 with its wait, and this node's count is given back */
    memset(&o, 0, sizeof o);
    assert_int_equal(ippon_auth_guest(f->app.auth, NULL, "192.0.2.1", &now, on_done, &o), 1);
    fake_answer(&fs, &(ippon_buckets_answer){.answered = true, .refused = 1, .retry_ms = 1234});
    assert_int_equal(o.calls, 1);
    assert_int_equal(o.r.status, IPPON_AUTH_LIMITED);
    assert_int_equal(o.r.retry_after_ms, 1234);
    ippon_auth_share_limits(f->app.auth, NULL);
    assert_int_equal(do_guest(f, NULL, "192.0.2.1").status, IPPON_AUTH_OK); /* the second of this node's two */
    assert_int_equal(do_guest(f, NULL, "192.0.2.1").status, IPPON_AUTH_LIMITED);

    /* a sign-up counted by the cluster whose password is too weak is given back there too */
    fake_share(f, &fs);
    memset(&o, 0, sizeof o);
    assert_int_equal(ippon_auth_register(f->app.auth, "nina", "password", 8, NULL, "192.0.2.5", &now, on_done, &o), 1);
    assert_string_equal(fs.names[0], "signups");
    fake_answer(&fs, &(ippon_buckets_answer){.answered = true});
    wait_for(f, &o);
    assert_int_equal(o.r.status, IPPON_AUTH_WEAK);
    assert_int_equal(fs.give_backs, 1);
    assert_string_equal(fs.last_give_back, "signups ");
    /* ... and one the cluster refuses is not hashed: 429 */
    memset(&o, 0, sizeof o);
    assert_int_equal(ippon_auth_register(f->app.auth, "nina", "Kaede-sunset-42", 15, NULL, "192.0.2.5", &now, on_done,
                                         &o),
                     1);
    fake_answer(&fs, &(ippon_buckets_answer){.answered = true, .refused = 1, .retry_ms = 99});
    assert_int_equal(o.calls, 1);
    assert_int_equal(o.r.status, IPPON_AUTH_LIMITED);
    fixture_free(f);
}

static void shared_limits_logins(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL); /* the account's wait: 250 ms after 5 failures */
    assert_int_equal(do_register(f, "olaf", "Kaede-sunset-42", "Olaf", NULL).status, IPPON_AUTH_OK);
    fake_shared fs;
    fake_share(f, &fs);
    ippon_auth_result now;
    outcome o = {0};
    /* the cluster has seen 6 failures for the account: this node, none; the wait is the cluster's */
    assert_int_equal(ippon_auth_login(f->app.auth, "olaf", "Kaede-sunset-42", 15, "192.0.2.1", &now, on_done, &o), 1);
    assert_int_equal(fs.n, 3);
    assert_string_equal(fs.names[0], "login_address");
    assert_string_equal(fs.names[1], "login_pair");
    assert_string_equal(fs.names[2], "login_account");
    assert_int_equal(fs.kinds[2], IPPON_BUCKET_COUNT);
    fake_answer(&fs, &(ippon_buckets_answer){.answered = true, .level = {0, 0, 6}});
    assert_int_equal(ippon_auth_held(f->app.auth), 1);
    f->now_ms += 499;
    assert_int_equal(ippon_auth_tick(f->app.auth), 0);
    f->now_ms += 1;
    assert_int_equal(ippon_auth_tick(f->app.auth), 1);
    wait_for(f, &o);
    assert_int_equal(o.r.status, IPPON_AUTH_OK);
    assert_int_equal(o.r.delayed_ms, 500); /* 6 failures: 250 doubled once */
    /* the success is told to the cluster: the address and the account given back, the pair forgotten */
    assert_int_equal(fs.give_backs, 1);
    assert_string_equal(fs.last_give_back, "login_address login_account ");
    assert_int_equal(fs.resets, 1);
    assert_string_equal(fs.last_reset, "login_pair");

    /* the cluster refuses the address: 429, and the password is never checked */
    memset(&o, 0, sizeof o);
    assert_int_equal(ippon_auth_login(f->app.auth, "olaf", "Kaede-sunset-42", 15, "192.0.2.1", &now, on_done, &o), 1);
    fake_answer(&fs, &(ippon_buckets_answer){.answered = true, .refused = 1, .retry_ms = 60000});
    assert_int_equal(o.calls, 1);
    assert_int_equal(o.r.status, IPPON_AUTH_LIMITED);
    assert_int_equal(o.r.retry_after_ms, 60000);
    assert_int_equal(fs.give_backs, 1); /* nothing was counted there */

    /* a failure stays counted in the cluster: nothing given back */
    long long waited;
    memset(&o, 0, sizeof o);
    assert_int_equal(ippon_auth_login(f->app.auth, "olaf", "wrong pass", 10, "192.0.2.2", &now, on_done, &o), 1);
    fake_answer(&fs, &(ippon_buckets_answer){.answered = true});
    wait_for(f, &o);
    assert_int_equal(o.r.status, IPPON_AUTH_INVALID);
    assert_int_equal(fs.give_backs, 1);
    /* Redis away (take refuses to ask): the node's own limits alone, at once */
    fs.refuse_to_ask = true;
    assert_int_equal(do_login_waiting(f, "olaf", "Kaede-sunset-42", "192.0.2.3", &waited).status, IPPON_AUTH_OK);
    assert_int_equal(waited, 0);
    ippon_auth_share_limits(f->app.auth, NULL);
    fixture_free(f);
}

static void shared_limits_unanswered(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    fake_shared fs;
    fake_share(f, &fs);
    ippon_auth_result now;
    outcome o = {0};
    /* no answer within a second (by the auth clock): the node's own limits alone */
    assert_int_equal(ippon_auth_guest(f->app.auth, NULL, "192.0.2.1", &now, on_done, &o), 1);
    f->now_ms += 999;
    assert_int_equal(ippon_auth_tick(f->app.auth), 0);
    f->now_ms += 1;
    assert_int_equal(ippon_auth_tick(f->app.auth), 1);
    wait_for(f, &o);
    assert_int_equal(o.r.status, IPPON_AUTH_OK);
    /* the late answer finds nobody waiting */
    fake_answer(&fs, &(ippon_buckets_answer){.answered = true, .refused = 1, .retry_ms = 5});
    assert_int_equal(o.calls, 1);
    /* an answer that says nothing (Redis went away meanwhile): the same */
    memset(&o, 0, sizeof o);
    assert_int_equal(ippon_auth_guest(f->app.auth, NULL, "192.0.2.1", &now, on_done, &o), 1);
    fake_answer(&fs, &(ippon_buckets_answer){.answered = false});
    wait_for(f, &o);
    assert_int_equal(o.r.status, IPPON_AUTH_OK);
    /* the service stops while a login waits for the cluster: busy, and the late answer is harmless */
    memset(&o, 0, sizeof o);
    assert_int_equal(ippon_auth_login(f->app.auth, "x", "y", 1, "192.0.2.1", &now, on_done, &o), 1);
    ippon_writer_stop(f->app.writer, 1000);
    ippon_auth_destroy(f->app.auth);
    f->app.auth = NULL;
    assert_int_equal(o.calls, 1);
    assert_int_equal(o.r.status, IPPON_AUTH_BUSY);
    fake_answer(&fs, &(ippon_buckets_answer){.answered = true});
    fixture_free(f);
}

static void banned(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    ippon_auth_result r = do_register(f, "mallory", "Kaede-sunset-42", "Mallory", NULL);
    ippon_auth_result g = do_guest(f, NULL, NULL);
    sql_value(f, "UPDATE users SET banned_at = 1800000000");
    ippon_user u;
    assert_int_equal(ippon_auth_session_user(&f->app, r.token, &u), 0); /* the caller refuses */
    assert_true(u.banned);
    assert_int_equal(u.banned_at, 1800000000);
    assert_int_equal(do_login(f, "mallory", "wrong pass", NULL).status, IPPON_AUTH_INVALID);
    assert_int_equal(do_login(f, "mallory", "Kaede-sunset-42", NULL).status, IPPON_AUTH_BANNED);
    assert_int_equal(do_claim(f, g.token, "mallory2", "Kaede-sunset-42", NULL).status, IPPON_AUTH_BANNED);
    fixture_free(f);
}

/* ---- the hashing worker ----------------------------------------------------------- */

typedef struct job_seen {
    int calls;
    ippon_pwhash_result result;
    char hash[crypto_pwhash_STRBYTES];
} job_seen;

static void on_job(void *ctx, ippon_pwhash_result result, const char *hash)
{
    job_seen *j = ctx;
    j->calls++;
    j->result = result;
    snprintf(j->hash, sizeof j->hash, "%s", hash ? hash : "");
}

static void poll_until(ippon_pwhash *pool, const job_seen *j)
{
    for (int i = 0; i < 10000 && j->calls == 0; i++)
        if (ippon_pwhash_poll(pool) == 0)
            sleep_ms(1);
    assert_int_equal(j->calls, 1);
}

static void pwhash_worker(void **state)
{
    (void)state;
    ippon_pwhash *pool, *stronger;
    assert_int_equal(ippon_pwhash_start(&pool, 1, 8192, 4, NULL, NULL), 0);
    assert_int_equal(ippon_pwhash_start(&stronger, 2, 16384, 4, NULL, NULL), 0);
    job_seen made = {0}, right = {0}, wrong = {0}, none = {0}, upgraded = {0}, same = {0};
    assert_int_equal(ippon_pwhash_hash(pool, "hunter22", 8, on_job, &made), 0);
    poll_until(pool, &made);
    assert_int_equal(made.result, IPPON_PWHASH_OK);
    assert_non_null(strstr(made.hash, "$argon2id$v=19$m=8,t=1,p=1$"));

    assert_int_equal(ippon_pwhash_verify(pool, "hunter22", 8, made.hash, on_job, &right), 0);
    assert_int_equal(ippon_pwhash_verify(pool, "hunter23", 8, made.hash, on_job, &wrong), 0);
    assert_int_equal(ippon_pwhash_verify(pool, "hunter22", 8, NULL, on_job, &none), 0);
    poll_until(pool, &right);
    poll_until(pool, &wrong);
    poll_until(pool, &none);
    assert_int_equal(right.result, IPPON_PWHASH_OK);
    assert_string_equal(right.hash, ""); /* same costs: nothing to upgrade */
    assert_int_equal(wrong.result, IPPON_PWHASH_MISMATCH);
    assert_int_equal(none.result, IPPON_PWHASH_MISMATCH);

    /* verified by a pool with higher costs: a fresh hash comes with the answer */
    assert_int_equal(ippon_pwhash_verify(stronger, "hunter22", 8, made.hash, on_job, &upgraded), 0);
    poll_until(stronger, &upgraded);
    assert_int_equal(upgraded.result, IPPON_PWHASH_OK);
    assert_non_null(strstr(upgraded.hash, "m=16,t=2"));
    assert_int_equal(crypto_pwhash_str_verify(upgraded.hash, "hunter22", 8), 0);
    assert_int_equal(ippon_pwhash_verify(stronger, "hunter22", 8, upgraded.hash, on_job, &same), 0);
    poll_until(stronger, &same);
    assert_string_equal(same.hash, "");
    ippon_pwhash_stop(stronger);

    /* the queue is bounded; stopping completes every job exactly once */
    job_seen jobs[6];
    int accepted[6], count = 0;
    memset(jobs, 0, sizeof jobs);
    for (int i = 0; i < 6; i++)
        count += accepted[i] = ippon_pwhash_hash(pool, "password", 8, on_job, &jobs[i]) == 0;
    assert_true(count >= 4); /* 4 at once; more if the worker finished some meanwhile */
    ippon_pwhash_stop(pool);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(jobs[i].calls, accepted[i]);
        if (accepted[i])
            assert_true(jobs[i].result == IPPON_PWHASH_OK ||
                        jobs[i].result == IPPON_PWHASH_CANCELLED);
    }
    ippon_pwhash_stop(NULL);
    assert_int_equal(ippon_pwhash_start(&pool, 0, 8192, 4, NULL, NULL), -1);
    assert_int_equal(ippon_pwhash_start(&pool, 1, 1024, 4, NULL, NULL), -1);
}

static void destroy_completes_pending_operations(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    outcome o[3] = {{0}};
    ippon_auth_result now;
    assert_int_equal(ippon_auth_register(f->app.auth, "olga", "Kaede-sunset-42", 15, "Olga", NULL, &now,
                                         on_done, &o[0]),
                     1);
    assert_int_equal(ippon_auth_login(f->app.auth, "olga", "Kaede-sunset-42", 15, NULL, &now, on_done,
                                      &o[1]),
                     1);
    assert_int_equal(ippon_auth_login(f->app.auth, "x", "y", 1, NULL, &now, on_done, &o[2]), 1);
    /* the server's order: the writer stops first, then the service; each gets its answer, a hash
       finished (or not yet run: BUSY) but not written any more: UNAVAILABLE */
    ippon_writer_stop(f->app.writer, 1000);
    ippon_auth_destroy(f->app.auth);
    f->app.auth = NULL;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(o[i].calls, 1);
        assert_true(o[i].r.status == IPPON_AUTH_BUSY || o[i].r.status == IPPON_AUTH_UNAVAILABLE ||
                    o[i].r.status == IPPON_AUTH_INVALID);
    }
    fixture_free(f);
}

/* ---- the REST routes -------------------------------------------------------------- */

typedef struct delivery {
    int calls;
    int status;
    char *body;
    int retry_after, challenge;
} delivery;

static void on_deliver(void *conn, ippon_rest_response *res)
{
    delivery *d = conn;
    d->calls++;
    d->status = res->status;
    d->retry_after = res->retry_after;
    d->challenge = res->challenge;
    free(d->body);
    d->body = res->body; /* the transport takes the body */
    res->body = NULL;
}

typedef struct reply {
    int status;
    json_t *json;
    int retry_after, challenge;
} reply;

/* one REST call, waiting for a deferred reply if there is one */
static reply call(fixture *f, ippon_http_method method, const char *path, const char *token,
                  const char *body)
{
    char authorization[128];
    snprintf(authorization, sizeof authorization, "Bearer %s", token ? token : "");
    delivery d = {0};
    ippon_rest_request req = {
        .method = method,
        .path = path,
        .body = body,
        .body_len = body ? strlen(body) : 0,
        .content_type = "application/json", /* as the web client sends it (else 415) */
        .authorization = token ? authorization : NULL,
        .address = "203.0.113.50",
        .deliver = on_deliver,
        .conn = &d,
    };
    ippon_rest_response res;
    ippon_rest_handle(&f->app, &req, &res);
    reply out = {0};
    const char *text;
    if (res.deferred) {
        assert_null(res.body);
        for (int i = 0; i < 10000 && d.calls == 0; i++)
            if (poll_both(f) == 0)
                sleep_ms(1);
        assert_int_equal(d.calls, 1);
        out.status = d.status;
        out.retry_after = d.retry_after;
        out.challenge = d.challenge;
        text = d.body;
    } else {
        out.status = res.status;
        out.retry_after = res.retry_after;
        out.challenge = res.challenge;
        text = res.body;
    }
    json_error_t jerr;
    out.json = json_loads(text, 0, &jerr);
    if (!out.json)
        fail_msg("not JSON: %s", text);
    ippon_rest_response_free(&res);
    free(d.body);
    return out;
}

/* the error's code, and that the message (and "fields", if want_field) name want_field */
static void expect_error(reply r, int status, const char *code, const char *want_field)
{
    const char *got, *message;
    if (json_unpack(r.json, "{s:{s:s, s:s}}", "error", "code", &got, "message", &message) != 0)
        fail_msg("not an error reply (status %d)", r.status);
    if (r.status != status || strcmp(got, code) != 0)
        fail_msg("expected %d %s, got %d %s: %s", status, code, r.status, got, message);
    if (want_field) {
        char named[80];
        snprintf(named, sizeof named, "%s: ", want_field);
        if (!strstr(message, named))
            fail_msg("the message does not name %s: %s", want_field, message);
        json_t *fields = json_object_get(json_object_get(r.json, "error"), "fields");
        if (strcmp(want_field, "body") != 0 && !json_object_get(fields, want_field))
            fail_msg("\"fields\" has no %s: %s", want_field, message);
    }
    json_decref(r.json);
}

static const char *reply_token(reply r, char out[IPPON_TOKEN_HEX_LEN + 1])
{
    const char *t = json_string_value(json_object_get(r.json, "token"));
    assert_non_null(t);
    snprintf(out, IPPON_TOKEN_HEX_LEN + 1, "%s", t);
    return out;
}

/* a reply that must have this status and carry a session token: the token, the reply freed */
static const char *token_of(reply r, int status, char out[IPPON_TOKEN_HEX_LEN + 1])
{
    assert_int_equal(r.status, status);
    reply_token(r, out);
    json_decref(r.json);
    return out;
}

static void rest_flow(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    char guest[65], token[65], claimed[65];

    reply r = call(f, IPPON_HTTP_POST, "/api/auth/guest", NULL, NULL);
    assert_int_equal(r.status, 201);
    const char *id, *name;
    int is_guest, admin;
    json_t *username;
    json_int_t created, expires;
    assert_int_equal(json_unpack(r.json, "{s:{s:s, s:s, s:b, s:I, s:b, s:o}, s:I}", "user", "id",
                                 &id, "display_name", &name, "guest", &is_guest, "created_at",
                                 &created, "admin", &admin, "username", &username, "expires_at",
                                 &expires),
                     0);
    assert_true(is_guest);
    assert_false(admin);
    assert_true(json_is_null(username));
    assert_int_equal(created, T0_MS / 1000);
    char guest_id[33];
    snprintf(guest_id, sizeof guest_id, "%s", id);
    reply_token(r, guest);
    assert_int_equal(json_object_size(json_object_get(r.json, "user")), 6); /* never a hash */
    json_decref(r.json);

    r = call(f, IPPON_HTTP_GET, "/api/auth/me", guest, NULL);
    assert_int_equal(r.status, 200);
    assert_string_equal(json_string_value(json_object_get(json_object_get(r.json, "user"), "id")),
                        guest_id);
    json_decref(r.json);

    r = call(f, IPPON_HTTP_PATCH, "/api/auth/me", guest, "{\"display_name\": \"Noriko\"}");
    assert_int_equal(r.status, 200);
    assert_string_equal(
        json_string_value(json_object_get(json_object_get(r.json, "user"), "display_name")),
        "Noriko");
    json_decref(r.json);

    r = call(f, IPPON_HTTP_POST, "/api/auth/claim", guest,
             "{\"username\": \"noriko\", \"password\": \"Kaede-sunset-42\"}");
    assert_int_equal(r.status, 200);
    json_t *user = json_object_get(r.json, "user");
    assert_string_equal(json_string_value(json_object_get(user, "id")), guest_id);
    assert_true(json_is_false(json_object_get(user, "guest")));
    assert_string_equal(json_string_value(json_object_get(user, "username")), "noriko");
    reply_token(r, claimed);
    json_decref(r.json);
    expect_error(call(f, IPPON_HTTP_GET, "/api/auth/me", guest, NULL), 401, "unauthorized", NULL);

    r = call(f, IPPON_HTTP_POST, "/api/auth/register", NULL,
             "{\"username\": \"oscar\", \"password\": \"Quiet-harbor-58\", \"display_name\": \"Oscar\"}");
    assert_int_equal(r.status, 201);
    json_decref(r.json);
    r = call(f, IPPON_HTTP_POST, "/api/auth/login", NULL,
             "{\"username\": \"oscar\", \"password\": \"Quiet-harbor-58\"}");
    token_of(r, 200, token);
    r = call(f, IPPON_HTTP_POST, "/api/auth/login", NULL,
             "{\"username\": \"oscar\", \"password\": \"Quiet-harbor-59\"}");
    assert_int_equal(r.challenge, 1);
    expect_error(r, 401, "bad_credentials", NULL);

    expect_error(call(f, IPPON_HTTP_POST, "/api/auth/register", NULL,
                      "{\"username\": \"OSCAR\", \"password\": \"Quiet-harbor-58\", \"display_name\": \"x_y\"}"),
                 409, "username_taken", NULL);
    expect_error(call(f, IPPON_HTTP_POST, "/api/auth/register", NULL,
                      "{\"username\": \"oscar2\", \"password\": \"Quiet-harbor-58\", \"display_name\": \"oscar\"}"),
                 409, "display_name_taken", NULL);
    expect_error(call(f, IPPON_HTTP_PATCH, "/api/auth/me", token, "{\"display_name\": \"noriko\"}"),
                 409, "display_name_taken", NULL);
    expect_error(call(f, IPPON_HTTP_POST, "/api/auth/claim", token,
                      "{\"username\": \"other\", \"password\": \"Quiet-harbor-58\"}"),
                 403, "not_a_guest", NULL);

    r = call(f, IPPON_HTTP_POST, "/api/auth/logout", token, NULL);
    assert_int_equal(r.status, 200);
    assert_true(json_is_true(json_object_get(r.json, "logged_out")));
    json_decref(r.json);
    expect_error(call(f, IPPON_HTTP_GET, "/api/auth/me", token, NULL), 401, "unauthorized", NULL);
    expect_error(call(f, IPPON_HTTP_POST, "/api/auth/logout", token, NULL), 401, "unauthorized", NULL);
    r = call(f, IPPON_HTTP_GET, "/api/auth/me", claimed, NULL);
    assert_int_equal(r.status, 200);
    json_decref(r.json);

    /* banned */
    sql_value(f, "UPDATE users SET banned_at = 1 WHERE username = 'noriko'");
    expect_error(call(f, IPPON_HTTP_GET, "/api/auth/me", claimed, NULL), 403, "banned", NULL);
    expect_error(call(f, IPPON_HTTP_POST, "/api/auth/login", NULL,
                      "{\"username\": \"noriko\", \"password\": \"Kaede-sunset-42\"}"),
                 403, "banned", NULL);
    fixture_free(f);
}

/* an error reply that is a row of the identities' table (auth_errors.h): its status, wire name and
   text; and a text "field: problem" in "fields" too */
static void expect_row(reply r, int code)
{
    const ippon_error_row *row = ippon_auth_error_row(code);
    assert_non_null(row);
    const char *got, *message;
    if (json_unpack(r.json, "{s:{s:s, s:s}}", "error", "code", &got, "message", &message) != 0)
        fail_msg("not an error reply (status %d)", r.status);
    if (r.status != row->status || strcmp(got, row->wire) != 0 || strcmp(message, row->text) != 0)
        fail_msg("expected %d %s \"%s\", got %d %s \"%s\"", row->status, row->wire, row->text, r.status, got,
                 message);
    const char *sep = strstr(row->text, ": ");
    json_t *fields = json_object_get(json_object_get(r.json, "error"), "fields");
    if (sep && strcspn(row->text, " ") > (size_t)(sep - row->text)) {
        char field[64];
        snprintf(field, sizeof field, "%.*s", (int)(sep - row->text), row->text);
        const char *problem = json_string_value(json_object_get(fields, field));
        if (!problem || strcmp(problem, sep + 2) != 0)
            fail_msg("\"fields\" has not %s: \"%s\"", field, sep + 2);
    } else if (fields) {
        fail_msg("\"fields\" in a reply whose row names no field: %s", message);
    }
    json_decref(r.json);
}

/* the REST routes reply with the rows of the identities' error table, and write no words of their own */
static void rest_errors_are_the_table(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    char guest[65], token[65];
    token_of(call(f, IPPON_HTTP_POST, "/api/auth/guest", NULL, "{\"display_name\": \"Sachi\"}"), 201, guest);
    token_of(call(f, IPPON_HTTP_POST, "/api/auth/register", NULL,
                  "{\"username\": \"tomoe\", \"password\": \"Quiet-harbor-58\", \"display_name\": \"Tomoe\"}"),
             201, token);
    reply r;

    /* a wrong password at login, and a token nobody holds */
    r = call(f, IPPON_HTTP_POST, "/api/auth/login", NULL, "{\"username\": \"tomoe\", \"password\": \"Quiet-harbor-59\"}");
    assert_int_equal(r.challenge, 1);
    expect_row(r, IPPON_AUTH_BAD_CREDENTIALS);
    r = call(f, IPPON_HTTP_GET, "/api/auth/me", "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", NULL);
    assert_int_equal(r.challenge, 1);
    expect_row(r, IPPON_AUTH_INVALID);
    /* names taken: the username; the display name alone */
    expect_row(call(f, IPPON_HTTP_POST, "/api/auth/register", NULL,
                    "{\"username\": \"TOMOE\", \"password\": \"Quiet-harbor-58\", \"display_name\": \"x_y\"}"),
               IPPON_AUTH_TAKEN);
    expect_row(call(f, IPPON_HTTP_PATCH, "/api/auth/me", guest, "{\"display_name\": \"tomoe\"}"),
               IPPON_AUTH_DISPLAY_NAME_TAKEN);
    /* both taken: both rows' fields, both texts */
    r = call(f, IPPON_HTTP_POST, "/api/auth/register", NULL,
             "{\"username\": \"tomoe\", \"password\": \"Quiet-harbor-58\", \"display_name\": \"Tomoe\"}");
    const ippon_error_row *user_row = ippon_auth_error_row(IPPON_AUTH_TAKEN),
                          *name_row = ippon_auth_error_row(IPPON_AUTH_DISPLAY_NAME_TAKEN);
    char both[160];
    snprintf(both, sizeof both, "%s; %s", user_row->text, name_row->text);
    assert_int_equal(r.status, user_row->status);
    assert_string_equal(json_string_value(json_object_get(json_object_get(r.json, "error"), "code")), user_row->wire);
    assert_string_equal(json_string_value(json_object_get(json_object_get(r.json, "error"), "message")), both);
    assert_int_equal(json_object_size(json_object_get(json_object_get(r.json, "error"), "fields")), 2);
    json_decref(r.json);
    /* a registered user's claim; a guest's password change; a wrong current password */
    expect_row(call(f, IPPON_HTTP_POST, "/api/auth/claim", token,
                    "{\"username\": \"other\", \"password\": \"Quiet-harbor-58\"}"),
               IPPON_AUTH_NOT_GUEST);
    expect_row(call(f, IPPON_HTTP_POST, "/api/auth/password", guest,
                    "{\"old_password\": \"Quiet-harbor-58\", \"new_password\": \"Misty-lantern-73\"}"),
               IPPON_AUTH_NOT_REGISTERED);
    expect_row(call(f, IPPON_HTTP_POST, "/api/auth/password", token,
                    "{\"old_password\": \"Quiet-harbor-57\", \"new_password\": \"Misty-lantern-73\"}"),
               IPPON_AUTH_WRONG_PASSWORD);
    /* a password the policy refuses: the row's status and wire name, the policy's words */
    r = call(f, IPPON_HTTP_POST, "/api/auth/register", NULL,
             "{\"username\": \"umeko\", \"password\": \"password\", \"display_name\": \"Umeko\"}");
    const ippon_error_row *weak = ippon_auth_error_row(IPPON_AUTH_WEAK);
    assert_int_equal(r.status, weak->status);
    assert_string_equal(json_string_value(json_object_get(json_object_get(r.json, "error"), "code")), weak->wire);
    assert_non_null(json_object_get(json_object_get(json_object_get(r.json, "error"), "fields"), "password"));
    json_decref(r.json);
    fixture_free(f);
}

static void rest_bad_requests(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    char guest[65];
    reply g = call(f, IPPON_HTTP_POST, "/api/auth/guest", NULL, "{}");
    assert_int_equal(g.status, 201);
    reply_token(g, guest);
    json_decref(g.json);

    static const struct {
        const char *path, *body, *field;
    } cases[] = {
        {"/api/auth/register", NULL, "body"},
        {"/api/auth/register", "", "body"},
        {"/api/auth/register", "{", "body"},
        {"/api/auth/register", "[1, 2]", "body"},
        {"/api/auth/register", "\"text\"", "body"},
        {"/api/auth/register", "{\"username\": \"a\", \"username\": \"b\"}", "body"},
        {"/api/auth/register", "{\"password\": \"Kaede-sunset-42\", \"display_name\": \"Pat\"}", "username"},
        {"/api/auth/register", "{\"username\": 7, \"password\": \"Kaede-sunset-42\", \"display_name\": \"Pat\"}", "username"},
        {"/api/auth/register", "{\"username\": null, \"password\": \"Kaede-sunset-42\", \"display_name\": \"Pat\"}", "username"},
        {"/api/auth/register", "{\"username\": \"pat\", \"display_name\": \"Pat\"}", "password"},
        {"/api/auth/register", "{\"username\": \"pat\", \"password\": \"short\", \"display_name\": \"Pat\"}", "password"},
        {"/api/auth/register", "{\"username\": \"pat\", \"password\": [\"Kaede-sunset-42\"], \"display_name\": \"Pat\"}", "password"},
        {"/api/auth/register", "{\"username\": \"pat\", \"password\": \"Kaede-sunset-42\"}", "display_name"},
        {"/api/auth/register", "{\"username\": \"pat\", \"password\": \"Kaede-sunset-42\", \"display_name\": \" Pat\"}", "display_name"},
        {"/api/auth/register", "{\"username\": \"pat\", \"password\": \"Kaede-sunset-42\", \"display_name\": \"Guest-1\"}", "display_name"},
        {"/api/auth/register", "{\"username\": \"pat\", \"password\": \"Kaede-sunset-42\", \"display_name\": \"Pat\", \"admin\": true}", "admin"},
        {"/api/auth/login", "{\"username\": \"pat\"}", "password"},
        {"/api/auth/login", "{\"password\": \"x\"}", "username"},
        {"/api/auth/login", "{\"username\": \"\", \"password\": \"x\"}", "username"},
        {"/api/auth/login", "{\"username\": \"pat\", \"password\": 12345678}", "password"},
        {"/api/auth/login", "{\"username\": \"pat\", \"password\": \"x\", \"remember\": 1}", "remember"},
        {"/api/auth/login", "not json", "body"},
        {"/api/auth/guest", "{\"display_name\": 5}", "display_name"},
        {"/api/auth/guest", "{\"display_name\": \"ab\"}", "display_name"},
        {"/api/auth/guest", "{\"name\": \"abc\"}", "name"},
        {"/api/auth/guest", "[]", "body"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        reply r = call(f, IPPON_HTTP_POST, cases[i].path, NULL, cases[i].body);
        expect_error(r, 400, "bad_request", cases[i].field);
    }
    /* every problem at once */
    reply all = call(f, IPPON_HTTP_POST, "/api/auth/register", NULL,
                     "{\"username\": \"a b\", \"password\": 1, \"display_name\": \"\", \"x\": 0}");
    json_t *fields = json_object_get(json_object_get(all.json, "error"), "fields");
    assert_int_equal(json_object_size(fields), 4);
    expect_error(all, 400, "bad_request", "username");

    /* me and claim: the token first, then the body */
    expect_error(call(f, IPPON_HTTP_PATCH, "/api/auth/me", guest, "{}"), 400, "bad_request",
                 "display_name");
    expect_error(call(f, IPPON_HTTP_PATCH, "/api/auth/me", guest, "{\"display_name\": \"a\\u0000b\"}"),
                 400, "bad_request", "body");
    expect_error(call(f, IPPON_HTTP_PATCH, "/api/auth/me", guest, "{\"display_name\": \"ok_name\", \"x\": 1}"),
                 400, "bad_request", "x");
    expect_error(call(f, IPPON_HTTP_POST, "/api/auth/claim", guest, "{\"username\": \"pat\"}"), 400,
                 "bad_request", "password");
    expect_error(call(f, IPPON_HTTP_POST, "/api/auth/claim", NULL, "{\"username\": \"pat\"}"), 401,
                 "unauthorized", NULL);
    reply bad = call(f, IPPON_HTTP_GET, "/api/auth/me", NULL, NULL);
    assert_int_equal(bad.challenge, 1);
    expect_error(bad, 401, "unauthorized", NULL);
    expect_error(call(f, IPPON_HTTP_GET, "/api/auth/me", "abc", NULL), 401, "unauthorized", NULL);
    char wrong[65];
    memset(wrong, 'z', 64);
    wrong[64] = '\0';
    expect_error(call(f, IPPON_HTTP_GET, "/api/auth/me", wrong, NULL), 401, "unauthorized", NULL);
    memset(wrong, '0', 64);
    expect_error(call(f, IPPON_HTTP_GET, "/api/auth/me", wrong, NULL), 401, "unauthorized", NULL);

    /* too big a body: 413 before any parsing */
    char *big = malloc(5000);
    memset(big, ' ', 4999);
    big[0] = '{';
    big[4998] = '}';
    big[4999] = '\0';
    expect_error(call(f, IPPON_HTTP_POST, "/api/auth/login", NULL, big), 413, "too_large", "body");
    free(big);

    /* methods */
    expect_error(call(f, IPPON_HTTP_GET, "/api/auth/login", NULL, NULL), 405, "method_not_allowed", NULL);
    expect_error(call(f, IPPON_HTTP_DELETE, "/api/auth/me", guest, NULL), 405, "method_not_allowed", NULL);

    /* nothing of the above created anybody */
    assert_int_equal(sql_value(f, "SELECT count(*) FROM users"), 1);
    fixture_free(f);
}

static void rest_rate_limit_reply(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    for (int i = 0; i < 5; i++) {
        reply r = call(f, IPPON_HTTP_POST, "/api/auth/login", NULL,
                       "{\"username\": \"quinn\", \"password\": \"guess\"}");
        expect_error(r, 401, "bad_credentials", NULL);
    }
    reply r = call(f, IPPON_HTTP_POST, "/api/auth/login", NULL,
                   "{\"username\": \"quinn\", \"password\": \"guess\"}");
    assert_int_equal(r.retry_after, 180);
    expect_error(r, 429, "rate_limited", NULL);
    fixture_free(f);
}

static void rest_deferred_abandoned(void **state)
{
    (void)state;
    fixture *f = fixture_new(NULL);
    delivery d = {0};
    const char *body = "{\"username\": \"rita\", \"password\": \"Kaede-sunset-42\", \"display_name\": \"Rita\"}";
    ippon_rest_request req = {.method = IPPON_HTTP_POST, .path = "/api/auth/register",
                              .body = body, .body_len = strlen(body), .content_type = "application/json",
                              .deliver = on_deliver, .conn = &d};
    ippon_rest_response res;
    ippon_rest_handle(&f->app, &req, &res);
    assert_non_null(res.deferred);
    ippon_rest_abandon(res.deferred); /* the client went away */
    ippon_rest_response_free(&res);
    while (ippon_auth_pending(f->app.auth) > 0)
        sleep_ms(1);
    for (int i = 0; i < 100; i++)
        ippon_auth_poll(f->app.auth);
    settle_writes(f);
    assert_int_equal(d.calls, 0); /* dropped, and nothing leaked (ASan checks) */
    /* the work itself was done: the account exists */
    assert_int_equal(sql_value(f, "SELECT count(*) FROM users WHERE username = 'rita'"), 1);

    /* a caller that cannot wait gets an answer at once */
    req.deliver = NULL;
    ippon_rest_handle(&f->app, &req, &res);
    assert_null(res.deferred);
    assert_int_equal(res.status, 500);
    ippon_rest_response_free(&res);
    fixture_free(f);
}

static void rest_helpers(void **state)
{
    (void)state;
    const char *args[] = {"mode=4p", "seed=", "flag", "mode=3p", "name=a&b c"};
    ippon_rest_request req = {.args = args, .arg_count = 5};
    char out[16];
    assert_int_equal(ippon_rest_query(&req, "mode", out, sizeof out), 2);
    assert_string_equal(out, "4p");
    assert_int_equal(ippon_rest_query(&req, "seed", out, sizeof out), 0);
    assert_string_equal(out, "");
    assert_int_equal(ippon_rest_query(&req, "flag", out, sizeof out), 0);
    assert_int_equal(ippon_rest_query(&req, "name", out, sizeof out), 5);
    assert_string_equal(out, "a&b c");
    assert_int_equal(ippon_rest_query(&req, "mod", out, sizeof out), -1);
    assert_int_equal(ippon_rest_query(&req, "none", out, sizeof out), -1);
    assert_int_equal(ippon_rest_query(&req, "mode", out, 2), -1); /* does not fit */

    const char *token;
    size_t len;
    const char *good[] = {"Bearer abc", "bearer abc", "BEARER   abc  ", "\tBearer\tabc"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        req.authorization = good[i];
        assert_int_equal(ippon_rest_bearer(&req, &token, &len), 1);
        assert_int_equal(len, 3);
        assert_memory_equal(token, "abc", 3);
    }
    const char *bad[] = {"Basic abc", "Bearerabc", "Bearer", "Bearer   ", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        req.authorization = bad[i];
        assert_int_equal(ippon_rest_bearer(&req, &token, &len), 0);
    }
    req.authorization = NULL;
    assert_int_equal(ippon_rest_bearer(&req, &token, &len), 0);
}

int main(void)
{
    ippon_log_level_set(IPPON_LOG_ERROR);
    if (ippon_ids_init() != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(display_names),
        cmocka_unit_test(usernames_and_passwords),
        cmocka_unit_test(tokens),
        cmocka_unit_test(address_keys),
        cmocka_unit_test(guest),
        cmocka_unit_test(register_login_wrong_password),
        cmocka_unit_test(session_expiry),
        cmocka_unit_test(configured_lifetimes),
        cmocka_unit_test(logout_and_rename),
        cmocka_unit_test(guest_claim_keeps_the_id),
        cmocka_unit_test(claim_loses_a_race),
        cmocka_unit_test(login_limits_per_account),
        cmocka_unit_test(login_limits_per_account_and_address),
        cmocka_unit_test(limits_per_address),
        cmocka_unit_test(shared_limits_guests_and_signups),
        cmocka_unit_test(shared_limits_logins),
        cmocka_unit_test(shared_limits_unanswered),
        cmocka_unit_test(banned),
        cmocka_unit_test(pwhash_worker),
        cmocka_unit_test(destroy_completes_pending_operations),
        cmocka_unit_test(rest_flow),
        cmocka_unit_test(rest_errors_are_the_table),
        cmocka_unit_test(rest_bad_requests),
        cmocka_unit_test(rest_rate_limit_reply),
        cmocka_unit_test(rest_deferred_abandoned),
        cmocka_unit_test(rest_helpers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
