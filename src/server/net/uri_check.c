/*
 * uri_check.c — decoded paths and query text checked before anything uses them (uri_check.h).
 * The UTF-8 check follows the table of well-formed byte sequences in RFC 3629, section 4.
 */
#include "net/uri_check.h"

#include <string.h>

/* the length of the well-formed sequence at s (n bytes left), or 0 if it is not one */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF; /* the range of the second byte */
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0; /* below: overlong */
        if (c == 0xED)
            hi = 0x9F; /* above: UTF-16 surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90; /* below: overlong */
        if (c == 0xF4)
            hi = 0x8F; /* above: over U+10FFFF */
    } else {
        return 0; /* a continuation byte, C0/C1 (overlong), F5..FF */
    }
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return len;
}

int ippon_utf8_valid(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < len;) {
        size_t n = utf8_sequence(s + i, len - i);
        if (!n)
            return 0;
        i += n;
    }
    return 1;
}

const char *ippon_text_problem(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == 0)
            return "holds a NUL byte (%00)";
        if (c < 0x20 || c == 0x7F)
            return "holds a control character";
    }
    if (!ippon_utf8_valid(text, len))
        return "is not valid UTF-8 (a bad or overlong %-encoded sequence?)";
    return NULL;
}

const char *ippon_path_problem(const char *path, size_t len)
{
    if (len == 0 || path[0] != '/')
        return "does not start with /";
    const char *problem = ippon_text_problem(path, len);
    if (problem)
        return problem;
    for (size_t i = 0; i < len; i++) { /* every segment, after each '/' */
        if (path[i] != '/')
            continue;
        size_t end = i + 1;
        while (end < len && path[end] != '/')
            end++;
        if (end - i - 1 == 2 && !memcmp(path + i + 1, "..", 2))
            return "has a \"..\" segment";
    }
    return NULL;
}
