/*
 * gateway_ladder.c — the bot ladder: its pools, its duplicate sets and their rotations
 * (gateway_ladder.h says how it runs).
 *
 * State: per mode a pool (the bots waiting, oldest first), and the list of running sets. A set is
 * either playing (a table of it runs: its bots are seated there) or between two rotations
 * (waiting for its bots to enter again, `back` marking those that did). One timer, on while any
 * set is between rotations, ends the sets whose bots did not all come back in time.
 */
#include "game/gateway_ladder.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/ids.h"
#include "base/log.h"
#include "game/gateway_conn.h"
#include "game/gateway_lobby.h"
#include "game/gateway_state.h"
#include "game/gateway_tables.h"
#include "store/bot_writes.h"

enum { SWEEP_MS = 1000 };

struct ladder_bot {
    char id[40];
    char name[80];
};

struct ladder_set {
    char id[IPPON_ID_HEX_LEN + 1];
    ippon_mode mode;
    int players;
    uint8_t secret[IPPON_SECRET_BYTES];
    int first_dealer;
    struct ladder_bot bots[IPPON_MAX_PLAYERS]; /* base order: bot k sits at seat (k + rotation) mod players */
    int rotation;       /* the rotation playing, or the next one to play */
    bool playing;       /* a table of it runs */
    bool back[IPPON_MAX_PLAYERS]; /* between rotations: which bots have entered again */
    int strikes[IPPON_MAX_PLAYERS]; /* timeouts in the rotation playing */
    bool ends;          /* no rotation after the one playing (a bot was suspended) */
    int64_t waiting_since;
    struct ladder_set *next;
};

struct gw_ladder {
    ippon_gateway *gw;  /* its owner (the sweep's way back) */
    struct ladder_bot *pool[IPPON_MODES];
    int pooled[IPPON_MODES], cap[IPPON_MODES];
    struct ladder_set *sets;
    lws_sorted_usec_list_t sweep;
    bool sweep_on;
    ippon_ladder_counts counts;
};

static struct gw_ladder *ladder_of(ippon_gateway *gw)
{
    if (!gw->ladder && (gw->ladder = calloc(1, sizeof *gw->ladder)) != NULL)
        gw->ladder->gw = gw;
    return gw->ladder;
}

/* the set bot_id is in, with its index in the base order, or NULL */
static struct ladder_set *set_of(struct gw_ladder *l, const char *bot_id, int *k)
{
    for (struct ladder_set *s = l ? l->sets : NULL; s; s = s->next)
        for (int i = 0; i < s->players; i++)
            if (!strcmp(s->bots[i].id, bot_id)) {
                *k = i;
                return s;
            }
    return NULL;
}

static struct ladder_set *set_by_id(struct gw_ladder *l, const char *set_id)
{
    for (struct ladder_set *s = l ? l->sets : NULL; s; s = s->next)
        if (!strcmp(s->id, set_id))
            return s;
    return NULL;
}

static void unlink_set(struct gw_ladder *l, struct ladder_set *set)
{
    for (struct ladder_set **p = &l->sets; *p; p = &(*p)->next)
        if (*p == set) {
            *p = set->next;
            break;
        }
    free(set);
}

/* ---- the pools ---- */

static int pool_find(const struct gw_ladder *l, ippon_mode mode, const char *bot_id)
{
    for (int i = 0; i < l->pooled[mode]; i++)
        if (!strcmp(l->pool[mode][i].id, bot_id))
            return i;
    return -1;
}

static void pool_remove_at(struct gw_ladder *l, ippon_mode mode, int i)
{
    memmove(&l->pool[mode][i], &l->pool[mode][i + 1], (size_t)(l->pooled[mode] - i - 1) * sizeof l->pool[mode][0]);
    l->pooled[mode]--;
}

