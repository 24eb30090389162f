/*
 * auth_rules.c — what a display name, a username and a password may look like (auth.h's "rules";
 * the names that pass for the staff or a bot, and the usual form of a name's characters:
 * name_rules.h; how strong a new password must be:
 * pwpolicy.h, checked on the hashing worker).
 */
#include "auth/auth.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "auth/name_rules.h"

/*
 * Decode one code point of strict UTF-8 at s[*i] (len bytes in all): 0 and *cp, *i
 * advanced; -1 for anything malformed (overlong forms, surrogates, > U+10FFFF, cut off).
 */
static int utf8_next(const unsigned char *s, size_t len, size_t *i, uint32_t *cp)
{
    unsigned char c = s[*i];
    size_t n;
    uint32_t v, min;
    if (c < 0x80) {
        *cp = c;
        (*i)++;
        return 0;
    }
    if (c >= 0xC2 && c <= 0xDF) {
        n = 1, v = c & 0x1F, min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 2, v = c & 0x0F, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 3, v = c & 0x07, min = 0x10000;
    } else {
        return -1;
    }
    if (len - *i <= n)
        return -1;
    for (size_t k = 1; k <= n; k++) {
        unsigned char t = s[*i + k];
        if ((t & 0xC0) != 0x80)
            return -1;
        v = (v << 6) | (t & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return -1;
    *cp = v;
    *i += n + 1;
    return 0;
}

static int is_name_ascii(uint32_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-';
}

/* the CJK letters a display name may use */
static int is_cjk_letter(uint32_t c)
{
    static const uint32_t ranges[][2] = {
        {0x3005, 0x3007},   /* 々 〆 〇 */
        {0x3041, 0x3096},   /* hiragana */
        {0x309D, 0x309F},   /* ゝ ゞ ゟ */
        {0x30A1, 0x30FA},   /* katakana */
        {0x30FC, 0x30FF},   /* ー ヽ ヾ ヿ */
        {0x31F0, 0x31FF},   /* katakana phonetic extensions */
        {0x3400, 0x4DBF},   /* CJK unified ideographs extension A */
        {0x4E00, 0x9FFF},   /* CJK unified ideographs */
        {0xAC00, 0xD7A3},   /* hangul syllables */
        {0xF900, 0xFAFF},   /* CJK compatibility ideographs */
        {0x20000, 0x323AF}, /* CJK unified ideographs extensions B to H, compatibility supplement */
    };
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
        if (c >= ranges[i][0] && c <= ranges[i][1])
            return 1;
    return 0;
}

int ippon_auth_check_display_name(const char *name, size_t len, char *problem, size_t problen)
{
    const unsigned char *s = (const unsigned char *)name;
    size_t i = 0, chars = 0;
    if (ippon_name_impersonates(name, len, problem, problen) != 0) /* first: "Bot Aoi" says why */
        return -1;
    while (i < len) {
        uint32_t c;
        if (s[i] == 0 || utf8_next(s, len, &i, &c) != 0) {
            snprintf(problem, problen, "must be valid UTF-8 text (bad byte at offset %zu)", i);
            return -1;
        }
        chars++;
        if (!is_name_ascii(c) && !is_cjk_letter(c)) {
            const char *what = c == ' ' ? "a space" : c < 0x20 || c == 0x7F ? "a control character" : "character";
            snprintf(problem, problen,
                     "may contain only letters A-Z a-z, digits, '_', '-' and CJK letters; "
                     "%s U+%04X at character %zu is not allowed",
                     what, (unsigned)c, chars);
            return -1;
        }
    }
    if (chars < IPPON_DISPLAY_NAME_MIN || chars > IPPON_DISPLAY_NAME_MAX) {
        snprintf(problem, problen, "must be %d to %d characters long (has %zu)",
                 IPPON_DISPLAY_NAME_MIN, IPPON_DISPLAY_NAME_MAX, chars);
        return -1;
    }
    if (ippon_name_check_form(name, len, problem, problen) != 0) /* unique as lower(name): name_rules.h */
        return -1;
    size_t plen = strlen(IPPON_GUEST_NAME_PREFIX);
    if (len >= plen && strncasecmp(name, IPPON_GUEST_NAME_PREFIX, plen) == 0) {
        snprintf(problem, problen, "names starting with \"%s\" are reserved for guests",
                 IPPON_GUEST_NAME_PREFIX);
        return -1;
    }
    return 0;
}

int ippon_auth_check_username(const char *name, size_t len, char *problem, size_t problen)
{
    for (size_t i = 0; i < len; i++) {
        if (!is_name_ascii((unsigned char)name[i])) {
            snprintf(problem, problen,
                     "may contain only A-Z, a-z, 0-9, '_' and '-' (byte 0x%02X at position %zu "
                     "is not allowed)",
                     (unsigned char)name[i], i + 1);
            return -1;
        }
    }
    if (len < IPPON_USERNAME_MIN || len > IPPON_USERNAME_MAX) {
        snprintf(problem, problen, "must be %d to %d characters long (has %zu)",
                 IPPON_USERNAME_MIN, IPPON_USERNAME_MAX, len);
        return -1;
    }
    return 0;
}

int ippon_auth_check_password(const char *password, size_t len, char *problem, size_t problen)
{
    if (memchr(password, '\0', len)) {
        snprintf(problem, problen, "must not contain NUL characters");
        return -1;
    }
    if (len < IPPON_PASSWORD_MIN || len > IPPON_PASSWORD_MAX) {
        snprintf(problem, problen, "must be %d to %d bytes long (has %zu)", IPPON_PASSWORD_MIN,
                 IPPON_PASSWORD_MAX, len);
        return -1;
    }
    return 0;
}
