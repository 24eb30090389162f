/*
 * tile.c — the tile notations: short notation ("123m0p11z"), tenhou.net/6 integers and
 * mjai strings, all converted to and from tile codes (see ippon/tile.h).
 */
#include <assert.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/tile.h"

static const char suit_letters[4] = { 'm', 'p', 's', 'z' };

static int suit_of_letter(char c)
{
    for (int s = 0; s < 4; s++)
        if (suit_letters[s] == c)
            return s;
    return -1;
}

/* the code of digit d (0–9) in suit s, or IPPON_EINVAL */
static int code_of_digit(int d, int s)
{
    if (s == IPPON_HONOR)
        return d >= 1 && d <= 7 ? 27 + d - 1 : IPPON_EINVAL;
    if (d == 0)
        return ippon_red_code(s);
    return 9 * s + d - 1;
}

int ippon_notation_parse(const char *s, ippon_code *out, int cap)
{
    assert(s && (out || cap <= 0));
    int n = 0;
    int pending_start = -1; /* index in s of the first digit waiting for its suit letter */
    for (int i = 0; s[i]; i++) {
        char c = s[i];
        if (c >= '0' && c <= '9') {
            if (pending_start < 0)
                pending_start = i;
        } else if (c == ' ') {
            if (pending_start >= 0)
                return IPPON_EINVAL; /* digits cut off from their suit */
        } else {
            int suit = suit_of_letter(c);
            if (suit < 0 || pending_start < 0)
                return IPPON_EINVAL;
            for (int j = pending_start; j < i; j++) {
                int code = code_of_digit(s[j] - '0', suit);
                if (code < 0)
                    return IPPON_EINVAL;
                if (n >= cap)
                    return IPPON_ERANGE;
                out[n++] = (ippon_code)code;
            }
            pending_start = -1;
        }
    }
    return pending_start >= 0 ? IPPON_EINVAL : n;
}

/* suit letter index and digit of a code */
static void code_digit(int code, int *suit, int *digit)
{
    if (ippon_code_is_red(code)) {
        *suit = code - IPPON_RED_5M;
        *digit = 0;
    } else {
        *suit = ippon_kind_suit(code);
        *digit = ippon_kind_number(code);
    }
}

int ippon_notation_format(const ippon_code *codes, int n, char *buf, size_t cap)
{
    size_t len = 0;
    assert((codes || n <= 0) && (buf || cap == 0));
    if (cap == 0)
        return IPPON_ERANGE;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (codes[i] >= IPPON_CODES)
            return IPPON_EINVAL;
        int suit, digit;
        code_digit(codes[i], &suit, &digit);
        int next_suit = -1, dummy;
        if (i + 1 < n && codes[i + 1] < IPPON_CODES)
            code_digit(codes[i + 1], &next_suit, &dummy);
        size_t need = (next_suit == suit) ? 1 : 2;
        if (len + need + 1 > cap) {
            buf[0] = '\0';
            return IPPON_ERANGE;
        }
        buf[len++] = (char)('0' + digit);
        if (next_suit != suit)
            buf[len++] = suit_letters[suit];
    }
    buf[len] = '\0';
    return (int)len;
}

int ippon_code_to_tenhou(int code)
{
    if (code < 0 || code >= IPPON_CODES)
        return IPPON_EINVAL;
    if (ippon_code_is_red(code))
        return 51 + code - IPPON_RED_5M;
    return 10 * (ippon_kind_suit(code) + 1) + ippon_kind_number(code);
}

int ippon_code_from_tenhou(int t)
{
    if (t >= 51 && t <= 53)
        return IPPON_RED_5M + t - 51;
    int suit = t / 10 - 1, digit = t % 10;
    if (suit < 0 || suit > 3 || digit < 1 || digit > (suit == 3 ? 7 : 9))
        return IPPON_EINVAL;
    return code_of_digit(digit, suit);
}

static const char *const mjai_names[IPPON_CODES] = {
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
    "E", "S", "W", "N", "P", "F", "C",
    "5mr", "5pr", "5sr",
};

const char *ippon_code_to_mjai(int code)
{
    return code >= 0 && code < IPPON_CODES ? mjai_names[code] : NULL;
}

int ippon_code_from_mjai(const char *s)
{
    if (!s)
        return IPPON_EINVAL;
    for (int c = 0; c < IPPON_CODES; c++)
        if (strcmp(s, mjai_names[c]) == 0)
            return c;
    return IPPON_EINVAL;
}

int ippon_counts_add(uint8_t counts[IPPON_KINDS], const ippon_code *codes, int n)
{
    assert(counts && (codes || n <= 0));
    for (int i = 0; i < n; i++) {
        if (codes[i] >= IPPON_CODES)
            return IPPON_EINVAL;
        int k = ippon_code_kind(codes[i]);
        if (counts[k] >= 4)
            return IPPON_ERANGE;
        counts[k]++;
    }
    return IPPON_OK;
}
