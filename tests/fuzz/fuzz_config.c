/*
 * fuzz_config.c — libFuzzer target for the server's configuration (src/server/config.h).
 *
 * What it feeds: the input bytes as the text of config/ippon.json (ippon_config_load_text, the
 * parser ippon_config_load runs on the file's contents); the same bytes, cut at the first NUL,
 * as the value of every key given on the command line (ippon_config_set, "--port TEXT"); and,
 * when the input is a JSON object, each of its members through ippon_config_set_json (the
 * checker the admin area's live settings use, admin_settings.c).
 *
 * What it checks: the loader returns 0 or -1, and -1 comes with a message that names the file;
 * whatever happened, every key still holds a value its own checker accepts; a file that loads
 * survives a round trip (every key written out as JSON and loaded into a fresh configuration
 * gives the same values) and each of its members passes ippon_config_set_json alone; a value
 * accepted from the command line is valid too. The settings built over an accepted
 * configuration (ippon_settings_new, ippon_settings_json) are made and freed. A violation calls
 * abort(); crashes, leaks and undefined behaviour are caught by the sanitizers.
 * Run by ctest (label fuzz) for 20 s on the seeds in corpus/fuzz_config/.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "admin/admin_settings.h"
#include "config.h"
#include "base/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_KEYS = 128 };

static char *key_names[MAX_KEYS];
static int n_keys;

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_config: %s\n%s\n", what, detail ? detail : "");
    abort();
}

/*
 * The configuration's keys, as config.c itself lists them in its "unknown key" message, so a
 * key added there is fuzzed here without a change.
 */
static void learn_keys(void)
{
    ippon_config cfg;
    char err[4096];
    static const char probe[] = "{\"\\u0001\": 0}";
    if (ippon_config_init(&cfg) != 0)
        fail("ippon_config_init failed", NULL);
    if (ippon_config_load_text(&cfg, probe, strlen(probe), "probe", err, sizeof err) == 0)
        fail("an unknown key was accepted", probe);
    const char *list = strstr(err, "(known keys: ");
    if (!list)
        fail("the unknown-key message does not list the keys", err);
    list += strlen("(known keys: ");
    while (*list && *list != ')' && n_keys < MAX_KEYS) {
        size_t n = strcspn(list, ",)");
        key_names[n_keys] = strndup(list, n);
        json_t *v = ippon_config_get_json(&cfg, key_names[n_keys]);
        if (v) /* a name cut short by the message's own limit is not a key: skip it */
            n_keys++;
        else
            free(key_names[n_keys]);
        json_decref(v);
        list += n;
        while (*list == ',' || *list == ' ')
            list++;
    }
    if (n_keys < 30)
        fail("fewer than 30 keys found in the unknown-key message", err);
    ippon_config_free(&cfg);
}

/* every key of cfg holds a value that its own checker accepts */
static void check_valid(const ippon_config *cfg, const char *input)
{
    ippon_config fresh;
    if (ippon_config_init(&fresh) != 0)
        fail("ippon_config_init failed", NULL);
    for (int i = 0; i < n_keys; i++) {
        char problem[256];
        json_t *v = ippon_config_get_json(cfg, key_names[i]);
        if (!v)
            fail("a known key has no value", key_names[i]);
        if (ippon_config_set_json(&fresh, key_names[i], v, problem, sizeof problem) != 0) {
            char *text = json_dumps(v, JSON_ENCODE_ANY);
            fprintf(stderr, "key %s = %s: %s\n", key_names[i], text ? text : "?", problem);
            free(text);
            fail("a key holds a value its checker refuses", input);
        }
        json_decref(v);
    }
    ippon_config_free(&fresh);
}

/* every key of cfg as one JSON object (new reference) */
static json_t *dump(const ippon_config *cfg)
{
    json_t *all = json_object();
    for (int i = 0; i < n_keys; i++)
        json_object_set_new(all, key_names[i], ippon_config_get_json(cfg, key_names[i]));
    return all;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!n_keys) {
        ippon_log_level_set((ippon_log_level)(IPPON_LOG_ERROR + 1)); /* quiet: nothing to log here */
        learn_keys();
    }
    const char *text = (const char *)data;
    char err[2048];

    /* 1. the file's text */
    ippon_config cfg;
    if (ippon_config_init(&cfg) != 0)
        fail("ippon_config_init failed", NULL);
    err[0] = '\0';
    int rc = ippon_config_load_text(&cfg, text, size, "fuzz.json", err, sizeof err);
    if (rc != 0 && rc != -1)
        fail("ippon_config_load_text returned neither 0 nor -1", err);
    if (rc == -1 && strncmp(err, "fuzz.json: ", 11) != 0)
        fail("an error that does not name the file", err);
    check_valid(&cfg, err);

    json_t *root = json_loadb(text, size, JSON_REJECT_DUPLICATES, NULL);
    if (rc == 0) {
        /* written out and read back: the same values */
        json_t *all = dump(&cfg);
        char *again = json_dumps(all, JSON_COMPACT);
        ippon_config back;
        if (!again || ippon_config_init(&back) != 0)
            fail("out of memory", NULL);
        if (ippon_config_load_text(&back, again, strlen(again), "again.json", err, sizeof err) != 0)
            fail("a configuration written out does not load again", err);
        json_t *all_back = dump(&back);
        if (!json_equal(all, all_back))
            fail("the round trip changed a value", again);
        json_decref(all_back);
        ippon_config_free(&back);
        free(again);
        json_decref(all);

        /* each member alone passes the live settings' checker */
        if (!json_is_object(root))
            fail("the loader accepted something that is not a JSON object", NULL);
        const char *key;
        json_t *value;
        json_object_foreach(root, key, value) {
            ippon_config one;
            char problem[256];
            if (ippon_config_init(&one) != 0)
                fail("out of memory", NULL);
            if (ippon_config_set_json(&one, key, value, problem, sizeof problem) != 0)
                fail("a member of a loaded file is refused alone", problem);
            ippon_config_free(&one);
        }

        ippon_settings *s = ippon_settings_new(&cfg);
        if (!s)
            fail("ippon_settings_new failed", NULL);
        json_decref(ippon_settings_json(s));
        ippon_settings_free(s);
    } else if (json_is_object(root)) {
        /* the members one by one: each is either taken and valid, or refused with a reason */
        const char *key;
        json_t *value;
        json_object_foreach(root, key, value) {
            ippon_config one;
            char problem[256];
            if (ippon_config_init(&one) != 0)
                fail("out of memory", NULL);
            problem[0] = '\0';
            if (ippon_config_set_json(&one, key, value, problem, sizeof problem) != 0 && !problem[0])
                fail("ippon_config_set_json refused a value without a reason", key);
            check_valid(&one, key);
            ippon_config_free(&one);
        }
    }
    json_decref(root);
    ippon_config_free(&cfg);

    /* 2. the text as every key's command-line value */
    char *value = strndup(text, size);
    if (!value)
        return 0;
    ippon_config cli;
    if (ippon_config_init(&cli) != 0)
        fail("ippon_config_init failed", NULL);
    for (int i = 0; i < n_keys; i++) {
        err[0] = '\0';
        int r = ippon_config_set(&cli, key_names[i], value, "--fuzz", err, sizeof err);
        if (r != 0 && strncmp(err, "--fuzz: key \"", 13) != 0)
            fail("a refused option without a message naming it", err);
    }
    check_valid(&cli, value);
    ippon_config_free(&cli);
    free(value);
    return 0;
}
