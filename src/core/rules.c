/*
 * rules.c — the built-in rule presets and the small questions every module asks of a rule
 * set (which kinds exist, which tile is dora, how many tiles a wall and its live part have).
 *
 * yonma / sanma are the product (RULES.md: M.League without uma/oka; Mahjong Soul ranked
 * sanma with kita). tenhou4 / tenhou3 are Tenhou's ranked lobby rules, kept so that real
 * Tenhou logs can be replayed and checked.
 */
#include <string.h>

#include "ippon/rules.h"
#include "ippon/tile.h"

static const ippon_rules preset_yonma = {
    .name = "yonma", .players = 4, .man_terminals_only = false, .red_fives = { 1, 1, 1 },
    .chi = true, .kita = false, .start_points = 25000,
    .double_wind_pair_fu = 2, .kiriage = true, .counted_yakuman = false,
    .double_yakuman_single = false, .yakuman_stack = true, .open_tanyao = true,
    .pao_daisangen = true, .pao_daisuushii = true, .pao_suukantsu = true,
    .honba_ron = 300, .honba_tsumo_each = 100, .tsumo_loss = false,
    .riichi_stick = 1000, .noten_pool = 3000,
    .riichi_min_live = 4, .riichi_min_points = 1000, .dead_wall = 14, .max_kans = 4,
    .replacement_tiles = 4, .open_kan_dora_delayed = true, .pending_dora_at_declaration = true,
    .max_ron_winners = 1,
    .triple_ron_aborts = false, .abortive_draws = false, .nagashi_mangan = false,
    .kokushi_robs_ankan = false, .kita_ronnable = false,
    .karaten = IPPON_KARATEN_OWN_ALL, .riichi_ankan = IPPON_RIICHI_ANKAN_STRICT, .tobi = false,
};

static const ippon_rules preset_sanma = {
    .name = "sanma", .players = 3, .man_terminals_only = true, .red_fives = { 0, 1, 1 },
    .chi = false, .kita = true, .start_points = 35000,
    .double_wind_pair_fu = 4, .kiriage = false, .counted_yakuman = true,
    .double_yakuman_single = true, .yakuman_stack = true, .open_tanyao = true,
    .pao_daisangen = true, .pao_daisuushii = true, .pao_suukantsu = false,
    .honba_ron = 200, .honba_tsumo_each = 100, .tsumo_loss = true,
    .riichi_stick = 1000, .noten_pool = 2000,
    .riichi_min_live = 3, .riichi_min_points = 1000, .dead_wall = 14, .max_kans = 4,
    .replacement_tiles = 8, .open_kan_dora_delayed = false, .max_ron_winners = 2,
    .triple_ron_aborts = false, .abortive_draws = false, .nagashi_mangan = false,
    .kokushi_robs_ankan = true, .kita_ronnable = false,
    .karaten = IPPON_KARATEN_OWN_ALL, .riichi_ankan = IPPON_RIICHI_ANKAN_STRICT, .tobi = false,
};

static const ippon_rules preset_tenhou4 = {
    .name = "tenhou4", .players = 4, .man_terminals_only = false, .red_fives = { 1, 1, 1 },
    .chi = true, .kita = false, .start_points = 25000,
    .double_wind_pair_fu = 4, .kiriage = false, .counted_yakuman = true,
    .double_yakuman_single = false, .yakuman_stack = true, .open_tanyao = true,
    .pao_daisangen = true, .pao_daisuushii = true, .pao_suukantsu = false,
    .honba_ron = 300, .honba_tsumo_each = 100, .tsumo_loss = false,
    .riichi_stick = 1000, .noten_pool = 3000,
    .riichi_min_live = 4, .riichi_min_points = 1000, .dead_wall = 14, .max_kans = 4,
    .replacement_tiles = 4, .open_kan_dora_delayed = true, .max_ron_winners = 2,
    .triple_ron_aborts = true, .abortive_draws = true, .nagashi_mangan = true,
    .kokushi_robs_ankan = true, .kita_ronnable = false,
    .karaten = IPPON_KARATEN_CONCEALED, .riichi_ankan = IPPON_RIICHI_ANKAN_WAITS, .tobi = true,
};

static const ippon_rules preset_tenhou3 = {
    .name = "tenhou3", .players = 3, .man_terminals_only = true, .red_fives = { 0, 1, 1 },
    .chi = false, .kita = true, .start_points = 35000,
    .double_wind_pair_fu = 4, .kiriage = false, .counted_yakuman = true,
    .double_yakuman_single = false, .yakuman_stack = true, .open_tanyao = true,
    .pao_daisangen = true, .pao_daisuushii = true, .pao_suukantsu = false,
    .honba_ron = 200, .honba_tsumo_each = 100, .tsumo_loss = true,
    .riichi_stick = 1000, .noten_pool = 2000,
    .riichi_min_live = 3, .riichi_min_points = 1000, .dead_wall = 14, .max_kans = 4,
    .replacement_tiles = 8, .open_kan_dora_delayed = true, .max_ron_winners = 2,
    .triple_ron_aborts = false, .abortive_draws = true, .nagashi_mangan = true,
    .kokushi_robs_ankan = true, .kita_ronnable = true,
    .karaten = IPPON_KARATEN_CONCEALED, .riichi_ankan = IPPON_RIICHI_ANKAN_WAITS, .tobi = true,
};

const ippon_rules *ippon_rules_preset(const char *name)
{
    static const ippon_rules *const all[] = { &preset_yonma, &preset_sanma, &preset_tenhou4, &preset_tenhou3 };
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->name, name) == 0)
            return all[i];
    return NULL;
}

int ippon_rules_dora_of(const ippon_rules *rules, int k)
{
    if (k < 27) {
        int base = k - k % 9, n = k % 9;
        if (rules->man_terminals_only && base == IPPON_1M)
            return n == 0 ? IPPON_9M : IPPON_1M;
        return base + (n + 1) % 9;
    }
    if (k <= IPPON_NORTH)
        return k == IPPON_NORTH ? IPPON_EAST : k + 1;
    return k == IPPON_CHUN ? IPPON_HAKU : k + 1;
}

int ippon_rules_wall_tiles(const ippon_rules *rules)
{
    int kinds = 0;
    for (int k = 0; k < IPPON_KINDS; k++)
        kinds += ippon_rules_has_kind(rules, k);
    return 4 * kinds;
}

int ippon_rules_live_tiles(const ippon_rules *rules)
{
    return ippon_rules_wall_tiles(rules) - rules->dead_wall - 13 * rules->players;
}
