/*
 * ippon/error.h — the error codes of the rules core, and the project's one error scheme.
 *
 * Functions that can fail return a negative code; 0 or a count means success. Each family of
 * codes has a range of its own, so that a code means one thing wherever it is passed on, and
 * one table, in libuv's UV_ERRNO_MAP pattern: an X-macro listing every code of the family with
 * its name, its value, its wire name, the HTTP status a REST reply gives it and its English
 * text. The family's enum, its *_strerror and its *_error_row (what the REST routes reply:
 * api/rest.h ippon_rest_reply_row) are all made from that one list:
 *
 *      −1          failed              IPPON_FAILED                              (this header)
 *      −2 ..  −99  the rules core      IPPON_E*          IPPON_CORE_ERRNO_MAP    (this header)
 *    −100 .. −199  the server's store  IPPON_STORE_*,    IPPON_STORE_ERRNO_MAP   (src/server/store/store.h)
 *                                      IPPON_WRITE_*
 *    −200 .. −299  identities          IPPON_AUTH_*      IPPON_AUTH_ERRNO_MAP    (src/server/auth/auth_errors.h)
 *    −300 .. −399  password hashing    IPPON_PWHASH_*    IPPON_PWHASH_ERRNO_MAP  (src/server/auth/pwhash.h)
 *
 * A family's X(NAME, code, wire, status, text) is used as IPPON_<NAME> = code. A family's own
 * failure has a code of its own (IPPON_AUTH_ERROR, IPPON_PWHASH_FAILED). −1 is IPPON_FAILED and
 * nothing else: the plain failure of the functions that say no more than that (their comments
 * read "0 or -1", the reason going to an err buffer or the log), the store's among them; no
 * family's table uses it. Callers compare a result with the named codes, or test < 0; never
 * with a number. (tests/unit/test_server_error_codes.c walks every table: codes distinct and in their
 * ranges, wire names distinct, every code with a text and a status.)
 *
 * Contracts: a caller's mistakes — a NULL pointer, a negative length, a seat or an index out
 * of range where the comment asks for a good one — and the invariants of the code itself are
 * checked with assert(), on in the test builds and compiled out of the release ones
 * (CMakeLists.txt: IPPON_ASSERTS). Input from outside (walls, actions, notation, hands, preset
 * files) is never asserted: it gets an error code.
 */
#ifndef IPPON_ERROR_H
#define IPPON_ERROR_H

/* one row of a family's table: a code, its wire name (a REST reply's "code"), the HTTP status of
   that reply and its English text (the reply's message, and *_strerror's) */
typedef struct ippon_error_row {
    int code;
    const char *wire;
    int status;
    const char *text;
} ippon_error_row;

/* the rules core's errors: X(NAME, code, wire name, HTTP status, English text) */
#define IPPON_CORE_ERRNO_MAP(X)                                                                   \
    X(EINVAL, -2, "bad_input", 400, "malformed or out-of-range input")                          \
    X(ERANGE, -3, "too_many", 400, "too many items, or too little room for them")               \
    X(EILLEGAL, -4, "illegal", 409, "against the rules")

/* the X that makes a family's enum, and the one that makes its rows */
#define IPPON_ERROR_ENUM(name, code, wire, status, text) IPPON_##name = (code),
#define IPPON_ERROR_ROW(name, code, wire, status, text) { (code), (wire), (status), (text) },

enum {
    IPPON_OK = 0,
    IPPON_FAILED = -1, /* failed, the reason said elsewhere (an err buffer, the log) */
    IPPON_CORE_ERRNO_MAP(IPPON_ERROR_ENUM)
};

/* the row of code among rows[0 .. n - 1]; NULL if it has none */
const ippon_error_row *ippon_error_find(const ippon_error_row *rows, int n, int code);

/* the row of an IPPON_E* code; NULL for any other */
const ippon_error_row *ippon_error_row_of(int err);

/* a short English description of an IPPON_E* code ("ok" for 0, "unknown error: ..." for others) */
const char *ippon_strerror(int err);

#endif
