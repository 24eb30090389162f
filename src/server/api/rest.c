/*
 * rest.c — the REST route table and JSON replies (see rest.h).
 *
 * How it works: rest_routes[] lists (method, path, handler). ippon_rest_handle scans it
 * for the request's path; a row with the request's method runs its handler, rows with
 * the path but other methods make a 405 listing them, no row makes a 404. Paths match
 * exactly, except a row with a "{name}" segment ("/api/players/{id}",
 * "/api/players/{id}/ratings"): it matches its prefix, one non-empty segment without '/', which
 * the handler finds in req->param (cut to REST_PARAM_MAX bytes), and the rest of the row
 * exactly; a second "{name}" segment later in the row goes to req->param2. To add a route: write the handler (in its own file, declared in rest.h) and add a
 * row. A row may cap its request body (max_body; 0: only the
 * transport's limit); a bigger body gets 413 before the handler runs. A reply of 5xx from a
 * handler during which a read found the database locked (store.h: the loop's reads never wait)
 * becomes 503 busy with Retry-After: 1.
 *
 * Deferred replies (see rest.h) are a small heap object shared by the two sides: the
 * transport holds it from the handler's return until it either receives the reply or
 * abandons it; the handler's side holds it until it calls finish, which frees it. So the
 * object outlives whichever side lets go first, and a reply for a closed connection is
 * simply dropped.
 */
#include "api/rest.h"

#include "api/admin_rest.h"
#include "api/metrics_rest.h"
#include "base/fnv.h"
#include "store/store.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct rest_route {
    ippon_http_method method;
    const char *path;
    ippon_rest_handler handler;
    size_t max_body; /* bytes; 0: no limit here */
} rest_route;

#define REST_AUTH_MAX_BODY 4096
#define REST_EVENT_MAX_BODY 65536 /* an event's entry list: up to 512 names */

