/*
 * yaku_names.c — the names of every yaku, yakuman and dora kind (ippon/yaku.h): the ASCII id
 * used by the oracle schema and our JSON, majiang-core's Japanese name, and Tenhou's name for
 * tenhou.net/6 logs.
 */
#include <stddef.h>

#include "ippon/yaku.h"

struct yaku_name {
    const char *id;
    const char *ja;
};

static const struct yaku_name names[IPPON_YAKU_COUNT] = {
    [IPPON_YAKU_RIICHI] = { "riichi", "立直" },
    [IPPON_YAKU_DOUBLE_RIICHI] = { "double_riichi", "ダブル立直" },
    [IPPON_YAKU_IPPATSU] = { "ippatsu", "一発" },
    [IPPON_YAKU_MENZEN_TSUMO] = { "menzen_tsumo", "門前清自摸和" },
    [IPPON_YAKU_HAITEI] = { "haitei", "海底摸月" },
    [IPPON_YAKU_HOUTEI] = { "houtei", "河底撈魚" },
    [IPPON_YAKU_RINSHAN] = { "rinshan", "嶺上開花" },
    [IPPON_YAKU_CHANKAN] = { "chankan", "槍槓" },
    [IPPON_YAKU_ROUND_EAST] = { "round_wind_east", "場風 東" },
    [IPPON_YAKU_ROUND_SOUTH] = { "round_wind_south", "場風 南" },
    [IPPON_YAKU_ROUND_WEST] = { "round_wind_west", "場風 西" },
    [IPPON_YAKU_ROUND_NORTH] = { "round_wind_north", "場風 北" },
    [IPPON_YAKU_SEAT_EAST] = { "seat_wind_east", "自風 東" },
    [IPPON_YAKU_SEAT_SOUTH] = { "seat_wind_south", "自風 南" },
    [IPPON_YAKU_SEAT_WEST] = { "seat_wind_west", "自風 西" },
    [IPPON_YAKU_SEAT_NORTH] = { "seat_wind_north", "自風 北" },
    [IPPON_YAKU_HAKU] = { "haku", "翻牌 白" },
    [IPPON_YAKU_HATSU] = { "hatsu", "翻牌 發" },
    [IPPON_YAKU_CHUN] = { "chun", "翻牌 中" },
    [IPPON_YAKU_PINFU] = { "pinfu", "平和" },
    [IPPON_YAKU_TANYAO] = { "tanyao", "断幺九" },
    [IPPON_YAKU_IIPEIKOU] = { "iipeikou", "一盃口" },
    [IPPON_YAKU_SANSHOKU] = { "sanshoku", "三色同順" },
    [IPPON_YAKU_ITTSU] = { "ittsu", "一気通貫" },
    [IPPON_YAKU_CHANTA] = { "chanta", "混全帯幺九" },
    [IPPON_YAKU_CHIITOITSU] = { "chiitoitsu", "七対子" },
    [IPPON_YAKU_TOITOI] = { "toitoi", "対々和" },
    [IPPON_YAKU_SANANKOU] = { "sanankou", "三暗刻" },
    [IPPON_YAKU_SANKANTSU] = { "sankantsu", "三槓子" },
    [IPPON_YAKU_SANSHOKU_DOUKOU] = { "sanshoku_doukou", "三色同刻" },
    [IPPON_YAKU_HONROUTOU] = { "honroutou", "混老頭" },
    [IPPON_YAKU_SHOUSANGEN] = { "shousangen", "小三元" },
    [IPPON_YAKU_HONITSU] = { "honitsu", "混一色" },
    [IPPON_YAKU_JUNCHAN] = { "junchan", "純全帯幺九" },
    [IPPON_YAKU_RYANPEIKOU] = { "ryanpeikou", "二盃口" },
    [IPPON_YAKU_CHINITSU] = { "chinitsu", "清一色" },
    [IPPON_YAKU_TENHOU] = { "tenhou", "天和" },
    [IPPON_YAKU_CHIIHOU] = { "chiihou", "地和" },
    [IPPON_YAKU_KOKUSHI] = { "kokushi", "国士無双" },
    [IPPON_YAKU_KOKUSHI_13] = { "kokushi_13", "国士無双十三面" },
    [IPPON_YAKU_SUUANKOU] = { "suuankou", "四暗刻" },
    [IPPON_YAKU_SUUANKOU_TANKI] = { "suuankou_tanki", "四暗刻単騎" },
    [IPPON_YAKU_DAISANGEN] = { "daisangen", "大三元" },
    [IPPON_YAKU_SHOUSUUSHII] = { "shousuushii", "小四喜" },
    [IPPON_YAKU_DAISUUSHII] = { "daisuushii", "大四喜" },
    [IPPON_YAKU_TSUUIISOU] = { "tsuuiisou", "字一色" },
    [IPPON_YAKU_RYUUIISOU] = { "ryuuiisou", "緑一色" },
    [IPPON_YAKU_CHINROUTOU] = { "chinroutou", "清老頭" },
    [IPPON_YAKU_SUUKANTSU] = { "suukantsu", "四槓子" },
    [IPPON_YAKU_CHUUREN] = { "chuuren", "九蓮宝燈" },
    [IPPON_YAKU_JUNSEI_CHUUREN] = { "junsei_chuuren", "純正九蓮宝燈" },
    [IPPON_YAKU_DORA] = { "dora", "ドラ" },
    [IPPON_YAKU_AKA] = { "aka", "赤ドラ" },
    [IPPON_YAKU_URA] = { "ura", "裏ドラ" },
    [IPPON_YAKU_KITA] = { "kita", "抜きドラ" },
};

/* Tenhou's own spelling where it differs from majiang's */
static const char *tenhou_spelling(int yaku)
{
    switch (yaku) {
    case IPPON_YAKU_DOUBLE_RIICHI: return "両立直";
    case IPPON_YAKU_HAKU: return "役牌 白";
    case IPPON_YAKU_HATSU: return "役牌 發";
    case IPPON_YAKU_CHUN: return "役牌 中";
    case IPPON_YAKU_KOKUSHI_13: return "国士無双１３面";
    case IPPON_YAKU_KITA: return "ドラ";
    default: return names[yaku].ja;
    }
}

static int in_range(int yaku) { return yaku >= 0 && yaku < IPPON_YAKU_COUNT; }

const char *ippon_yaku_id(int yaku) { return in_range(yaku) ? names[yaku].id : NULL; }
const char *ippon_yaku_name_ja(int yaku) { return in_range(yaku) ? names[yaku].ja : NULL; }
const char *ippon_yaku_tenhou_name(int yaku) { return in_range(yaku) ? tenhou_spelling(yaku) : NULL; }
