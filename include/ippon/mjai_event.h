/*
 * mjai_event.h — one match event as mjai messages (the JSON protocol of gimite/mjai, as Mortal's
 * libriichi reads it), the one place that writes them: the match logs (game_log.h, every hand open)
 * and the per-seat stream of an AI at the table (mjai.h, the others' tiles hidden) both build their
 * messages here.
 *
 * Seats. mjai numbers the seats from the match's first dealer: mjai seat 0 deals the first hand
 * and turn order goes 0, 1, 2(, 3); mjai seat r is table seat (r + first dealer) mod players. A
 * frame holds that numbering; the first HAND_START fixes it (before it the seats are as they are).
 *
 * Tiles are mjai strings ("1m".."9s", "E" "S" "W" "N" "P" "F" "C"), red fives "5mr" "5pr" "5sr" under
 * rules that have them, and "?" for a hidden tile (tile 255, the public twin of another seat's draw).
 */
#ifndef IPPON_MJAI_EVENT_H
#define IPPON_MJAI_EVENT_H

#include <jansson.h>

#include "ippon/match.h"

typedef struct ippon_mjai_frame {
    uint8_t players;
    int8_t first;          /* the first dealer's table seat; -1 before the first hand */
    uint8_t red_fives[3];
} ippon_mjai_frame;

void ippon_mjai_frame_init(ippon_mjai_frame *f, const ippon_rules *rules);

/* the mjai seat of a table seat, and back */
int ippon_mjai_seat_of(const ippon_mjai_frame *f, int table_seat);
int ippon_mjai_table_seat(const ippon_mjai_frame *f, int mjai_seat);

/* a tile as an mjai string (255: "?"); its code's string alone: ippon_code_to_mjai */
json_t *ippon_mjai_tile(const ippon_mjai_frame *f, int tile);
const char *ippon_mjai_tile_text(const ippon_mjai_frame *f, int tile);

/* tiles as an array of mjai strings, in the order given */
json_t *ippon_mjai_tiles(const ippon_mjai_frame *f, const ippon_tile *tiles, int n);

/* a dealt hand in mjai's order: by kind, a red five before the plain ones */
void ippon_mjai_sort(const ippon_mjai_frame *f, ippon_tile *tiles, int n);

/* {"type":"start_game","names":[…]} with the names (by table seat) in mjai seat order */
json_t *ippon_mjai_start_game(const ippon_mjai_frame *f, const char *const *names);

/* {"type": type}: end_kyoku, end_game, none */
json_t *ippon_mjai_plain(const char *type);

/* Tenhou's name of an abortive draw kind (IPPON_ABORT_*), e.g. "九種九牌"; "流局" out of range */
const char *ippon_mjai_abort_name(int kind);

/* a DRAW_END's or ABORT's name as both logs write it (mjai's reason, tenhou.net/6's result): the
   abort's name, or for an exhaustive draw 流局 (someone paid), 全員聴牌 or 全員不聴 */
const char *ippon_mjai_ryukyoku_reason(const ippon_mjai_frame *f, const ippon_event *ev);

/* the first dora indicator belongs in start_kyoku: folds a dora message into it when it has no
   dora_marker yet and returns true (the message is then released); false leaves both alone */
bool ippon_mjai_fold_dora(json_t *start_kyoku, json_t *dora);

/*
 * The messages of one event, in order, into out[0..1] (new references); returns how many (0–2):
 *   HAND_START   start_kyoku (bakaze, kyoku, honba, kyotaku, oya, scores, tehais: one empty array
 *                per seat, filled by the caller; dora_marker comes with the first DORA); fixes the
 *                frame's first dealer on the first hand
 *   DEAL         nothing (the caller puts the tiles in start_kyoku's tehais)
 *   DRAW         tsumo (pai "?" for the public twin)
 *   DISCARD      reach then dahai (with tsumogiri) for a riichi declaration, else dahai
 *   RIICHI_STICK reach_accepted
 *   CALL         chi, pon, daiminkan (target, pai, consumed), ankan (consumed), kakan (pai, consumed)
 *   KITA         {"type": kita_type, "actor", "pai":"N"}: the logs write "nukidora", the table "kita"
 *   DORA         dora
 *   WIN          hora (target, pai, deltas, ura_markers)
 *   DRAW_END, ABORT  ryukyoku (reason, deltas, tenpais)
 *   MATCH_END    end_game (the caller closes a hand still open with end_kyoku first)
 */
int ippon_mjai_event(ippon_mjai_frame *f, const ippon_event *ev, const char *kita_type, json_t *out[2]);

#endif
