/*
 * test_server_config_docs.c — the one table of configuration keys, in src/server/README.md, says
 * what the key table of src/server/config.c says (listed by ippon_config_keys_json): every key of
 * the table is in it once, no row names a key that does not exist, each row's default is the
 * key's default (compared as JSON values: 30 and 30.0 are the same), and where the table has a
 * type column, an integer or number key's type names its kind and its range as min..max, and a
 * boolean's is `true`/`false`. And it is the only one: no other Markdown file of the tree has a
 * table of keys, so a second copy that could drift cannot come back (the other READMEs link to it).
 *
 * A table of keys is a Markdown table whose header row starts with "| key |" and has a "default"
 * column; elsewhere than src/server/README.md, also any table with three rows or more whose first
 * cell is a configuration key, whatever its header. Every problem found is listed in the
 * failure, with the file and line.
 */
#define _GNU_SOURCE /* nftw's FTW_ACTIONRETVAL: skip the build folders */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <ftw.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

#ifndef IPPON_TEST_SOURCE_DIR
#define IPPON_TEST_SOURCE_DIR "."
#endif

enum { MAX_CELLS = 8, MAX_LINE = 4096 };

/* what the tables got wrong, one line each */
static char problems[16384];

static void problem(const char *fmt, ...)
{
    size_t n = strlen(problems);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(problems + n, sizeof problems - n, fmt, ap);
    va_end(ap);
    n = strlen(problems);
    if (n + 1 < sizeof problems) {
        problems[n] = '\n';
        problems[n + 1] = '\0';
    }
}

/* splits a table row "| a | b | c |" into its trimmed cells (pointers into line); how many */
static int split_row(char *line, char *cells[MAX_CELLS])
{
    int n = 0;
    char *p = strchr(line, '|');
    while (p && n < MAX_CELLS) {
        char *start = p + 1, *end = strchr(start, '|');
        if (!end)
            break;
        *end = '\0';
        while (*start == ' ')
            start++;
        char *last = end;
        while (last > start && (last[-1] == ' ' || last[-1] == '\n'))
            last--;
        *last = '\0';
        cells[n++] = start;
        p = end;
    }
    return n;
}

/* a cell's text without the backticks around it: "`8080`" -> "8080" */
static const char *unquote(char *cell)
{
    size_t len = strlen(cell);
    if (len >= 2 && cell[0] == '`' && cell[len - 1] == '`') {
        cell[len - 1] = '\0';
        return cell + 1;
    }
    return cell;
}

/* the row of the key table for name, or NULL */
static json_t *key_row(json_t *keys, const char *name)
{
    size_t i;
    json_t *row;
    json_array_foreach(keys, i, row)
        if (!strcmp(json_string_value(json_object_get(row, "key")), name))
            return row;
    return NULL;
}

static bool same_value(const json_t *a, const json_t *b)
{
    if (json_is_number(a) && json_is_number(b))
        return json_number_value(a) == json_number_value(b);
    return json_equal(a, b);
}

/* the range as a README writes it: "1..65535", "0.001..100" */
static void range_text(const json_t *row, char *out, size_t outlen)
{
    const json_t *min = json_object_get(row, "min"), *max = json_object_get(row, "max");
    if (json_is_integer(min))
        snprintf(out, outlen, "%lld..%lld", (long long)json_integer_value(min), (long long)json_integer_value(max));
    else
        snprintf(out, outlen, "%g..%g", json_number_value(min), json_number_value(max));
}

/* the type cell of a key: its kind and range for integers and numbers, `true`/`false` for booleans */
static void check_type(const char *where, const json_t *row, const char *cell)
{
    const char *key = json_string_value(json_object_get(row, "key"));
    const char *type = json_string_value(json_object_get(row, "type"));
    char range[64];
    if (!strcmp(type, "integer") || !strcmp(type, "number")) {
        range_text(row, range, sizeof range);
        if (strncmp(cell, type, strlen(type)) != 0 || !strstr(cell, range))
            problem("%s: key \"%s\": the type says \"%s\", the key table: %s %s", where, key, cell, type, range);
    } else if (!strcmp(type, "boolean") && strcmp(cell, "`true`/`false`") != 0) {
        problem("%s: key \"%s\": the type says \"%s\", the key table: `true`/`false`", where, key, cell);
    }
}

