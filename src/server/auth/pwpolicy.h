/*
 * pwpolicy.h — is a new password good enough? libpwquality (Debian's libpwquality, with
 * cracklib's dictionary from cracklib-runtime) decides, with our own settings rather than the
 * system's /etc/security/pwquality.conf: at least min_len bytes, cracklib's dictionary check
 * (common passwords, dictionary words and their mangled forms, keyboard runs, too few different
 * characters, "12345678", "password1", "qwertyui"), not the username, not a palindrome, and
 * (when the old password is given) not the old one, nor too like it. Everything else of
 * pwquality (character classes, credits) is off.
 *
 * The reply is our own English sentence for pwquality's error code (and for cracklib's reason),
 * never pwquality's text, so every client sees the same words.
 *
 * Cost: 0.05 ms for a refused common password up to 1.5 ms for a good one on the development
 * machine (cracklib looks up several mangled forms), more than the event loop should spend per
 * request; so the server checks on the password-hashing worker (pwhash.h), just before hashing.
 * One policy is used by one thread at a time (cracklib is not thread-safe).
 */
#ifndef IPPON_SERVER_PWPOLICY_H
#define IPPON_SERVER_PWPOLICY_H

#include <stddef.h>

typedef struct ippon_pwpolicy ippon_pwpolicy;

#define IPPON_PWPOLICY_PLAYER_MIN 8 /* bytes: every account */
#define IPPON_PWPOLICY_ADMIN_MIN 12 /* bytes: an administrator made from the command line (admin_cli.h) */

/* a policy asking for at least min_len bytes (6..128); NULL if out of memory or libpwquality refuses */
ippon_pwpolicy *ippon_pwpolicy_new(int min_len);
void ippon_pwpolicy_free(ippon_pwpolicy *p);

/*
 * Check password (len bytes; a NUL inside is refused) for the account username (may be NULL),
 * replacing old_password (NULL: a new account). 0 if good enough; -1 with the reason, without
 * the field's name, in why ("is a common password or a dictionary word: …").
 */
int ippon_pwpolicy_check(ippon_pwpolicy *p, const char *password, size_t len, const char *username,
                         const char *old_password, char *why, size_t whylen);

#endif
