/*
 * rest.h — the REST API: a table of routes (method + path -> handler) and JSON replies,
 * independent of libwebsockets so it can be unit-tested. http.c turns an HTTP request
 * under /api into an ippon_rest_request, calls ippon_rest_handle, and sends the response.
 *
 * Every reply is JSON. Errors share one shape:
 *
 *     {"error": {"code": "not_found", "message": "no route GET /api/nope"}}
 *
 * An unknown path gets 404 not_found; a known path with another method gets 405
 * method_not_allowed (and the Allow header lists the methods it takes); a request with a body
 * that is not "Content-Type: application/json" gets 415 unsupported_media_type. A reply about
 * bad input fields may add "fields": {"username": "must be 3 to 24 characters", ...}.
 *
 * Deferred replies: a handler whose answer needs slow work off the event loop (password
 * hashing) calls ippon_rest_defer and returns without a reply. The transport keeps the
 * connection; later, on the event loop's thread, the handler's side calls
 * ippon_rest_finish exactly once with the reply. If the client went away meanwhile, the
 * transport has called ippon_rest_abandon and the reply is dropped: the deferred object
 * lives until finish, so neither side ever touches freed memory.
 */
#ifndef IPPON_SERVER_REST_H
#define IPPON_SERVER_REST_H

#include <jansson.h>
#include <stddef.h>

#include "app.h"
#include "ippon/error.h"

typedef enum ippon_http_method {
    IPPON_HTTP_GET,
    IPPON_HTTP_HEAD,
    IPPON_HTTP_POST,
    IPPON_HTTP_PUT,
    IPPON_HTTP_PATCH,
    IPPON_HTTP_DELETE,
    IPPON_HTTP_OPTIONS,
    IPPON_HTTP_OTHER,
} ippon_http_method;

/* "GET", "POST", ... */
const char *ippon_http_method_name(ippon_http_method method);

typedef struct ippon_rest_response ippon_rest_response;
typedef struct ippon_rest_deferred ippon_rest_deferred;

/*
 * How a transport takes a deferred reply: called (on the loop thread) with the conn it put
 * in the request and the reply, whose body it takes over (res->body is then NULL).
 */
typedef void (*ippon_rest_deliver)(void *conn, ippon_rest_response *res);

typedef struct ippon_rest_request {
    ippon_http_method method;
    const char *path;          /* decoded, without the query: "/api/health" */
    const char *body;          /* request body (not NUL-terminated), or NULL */
    size_t body_len;
    const char *const *args;   /* the query's parameters, decoded: "name=value" or "name" */
    size_t arg_count;
    const char *authorization; /* the Authorization header's value, or NULL */
    const char *if_none_match; /* the If-None-Match header's value, or NULL */
    const char *content_type;  /* the Content-Type header's value, or NULL */
    const char *param;         /* a "/prefix/{x}[/suffix]" route: the path's segment x (set by rest.c) */
    const char *param2;        /* a second "{y}" segment of such a route, or NULL */
    const char *address;       /* the client's IP address ("203.0.113.7", "2001:db8::1"), or NULL */
    ippon_rest_deliver deliver; /* NULL: the caller cannot wait (ippon_rest_defer refuses) */
    void *conn;                /* passed to deliver */
} ippon_rest_request;

struct ippon_rest_response {
    int status;        /* HTTP status code */
    char *body;        /* JSON text (malloc'd), body_len bytes */
    size_t body_len;
    char allow[64];    /* for 405: the methods the path takes, "GET, POST"; else "" */
    int retry_after;   /* > 0: send "Retry-After: <seconds>" (429, 503) */
    int challenge;     /* 401: send "WWW-Authenticate: Bearer" */
    char etag[48];     /* "" or a quoted entity tag: send "ETag" (and Cache-Control: no-cache) */
    const char *content_type; /* NULL: "application/json"; else a static string (GET /metrics: text) */
    char disposition[96]; /* "" or a Content-Disposition value (a download: attachment; filename="…") */
    ippon_rest_deferred *deferred; /* set by ippon_rest_defer: the reply comes later */
};

/* a route's handler: fill res (with ippon_rest_reply_json or ippon_rest_reply_error) */
typedef void (*ippon_rest_handler)(ippon_app *app, const ippon_rest_request *req,
                                   ippon_rest_response *res);

/*
 * Route req to its handler and fill res; res->body is always set, unless res->deferred is:
 * then the transport must either receive the reply through req->deliver, or call
 * ippon_rest_abandon(res->deferred) if the connection goes first. Free with _free.
 */
