/*
 * rest_session.h — who calls a REST route: the session token of "Authorization: Bearer <token>"
 * and the user holding it (auth.h), with the identities' replies when there is none (auth_rest.c
 * and bots_rest.c share them).
 */
#ifndef IPPON_SERVER_REST_SESSION_H
#define IPPON_SERVER_REST_SESSION_H

#include "api/rest.h"
#include "auth/auth.h"

/* the bearer token, copied into token: 0, or -1 after replying 401 (none, or it cannot be a token:
   the store is not asked) */
int ippon_rest_bearer_token(const ippon_rest_request *req, ippon_rest_response *res,
                            char token[IPPON_TOKEN_HEX_LEN + 1]);

/* the user holding the request's session (token: its token): 0, or -1 after replying 401 (no such
   live session), 403 banned or 500 */
int ippon_rest_session_user(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                            char token[IPPON_TOKEN_HEX_LEN + 1], ippon_user *user);

#endif
