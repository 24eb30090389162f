/*
 * name_rules.c — what a display name and a username may be (see name_rules.h): their characters
 * and length, names that pass for the staff, the service or a bot, and names not written in their
 * usual form.
 *
 * How it works: the name is brought to Unicode's NFKC form (libunistring: full-width letters
 * become ASCII, half-width kana kana), a '-' after a kana read as the long-vowel mark 'ー', and cut
 * into words (at spaces and punctuation, where a small letter meets a capital, and where Latin
 * meets CJK). A word is read by dropping the digits and long-vowel marks at its end, case-folding
 * it (u32_casefold), reading each ASCII character as the letter it looks like, katakana as
 * hiragana and the kanji that look like kana as those kana. The reserved words are read the same
 * way, so each list holds them as written. Text that is not UTF-8 matches nothing (the display
 * name's check refuses it).
 */
#include "auth/name_rules.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <unicase.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

#include "auth/auth.h"

const char *const ippon_bot_names[IPPON_BOT_NAME_COUNT] = {"Bot Aoi", "Bot Ren", "Bot Sora"};

/* refused as the whole name or one of its words */
static const char *const reserved[] = {
    "admin", "administrator", "system", "ippon", "moderator", "support", /* the staff, the service */
    "イッポン", "一本",                                                  /* the service's name in Japanese */
};
/* refused wherever they stand in the name: Japanese has no spaces between words */
static const char *const reserved_within[] = {
    "管理者", "管理人", "管理官", "運営", "公式", "事務局",
    "スタッフ", "システム", "サポート", "モデレーター", "アドミン", "オフィシャル",
    "かんりしゃ", "かんりにん", "うんえい", "こうしき", /* 管理者, 管理人, 運営, 公式 in hiragana */
};
/* a name that begins with it is a bot's, as "Bot <anything>" is */
static const char bot_word_cjk[] = "ボット";

#define NAME_MAX_WORDS 32
#define NAME_MAX_TEXT 64 /* code points: longer names cannot be display names anyway: read this much */
#define LONG_MARK 0x30FC  /* ー */

/* the letter an ASCII c stands for, lowercase; '\0' for a separator */
static char read_as(uint32_t c)
{
    if (c >= 'A' && c <= 'Z')
        c = c - 'A' + 'a';
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

static int is_kana(uint32_t c) { return (c >= 0x3041 && c <= 0x309F) || (c >= 0x30A1 && c <= 0x30FF); }

/* a non-ASCII c is part of a word when it is a letter, a mark or a number (ー and 々 are letters) */
static int is_letter(uint32_t c)
{
    if (c < 0x80)
        return read_as(c) != '\0';
    return uc_is_general_category_withtable(c, UC_CATEGORY_MASK_L | UC_CATEGORY_MASK_M | UC_CATEGORY_MASK_N);
}

/* a folded, non-ASCII c as the kana it looks like: katakana as hiragana, kanji like kana as them */
static uint32_t read_cjk(uint32_t c)
{
    static const uint32_t like[][2] = {
        {0x4E00, LONG_MARK}, /* 一 ー */ {0x53E3, 0x308D}, /* 口 ろ */ {0x5DE5, 0x3048}, /* 工 え */
        {0x529B, 0x304B},    /* 力 か */ {0x4E8C, 0x306B}, /* 二 に */ {0x516B, 0x306F}, /* 八 は */
        {0x535C, 0x3068},    /* 卜 と */ {0x5915, 0x305F}, /* 夕 た */
    };
    if (c >= 0x30A1 && c <= 0x30F6)
        return c - 0x60;
    for (size_t i = 0; i < sizeof like / sizeof like[0]; i++)
        if (c == like[i][0])
            return like[i][1];
    return c;
}

/* a name's text: NFKC code points (at most NAME_MAX_TEXT), a '-' after a kana read as ー */
typedef struct {
    uint32_t cp[NAME_MAX_TEXT];
    size_t n;
} name_text;

/* 0; 1 if s is not UTF-8; -1 out of memory */
static int text_of(const char *s, size_t len, name_text *t)
{
    if (len > NAME_MAX_TEXT * 4) { /* enough bytes for NAME_MAX_TEXT code points, cut where one starts */
        len = NAME_MAX_TEXT * 4;
        while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80)
            len--;
    }
    size_t n = 0;
    uint32_t *raw = u8_to_u32((const uint8_t *)s, len, NULL, &n);
    if (!raw)
        return errno == ENOMEM ? -1 : 1;
    size_t m = 0;
    uint32_t *nfkc = u32_normalize(UNINORM_NFKC, raw, n, NULL, &m);
    free(raw);
    if (!nfkc)
        return errno == ENOMEM ? -1 : 1;
    t->n = m < NAME_MAX_TEXT ? m : NAME_MAX_TEXT;
    for (size_t i = 0; i < t->n; i++)
        t->cp[i] = nfkc[i] == '-' && i > 0 && is_kana(t->cp[i - 1]) ? LONG_MARK : nfkc[i];
    free(nfkc);
    return 0;
}

