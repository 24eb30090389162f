/*
 * rankings_json.c — the rankings' replies made of the store's rows (rankings_json.h). The key
 * order is the documented one: jansson keeps insertion order.
 */
#include "api/rankings_json.h"

#include <stdbool.h>
#include <stdlib.h>

#include "base/mode.h"

static json_t *ippon_json_leaderboard(const ippon_leaderboard_page *page)
{
    json_t *rows = json_array();
    for (int i = 0; rows && i < page->n; i++) {
        const ippon_leaderboard_row *r = &page->rows[i];
        json_t *row = json_pack("{s:I,s:s,s:s,s:b,s:i,s:I,s:f,s:i,s:i}", "rank", (json_int_t)r->rank, "user_id",
                                r->user_id, "display_name", r->display_name, "bot", r->bot, "games", r->games, "total", (json_int_t)r->total,
                                "average", r->games ? (double)r->total / r->games : 0.0, "wins", r->wins, "best",
                                r->best);
        if (!row || json_array_append_new(rows, row) != 0) {
            json_decref(rows);
            return NULL;
        }
    }
    return rows ? json_pack("{s:I,s:o}", "total", (json_int_t)page->total, "rows", rows) : NULL;
}

/* a rate, or null when there is nothing to divide by */
static json_t *rate(int64_t part, int64_t whole)
{
    return whole ? json_real((double)part / (double)whole) : json_null();
}

static json_t *mode_json(const ippon_profile_mode *m)
{
    return json_pack("{s:I,s:I,s:f,s:I,s:f,s:o,s:I,s:I,s:o,s:o}", "games", (json_int_t)m->games, "total",
                     (json_int_t)m->total, "average", m->games ? (double)m->total / (double)m->games : 0.0, "wins",
                     (json_int_t)m->wins, "win_rate", m->games ? (double)m->wins / (double)m->games : 0.0, "best",
                     m->has_best ? json_integer(m->best) : json_null(), "hands", (json_int_t)m->hands, "deal_ins",
                     (json_int_t)m->deal_ins, "deal_in_rate", rate(m->deal_ins, m->known_hands), "hand_win_rate",
                     rate(m->wins, m->hands));
}

static json_t *history_json(const ippon_profile *p, ippon_mode mode)
{
    json_t *points = json_array();
    for (int i = 0; points && i < p->history_n[mode]; i++)
        if (json_array_append_new(points, json_pack("{s:I,s:I}", "ended_at", (json_int_t)p->history[mode][i].ended_at,
                                                    "cumulative", (json_int_t)p->history[mode][i].cumulative)) != 0) {
            json_decref(points);
            return NULL;
        }
    return points;
}

static json_t *ippon_json_profile(const ippon_profile *p)
{
    json_t *recent = json_array();
    for (int i = 0; recent && i < p->recent_n; i++) {
        const ippon_profile_match *m = &p->recent[i];
        if (json_array_append_new(recent, json_pack("{s:s,s:s,s:I,s:i,s:i,s:i,s:b,s:b}", "id", m->id, "mode",
                                                    m->mode, "ended_at", (json_int_t)m->ended_at, "result",
                                                    m->result, "final_points", m->final_points, "seat", m->seat,
                                                    "counted", m->counted, "private", m->private_match)) != 0) {
            json_decref(recent);
            recent = NULL;
        }
    }
    json_t *modes = json_object(), *history = json_object();
    bool ok = modes && history;
    for (ippon_mode mode = 0; ok && mode < IPPON_MODES; mode++)
        ok = json_object_set_new(modes, ippon_mode_name(mode), mode_json(&p->modes[mode])) == 0 &&
             json_object_set_new(history, ippon_mode_name(mode), history_json(p, mode)) == 0;
    if (!ok) {
        json_decref(modes);
        json_decref(history);
        json_decref(recent);
        return NULL;
    }
    return json_pack("{s:s,s:s,s:b,s:I,s:o,s:o,s:o}", "user_id", p->user.id, "display_name", p->user.display_name,
                     "bot", p->user.is_bot, "created_at", (json_int_t)p->user.created_at, "modes", modes, "recent",
                     recent, "history", history);
}

