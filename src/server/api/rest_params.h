/*
 * rest_params.h — the query parameters of REST routes and what every list route shares: a bad
 * parameter is a 400 naming it,
 *
 *     400 {"error":{"code":"bad_request","message":"limit: an integer 1..100","fields":{"limit":"an integer 1..100"}}}
 *
 * pages of at most 100 rows (?page=1..1000000, ?limit=1..100, 50 by default), the mode
 * (?mode=4p|3p) and a cursor back in time or order (?before=), 503 without a database, and
 * replies the store keeps for a (player, page, limit) query (store_rankings.h).
 */
#ifndef IPPON_SERVER_REST_PARAMS_H
#define IPPON_SERVER_REST_PARAMS_H

#include <stdbool.h>
#include <stdint.h>

#include "api/rest.h"
#include "base/mode.h"
#include "store/store_rankings.h"

/* reply 400 naming the parameter and its problem */
void ippon_rest_bad_param(ippon_rest_response *res, const char *name, const char *problem);
/* the parameter's value copied to out: 1, 0 if absent, -1 if present but too long for out */
int ippon_rest_param(const ippon_rest_request *req, const char *name, char *out, size_t outlen);
/* an integer parameter min..max (decimal digits only), def if absent; -1 after the 400 ("an integer min..max") */
int ippon_rest_int_param(const ippon_rest_request *req, ippon_rest_response *res, const char *name, int def, int min,
                         int max);
/* ?mode= ("4p" or "3p"; 4p when absent) into *mode: false after the 400 */
bool ippon_rest_mode_param(const ippon_rest_request *req, ippon_rest_response *res, ippon_mode *mode);
/* ?before= a positive integer (1 … 10^18 − 1), INT64_MAX when absent, into *before: false after the
   400, whose problem is "a positive integer (what)" */
bool ippon_rest_before_param(const ippon_rest_request *req, ippon_rest_response *res, const char *what,
                             int64_t *before);
/* an id (32 hex digits, either case) into out, lowercased; 0, or -1 if malformed */
int ippon_rest_id_param(const char *text, char out[IPPON_USER_ID_LEN + 1]);

/* 1 if app has a database; else 0 after replying 503 unavailable */
int ippon_rest_have_store(ippon_app *app, ippon_rest_response *res);
/* reply 500: the database failed */
void ippon_rest_store_failed(ippon_rest_response *res);
/* ?page= and ?limit= of a list, then the database: false after a 400 or 503 */
bool ippon_rest_paging(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, int *page, int *limit);

/* a reply the store kept for kq, sent: true if sent (or the store failed and that was said) */
bool ippon_rest_sent_kept(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                          const ippon_kept_query *kq);
/* sends reply (taking it) with an ETag; returns its text (the caller frees it) when the reply was a
   200 or 304 worth keeping, else NULL (an error was sent, or out of memory said so) */
char *ippon_rest_send_json(const ippon_rest_request *req, ippon_rest_response *res, json_t *reply);
/* sends reply (taking it) and keeps it, with its ETag, for kq */
void ippon_rest_send_and_keep(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                              const ippon_kept_query *kq, json_t *reply);

#endif
