/*
 * rooms.h — private tables before they start: a host's room that friends join by its code (or
 * the invite link that carries it), with the host's choices for the match — the mode, the clocks
 * (standard, or relaxed: three times as long), whether bots may fill the empty seats, whether
 * spectators may watch and how late. The host starts the match when ready (the gateway then
 * seats the members at a table: gateway_rooms.c) or closes the room. Private matches are never
 * ranked.
 *
 * A room whose match started is kept as played (its code, choices and members) for
 * IPPON_ROOM_AGAIN_MS: its host may open it again after the match ("room_again"), with the same
 * code and choices, and the friends who played are offered to come back (gateway_rooms.c). No new
 * room takes a played room's code meanwhile.
 *
 * Limits that stop abuse: a player is in at most one room, and hosts at most one; a client
 * address hosts at most `max_per_addr` open rooms; a room nobody starts within `max_age_ms` is
 * closed. Codes are ROOM_CODE_LEN characters of an alphabet without look-alikes (no 0/O, 1/I/L),
 * drawn at random, never two open rooms with one code; codes that lead nowhere are limited per
 * address and per account (room_limits.h), so they cannot be guessed.
 *
 * Pure data: no sockets, no time of its own (the caller passes now).
 */
#ifndef IPPON_SERVER_ROOMS_H
#define IPPON_SERVER_ROOMS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/mode.h"

enum { IPPON_ROOM_CODE_LEN = 6, IPPON_ROOM_MAX_SEATS = 4 };

/* how long a room waits for its start before it closes */
#define IPPON_ROOM_MAX_AGE_MS (30 * 60 * 1000)

/* how long a started room can be opened again by its host */
#define IPPON_ROOM_AGAIN_MS (2 * 60 * 60 * 1000)

typedef struct ippon_room_choices {
    ippon_mode mode;
    bool relaxed;     /* the clocks three times as long */
    bool bots;        /* bots fill the empty seats at the start */
    bool spectators;  /* anyone with the link may watch */
    int delay_s;      /* ... this late (0 allowed) */
} ippon_room_choices;

typedef struct ippon_room_member {
    char user_id[40];
    char name[80];
    bool ai;          /* a bot account's AI the host seated (gateway_room_bots.c): it plays over mjai */
    char owner[80];   /* ... its owner's display name */
} ippon_room_member;

typedef struct ippon_room {
    char code[IPPON_ROOM_CODE_LEN + 1];
    ippon_room_choices choices;
    ippon_room_member members[IPPON_ROOM_MAX_SEATS]; /* members[0] is the host */
    int n;
    char host_addr[64];
    int64_t created_ms;
} ippon_room;

typedef struct ippon_rooms ippon_rooms;

ippon_rooms *ippon_rooms_new(int max_per_addr, int64_t max_age_ms);
void ippon_rooms_free(ippon_rooms *r);

/* errors, each with its code for the client (ippon_rooms_error_code) */
enum {
    IPPON_ROOM_OK = 0,
    IPPON_ROOM_IN_ROOM = -1,   /* the player is in a room already */
    IPPON_ROOM_TOO_MANY = -2,  /* the address hosts max_per_addr open rooms */
    IPPON_ROOM_NOT_FOUND = -3, /* no open room with that code */
    IPPON_ROOM_FULL = -4,
    IPPON_ROOM_NOT_HOST = -5,
    IPPON_ROOM_NO_MEMORY = -6,
};
const char *ippon_rooms_error_code(int err);

/* a new room hosted by the member from addr; its code into code. 0 or an error */
int ippon_rooms_create(ippon_rooms *r, const ippon_room_member *host, const char *addr, const ippon_room_choices *c,
                       int64_t now, char code[IPPON_ROOM_CODE_LEN + 1]);
/* code in its canonical form (upper case) into out, if it can be a room's code at all */
bool ippon_rooms_canonical_code(const char *code, char out[IPPON_ROOM_CODE_LEN + 1]);
/* the open room with this code (any case), or NULL */
ippon_room *ippon_rooms_find(ippon_rooms *r, const char *code);
/* the room the user is in, or NULL */
ippon_room *ippon_rooms_of(ippon_rooms *r, const char *user_id);
/* the member joins the room with this code. 0 or an error */
int ippon_rooms_join(ippon_rooms *r, const char *code, const ippon_room_member *m);
/* the user leaves its room; the host leaving closes it. true when the room closed */
bool ippon_rooms_leave(ippon_rooms *r, const char *user_id);
/* removes a room (closed) */
void ippon_rooms_remove(ippon_rooms *r, const char *code);
/* the room's match starts: it is no longer open, and is kept as played (at now) so that its host
   may open it again; a played room the same host had before is forgotten. 0 or an error */
int ippon_rooms_start(ippon_rooms *r, const char *code, int64_t now);
/* the played room user_id hosted (its match started), or NULL */
const ippon_room *ippon_rooms_played_of(const ippon_rooms *r, const char *user_id);
/* the host opens its played room again from addr: the same code and choices, the host its only
   member, waiting from now; the played room's members copied into `was` (so they can be offered
   to come back). 0 or an error (IN_ROOM, NOT_FOUND: no played room, TOO_MANY, NO_MEMORY) */
int ippon_rooms_reopen(ippon_rooms *r, const char *host_id, const char *addr, int64_t now, ippon_room *was);
/* closes rooms older than max_age_ms (up to cap of them): copies into out, so their members can be
   told; returns how many. Played rooms older than IPPON_ROOM_AGAIN_MS are forgotten */
int ippon_rooms_expire(ippon_rooms *r, int64_t now, ippon_room *out, int cap);
/* the number of open rooms */
int ippon_rooms_count(const ippon_rooms *r);

#endif
