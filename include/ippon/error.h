/*
 * ippon/error.h — the error codes of the rules core, and the project's one error scheme.
 *
 * Functions that can fail return a negative code; 0 or a count means success. Each family of
 * codes has a range of its own, so that a code means one thing wherever it is passed on, and
 * one *_strerror that gives a static English description of each of its codes (as libuv's
 * uv_strerror does):
 *
 *      −1 ..  −99  the rules core      IPPON_E*          ippon_strerror         (this header)
 *    −100 .. −199  the server's store  IPPON_STORE_*,    ippon_store_strerror   (src/server/store/store.h,
 *                                      IPPON_WRITE_*                             store_writer.h)
 *    −200 .. −299  identities          IPPON_AUTH_*      ippon_auth_strerror    (src/server/auth/auth.h)
 *    −300 .. −399  password hashing    IPPON_PWHASH_*    ippon_pwhash_strerror  (src/server/auth/pwhash.h)
 *
 * −1 is also the plain "failed" of the server's functions that say no more than that (their
 * comments read "0 or -1", the reason going to an err buffer or the log), the store's among
 * them. Callers compare a result with the named codes, or test < 0; never with a number.
 * (tests/unit/test_server_error_codes.c checks that the codes are distinct, in their ranges and
 * described.)
 *
 * Contracts: a caller's mistakes — a NULL pointer, a negative length, a seat or an index out
 * of range where the comment asks for a good one — and the invariants of the code itself are
 * checked with assert(), on in the test builds and compiled out of the release ones
 * (CMakeLists.txt: IPPON_ASSERTS). Input from outside (walls, actions, notation, hands, preset
 * files) is never asserted: it gets an error code.
 */
#ifndef IPPON_ERROR_H
#define IPPON_ERROR_H

enum {
    IPPON_OK = 0,
    /* −1 .. −99 */
    IPPON_EINVAL = -1,   /* malformed or out-of-range input */
    IPPON_ERANGE = -2,   /* a count or a buffer is exceeded */
    IPPON_EILLEGAL = -3, /* well-formed, but against the rules (an illegal hand or action) */
};

/* a short English description of an IPPON_E* code */
const char *ippon_strerror(int err);

#endif