/* a reading: the folded code points a word stands for */
typedef struct {
    uint32_t cp[NAME_MAX_TEXT * 3]; /* case folding may lengthen a text up to threefold */
    size_t n;
} reading;

/* cp[0..n) read as above into r: 0, or -1 out of memory */
static int read_word(const uint32_t *cp, size_t n, reading *r)
{
    while (n > 0 && ((cp[n - 1] >= '0' && cp[n - 1] <= '9') || cp[n - 1] == LONG_MARK))
        n--;
    size_t m = 0;
    uint32_t *folded = u32_casefold(cp, n, NULL, UNINORM_NFKC, NULL, &m);
    if (!folded)
        return -1;
    r->n = 0;
    for (size_t i = 0; i < m && r->n < sizeof r->cp / sizeof r->cp[0]; i++) {
        uint32_t c = folded[i] < 0x80 ? (uint32_t)read_as(folded[i]) : read_cjk(folded[i]);
        if (c)
            r->cp[r->n++] = c;
    }
    free(folded);
    return 0;
}

/* a reserved word (UTF-8) read as a name's word is */
static int read_reserved(const char *word, reading *r)
{
    name_text t;
    return text_of(word, strlen(word), &t) == 0 ? read_word(t.cp, t.n, r) : -1;
}

static int same(const reading *a, const reading *b)
{
    return a->n == b->n && !memcmp(a->cp, b->cp, a->n * sizeof a->cp[0]);
}

static int begins_with(const reading *a, const reading *b)
{
    return a->n >= b->n && b->n > 0 && !memcmp(a->cp, b->cp, b->n * sizeof a->cp[0]);
}

static int holds(const reading *a, const reading *b)
{
    for (size_t i = 0; b->n > 0 && i + b->n <= a->n; i++)
        if (!memcmp(a->cp + i, b->cp, b->n * sizeof a->cp[0]))
            return 1;
    return 0;
}

/* the name's words and its whole without separators, read */
typedef struct {
    reading words[NAME_MAX_WORDS];
    size_t count;
    reading whole;
} name_reading;

static int read_name(const name_text *t, name_reading *nr)
{
    size_t start[NAME_MAX_WORDS], length[NAME_MAX_WORDS];
    uint32_t whole[NAME_MAX_TEXT];
    size_t words = 0, whole_len = 0;
    int in_word = 0;
    for (size_t i = 0; i < t->n; i++) {
        uint32_t c = t->cp[i];
        if (!is_letter(c)) {
            in_word = 0;
            continue;
        }
        whole[whole_len++] = c;
        uint32_t before = i > 0 ? t->cp[i - 1] : 0;
        int camel = in_word && before >= 'a' && before <= 'z' && c >= 'A' && c <= 'Z';
        int script = in_word && (c >= 0x80) != (before >= 0x80); /* Latin meets CJK */
        if ((!in_word || camel || script) && words < NAME_MAX_WORDS) {
            start[words] = i;
            length[words++] = 0;
        }
        in_word = 1;
        if (words > 0)
            length[words - 1] = i + 1 - start[words - 1];
    }
    nr->count = words;
    for (size_t w = 0; w < words; w++)
        if (read_word(t->cp + start[w], length[w], &nr->words[w]) != 0)
            return -1;
    return read_word(whole, whole_len, &nr->whole);
}

