/*
 * test_server_config.c — the config loader (src/server/config.c): defaults, a good file,
 * partial files, the same parser on text in memory, command-line overrides, and every kind of
 * error, each checked for the file, the key and the problem named in its message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server_fixture.h"

#include "config.h"

static char tmpdir[64];
static char cfg_path[128];

static int setup(void **state)
{
    (void)state;
    if (fixture_temp_dir(tmpdir, sizeof tmpdir, "test-config") != 0)
        return -1;
    snprintf(cfg_path, sizeof cfg_path, "%s/ippon.json", tmpdir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    fixture_remove_tree(tmpdir);
    return 0;
}

static void write_config(const char *text)
{
    FILE *f = fopen(cfg_path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* load text as the config file; returns the loader's result, message in err */
static int load(const char *text, ippon_config *cfg, char *err, size_t errlen)
{
    write_config(text);
    assert_int_equal(ippon_config_init(cfg), 0);
    err[0] = '\0';
    return ippon_config_load(cfg, cfg_path, err, errlen);
}

/* the loader must fail, with a message naming the file, the key and the problem */
static void expect_error(const char *text, const char *key, const char *problem)
{
    ippon_config cfg;
    char err[512], want_key[64];
    assert_int_equal(load(text, &cfg, err, sizeof err), -1);
    ippon_config_free(&cfg);
    if (!strstr(err, cfg_path))
        fail_msg("message does not name the file: %s", err);
    if (key) {
        snprintf(want_key, sizeof want_key, "key \"%s\"", key);
        if (!strstr(err, want_key))
            fail_msg("message does not name %s: %s", want_key, err);
    }
    if (!strstr(err, problem))
        fail_msg("message does not say \"%s\": %s", problem, err);
}

static void defaults(void **state)
{
    (void)state;
    ippon_config cfg;
    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_int_equal(cfg.port, 8080);
    assert_string_equal(cfg.bind, "127.0.0.1");
    assert_string_equal(cfg.web_root, "web");
    assert_string_equal(cfg.database, "data/ippon.db");
    assert_string_equal(cfg.migrations, "migrations");
    assert_int_equal(cfg.log_level, IPPON_LOG_INFO);
    assert_string_equal(cfg.event_loop, "epoll");
    ippon_config_free(&cfg);
    ippon_config_free(&cfg); /* freeing twice is harmless */
}

static void good_file(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    int rc = load("{\"port\": 9001, \"bind\": \"0.0.0.0\", \"web_root\": \"/srv/web\","
                  " \"database\": \"/var/lib/ippon/x.db\", \"migrations\": \"m\","
                  " \"log_level\": \"debug\", \"event_loop\": \"poll\"}",
                  &cfg, err, sizeof err);
    if (rc != 0)
        fail_msg("%s", err);
    assert_int_equal(cfg.port, 9001);
    assert_string_equal(cfg.bind, "0.0.0.0");
    assert_string_equal(cfg.web_root, "/srv/web");
    assert_string_equal(cfg.database, "/var/lib/ippon/x.db");
    assert_string_equal(cfg.migrations, "m");
    assert_int_equal(cfg.log_level, IPPON_LOG_DEBUG);
    assert_string_equal(cfg.event_loop, "poll");
    ippon_config_free(&cfg);
}

static void partial_file_keeps_defaults(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    assert_int_equal(load("{\"port\": 65535, \"bind\": \"::1\"}", &cfg, err, sizeof err), 0);
    assert_int_equal(cfg.port, 65535);
    assert_string_equal(cfg.bind, "::1");
    assert_string_equal(cfg.database, "data/ippon.db");
    ippon_config_free(&cfg);

    assert_int_equal(load("{}", &cfg, err, sizeof err), 0);
    assert_int_equal(cfg.port, 8080);
    ippon_config_free(&cfg);
}

