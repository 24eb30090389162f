/*
 * mode.h — the game modes, 4-player and 3-player: one enum for every layer (the lobby's queues,
 * the tables, the store, the REST routes, /metrics), and one name for each, "4p" and "3p", as
 * the protocol, the REST API and the database (matches.mode) write them.
 *
 * A mode is a number of players — the rules' `players` (include/ippon/rules.h) — and the
 * product's rule preset for it, built into the core (ippon_rules_preset): "yonma" for 4, "sanma"
 * for 3. The values are 0 and 1, so a mode indexes an array of IPPON_MODES.
 */
#ifndef IPPON_SERVER_MODE_H
#define IPPON_SERVER_MODE_H

typedef enum ippon_mode { IPPON_MODE_4P = 0, IPPON_MODE_3P = 1, IPPON_MODES } ippon_mode;

/* the accepted names as a message lists them (a string literal, for messages built at compile time) */
#define IPPON_MODE_CHOICES "\"4p\" or \"3p\""

/* "4p", "3p" */
const char *ippon_mode_name(ippon_mode mode);
/* "4p" or "3p" → *out: 0, or -1 for anything else (NULL included) */
int ippon_mode_parse(const char *name, ippon_mode *out);

/* 4, 3: the rules' players */
int ippon_mode_players(ippon_mode mode);
/* the mode of a table of that many players (3: 3-player; anything else: 4-player) */
ippon_mode ippon_mode_of_players(int players);
/* the product's rule preset: "yonma", "sanma" (ippon_rules_preset) */
const char *ippon_mode_preset(ippon_mode mode);

#endif
