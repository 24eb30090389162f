/*
 * rooms.c — private rooms before their match (rooms.h): two small arrays, the open rooms and the
 * played ones (a server has few at once), searched linearly; codes drawn with libsodium's uniform
 * random numbers.
 */
#include "game/rooms.h"

#include <strings.h>
#include <sodium.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char ALPHABET[] = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"; /* no 0/O, 1/I/L */

struct room_list {
    ippon_room *at;
    int n, cap;
};

struct ippon_rooms {
    struct room_list open, played; /* played: their match started (kept for room_again) */
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
    if (r) {
        free(r->open.at);
        free(r->played.at);
    }
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

/* the room of the list with this code (any case), or NULL */
static ippon_room *list_find(const struct room_list *l, const char *code)
{
    if (!code || strlen(code) != IPPON_ROOM_CODE_LEN)
        return NULL;
    for (int i = 0; i < l->n; i++)
        if (!strcasecmp(l->at[i].code, code))
            return &l->at[i];
    return NULL;
}

/* a new slot at the list's end (zeroed), or NULL out of memory */
static ippon_room *list_add(struct room_list *l)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 8;
        ippon_room *grown = realloc(l->at, (size_t)cap * sizeof *grown);
        if (!grown)
            return NULL;
        l->at = grown;
        l->cap = cap;
    }
    ippon_room *room = &l->at[l->n++];
    memset(room, 0, sizeof *room);
    return room;
}

static void list_drop(struct room_list *l, ippon_room *room)
{
    *room = l->at[--l->n];
}

ippon_room *ippon_rooms_find(ippon_rooms *r, const char *code)
{
    return list_find(&r->open, code);
}

ippon_room *ippon_rooms_of(ippon_rooms *r, const char *user_id)
{
    for (int i = 0; i < r->open.n; i++)
        for (int m = 0; m < r->open.at[i].n; m++)
            if (!strcmp(r->open.at[i].members[m].user_id, user_id))
                return &r->open.at[i];
    return NULL;
}

/* may the address open one more room? */
static bool addr_may_host(const ippon_rooms *r, const char *addr)
{
    int from_addr = 0;
    for (int i = 0; i < r->open.n; i++)
        from_addr += !strcmp(r->open.at[i].host_addr, addr);
    return from_addr < r->max_per_addr;
}

int ippon_rooms_create(ippon_rooms *r, const ippon_room_member *host, const char *addr, const ippon_room_choices *c,
                       int64_t now, char code[IPPON_ROOM_CODE_LEN + 1])
{
    if (ippon_rooms_of(r, host->user_id))
        return IPPON_ROOM_IN_ROOM;
    if (!addr_may_host(r, addr))
        return IPPON_ROOM_TOO_MANY;
    char drawn[IPPON_ROOM_CODE_LEN + 1];
    do { /* never an open room's code, nor a played one's (its host may open it again) */
        for (int i = 0; i < IPPON_ROOM_CODE_LEN; i++)
            drawn[i] = ALPHABET[randombytes_uniform(sizeof ALPHABET - 1)];
        drawn[IPPON_ROOM_CODE_LEN] = '\0';
    } while (list_find(&r->open, drawn) || list_find(&r->played, drawn));
    ippon_room *room = list_add(&r->open);
    if (!room)
        return IPPON_ROOM_NO_MEMORY;
    memcpy(room->code, drawn, sizeof drawn);
    room->choices = *c;
    room->members[0] = *host;
    room->n = 1;
    snprintf(room->host_addr, sizeof room->host_addr, "%s", addr);
    room->created_ms = now;
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
    ippon_room *room = list_find(&r->open, code);
    if (room)
        list_drop(&r->open, room);
}

/* the played room hosted by user_id, or NULL */
static ippon_room *played_of(const ippon_rooms *r, const char *user_id)
{
    for (int i = 0; i < r->played.n; i++)
        if (!strcmp(r->played.at[i].members[0].user_id, user_id))
            return &r->played.at[i];
    return NULL;
}

int ippon_rooms_start(ippon_rooms *r, const char *code, int64_t now)
{
    ippon_room *room = list_find(&r->open, code);
    if (!room)
        return IPPON_ROOM_NOT_FOUND;
    ippon_room started = *room;
    list_drop(&r->open, room);
    ippon_room *before = played_of(r, started.members[0].user_id);
    if (before)
        list_drop(&r->played, before);
    ippon_room *kept = list_add(&r->played);
    if (!kept) /* the match starts all the same; it cannot be played again */
        return IPPON_ROOM_NO_MEMORY;
    *kept = started;
    kept->created_ms = now;
    return IPPON_ROOM_OK;
}

const ippon_room *ippon_rooms_played_of(const ippon_rooms *r, const char *user_id)
{
    return played_of(r, user_id);
}

int ippon_rooms_reopen(ippon_rooms *r, const char *host_id, const char *addr, int64_t now, ippon_room *was)
{
    if (ippon_rooms_of(r, host_id))
        return IPPON_ROOM_IN_ROOM;
    ippon_room *played = played_of(r, host_id);
    if (!played)
        return IPPON_ROOM_NOT_FOUND;
    if (!addr_may_host(r, addr))
        return IPPON_ROOM_TOO_MANY;
    ippon_room *room = list_add(&r->open);
    if (!room)
        return IPPON_ROOM_NO_MEMORY;
    *was = *played;
    list_drop(&r->played, played);
    memcpy(room->code, was->code, sizeof room->code);
    room->choices = was->choices;
    room->members[0] = was->members[0];
    room->n = 1;
    snprintf(room->host_addr, sizeof room->host_addr, "%s", addr);
    room->created_ms = now;
    return IPPON_ROOM_OK;
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
    for (int i = 0; i < r->played.n;) {
        if (now - r->played.at[i].created_ms >= IPPON_ROOM_AGAIN_MS)
            list_drop(&r->played, &r->played.at[i]);
        else
            i++;
    }
    int n = 0;
    for (int i = 0; i < r->open.n;) {
        if (now - r->open.at[i].created_ms >= r->max_age_ms && n < cap) {
            out[n++] = r->open.at[i];
            list_drop(&r->open, &r->open.at[i]);
        } else {
            i++;
        }
    }
    return n;
}

int ippon_rooms_count(const ippon_rooms *r)
{
    return r->open.n;
}