static void repo_default_file(void **state)
{
    (void)state;
    /* the shipped config/ippon.json loads and says what the defaults say */
    const char *src = getenv("IPPON_SOURCE_DIR");
    char path[1024];
    snprintf(path, sizeof path, "%s/config/ippon.json", src ? src : IPPON_TEST_SOURCE_DIR);
    ippon_config cfg, defaults;
    char err[512];
    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_int_equal(ippon_config_init(&defaults), 0);
    if (ippon_config_load(&cfg, path, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(cfg.port, defaults.port);
    assert_string_equal(cfg.bind, defaults.bind);
    assert_string_equal(cfg.web_root, defaults.web_root);
    assert_string_equal(cfg.database, defaults.database);
    assert_string_equal(cfg.migrations, defaults.migrations);
    assert_int_equal(cfg.log_level, defaults.log_level);
    ippon_config_free(&cfg);
    ippon_config_free(&defaults);
}

static void missing_file(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512], path[160];
    snprintf(path, sizeof path, "%s/absent.json", tmpdir);
    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_int_equal(ippon_config_load(&cfg, path, err, sizeof err), -1);
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "No such file"));
    ippon_config_free(&cfg);
}

static void malformed_json(void **state)
{
    (void)state;
    expect_error("{\"port\": 8080,}", NULL, "invalid JSON");
    expect_error("{\"port\": 8080", NULL, "invalid JSON");
    expect_error("", NULL, "invalid JSON");
    expect_error("{\"port\": 8080,\n \"port\": 8081}", NULL, "duplicate");
    expect_error("[8080]", NULL, "must be a JSON object");
    expect_error("\"port\"", NULL, "invalid JSON");
}

static void malformed_json_says_where(void **state)
{
    (void)state;
    expect_error("{\n  \"port\": 8080\n  \"bind\": \"127.0.0.1\"\n}", NULL, "line 3");
}

static void unknown_key(void **state)
{
    (void)state;
    expect_error("{\"prot\": 8080}", "prot", "unknown key");
    expect_error("{\"port\": 8080, \"Port\": 8081}", "Port", "unknown key");
}

static void wrong_type(void **state)
{
    (void)state;
    expect_error("{\"port\": \"8080\"}", "port", "must be an integer 1..65535");
    expect_error("{\"port\": 8080.5}", "port", "must be an integer 1..65535");
    expect_error("{\"port\": null}", "port", "must be an integer 1..65535");
    expect_error("{\"bind\": 127}", "bind", "must be an IPv4 or IPv6 address");
    expect_error("{\"web_root\": [\"web\"]}", "web_root", "must be a non-empty string");
    expect_error("{\"database\": true}", "database", "must be a non-empty string");
    expect_error("{\"migrations\": {}}", "migrations", "must be a non-empty string");
    expect_error("{\"log_level\": 1}", "log_level", "must be one of");
}

static void bad_values(void **state)
{
    (void)state;
    expect_error("{\"port\": 0}", "port", "must be an integer 1..65535");
    expect_error("{\"port\": 65536}", "port", "must be an integer 1..65535");
    expect_error("{\"port\": -80}", "port", "must be an integer 1..65535");
    expect_error("{\"port\": 99999999999999}", "port", "must be an integer 1..65535");
    expect_error("{\"bind\": \"localhost\"}", "bind", "must be an IPv4 or IPv6 address");
    expect_error("{\"bind\": \"256.0.0.1\"}", "bind", "must be an IPv4 or IPv6 address");
    expect_error("{\"database\": \"\"}", "database", "must be a non-empty string");
    expect_error("{\"database\": \"a\\u0000b\"}", NULL, "invalid JSON"); /* NUL in a path */
    expect_error("{\"log_level\": \"loud\"}", "log_level",
                 "must be one of \"debug\", \"info\", \"warn\", \"error\"");
    expect_error("{\"log_level\": \"INFO\"}", "log_level", "must be one of");
    expect_error("{\"event_loop\": \"select\"}", "event_loop", "must be one of epoll|poll");
    expect_error("{\"event_loop\": \"epol\"}", "event_loop", "must be one of epoll|poll");
    expect_error("{\"event_loop\": \"epollx\"}", "event_loop", "must be one of epoll|poll");
    expect_error("{\"event_loop\": \"\"}", "event_loop", "must be one of epoll|poll");
    expect_error("{\"event_loop\": 1}", "event_loop", "must be one of epoll|poll");
}