static const rest_route rest_routes[] = {
    {IPPON_HTTP_GET, "/api/health", ippon_health_get, 0},
    {IPPON_HTTP_POST, "/api/auth/guest", ippon_auth_guest_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/auth/register", ippon_auth_register_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/auth/login", ippon_auth_login_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/auth/logout", ippon_auth_logout_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/auth/claim", ippon_auth_claim_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_GET, "/api/auth/me", ippon_auth_me_get, 0},
    {IPPON_HTTP_PATCH, "/api/auth/me", ippon_auth_me_patch, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/auth/password", ippon_auth_password_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/auth/logout-all", ippon_auth_logout_all_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_GET, "/api/fairness", ippon_fairness_get, 0},
    {IPPON_HTTP_GET, "/api/leaderboard", ippon_rest_leaderboard_get, 0},
    {IPPON_HTTP_GET, "/api/players/{id}", ippon_rest_player_get, 0},
    {IPPON_HTTP_GET, "/api/players/{id}/ratings", ippon_rest_player_ratings_get, 0},
    {IPPON_HTTP_GET, "/api/players/{id}/review-stats", ippon_rest_player_review_stats_get, 0},
    {IPPON_HTTP_GET, "/api/matches", ippon_rest_matches_get, 0},
    {IPPON_HTTP_GET, "/api/matches/{id}", ippon_rest_match_get, 0},
    {IPPON_HTTP_GET, "/api/matches/{id}/review", ippon_rest_match_review_get, 0},
    {IPPON_HTTP_POST, "/api/review", ippon_rest_review_post, 0},
    {IPPON_HTTP_GET, "/api/tables", ippon_rest_tables_get, 0},
    /* the bot ladder (ladder_rest.c) */
    {IPPON_HTTP_GET, "/api/ladder", ippon_rest_ladder_get, 0},
    {IPPON_HTTP_GET, "/api/ladder/sets", ippon_rest_ladder_sets_get, 0},
    /* a registered user's bot accounts (bots_rest.c) */
    {IPPON_HTTP_POST, "/api/bots", ippon_bots_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_GET, "/api/bots", ippon_bots_get, 0},
    {IPPON_HTTP_PATCH, "/api/bots/{id}", ippon_bot_patch, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_DELETE, "/api/bots/{id}", ippon_bot_delete, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/bots/{id}/token", ippon_bot_token_post, REST_AUTH_MAX_BODY},
    /* events: tournaments (events_rest.c, src/server/EVENTS.md) */
    {IPPON_HTTP_GET, "/api/events", ippon_rest_events_get, 0},
    {IPPON_HTTP_POST, "/api/events", ippon_rest_events_post, REST_EVENT_MAX_BODY},
    {IPPON_HTTP_GET, "/api/events/{id}", ippon_rest_event_get, 0},
    {IPPON_HTTP_GET, "/api/events/{id}/standings.csv", ippon_rest_event_standings_csv_get, 0},
    {IPPON_HTTP_GET, "/api/events/{id}/logs", ippon_rest_event_logs_get, 0},
    {IPPON_HTTP_PATCH, "/api/events/{id}", ippon_rest_event_patch, REST_EVENT_MAX_BODY},
    {IPPON_HTTP_POST, "/api/events/{id}/register", ippon_rest_event_register_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/events/{id}/withdraw", ippon_rest_event_withdraw_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/events/{id}/checkin", ippon_rest_event_checkin_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/events/{id}/start", ippon_rest_event_start_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/events/{id}/pause", ippon_rest_event_pause_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/events/{id}/resume", ippon_rest_event_resume_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/events/{id}/end", ippon_rest_event_end_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/events/{id}/cancel", ippon_rest_event_cancel_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/events/{id}/announce", ippon_rest_event_announce_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/events/{id}/entrants/{user}/remove", ippon_rest_event_remove_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/events/{id}/entrants/{user}/checkin", ippon_rest_event_entrant_checkin_post,
     REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/events/{id}/entrants/{user}/stand_in", ippon_rest_event_stand_in_post,
     REST_AUTH_MAX_BODY},
    /* the admin area (admin_rest.c): every route needs an administrator's session */
    {IPPON_HTTP_GET, "/api/admin/tables", ippon_admin_tables_get, 0},
    {IPPON_HTTP_GET, "/api/admin/tables/{id}", ippon_admin_table_get, 0},
    {IPPON_HTTP_POST, "/api/admin/close-table", ippon_admin_close_table_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_GET, "/api/admin/users", ippon_admin_users_get, 0},
    {IPPON_HTTP_POST, "/api/admin/ban", ippon_admin_ban_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/admin/unban", ippon_admin_unban_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/admin/rename", ippon_admin_rename_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/admin/void", ippon_admin_void_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/admin/bots/{id}/suspend", ippon_admin_bot_suspend_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_POST, "/api/admin/bots/{id}/unsuspend", ippon_admin_bot_unsuspend_post, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_GET, "/api/admin/settings", ippon_admin_settings_get, 0},
    {IPPON_HTTP_PUT, "/api/admin/settings", ippon_admin_settings_put, REST_AUTH_MAX_BODY},
    {IPPON_HTTP_GET, "/api/admin/audit", ippon_admin_audit_get, 0},
    {IPPON_HTTP_GET, "/api/admin/pairs", ippon_admin_pairs_get, 0},
    {IPPON_HTTP_GET, "/api/admin/queue", ippon_admin_queue_get, 0},
    {IPPON_HTTP_GET, "/metrics", ippon_metrics_get, 0},
};

struct ippon_rest_deferred {
    ippon_rest_deliver deliver;
    void *conn;
    int abandoned;
};

const char *ippon_http_method_name(ippon_http_method method)
{
    static const char *const names[] = {
        [IPPON_HTTP_GET] = "GET",       [IPPON_HTTP_HEAD] = "HEAD",
        [IPPON_HTTP_POST] = "POST",     [IPPON_HTTP_PUT] = "PUT",
        [IPPON_HTTP_PATCH] = "PATCH",   [IPPON_HTTP_DELETE] = "DELETE",
        [IPPON_HTTP_OPTIONS] = "OPTIONS", [IPPON_HTTP_OTHER] = "OTHER",
    };
    if ((unsigned)method >= sizeof names / sizeof names[0])
        return "OTHER";
    return names[method];
}

void ippon_rest_reply_json(ippon_rest_response *res, int status, json_t *json)
{
    free(res->body);
    res->status = status;
    res->body = json ? json_dumps(json, JSON_COMPACT) : NULL;
    json_decref(json);
    if (!res->body) {
        static const char oom[] =
            "{\"error\":{\"code\":\"internal\",\"message\":\"out of memory\"}}";
        res->status = 500;
        res->body = malloc(sizeof oom);
        if (res->body)
            memcpy(res->body, oom, sizeof oom);
    }
    res->body_len = res->body ? strlen(res->body) : 0;
}

void ippon_rest_reply_empty(ippon_rest_response *res, int status)
{
    free(res->body);
    res->status = status;
    res->body = calloc(1, 1);
    res->body_len = 0;
    if (!res->body)
        ippon_rest_reply_json(res, 500, NULL);
}

/* does the If-None-Match value (a list of tags, maybe weak "W/", or "*") name etag? */
static int rest_etag_matches(const char *header, const char *etag)
{
    size_t n = strlen(etag);
    for (const char *h = header; *h;) {
        while (*h == ' ' || *h == '\t' || *h == ',')
            h++;
        if (*h == '*')
            return 1;
        if (!strncmp(h, "W/", 2))
            h += 2;
        if (!strncmp(h, etag, n) && (h[n] == '\0' || h[n] == ',' || h[n] == ' ' || h[n] == '\t'))
            return 1;
        while (*h && *h != ',')
            h++;
    }
    return 0;
}

/* the ETag of res's body, and 304 with an empty body if the request's If-None-Match names it */
static void rest_tag(const ippon_rest_request *req, ippon_rest_response *res)
{
    /* FNV-1a, 64 bits, and a variant of it from another seed: a cheap tag, not a security measure */
    uint64_t h1 = ippon_fnv1a(IPPON_FNV_OFFSET, res->body, res->body_len), h2 = IPPON_FNV_PRIME * 31;
    for (size_t i = 0; i < res->body_len; i++)
        h2 = (h2 ^ (unsigned char)res->body[i]) * IPPON_FNV_PRIME + 7;
    snprintf(res->etag, sizeof res->etag, "\"%016llx%016llx\"", (unsigned long long)h1,
             (unsigned long long)h2);
    if (req->if_none_match && rest_etag_matches(req->if_none_match, res->etag)) {
        res->status = 304;
        res->body[0] = '\0';
        res->body_len = 0;
    }
}

void ippon_rest_reply_cached(const ippon_rest_request *req, ippon_rest_response *res, json_t *json)
{
    ippon_rest_reply_json(res, 200, json);
    if (res->status != 200)
        return;
    rest_tag(req, res);
}

/* a copy of body as a 200 reply, without its tag (500 if out of memory) */
static void rest_text_reply(ippon_rest_response *res, const char *content_type, const char *body, size_t len)
{
    char *copy = malloc(len + 1);
    if (!copy) {
        ippon_rest_reply_json(res, 500, NULL); /* the out-of-memory reply */
        return;
    }
    memcpy(copy, body, len);
    copy[len] = '\0';
    free(res->body);
    res->status = 200;
    res->body = copy;
    res->body_len = len;
    res->content_type = content_type;
}

void ippon_rest_reply_cached_text(const ippon_rest_request *req, ippon_rest_response *res,
                                  const char *content_type, const char *body, size_t len)
{
    rest_text_reply(res, content_type, body, len);
    if (res->status == 200)
        rest_tag(req, res);
}

void ippon_rest_reply_tagged_text(const ippon_rest_request *req, ippon_rest_response *res,
                                  const char *content_type, const char *body, size_t len, const char *etag)
{
    rest_text_reply(res, content_type, body, len);
    if (res->status != 200)
        return;
    snprintf(res->etag, sizeof res->etag, "%s", etag);
    if (req->if_none_match && rest_etag_matches(req->if_none_match, res->etag)) {
        res->status = 304;
        res->body[0] = '\0';
        res->body_len = 0;
    }
}

/*
 * A message cut to its buffer may end inside a UTF-8 sequence (a long path or parameter echoed),
 * which a JSON string cannot hold: the reply would be lost. Drop the incomplete sequence.
 */
static void rest_utf8_trim(char *text)
{
    size_t len = strlen(text), start = len;
    while (start > 0 && ((unsigned char)text[start - 1] & 0xC0) == 0x80)
        start--; /* back over the continuation bytes at the end */
    if (start == 0)
        return;
    unsigned char lead = (unsigned char)text[start - 1];
    size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    if (len - (start - 1) < need)
        text[start - 1] = '\0';
}

static void rest_reply_error_v(ippon_rest_response *res, int status, const char *code,
                               json_t *fields, const char *fmt, va_list ap)
{
    char message[1024];
    if (vsnprintf(message, sizeof message, fmt, ap) >= (int)sizeof message)
        rest_utf8_trim(message);
    json_t *error = json_pack("{s:s, s:s}", "code", code, "message", message);
    if (error && fields)
        json_object_set(error, "fields", fields);
    json_decref(fields);
    ippon_rest_reply_json(res, status, error ? json_pack("{s:o}", "error", error) : NULL);
}

void ippon_rest_reply_error(ippon_rest_response *res, int status, const char *code,
                            const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rest_reply_error_v(res, status, code, NULL, fmt, ap);
    va_end(ap);
}

void ippon_rest_reply_error_fields(ippon_rest_response *res, int status, const char *code,
                                   json_t *fields, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rest_reply_error_v(res, status, code, fields, fmt, ap);
    va_end(ap);
}

json_t *ippon_rest_row_field(json_t *fields, const ippon_error_row *row)
{
    const char *sep = strstr(row->text, ": ");
    if (!fields || !sep || sep == row->text)
        return fields;
    for (const char *c = row->text; c < sep; c++)
        if (!(*c >= 'a' && *c <= 'z') && *c != '_')
            return fields;
    char field[64];
    snprintf(field, sizeof field, "%.*s", (int)(sep - row->text), row->text);
    json_object_set_new(fields, field, json_string(sep + 2));
    return fields;
}

void ippon_rest_reply_row(ippon_rest_response *res, const ippon_error_row *row)
{
    json_t *fields = ippon_rest_row_field(json_object(), row);
    if (fields && json_object_size(fields) == 0) {
        json_decref(fields);
        fields = NULL;
    }
    ippon_rest_reply_error_fields(res, row->status, row->wire, fields, "%s", row->text);
}

/* the longest "{name}" segment a route takes */
#define REST_PARAM_MAX 128

/* does path match the route's path? For a "/prefix/{name}[/suffix]" route, param gets the segment;
   a suffix with a "{name}" of its own ("/api/events/{id}/entrants/{user}/remove") matches the same
   way, its segment into param2 */
static int rest_path_match(const char *route, const char *path, char param[REST_PARAM_MAX + 1],
                           char param2[REST_PARAM_MAX + 1])
{
    const char *brace = strchr(route, '{'), *close = brace ? strchr(brace, '}') : NULL;
    param[0] = '\0';
    if (!brace || !close || brace == route || brace[-1] != '/')
        return strcmp(route, path) == 0;
    size_t n = (size_t)(brace - route); /* the prefix, through its '/' */
    if (strncmp(route, path, n) != 0)
        return 0;
    const char *seg = path + n, *suffix = close + 1, *end = strchr(seg, '/');
    if (!end)
        end = seg + strlen(seg);
    if (end == seg)
        return 0;
    if (param2 && strchr(suffix, '{')) {
        if (!rest_path_match(suffix, end, param2, NULL))
            return 0;
    } else if (strcmp(end, suffix) != 0) {
        return 0;
    }
    size_t len = (size_t)(end - seg) < REST_PARAM_MAX ? (size_t)(end - seg) : REST_PARAM_MAX; /* longer: cut, still no id */
    memcpy(param, seg, len);
    param[len] = '\0';
    return 1;
}

void ippon_rest_handle(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    memset(res, 0, sizeof *res);
    size_t allow_len = 0;
    for (size_t i = 0; i < sizeof rest_routes / sizeof rest_routes[0]; i++) {
        const rest_route *r = &rest_routes[i];
        char param[REST_PARAM_MAX + 1], param2[REST_PARAM_MAX + 1] = "";
        if (!rest_path_match(r->path, req->path, param, param2))
            continue;
        if (r->method == req->method) {
            if (r->max_body && req->body_len > r->max_body) {
                ippon_rest_reply_error(res, 413, "too_large",
                                       "body: %zu bytes; %s %s takes at most %zu", req->body_len,
                                       ippon_http_method_name(req->method), req->path,
                                       r->max_body);
                return;
            }
            if (req->body_len > 0 && !ippon_rest_json_content_type(req->content_type)) {
                ippon_rest_reply_error(res, 415, "unsupported_media_type",
                                       "body: send it with \"Content-Type: application/json\"%s",
                                       req->content_type ? ", not another type" : "");
                return;
            }
            ippon_rest_request sub = *req;
            sub.param = strchr(r->path, '{') ? param : NULL;
            sub.param2 = param2[0] ? param2 : NULL;
            unsigned long busy = ippon_store_busy_hits(app->store, NULL);
            r->handler(app, &sub, res);
            if (!res->body && !res->deferred)
                ippon_rest_reply_error(res, 500, "internal", "the handler gave no reply");
            if (res->status >= 500 && !res->deferred && ippon_store_busy_hits(app->store, NULL) != busy) {
                /* a read found the database locked (store.h: readers never wait): try again soon */
                res->retry_after = 1;
                ippon_rest_reply_error(res, 503, "busy", "the database is busy; try again in a second");
            }
            return;
        }
        int m = snprintf(res->allow + allow_len, sizeof res->allow - allow_len, "%s%s",
                         allow_len ? ", " : "", ippon_http_method_name(r->method));
        if (m > 0 && (size_t)m < sizeof res->allow - allow_len)
            allow_len += (size_t)m;
    }
    if (allow_len)
        ippon_rest_reply_error(res, 405, "method_not_allowed", "%s takes %s, not %s", req->path,
                               res->allow, ippon_http_method_name(req->method));
    else
        ippon_rest_reply_error(res, 404, "not_found", "no route %s %s",
                               ippon_http_method_name(req->method), req->path);
}

void ippon_rest_response_free(ippon_rest_response *res)
{
    free(res->body);
    res->body = NULL;
    res->body_len = 0;
}

ippon_rest_deferred *ippon_rest_defer(const ippon_rest_request *req, ippon_rest_response *res)
{
    if (!req->deliver)
        return NULL;
    ippon_rest_deferred *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->deliver = req->deliver;
    d->conn = req->conn;
    free(res->body);
    res->body = NULL;
    res->body_len = 0;
    res->deferred = d;
    return d;
}

void ippon_rest_undefer(ippon_rest_response *res)
{
    free(res->deferred);
    res->deferred = NULL;
}

void ippon_rest_finish(ippon_rest_deferred *d, ippon_rest_response *res)
{
    if (!res->body)
        ippon_rest_reply_error(res, 500, "internal", "the handler gave no reply");
    res->deferred = NULL;
    if (!d->abandoned)
        d->deliver(d->conn, res);
    ippon_rest_response_free(res);
    free(d);
}

void ippon_rest_abandon(ippon_rest_deferred *d)
{
    if (d) {
        d->abandoned = 1;
        d->conn = NULL;
    }
}

/* skip spaces and tabs */
static const char *rest_skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

int ippon_rest_json_content_type(const char *value)
{
    static const char json[] = "application/json", charset[] = "charset=";
    if (!value)
        return 0;
    const char *s = rest_skip_space(value);
    if (strncasecmp(s, json, sizeof json - 1) != 0)
        return 0;
    s = rest_skip_space(s + sizeof json - 1);
    if (!*s)
        return 1;
    if (*s != ';')
        return 0;
    s = rest_skip_space(s + 1);
    if (strncasecmp(s, charset, sizeof charset - 1) != 0)
        return 0;
    s += sizeof charset - 1;
    int quoted = *s == '"';
    s += quoted;
    if (strncasecmp(s, "utf-8", 5) != 0)
        return 0;
    s += 5;
    if (quoted && *s++ != '"')
        return 0;
    return !*rest_skip_space(s);
}

int ippon_rest_bearer(const ippon_rest_request *req, const char **token, size_t *len)
{
    const char *h = req->authorization;
    if (!h)
        return 0;
    while (*h == ' ' || *h == '\t')
        h++;
    if (strncasecmp(h, "bearer", 6) != 0 || (h[6] != ' ' && h[6] != '\t'))
        return 0;
    h += 6;
    while (*h == ' ' || *h == '\t')
        h++;
    size_t n = strlen(h);
    while (n > 0 && (h[n - 1] == ' ' || h[n - 1] == '\t'))
        n--;
    if (n == 0)
        return 0;
    *token = h;
    *len = n;
    return 1;
}

json_t *ippon_rest_body_object(const ippon_rest_request *req, ippon_rest_response *res,
                               int empty_ok)
{
    if (!req->body || req->body_len == 0) {
        if (empty_ok)
            return json_object();
        ippon_rest_reply_error(res, 400, "bad_request",
                               "body: missing; send a JSON object (Content-Type: application/json)");
        return NULL;
    }
    json_error_t jerr;
    json_t *json = json_loadb(req->body, req->body_len, JSON_REJECT_DUPLICATES, &jerr);
    if (!json) {
        ippon_rest_reply_error(res, 400, "bad_request",
                               "body: invalid JSON at line %d, column %d: %s", jerr.line,
                               jerr.column, jerr.text);
        return NULL;
    }
    if (!json_is_object(json)) {
        json_decref(json);
        ippon_rest_reply_error(res, 400, "bad_request", "body: must be a JSON object");
        return NULL;
    }
    return json;
}

int ippon_rest_query(const ippon_rest_request *req, const char *name, char *out, size_t outlen)
{
    size_t name_len = strlen(name);
    for (size_t i = 0; i < req->arg_count; i++) {
        const char *arg = req->args[i];
        if (strncmp(arg, name, name_len) != 0 || (arg[name_len] != '=' && arg[name_len] != '\0'))
            continue;
        const char *value = arg[name_len] ? arg + name_len + 1 : "";
        size_t len = strlen(value);
        if (len >= outlen)
            return -1;
        memcpy(out, value, len + 1);
        return (int)len;
    }
    return -1;
}
