/*
 * ippon/match.h — a match as a deterministic state machine (src/core/RULES.md sections 1–4 and 7).
 *
 * A match is played until the first win; every exhaustive draw is followed by another hand at
 * the same table. The caller hands in the wall of each hand (ippon_match_start_hand), asks
 * which actions a seat may take (ippon_match_legal) and applies one action at a time
 * (ippon_match_apply), which reports what happened as events. Nothing else changes the state:
 * the same walls and the same actions give the same match, bit for bit.
 *
 * Seats are table seats 0..players-1, fixed for the match; turn order is 0 → 1 → 2 (→ 3) → 0.
 * A seat's wind in a hand is (seat − dealer) mod players. Every function below that takes a
 * seat accepts any int: for a seat outside 0..players−1 it answers as its comment says (0, -1,
 * false, nothing), never reading outside the match.
 *
 * Events. ippon_match_start_hand and ippon_match_apply write what happened into the caller's
 * list ev[0..ev_cap−1]. A list of IPPON_MAX_EVENTS is always long enough; when a shorter one
 * cannot hold them all they return IPPON_ERANGE and leave the match exactly as it was (the
 * list's contents are then unspecified), so the same call with a longer list may follow.
 *
 * Contracts. The pointers (the match, rules, walls, actions' and output lists) must not be
 * NULL (ev may be NULL with ev_cap 0), and the match must have been set up by ippon_match_init;
 * in test builds these and the match's invariants are checked with assert() (ippon/error.h).
 *
 * Decisions. At any moment either one seat is on turn (after a draw, or after its own chi or
 * pon, when it must discard), or some seats are answering an offer (a discard they may call
 * or ron, a kan they may rob). Offers are answered by every offered seat (an action or PASS);
 * the table resolves them when all answers are in: ron before pon/kan before chi.
 *
 * Wall layout (N = 136 or 108 tiles, tile ids as in ippon/tile.h):
 *   - the seat with wind i (0 = dealer) is dealt wall[13i .. 13i+12];
 *   - normal draws take wall[13·players], wall[13·players + 1], … upwards;
 *   - replacement draws (after a kan, or a kita) take wall[N−1], wall[N−2], … downwards;
 *   - dora indicator i (0–4) is wall[N−9−2i], its ura indicator wall[N−10−2i];
 *   - the dead wall is always 14 tiles: each replacement draw moves the last live tile into it,
 *     so after k replacement draws the live wall ends at wall[N−15−k].
 */
#ifndef IPPON_MATCH_H
#define IPPON_MATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "ippon/rules.h"
#include "ippon/score.h"
#include "ippon/tile.h"

enum {
    IPPON_MAX_PLAYERS = 4,
    IPPON_MAX_DISCARDS = 40,
    IPPON_MAX_LEGAL = 64,    /* a seat never has more legal actions than this at once */
    IPPON_MAX_EVENTS = 48,   /* one ippon_match_apply or ippon_match_start_hand never reports more
                                events than this: an event list this long always suffices */
};

enum ippon_action_type {
    IPPON_ACT_DISCARD,   /* tile; riichi = declare riichi with this discard */
    IPPON_ACT_TSUMO,
    IPPON_ACT_RON,
    IPPON_ACT_CHI,       /* with[0..1]: the two hand tiles */
    IPPON_ACT_PON,       /* with[0..1] */
    IPPON_ACT_DAIMINKAN, /* with[0..2] */
    IPPON_ACT_ANKAN,     /* tile: any tile of the kind */
    IPPON_ACT_KAKAN,     /* tile: the tile added to the pon */
    IPPON_ACT_KITA,      /* tile: the North set aside */
    IPPON_ACT_PASS,      /* decline an offer */
    IPPON_ACT_KYUUSHU,   /* abortive draw on nine terminal/honor kinds (rule sets with abortive draws) */
    IPPON_ACT_TYPES
};

typedef struct ippon_action {
    uint8_t type;        /* enum ippon_action_type */
    int8_t seat;
    bool riichi;
    ippon_tile tile;
    ippon_tile with[3];
} ippon_action;

/* a meld as it lies on the table */
typedef struct ippon_meld_tiles {
    uint8_t type;        /* enum ippon_meld_type */
    uint8_t n;           /* 3 or 4 tiles */
    ippon_tile tiles[4]; /* the called/added tile included */
    ippon_tile called;   /* the tile taken from another seat (kakan: the pon's called tile) */
    ippon_tile added;    /* kakan: the added tile */
    int8_t from;         /* table seat it came from; -1 for an ankan */
    uint8_t kan_seq;     /* kans: 1-based order of the hand's kans */
} ippon_meld_tiles;