/* the "cluster" section: its keys are "cluster.<key>"; absent, a single node */
static void cluster_section(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    assert_int_equal(load("{\"port\": 9001}", &cfg, err, sizeof err), 0);
    assert_string_equal(cfg.cluster_node, "");
    assert_string_equal(cfg.cluster_prefix, "ippon");
    assert_int_equal(cfg.cluster_lease_ms, 5000);
    ippon_config_free(&cfg);
    int rc = load("{\"cluster\": {\"node\": \"node-2_b\", \"redis\": \"10.0.0.5:6380\", \"prefix\": \"eu\","
                  " \"lease_ms\": 3000}}", &cfg, err, sizeof err);
    if (rc != 0)
        fail_msg("%s", err);
    assert_string_equal(cfg.cluster_node, "node-2_b");
    assert_string_equal(cfg.cluster_redis, "10.0.0.5:6380");
    assert_string_equal(cfg.cluster_prefix, "eu");
    assert_int_equal(cfg.cluster_lease_ms, 3000);
    ippon_config_free(&cfg);
    assert_int_equal(load("{\"cluster\": {\"node\": \"n\", \"redis\": \"[::1]:6379\"}}", &cfg, err, sizeof err), 0);
    ippon_config_free(&cfg);
    assert_int_equal(load("{\"cluster\": {\"node\": \"n\", \"redis\": \"redis.internal:6379\"}}", &cfg, err, sizeof err), 0);
    ippon_config_free(&cfg);
    expect_error("{\"cluster\": 1}", "cluster", "must be an object");
    expect_error("{\"cluster\": {\"nodes\": \"n1\"}}", "cluster.nodes", "unknown key");
    expect_error("{\"cluster\": {\"node\": \"n 1\"}}", "cluster.node", "must be a name");
    expect_error("{\"cluster\": {\"node\": \"n:1\"}}", "cluster.node", "must be a name");
    expect_error("{\"cluster\": {\"node\": \"abcdefghijklmnopqrstuvwxyz0123456\"}}", "cluster.node", "must be a name");
    expect_error("{\"cluster\": {\"redis\": \"localhost\"}}", "cluster.redis", "must be \"host:port\"");
    expect_error("{\"cluster\": {\"redis\": \"h:0\"}}", "cluster.redis", "must be \"host:port\"");
    expect_error("{\"cluster\": {\"redis\": \"h:65536\"}}", "cluster.redis", "must be \"host:port\"");
    expect_error("{\"cluster\": {\"redis\": \"h_x:1\"}}", "cluster.redis", "must be \"host:port\"");
    expect_error("{\"cluster\": {\"redis\": \"[nope]:1\"}}", "cluster.redis", "must be \"host:port\"");
    expect_error("{\"cluster\": {\"lease_ms\": 999}}", "cluster.lease_ms", "must be an integer 1000..600000");
}
/* cluster.redis as a redis:// URI, and Redis's password given once: in the URI or in a file */
static void cluster_redis_uri(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    const char *good[] = {"redis://10.0.0.5:6380", "redis://:pw@10.0.0.5:6380/2", "redis://ippon:p%40w@[::1]:6379",
                          "redis://ippon@redis.internal:6379"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char text[200];
        snprintf(text, sizeof text, "{\"cluster\": {\"node\": \"n\", \"redis\": \"%s\"}}", good[i]);
        if (load(text, &cfg, err, sizeof err) != 0)
            fail_msg("%s: %s", good[i], err);
        assert_string_equal(cfg.cluster_redis, good[i]);
        ippon_config_free(&cfg);
    }
    expect_error("{\"cluster\": {\"redis\": \"redis://u:p@h_x:1\"}}", "cluster.redis", "redis://[user[:password]@]");
    expect_error("{\"cluster\": {\"redis\": \"rediss://h:1\"}}", "cluster.redis", "must be \"host:port\"");
    expect_error("{\"cluster\": {\"redis\": \"redis://:pw@h:1/db\"}}", "cluster.redis", "must be \"host:port\"");
    expect_error("{\"cluster\": {\"redis_password_file\": 1}}", "cluster.redis_password_file", "must be a string");

    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_int_equal(ippon_config_set(&cfg, "web_root", tmpdir, "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_set(&cfg, "migrations", tmpdir, "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_set(&cfg, "cluster.node", "n1", "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_set(&cfg, "cluster.redis", "redis://:pw@h:1", "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_set(&cfg, "cluster.redis_password_file", "/etc/ippon/redis", "test", err,
                                      sizeof err), 0);
    assert_int_equal(ippon_config_check(&cfg, err, sizeof err), -1);
    assert_non_null(strstr(err, "key \"cluster.redis_password_file\": the password is in \"cluster.redis\" already"));
    assert_int_equal(ippon_config_set(&cfg, "cluster.redis", "redis://ippon@h:1", "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_check(&cfg, err, sizeof err), 0); /* the user's password in the file */
    assert_int_equal(ippon_config_set(&cfg, "cluster.redis_password_file", "", "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_check(&cfg, err, sizeof err), -1);
    assert_non_null(strstr(err, "key \"cluster.redis\": Redis user \"ippon\" needs a password"));
    ippon_config_free(&cfg);
}

static void first_error_wins_and_values_stay_valid(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    assert_int_equal(load("{\"port\": 9000, \"bind\": 1, \"nope\": 2}", &cfg, err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "key \"bind\""));
    assert_string_equal(cfg.bind, "127.0.0.1"); /* the bad value was not stored */
    ippon_config_free(&cfg);
}

static void overrides(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_int_equal(ippon_config_set(&cfg, "port", "9000", "--port", err, sizeof err), 0);
    assert_int_equal(cfg.port, 9000);
    assert_int_equal(ippon_config_set(&cfg, "database", "/tmp/x.db", "--db", err, sizeof err), 0);
    assert_string_equal(cfg.database, "/tmp/x.db");
    assert_int_equal(ippon_config_set(&cfg, "web_root", "www", "--web", err, sizeof err), 0);
    assert_string_equal(cfg.web_root, "www");

    const char *bad_ports[] = {"abc", "", " 9000", "9000x", "+9000", "0", "65536", "1e3"};
    for (size_t i = 0; i < sizeof bad_ports / sizeof bad_ports[0]; i++) {
        err[0] = '\0';
        assert_int_equal(ippon_config_set(&cfg, "port", bad_ports[i], "--port", err, sizeof err),
                         -1);
        assert_non_null(strstr(err, "--port"));
        assert_non_null(strstr(err, "key \"port\""));
        assert_non_null(strstr(err, "must be an integer 1..65535"));
    }
    assert_int_equal(cfg.port, 9000);

    assert_int_equal(ippon_config_set(&cfg, "db", "x", "--db", err, sizeof err), -1);
    assert_non_null(strstr(err, "unknown key"));
    assert_int_equal(ippon_config_set(&cfg, "web_root", "", "--web", err, sizeof err), -1);
    assert_non_null(strstr(err, "key \"web_root\""));
    ippon_config_free(&cfg);
}

/* ippon_config_load_text: the file's parser on text in memory (what fuzz_config drives) */
static void load_text(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    assert_int_equal(ippon_config_init(&cfg), 0);
    const char text[] = "{\"port\": 9001, \"log_level\": \"warn\"}trailing bytes not passed";
    size_t len = strlen("{\"port\": 9001, \"log_level\": \"warn\"}");
    assert_int_equal(ippon_config_load_text(&cfg, text, len, "inline", err, sizeof err), 0);
    assert_int_equal(cfg.port, 9001);
    assert_int_equal(cfg.log_level, IPPON_LOG_WARN);
    err[0] = '\0';
    assert_int_equal(ippon_config_load_text(&cfg, text, sizeof text - 1, "inline", err, sizeof err), -1);
    assert_non_null(strstr(err, "inline: line 1"));
    assert_non_null(strstr(err, "invalid JSON"));
    assert_int_equal(ippon_config_load_text(&cfg, "{\"port\": 0}", 11, "inline", err, sizeof err), -1);
    assert_string_equal(err, "inline: key \"port\": must be an integer 1..65535");
    assert_int_equal(cfg.port, 9001);
    ippon_config_free(&cfg);
}

/* a folder where the file should be: it cannot be read (the message says so) */
static void folder_is_not_a_file(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_int_equal(ippon_config_load(&cfg, tmpdir, err, sizeof err), -1);
    assert_non_null(strstr(err, tmpdir));
    assert_non_null(strstr(err, "cannot read"));
    ippon_config_free(&cfg);
}

/*
 * Found by fuzz_config: an option's text went in unchecked as UTF-8, so "--db" with a Latin-1
 * byte was stored although no file could hold it, and ippon_config_get_json then had no value
 * for a known key (NULL, which it only means for an unknown one). Options are now held to the
 * file's rule.
 */
static void option_must_be_utf8(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_int_equal(ippon_config_set(&cfg, "database", "data/\xff.db", "--db", err, sizeof err), -1);
    assert_string_equal(err, "--db: key \"database\": must be UTF-8 text");
    assert_string_equal(cfg.database, "data/ippon.db");
    assert_int_equal(ippon_config_set(&cfg, "port", "\xc3", "--port", err, sizeof err), -1);
    assert_int_equal(ippon_config_set(&cfg, "database", "data/\xc3\xa9t\xc3\xa9.db", "--db", err, sizeof err), 0);
    json_t *v = ippon_config_get_json(&cfg, "database");
    assert_non_null(v);
    assert_string_equal(json_string_value(v), "data/\xc3\xa9t\xc3\xa9.db");
    json_decref(v);
    ippon_config_free(&cfg);
}

static void identity_keys(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_true(cfg.session_days == 30.0);
    assert_true(cfg.guest_days == 365.0);
    assert_int_equal(cfg.pwhash_ops, 2);         /* crypto_pwhash_OPSLIMIT_INTERACTIVE */
    assert_int_equal(cfg.pwhash_mem_kib, 65536); /* crypto_pwhash_MEMLIMIT_INTERACTIVE */
    assert_int_equal(cfg.login_fails_per_account, 5);
    assert_int_equal(cfg.login_fails_per_address, 20);
    assert_int_equal(cfg.signups_per_address, 10);
    assert_int_equal(cfg.guests_per_address, 30);
    ippon_config_free(&cfg);

    int rc = load("{\"session_days\": 0.5, \"guest_days\": 7, \"pwhash_ops\": 1,"
                  " \"pwhash_mem_kib\": 8, \"login_fails_per_account\": 3,"
                  " \"login_fails_per_address\": 4, \"signups_per_address\": 5,"
                  " \"guests_per_address\": 6}",
                  &cfg, err, sizeof err);
    if (rc != 0)
        fail_msg("%s", err);
    assert_true(cfg.session_days == 0.5);
    assert_true(cfg.guest_days == 7.0);
    assert_int_equal(cfg.pwhash_ops, 1);
    assert_int_equal(cfg.pwhash_mem_kib, 8);
    assert_int_equal(cfg.login_fails_per_account, 3);
    assert_int_equal(cfg.login_fails_per_address, 4);
    assert_int_equal(cfg.signups_per_address, 5);
    assert_int_equal(cfg.guests_per_address, 6);
    ippon_config_free(&cfg);

    /* one second is the shortest session */
    assert_int_equal(load("{\"session_days\": 1.1574074074074073e-05}", &cfg, err, sizeof err), 0);
    ippon_config_free(&cfg);
    const char *bad_days[] = {"0", "-1", "3651", "1e-6", "\"30\"", "null", "true"};
    for (size_t i = 0; i < sizeof bad_days / sizeof bad_days[0]; i++) {
        char text[64];
        snprintf(text, sizeof text, "{\"guest_days\": %s}", bad_days[i]);
        expect_error(text, "guest_days", "must be a number of days from one second");
    }
    expect_error("{\"pwhash_ops\": 0}", "pwhash_ops", "must be an integer 1..1000");
    expect_error("{\"pwhash_ops\": 1001}", "pwhash_ops", "must be an integer 1..1000");
    expect_error("{\"pwhash_mem_kib\": 7}", "pwhash_mem_kib", "must be an integer 8..1048576");
    expect_error("{\"pwhash_mem_kib\": 1048577}", "pwhash_mem_kib", "must be an integer 8..1048576");
    expect_error("{\"login_fails_per_account\": 0}", "login_fails_per_account", "must be an integer 1..");
    expect_error("{\"login_fails_per_address\": 2.5}", "login_fails_per_address", "must be an integer");
    expect_error("{\"signups_per_address\": -1}", "signups_per_address", "must be an integer");
    expect_error("{\"guests_per_address\": \"many\"}", "guests_per_address", "must be an integer");

    /* from text, as an override would give them */
    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_int_equal(ippon_config_set(&cfg, "session_days", "0.25", "test", err, sizeof err), 0);
    assert_true(cfg.session_days == 0.25);
    assert_int_equal(ippon_config_set(&cfg, "session_days", "2", "test", err, sizeof err), 0);
    assert_true(cfg.session_days == 2.0);
    const char *bad_text[] = {"", "abc", "nan", "inf", "1e999", "0.5x", "0"};
    for (size_t i = 0; i < sizeof bad_text / sizeof bad_text[0]; i++) {
        err[0] = '\0';
        assert_int_equal(ippon_config_set(&cfg, "session_days", bad_text[i], "test", err, sizeof err), -1);
        assert_non_null(strstr(err, "key \"session_days\": must be a number of days"));
    }
    assert_true(cfg.session_days == 2.0);
    ippon_config_free(&cfg);
}

/* the connection keys: their defaults, and each refused out of its range with its name */
static void connection_keys(void **state)
{
    (void)state;
    ippon_config cfg;
    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_int_equal(cfg.http_idle_s, 30);
    assert_int_equal(cfg.max_http_conns_per_addr, 32);
    assert_int_equal(cfg.hello_timeout_s, 20);
    ippon_config_free(&cfg);
    char err[512];
    assert_int_equal(load("{\"http_idle_s\": 2, \"max_http_conns_per_addr\": 1, \"hello_timeout_s\": 3600}", &cfg,
                          err, sizeof err), 0);
    assert_int_equal(cfg.http_idle_s, 2);
    assert_int_equal(cfg.max_http_conns_per_addr, 1);
    assert_int_equal(cfg.hello_timeout_s, 3600);
    ippon_config_free(&cfg);
    expect_error("{\"http_idle_s\": 0}", "http_idle_s", "must be an integer 1..3600");
    expect_error("{\"http_idle_s\": 1.5}", "http_idle_s", "must be an integer 1..3600");
    expect_error("{\"max_http_conns_per_addr\": 0}", "max_http_conns_per_addr", "must be an integer 1..1000000");
    expect_error("{\"hello_timeout_s\": 3601}", "hello_timeout_s", "must be an integer 1..3600");
    expect_error("{\"hello_timeout_s\": \"20\"}", "hello_timeout_s", "must be an integer 1..3600");
    /* the login limits (login_limits.h) */
    expect_error("{\"login_fails_per_account_address\": 0}", "login_fails_per_account_address",
                 "must be an integer 1..1000000");
    expect_error("{\"login_delay_base_ms\": 0}", "login_delay_base_ms", "must be an integer 1..10000");
    expect_error("{\"login_delay_max_ms\": 60001}", "login_delay_max_ms", "must be an integer 1..60000");
}

/* allowed_origins: a JSON array of origins, kept in order and given back as one */
static void allowed_origins(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_string_equal(cfg.allowed_origins, "");
    json_t *list = ippon_config_get_json(&cfg, "allowed_origins");
    assert_true(json_is_array(list) && json_array_size(list) == 0);
    json_decref(list);
    ippon_config_free(&cfg);
    assert_int_equal(load("{\"allowed_origins\": [\"https://ippon.example\", \"http://127.0.0.1:8090\"]}", &cfg, err,
                          sizeof err), 0);
    assert_string_equal(cfg.allowed_origins, "https://ippon.example http://127.0.0.1:8090");
    list = ippon_config_get_json(&cfg, "allowed_origins");
    assert_int_equal(json_array_size(list), 2);
    assert_string_equal(json_string_value(json_array_get(list, 1)), "http://127.0.0.1:8090");
    json_decref(list);
    ippon_config_free(&cfg);
    expect_error("{\"allowed_origins\": \"https://ippon.example\"}", "allowed_origins", "must be an array");
    expect_error("{\"allowed_origins\": [\"https://ippon.example/\"]}", "allowed_origins", "entry 1: must be an origin");
    expect_error("{\"allowed_origins\": [\"https://a.example\", \"*\"]}", "allowed_origins", "entry 2: must be an origin");
    expect_error("{\"allowed_origins\": [\"https://a.example\", 7]}", "allowed_origins", "entry 2: must be an origin");
}

static void login_delays_in_order(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_int_equal(cfg.login_fails_per_account, 5);
    assert_int_equal(cfg.login_fails_per_account_address, 5);
    assert_int_equal(cfg.login_delay_base_ms, 250);
    assert_int_equal(cfg.login_delay_max_ms, 4000);
    assert_int_equal(ippon_config_set(&cfg, "web_root", tmpdir, "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_set(&cfg, "migrations", tmpdir, "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_set(&cfg, "login_delay_base_ms", "5000", "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_check(&cfg, err, sizeof err), -1);
    assert_non_null(strstr(err, "key \"login_delay_base_ms\": must not be more than \"login_delay_max_ms\""));
    assert_int_equal(ippon_config_set(&cfg, "login_delay_max_ms", "5000", "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_check(&cfg, err, sizeof err), 0);
    /* the queue's window starts no wider than its cap (defaults 100 and 400) */
    assert_true(cfg.queue_window_start == 100 && cfg.queue_window_growth == 10 && cfg.queue_window_cap == 400);
    assert_int_equal(ippon_config_set(&cfg, "queue_window_start", "401", "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_check(&cfg, err, sizeof err), -1);
    assert_non_null(strstr(err, "key \"queue_window_start\": must not be more than \"queue_window_cap\""));
    assert_int_equal(ippon_config_set(&cfg, "queue_window_cap", "401", "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_check(&cfg, err, sizeof err), 0);
    ippon_config_free(&cfg);
}

/* season_months: 1 by default; a divisor of 12, anything else refused by the check naming the key */
static void season_lengths(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_int_equal(cfg.season_months, 1);
    assert_int_equal(ippon_config_set(&cfg, "web_root", tmpdir, "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_set(&cfg, "migrations", tmpdir, "test", err, sizeof err), 0);
    for (int months = 1; months <= 12; months++) {
        char text[8];
        snprintf(text, sizeof text, "%d", months);
        assert_int_equal(ippon_config_set(&cfg, "season_months", text, "test", err, sizeof err), 0);
        bool divides = 12 % months == 0;
        assert_int_equal(ippon_config_check(&cfg, err, sizeof err), divides ? 0 : -1);
        if (!divides)
            assert_non_null(strstr(err, "key \"season_months\": must divide a year into whole seasons: 1, 2, 3, 4, 6 or 12"));
    }
    assert_int_not_equal(ippon_config_set(&cfg, "season_months", "13", "test", err, sizeof err), 0);
    assert_int_not_equal(ippon_config_set(&cfg, "season_months", "0", "test", err, sizeof err), 0);
    ippon_config_free(&cfg);
}

static void check_folders(void **state)
{
    (void)state;
    ippon_config cfg;
    char err[512];
    assert_int_equal(ippon_config_init(&cfg), 0);
    assert_int_equal(ippon_config_set(&cfg, "web_root", tmpdir, "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_set(&cfg, "migrations", tmpdir, "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_check(&cfg, err, sizeof err), 0);

    write_config("{}");
    assert_int_equal(ippon_config_set(&cfg, "migrations", cfg_path, "test", err, sizeof err), 0);
    assert_int_equal(ippon_config_check(&cfg, err, sizeof err), -1);
    assert_non_null(strstr(err, "key \"migrations\""));
    assert_non_null(strstr(err, "not a folder"));

    assert_int_equal(ippon_config_set(&cfg, "web_root", "/nonexistent/ippon-web", "test", err,
                                      sizeof err),
                     0);
    assert_int_equal(ippon_config_check(&cfg, err, sizeof err), -1);
    assert_non_null(strstr(err, "key \"web_root\""));
    assert_non_null(strstr(err, "/nonexistent/ippon-web"));
    ippon_config_free(&cfg);
}

int main(void)
{
    ippon_log_level_set(IPPON_LOG_ERROR);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(defaults),
        cmocka_unit_test_setup_teardown(cluster_section, setup, teardown),
        cmocka_unit_test_setup_teardown(cluster_redis_uri, setup, teardown),
        cmocka_unit_test_setup_teardown(good_file, setup, teardown),
        cmocka_unit_test_setup_teardown(partial_file_keeps_defaults, setup, teardown),
        cmocka_unit_test(repo_default_file),
        cmocka_unit_test_setup_teardown(missing_file, setup, teardown),
        cmocka_unit_test_setup_teardown(malformed_json, setup, teardown),
        cmocka_unit_test_setup_teardown(malformed_json_says_where, setup, teardown),
        cmocka_unit_test_setup_teardown(unknown_key, setup, teardown),
        cmocka_unit_test_setup_teardown(wrong_type, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_values, setup, teardown),
        cmocka_unit_test_setup_teardown(first_error_wins_and_values_stay_valid, setup,
                                        teardown),
        cmocka_unit_test(overrides),
        cmocka_unit_test(load_text),
        cmocka_unit_test_setup_teardown(folder_is_not_a_file, setup, teardown),
        cmocka_unit_test(option_must_be_utf8),
        cmocka_unit_test_setup_teardown(identity_keys, setup, teardown),
        cmocka_unit_test_setup_teardown(connection_keys, setup, teardown),
        cmocka_unit_test_setup_teardown(check_folders, setup, teardown),
        cmocka_unit_test_setup_teardown(login_delays_in_order, setup, teardown),
        cmocka_unit_test_setup_teardown(season_lengths, setup, teardown),
        cmocka_unit_test_setup_teardown(allowed_origins, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