static json_t *seats_json(const ippon_listed_match *m)
{
    json_t *players = json_array();
    for (int s = 0; players && s < m->players; s++) {
        const ippon_listed_seat *p = &m->seats[s];
        if (json_array_append_new(players, json_pack("{s:i,s:o,s:s,s:b,s:i,s:i}", "seat", p->seat, "user_id",
                                                     p->user_id[0] ? json_string(p->user_id) : json_null(),
                                                     "display_name", p->display_name, "bot", p->bot, "final_points",
                                                     p->final_points, "result", p->result)) != 0) {
            json_decref(players);
            return NULL;
        }
    }
    return players;
}

static json_t *ippon_json_match_list(const ippon_listed_matches *list)
{
    json_t *matches = json_array();
    for (int i = 0; matches && i < list->n; i++) {
        const ippon_listed_match *m = &list->rows[i];
        if (json_array_append_new(matches, json_pack("{s:s,s:s,s:s,s:b,s:b,s:b,s:b,s:i,s:I,s:I,s:o}", "id", m->id,
                                                     "mode", m->mode, "rules", m->rules, "ranked", m->ranked,
                                                     "private", m->private_match, "completed",
                                                     m->completed, "voided", m->voided, "hands", m->hands,
                                                     "started_at", (json_int_t)m->started_at, "ended_at",
                                                     (json_int_t)m->ended_at, "players", seats_json(m))) != 0) {
            json_decref(matches);
            return NULL;
        }
    }
    return json_pack("{s:I,s:o}", "total", (json_int_t)list->total, "matches", matches);
}

static json_t *ippon_json_match_detail(const ippon_stored_detail *d)
{
    const ippon_listed_match *m = &d->match;
    return json_pack("{s:s,s:s,s:s,s:b,s:b,s:b,s:o,s:o,s:i,s:I,s:I,s:o,s:O,s:O,s:O}", "id", m->id, "mode", m->mode,
                     "rules", m->rules, "ranked", m->ranked, "private", m->private_match, "completed", m->completed,
                     "voided_at",
                     d->voided ? json_integer(d->voided_at) : json_null(), "void_reason",
                     d->void_reason ? json_string(d->void_reason) : json_null(), "hands", m->hands, "started_at",
                     (json_int_t)m->started_at, "ended_at", (json_int_t)m->ended_at, "players", seats_json(m), "wins",
                     d->wins, "seeds", d->seeds, "fairness", d->fairness ? d->fairness : json_null());
}

int ippon_json_load_leaderboard(ippon_store *st, const ippon_leaderboard_query *q, json_t **out)
{
    ippon_leaderboard_page page;
    int rc = ippon_store_leaderboard(st, q, &page);
    if (rc != 0)
        return rc;
    *out = ippon_json_leaderboard(&page);
    ippon_leaderboard_page_free(&page);
    return *out ? 0 : -1;
}

int ippon_json_load_profile(ippon_store *st, const char *user_id, json_t **out)
{
    ippon_profile *p;
    int rc = ippon_store_player_profile(st, user_id, &p);
    if (rc != 0)
        return rc;
    *out = ippon_json_profile(p);
    free(p);
    return *out ? 0 : -1;
}

int ippon_json_load_matches(ippon_store *st, const char *user_id, int page, int limit, json_t **out)
{
    ippon_listed_matches list;
    int rc = ippon_store_matches_list(st, user_id, page, limit, &list);
    if (rc != 0)
        return rc;
    *out = ippon_json_match_list(&list);
    ippon_listed_matches_free(&list);
    return *out ? 0 : -1;
}

int ippon_json_load_match_detail(ippon_store *st, const char *id, json_t **out)
{
    ippon_stored_detail d;
    int rc = ippon_store_match_detail(st, id, &d);
    if (rc != 0)
        return rc;
    *out = ippon_json_match_detail(&d);
    ippon_stored_detail_free(&d);
    return *out ? 0 : -1;
}
