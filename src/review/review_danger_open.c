/*
 * review_danger_open.c — the open hands that threaten (src/review/README.md, "Danger"): the rule
 * for an opponent not in riichi that looks tenpai from what every seat sees (its calls and its
 * turn), the shape its melds show (a flush, all triplets, all simples, a yakuhai, a dora), the
 * features of a candidate kind that follow from them, and the open threats' block of the model's
 * inputs. The features both threats share are review_danger.c's.
 */
#include <math.h>

#include "review_internal.h"

/* the rule's turns: two calls look tenpai from this many discards on (README, "Danger") */
enum { TWO_CALLS_LATE = 9 };

static int open_calls(const ippon_seat_public *s)
{
    int n = 0;
    for (int i = 0; i < s->n_melds; i++)
        n += s->melds[i].type != IPPON_MELD_ANKAN;
    return n;
}

bool ippon_danger_looks_tenpai(const ippon_view *v, int opp)
{
    const ippon_seat_public *s = &v->seats[opp];
    if (s->riichi)
        return false;
    int calls = open_calls(s);
    return calls >= 3 || (calls == 2 && s->n_discards >= TWO_CALLS_LATE);
}

/* the shape of opp's melds (enum ippon_danger_shape), and the suit of a flush in *flush_suit */
static int shape_of(const ippon_view *v, const ippon_rules *rules, int opp, int *flush_suit)
{
    const ippon_seat_public *s = &v->seats[opp];
    review_table t = { .rules = rules, .wind = review_wind(v, opp), .round_wind = v->round_wind };
    int suits = 0, shape = 0;
    bool triplets = true, simples = true;
    for (int i = 0; i < s->n_melds; i++) {
        const ippon_meld_tiles *m = &s->melds[i];
        int kind = ippon_tile_kind(m->tiles[0]);
        if (!ippon_kind_is_honor(kind))
            suits |= 1 << ippon_kind_suit(kind);
        triplets &= m->type != IPPON_MELD_CHI;
        if (m->type != IPPON_MELD_CHI && review_is_yakuhai(&t, kind))
            shape |= IPPON_SHAPE_YAKUHAI;
        for (int j = 0; j < m->n; j++) {
            int k = ippon_tile_kind(m->tiles[j]);
            simples &= !ippon_kind_is_yaochu(k);
            bool red = ippon_code_is_red(ippon_tile_code(m->tiles[j], rules->red_fives));
            for (int d = 0; d < v->n_dora; d++)
                red |= ippon_rules_dora_of(rules, ippon_tile_kind(v->dora[d])) == k;
            shape |= red ? IPPON_SHAPE_DORA : 0;
        }
    }
    *flush_suit = suits ? __builtin_ctz((unsigned)suits) : -1;
    if (suits && !(suits & (suits - 1)))
        shape |= IPPON_SHAPE_FLUSH;
    if (s->n_melds >= 2)
        shape |= (triplets ? IPPON_SHAPE_TOITOI : 0) | (simples ? IPPON_SHAPE_SIMPLES : 0);
    return shape;
}

void review_danger_open_features(const ippon_view *v, const ippon_danger_watch *w, const ippon_rules *rules,
                                 ippon_danger_features *f)
{
    const ippon_seat_public *o = &v->seats[f->opp];
    f->calls = (uint8_t)open_calls(o);
    f->turn = o->n_discards;
    f->since_call = (uint8_t)(o->n_discards > w->call_at[f->opp] ? o->n_discards - w->call_at[f->opp] : 0);
    int flush_suit;
    f->shape = (uint8_t)shape_of(v, rules, f->opp, &flush_suit);
    bool honor = ippon_kind_is_honor(f->kind);
    if ((f->shape & IPPON_SHAPE_FLUSH) && !honor)
        f->why |= ippon_kind_suit(f->kind) == flush_suit ? IPPON_DANGER_FLUSH_SUIT : IPPON_DANGER_OFF_FLUSH;
    if ((f->shape & IPPON_SHAPE_SIMPLES) && ippon_kind_is_yaochu(f->kind))
        f->why |= IPPON_DANGER_YAOCHU_VS_SIMPLES;
    review_table t = { .rules = rules, .wind = review_wind(v, f->opp), .round_wind = v->round_wind };
    if (honor && review_is_yakuhai(&t, f->kind))
        f->why |= IPPON_DANGER_YAKUHAI_KIND;
}

/* x: the IPPON_DANGER_OPEN_INPUTS of the open block, in ippon_danger_input_names' order from
   "open:intercept" */
void review_danger_open_inputs(const ippon_danger_features *f, double x[IPPON_DANGER_OPEN_INPUTS])
{
    bool honor = f->cls == IPPON_DANGER_HONOR;
    x[0] = 1;
    if (!honor)
        x[f->cls] = 1; /* inputs 1-4: terminal, 2-8, 3-7, 4-6 */
    x[5] = honor && f->visible == 2;
    x[6] = honor && f->visible >= 3;
    x[7] = (f->why & IPPON_DANGER_SUJI) != 0;
    x[8] = (f->why & IPPON_DANGER_HALF_SUJI) != 0;
    x[9] = (f->why & IPPON_DANGER_NAKASUJI) != 0;
    x[10] = (f->why & IPPON_DANGER_NO_CHANCE) != 0;
    x[11] = (f->why & IPPON_DANGER_ONE_CHANCE) != 0;
    x[12] = (f->why & IPPON_DANGER_DORA) != 0;
    x[13] = (f->why & IPPON_DANGER_FLUSH_SUIT) != 0;
    x[14] = (f->why & IPPON_DANGER_OFF_FLUSH) != 0;
    x[15] = honor && (f->shape & IPPON_SHAPE_FLUSH);
    x[16] = (f->why & IPPON_DANGER_YAKUHAI_KIND) != 0;
    x[17] = (f->shape & IPPON_SHAPE_TOITOI) != 0;
    x[18] = (f->why & IPPON_DANGER_YAOCHU_VS_SIMPLES) != 0;
    x[19] = f->calls >= 3;
    x[20] = log1p(f->turn);
    x[21] = !(f->shape & (IPPON_SHAPE_FLUSH | IPPON_SHAPE_TOITOI | IPPON_SHAPE_SIMPLES | IPPON_SHAPE_YAKUHAI));
    x[22] = log(f->live_kinds > 0 ? f->live_kinds / 34.0 : 1 / 34.0);
    x[23] = f->suit_share / 100.0;
    x[24] = honor || f->visible < 1 ? 0 : f->visible - 1;
    x[25] = (f->shape & IPPON_SHAPE_DORA) != 0;
}
