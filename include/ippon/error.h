/*
 * ippon/error.h — the error codes of the rules core. Functions that can fail return a
 * negative IPPON_E* value; 0 or a count means success.
 */
#ifndef IPPON_ERROR_H
#define IPPON_ERROR_H

enum {
    IPPON_OK = 0,
    IPPON_EINVAL = -1,   /* malformed or out-of-range input */
    IPPON_ERANGE = -2,   /* a count or a buffer is exceeded */
    IPPON_EILLEGAL = -3, /* well-formed, but against the rules (an illegal hand or action) */
};

/* a short English description of an IPPON_E* code */
const char *ippon_strerror(int err);

#endif
