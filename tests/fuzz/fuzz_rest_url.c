/*
 * fuzz_rest_url.c — libFuzzer target for the reading of an HTTP request by the REST API: the
 * transport's checks of the decoded path and query text (uri_check.c), route matching and the
 * "{id}" segment (rest.c), the query parameters (ippon_rest_query and every handler's own
 * checks: mode, period, page, limit, format, q, banned, action...), the bearer token
 * (ippon_rest_bearer), Content-Type (ippon_rest_json_content_type), If-None-Match lists (rest.c's
 * ETag matching), request bodies (rest_fields.c and the handlers), and the client's address
 * through a trusted proxy's X-Forwarded-For (client_addr.c, ippon_client_address_from).
 *
 * What it feeds: one request, as libwebsockets hands it to http.c — percent-decoding and the
 * split of the query at '&' are libwebsockets' own (lws_hdr_copy_fragment), so the path and
 * the arguments arrive decoded, as arbitrary bytes. The input is lines:
 *
 *     METHOD /path                (the first line; a line without a space is a GET of that path)
 *     ?name=value                 one query argument
 *     A:Bearer @G                 Authorization ("@G" "@H" "@A" "@B": the tokens of a guest,
 *                                 another guest, an administrator and a banned guest)
 *     I:"etag", W/"x"             If-None-Match
 *     T:application/json          Content-Type
 *     F:198.51.100.1, 10.0.0.1    X-Forwarded-For
 *     P:127.0.0.1                 the TCP peer (default 203.0.113.9; 127.0.0.1 is the trusted proxy)
 *                                 an empty line, then the body (the rest of the input)
 *
 * As http.c does, a path or a parameter that uri_check.h refuses (or a path over 1,024 bytes,
 * a parameter over 2,048, a 33rd parameter) is answered by the transport with a 400 and never
 * reaches the REST layer; anything else goes to ippon_rest_handle on a whole server without a
 * network (fuzz_server.h: an in-memory database, identities, settings, metrics, a gateway).
 *
 * What it checks: uri_check.h agrees with plain readings of its rules (RFC 3629 UTF-8 decoded
 * the long way, no control characters, '/' first, no ".." segment); every request gets a reply
 * at once (no deferral: the fuzz transport cannot wait), with a status 200..599 and a body of
 * body_len bytes; a JSON reply parses and is an object, and every 4xx/5xx is
 * {"error":{"code","message"}} (the health report excepted: its 503 is the report) and never
 * says "out of memory" (nothing here runs out: such a reply is one that could not be made); a
 * 405 lists the methods allowed; a 304 has an empty body and a tag. ippon_rest_query agrees with
 * a plain reading of the arguments (the first "name" or "name=..." wins); ippon_rest_bearer's
 * token lies inside the header, is not empty and has no blanks around it; a Content-Type taken
 * as JSON is application/json with at most charset=utf-8; the client address is the peer, or —
 * only when the peer is the trusted proxy — the last X-Forwarded-For address, an IP literal. A
 * violation calls abort(); crashes, leaks and undefined behaviour are caught by the sanitizers.
 *
 * Writes are refused (no store writer, fuzz_server.h), and the whole server is made afresh every
 * 1,000 inputs anyway (the rate limiters keep what they counted).
 * Run by ctest (label fuzz) for 20 s on the seeds in corpus/fuzz_rest_url/.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "net/client_addr.h"
#include "fuzz_server.h"
#include "api/rest.h"
#include "net/uri_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_ARGS = 32, MAX_ARG = 2048, MAX_PATH = 1024, MAX_HEADER = 1024, RESET_EVERY = 1000 };

#define TRUSTED_PROXY "127.0.0.1"

static fuzz_server server;
static long inputs;

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_rest_url: %s\n%s\n", what, detail ? detail : "");
    abort();
}

static ippon_http_method method_of(const char *name, size_t len)
{
    static const ippon_http_method all[] = {
        IPPON_HTTP_GET,   IPPON_HTTP_HEAD,   IPPON_HTTP_POST,    IPPON_HTTP_PUT,
        IPPON_HTTP_PATCH, IPPON_HTTP_DELETE, IPPON_HTTP_OPTIONS,
    };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        const char *n = ippon_http_method_name(all[i]);
        if (strlen(n) == len && !memcmp(n, name, len))
            return all[i];
    }
    return IPPON_HTTP_OTHER;
}

/* a copy of len bytes as a C string (cut at a NUL, as a C string would be) */
static char *copy(const char *s, size_t len)
{
    char *c = strndup(s, len);
    if (!c)
        fail("out of memory", NULL);
    return c;
}

