/*
 * fuzz_server.h — what the server's fuzz targets (fuzz_rest_url.c, fuzz_ws_message.c) share: a
 * server without a network — the default configuration, an in-memory database migrated with
 * the repository's migrations, the identity service, metrics, live settings and a gateway
 * without an event loop — and four users whose session tokens are known, so inputs can name
 * them: "@G" a guest, "@H" another guest, "@A" an administrator, "@B" a banned guest.
 *
 * There is no store writer (store_writer.h): every write the server would hand it is refused
 * at once (a REST reply says the database is unavailable; a finished match is not stored), so
 * the database stays as made here, however many inputs run, and nothing waits on a thread.
 * Reads (sessions, users, rankings, settings) go to the database as in the server.
 *
 * Header-only (static inline functions); each target includes it once and links ippon_server.
 */
#ifndef IPPON_FUZZ_SERVER_H
#define IPPON_FUZZ_SERVER_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "admin/admin_settings.h"
#include "app.h"
#include "auth/auth.h"
#include "config.h"
#include "game/gateway.h"
#include "base/ids.h"
#include "base/log.h"
#include "metrics.h"
#include "store/store.h"
#include "store/store_admin.h"

enum { FUZZ_USERS = 4 };

typedef struct fuzz_server {
    ippon_config cfg;
    ippon_app app;
    ippon_store *store;                             /* also app.store, unless the target hides it */
    char token[FUZZ_USERS][IPPON_TOKEN_HEX_LEN + 1]; /* G, H, A, B */
    char user_id[FUZZ_USERS][IPPON_USER_ID_LEN + 1];
} fuzz_server;

/* the letters inputs use for the users, in fuzz_server's order */
static const char fuzz_user_letters[FUZZ_USERS] = {'G', 'H', 'A', 'B'};

static inline void fuzz_server_die(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz server setup: %s: %s\n", what, detail ? detail : "");
    abort();
}

/* nothing to log while fuzzing: every line would be noise */
static inline void fuzz_server_quiet(void)
{
    ippon_log_level_set((ippon_log_level)(IPPON_LOG_ERROR + 1));
}

/* user i of the fixture: a guest (or the account "boss" for the administrator) with a known token */
static inline void fuzz_server_add_user(fuzz_server *fs, int i)
{
    char c = (char)('1' + i);
    memset(fs->token[i], c, IPPON_TOKEN_HEX_LEN);
    fs->token[i][IPPON_TOKEN_HEX_LEN] = '\0';
    snprintf(fs->user_id[i], sizeof fs->user_id[i], "%031x%c", 0, c);
    ippon_user u;
    memset(&u, 0, sizeof u);
    snprintf(u.id, sizeof u.id, "%s", fs->user_id[i]);
    snprintf(u.display_name, sizeof u.display_name, "Fuzz%c", fuzz_user_letters[i]);
    bool admin = fuzz_user_letters[i] == 'A';
    if (admin)
        snprintf(u.username, sizeof u.username, "boss");
    u.guest = !admin;
    u.created_at = u.last_seen_at = 1000;
    ippon_session s = {.created_at = 1000, .expires_at = 1LL << 40, .last_used_at = 1000};
    if (ippon_auth_token_hash(fs->token[i], s.token_hash) != 0)
        fuzz_server_die("token hash", fs->token[i]);
    int taken = 0;
    if (ippon_store_user_create(fs->store, &u, admin ? "$argon2id$fake" : NULL, &s, &taken) != 0)
        fuzz_server_die("user create", u.id);
    ippon_audit audit = {.at_ms = 1000, .admin_name = IPPON_AUDIT_CLI_NAME, .action = "fuzz", .reason = "fuzz"};
    if (admin && ippon_store_user_set_admin(fs->store, "boss", true, NULL, &audit) != 0)
        fuzz_server_die("set admin", u.id);
    if (fuzz_user_letters[i] == 'B' && ippon_store_user_ban(fs->store, u.id, "fuzz", 1000, &audit) != 0)
        fuzz_server_die("ban", u.id);
}

/* a whole server without a network; game: the gateway's settings (NULL: the defaults) */
static inline void fuzz_server_open(fuzz_server *fs, const ippon_game_settings *game)
{
    char err[512], migrations[512];
    memset(fs, 0, sizeof *fs);
    if (ippon_config_init(&fs->cfg) != 0)
        fuzz_server_die("config", NULL);
    fs->cfg.pwhash_ops = 1;
    fs->cfg.pwhash_mem_kib = 8;
    snprintf(migrations, sizeof migrations, "%s/migrations", IPPON_TEST_SOURCE_DIR);
    if (ippon_ids_init() != 0)
        fuzz_server_die("ids", NULL);
    if (ippon_store_open(&fs->store, ":memory:", err, sizeof err) != 0 ||
        ippon_store_migrate(fs->store, migrations, NULL, err, sizeof err) != 0)
        fuzz_server_die("store", err);
    for (int i = 0; i < FUZZ_USERS; i++)
        fuzz_server_add_user(fs, i);
    fs->app.config = &fs->cfg;
    fs->app.store = fs->store;
    snprintf(fs->app.instance, sizeof fs->app.instance, "%032x", 0xf022);
    if (ippon_auth_create(&fs->app.auth, &fs->cfg, fs->store, NULL, err, sizeof err) != 0)
        fuzz_server_die("auth", err);
    fs->app.metrics = ippon_metrics_new(0);
    fs->app.settings = ippon_settings_new(&fs->cfg);
    ippon_game_settings defaults;
    ippon_game_settings_default(&defaults);
    fs->app.gateway = ippon_gateway_new(&fs->app, game ? game : &defaults);
    if (!fs->app.metrics || !fs->app.settings || !fs->app.gateway)
        fuzz_server_die("out of memory", NULL);
}

static inline void fuzz_server_close(fuzz_server *fs)
{
    ippon_gateway_free(fs->app.gateway);
    ippon_auth_destroy(fs->app.auth);
    ippon_settings_free(fs->app.settings);
    ippon_metrics_free(fs->app.metrics);
    ippon_store_close(fs->store);
    ippon_config_free(&fs->cfg);
    memset(fs, 0, sizeof *fs);
}

/* the token that "@X" names (X one of fuzz_user_letters), or NULL */
static inline const char *fuzz_server_token(const fuzz_server *fs, char letter)
{
    for (int i = 0; i < FUZZ_USERS; i++)
        if (fuzz_user_letters[i] == letter)
            return fs->token[i];
    return NULL;
}

/*
 * text (len bytes) with every "@X" naming a user replaced by that user's token: a new string
 * (malloc'd, NUL-terminated, *out_len bytes), or NULL if out of memory.
 */
static inline char *fuzz_server_expand(const fuzz_server *fs, const char *text, size_t len, size_t *out_len)
{
    size_t cap = len + 1, n = 0;
    for (size_t i = 0; i + 1 < len; i++)
        if (text[i] == '@' && fuzz_server_token(fs, text[i + 1]))
            cap += IPPON_TOKEN_HEX_LEN;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    for (size_t i = 0; i < len; i++) {
        const char *tok = i + 1 < len && text[i] == '@' ? fuzz_server_token(fs, text[i + 1]) : NULL;
        if (tok) {
            memcpy(out + n, tok, IPPON_TOKEN_HEX_LEN);
            n += IPPON_TOKEN_HEX_LEN;
            i++;
        } else {
            out[n++] = text[i];
        }
    }
    out[n] = '\0';
    *out_len = n;
    return out;
}

#endif
