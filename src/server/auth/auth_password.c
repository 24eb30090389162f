/*
 * auth_password.c — a signed-in user changes the password, or signs out everywhere (auth.h).
 *
 * A password change: the session is read (a guest has no password: NOT_REGISTERED), the new
 * password's length checked (an administrator's: at least IPPON_PWPOLICY_ADMIN_MIN bytes), the attempt admitted by the login limits with the username as the
 * account (login_limits.h; held by the per-account wait if it must be), then two jobs on the
 * hashing worker — the old password verified against the stored hash (a mismatch is a failure
 * for that (account, address)), the new one checked by the policy (compared with the old one
 * too) and hashed — and one write: the new hash, and every other session of the user deleted,
 * in one transaction. Its completion (auth.c) tells the session hook, so the other sessions'
 * sockets close; the caller's session stays.
 *
 * Signing out everywhere: one write deleting every session of the user, the caller's too.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth/auth_internal.h"
#include "base/log.h"

/* the user holding token_hex and its token's hash: 0, or the status to answer */
static ippon_auth_status session_of(ippon_auth *auth, const char *token_hex, ippon_user *user,
                                    unsigned char hash[IPPON_TOKEN_HASH_BYTES])
{
    ippon_session session;
    int rc = ippon_auth_session_of(auth, token_hex, user, &session);
    if (rc != IPPON_AUTH_OK)
        return (ippon_auth_status)rc;
    if (user->banned)
        return IPPON_AUTH_BANNED;
    memcpy(hash, session.token_hash, IPPON_TOKEN_HASH_BYTES);
    return IPPON_AUTH_OK;
}

/* the old password is checked against the stored hash on the worker: OK if queued */
static ippon_auth_status verify_old(auth_op *op)
{
    ippon_auth *auth = op->auth;
    ippon_user user;
    char hash[256] = "";
    int rc = ippon_store_user_by_username(auth->store, op->username, &user, hash, sizeof hash);
    ippon_auth_status status = IPPON_AUTH_OK;
    if (rc == IPPON_STORE_NOT_FOUND || (rc == 0 && strcmp(user.id, op->user_id) != 0))
        status = IPPON_AUTH_INVALID; /* renamed or gone meanwhile */
    else if (rc != 0)
        status = IPPON_AUTH_ERROR;
    else if (ippon_pwhash_verify(auth->pwhash, op->password, op->password_len, hash, auth_op_hashed, op) != 0)
        status = IPPON_AUTH_BUSY;
    sodium_memzero(hash, sizeof hash);
    if (status != IPPON_AUTH_OK)
        auth_op_limits_end(op, IPPON_LOGIN_NOT_COUNTED);
    return status;
}

static void released(auth_op *op)
{
    ippon_auth_status status = verify_old(op);
    if (status != IPPON_AUTH_OK)
        auth_op_finish_status(op, status);
}

/* a change admitted by the limits: held for its wait (op->delayed_ms) or verified now; OK while pending */
static ippon_auth_status admitted(auth_op *op)
{
    if (op->delayed_ms <= 0)
        return verify_old(op);
    return auth_op_hold(op, op->delayed_ms, released) == 0 ? IPPON_AUTH_OK : IPPON_AUTH_BUSY;
}

int ippon_auth_change_password(ippon_auth *auth, const char *token_hex, const char *old_password, size_t old_len,
                               const char *new_password, size_t new_len, const char *address,
                               ippon_auth_result *now, ippon_auth_done done, void *ctx)
{
    memset(now, 0, sizeof *now);
    ippon_user user;
    unsigned char hash[IPPON_TOKEN_HASH_BYTES];
    ippon_auth_status status = session_of(auth, token_hex, &user, hash);
    if (status != IPPON_AUTH_OK)
        return auth_now_result(now, status);
    if (user.guest)
        return auth_now_result(now, IPPON_AUTH_NOT_REGISTERED);
    if (ippon_auth_check_password(new_password, new_len, now->problem, sizeof now->problem) != 0)
        return auth_now_result(now, IPPON_AUTH_WEAK);
    if (user.is_admin && new_len < IPPON_PWPOLICY_ADMIN_MIN) { /* as `ippon admin create` asks (admin_cli.h) */
        snprintf(now->problem, sizeof now->problem, "an administrator's password must be at least %d bytes long",
                 IPPON_PWPOLICY_ADMIN_MIN);
        return auth_now_result(now, IPPON_AUTH_WEAK);
    }
    if (old_len > IPPON_PASSWORD_MAX)
        return auth_now_result(now, IPPON_AUTH_WRONG_PASSWORD); /* no password is that long */
    auth_op *op = auth_op_new(auth, OP_PASSWORD, address, done, ctx);
    if (!op)
        return auth_now_result(now, IPPON_AUTH_ERROR);
    snprintf(op->user_id, sizeof op->user_id, "%s", user.id);
    snprintf(op->username, sizeof op->username, "%s", user.username);
    memcpy(op->old_token_hash, hash, sizeof hash);
    memcpy(op->password, old_password, old_len);
    op->password_len = old_len;
    memcpy(op->new_password, new_password, new_len);
    op->new_password_len = new_len;
    auth_account_key(user.username, op->account_key, sizeof op->account_key);

    int per_address = 0;
    if (!ippon_login_limits_begin(auth->login, op->account_key, op->address_key, ippon_auth_now_ms(auth),
                                  &op->delayed_ms, &now->retry_after_ms, &per_address)) {
        ippon_log_warn("auth: password change of user %s from %s refused: too many failures %s", user.id,
                       op->address_key, per_address ? "from this address" : "for this account from this address");
        sodium_memzero(op, sizeof *op);
        free(op);
        return auth_now_result(now, IPPON_AUTH_LIMITED);
    }
    op->limits_open = true;
    if (auth_op_share_login(op, admitted) == 0)
        return 1;
    status = admitted(op);
    if (status != IPPON_AUTH_OK) {
        auth_op_limits_end(op, IPPON_LOGIN_NOT_COUNTED);
        sodium_memzero(op, sizeof *op);
        free(op);
        return auth_now_result(now, status);
    }
    return 1;
}

