/*
 * ippon/yaku.h — the yaku, yakuman and dora kinds a win can list, with their names: a stable
 * ASCII id (the oracle schema's), the Japanese name, and Tenhou's yaku id and name (for
 * tenhou.net/6 logs).
 */
#ifndef IPPON_YAKU_H
#define IPPON_YAKU_H

enum ippon_yaku {
    /* situational */
    IPPON_YAKU_RIICHI, IPPON_YAKU_DOUBLE_RIICHI, IPPON_YAKU_IPPATSU, IPPON_YAKU_MENZEN_TSUMO,
    IPPON_YAKU_HAITEI, IPPON_YAKU_HOUTEI, IPPON_YAKU_RINSHAN, IPPON_YAKU_CHANKAN,
    /* yakuhai */
    IPPON_YAKU_ROUND_EAST, IPPON_YAKU_ROUND_SOUTH, IPPON_YAKU_ROUND_WEST, IPPON_YAKU_ROUND_NORTH,
    IPPON_YAKU_SEAT_EAST, IPPON_YAKU_SEAT_SOUTH, IPPON_YAKU_SEAT_WEST, IPPON_YAKU_SEAT_NORTH,
    IPPON_YAKU_HAKU, IPPON_YAKU_HATSU, IPPON_YAKU_CHUN,
    /* shape */
    IPPON_YAKU_PINFU, IPPON_YAKU_TANYAO, IPPON_YAKU_IIPEIKOU, IPPON_YAKU_SANSHOKU,
    IPPON_YAKU_ITTSU, IPPON_YAKU_CHANTA, IPPON_YAKU_CHIITOITSU, IPPON_YAKU_TOITOI,
    IPPON_YAKU_SANANKOU, IPPON_YAKU_SANKANTSU, IPPON_YAKU_SANSHOKU_DOUKOU, IPPON_YAKU_HONROUTOU,
    IPPON_YAKU_SHOUSANGEN, IPPON_YAKU_HONITSU, IPPON_YAKU_JUNCHAN, IPPON_YAKU_RYANPEIKOU,
    IPPON_YAKU_CHINITSU,
    /* yakuman */
    IPPON_YAKU_TENHOU, IPPON_YAKU_CHIIHOU, IPPON_YAKU_KOKUSHI, IPPON_YAKU_KOKUSHI_13,
    IPPON_YAKU_SUUANKOU, IPPON_YAKU_SUUANKOU_TANKI, IPPON_YAKU_DAISANGEN, IPPON_YAKU_SHOUSUUSHII,
    IPPON_YAKU_DAISUUSHII, IPPON_YAKU_TSUUIISOU, IPPON_YAKU_RYUUIISOU, IPPON_YAKU_CHINROUTOU,
    IPPON_YAKU_SUUKANTSU, IPPON_YAKU_CHUUREN, IPPON_YAKU_JUNSEI_CHUUREN,
    /* dora */
    IPPON_YAKU_DORA, IPPON_YAKU_AKA, IPPON_YAKU_URA, IPPON_YAKU_KITA,
    IPPON_YAKU_COUNT
};

/* the stable ASCII id, e.g. "menzen_tsumo", "round_wind_east", "kokushi_13"; NULL if out of range */
const char *ippon_yaku_id(int yaku);
/* the Japanese name as majiang-core writes it, e.g. "門前清自摸和" */
const char *ippon_yaku_name_ja(int yaku);
/* the yaku's name in tenhou.net/6 logs, e.g. "立直"; kita counts as dora ("ドラ") */
const char *ippon_yaku_tenhou_name(int yaku);

#endif
