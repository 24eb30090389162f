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
 * method_not_allowed (and the Allow header lists the methods it takes).
 */
#ifndef IPPON_SERVER_REST_H
#define IPPON_SERVER_REST_H

#include <jansson.h>
#include <stddef.h>

#include "app.h"

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

typedef struct ippon_rest_request {
    ippon_http_method method;
    const char *path;  /* decoded, without the query: "/api/health" */
    const char *body;  /* request body (not NUL-terminated), or NULL */
    size_t body_len;
} ippon_rest_request;

typedef struct ippon_rest_response {
    int status;        /* HTTP status code */
    char *body;        /* JSON text (malloc'd), body_len bytes */
    size_t body_len;
    char allow[64];    /* for 405: the methods the path takes, "GET, POST"; else "" */
} ippon_rest_response;

/* a route's handler: fill res (with ippon_rest_reply_json or ippon_rest_reply_error) */
typedef void (*ippon_rest_handler)(ippon_app *app, const ippon_rest_request *req,
                                   ippon_rest_response *res);

/* route req to its handler and fill res; res->body is always set. Free with _free. */
void ippon_rest_handle(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_rest_response_free(ippon_rest_response *res);

/* reply with a JSON value (the reply takes the reference: json is decref'd) */
void ippon_rest_reply_json(ippon_rest_response *res, int status, json_t *json);

/* reply {"error": {"code": code, "message": message}} */
void ippon_rest_reply_error(ippon_rest_response *res, int status, const char *code,
                            const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* the handlers, one file per resource */
void ippon_health_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);

#endif