static int is_ip(const char *s)
{
    unsigned char buf[16];
    return inet_pton(AF_INET, s, buf) == 1 || inet_pton(AF_INET6, s, buf) == 1;
}

/* ---- uri_check.h against plain readings of its rules ---- */

/* RFC 3629 well-formed UTF-8, decoded the long way: code points, then the forbidden ones */
static int reference_utf8(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned c = s[i], cp, min;
        size_t more;
        if (c < 0x80) {
            i++;
            continue;
        }
        if ((c & 0xE0) == 0xC0)
            more = 1, cp = c & 0x1F, min = 0x80;
        else if ((c & 0xF0) == 0xE0)
            more = 2, cp = c & 0x0F, min = 0x800;
        else if ((c & 0xF8) == 0xF0)
            more = 3, cp = c & 0x07, min = 0x10000;
        else
            return 0;
        for (size_t k = 1; k <= more; k++) {
            if (i + k >= n || (s[i + k] & 0xC0) != 0x80)
                return 0;
            cp = cp << 6 | (s[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
        i += more + 1;
    }
    return 1;
}

static int reference_text_ok(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)text[i] < 0x20 || text[i] == 0x7F)
            return 0;
    return reference_utf8((const unsigned char *)text, len);
}

static void check_uri_text(const char *text, size_t len)
{
    if (ippon_utf8_valid(text, len) != reference_utf8((const unsigned char *)text, len))
        fail("ippon_utf8_valid disagrees with RFC 3629", NULL);
}

/* ippon_text_problem, checked: NULL exactly for UTF-8 text without control characters */
static const char *check_text(const char *text, size_t len)
{
    const char *problem = ippon_text_problem(text, len);
    if ((problem == NULL) != reference_text_ok(text, len))
        fail("ippon_text_problem disagrees with its rules", problem ? problem : "(accepted)");
    return problem;
}

/* ippon_path_problem, checked: NULL exactly for "/" + acceptable text without a ".." segment */
static const char *check_path(const char *path, size_t len)
{
    const char *problem = ippon_path_problem(path, len);
    int ok = len > 0 && path[0] == '/' && reference_text_ok(path, len);
    for (size_t i = 0; ok && i + 2 < len; i++) /* "/.." followed by '/' or the end */
        if (path[i] == '/' && path[i + 1] == '.' && path[i + 2] == '.' && (i + 3 == len || path[i + 3] == '/'))
            ok = 0;
    if ((problem == NULL) != ok)
        fail("ippon_path_problem disagrees with its rules", problem ? problem : "(accepted)");
    return problem;
}

/* ippon_rest_json_content_type: what it takes is application/json, maybe with charset=utf-8 */
static void check_content_type(const char *value)
{
    if (!value || !ippon_rest_json_content_type(value))
        return;
    char plain[MAX_HEADER + 1];
    size_t n = 0;
    for (const char *c = value; *c && n < MAX_HEADER; c++)
        if (*c != ' ' && *c != '\t')
            plain[n++] = (char)tolower((unsigned char)*c);
    plain[n] = '\0';
    if (strcmp(plain, "application/json") != 0 && strcmp(plain, "application/json;charset=utf-8") != 0 &&
        strcmp(plain, "application/json;charset=\"utf-8\"") != 0)
        fail("a Content-Type taken as JSON that is not application/json", value);
}

