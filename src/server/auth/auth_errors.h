/*
 * auth_errors.h — the identities' error table (ippon/error.h): every ippon_auth_status code with
 * its wire name, the HTTP status and the English text the REST routes reply with
 * (api/auth_rest.c, api/admin_rest.c), from which the enum and ippon_auth_strerror are made.
 *
 * X(NAME, code, wire name, HTTP status, English text); codes −200 .. −299. Two codes are the REST
 * routes' own words for what auth.c reports as another: BAD_CREDENTIALS is a login's INVALID, and
 * DISPLAY_NAME_TAKEN a TAKEN with only the display name taken. A text "field: problem" is a
 * problem with that request field (the reply's "fields" holds it too); LIMITED and UNAVAILABLE
 * replies add when to try again, LIMITED's first naming what was limited (auth_rest.c), WEAK's say
 * what the password policy refused.
 */
#ifndef IPPON_SERVER_AUTH_ERRORS_H
#define IPPON_SERVER_AUTH_ERRORS_H

#include "ippon/error.h"

#define IPPON_AUTH_ERRNO_MAP(X)                                                                        \
    X(AUTH_INVALID, -200, "unauthorized", 401, "the session token is unknown or expired; sign in again") \
    X(AUTH_ERROR, -201, "internal", 500, "the server could not do this; try again later")            \
    X(AUTH_LIMITED, -202, "rate_limited", 429, "too many attempts")                                 \
    X(AUTH_BUSY, -203, "busy", 503, "the server is busy; try again in a moment")                    \
    X(AUTH_TAKEN, -204, "username_taken", 409, "username: already taken")                          \
    X(AUTH_NOT_GUEST, -205, "not_a_guest", 403, "this user already has an account; log in to it instead") \
    X(AUTH_BANNED, -206, "banned", 403, "this account is banned")                                   \
    X(AUTH_UNAVAILABLE, -207, "unavailable", 503,                                                   \
      "the database cannot store this right now (nothing was changed)")                             \
    X(AUTH_WEAK, -208, "bad_request", 400, "the password is too weak")                              \
    X(AUTH_WRONG_PASSWORD, -209, "wrong_password", 403, "old_password: is not the current password") \
    X(AUTH_NOT_REGISTERED, -210, "not_registered", 403,                                             \
      "a guest has no password: register (claim an account) first")                                \
    X(AUTH_BAD_CREDENTIALS, -211, "bad_credentials", 401, "wrong username or password")             \
    X(AUTH_DISPLAY_NAME_TAKEN, -212, "display_name_taken", 409, "display_name: already taken")

/*
 * The identities' results: IPPON_AUTH_OK, or a code of the table. What auth.c gives:
 *   INVALID         unknown, malformed, expired or revoked token; or a wrong username or password
 *   ERROR           the store failed, or out of memory
 *   LIMITED         too many attempts: see retry_after_ms
 *   BUSY            the hashing queue is full, or the server is stopping
 *   TAKEN           the username and/or display name is taken: see taken
 *   NOT_GUEST       claim: this user already has an account
 *   BANNED          login: right password, but the account is banned
 *   UNAVAILABLE     the database could not take the write now (nothing changed): see retry_after_ms
 *   WEAK            a new password the policy refuses: see problem
 *   WRONG_PASSWORD  a password change: the current password is not the one given
 *   NOT_REGISTERED  a password change by a guest: there is no password to change
 */
typedef enum ippon_auth_status {
    IPPON_AUTH_OK = 0,
    IPPON_AUTH_ERRNO_MAP(IPPON_ERROR_ENUM)
} ippon_auth_status;

/* the row of an ippon_auth_status code; NULL for any other */
const ippon_error_row *ippon_auth_error_row(int status);

/* a static English description of an ippon_auth_status */
const char *ippon_auth_strerror(int status);

#endif
