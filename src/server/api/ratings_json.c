/*
 * ratings_json.c — the ratings' replies made of the store's rows (ratings_json.h). The key order
 * is the documented one: jansson keeps insertion order.
 */
#include "api/ratings_json.h"

#include <math.h>

#include "base/mode.h"

json_t *ippon_json_dan(int32_t tier)
{
    if (tier < 0 || tier >= IPPON_LADDER_TIERS)
        tier = 0; /* none stored: the writer keeps tiers in the table */
    const ippon_tier *t = &ippon_ladder_tiers[tier];
    return json_pack("{s:i,s:s,s:{s:s,s:s},s:o,s:b}", "tier", tier, "id", t->id, "name", "en", t->name_en, "ja",
                     t->name_ja, "promote_at", t->promote_at > 0 ? json_integer(t->promote_at) : json_null(),
                     "demotes", t->demotes);
}

/* a rating shown to players: whole points, half away from zero */
static json_int_t whole(double x)
{
    return (json_int_t)llround(x);
}

/* the standing's keys into obj (a standing or a board row); obj is consumed on failure */
static json_t *standing_keys(json_t *obj, const ippon_standing *s)
{
    if (obj && json_object_update_new(obj, json_pack("{s:I,s:I,s:b,s:o,s:i,s:I}", "rating", whole(s->rating.mu),
                                                     "uncertainty", whole(s->rating.sigma), "provisional",
                                                     ippon_rating_provisional(&ippon_rating_defaults, s->rating),
                                                     "dan", ippon_json_dan(s->rank.tier), "rank_points",
                                                     s->rank.points, "games", (json_int_t)s->games)) == 0)
        return obj;
    json_decref(obj);
    return NULL;
}

json_t *ippon_json_standing(const ippon_standing *s)
{
    return standing_keys(json_object(), s);
}

json_t *ippon_json_rating_history(const ippon_rating_history *h)
{
    json_t *entries = json_array();
    for (int i = 0; entries && i < h->n; i++) {
        const ippon_rating_entry *e = &h->rows[i];
        if (json_array_append_new(entries,
                                  json_pack("{s:I,s:s,s:I,s:f,s:f,s:f,s:f,s:o,s:o,s:i,s:i,s:i}", "seq",
                                            (json_int_t)e->seq, "match_id", e->match_id, "ended_at",
                                            (json_int_t)e->ended_at, "rating_before", e->rating_before.mu,
                                            "rating_after", e->rating_after.mu, "uncertainty_before",
                                            e->rating_before.sigma, "uncertainty_after", e->rating_after.sigma,
                                            "dan_before", ippon_json_dan(e->rank_before.tier), "dan_after",
                                            ippon_json_dan(e->rank_after.tier), "rank_points_before",
                                            e->rank_before.points, "rank_points_after", e->rank_after.points,
                                            "rank_points_delta", e->rank_delta)) != 0) {
            json_decref(entries);
            return NULL;
        }
    }
    json_t *next = h->more && h->n > 0 ? json_integer(h->rows[h->n - 1].seq) : json_null();
    return entries ? json_pack("{s:o,s:o}", "entries", entries, "next_before", next) : NULL;
}

json_t *ippon_json_rating_board(const ippon_rating_board_page *page)
{
    json_t *rows = json_array();
    for (int i = 0; rows && i < page->n; i++) {
        const ippon_rating_board_row *r = &page->rows[i];
        json_t *row = standing_keys(json_pack("{s:I,s:s,s:s,s:b}", "rank", (json_int_t)r->rank, "user_id",
                                              r->user_id, "display_name", r->display_name, "bot", r->bot),
                                    &r->standing);
        if (!row || json_array_append_new(rows, row) != 0) {
            json_decref(rows);
            return NULL;
        }
    }
    return rows ? json_pack("{s:I,s:o}", "total", (json_int_t)page->total, "rows", rows) : NULL;
}

int ippon_json_load_standings(ippon_store *st, const char *user_id, json_t **out)
{
    *out = json_object();
    for (ippon_mode mode = 0; *out && mode < IPPON_MODES; mode++) {
        ippon_standing s;
        if (ippon_store_standing(st, mode, user_id, &s) < 0 ||
            json_object_set_new(*out, ippon_mode_name(mode), ippon_json_standing(&s)) != 0) {
            json_decref(*out);
            *out = NULL;
            return -1;
        }
    }
    return *out ? 0 : -1;
}
