/*
 * auth_writes.h — the identities' changes to the database as store writer jobs (store_writer.h),
 * for auth.c: a job holds a copy of everything it writes (the password hash and the session
 * among it, wiped when the job is freed), runs the store's function on the writer's connection,
 * and hands the store's code back on the event loop.
 *
 * A job with a completion is one someone waits for (IPPON_WRITE_ANSWER: given up after
 * IPPON_WRITE_ANSWER_MS, then IPPON_WRITE_UNAVAILABLE); one without is a background write
 * (IPPON_WRITE_BACKGROUND: a session's last use, an expired session, the purge, a password
 * re-hash), whose failure is only logged.
 */
#ifndef IPPON_SERVER_AUTH_WRITES_H
#define IPPON_SERVER_AUTH_WRITES_H

#include <sodium.h>
#include <stdbool.h>

#include "store/store.h"
#include "store/store_writer.h"

typedef enum ippon_auth_write_kind {
    IPPON_AW_CREATE,  /* a new user and its first session: user, hash ("" for a guest), session */
    IPPON_AW_CLAIM,   /* the guest user.id with session token_hash gets username, hash and maybe
                         display_name; its sessions are replaced by session */
    IPPON_AW_LOGIN,   /* a new session for user.id; then hash, if not "", replaces its password hash */
    IPPON_AW_REHASH,  /* hash replaces user.id's password hash */
    IPPON_AW_RENAME,  /* user.id's display name becomes user.display_name */
    IPPON_AW_LOGOUT,  /* delete the session token_hash */
    IPPON_AW_TOUCH,   /* the session token_hash of user.id was used at now */
    IPPON_AW_PURGE,   /* delete every session expired by now */
    IPPON_AW_PASSWORD, /* hash becomes user.id's password hash; its sessions but token_hash's end */
    IPPON_AW_LOGOUT_ALL, /* every session of user.id ends */
} ippon_auth_write_kind;

typedef struct ippon_auth_write ippon_auth_write;

/* the completion, on the loop: the store's code (0, IPPON_STORE_NOT_FOUND, _CONFLICT, -1) or
   IPPON_WRITE_UNAVAILABLE / _STOPPED; aw is the job (its taken, count) and is freed after */
typedef void (*ippon_auth_write_done)(const ippon_auth_write *aw, int rc, void *ctx);

struct ippon_auth_write {
    ippon_auth_write_kind kind;
    ippon_user user;
    char hash[crypto_pwhash_STRBYTES];
    char username[IPPON_USERNAME_MAX_LEN + 1];
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1]; /* claim: the new display name, if has_display_name */
    bool has_display_name;
    unsigned char token_hash[IPPON_TOKEN_HASH_BYTES];
    ippon_session session;
    long long now;
    int taken;  /* out (CREATE, CLAIM, RENAME after IPPON_STORE_CONFLICT): IPPON_TAKEN_* bits */
    int count;  /* out (PURGE, PASSWORD, LOGOUT_ALL): sessions deleted */
    ippon_auth_write_done done; /* NULL: nobody waits */
    void *ctx;
};

/*
 * Queue a copy of aw (the caller's may go at once). 0: done, if any, will be called exactly once.
 * -1: the writer refused it (stopping, or out of memory; w may be NULL): done is not called.
 */
int ippon_auth_write_submit(ippon_writer *w, const ippon_auth_write *aw);

#endif
