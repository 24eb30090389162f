/*
 * store_profiles.c — the profile and match-list replies kept by a store (store_profiles.h says
 * how they stay right). A small table of replies, least recently used forgotten first, within a
 * count and a byte budget; looked up by player and query with a linear scan of their hashes (a
 * few microseconds).
 */
#include "store/store_profiles.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/fnv.h"
#include "store/store_private.h"

enum { PROFILES_KEPT = 2048 };
#define PROFILES_BUDGET ((size_t)24 << 20) /* bytes of replies kept at most */

typedef struct kept_profile {
    uint64_t hash; /* of user_id and what */
    char user_id[IPPON_USER_ID_LEN + 1]; /* whose reply; "" for one about every player */
    char what[IPPON_KEPT_WHAT];          /* which reply of theirs */
    char *body;
    size_t len;
    char tag[48]; /* the reply's ETag */
    uint64_t used; /* when last asked for: larger is more recent */
} kept_profile;

struct ippon_profiles {
    ippon_sql_stmt *version_q;
    bool known_valid;
    ippon_profiles_version known; /* the rank_version row the kept replies were made with */
    kept_profile kept[PROFILES_KEPT];
    int count;
    size_t bytes;
    uint64_t clock;
};

void ippon_profiles_free(ippon_profiles *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->count; i++)
        free(p->kept[i].body);
    ippon_sql_finalize(p->version_q);
    free(p);
}

static ippon_profiles *profiles(ippon_store *st)
{
    if (!st->profiles)
        st->profiles = calloc(1, sizeof *st->profiles);
    return st->profiles;
}

static void forget(ippon_profiles *p, int i)
{
    p->bytes -= p->kept[i].len;
    free(p->kept[i].body);
    p->kept[i] = p->kept[--p->count];
}

static void forget_all(ippon_profiles *p)
{
    while (p->count > 0)
        forget(p, p->count - 1);
}

/* FNV-1a of the id, a separator, and what */
static uint64_t key_hash(const char *user_id, const char *what)
{
    static const unsigned char separator = 0xff;
    uint64_t h = ippon_fnv1a(IPPON_FNV_OFFSET, user_id, strlen(user_id));
    h = ippon_fnv1a(h, &separator, 1);
    return ippon_fnv1a(h, what, strlen(what));
}

static int find(const ippon_profiles *p, const char *user_id, const char *what)
{
    uint64_t h = key_hash(user_id, what);
    for (int i = 0; i < p->count; i++)
        if (p->kept[i].hash == h && !strcmp(p->kept[i].user_id, user_id) && !strcmp(p->kept[i].what, what))
            return i;
    return -1;
}

static bool same_version(const ippon_profiles_version *a, const ippon_profiles_version *b)
{
    return a->data == b->data && a->names == b->names && a->matches == b->matches;
}

int ippon_profiles_read_version(ippon_store *st, ippon_profiles_version *v)
{
    static const char sql[] = "SELECT data, names, matches FROM rank_version WHERE id = 1";
    ippon_profiles *p = profiles(st);
    ippon_sql_stmt *own = NULL, *q = p ? p->version_q : NULL;
    if (!q) {
        if (!(q = ippon_store_prepare(st, sql)))
            return -1;
        if (p)
            p->version_q = q;
        else
            own = q;
    }
    int rc = ippon_sql_step(q);
    if (rc == IPPON_SQL_ROW)
        *v = (ippon_profiles_version){ippon_sql_column_int64(q, 0), ippon_sql_column_int64(q, 1),
                                      ippon_sql_column_int64(q, 2)};
    ippon_sql_reset(q);
    ippon_sql_finalize(own);
    return rc == IPPON_SQL_ROW ? 0 : -1;
}

int ippon_profiles_kept(ippon_store *st, const char *user_id, const char *what, const char **body, size_t *len,
                        const char **tag)
{
    ippon_profiles *p = profiles(st);
    ippon_profiles_version now;
    if (!p || ippon_profiles_read_version(st, &now) != 0)
        return -1;
    if (!p->known_valid || !same_version(&now, &p->known)) {
        if (p->known_valid && st->writes_in_flight > 0)
            return 0; /* a match write of this store: its completion says which replies it changed */
        /* changed by something other than this store's match writes: nothing kept can be trusted */
        forget_all(p);
        p->known = now;
        p->known_valid = true;
        return 0;
    }
    int i = find(p, user_id, what);
    if (i < 0)
        return 0;
    p->kept[i].used = ++p->clock;
    *body = p->kept[i].body;
    *len = p->kept[i].len;
    *tag = p->kept[i].tag;
    return 1;
}

static int least_recent(const ippon_profiles *p)
{
    int oldest = 0;
    for (int i = 1; i < p->count; i++)
        if (p->kept[i].used < p->kept[oldest].used)
            oldest = i;
    return oldest;
}

void ippon_profiles_keep(ippon_store *st, const char *user_id, const char *what, const char *body, size_t len,
                         const char *tag)
{
    ippon_profiles *p = profiles(st);
    /* only replies made with the row as last read by ippon_profiles_kept */
    if (!p || !p->known_valid || len > PROFILES_BUDGET / 8 || strlen(user_id) > IPPON_USER_ID_LEN ||
        strlen(what) >= IPPON_KEPT_WHAT || strlen(tag) >= sizeof p->kept[0].tag)
        return;
    int i = find(p, user_id, what);
    if (i >= 0)
        forget(p, i);
    while (p->count > 0 && (p->count == PROFILES_KEPT || p->bytes + len > PROFILES_BUDGET))
        forget(p, least_recent(p));
    char *copy = malloc(len + 1);
    if (!copy)
        return;
    memcpy(copy, body, len);
    copy[len] = '\0';
    kept_profile *k = &p->kept[p->count++];
    k->hash = key_hash(user_id, what);
    strcpy(k->user_id, user_id);
    strcpy(k->what, what);
    strcpy(k->tag, tag);
    k->body = copy;
    k->len = len;
    k->used = ++p->clock;
    p->bytes += len;
}

void ippon_profiles_forget(ippon_store *st)
{
    if (st->profiles) {
        forget_all(st->profiles);
        st->profiles->known_valid = false;
    }
}

void ippon_profiles_written(ippon_store *st, const ippon_profiles_version *before, const ippon_profiles_version *after,
                            const char *const *user_ids, int n)
{
    ippon_profiles *p = st->profiles;
    if (!p)
        return;
    if (!p->known_valid || !same_version(before, &p->known)) {
        forget_all(p);
    } else {
        /* the replies about every player, and every reply of the players of the matches */
        for (int i = p->count - 1; i >= 0; i--) {
            bool concerned = !p->kept[i].user_id[0];
            for (int k = 0; k < n && !concerned; k++)
                concerned = !strcmp(p->kept[i].user_id, user_ids[k]);
            if (concerned)
                forget(p, i);
        }
    }
    p->known = *after;
    p->known_valid = true;
}