/* ippon_rest_query against a plain reading of the arguments */
static void check_query(const ippon_rest_request *req)
{
    for (size_t i = 0; i < req->arg_count; i++) {
        size_t name_len = strcspn(req->args[i], "=");
        char name[MAX_ARG + 1];
        memcpy(name, req->args[i], name_len);
        name[name_len] = '\0';
        const char *want = NULL;
        for (size_t j = 0; j < req->arg_count && !want; j++)
            if (!strncmp(req->args[j], name, name_len) && (req->args[j][name_len] == '=' || !req->args[j][name_len]))
                want = req->args[j][name_len] ? req->args[j] + name_len + 1 : "";
        char out[MAX_ARG + 1];
        int n = ippon_rest_query(req, name, out, sizeof out);
        if (!want || n != (int)strlen(want) || strcmp(out, want) != 0)
            fail("ippon_rest_query disagrees with the arguments", req->args[i]);
        if (strlen(want) > 0 && ippon_rest_query(req, name, out, strlen(want)) != -1)
            fail("ippon_rest_query wrote a value longer than its buffer", req->args[i]);
    }
}

static void check_bearer(const ippon_rest_request *req)
{
    const char *token = NULL;
    size_t len = 0;
    if (!ippon_rest_bearer(req, &token, &len))
        return;
    const char *h = req->authorization;
    if (!h || token < h || token + len > h + strlen(h) || len == 0)
        fail("the bearer token is not inside the header", h);
    if (token[0] == ' ' || token[0] == '\t' || token[len - 1] == ' ' || token[len - 1] == '\t')
        fail("the bearer token has blanks around it", h);
}

/* is peer the trusted proxy (127.0.0.1), written as IPv4 or as an IPv4-mapped IPv6 address? */
static int is_proxy(const char *peer)
{
    unsigned char a[16];
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    if (inet_pton(AF_INET, peer, a) == 1)
        return a[0] == 127 && a[1] == 0 && a[2] == 0 && a[3] == 1;
    return inet_pton(AF_INET6, peer, a) == 1 && !memcmp(a, mapped, 12) && a[12] == 127 && a[13] == 0 &&
           a[14] == 0 && a[15] == 1;
}

static void check_address(const char *peer, const char *forwarded, const char *address)
{
    if (!strcmp(address, peer))
        return;
    if (!is_proxy(peer) || !forwarded)
        fail("an address other than the peer's without the trusted proxy", address);
    if (!is_ip(address))
        fail("a forwarded address that is not an IP literal", address);
    const char *last = strrchr(forwarded, ',');
    if (!strstr(last ? last : forwarded, address))
        fail("a forwarded address that is not the last one", forwarded);
}