void ippon_rest_handle(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_response_free(ippon_rest_response *res);

/*
 * In a handler: the reply will come later through ippon_rest_finish. Returns the handle
 * to finish with, or NULL if the request cannot wait (req->deliver is NULL) or out of
 * memory — then the handler must reply at once as usual.
 */
ippon_rest_deferred *ippon_rest_defer(const ippon_rest_request *req, ippon_rest_response *res);

/*
 * In a handler, after ippon_rest_defer: the reply can be given at once after all (the
 * slow work turned out not to be needed). Frees res->deferred; then reply as usual.
 */
void ippon_rest_undefer(ippon_rest_response *res);

/*
 * Complete a deferred request with res (filled like a handler's reply; its body is taken
 * and res left empty), on the loop thread, after the handler has returned, exactly once.
 * If the connection is gone the reply is dropped. d is freed.
 */
void ippon_rest_finish(ippon_rest_deferred *d, ippon_rest_response *res);

/* transport: the connection of d is gone; ippon_rest_finish will drop the reply */
void ippon_rest_abandon(ippon_rest_deferred *d);

/*
 * The token of "Authorization: Bearer <token>" (scheme case-insensitive, one space or
 * more): 1 and a pointer into req->authorization (length in *len), or 0 if there is no
 * such header.
 */
int ippon_rest_bearer(const ippon_rest_request *req, const char **token, size_t *len);

/*
 * The value of query parameter name ("?mode=4p&seed=ab" has "mode" and "seed"), copied
 * into out (NUL-terminated; the transport has already decoded %XX and '+'). Returns its
 * length, or -1 if it is absent or longer than outlen - 1. The first one wins if it is
 * repeated; "name" without '=' has the value "".
 */
int ippon_rest_query(const ippon_rest_request *req, const char *name, char *out, size_t outlen);

/*
 * Parse the body as a JSON object (duplicate keys refused). Returns the object (new
 * reference), or NULL after replying 400 bad_request with what is wrong ("body: invalid
 * JSON at line 1, column 9: ..."; "body: must be a JSON object"). An empty body counts
 * as {} if empty_ok, else as missing.
 */
json_t *ippon_rest_body_object(const ippon_rest_request *req, ippon_rest_response *res,
                               int empty_ok);

/*
 * Is a Content-Type value JSON as the API takes it: "application/json" (any case), alone or
 * with the one parameter "charset=utf-8" (quoted or not)? 1 or 0; NULL is 0.
 */
int ippon_rest_json_content_type(const char *value);

/* reply with a JSON value (the reply takes the reference: json is decref'd) */
void ippon_rest_reply_json(ippon_rest_response *res, int status, json_t *json);

/* reply status (204) without a body */
void ippon_rest_reply_empty(ippon_rest_response *res, int status);

/*
 * Reply 200 with json (taking the reference) and an ETag (a hash of the body); if the
 * request's If-None-Match names that tag (or is "*"), reply 304 with an empty body instead.
 */
void ippon_rest_reply_cached(const ippon_rest_request *req, ippon_rest_response *res, json_t *json);

/*
 * The same for a body already written (copied here): JSON text kept from an earlier reply, or
 * another type (content_type: a static string; NULL for JSON).
 */
void ippon_rest_reply_cached_text(const ippon_rest_request *req, ippon_rest_response *res,
                                  const char *content_type, const char *body, size_t len);

/* the same with the body's tag already known (res->etag of an earlier reply of the same body) */
void ippon_rest_reply_tagged_text(const ippon_rest_request *req, ippon_rest_response *res,
                                  const char *content_type, const char *body, size_t len, const char *etag);

/* reply {"error": {"code": code, "message": message}} */
void ippon_rest_reply_error(ippon_rest_response *res, int status, const char *code,
                            const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* the same with "fields": fields inside "error" (the reply takes the reference; NULL: none) */
void ippon_rest_reply_error_fields(ippon_rest_response *res, int status, const char *code,
                                   json_t *fields, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/*
 * reply a row of an error table (ippon/error.h): its HTTP status, its wire name as "code" and its
 * text as "message"; a text "field: problem" (field a request field's name) also as
 * "fields": {"field": "problem"}
 */
void ippon_rest_reply_row(ippon_rest_response *res, const ippon_error_row *row);

/* add a row's "field: problem" to fields (nothing if its text is not one); returns fields */
json_t *ippon_rest_row_field(json_t *fields, const ippon_error_row *row);

/* the handlers, one file per resource */
void ippon_health_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);

/* /api/auth/...: identities and sessions (auth_rest.c; routes in src/server/README.md) */
void ippon_auth_guest_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_auth_register_post(ippon_app *app, const ippon_rest_request *req,
                              ippon_rest_response *res);
void ippon_auth_login_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_auth_logout_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_auth_me_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_auth_me_patch(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_auth_password_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_auth_logout_all_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
/* GET /api/fairness?mode=&seed= (fairness_rest.c) */
void ippon_fairness_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_auth_claim_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
/* the rankings: leaderboards (leaderboard_rest.c), profiles (players_rest.c), stored matches
   (matches_rest.c) */
void ippon_rest_leaderboard_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_player_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_matches_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_match_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
/* /api/bots: a registered user's bot accounts (bots_rest.c) */
void ippon_bots_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_bots_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_bot_patch(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_bot_delete(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_bot_token_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
/* /api/events: tournaments (events_rest.c, src/server/EVENTS.md "REST") */
void ippon_rest_events_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_events_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_patch(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_register_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_withdraw_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_checkin_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_start_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_pause_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_resume_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_end_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_cancel_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_announce_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_remove_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_entrant_checkin_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_stand_in_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
/* an event's standings as CSV and its matches' logs (event_results_rest.c) */
void ippon_rest_event_standings_csv_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_event_logs_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
/* the event of an /api/events/{id}… path into ev (events_rest.c): 0, or -1 after the reply (400,
   404, 500); ippon_event_clear it after */
struct ippon_event_def;
int ippon_rest_event_of_path(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                             struct ippon_event_def *ev);
/* GET /api/tables: the running ranked tables to watch (tables_rest.c) */
void ippon_rest_tables_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
/* the bot ladder (ladder_rest.c): a mode's board of bots, and its recent duplicate sets */
void ippon_rest_ladder_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_ladder_sets_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
/* the ratings (ratings_rest.c): a player's history, and the rating and dan boards, which
   GET /api/leaderboard sends for ?board=rating|dan (board: store_ratings.h's ippon_rating_board_kind) */
void ippon_rest_player_ratings_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
/* GET /api/players/{id}/review-stats (review_stats_rest.c) */
void ippon_rest_player_review_stats_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_rating_board_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, int board);
/* the review of a seat's decisions (review_rest.c): a stored match's, and a posted tenhou.net/6
   game's, each address's posts limited by the limiter ippon_rest_review_limiter makes (app->reviews) */
struct ippon_ratelimit *ippon_rest_review_limiter(void);
void ippon_rest_match_review_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_review_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);

#endif