/* bot joins the end of mode's pool (once): 0, or -1 out of memory */
static int pool_add(struct gw_ladder *l, ippon_mode mode, const struct ladder_bot *bot)
{
    if (pool_find(l, mode, bot->id) >= 0)
        return 0;
    if (l->pooled[mode] == l->cap[mode]) {
        int cap = l->cap[mode] ? 2 * l->cap[mode] : 16;
        struct ladder_bot *grown = realloc(l->pool[mode], (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        l->pool[mode] = grown;
        l->cap[mode] = cap;
    }
    l->pool[mode][l->pooled[mode]++] = *bot;
    return 0;
}

/* ---- rotations ---- */

/* the bot of the set's base order that sits at `seat` in the rotation playing: seat = (k + r) mod n */
static struct ladder_bot *bot_at(struct ladder_set *set, int seat)
{
    return &set->bots[(seat - set->rotation + set->players) % set->players];
}

/* starts the set's rotation set->rotation: 0, or -1 if its table could not be made */
static int start_rotation(ippon_gateway *gw, struct ladder_set *set)
{
    ippon_lobby_entry seats[IPPON_MAX_PLAYERS];
    gw_table_options opt = {.clock_factor = 1, .watch_delay_ms = -1, .secret = set->secret,
                            .first_dealer = set->first_dealer};
    memcpy(opt.ladder.set_id, set->id, sizeof opt.ladder.set_id);
    opt.ladder.rotation = set->rotation;
    int64_t now = gw_now(gw);
    for (int seat = 0; seat < set->players; seat++) {
        const struct ladder_bot *bot = bot_at(set, seat);
        ippon_conn *c = gw_conn_of(gw, bot->id);
        memset(&seats[seat], 0, sizeof seats[seat]);
        snprintf(seats[seat].user_id, sizeof seats[seat].user_id, "%s", bot->id);
        snprintf(seats[seat].name, sizeof seats[seat].name, "%s", bot->name);
        if (c)
            snprintf(seats[seat].addr, sizeof seats[seat].addr, "%s", c->addr);
        seats[seat].since = now;
        opt.mjai[seat] = true;
    }
    memset(set->strikes, 0, sizeof set->strikes);
    if (gw_start_table_with(gw, set->mode, seats, set->players, &opt) != 0)
        return -1;
    set->playing = true;
    ippon_log(IPPON_LOG_INFO, "ladder: set %s (%s) rotation %d of %d starts", set->id, ippon_mode_name(set->mode),
              set->rotation + 1, set->players);
    return 0;
}

/* the set ends without its later rotations: the bots that came back wait in the pool again */
static void end_early(ippon_gateway *gw, struct gw_ladder *l, struct ladder_set *set, const char *why)
{
    ippon_log(IPPON_LOG_INFO, "ladder: set %s (%s) ends after %d of %d rotations: %s", set->id,
              ippon_mode_name(set->mode), set->rotation, set->players, why);
    l->counts.sets_ended_early++;
    for (int k = 0; k < set->players; k++)
        if (set->back[k] && gw_conn_of(gw, set->bots[k].id))
            (void)pool_add(l, set->mode, &set->bots[k]);
    unlink_set(l, set);
}

static void sweep(lws_sorted_usec_list_t *sul);

static void arm_sweep(ippon_gateway *gw, struct gw_ladder *l)
{
    if (l->sweep_on || !gw->timers)
        return;
    l->sweep_on = true;
    ippon_timers_schedule(gw->timers, &l->sweep, sweep, (lws_usec_t)SWEEP_MS * LWS_US_PER_MS);
}

static void form_sets(ippon_gateway *gw, struct gw_ladder *l, ippon_mode mode);

/* sets between rotations that waited too long end; bots back to the pool may form new ones */
static void sweep(lws_sorted_usec_list_t *sul)
{
    struct gw_ladder *l = lws_container_of(sul, struct gw_ladder, sweep);
    l->sweep_on = false;
    ippon_gateway *gw = l->gw;
    int64_t now = gw_now(gw);
    bool waiting = false;
    for (struct ladder_set *set = l->sets, *next; set; set = next) {
        next = set->next;
        if (set->playing)
            continue;
        if (now - set->waiting_since >= LADDER_RETURN_MS)
            end_early(gw, l, set, "a bot did not come back in time");
        else
            waiting = true;
    }
    for (int m = 0; m < IPPON_MODES; m++)
        form_sets(gw, l, (ippon_mode)m);
    if (waiting)
        arm_sweep(gw, l);
}

/* a new set of the mode's oldest waiting bots, while there are enough of them */
static void form_sets(ippon_gateway *gw, struct gw_ladder *l, ippon_mode mode)
{
    int players = ippon_mode_players(mode);
    while (l->pooled[mode] >= players && !gw->draining && !gw->maintenance) {
        struct ladder_set *set = calloc(1, sizeof *set);
        if (!set)
            return;
        ippon_id id;
        ippon_id_generate(&id);
        ippon_id_format(&id, set->id);
        set->mode = mode;
        set->players = players;
        randombytes_buf(set->secret, sizeof set->secret);
        set->first_dealer = (int)randombytes_uniform((uint32_t)players);
        memcpy(set->bots, l->pool[mode], (size_t)players * sizeof set->bots[0]);
        for (int i = players - 1; i > 0; i--) { /* a random base order */
            int j = (int)randombytes_uniform((uint32_t)i + 1);
            struct ladder_bot t = set->bots[i];
            set->bots[i] = set->bots[j];
            set->bots[j] = t;
        }
        for (int i = 0; i < players; i++)
            pool_remove_at(l, mode, 0);
        set->next = l->sets;
        l->sets = set;
        if (start_rotation(gw, set) != 0) {
            for (int k = 0; k < players; k++)
                set->back[k] = true;
            end_early(gw, l, set, "its table could not be made");
            return;
        }
    }
}

/* ---- what the gateway tells the ladder ---- */

void gw_ladder_enter(ippon_gateway *gw, ippon_conn *c, ippon_mode mode)
{
    struct gw_ladder *l = ladder_of(gw);
    if (!l) {
        gw_send_error_and_close(gw, c, "unavailable", "the ladder cannot take a bot now: connect again in a moment");
        return;
    }
    int k;
    struct ladder_set *set = set_of(l, c->user_id, &k);
    if (set && !set->playing) { /* back for the set's next rotation */
        set->back[k] = true;
        for (int i = 0; i < set->players; i++)
            if (!set->back[i])
                return;
        if (start_rotation(gw, set) != 0)
            end_early(gw, l, set, "its table could not be made");
        return;
    }
    struct ladder_bot bot;
    snprintf(bot.id, sizeof bot.id, "%s", c->user_id);
    snprintf(bot.name, sizeof bot.name, "%s", c->name);
    for (int m = 0; m < IPPON_MODES; m++) { /* one pool at a time: the latest mode asked for */
        int at = pool_find(l, (ippon_mode)m, bot.id);
        if (at >= 0 && m != (int)mode)
            pool_remove_at(l, (ippon_mode)m, at);
    }
    if (pool_add(l, mode, &bot) != 0) {
        gw_send_error_and_close(gw, c, "unavailable", "the ladder cannot take a bot now: connect again in a moment");
        return;
    }
    ippon_log(IPPON_LOG_INFO, "ladder: bot %s (%s) waits for a %s set (%d waiting)", c->name, c->user_id,
              ippon_mode_name(mode), l->pooled[mode]);
    form_sets(gw, l, mode);
}

void gw_ladder_left(ippon_gateway *gw, const char *bot_id)
{
    struct gw_ladder *l = gw->ladder;
    if (!l)
        return;
    for (int m = 0; m < IPPON_MODES; m++) {
        int at = pool_find(l, (ippon_mode)m, bot_id);
        if (at >= 0)
            pool_remove_at(l, (ippon_mode)m, at);
    }
    int k;
    struct ladder_set *set = set_of(l, bot_id, &k);
    if (set && !set->playing)
        set->back[k] = false; /* it has to enter again before the rotation starts */
}

bool gw_ladder_pooled(const ippon_gateway *gw, const char *bot_id)
{
    for (int m = 0; gw->ladder && m < IPPON_MODES; m++)
        if (pool_find(gw->ladder, (ippon_mode)m, bot_id) >= 0)
            return true;
    return false;
}

void gw_ladder_match_over(ippon_gateway *gw, const ippon_stored_match *rec)
{
    struct gw_ladder *l = gw->ladder;
    struct ladder_set *set = set_by_id(l, rec->ladder.set_id);
    if (!set || !set->playing || set->rotation != rec->ladder.rotation)
        return;
    set->playing = false;
    set->rotation++;
    memset(set->back, 0, sizeof set->back);
    if (!rec->completed) {
        end_early(gw, l, set, "its match ended without a result");
    } else if (set->ends) {
        end_early(gw, l, set, "a bot was suspended from the ladder");
    } else if (set->rotation == set->players) {
        ippon_log(IPPON_LOG_INFO, "ladder: set %s (%s) complete", set->id, ippon_mode_name(set->mode));
        l->counts.sets_completed++;
        unlink_set(l, set);
    } else {
        set->waiting_since = gw_now(gw);
        arm_sweep(gw, l);
    }
}

void gw_ladder_restored(ippon_gateway *gw, ippon_table *t)
{
    const ippon_match_ladder *tag = &ippon_table_settings_of(t)->ladder;
    struct gw_ladder *l = ladder_of(gw);
    if (!tag->set_id[0] || !l || set_by_id(l, tag->set_id) || ippon_table_over(t))
        return;
    struct ladder_set *set = calloc(1, sizeof *set);
    if (!set)
        return;
    memcpy(set->id, tag->set_id, sizeof set->id);
    set->players = ippon_table_players(t);
    set->mode = ippon_mode_of_players(set->players);
    memcpy(set->secret, ippon_table_secret(t), sizeof set->secret);
    set->first_dealer = ippon_table_first_dealer(t);
    set->rotation = tag->rotation;
    set->playing = true;
    for (int seat = 0; seat < set->players; seat++) {
        const ippon_seat_player *p = ippon_table_player_at(t, seat);
        struct ladder_bot *bot = bot_at(set, seat);
        snprintf(bot->id, sizeof bot->id, "%s", p->user_id);
        snprintf(bot->name, sizeof bot->name, "%s", p->name);
    }
    set->next = l->sets;
    l->sets = set;
    ippon_log(IPPON_LOG_INFO, "ladder: set %s (%s) goes on at rotation %d after a restart", set->id,
              ippon_mode_name(set->mode), set->rotation + 1);
}

/* the suspension's completion: logged (the ladder already treats the bot as suspended) */
static void suspended_written(const ippon_bot_write *bw, int rc, void *ctx)
{
    (void)ctx;
    if (rc != 0)
        ippon_log(IPPON_LOG_ERROR, "ladder: the suspension of bot %s was not stored (%d)", bw->bot.id, rc);
}

void gw_ladder_timed_out(ippon_gateway *gw, ippon_table *t, int seat, const char *bot_id)
{
    const ippon_match_ladder *tag = &ippon_table_settings_of(t)->ladder;
    int k;
    struct ladder_set *set = set_of(gw->ladder, bot_id, &k);
    if (!set || strcmp(set->id, tag->set_id) || ++set->strikes[k] != LADDER_STRIKES)
        return;
    set->ends = true;
    gw->ladder->counts.suspended++;
    ippon_bot_write bw = {.kind = IPPON_BW_LADDER_SUSPEND, .now = gw_wall_ms(gw, gw_now(gw)) / 1000,
                          .done = suspended_written};
    snprintf(bw.bot.id, sizeof bw.bot.id, "%s", bot_id);
    snprintf(bw.bot.suspend_reason, sizeof bw.bot.suspend_reason,
             "ran out of time %d times in ladder match %s (seat %d)", LADDER_STRIKES, ippon_table_id(t), seat);
    ippon_log(IPPON_LOG_INFO, "ladder: bot %s suspended from the ladder: %s", bot_id, bw.bot.suspend_reason);
    if (!gw->app || !gw->app->writer || ippon_bot_write_submit(gw->app->writer, &bw) != 0)
        ippon_log(IPPON_LOG_ERROR, "ladder: the suspension of bot %s could not be queued", bot_id);
}

void gw_ladder_counts(const ippon_gateway *gw, ippon_ladder_counts *out)
{
    memset(out, 0, sizeof *out);
    const struct gw_ladder *l = gw->ladder;
    if (!l)
        return;
    *out = l->counts;
    for (int m = 0; m < IPPON_MODES; m++)
        out->waiting[m] = l->pooled[m];
    for (const struct ladder_set *s = l->sets; s; s = s->next)
        out->sets_running++;
}

void gw_ladder_free(ippon_gateway *gw)
{
    struct gw_ladder *l = gw->ladder;
    if (!l)
        return;
    if (l->sweep_on)
        ippon_timers_cancel(&l->sweep);
    while (l->sets)
        unlink_set(l, l->sets);
    for (int m = 0; m < IPPON_MODES; m++)
        free(l->pool[m]);
    free(l);
    gw->ladder = NULL;
}