void auth_op_password_hashed(auth_op *op, ippon_pwhash_result hashed, const char *hash)
{
    ippon_auth *auth = op->auth;
    if (!op->old_checked) { /* the old password verified */
        if (hashed == IPPON_PWHASH_MISMATCH) {
            auth_op_limits_end(op, IPPON_LOGIN_FAILED);
            ippon_log_warn("auth: password change of user %s from %s: wrong current password", op->user_id,
                           op->address_key);
            auth_op_finish_status(op, IPPON_AUTH_WRONG_PASSWORD);
            return;
        }
        if (hashed != IPPON_PWHASH_OK) {
            auth_op_finish_status(op, IPPON_AUTH_ERROR);
            return;
        }
        auth_op_limits_end(op, IPPON_LOGIN_SUCCEEDED);
        op->old_checked = true;
        char old[IPPON_PASSWORD_MAX + 1];
        memcpy(old, op->password, op->password_len);
        old[op->password_len] = '\0';
        int rc = ippon_pwhash_hash_checked(auth->pwhash, auth->policy, op->new_password, op->new_password_len,
                                           op->username, memchr(old, '\0', op->password_len) ? NULL : old,
                                           auth_op_hashed, op);
        sodium_memzero(old, sizeof old);
        if (rc != 0)
            auth_op_finish_status(op, IPPON_AUTH_BUSY);
        return;
    }
    if (hashed == IPPON_PWHASH_WEAK) {
        ippon_auth_result r;
        memset(&r, 0, sizeof r);
        r.status = IPPON_AUTH_WEAK;
        snprintf(r.problem, sizeof r.problem, "%s", hash);
        auth_op_finish(op, &r);
        return;
    }
    if (hashed != IPPON_PWHASH_OK) {
        auth_op_finish_status(op, IPPON_AUTH_ERROR);
        return;
    }
    ippon_auth_write aw;
    memset(&aw, 0, sizeof aw);
    aw.kind = IPPON_AW_PASSWORD;
    snprintf(aw.user.id, sizeof aw.user.id, "%s", op->user_id);
    snprintf(aw.hash, sizeof aw.hash, "%s", hash);
    memcpy(aw.token_hash, op->old_token_hash, sizeof aw.token_hash);
    if (auth_op_write(op, &aw) != 0)
        auth_op_finish_status(op, IPPON_AUTH_UNAVAILABLE);
}

int ippon_auth_logout_all(ippon_auth *auth, const char *token_hex, ippon_auth_result *now, ippon_auth_done done,
                          void *ctx)
{
    memset(now, 0, sizeof *now);
    ippon_user user;
    unsigned char hash[IPPON_TOKEN_HASH_BYTES];
    ippon_auth_status status = session_of(auth, token_hex, &user, hash);
    if (status != IPPON_AUTH_OK && status != IPPON_AUTH_BANNED) /* a banned user may still sign out */
        return auth_now_result(now, status);
    auth_op *op = auth_op_new(auth, OP_LOGOUT_ALL, NULL, done, ctx);
    if (!op)
        return auth_now_result(now, IPPON_AUTH_ERROR);
    snprintf(op->user_id, sizeof op->user_id, "%s", user.id);
    ippon_auth_write aw;
    memset(&aw, 0, sizeof aw);
    aw.kind = IPPON_AW_LOGOUT_ALL;
    snprintf(aw.user.id, sizeof aw.user.id, "%s", user.id);
    if (auth_op_write(op, &aw) != 0) {
        free(op);
        return auth_now_result(now, IPPON_AUTH_UNAVAILABLE);
    }
    return 1;
}