enum ippon_discard_flag {
    IPPON_DISCARD_TSUMOGIRI = 1, /* the tile just drawn */
    IPPON_DISCARD_RIICHI = 2,    /* the riichi declaration tile (shown turned) */
    IPPON_DISCARD_CALLED = 4,    /* taken by another seat's call */
};

typedef struct ippon_discard {
    ippon_tile tile;
    uint8_t flags;
} ippon_discard;

/* everything one seat may see of itself and everybody else */
typedef struct ippon_seat_public {
    int32_t points;
    uint8_t wind;
    uint8_t n_melds;
    ippon_meld_tiles melds[4];
    uint8_t n_discards;
    ippon_discard discards[IPPON_MAX_DISCARDS];
    uint8_t n_kita;
    ippon_tile kita[4];
    uint8_t n_concealed;  /* how many tiles are in the hand (not which) */
    bool riichi, double_riichi;
} ippon_seat_public;

enum ippon_phase {
    IPPON_PHASE_NEED_WALL, /* between hands: the caller must start the next hand */
    IPPON_PHASE_TURN,      /* `turn` acts: after a draw, or after its own chi/pon */
    IPPON_PHASE_OFFER,     /* some seats answer an offer (discard, kan or kita) */
    IPPON_PHASE_OVER,      /* the match is finished */
};

enum ippon_event_type {
    IPPON_EV_HAND_START,  /* public: a new hand (round, honba, sticks, dealer, first indicator) */
    IPPON_EV_DEAL,        /* private: the seat's 13 tiles */
    IPPON_EV_DRAW,        /* private with the tile, and a public twin for the others with tile 255 */
    IPPON_EV_DISCARD,     /* public: tile, tsumogiri and riichi flags */
    IPPON_EV_RIICHI_STICK,/* public: a riichi stick is paid (the declaration was not ronned) */
    IPPON_EV_CALL,        /* public: chi, pon, daiminkan, ankan or kakan; meld = the resulting meld */
    IPPON_EV_KITA,        /* public: a North set aside */
    IPPON_EV_DORA,        /* public: a new dora indicator */
    IPPON_EV_WIN,         /* public: a win (hand shown, score, ura indicators) */
    IPPON_EV_DRAW_END,    /* public: exhaustive draw: tenpai seats and payments (the seats keep their
                             tiles until the next deal, so ippon_match_hand shows the tenpai hands) */
    IPPON_EV_ABORT,       /* public: abortive draw (rule sets that have them) */
    IPPON_EV_MATCH_END,   /* public: the match is over: final points and results */
};

enum ippon_abort_kind { IPPON_ABORT_KYUUSHU, IPPON_ABORT_SUUFON, IPPON_ABORT_SUUCHA_RIICHI,
                        IPPON_ABORT_SUUKAIKAN, IPPON_ABORT_SANCHAHOU, IPPON_ABORT_NAGASHI };

typedef struct ippon_event {
    uint8_t type;       /* enum ippon_event_type */
    int8_t to;          /* -1: every seat sees it; else only this seat */
    bool others_only;   /* with to == -1: every seat but `seat` (the public twin of a private event) */
    int8_t seat;        /* the acting seat, or -1 */
    ippon_tile tile;    /* draw, discard, kita, dora indicator; 255 = hidden */
    uint8_t flags;      /* discard flags */
    union {
        ippon_meld_tiles meld;                        /* IPPON_EV_CALL */
        struct { uint8_t n; ippon_tile tiles[14]; } hand; /* IPPON_EV_DEAL */
        struct {                                      /* IPPON_EV_WIN */
            int8_t from;                              /* == seat for tsumo */
            uint8_t n_hand;
            ippon_tile hand[14];                      /* concealed tiles, winning tile last */
            uint8_t n_ura;
            ippon_tile ura[5];
            ippon_score score;                        /* payments by table seat */
        } win;
        struct {                                      /* IPPON_EV_DRAW_END / IPPON_EV_ABORT */
            uint8_t kind;                             /* abort kind */
            bool tenpai[4];
            int32_t payments[4];                      /* by table seat */
        } end;
        struct {                                      /* IPPON_EV_HAND_START */
            uint8_t round_wind, dealer, honba, sticks;
            int32_t points[4];
        } start;
        struct { int32_t points[4], results[4]; } final; /* IPPON_EV_MATCH_END */
    } u;
} ippon_event;

