/*
 * name_rules.c — names that pass for the staff, the service or a bot (see name_rules.h).
 *
 * How it works: the name is cut into words (at spaces and punctuation, and where a small
 * letter meets a capital), each character read as the letter it looks like. Each word, with
 * the digits at its end dropped, and the whole name run together are compared with the
 * reserved words; the first word with "bot", the whole name with the bots' names. Bytes
 * outside ASCII (CJK letters) are letters of their own that match nothing.
 */
#include "auth/name_rules.h"

#include <stdio.h>
#include <string.h>

const char *const ippon_bot_names[IPPON_BOT_NAME_COUNT] = {"Bot Aoi", "Bot Ren", "Bot Sora"};

static const char *const reserved[] = {"admin", "administrator", "system", "ippon", "moderator", "support"};

#define NAME_MAX_WORDS 64
#define NAME_MAX_TEXT 256 /* longer names cannot be display names anyway: read this much */

/* the letter c stands for, lowercase; '\0' for a separator; '#' for a letter that matches nothing */
static char read_as(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        c = (unsigned char)(c - 'A' + 'a');
    if (c >= 0x80)
        return '#';
    switch (c) {
    case 'l': case '1': case '!': case '|': return 'i';
    case '0': return 'o';
    case '3': return 'e';
    case '4': case '@': return 'a';
    case '5': case '$': return 's';
    case '7': return 't';
    case '8': return 'b';
    default: break;
    }
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
        return (char)c;
    return '\0';
}

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static int is_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }
static int is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }

/* raw[0..n) read as letters, without the digits at its end, into out */
static void word_read(const unsigned char *raw, size_t n, char *out, size_t outlen)
{
    while (n > 0 && is_digit(raw[n - 1]))
        n--;
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < outlen; i++)
        out[k++] = read_as(raw[i]);
    out[k] = '\0';
}

static const char *reserved_word(const char *read)
{
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (!strcmp(read, reserved[i]))
            return reserved[i];
    return NULL;
}

int ippon_name_impersonates(const char *name, size_t len, char *problem, size_t problen)
{
    const unsigned char *s = (const unsigned char *)name;
    if (len > NAME_MAX_TEXT)
        len = NAME_MAX_TEXT;
    /* the words: where each starts in s and how long it is; the whole without separators */
    size_t start[NAME_MAX_WORDS], length[NAME_MAX_WORDS], words = 0;
    unsigned char whole[NAME_MAX_TEXT + 1];
    size_t whole_len = 0;
    int in_word = 0;
    for (size_t i = 0; i < len; i++) {
        if (read_as(s[i]) == '\0') {
            in_word = 0;
            continue;
        }
        whole[whole_len++] = s[i];
        int camel = in_word && is_lower(s[i - 1]) && is_upper(s[i]);
        int script = in_word && (s[i] >= 0x80) != (s[i - 1] >= 0x80); /* Latin meets CJK */
        if ((!in_word || camel || script) && words < NAME_MAX_WORDS) {
            start[words] = i;
            length[words++] = 0;
        }
        in_word = 1;
        if (words > 0)
            length[words - 1] = i + 1 - start[words - 1];
    }
    char read[NAME_MAX_TEXT + 1];
    const char *hit = NULL;
    for (size_t w = 0; w < words && !hit; w++) {
        word_read(s + start[w], length[w], read, sizeof read);
        hit = reserved_word(read);
        if (w == 0 && !strcmp(read, "bot")) {
            snprintf(problem, problen, "looks like a bot's name (\"Bot …\"): names of that form are the server's bots");
            return -1;
        }
    }
    if (!hit) {
        word_read(whole, whole_len, read, sizeof read);
        hit = reserved_word(read);
        for (size_t b = 0; b < IPPON_BOT_NAME_COUNT && !hit; b++) {
            char compact[32]; /* the bot's name run together, read as letters */
            size_t k = 0;
            for (const char *p = ippon_bot_names[b]; *p && k + 1 < sizeof compact; p++)
                if (read_as((unsigned char)*p))
                    compact[k++] = read_as((unsigned char)*p);
            compact[k] = '\0';
            if (!strcmp(read, compact)) {
                snprintf(problem, problen, "looks like a bot's name (\"%s\"): names of that form are the server's bots",
                         ippon_bot_names[b]);
                return -1;
            }
        }
    }
    if (hit) {
        snprintf(problem, problen, "looks like \"%s\": names that pass for the staff or the service are reserved", hit);
        return -1;
    }
    return 0;
}