/* every key of the key table is in seen (the keys of the table that starts at line table_line) */
static void check_all_seen(const char *relpath, int table_line, json_t *keys, json_t *seen)
{
    size_t i;
    json_t *k;
    json_array_foreach(keys, i, k)
        if (!json_object_get(seen, json_string_value(json_object_get(k, "key"))))
            problem("%s:%d: the table has no row for key \"%s\"", relpath, table_line,
                    json_string_value(json_object_get(k, "key")));
}

/* checks the tables of keys in one README; how many it has */
static int check_readme(const char *relpath, json_t *keys)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", IPPON_TEST_SOURCE_DIR, relpath);
    FILE *f = fopen(path, "r");
    if (!f) {
        problem("%s: cannot read", relpath);
        return 0;
    }
    char line[MAX_LINE], where[1100];
    int lineno = 0, tables = 0;
    int key_col = -1, type_col = -1, default_col = -1; /* >= 0 inside a table of keys */
    json_t *seen = json_object();
    int table_line = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *cells[MAX_CELLS];
        bool row = line[0] == '|';
        if (key_col >= 0 && !row) { /* the table ended */
            check_all_seen(relpath, table_line, keys, seen);
            json_object_clear(seen);
            key_col = -1;
        }
        if (!row)
            continue;
        int n = split_row(line, cells);
        if (key_col < 0) {
            if (n > 0 && !strcmp(cells[0], "key")) {
                int d = -1, t = -1;
                for (int i = 1; i < n; i++) {
                    if (!strcmp(cells[i], "default"))
                        d = i;
                    if (!strcmp(cells[i], "type"))
                        t = i;
                }
                if (d >= 0) {
                    key_col = 0;
                    default_col = d;
                    type_col = t;
                    table_line = lineno;
                    tables++;
                }
            }
            continue;
        }
        if (n > 0 && cells[0][0] == '-')
            continue; /* |---|---| */
        snprintf(where, sizeof where, "%s:%d", relpath, lineno);
        if (n <= default_col || n <= type_col) {
            problem("%s: a row with %d cells", where, n);
            continue;
        }
        const char *name = unquote(cells[key_col]);
        json_t *krow = key_row(keys, name);
        if (!krow) {
            problem("%s: key \"%s\" is not a configuration key", where, name);
            continue;
        }
        if (json_object_get(seen, name))
            problem("%s: key \"%s\" is listed twice", where, name);
        json_object_set_new(seen, name, json_true());
        const char *text = unquote(cells[default_col]);
        json_t *want = json_object_get(krow, "default");
        json_t *got = json_loads(text, JSON_DECODE_ANY, NULL);
        if (!got || !same_value(got, want)) {
            char *want_text = json_dumps(want, JSON_ENCODE_ANY);
            problem("%s: key \"%s\": the default says %s, the key table %s", where, name, text,
                    want_text ? want_text : "?");
            free(want_text);
        }
        json_decref(got);
        if (type_col >= 0)
            check_type(where, krow, cells[type_col]);
    }
    if (key_col >= 0) /* a table at the end of the file */
        check_all_seen(relpath, table_line, keys, seen);
    json_decref(seen);
    fclose(f);
    return tables;
}

/* the listing itself: every key once, each with a type and a default, a range where it has one */
static void keys_listed(void **state)
{
    (void)state;
    json_t *keys = ippon_config_keys_json();
    assert_non_null(keys);
    assert_true(json_array_size(keys) > 30);
    ippon_config cfg;
    assert_int_equal(ippon_config_init(&cfg), 0);
    size_t i;
    json_t *row;
    json_array_foreach(keys, i, row) {
        const char *name = json_string_value(json_object_get(row, "key"));
        const char *type = json_string_value(json_object_get(row, "type"));
        assert_non_null(name);
        assert_non_null(type);
        assert_ptr_equal(key_row(keys, name), row); /* once */
        json_t *value = ippon_config_get_json(&cfg, name);
        assert_non_null(value);
        assert_true(same_value(value, json_object_get(row, "default")));
        json_decref(value);
        bool ranged = !strcmp(type, "integer") || !strcmp(type, "number") || !strcmp(type, "days");
        assert_int_equal(json_object_get(row, "min") != NULL, ranged);
        assert_int_equal(json_object_get(row, "max") != NULL, ranged);
        if (ranged)
            assert_true(json_number_value(json_object_get(row, "min")) <=
                        json_number_value(json_object_get(row, "max")));
    }
    ippon_config_free(&cfg);
    json_decref(keys);
}

