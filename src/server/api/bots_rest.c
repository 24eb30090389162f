/*
 * bots_rest.c — the /api/bots routes: a registered user's bot accounts (store_bots.h; the mjai
 * route they connect to: MJAI.md). Every route needs the owner's session; a guest is refused 403
 * not_registered (a bot is answerable to an account), and someone else's bot is 404, as a bot that
 * does not exist.
 *
 *   POST   /api/bots             {name, description?, public?}   201 {bot, token}
 *   GET    /api/bots                                              200 {bots: [bot…]} (the live ones, oldest first)
 *   PATCH  /api/bots/{id}        {description?, public?, ladder?} 200 {bot} (ladder: true lifts its ladder suspension)
 *   DELETE /api/bots/{id}                                         204 (retired: its token revoked, its record kept)
 *   POST   /api/bots/{id}/token                                   200 {bot, token} (the old token revoked)
 *
 * The bot object is bots_json.h's. A token is 32 random bytes, 64 hex on the wire (auth.h
 * ippon_auth_token_new), in this reply only: the store keeps its hash (ippon_auth_token_hash, the
 * sessions' hashing). A name follows the display names' rules (name_rules.h) and is unique among
 * every user's names (409 name_taken); a description is at most 200 characters without control
 * characters; an owner has at most 10 live bots (409 too_many_bots).
 *
 * How it works: the handler checks the caller and every field (rest_fields.h: all problems in one
 * 400), then has the change written by the store writer (bot_writes.h) and defers its reply; the
 * completion (bot_written) answers, reading the bot back on the loop's connection; a deleted bot's
 * or a renewed token's completion also closes the bot's live /mjai connection, if any (gateway.h,
 * ippon_gateway_mjai_revoke: its old token no longer works).
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/bots_json.h"
#include "api/rest.h"
#include "api/rest_fields.h"
#include "api/rest_params.h"
#include "api/rest_session.h"
#include "auth/auth.h"
#include "auth/name_rules.h"
#include "base/ids.h"
#include "base/log.h"
#include "base/wall_clock.h"
#include "game/gateway.h"
#include "store/bot_writes.h"
#include "store/store_bots.h"

#define BOTS_RETRY_S 5

/* ---- the caller ------------------------------------------------------------------------ */

/* the registered user calling; replies (401, 403, 503) and returns -1 if it is not one */
static int bot_owner(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, ippon_user *owner)
{
    char token[IPPON_TOKEN_HEX_LEN + 1];
    if (!app->auth || !app->store) {
        ippon_rest_reply_error(res, 503, "unavailable", "bots need the database");
        return -1;
    }
    if (ippon_rest_session_user(app, req, res, token, owner) != 0)
        return -1;
    sodium_memzero(token, sizeof token);
    if (owner->guest || owner->is_bot) {
        ippon_rest_reply_error(res, 403, "not_registered", "only a registered account can have bots; register first");
        return -1;
    }
    return 0;
}

/* the {id} of the path, lowercased into id: 0, or -1 after a 400 */
static int bot_id_param(const ippon_rest_request *req, ippon_rest_response *res, char id[IPPON_USER_ID_LEN + 1])
{
    if (ippon_rest_id_param(req->param, id) == 0)
        return 0;
    ippon_rest_bad_param(res, "id", "32 hex digits (a bot's id)");
    return -1;
}

/* ---- fields ----------------------------------------------------------------------------- */

/* the optional description (NULL if absent or refused: a problem noted) */
static const char *description_field(ippon_rest_fields *f)
{
    return ippon_rest_fields_text(f, "description", 0, IPPON_BOT_DESCRIPTION_MAX);
}

/* the optional "public": 1 or 0, -1 if absent or refused (a problem noted) */
static int public_field(ippon_rest_fields *f)
{
    json_t *v = json_object_get(f->body, "public");
    if (!v)
        return -1;
    if (!json_is_boolean(v)) {
        ippon_rest_fields_problem(f, "public", "must be true or false");
        return -1;
    }
    return json_is_true(v) ? 1 : 0;
}

/* ---- writes and their replies ---------------------------------------------------------- */

typedef struct bot_wait {
    ippon_rest_deferred *deferred;
    ippon_app *app;
    char token[IPPON_TOKEN_HEX_LEN + 1]; /* CREATE, TOKEN: the new token, for the reply */
} bot_wait;

static void reply_bot(ippon_app *app, ippon_rest_response *res, int status, const char *bot_id, const char *token)
{
    ippon_bot b;
    int rc = ippon_store_bot_get(app->store, bot_id, &b);
    json_t *bot = rc == 0 ? ippon_bot_json(&b) : NULL;
    if (!bot) {
        ippon_rest_store_failed(res);
        return;
    }
    json_t *out = json_pack("{s:o}", "bot", bot);
    if (out && token)
        json_object_set_new(out, "token", json_string(token));
    ippon_rest_reply_json(res, status, out);
}

