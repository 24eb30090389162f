/*
 * auth_writes.c — identities' writes on the store writer (auth_writes.h): one job type for all
 * of them, its run a switch over the store's functions (store.h), its completion the caller's,
 * or a log line for a background write that failed.
 */
#include "store/auth_writes.h"

#include <stdlib.h>
#include <string.h>

#include "base/log.h"

static const char *const kind_names[] = {
    [IPPON_AW_CREATE] = "new user",     [IPPON_AW_CLAIM] = "claim",
    [IPPON_AW_LOGIN] = "login session", [IPPON_AW_REHASH] = "password re-hash",
    [IPPON_AW_RENAME] = "rename",       [IPPON_AW_LOGOUT] = "logout",
    [IPPON_AW_TOUCH] = "session use",   [IPPON_AW_PURGE] = "expired sessions",
    [IPPON_AW_PASSWORD] = "password change", [IPPON_AW_LOGOUT_ALL] = "sign out everywhere",
};

static int auth_write_run(ippon_store *st, void *arg)
{
    ippon_auth_write *aw = arg;
    int rc;
    switch (aw->kind) {
    case IPPON_AW_CREATE:
        return ippon_store_user_create(st, &aw->user, aw->hash[0] ? aw->hash : NULL, &aw->session, &aw->taken);
    case IPPON_AW_CLAIM:
        return ippon_store_user_claim(st, aw->user.id, aw->token_hash, aw->username, aw->hash,
                                      aw->has_display_name ? aw->display_name : NULL, &aw->session, &aw->taken);
    case IPPON_AW_LOGIN:
        rc = ippon_store_session_create(st, aw->user.id, &aw->session);
        if (rc == 0 && aw->hash[0] && ippon_store_user_set_password_hash(st, aw->user.id, aw->hash) != 0)
            ippon_log_warn("auth: the password hash of user %s was not upgraded (the next login tries again)",
                           aw->user.id);
        return rc;
    case IPPON_AW_REHASH:
        return ippon_store_user_set_password_hash(st, aw->user.id, aw->hash);
    case IPPON_AW_RENAME:
        return ippon_store_user_rename(st, aw->user.id, aw->user.display_name, &aw->taken);
    case IPPON_AW_LOGOUT:
        return ippon_store_session_delete(st, aw->token_hash);
    case IPPON_AW_TOUCH:
        return ippon_store_session_touch(st, aw->token_hash, aw->user.id, aw->now);
    case IPPON_AW_PURGE:
        aw->count = ippon_store_sessions_purge(st, aw->now);
        return aw->count < 0 ? -1 : 0;
    case IPPON_AW_PASSWORD:
        return ippon_store_user_change_password(st, aw->user.id, aw->hash, aw->token_hash, &aw->count);
    case IPPON_AW_LOGOUT_ALL:
        aw->count = ippon_store_sessions_end_all(st, aw->user.id);
        return aw->count < 0 ? -1 : 0;
    }
    return -1;
}

static void auth_write_done(void *arg, int rc)
{
    ippon_auth_write *aw = arg;
    if (aw->done) {
        aw->done(aw, rc, aw->ctx);
    } else if (aw->kind == IPPON_AW_PURGE && rc == 0 && aw->count > 0) {
        ippon_log_info("auth: deleted %d expired sessions", aw->count);
    } else if (rc != 0 && rc != IPPON_STORE_NOT_FOUND) {
        ippon_log_warn("auth: a background write (%s) was not stored (%s)", kind_names[aw->kind],
                       rc == IPPON_WRITE_UNAVAILABLE ? "the database stayed unavailable"
                       : rc == IPPON_WRITE_STOPPED   ? "the server stopped first"
                                                     : "the database refused it");
    }
    sodium_memzero(aw, sizeof *aw);
    free(aw);
}

int ippon_auth_write_submit(ippon_writer *w, const ippon_auth_write *aw)
{
    ippon_auth_write *copy = w ? malloc(sizeof *copy) : NULL;
    if (!copy)
        return -1;
    *copy = *aw;
    if (ippon_writer_submit(w, aw->done ? IPPON_WRITE_ANSWER : IPPON_WRITE_BACKGROUND, auth_write_run,
                            auth_write_done, copy) != 0) {
        sodium_memzero(copy, sizeof *copy);
        free(copy);
        return -1;
    }
    return 0;
}