/* the file that holds the one table of configuration keys */
#define KEYS_README "src/server/README.md"

static void readme_matches_the_key_table(void **state)
{
    (void)state;
    json_t *keys = ippon_config_keys_json();
    assert_non_null(keys);
    problems[0] = '\0';
    int tables = check_readme(KEYS_README, keys);
    if (tables != 1)
        problem("%s: %d tables of configuration keys (a header \"| key | ... | default | ... |\"); it has the one", KEYS_README,
                tables);
    json_decref(keys);
    if (problems[0])
        fail_msg("the table of configuration keys disagrees with src/server/config.c:\n%s", problems);
}

/*
 * A table of configuration keys in a Markdown file other than KEYS_README: a header "| key |"
 * with a "default" column, or three rows or more whose first cell names a key. Each is a problem.
 */
static json_t *scan_keys;
static void check_no_key_table(const char *relpath)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", IPPON_TEST_SOURCE_DIR, relpath);
    FILE *f = fopen(path, "r");
    if (!f) {
        problem("%s: cannot read", relpath);
        return;
    }
    char line[MAX_LINE];
    int lineno = 0, table_line = 0, key_rows = 0;
    bool reported = false;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] != '|') {
            table_line = key_rows = 0;
            reported = false;
            continue;
        }
        if (!table_line)
            table_line = lineno;
        char *cells[MAX_CELLS];
        int n = split_row(line, cells);
        bool header = lineno == table_line && n > 0 && !strcmp(cells[0], "key");
        for (int i = 1; header && i < n; i++)
            if (!strcmp(cells[i], "default") && !reported) {
                problem("%s:%d: a table of configuration keys; the one table is %s's: link to it", relpath, lineno, KEYS_README);
                reported = true;
            }
        if (n > 0 && key_row(scan_keys, unquote(cells[0])) && ++key_rows == 3 && !reported) {
            problem("%s:%d: a table of configuration keys; the one table is %s's: link to it", relpath, table_line, KEYS_README);
            reported = true;
        }
    }
    fclose(f);
}

/* nftw's visit: every .md file outside build folders, node_modules and hidden folders */
static int visit(const char *path, const struct stat *st, int kind, struct FTW *ftw)
{
    (void)st;
    const char *name = path + ftw->base;
    if (kind == FTW_D && ftw->level > 0 &&
        (name[0] == '.' || !strcmp(name, "node_modules") || (ftw->level == 1 && !strcmp(name, "build"))))
        return FTW_SKIP_SUBTREE;
    size_t len = strlen(name);
    if (kind != FTW_F || len < 3 || strcmp(name + len - 3, ".md") != 0)
        return FTW_CONTINUE;
    const char *rel = path + strlen(IPPON_TEST_SOURCE_DIR) + 1;
    if (strcmp(rel, KEYS_README) != 0)
        check_no_key_table(rel);
    return FTW_CONTINUE;
}

static void no_second_key_table(void **state)
{
    (void)state;
    scan_keys = ippon_config_keys_json();
    assert_non_null(scan_keys);
    problems[0] = '\0';
    assert_int_equal(nftw(IPPON_TEST_SOURCE_DIR, visit, 16, FTW_PHYS | FTW_ACTIONRETVAL), 0);
    json_decref(scan_keys);
    scan_keys = NULL;
    if (problems[0])
        fail_msg("a second table of configuration keys:\n%s", problems);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_listed),
        cmocka_unit_test(readme_matches_the_key_table),
        cmocka_unit_test(no_second_key_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