/* what one seat may know: its own tiles and legal actions, and everything public */
typedef struct ippon_view {
    uint8_t seat, players, dealer, round_wind;
    uint8_t phase, turn;            /* as ippon_match_phase / ippon_match_turn */
    int32_t honba, sticks, live_tiles, hand_number;
    uint8_t n_dora;
    ippon_tile dora[5];             /* indicators face up */
    ippon_seat_public seats[IPPON_MAX_PLAYERS];
    uint8_t n_hand;
    ippon_tile hand[14];            /* own concealed tiles, sorted */
    int16_t drawn;                  /* own tile just drawn, or -1 */
    int8_t offer_from;              /* on an offer: whose tile, else -1 */
    ippon_tile offer_tile;
    uint8_t n_legal;
    ippon_action legal[IPPON_MAX_LEGAL];
} ippon_view;

typedef struct ippon_match ippon_match;

/* the size of a match, for callers that place it themselves */
unsigned long ippon_match_size(void);

/*
 * Sets up a match in caller-provided memory of ippon_match_size() bytes. first_dealer is the
 * table seat that deals the first hand (the server draws it at random; 0 or more, taken mod
 * the players). The rules are copied; they must have 3 or 4 players.
 */
void ippon_match_init(ippon_match *m, const ippon_rules *rules, int first_dealer);

/*
 * Places the match at an arbitrary hand: dealer (table seat), round wind, honba, riichi sticks on
 * the table and each seat's points. For replaying recorded games and for scenario tests; only
 * in IPPON_PHASE_NEED_WALL. Returns 0 or IPPON_EILLEGAL / IPPON_EINVAL.
 */
int ippon_match_setup(ippon_match *m, int dealer, int round_wind, int honba, int sticks, const int32_t *points);

/*
 * Starts the next hand with this wall (a permutation of the rule set's tile ids; in 3p the ids
 * of 2m–8m are absent). Only in IPPON_PHASE_NEED_WALL. Returns the number of events written, or
 * IPPON_EINVAL for a wall that is not a permutation, IPPON_EILLEGAL in another phase,
 * IPPON_ERANGE when the events do not fit in ev_cap (see Events above); after an error the
 * match is unchanged.
 */
int ippon_match_start_hand(ippon_match *m, const ippon_tile *wall, int n, ippon_event *ev, int ev_cap);

/* every action `seat` may take now (none when it has no decision, or is not at the table);
   returns the count */
int ippon_match_legal(const ippon_match *m, int seat, ippon_action *out, int cap);

/* whether `seat` has a decision pending now */
bool ippon_match_waiting_for(const ippon_match *m, int seat);

/*
 * Applies one action. Returns the number of events written (≥ 0), or IPPON_EILLEGAL when the
 * action is not legal now for that seat (wrong turn, not in the legal list, already answered),
 * or IPPON_ERANGE when its events do not fit in ev_cap (see Events above: never with
 * IPPON_MAX_EVENTS); after an error the match is unchanged.
 */
int ippon_match_apply(ippon_match *m, const ippon_action *a, ippon_event *ev, int ev_cap);

/*
 * The action the table takes for a seat whose time ran out (src/core/RULES.md §1): on its turn after a
 * draw, discard the drawn tile (never tsumo, riichi, kan or kita); after its own call, the last
 * tile in sort order that kuikae allows; on an offer, pass. Only when the seat has a decision.
 */
int ippon_match_timeout_action(const ippon_match *m, int seat, ippon_action *out);

/* reading the state */
int ippon_match_phase(const ippon_match *m);
const ippon_rules *ippon_match_rules(const ippon_match *m);
int ippon_match_players(const ippon_match *m);
int ippon_match_dealer(const ippon_match *m);
int ippon_match_round_wind(const ippon_match *m);
int ippon_match_honba(const ippon_match *m);
int ippon_match_sticks(const ippon_match *m);
int ippon_match_hand_number(const ippon_match *m);   /* 0 for the first hand */
int ippon_match_turn(const ippon_match *m);           /* seat on turn, or whose discard is offered */
int ippon_match_live_tiles(const ippon_match *m);
/* a seat's points now; 0 for a seat not at the table */
int ippon_match_points(const ippon_match *m, int seat);
/* final − starting points (valid in IPPON_PHASE_OVER); 0 for a seat not at the table */
int ippon_match_result(const ippon_match *m, int seat);
/* the dora indicators face up now */
int ippon_match_dora_indicators(const ippon_match *m, ippon_tile *out);
/* a seat's public state (all zero for a seat not at the table) */
void ippon_match_seat_public(const ippon_match *m, int seat, ippon_seat_public *out);
/* everything `seat` may see now, its legal actions included (a seat not at the table: only
   the public part, no hand and no legal actions) */
