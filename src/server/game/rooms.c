/*
 * rooms.c — private rooms before their match (rooms.h): a small array of open rooms (a server
 * has few at once), searched linearly; codes drawn with libsodium's uniform random numbers.
 */
#include "game/rooms.h"

#include <strings.h>
#include <sodium.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char ALPHABET[] = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"; /* no 0/O, 1/I/L */

struct ippon_rooms {
    ippon_room *rooms;
    int n, cap;
    int max_per_addr;
    int64_t max_age_ms;
};

ippon_rooms *ippon_rooms_new(int max_per_addr, int64_t max_age_ms)
{
    ippon_rooms *r = calloc(1, sizeof *r);
    if (r) {
        r->max_per_addr = max_per_addr;
        r->max_age_ms = max_age_ms;
    }
    return r;
}

void ippon_rooms_free(ippon_rooms *r)
{
    if (r)
        free(r->rooms);
    free(r);
}

const char *ippon_rooms_error_code(int err)
{
    switch (err) {
    case IPPON_ROOM_IN_ROOM: return "in_room";
    case IPPON_ROOM_TOO_MANY: return "too_many_rooms";
    case IPPON_ROOM_NOT_FOUND: return "no_room";
    case IPPON_ROOM_FULL: return "room_full";
    case IPPON_ROOM_NOT_HOST: return "not_host";
    case IPPON_ROOM_NO_MEMORY: return "overloaded";
    default: return "ok";
    }
}

bool ippon_rooms_canonical_code(const char *code, char out[IPPON_ROOM_CODE_LEN + 1])
{
    if (!code || strlen(code) != IPPON_ROOM_CODE_LEN)
        return false;
    for (int i = 0; i < IPPON_ROOM_CODE_LEN; i++) {
        char c = (char)toupper((unsigned char)code[i]);
        if (!c || !strchr(ALPHABET, c))
            return false;
        out[i] = c;
    }
    out[IPPON_ROOM_CODE_LEN] = '\0';
    return true;
}

ippon_room *ippon_rooms_find(ippon_rooms *r, const char *code)
{
    if (!code || strlen(code) != IPPON_ROOM_CODE_LEN)
        return NULL;
    for (int i = 0; i < r->n; i++)
        if (!strcasecmp(r->rooms[i].code, code))
            return &r->rooms[i];
    return NULL;
}

ippon_room *ippon_rooms_of(ippon_rooms *r, const char *user_id)
{
    for (int i = 0; i < r->n; i++)
        for (int m = 0; m < r->rooms[i].n; m++)
            if (!strcmp(r->rooms[i].members[m].user_id, user_id))
                return &r->rooms[i];
    return NULL;
}

int ippon_rooms_create(ippon_rooms *r, const ippon_room_member *host, const char *addr, const ippon_room_choices *c,
                       int64_t now, char code[IPPON_ROOM_CODE_LEN + 1])
{
    if (ippon_rooms_of(r, host->user_id))
        return IPPON_ROOM_IN_ROOM;
    int from_addr = 0;
    for (int i = 0; i < r->n; i++)
        from_addr += !strcmp(r->rooms[i].host_addr, addr);
    if (from_addr >= r->max_per_addr)
        return IPPON_ROOM_TOO_MANY;
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 8;
        ippon_room *grown = realloc(r->rooms, (size_t)cap * sizeof *grown);
        if (!grown)
            return IPPON_ROOM_NO_MEMORY;
        r->rooms = grown;
        r->cap = cap;
    }
    ippon_room *room = &r->rooms[r->n];
    memset(room, 0, sizeof *room);
    do {
        for (int i = 0; i < IPPON_ROOM_CODE_LEN; i++)
            room->code[i] = ALPHABET[randombytes_uniform(sizeof ALPHABET - 1)];
        room->code[IPPON_ROOM_CODE_LEN] = '\0';
    } while (ippon_rooms_find(r, room->code));
    room->choices = *c;
    room->members[0] = *host;
    room->n = 1;
    snprintf(room->host_addr, sizeof room->host_addr, "%s", addr);
    room->created_ms = now;
    r->n++;
    memcpy(code, room->code, sizeof room->code);
    return IPPON_ROOM_OK;
}

int ippon_rooms_join(ippon_rooms *r, const char *code, const ippon_room_member *m)
{
    ippon_room *room = ippon_rooms_find(r, code);
    if (!room)
        return IPPON_ROOM_NOT_FOUND;
    ippon_room *mine = ippon_rooms_of(r, m->user_id);
    if (mine == room)
        return IPPON_ROOM_OK; /* already in: a second tab, a reconnect */
    if (mine)
        return IPPON_ROOM_IN_ROOM;
    if (room->n >= ippon_mode_players(room->choices.mode))
        return IPPON_ROOM_FULL;
    room->members[room->n++] = *m;
    return IPPON_ROOM_OK;
}

void ippon_rooms_remove(ippon_rooms *r, const char *code)
{
    ippon_room *room = ippon_rooms_find(r, code);
    if (!room)
        return;
    *room = r->rooms[--r->n];
}

bool ippon_rooms_leave(ippon_rooms *r, const char *user_id)
{
    ippon_room *room = ippon_rooms_of(r, user_id);
    if (!room)
        return false;
    if (!strcmp(room->members[0].user_id, user_id)) {
        ippon_rooms_remove(r, room->code);
        return true;
    }
    for (int m = 1; m < room->n; m++)
        if (!strcmp(room->members[m].user_id, user_id)) {
            memmove(&room->members[m], &room->members[m + 1], (size_t)(room->n - m - 1) * sizeof room->members[0]);
            room->n--;
            break;
        }
    return false;
}

int ippon_rooms_expire(ippon_rooms *r, int64_t now, ippon_room *out, int cap)
{
    int n = 0;
    for (int i = 0; i < r->n;) {
        if (now - r->rooms[i].created_ms >= r->max_age_ms && n < cap) {
            out[n++] = r->rooms[i];
            r->rooms[i] = r->rooms[--r->n];
        } else {
            i++;
        }
    }
    return n;
}

int ippon_rooms_count(const ippon_rooms *r)
{
    return r->n;
}
