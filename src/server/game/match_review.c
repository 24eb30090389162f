/*
 * match_review.c — a stored match's human seats reviewed (match_review.h).
 *
 * The log numbers the seats from the first dealer, so table seat s is log seat
 * (s − first dealer) mod players, as review_rest.c maps them; names and bots leave the decisions
 * as they are, so the log is built without them.
 */
#include "game/match_review.h"

#include <string.h>

#include "base/log.h"
#include "game/replay_logs.h"

void ippon_match_review_seats(const char *match_id, const char *rules, const json_t *seeds, const json_t *actions,
                              int players, const bool want[4], ippon_review_row out[4])
{
    memset(out, 0, 4 * sizeof *out);
    const char *names[4] = {NULL, NULL, NULL, NULL};
    const ippon_rules *preset = ippon_rules_preset(rules);
    ippon_replay_logs logs;
    char err[300];
    bool built = preset && preset->players == players &&
                 ippon_replay_logs_build(rules, seeds, actions, names, NULL, "ippon", match_id, &logs, err,
                                         sizeof err) == 0;
    if (!preset || preset->players != players)
        ippon_log_warn("review of match %s: rules \"%s\" are not for %d players", match_id, rules, players);
    else if (!built)
        ippon_log_warn("review of match %s: it does not replay: %s", match_id, err);
    for (int s = 0; s < players && s < 4; s++) {
        if (!want[s])
            continue;
        out[s].failed = true;
        if (!built)
            continue;
        ippon_review review;
        int log_seat = (s - logs.first_dealer + logs.players) % logs.players;
        if (ippon_review_game(logs.tenhou, log_seat, preset, &review, err, sizeof err) != 0) {
            ippon_log_warn("review of match %s, seat %d: %s", match_id, s, err);
        } else {
            ippon_review_summarize(&review, &out[s].sum);
            out[s].failed = false;
        }
        ippon_review_free(&review);
    }
    if (built)
        ippon_replay_logs_free(&logs);
}
