/*
 * test_tools_rules.c — the rule presets shipped in config/rules/ load, are checked key by key,
 * and agree with the core's built-in presets; broken presets are refused with the key and the
 * reason (among them what the fuzz target fuzz_rules_preset found: a noten pool that does not
 * split evenly).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "rules_json.h"

static void load_shipped(const char *name)
{
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/config/rules/%s.json", IPPON_TEST_SOURCE_DIR, name);
    ippon_rules loaded;
    assert_int_equal(ippon_rules_load(path, &loaded, err, sizeof err), 0);
    json_t *a = ippon_rules_to_json(&loaded), *b = ippon_rules_to_json(ippon_rules_preset(name));
    assert_true(json_equal(a, b));
    json_decref(a);
    json_decref(b);
}

static void shipped_presets_match_builtins(void **state)
{
    (void)state;
    load_shipped("yonma");
    load_shipped("sanma");
    load_shipped("tenhou4");
    load_shipped("tenhou3");
}

/* the yonma preset with one key changed (value == NULL removes it) */
static void expect_refused(const char *key, json_t *value, const char *want_in_error)
{
    json_t *obj = ippon_rules_to_json(ippon_rules_preset("yonma"));
    if (value)
        json_object_set_new(obj, key, value);
    else
        json_object_del(obj, key);
    ippon_rules r;
    char err[256] = "";
    assert_int_equal(ippon_rules_from_json(obj, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, key));
    assert_non_null(strstr(err, want_in_error));
    json_decref(obj);
}

static void bad_presets_are_refused_with_key_and_reason(void **state)
{
    (void)state;
    expect_refused("players", NULL, "missing");
    expect_refused("riichii", json_true(), "unknown key");
    expect_refused("kiriage", json_integer(1), "true or false");
    expect_refused("players", json_integer(5), "3..4");
    expect_refused("honba_ron", json_string("300"), "integer");
    expect_refused("karaten", json_string("all"), "own_all");
    expect_refused("red_fives", json_pack("[ii]", 1, 1), "[m, p, s]");
    expect_refused("name", json_string("Bad Name!"), "characters");
    expect_refused("kita", json_true(), "3-player");
}

static void three_player_rules_have_no_chi(void **state)
{
    (void)state;
    json_t *obj = ippon_rules_to_json(ippon_rules_preset("sanma"));
    json_object_set_new(obj, "chi", json_true());
    ippon_rules r;
    char err[256];
    assert_int_equal(ippon_rules_from_json(obj, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "chi"));
    json_decref(obj);
}

/*
 * Found by fuzz_rules_preset: a noten pool that does not split evenly among the tenpai and the
 * noten seats made points vanish at an exhaustive draw (4p, 3,200 among 3 tenpai: 1,066 each),
 * and the match's own check failed. The reader now asks for a multiple of 6 (4p) or 2 (3p).
 */
static void noten_pool_must_split_evenly(void **state)
{
    (void)state;
    expect_refused("noten_pool", json_integer(3200), "multiple of 6");
    expect_refused("noten_pool", json_integer(1), "multiple of 6");
    const int good4[] = {0, 6, 1200, 3000, 99996};
    for (size_t i = 0; i < sizeof good4 / sizeof good4[0]; i++) {
        json_t *obj = ippon_rules_to_json(ippon_rules_preset("yonma"));
        json_object_set_new(obj, "noten_pool", json_integer(good4[i]));
        ippon_rules r;
        char err[256] = "";
        assert_int_equal(ippon_rules_from_json(obj, &r, err, sizeof err), 0);
        json_decref(obj);
    }
    json_t *obj = ippon_rules_to_json(ippon_rules_preset("sanma"));
    json_object_set_new(obj, "noten_pool", json_integer(2001));
    ippon_rules r;
    char err[256] = "";
    assert_int_equal(ippon_rules_from_json(obj, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "noten_pool"));
    assert_non_null(strstr(err, "multiple of 2"));
    json_object_set_new(obj, "noten_pool", json_integer(2002));
    assert_int_equal(ippon_rules_from_json(obj, &r, err, sizeof err), 0);
    json_decref(obj);
}

static void unreadable_file_names_the_file(void **state)
{
    (void)state;
    char path[] = "/tmp/ippon-test-rules-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("{\"name\": \"yonma\",", f);
    fclose(f);
    ippon_rules r;
    char err[512];
    assert_int_equal(ippon_rules_load(path, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, path));
    remove(path);
    assert_int_equal(ippon_rules_load("/nonexistent/rules.json", &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "/nonexistent/rules.json"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shipped_presets_match_builtins),
        cmocka_unit_test(bad_presets_are_refused_with_key_and_reason),
        cmocka_unit_test(three_player_rules_have_no_chi),
        cmocka_unit_test(noten_pool_must_split_evenly),
        cmocka_unit_test(unreadable_file_names_the_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