void ippon_match_view(const ippon_match *m, int seat, ippon_view *out);
/*
 * Every copy of each kind that the view's seat can see: its own concealed tiles, the dora
 * indicators face up, every seat's melds, ponds and kita (a tile taken by a call lies in its
 * discarder's pond and counts once). 4 − seen[k] copies of kind k are hidden from the seat.
 */
void ippon_view_seen(const ippon_view *v, uint8_t seen[IPPON_KINDS]);
/* a seat's own concealed tiles (sorted); returns how many (0 for a seat not at the table) */
int ippon_match_hand(const ippon_match *m, int seat, ippon_tile *out);
/*
 * A tile id in the seat's hand with this code (ippon/tile.h), the tile it just drew only when
 * want_drawn (or when no other has the code); -1 if it holds none or is not at the table.
 */
int ippon_match_find_tile(const ippon_match *m, int seat, int code, bool want_drawn);
/* the tile the seat on turn just drew, or -1 */
int ippon_match_drawn_tile(const ippon_match *m, int seat);

/*
 * Which furiten a seat is in (src/core/RULES.md §4), for its play-aid: the one that lasts
 * longest when several apply, in this order of precedence (a higher value wins):
 *   IPPON_FURITEN_RIICHI     a winning tile passed while in riichi: for the rest of the hand;
 *   IPPON_FURITEN_PERMANENT  a wait among its own discards: while that wait stays (in riichi,
 *                            the rest of the hand too);
 *   IPPON_FURITEN_TEMPORARY  a winning tile passed (a ron let go, or one it could not take):
 *                            until its own next discard.
 */
typedef enum {
    IPPON_FURITEN_NONE,
    IPPON_FURITEN_TEMPORARY,
    IPPON_FURITEN_PERMANENT,
    IPPON_FURITEN_RIICHI,
} ippon_furiten;

/*
 * A seat's own waits, for its play-aid (this is the seat's private information: its concealed
 * tiles decide it). For a seat holding 3n+1 concealed tiles (13 − 3·melds): bit k is set for
 * each kind that completes its hand, by shape — the very waits the core checks a ron or tsumo
 * against (ippon_waits of the concealed tiles; the karaten test of src/core/RULES.md §4, which only
 * tenpai at a draw and riichi use, is not applied). 0 when it is not tenpai. On its turn after
 * a draw (3n+2 tiles, the drawn one included) the waits it stands on until its discard: those
 * of its 13 tiles before the draw; after a chi or pon, 0 (until its discard). *furiten (if not
 * NULL): which furiten the seat is in now (ippon_furiten; any but NONE refuses a ron); NONE
 * whenever the waits are 0. A bad seat gives 0 and NONE.
 */
uint64_t ippon_match_seat_waits(const ippon_match *m, int seat, ippon_furiten *furiten);

/*
 * For a seat holding 3n+2 concealed tiles (its turn): the waits (as ippon_match_seat_waits)
 * its hand would have after discarding one tile of `kind` (0–33). 0 when that leaves it not
 * tenpai, when it holds no tile of that kind, or when it does not hold 3n+2. *furiten (if not
 * NULL; NONE whenever the result is 0): the furiten it would then be in — RIICHI if it is in
 * riichi furiten already, else PERMANENT for a wait among its discarded kinds or `kind` itself;
 * never TEMPORARY, as the discard ends it (src/core/RULES.md §4). Whether the discard is legal
 * (kuikae, riichi) is not checked: ask ippon_match_legal.
 */
uint64_t ippon_match_waits_after_discard(const ippon_match *m, int seat, int kind, ippon_furiten *furiten);

/*
 * Kuikae (src/core/RULES.md §2): the kinds a seat may not discard right after its own call of a
 * tile of kind `called` with hand tiles of kinds a and b: the called kind; after a chi also the kind
 * at the far end of the exposed pair (chi 3 with 4-5 bans 3 and 6). As a bit mask of kinds.
 */
uint64_t ippon_kuikae_ban(int called, int a, int b, bool chi);

/*
 * Checks the match's invariants: every tile of the wall is in exactly one place (live wall,
 * dead wall, a hand, a meld, a pond, a kita area); points plus sticks on the table equal the
 * starting total; a pending decision has at least one legal action. Returns 0 or IPPON_EILLEGAL
 * with a reason.
 */
int ippon_match_check(const ippon_match *m, char *why, int why_cap);

#endif