static void bot_written_reply(const ippon_bot_write *bw, int rc, bot_wait *w, ippon_rest_response *res)
{
    if (rc == IPPON_WRITE_UNAVAILABLE || rc == IPPON_WRITE_STOPPED) {
        res->retry_after = BOTS_RETRY_S;
        ippon_rest_reply_error(res, 503, "unavailable",
                               "the database cannot store this right now (nothing changed); try again in %d seconds",
                               BOTS_RETRY_S);
    } else if (rc == IPPON_STORE_NOT_FOUND) {
        ippon_rest_reply_error(res, 404, "not_found", "you have no bot %s", bw->bot.id);
    } else if (rc == IPPON_STORE_CONFLICT) {
        ippon_rest_reply_error_fields(res, 409, "name_taken", json_pack("{s:s}", "name", "already taken"),
                                      "name: already taken");
    } else if (rc == IPPON_STORE_LIMIT) {
        ippon_rest_reply_error(res, 409, "too_many_bots", "an account may have at most %d bots; delete one first",
                               IPPON_BOTS_PER_OWNER);
    } else if (rc != 0) {
        ippon_rest_store_failed(res);
    } else if (bw->kind == IPPON_BW_DELETE) {
        ippon_rest_reply_empty(res, 204);
    } else {
        if (bw->kind == IPPON_BW_UPDATE)
            ippon_store_caches_forget(w->app->store); /* a bot's profile shows its description */
        reply_bot(w->app, res, bw->kind == IPPON_BW_CREATE ? 201 : 200, bw->bot.id, w->token[0] ? w->token : NULL);
    }
}

static void bot_written(const ippon_bot_write *bw, int rc, void *ctx)
{
    bot_wait *w = ctx;
    ippon_rest_response res;
    memset(&res, 0, sizeof res);
    bot_written_reply(bw, rc, w, &res);
    if (rc == 0 && w->app->gateway && (bw->kind == IPPON_BW_DELETE || bw->kind == IPPON_BW_TOKEN))
        ippon_gateway_mjai_revoke(w->app->gateway, bw->bot.id,
                                  bw->kind == IPPON_BW_DELETE ? IPPON_MJAI_BOT_DELETED : IPPON_MJAI_TOKEN_RENEWED, NULL);
    if (rc == 0)
        ippon_log_info("bots: %s bot %s of %s", bw->kind == IPPON_BW_CREATE   ? "made"
                                                : bw->kind == IPPON_BW_UPDATE ? "changed"
                                                : bw->kind == IPPON_BW_TOKEN  ? "gave a new token to"
                                                                              : "deleted",
                       bw->bot.id, bw->bot.owner_id);
    ippon_rest_finish(w->deferred, &res);
    sodium_memzero(w, sizeof *w);
    free(w);
}

/* have bw written and the reply deferred until then (token: a new token to show, or NULL) */
static void bot_submit(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, ippon_bot_write *bw,
                       const char *token)
{
    bot_wait *w = calloc(1, sizeof *w);
    if (!w || !(w->deferred = ippon_rest_defer(req, res))) {
        free(w);
        ippon_rest_reply_error(res, 500, "internal", "this request cannot wait for its answer");
        return;
    }
    w->app = app;
    if (token)
        snprintf(w->token, sizeof w->token, "%s", token);
    bw->done = bot_written;
    bw->ctx = w;
    if (ippon_bot_write_submit(app->writer, bw) != 0) {
        ippon_rest_undefer(res);
        sodium_memzero(w, sizeof *w);
        free(w);
        res->retry_after = BOTS_RETRY_S;
        ippon_rest_reply_error(res, 503, "unavailable", "the database cannot take this right now; try again later");
    }
}

/* a new token into hex, and its hash into the write */
static void new_token(ippon_bot_write *bw, char hex[IPPON_TOKEN_HEX_LEN + 1])
{
    unsigned char raw[IPPON_TOKEN_BYTES];
    ippon_auth_token_new(raw, hex);
    sodium_memzero(raw, sizeof raw);
    ippon_auth_token_hash(hex, bw->token_hash);
}

/* ---- the routes ------------------------------------------------------------------------- */

