/*
 * rest_session.c — the caller's session of a REST request (rest_session.h): the bearer token read
 * without asking the store, then looked up by auth.c; a failure is answered with its row of the
 * identities' table (auth_errors.h), 401 with the Bearer challenge.
 */
#include "api/rest_session.h"

#include <string.h>

int ippon_rest_bearer_token(const ippon_rest_request *req, ippon_rest_response *res,
                            char token[IPPON_TOKEN_HEX_LEN + 1])
{
    const char *t;
    size_t len;
    if (!ippon_rest_bearer(req, &t, &len)) {
        ippon_rest_reply_error(res, 401, "unauthorized",
                               "send the session token as \"Authorization: Bearer <token>\"");
        res->challenge = 1;
        return -1;
    }
    if (len != IPPON_TOKEN_HEX_LEN) {
        ippon_rest_reply_error(res, 401, "unauthorized",
                               "the bearer token is malformed (%d hex characters expected)",
                               IPPON_TOKEN_HEX_LEN);
        res->challenge = 1;
        return -1;
    }
    memcpy(token, t, len);
    token[len] = '\0';
    return 0;
}

int ippon_rest_session_user(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                            char token[IPPON_TOKEN_HEX_LEN + 1], ippon_user *user)
{
    if (ippon_rest_bearer_token(req, res, token) != 0)
        return -1;
    int rc = ippon_auth_user_by_token(app->auth, token, user);
    if (rc == IPPON_AUTH_OK && user->banned)
        rc = IPPON_AUTH_BANNED;
    if (rc == IPPON_AUTH_OK)
        return 0;
    const ippon_error_row *row = ippon_auth_error_row(rc);
    ippon_rest_reply_row(res, row ? row : ippon_auth_error_row(IPPON_AUTH_ERROR));
    res->challenge = rc == IPPON_AUTH_INVALID;
    return -1;
}
