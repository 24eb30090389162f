/*
 * uri_check.h — what a request's path and query parameters may hold once decoded: text the
 * handlers can echo in a JSON error and compare safely. The transport (http.c) checks every
 * request's path and every query parameter with these, and answers 400 naming what is wrong.
 *
 * libwebsockets has decoded %XX and folded "/./" and "/../" away by then, and refuses a bad
 * escape ("%zz") itself (403) before any callback; what it lets through and these refuse:
 * bytes that are not UTF-8 (overlong forms such as %c0%ae, which naive decoders read as '.',
 * surrogates, stray continuation bytes), NUL and other control characters, and a ".." segment.
 */
#ifndef IPPON_SERVER_URI_CHECK_H
#define IPPON_SERVER_URI_CHECK_H

#include <stddef.h>

/* 1 if the len bytes are well-formed UTF-8 (RFC 3629: no overlong form, surrogate or value over U+10FFFF) */
int ippon_utf8_valid(const char *text, size_t len);

/*
 * NULL if the len bytes are acceptable query text: UTF-8 without control characters (NUL,
 * U+0001..U+001F, U+007F). Else what is wrong, as a phrase: "is not valid UTF-8", ...
 */
const char *ippon_text_problem(const char *text, size_t len);

/* NULL if path (len bytes) is an acceptable path: '/' first, ippon_text_problem's rules, no ".." segment */
const char *ippon_path_problem(const char *path, size_t len);

#endif
