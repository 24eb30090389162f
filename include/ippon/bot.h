/*
 * bot.h — a computer player for ippon. It sees only one seat's view (ippon_view: its own
 * tiles, its legal actions and what is public) and picks one of the legal actions.
 *
 * It plays sensible casual mahjong: it wins whenever it can; discards by tile efficiency
 * (lowest shanten, then the most live tiles that improve the hand); calls only when the call
 * brings it closer and the hand keeps a yaku (value honors, tanyao, honitsu, toitoi); declares
 * riichi on a closed tenpai; sets North aside for kita; and folds against a riichi when its own
 * hand is far from ready, discarding the tile its danger model rates safest (genbutsu, then
 * honors by visible copies, suji, kabe, terminals).
 *
 * Three styles share that logic (tests/bench/rating_sim measures their strength apart):
 *   IPPON_BOT_STANDARD    all of the above (the house bot of the server's tables);
 *   IPPON_BOT_PLAIN       the same, but blind to threats (it never folds, weighs no danger, and
 *                         calls and kans as if nobody were in riichi) and with plain discards:
 *                         the least shanten, then the least kept value, without counting live
 *                         tiles or connectivity. (Blindness to threats alone was not weaker in
 *                         single-hand matches: 37.0 % first places against the standard's 36.9 %
 *                         over 3,000 4-player matches, ratings 8 points apart);
 *   IPPON_BOT_TSUMOGIRI   wins when it can, otherwise discards the tile it drew (tsumogiri); it
 *                         never calls, declares riichi, kans, nor sets North aside in 3-player (a
 *                         drawn North is discarded like any tile). With no drawn tile (never, as it
 *                         makes no calls) it discards the last tile the legal list offers.
 */
#ifndef IPPON_BOT_H
#define IPPON_BOT_H

#include "ippon/match.h"

typedef enum ippon_bot_style {
    IPPON_BOT_STANDARD,
    IPPON_BOT_PLAIN,
    IPPON_BOT_TSUMOGIRI,
    IPPON_BOT_STYLES
} ippon_bot_style;

/* picks one of view->legal into *out as the standard bot; returns 0, or -1 when the view has no
   legal action */
int ippon_bot_choose(const ippon_view *view, const ippon_rules *rules, ippon_action *out);

/* the same for a bot of this style (-1 also for a style out of range) */
int ippon_bot_choose_styled(const ippon_view *view, const ippon_rules *rules, ippon_bot_style style,
                            ippon_action *out);

#endif
