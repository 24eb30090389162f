/*
 * rest_fields.c — a REST request body's fields checked one by one, every problem collected
 * and named in one 400 reply (rest_fields.h).
 */
#include "api/rest_fields.h"

#include <stdio.h>
#include <string.h>

void ippon_rest_fields_problem(ippon_rest_fields *f, const char *name, const char *text)
{
    if (!json_object_get(f->problems, name))
        json_object_set_new(f->problems, name, json_string(text));
}

int ippon_rest_fields_begin(ippon_rest_fields *f, const ippon_rest_request *req, ippon_rest_response *res,
                            int empty_ok, const char *const *known, const char *list)
{
    f->problems = NULL;
    f->body = ippon_rest_body_object(req, res, empty_ok);
    if (!f->body)
        return -1;
    f->problems = json_object();
    if (!f->problems) {
        json_decref(f->body);
        f->body = NULL;
        ippon_rest_reply_error(res, 500, "internal", "out of memory");
        return -1;
    }
    const char *key;
    json_t *value;
    json_object_foreach(f->body, key, value) {
        int found = 0;
        for (const char *const *k = known; *k && !found; k++)
            found = strcmp(*k, key) == 0;
        if (!found) {
            char text[200];
            snprintf(text, sizeof text, "unknown field (this route takes %s)", list);
            ippon_rest_fields_problem(f, key, text);
        }
    }
    return 0;
}

const char *ippon_rest_fields_string(ippon_rest_fields *f, const char *name, int required, size_t *len)
{
    json_t *v = json_object_get(f->body, name);
    *len = 0;
    if (!v || json_is_null(v)) {
        if (required)
            ippon_rest_fields_problem(f, name, v ? "must be a string, not null" : "missing");
        return NULL;
    }
    if (!json_is_string(v)) {
        ippon_rest_fields_problem(f, name, "must be a string");
        return NULL;
    }
    *len = json_string_length(v);
    return json_string_value(v);
}

const char *ippon_rest_fields_checked(ippon_rest_fields *f, const char *name, int required,
                                      ippon_rest_field_rule rule)
{
    size_t len;
    const char *text = ippon_rest_fields_string(f, name, required, &len);
    char why[256];
    if (text && rule(text, len, why, sizeof why) != 0) {
        ippon_rest_fields_problem(f, name, why);
        return NULL;
    }
    return text;
}

const char *ippon_rest_fields_text(ippon_rest_fields *f, const char *name, int required, size_t max_chars)
{
    size_t len;
    const char *s = ippon_rest_fields_string(f, name, required, &len);
    if (!s)
        return NULL;
    size_t chars = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7F) {
            ippon_rest_fields_problem(f, name, "must not contain control characters (line breaks included)");
            return NULL;
        }
        chars += (c & 0xC0) != 0x80; /* jansson's strings are valid UTF-8: count the lead bytes */
    }
    if (chars > max_chars || len > 4 * max_chars) {
        char why[64];
        snprintf(why, sizeof why, "at most %zu characters", max_chars);
        ippon_rest_fields_problem(f, name, why);
        return NULL;
    }
    return s;
}

long long ippon_rest_fields_int(ippon_rest_fields *f, const char *name, int required, long long min, long long max,
                                long long def)
{
    json_t *v = json_object_get(f->body, name);
    if (!v) {
        if (required)
            ippon_rest_fields_problem(f, name, "missing");
        return def;
    }
    if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max) {
        char why[96];
        snprintf(why, sizeof why, "an integer %lld..%lld", min, max);
        ippon_rest_fields_problem(f, name, why);
        return def;
    }
    return json_integer_value(v);
}

int ippon_rest_fields_bool(ippon_rest_fields *f, const char *name, int def)
{
    json_t *v = json_object_get(f->body, name);
    if (!v)
        return def;
    if (!json_is_boolean(v)) {
        ippon_rest_fields_problem(f, name, "must be true or false");
        return def;
    }
    return json_is_true(v) ? 1 : 0;
}

int ippon_rest_fields_choice(ippon_rest_fields *f, const char *name, int required, const char *const *choices,
                             int def)
{
    size_t len;
    const char *s = ippon_rest_fields_string(f, name, required, &len);
    if (!s)
        return def;
    for (int i = 0; choices[i]; i++)
        if (strcmp(choices[i], s) == 0)
            return i;
    char why[160] = "one of ";
    for (int i = 0; choices[i]; i++) {
        size_t n = strlen(why);
        snprintf(why + n, sizeof why - n, "%s%s", i ? ", " : "", choices[i]);
    }
    ippon_rest_fields_problem(f, name, why);
    return def;
}

int ippon_rest_fields_reply(ippon_rest_fields *f, ippon_rest_response *res)
{
    if (json_object_size(f->problems) == 0)
        return 0;
    char message[1024];
    size_t n = 0;
    const char *key;
    json_t *value;
    message[0] = '\0';
    json_object_foreach(f->problems, key, value) {
        int m = snprintf(message + n, sizeof message - n, "%s%s: %s", n ? "; " : "", key, json_string_value(value));
        if (m < 0 || (size_t)m >= sizeof message - n)
            break;
        n += (size_t)m;
    }
    ippon_rest_reply_error_fields(res, 400, "bad_request", json_incref(f->problems), "%s", message);
    return -1;
}

void ippon_rest_fields_end(ippon_rest_fields *f)
{
    json_decref(f->problems);
    json_decref(f->body);
}
