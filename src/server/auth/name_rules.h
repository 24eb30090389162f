/*
 * name_rules.h — judging a name: what a display name and a username may be (their characters and
 * length: ippon_auth_check_display_name, ippon_auth_check_username), and how display names are
 * read: the names that would pass for someone they are not
 * — the staff and the service, in English and in Japanese, and the bots (the names the server
 * gives them, "Bot Aoi", and anything of the form "Bot <name>" or "ボット…") — and the names not
 * written in the usual form of their characters.
 *
 * The rule reads a name the way a person glancing at a table would:
 *   - first in Unicode's NFKC form, case-folded (libunistring's u32_normalize and u32_casefold):
 *     full-width letters are their ASCII letters ("ＡＤＭＩＮ"), half-width kana their kana;
 *   - spaces and punctuation ("_", "-", ".", "・", …) are ignored, and digits and signs that look
 *     like letters are read as those letters (0 o, 1 i, 3 e, 4 a, 5 s, 7 t, 8 b, @ a, $ s, ! i,
 *     | i; and l is read as i): "adm1n", "A_D_M_I_N", "5upport";
 *   - katakana are read as hiragana ("イッポン" as "いっぽん"), kanji that look like kana as those
 *     kana (一 ー, 口 ロ, 工 エ, 力 カ, 二 ニ, 八 ハ, 卜 ト, 夕 タ: "サポ一ト"), and a "-" after a kana as
 *     the long-vowel mark ー ("サポ-ト");
 *   - words are split at spaces and punctuation, where a small letter is followed by a capital,
 *     and where Latin letters meet CJK ones ("Admin_Rin", "RinAdmin", "一本Rin"); digits and
 *     long-vowel marks at the end of a word do not count ("admin01").
 * Refused, so read:
 *   - a name that is, whole or as one of its words, "admin", "administrator", "system",
 *     "moderator", "support", or the service's name "ippon", "イッポン" ("いっぽん"), "一本". Words
 *     that merely contain one are fine ("Badminton", "Ecosystem", "Botan"; "一本気", "一本杉":
 *     "一本" is a common word);
 *   - a name holding, anywhere, a Japanese staff or service word: 管理者, 管理人, 管理官, 運営,
 *     公式, 事務局, スタッフ, システム, サポート, モデレーター, アドミン, オフィシャル, and
 *     かんりしゃ, かんりにん, うんえい, こうしき. Japanese is written without spaces, so a reader
 *     sees the word inside a name ("運営スタッフ", "公式ヒロ", "イッポン公式", "管理人さん"): unlike
 *     the English words, these are refused inside other words too ("エコシステム"), and the
 *     list holds only words that read as official ("サポーター", a supporter, stays free);
 *   - a name whose first word is "Bot" followed by anything ("Bot Aoi", "Bot_Rin", "B0tSora",
 *     "Bot7"), that begins with "ボット" or "ぼっと" ("ボットアオイ", "ﾎﾞｯﾄ"), or that is a bot's
 *     name without the space ("botaoi"). "ロボット" (a robot) stays free, as "Robot" does.
 *
 * Used by ippon_auth_check_display_name (below), so it binds guests, registrations, claims,
 * renames and an administrator's renames alike; the generated guest names ("Guest-4F2A9C") are
 * checked too and can never match. Pure functions, no state.
 */
#ifndef IPPON_SERVER_NAME_RULES_H
#define IPPON_SERVER_NAME_RULES_H

#include <stddef.h>

/* the names the server gives its bots at a table (gateway_tables.c) */
#define IPPON_BOT_NAME_COUNT 3
extern const char *const ippon_bot_names[IPPON_BOT_NAME_COUNT];

/*
 * Does name (len bytes, any text) pass for the staff, the service or a bot? 0 if not; -1 if it
 * does, with the reason (without the field's name) in problem, e.g. "looks like \"admin\": names
 * that pass for the staff or the service are reserved". Text that is not UTF-8 is 0 (the display
 * name's check refuses it).
 */
int ippon_name_impersonates(const char *name, size_t len, char *problem, size_t problen);

/*
 * Is each character of name (len bytes of UTF-8) its own NFKC form? 0 if so; -1 if not, naming the
 * first that is not and its usual form (CJK compatibility ideographs such as U+FA19 for U+795E,
 * ヿ for コト). Display names are unique as lower(name) in the store (SQLite and PostgreSQL); with
 * every character in its NFKC form and ASCII letters the only ones with a case, that is the same
 * as comparing their NFKC case folds, so two names that read the same cannot both be taken.
 */
int ippon_name_check_form(const char *name, size_t len, char *problem, size_t problen);

/*
 * Is name (len bytes) a valid display name? Not one that passes for the staff, the service or
 * a bot (name_rules.h: checked first, so its reason is the one given); 3 to 16 characters of
 * strict UTF-8, each an ASCII letter or digit, '_', '-', or a CJK letter (kana, CJK
 * ideographs, hangul syllables; no spaces, punctuation, controls, full-width or symbol forms),
 * and not starting with "Guest-" (any case: generated names only). Returns 0, or -1 with the
 * problem (without the field name) in problem.
 */
int ippon_auth_check_display_name(const char *name, size_t len, char *problem, size_t problen);

/* 3 to 24 of A-Z a-z 0-9 _ - ; as above */
int ippon_auth_check_username(const char *name, size_t len, char *problem, size_t problen);

#endif