static void check_response(const ippon_rest_request *req, const ippon_rest_response *res)
{
    if (res->deferred)
        fail("a reply deferred although the request cannot wait", req->path);
    if (!res->body)
        fail("a reply without a body", req->path);
    if (res->status < 200 || res->status > 599)
        fail("a status out of range", req->path);
    if (res->status == 304) {
        if (res->body_len != 0 || !res->etag[0])
            fail("a 304 with a body or without a tag", req->path);
        return;
    }
    if (res->content_type)
        return; /* text (metrics) or a download (mjai lines) */
    if (strlen(res->body) != res->body_len)
        fail("a JSON reply whose length is not body_len", req->path);
    json_error_t jerr;
    json_t *json = json_loadb(res->body, res->body_len, JSON_REJECT_DUPLICATES, &jerr);
    if (!json_is_object(json))
        fail("a JSON reply that is not an object", res->body);
    if (res->status >= 400 && !strcmp(req->path, "/api/health") && !json_object_get(json, "error")) {
        /* the health report is its own answer, 503 included (health.c) */
        if (!json_is_string(json_object_get(json, "status")))
            fail("a health report without a status", res->body);
    } else if (res->status >= 400) {
        const json_t *error = json_object_get(json, "error");
        const char *code = json_string_value(json_object_get(error, "code"));
        const char *message = json_string_value(json_object_get(error, "message"));
        if (!code || !*code || !message)
            fail("an error reply without its code and message", res->body);
        if (!strcmp(code, "internal") && !strcmp(message, "out of memory"))
            fail("an \"out of memory\" reply (nothing here runs out of memory: a reply that could not be made)",
                 res->body);
        if (res->status == 405 && (!res->allow[0] || strstr(res->allow, ippon_http_method_name(req->method))))
            fail("a 405 whose Allow list is empty or allows the method", res->allow);
    }
    json_decref(json);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (inputs++ % RESET_EVERY == 0) {
        if (inputs > 1)
            fuzz_server_close(&server);
        fuzz_server_quiet();
        fuzz_server_open(&server, NULL);
    }
    const char *p = (const char *)data, *end = p + size;
    check_uri_text((const char *)data, size);

    /* the request line */
    const char *eol = memchr(p, '\n', size);
    size_t line_len = eol ? (size_t)(eol - p) : size;
    const char *space = memchr(p, ' ', line_len);
    ippon_http_method method = space ? method_of(p, (size_t)(space - p)) : IPPON_HTTP_GET;
    const char *path_start = space ? space + 1 : p;
    size_t path_len = line_len - (size_t)(path_start - p);
    /* http.c (http_admit.c) answers 400 itself for a path it cannot use: the REST layer never sees it */
    int refused = path_len > MAX_PATH || check_path(path_start, path_len) != NULL;
    char *path = copy(path_start, path_len);
    p = eol ? eol + 1 : end;

    char *args[MAX_ARGS];
    size_t arg_count = 0;
    char *authorization = NULL, *if_none_match = NULL, *forwarded = NULL, *content_type = NULL;
    char peer[64] = "203.0.113.9";
    while (p < end && *p != '\n') {
        eol = memchr(p, '\n', (size_t)(end - p));
        line_len = eol ? (size_t)(eol - p) : (size_t)(end - p);
        if (line_len >= 1 && p[0] == '?') {
            /* http.c answers 400 for a 33rd parameter, one too long, or one that is not text */
            if (arg_count == MAX_ARGS || line_len - 1 > MAX_ARG || check_text(p + 1, line_len - 1) != NULL)
                refused = 1;
            else
                args[arg_count++] = copy(p + 1, line_len - 1);
        } else if (line_len >= 2 && p[1] == ':') {
            size_t n;
            char *value = fuzz_server_expand(&server, p + 2, line_len - 2, &n);
            if (!value)
                fail("out of memory", NULL);
            char **slot = p[0] == 'A'   ? &authorization
                          : p[0] == 'I' ? &if_none_match
                          : p[0] == 'F' ? &forwarded
                          : p[0] == 'T' ? &content_type
                                        : NULL;
            if (slot && !*slot && strlen(value) > 0 && strlen(value) <= MAX_HEADER) {
                *slot = value; /* a header's first value; an empty one or a longer one is absent */
                value = NULL;
            } else if (p[0] == 'P') {
                snprintf(peer, sizeof peer, "%s", value);
            }
            free(value);
        }
        p = eol ? eol + 1 : end;
    }
    if (p < end)
        p++; /* the empty line before the body */
    check_content_type(content_type);

    char address[64];
    ippon_client_address_from(peer, TRUSTED_PROXY, forwarded, address, sizeof address);
    check_address(peer, forwarded, address);

    ippon_rest_request req = {
        .method = method,
        .path = path,
        .body = p < end ? p : NULL,
        .body_len = (size_t)(end - p),
        .args = (const char *const *)args,
        .arg_count = arg_count,
        .authorization = authorization,
        .if_none_match = if_none_match,
        .content_type = content_type,
        .address = address[0] ? address : NULL,
    };
    check_query(&req);
    check_bearer(&req);

    if (!refused) {
        ippon_rest_response res;
        ippon_rest_handle(&server.app, &req, &res);
        check_response(&req, &res);
        ippon_metrics_http(server.app.metrics, res.status);
        ippon_rest_response_free(&res);
    }

    for (size_t i = 0; i < arg_count; i++)
        free(args[i]);
    free(path);
    free(authorization);
    free(if_none_match);
    free(forwarded);
    free(content_type);
    return 0;
}
