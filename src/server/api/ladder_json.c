/*
 * ladder_json.c — the bot ladder's replies made of the store's rows (ladder_json.h). The key order
 * is the documented one: jansson keeps insertion order.
 */
#include "api/ladder_json.h"

#include <math.h>

#include "base/mode.h"

/* {"id", "display_name"}: a seat's or a total's player; an empty id is null (a built-in bot) */
static json_t *player_json(const char *user_id, const char *display_name)
{
    return json_pack("{s:o,s:s}", "id", user_id[0] ? json_string(user_id) : json_null(), "display_name",
                     display_name);
}

/* a standing's numbers from "mu" to "points", into obj (consumed on failure) */
static json_t *standing_keys(json_t *obj, const ippon_ladder_standing *s)
{
    if (obj && json_object_update_new(obj, json_pack("{s:f,s:f,s:b,s:I,s:I,s:I}", "mu", s->rating.mu, "sigma",
                                                     s->rating.sigma, "provisional",
                                                     ippon_rating_provisional(&ippon_rating_defaults, s->rating),
                                                     "matches", (json_int_t)s->matches, "wins",
                                                     (json_int_t)s->wins, "points", (json_int_t)s->points)) == 0)
        return obj;
    json_decref(obj);
    return NULL;
}

/* points per match, a whole point (half away from zero); 0 without matches */
static json_int_t average(const ippon_ladder_standing *s)
{
    return s->matches > 0 ? (json_int_t)llround((double)s->points / (double)s->matches) : 0;
}

static json_t *board_row(const ippon_ladder_row *r)
{
    json_t *owner = r->owner_id[0] ? json_pack("{s:s,s:s}", "id", r->owner_id, "display_name", r->owner_name)
                                   : json_null();
    json_t *row = standing_keys(json_pack("{s:I,s:{s:s,s:s,s:b},s:o,s:s}", "rank", (json_int_t)r->standing.rank,
                                          "user", "id", r->user_id, "display_name", r->display_name, "bot", 1,
                                          "owner", owner, "description", r->description),
                                &r->standing);
    if (row && json_object_update_new(row, json_pack("{s:I,s:I,s:I,s:b,s:b}", "average", average(&r->standing),
                                                     "sets", (json_int_t)r->standing.sets, "last_at",
                                                     (json_int_t)r->standing.last_at, "suspended", r->suspended,
                                                     "deleted", r->deleted)) == 0)
        return row;
    json_decref(row);
    return NULL;
}

json_t *ippon_json_ladder_board(const ippon_ladder_board *board)
{
    json_t *bots = json_array();
    for (int i = 0; bots && i < board->n; i++)
        if (json_array_append_new(bots, board_row(&board->rows[i])) != 0) {
            json_decref(bots);
            bots = NULL;
        }
    return bots ? json_pack("{s:I,s:o}", "total", (json_int_t)board->total, "bots", bots) : NULL;
}

static json_t *rotation_json(const ippon_ladder_rotation *r)
{
    json_t *seats = json_array();
    for (int i = 0; seats && i < r->n; i++) {
        const ippon_ladder_seat *s = &r->seats[i];
        if (json_array_append_new(seats, json_pack("{s:i,s:o,s:i,s:i}", "seat", s->seat, "user",
                                                   player_json(s->user_id, s->display_name), "final_points",
                                                   (int)s->final_points, "result", (int)s->result)) != 0) {
            json_decref(seats);
            seats = NULL;
        }
    }
    return seats ? json_pack("{s:i,s:s,s:I,s:o}", "rotation", r->rotation, "match_id", r->match_id, "ended_at",
                             (json_int_t)r->ended_at, "seats", seats)
                 : NULL;
}

static json_t *set_json(const ippon_ladder_set *set)
{
    json_t *rotations = json_array(), *totals = json_array();
    for (int i = 0; rotations && i < set->n; i++)
        if (json_array_append_new(rotations, rotation_json(&set->rotations[i])) != 0) {
            json_decref(rotations);
            rotations = NULL;
        }
    for (int i = 0; totals && i < set->bots; i++) {
        const ippon_ladder_total *t = &set->totals[i];
        if (json_array_append_new(totals, json_pack("{s:o,s:I}", "user", player_json(t->user_id, t->display_name),
                                                    "points", (json_int_t)t->points)) != 0) {
            json_decref(totals);
            totals = NULL;
        }
    }
    if (!rotations || !totals) {
        json_decref(rotations);
        json_decref(totals);
        return NULL;
    }
    return json_pack("{s:s,s:b,s:I,s:o,s:o}", "id", set->id, "complete", set->complete, "ended_at",
                     (json_int_t)set->ended_at, "rotations", rotations, "totals", totals);
}

json_t *ippon_json_ladder_sets(const ippon_ladder_sets *sets)
{
    json_t *list = json_array();
    for (int i = 0; list && i < sets->n; i++)
        if (json_array_append_new(list, set_json(&sets->sets[i])) != 0) {
            json_decref(list);
            list = NULL;
        }
    return list ? json_pack("{s:o,s:o}", "sets", list, "next_before",
                            sets->next_before > 0 ? json_integer(sets->next_before) : json_null())
                : NULL;
}

int ippon_json_load_ladder(ippon_store *st, const char *user_id, json_t **out, uint64_t *stamp)
{
    ippon_ladder_standing standings[IPPON_MODES];
    const ippon_ladder_standing *found[IPPON_MODES] = { NULL };
    *out = json_object();
    for (ippon_mode mode = 0; *out && mode < IPPON_MODES; mode++) {
        int rc = ippon_store_ladder_standing(st, mode, user_id, &standings[mode]);
        json_t *s = NULL;
        if (rc > 0) {
            found[mode] = &standings[mode];
            s = standing_keys(json_object(), &standings[mode]);
            if (s && json_object_update_new(s, json_pack("{s:I,s:I}", "sets", (json_int_t)standings[mode].sets,
                                                         "rank", (json_int_t)standings[mode].rank)) != 0) {
                json_decref(s);
                s = NULL;
            }
        }
        if (rc < 0 || (rc > 0 && !s) || json_object_set_new(*out, ippon_mode_name(mode), rc > 0 ? s : json_null())) {
            json_decref(*out);
            *out = NULL;
        }
    }
    if (!*out)
        return -1;
    *stamp = ippon_ladder_stamp(*stamp, found);
    return 0;
}
