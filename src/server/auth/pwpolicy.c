/*
 * pwpolicy.c — new passwords checked by libpwquality (see pwpolicy.h).
 *
 * How it works: pwquality's default settings, with the system's configuration file never
 * read, the minimum length set, and the checks that are not about guessing turned off; then
 * pwquality_check. Its error code (and, for the dictionary check, cracklib's reason, the only
 * extra it hands back) becomes one of our sentences. At creation a long random-looking
 * password is checked once: if even that is refused, cracklib's dictionary is missing, and
 * the policy is not made (it would refuse every password).
 */
#include "auth/pwpolicy.h"

#include <pwquality.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

struct ippon_pwpolicy {
    pwquality_settings_t *settings;
    int min_len;
};

#define PWPOLICY_SELF_TEST "vq7-Kestrel-Umber-29x"

ippon_pwpolicy *ippon_pwpolicy_new(int min_len)
{
    if (min_len < 6 || min_len > 128)
        return NULL;
    ippon_pwpolicy *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->min_len = min_len;
    p->settings = pwquality_default_settings();
    if (!p->settings || pwquality_set_int_value(p->settings, PWQ_SETTING_MIN_LENGTH, min_len) != 0 ||
        pwquality_set_int_value(p->settings, PWQ_SETTING_DICT_CHECK, 1) != 0 ||
        pwquality_set_int_value(p->settings, PWQ_SETTING_USER_CHECK, 1) != 0 ||
        pwquality_set_int_value(p->settings, PWQ_SETTING_GECOS_CHECK, 0) != 0 ||
        pwquality_set_int_value(p->settings, PWQ_SETTING_MIN_CLASS, 0) != 0) {
        ippon_pwpolicy_free(p);
        return NULL;
    }
    void *aux = NULL;
    int rc = pwquality_check(p->settings, PWPOLICY_SELF_TEST, NULL, NULL, &aux);
    if (rc < 0) {
        char buf[PWQ_MAX_ERROR_MESSAGE_LEN];
        ippon_log_error("pwpolicy: libpwquality refuses even a strong password (%s): is cracklib's dictionary "
                        "installed (Debian: cracklib-runtime)?",
                        pwquality_strerror(buf, sizeof buf, rc, aux));
        ippon_pwpolicy_free(p);
        return NULL;
    }
    return p;
}

void ippon_pwpolicy_free(ippon_pwpolicy *p)
{
    if (!p)
        return;
    pwquality_free_settings(p->settings);
    free(p);
}

/* our words for cracklib's reason (the dictionary check's aux text) */
static const char *cracklib_reason(const char *aux)
{
    static const struct {
        const char *says, *means;
    } reasons[] = {
        {"dictionary word", "is a common password or a dictionary word (also backwards or with digits added)"},
        {"simplistic", "is a simple pattern (like 12345678, abcd1234 or a keyboard row)"},
        {"DIFFERENT characters", "has too few different characters"},
        {"too short", "is too short"},
        {"whitespace", "is only spaces"},
        {"username", "is based on the username"},
        {"password entry", "is based on the username"},
    };
    for (size_t i = 0; aux && i < sizeof reasons / sizeof reasons[0]; i++)
        if (strstr(aux, reasons[i].says))
            return reasons[i].means;
    return "is too easy to guess";
}

int ippon_pwpolicy_check(ippon_pwpolicy *p, const char *password, size_t len, const char *username,
                         const char *old_password, char *why, size_t whylen)
{
    if (memchr(password, '\0', len) || len > 128) {
        snprintf(why, whylen, "must be at most 128 bytes without NUL characters");
        return -1;
    }
    char text[129];
    memcpy(text, password, len);
    text[len] = '\0';
    void *aux = NULL;
    int rc = pwquality_check(p->settings, text, old_password, username, &aux);
    memset(text, 0, sizeof text);
    if (rc >= 0)
        return 0;
    const char *what;
    switch (rc) {
    case PWQ_ERROR_MIN_LENGTH:
    case PWQ_ERROR_EMPTY_PASSWORD:
        snprintf(why, whylen, "must be at least %d bytes long", p->min_len);
        return -1;
    case PWQ_ERROR_CRACKLIB_CHECK:
        what = cracklib_reason(aux);
        break;
    case PWQ_ERROR_USER_CHECK:
    case PWQ_ERROR_GECOS_CHECK:
        what = "contains the username";
        break;
    case PWQ_ERROR_PALINDROME:
        what = "reads the same backwards";
        break;
    case PWQ_ERROR_SAME_PASSWORD:
        what = "is the current password";
        break;
    case PWQ_ERROR_TOO_SIMILAR:
    case PWQ_ERROR_CASE_CHANGES_ONLY:
    case PWQ_ERROR_ROTATED:
        what = "is too much like the current password";
        break;
    case PWQ_ERROR_MAX_CONSECUTIVE:
    case PWQ_ERROR_MAX_CLASS_REPEAT:
    case PWQ_ERROR_MAX_SEQUENCE:
        what = "repeats characters or runs in sequence too much";
        break;
    case PWQ_ERROR_BAD_WORDS:
        what = "contains a forbidden word";
        break;
    default:
        what = "is too easy to guess";
        break;
    }
    snprintf(why, whylen, "%s: choose a longer, less common one (a few unrelated words work well)", what);
    return -1;
}
