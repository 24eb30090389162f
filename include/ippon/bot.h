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
 */
#ifndef IPPON_BOT_H
#define IPPON_BOT_H

#include "ippon/match.h"

/* picks one of view->legal into *out; returns 0, or -1 when the view has no legal action */
int ippon_bot_choose(const ippon_view *view, const ippon_rules *rules, ippon_action *out);

#endif
