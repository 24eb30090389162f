/*
 * name_rules.h — display names that would pass for someone they are not: the staff and the
 * service ("admin", "administrator", "system", "ippon", "moderator", "support") and the bots
 * (the names the server gives them, "Bot Aoi", and anything of the form "Bot <name>").
 *
 * The rule reads a name the way a person glancing at a table would:
 *   - case does not matter, spaces and punctuation ("_", "-", ".", …) are ignored, and digits
 *     and signs that look like letters are read as those letters (0 o, 1 i, 3 e, 4 a, 5 s,
 *     7 t, 8 b, @ a, $ s, ! i, | i; and l is read as i): "adm1n", "A_D_M_I_N", "5upport";
 *   - a name is refused when, read so, it is one of the reserved words, either whole or as
 *     one of its words — words are split at spaces and punctuation and where a small letter is
 *     followed by a capital ("Admin_Rin", "RinAdmin", "ippon-staff") —, digits at the end of a
 *     word not counting ("admin01");
 *   - and when its first word is "Bot" followed by anything ("Bot Aoi", "Bot_Rin", "B0tSora",
 *     "Bot7"), or it is a bot's name without the space ("botaoi").
 * Words that merely contain a reserved word are fine ("Badminton", "Ecosystem", "Botan").
 *
 * Used by ippon_auth_check_display_name (auth.h), so it binds guests, registrations, claims,
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
 * that pass for the staff or the service are reserved".
 */
int ippon_name_impersonates(const char *name, size_t len, char *problem, size_t problen);

#endif
