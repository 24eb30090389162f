/*
 * seasons_json.c — the seasons' parts of REST replies (seasons_json.h), made of the store's rows
 * (store/store_seasons.h).
 */
#include "api/seasons_json.h"

#include "base/mode.h"
#include "base/season.h"
#include "store/store_seasons.h"

int ippon_json_season_keys(json_t *board, int32_t season, int months, int64_t now_ms)
{
    char name[IPPON_SEASON_TEXT];
    ippon_season_format(season, name);
    int64_t end = ippon_season_end_ms(season, months);
    int rc = json_object_set_new(board, "period", json_string("season"));
    rc |= json_object_set_new(board, "season", json_string(name));
    rc |= json_object_set_new(board, "season_start", json_integer(ippon_season_start_ms(season)));
    rc |= json_object_set_new(board, "season_end", json_integer(end));
    rc |= json_object_set_new(board, "season_months", json_integer(months));
    rc |= json_object_set_new(board, "final", json_boolean(now_ms >= end));
    return rc ? -1 : 0;
}

int ippon_json_load_seasons(ippon_store *st, const char *user_id, int months, int min_games, int64_t now_ms,
                            json_t **out)
{
    json_t *all = json_object();
    for (int mi = 0; all && mi < IPPON_MODES; mi++) {
        ippon_season_standing rows[IPPON_PROFILE_SEASONS];
        int n;
        json_t *list = json_array();
        if (!list || ippon_store_player_seasons(st, user_id, (ippon_mode)mi, months, min_games, now_ms, rows, &n) != 0 ||
            json_object_set_new(all, ippon_mode_name((ippon_mode)mi), list) != 0) {
            json_decref(list);
            json_decref(all);
            return -1;
        }
        for (int i = 0; i < n; i++) {
            char name[IPPON_SEASON_TEXT];
            ippon_season_format(rows[i].season, name);
            json_t *row = json_pack("{s:s,s:o,s:I,s:I,s:I,s:b}", "season", name, "rank",
                                    rows[i].rank > 0 ? json_integer(rows[i].rank) : json_null(), "of",
                                    (json_int_t)rows[i].of, "points", (json_int_t)rows[i].total, "games",
                                    (json_int_t)rows[i].games, "final",
                                    now_ms >= ippon_season_end_ms(rows[i].season, months));
            if (!row || json_array_append_new(list, row) != 0) {
                json_decref(all);
                return -1;
            }
        }
    }
    *out = all;
    return all ? 0 : -1;
}