void ippon_bots_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    static const char *const known[] = {"name", "description", "public", NULL};
    ippon_user owner;
    ippon_rest_fields f;
    if (bot_owner(app, req, res, &owner) != 0 ||
        ippon_rest_fields_begin(&f, req, res, 0, known, "name, description, public") != 0)
        return;
    const char *name = ippon_rest_fields_checked(&f, "name", 1, ippon_auth_check_display_name);
    const char *description = description_field(&f);
    int public_bot = public_field(&f);
    if (ippon_rest_fields_reply(&f, res) != 0) {
        ippon_rest_fields_end(&f);
        return;
    }
    ippon_bot mine[IPPON_BOTS_PER_OWNER];
    int n = 0;
    if (ippon_store_bots_of(app->store, owner.id, mine, &n) != 0) {
        ippon_rest_store_failed(res);
    } else if (n >= IPPON_BOTS_PER_OWNER) {
        ippon_rest_reply_error(res, 409, "too_many_bots", "an account may have at most %d bots; delete one first",
                               IPPON_BOTS_PER_OWNER);
    } else {
        ippon_bot_write bw = {.kind = IPPON_BW_CREATE};
        ippon_id id;
        ippon_id_generate(&id);
        ippon_id_format(&id, bw.bot.id);
        snprintf(bw.bot.owner_id, sizeof bw.bot.owner_id, "%s", owner.id);
        snprintf(bw.bot.name, sizeof bw.bot.name, "%s", name);
        snprintf(bw.bot.description, sizeof bw.bot.description, "%s", description ? description : "");
        bw.bot.public_bot = public_bot == 1;
        bw.bot.created_at = ippon_wall_ms() / 1000;
        char token[IPPON_TOKEN_HEX_LEN + 1];
        new_token(&bw, token);
        bot_submit(app, req, res, &bw, token);
        sodium_memzero(token, sizeof token);
        sodium_memzero(&bw, sizeof bw);
    }
    ippon_rest_fields_end(&f);
}

void ippon_bots_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_user owner;
    if (bot_owner(app, req, res, &owner) != 0)
        return;
    ippon_bot mine[IPPON_BOTS_PER_OWNER];
    int n = 0;
    if (ippon_store_bots_of(app->store, owner.id, mine, &n) != 0) {
        ippon_rest_store_failed(res);
        return;
    }
    json_t *bots = json_array();
    for (int i = 0; bots && i < n; i++)
        if (json_array_append_new(bots, ippon_bot_json(&mine[i])) != 0) {
            json_decref(bots);
            bots = NULL;
        }
    ippon_rest_reply_json(res, 200, bots ? json_pack("{s:o}", "bots", bots) : NULL);
}

void ippon_bot_patch(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    static const char *const known[] = {"description", "public", "ladder", NULL};
    ippon_user owner;
    ippon_rest_fields f;
    char id[IPPON_USER_ID_LEN + 1];
    if (bot_owner(app, req, res, &owner) != 0 || bot_id_param(req, res, id) != 0 ||
        ippon_rest_fields_begin(&f, req, res, 0, known, "description, public, ladder") != 0)
        return;
    const char *description = description_field(&f);
    int public_bot = public_field(&f);
    const json_t *ladder = json_object_get(f.body, "ladder");
    if (ladder && !json_is_true(ladder))
        ippon_rest_fields_problem(&f, "ladder", "true: lift the bot's suspension from the ladder");
    if (!json_object_get(f.body, "description") && !json_object_get(f.body, "public") && !ladder)
        ippon_rest_fields_problem(&f, "description", "give description, public or ladder");
    if (ippon_rest_fields_reply(&f, res) == 0) {
        ippon_bot_write bw = {.kind = IPPON_BW_UPDATE, .has_description = description != NULL,
                              .has_public = public_bot >= 0, .lift_ladder = ladder != NULL};
        snprintf(bw.bot.id, sizeof bw.bot.id, "%s", id);
        snprintf(bw.bot.owner_id, sizeof bw.bot.owner_id, "%s", owner.id);
        snprintf(bw.bot.description, sizeof bw.bot.description, "%s", description ? description : "");
        bw.bot.public_bot = public_bot == 1;
        bot_submit(app, req, res, &bw, NULL);
    }
    ippon_rest_fields_end(&f);
}

/* DELETE, or a new token: an owner's change without a body */
static void bot_change(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                       ippon_bot_write_kind kind)
{
    ippon_user owner;
    char id[IPPON_USER_ID_LEN + 1];
    if (bot_owner(app, req, res, &owner) != 0 || bot_id_param(req, res, id) != 0)
        return;
    if (req->body_len > 0) {
        json_t *body = ippon_rest_body_object(req, res, 1);
        if (!body)
            return;
        size_t members = json_object_size(body);
        json_decref(body);
        if (members) {
            ippon_rest_reply_error(res, 400, "bad_request", "body: this route takes no fields");
            return;
        }
    }
    ippon_bot_write bw = {.kind = kind, .now = ippon_wall_ms() / 1000};
    snprintf(bw.bot.id, sizeof bw.bot.id, "%s", id);
    snprintf(bw.bot.owner_id, sizeof bw.bot.owner_id, "%s", owner.id);
    char token[IPPON_TOKEN_HEX_LEN + 1] = "";
    if (kind == IPPON_BW_TOKEN)
        new_token(&bw, token);
    bot_submit(app, req, res, &bw, token[0] ? token : NULL);
    sodium_memzero(token, sizeof token);
    sodium_memzero(&bw, sizeof bw);
}

void ippon_bot_delete(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    bot_change(app, req, res, IPPON_BW_DELETE);
}

void ippon_bot_token_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    bot_change(app, req, res, IPPON_BW_TOKEN);
}
