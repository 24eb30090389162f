/*
 * rest_fields.h — checking a REST request's JSON body field by field, for every route that
 * takes one (auth_rest.c, admin_rest.c): each problem is collected against its field, and
 * the reply names them all at once.
 *
 *     400 {"error": {"code": "bad_request", "message": "username: missing; password: ...",
 *                    "fields": {"username": "missing", "password": "..."}}}
 *
 * Use: ippon_rest_fields_begin (parses the body and notes the members the route does not
 * take), then read each field (ippon_rest_fields_string, ippon_rest_fields_checked, or by hand
 * from f.body with ippon_rest_fields_problem), then ippon_rest_fields_reply: 0 when all is
 * well, -1 after the 400. ippon_rest_fields_end in any case after a successful begin.
 */
#ifndef IPPON_SERVER_REST_FIELDS_H
#define IPPON_SERVER_REST_FIELDS_H

#include <jansson.h>
#include <stddef.h>

#include "api/rest.h"

typedef struct ippon_rest_fields {
    json_t *body;     /* the request's body (an object) */
    json_t *problems; /* {"field": "problem"}, in the order found; the first per field is kept */
} ippon_rest_fields;

/*
 * Parse the body (an empty one counts as {} if empty_ok) and note a problem for every member
 * not in known (NULL-terminated; list names them for the message: "username, password").
 * Returns 0, or -1 after replying (400 for a body that is not a JSON object, 500 out of memory).
 */
int ippon_rest_fields_begin(ippon_rest_fields *f, const ippon_rest_request *req, ippon_rest_response *res,
                            int empty_ok, const char *const *known, const char *list);

/* note a problem with field name (kept only if it is the field's first) */
void ippon_rest_fields_problem(ippon_rest_fields *f, const char *name, const char *text);

/*
 * A string field: its value and length, or NULL if it is absent, null or not a string. A
 * problem is noted if it is not a string ("must be a string"), or if it is required and absent
 * ("missing") or null ("must be a string, not null").
 */
const char *ippon_rest_fields_string(ippon_rest_fields *f, const char *name, int required, size_t *len);

/* a rule a string field must pass: 0, or -1 with why filled in */
typedef int (*ippon_rest_field_rule)(const char *text, size_t len, char *why, size_t whylen);

/* a string field (as ippon_rest_fields_string) that must also pass rule (else NULL, problem: why) */
const char *ippon_rest_fields_checked(ippon_rest_fields *f, const char *name, int required,
                                      ippon_rest_field_rule rule);

/*
 * A text field of at most max_chars characters (and 4 bytes each), without control characters
 * (line breaks too): as ippon_rest_fields_string, NULL with a problem noted when it breaks that.
 */
const char *ippon_rest_fields_text(ippon_rest_fields *f, const char *name, int required, size_t max_chars);
/* an integer field min..max: its value, def if absent (a problem noted if required), def with a
   problem if it is no integer or out of range */
long long ippon_rest_fields_int(ippon_rest_fields *f, const char *name, int required, long long min, long long max,
                                long long def);
/* a boolean field: 1 or 0, def if absent, def with a problem if not true or false */
int ippon_rest_fields_bool(ippon_rest_fields *f, const char *name, int def);
/* a string field that must be one of choices (NULL-terminated): its index, def if absent (a problem
   noted if required), def with a problem ("one of a, b, c") otherwise */
int ippon_rest_fields_choice(ippon_rest_fields *f, const char *name, int required, const char *const *choices,
                             int def);

/* if problems were noted: reply 400 bad_request naming every one, and return -1; else 0 */
int ippon_rest_fields_reply(ippon_rest_fields *f, ippon_rest_response *res);

void ippon_rest_fields_end(ippon_rest_fields *f);

#endif