static int refuse_bot(const char *like, char *problem, size_t problen)
{
    snprintf(problem, problen, "looks like a bot's name (\"%s\"): names of that form are the server's bots", like);
    return -1;
}

static int refuse_reserved(const char *word, char *problem, size_t problen)
{
    snprintf(problem, problen, "looks like \"%s\": names that pass for the staff or the service are reserved", word);
    return -1;
}

/* the checks on a name read: 0, or -1 with problem; -2 out of memory */
static int judge(const name_reading *nr, reading *r, char *problem, size_t problen)
{
    if (read_reserved("bot", r) != 0)
        return -2;
    if (nr->count > 0 && same(&nr->words[0], r))
        return refuse_bot("Bot …", problem, problen);
    if (read_reserved(bot_word_cjk, r) != 0)
        return -2;
    if (begins_with(&nr->whole, r))
        return refuse_bot("ボット…", problem, problen);
    for (size_t b = 0; b < IPPON_BOT_NAME_COUNT; b++) {
        if (read_reserved(ippon_bot_names[b], r) != 0)
            return -2;
        if (same(&nr->whole, r))
            return refuse_bot(ippon_bot_names[b], problem, problen);
    }
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++) {
        if (read_reserved(reserved[i], r) != 0)
            return -2;
        int hit = same(&nr->whole, r);
        for (size_t w = 0; w < nr->count && !hit; w++)
            hit = same(&nr->words[w], r);
        if (hit)
            return refuse_reserved(reserved[i], problem, problen);
    }
    for (size_t i = 0; i < sizeof reserved_within / sizeof reserved_within[0]; i++) {
        if (read_reserved(reserved_within[i], r) != 0)
            return -2;
        if (holds(&nr->whole, r))
            return refuse_reserved(reserved_within[i], problem, problen);
    }
    return 0;
}

int ippon_name_impersonates(const char *name, size_t len, char *problem, size_t problen)
{
    name_text *t = malloc(sizeof *t);
    name_reading *nr = malloc(sizeof *nr);
    reading *r = malloc(sizeof *r);
    int rc = -2; /* out of memory, unless read */
    if (t && nr && r) {
        int text = text_of(name, len, t);
        if (text == 1)
            rc = 0; /* not UTF-8: nothing to read */
        else if (text == 0 && read_name(t, nr) == 0)
            rc = judge(nr, r, problem, problen);
    }
    if (rc == -2) { /* refused rather than let through unread */
        snprintf(problem, problen, "could not be checked (out of memory)");
        rc = -1;
    }
    free(t);
    free(nr);
    free(r);
    return rc;
}

int ippon_name_check_form(const char *name, size_t len, char *problem, size_t problen)
{
    size_t chars = 0;
    const uint8_t *s = (const uint8_t *)name, *end = s + len;
    while (s < end) {
        ucs4_t c;
        int n = u8_mbtoucr(&c, s, (size_t)(end - s));
        if (n <= 0)
            return 0; /* not UTF-8: the display name's check says so */
        chars++;
        uint32_t one = c, out[8];
        size_t m = sizeof out / sizeof out[0];
        uint32_t *nfkc = u32_normalize(UNINORM_NFKC, &one, 1, out, &m);
        if (!nfkc) {
            snprintf(problem, problen, "could not be checked (out of memory)");
            return -1;
        }
        int long_form = nfkc != out; /* more than out holds: named as "other characters" */
        if (long_form)
            free(nfkc);
        if (long_form || m != 1 || out[0] != c) {
            char usual[64] = "";
            for (size_t i = 0; !long_form && i < m; i++)
                snprintf(usual + strlen(usual), sizeof usual - strlen(usual), "%sU+%04X", i ? " " : "",
                         (unsigned)out[i]);
            snprintf(problem, problen,
                     "must be written in the usual form of its characters: U+%04X at character %zu is a "
                     "compatibility form of %s",
                     (unsigned)c, chars, usual[0] ? usual : "other characters");
            return -1;
        }
        s += n;
    }
    return 0;
}

/* ---- the display name's and the username's form ---------------------------------------- */

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
