/*
 * yaku_names.c — the names of every yaku, yakuman and dora kind (ippon/yaku.h): the ASCII id
 * used by the oracle schema and our JSON, majiang-core's Japanese name, and Tenhou's id and
 * name for tenhou.net/6 logs.
 */
#include <string.h>

#include "ippon/yaku.h"

struct yaku_name {
    const char *id;
    const char *ja;
    int tenhou;
};

/* Tenhou ids: index into the yaku list of tenhou.net/6 (0 = 門前清自摸和 … 54 = 赤ドラ) */
static const struct yaku_name names[IPPON_YAKU_COUNT] = {
    [IPPON_YAKU_RIICHI] = { "riichi", "立直", 1 },
    [IPPON_YAKU_DOUBLE_RIICHI] = { "double_riichi", "ダブル立直", 21 },
    [IPPON_YAKU_IPPATSU] = { "ippatsu", "一発", 2 },
    [IPPON_YAKU_MENZEN_TSUMO] = { "menzen_tsumo", "門前清自摸和", 0 },
    [IPPON_YAKU_HAITEI] = { "haitei", "海底摸月", 5 },
    [IPPON_YAKU_HOUTEI] = { "houtei", "河底撈魚", 6 },
    [IPPON_YAKU_RINSHAN] = { "rinshan", "嶺上開花", 4 },
    [IPPON_YAKU_CHANKAN] = { "chankan", "槍槓", 3 },
    [IPPON_YAKU_ROUND_EAST] = { "round_wind_east", "場風 東", 14 },
    [IPPON_YAKU_ROUND_SOUTH] = { "round_wind_south", "場風 南", 15 },
    [IPPON_YAKU_ROUND_WEST] = { "round_wind_west", "場風 西", 16 },
    [IPPON_YAKU_ROUND_NORTH] = { "round_wind_north", "場風 北", 17 },
    [IPPON_YAKU_SEAT_EAST] = { "seat_wind_east", "自風 東", 10 },
    [IPPON_YAKU_SEAT_SOUTH] = { "seat_wind_south", "自風 南", 11 },
    [IPPON_YAKU_SEAT_WEST] = { "seat_wind_west", "自風 西", 12 },
    [IPPON_YAKU_SEAT_NORTH] = { "seat_wind_north", "自風 北", 13 },
    [IPPON_YAKU_HAKU] = { "haku", "翻牌 白", 18 },
    [IPPON_YAKU_HATSU] = { "hatsu", "翻牌 發", 19 },
    [IPPON_YAKU_CHUN] = { "chun", "翻牌 中", 20 },
    [IPPON_YAKU_PINFU] = { "pinfu", "平和", 7 },
    [IPPON_YAKU_TANYAO] = { "tanyao", "断幺九", 8 },
    [IPPON_YAKU_IIPEIKOU] = { "iipeikou", "一盃口", 9 },
    [IPPON_YAKU_SANSHOKU] = { "sanshoku", "三色同順", 25 },
    [IPPON_YAKU_ITTSU] = { "ittsu", "一気通貫", 24 },
    [IPPON_YAKU_CHANTA] = { "chanta", "混全帯幺九", 23 },
    [IPPON_YAKU_CHIITOITSU] = { "chiitoitsu", "七対子", 22 },
    [IPPON_YAKU_TOITOI] = { "toitoi", "対々和", 28 },
    [IPPON_YAKU_SANANKOU] = { "sanankou", "三暗刻", 29 },
    [IPPON_YAKU_SANKANTSU] = { "sankantsu", "三槓子", 27 },
    [IPPON_YAKU_SANSHOKU_DOUKOU] = { "sanshoku_doukou", "三色同刻", 26 },
    [IPPON_YAKU_HONROUTOU] = { "honroutou", "混老頭", 31 },
    [IPPON_YAKU_SHOUSANGEN] = { "shousangen", "小三元", 30 },
    [IPPON_YAKU_HONITSU] = { "honitsu", "混一色", 34 },
    [IPPON_YAKU_JUNCHAN] = { "junchan", "純全帯幺九", 33 },
    [IPPON_YAKU_RYANPEIKOU] = { "ryanpeikou", "二盃口", 32 },
    [IPPON_YAKU_CHINITSU] = { "chinitsu", "清一色", 35 },
    [IPPON_YAKU_TENHOU] = { "tenhou", "天和", 37 },
    [IPPON_YAKU_CHIIHOU] = { "chiihou", "地和", 38 },
    [IPPON_YAKU_KOKUSHI] = { "kokushi", "国士無双", 47 },
    [IPPON_YAKU_KOKUSHI_13] = { "kokushi_13", "国士無双十三面", 48 },
    [IPPON_YAKU_SUUANKOU] = { "suuankou", "四暗刻", 40 },
    [IPPON_YAKU_SUUANKOU_TANKI] = { "suuankou_tanki", "四暗刻単騎", 41 },
    [IPPON_YAKU_DAISANGEN] = { "daisangen", "大三元", 39 },
    [IPPON_YAKU_SHOUSUUSHII] = { "shousuushii", "小四喜", 50 },
    [IPPON_YAKU_DAISUUSHII] = { "daisuushii", "大四喜", 49 },
    [IPPON_YAKU_TSUUIISOU] = { "tsuuiisou", "字一色", 42 },
    [IPPON_YAKU_RYUUIISOU] = { "ryuuiisou", "緑一色", 43 },
    [IPPON_YAKU_CHINROUTOU] = { "chinroutou", "清老頭", 44 },
    [IPPON_YAKU_SUUKANTSU] = { "suukantsu", "四槓子", 51 },
    [IPPON_YAKU_CHUUREN] = { "chuuren", "九蓮宝燈", 45 },
    [IPPON_YAKU_JUNSEI_CHUUREN] = { "junsei_chuuren", "純正九蓮宝燈", 46 },
    [IPPON_YAKU_DORA] = { "dora", "ドラ", 52 },
    [IPPON_YAKU_AKA] = { "aka", "赤ドラ", 54 },
    [IPPON_YAKU_URA] = { "ura", "裏ドラ", 53 },
    [IPPON_YAKU_KITA] = { "kita", "抜きドラ", 52 },
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
int ippon_yaku_tenhou_id(int yaku) { return in_range(yaku) ? names[yaku].tenhou : -1; }
const char *ippon_yaku_tenhou_name(int yaku) { return in_range(yaku) ? tenhou_spelling(yaku) : NULL; }

int ippon_yaku_from_id(const char *id)
{
    for (int y = 0; id && y < IPPON_YAKU_COUNT; y++)
        if (strcmp(names[y].id, id) == 0)
            return y;
    return -1;
}

int ippon_yaku_is_yakuman(int yaku)
{
    return yaku >= IPPON_YAKU_TENHOU && yaku <= IPPON_YAKU_JUNSEI_CHUUREN;
}
