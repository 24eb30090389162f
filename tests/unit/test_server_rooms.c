/*
 * test_server_rooms.c — private rooms before their match (src/server/game/rooms.h): codes of six
 * characters without look-alikes, found in any case (and their canonical form: upper case, or
 * not a code at all); joining up to the mode's seats; one room per
 * player; at most max_per_addr rooms hosted from one address; a member leaving, the host leaving
 * (the room closes); rooms nobody started within max_age_ms expire, handed back so that their
 * members can be told, and the others stay. A started room is kept as played: its host (no one
 * else) opens it again with the same code and choices, alone in it, the played members handed back
 * to be offered it; once only; a played room older than IPPON_ROOM_AGAIN_MS is forgotten.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "game/rooms.h"

static ippon_room_member who(int i)
{
    ippon_room_member m;
    snprintf(m.user_id, sizeof m.user_id, "user%d", i);
    snprintf(m.name, sizeof m.name, "Player %d", i);
    return m;
}

static const ippon_room_choices FOUR = { .mode = IPPON_MODE_4P, .bots = true, .spectators = true, .delay_s = 60 };

static void codes_and_joining(void **state)
{
    (void)state;
    ippon_rooms *r = ippon_rooms_new(3, 1000);
    char code[IPPON_ROOM_CODE_LEN + 1];
    ippon_room_member host = who(0);
    assert_int_equal(ippon_rooms_create(r, &host, "10.0.0.1", &FOUR, 0, code), IPPON_ROOM_OK);
    assert_int_equal(strlen(code), IPPON_ROOM_CODE_LEN);
    for (int i = 0; i < IPPON_ROOM_CODE_LEN; i++) {
        assert_true(isupper((unsigned char)code[i]) || isdigit((unsigned char)code[i]));
        assert_null(strchr("01OIL", code[i]));
    }
    char lower[IPPON_ROOM_CODE_LEN + 1];
    for (int i = 0; i <= IPPON_ROOM_CODE_LEN; i++)
        lower[i] = (char)tolower((unsigned char)code[i]);
    assert_ptr_equal(ippon_rooms_find(r, lower), ippon_rooms_find(r, code));
    assert_null(ippon_rooms_find(r, "ABC"));
    assert_int_equal(ippon_rooms_create(r, &host, "10.0.0.9", &FOUR, 0, code), IPPON_ROOM_IN_ROOM);
    for (int i = 1; i < 4; i++) {
        ippon_room_member m = who(i);
        assert_int_equal(ippon_rooms_join(r, code, &m), IPPON_ROOM_OK);
    }
    assert_int_equal(ippon_rooms_join(r, code, &host), IPPON_ROOM_OK); /* already in: nothing changes */
    assert_int_equal(ippon_rooms_find(r, code)->n, 4);
    ippon_room_member fifth = who(5);
    assert_int_equal(ippon_rooms_join(r, code, &fifth), IPPON_ROOM_FULL);
    assert_int_equal(ippon_rooms_join(r, "222222", &fifth), IPPON_ROOM_NOT_FOUND);
    /* a member leaves: the others stay in order; the host leaves: the room closes */
    assert_false(ippon_rooms_leave(r, "user2"));
    ippon_room *room = ippon_rooms_find(r, code);
    assert_int_equal(room->n, 3);
    assert_string_equal(room->members[2].user_id, "user3");
    assert_null(ippon_rooms_of(r, "user2"));
    assert_true(ippon_rooms_leave(r, "user0"));
    assert_null(ippon_rooms_find(r, code));
    assert_null(ippon_rooms_of(r, "user1"));
    assert_int_equal(ippon_rooms_count(r), 0);
    ippon_rooms_free(r);
}

static void canonical_codes(void **state)
{
    (void)state;
    char out[IPPON_ROOM_CODE_LEN + 1];
    assert_true(ippon_rooms_canonical_code("k7q2xp", out));
    assert_string_equal(out, "K7Q2XP");
    assert_true(ippon_rooms_canonical_code("ZZZZ22", out));
    assert_string_equal(out, "ZZZZ22");
    /* never drawn: 0/O, 1/I/L; not six characters; not letters or digits */
    const char *bad[] = {"K7Q2X0", "K7Q2XO", "K7Q2X1", "K7Q2XI", "K7Q2XL", "K7Q2X", "K7Q2XPP", "", "K7Q2X-",
                         "K7Q2X\xc3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(ippon_rooms_canonical_code(bad[i], out));
    assert_false(ippon_rooms_canonical_code(NULL, out));
}

static void limits_and_expiry(void **state)
{
    (void)state;
    ippon_rooms *r = ippon_rooms_new(2, 1000);
    char codes[3][IPPON_ROOM_CODE_LEN + 1];
    ippon_room_member a = who(1), b = who(2), c = who(3);
    assert_int_equal(ippon_rooms_create(r, &a, "10.0.0.1", &FOUR, 0, codes[0]), IPPON_ROOM_OK);
    assert_int_equal(ippon_rooms_create(r, &b, "10.0.0.1", &FOUR, 500, codes[1]), IPPON_ROOM_OK);
    assert_int_equal(ippon_rooms_create(r, &c, "10.0.0.1", &FOUR, 600, codes[2]), IPPON_ROOM_TOO_MANY);
    assert_int_equal(ippon_rooms_create(r, &c, "10.0.0.2", &FOUR, 600, codes[2]), IPPON_ROOM_OK);
    assert_string_not_equal(codes[0], codes[1]);
    ippon_room gone[4];
    assert_int_equal(ippon_rooms_expire(r, 999, gone, 4), 0);
    assert_int_equal(ippon_rooms_expire(r, 1000, gone, 4), 1); /* the first, a second old */
    assert_string_equal(gone[0].code, codes[0]);
    assert_string_equal(gone[0].members[0].user_id, "user1");
    assert_null(ippon_rooms_find(r, codes[0]));
    assert_non_null(ippon_rooms_find(r, codes[1]));
    assert_int_equal(ippon_rooms_expire(r, 1600, gone, 1), 1); /* at most cap at a time */
    assert_int_equal(ippon_rooms_expire(r, 1600, gone, 1), 1);
    assert_int_equal(ippon_rooms_count(r), 0);
    assert_string_equal(ippon_rooms_error_code(IPPON_ROOM_FULL), "room_full");
    ippon_rooms_free(r);
}

static void played_again(void **state)
{
    (void)state;
    ippon_rooms *r = ippon_rooms_new(3, 1000);
    char code[IPPON_ROOM_CODE_LEN + 1];
    ippon_room_member host = who(0), friend = who(1), other = who(2);
    const ippon_room_choices three = { .mode = IPPON_MODE_3P, .relaxed = true, .delay_s = 5 };
    assert_int_equal(ippon_rooms_create(r, &host, "10.0.0.1", &three, 0, code), IPPON_ROOM_OK);
    assert_int_equal(ippon_rooms_join(r, code, &friend), IPPON_ROOM_OK);
    ippon_room was;
    assert_int_equal(ippon_rooms_reopen(r, "user0", "10.0.0.1", 10, &was), IPPON_ROOM_IN_ROOM); /* not played yet */
    assert_int_equal(ippon_rooms_start(r, code, 100), IPPON_ROOM_OK);
    assert_int_equal(ippon_rooms_start(r, code, 100), IPPON_ROOM_NOT_FOUND);
    assert_null(ippon_rooms_find(r, code)); /* no longer open: nobody joins it */
    assert_null(ippon_rooms_of(r, "user1"));
    assert_int_equal(ippon_rooms_count(r), 0);
    assert_non_null(ippon_rooms_played_of(r, "user0"));
    assert_null(ippon_rooms_played_of(r, "user1")); /* the host's alone */
    assert_int_equal(ippon_rooms_reopen(r, "user1", "10.0.0.2", 200, &was), IPPON_ROOM_NOT_FOUND);

    assert_int_equal(ippon_rooms_reopen(r, "user0", "10.0.0.3", 200, &was), IPPON_ROOM_OK);
    assert_string_equal(was.code, code);
    assert_int_equal(was.n, 2);
    assert_string_equal(was.members[1].user_id, "user1");
    ippon_room *again = ippon_rooms_find(r, code);
    assert_non_null(again);
    assert_int_equal(again->n, 1);
    assert_string_equal(again->members[0].user_id, "user0");
    assert_true(again->choices.relaxed);
    assert_int_equal(again->choices.mode, IPPON_MODE_3P);
    assert_int_equal(again->choices.delay_s, 5);
    assert_string_equal(again->host_addr, "10.0.0.3");
    assert_null(ippon_rooms_played_of(r, "user0")); /* open again: played no more */
    assert_int_equal(ippon_rooms_reopen(r, "user0", "10.0.0.3", 200, &was), IPPON_ROOM_IN_ROOM);
    assert_int_equal(ippon_rooms_join(r, code, &friend), IPPON_ROOM_OK);
    assert_int_equal(ippon_rooms_join(r, code, &other), IPPON_ROOM_OK);
    assert_int_equal(ippon_rooms_join(r, code, &(ippon_room_member){ .user_id = "user9" }), IPPON_ROOM_FULL); /* 3p */

    /* started again, then forgotten IPPON_ROOM_AGAIN_MS after that start; its waiting time counts
       from the reopening (200), not from the first creation */
    ippon_room gone[2];
    assert_int_equal(ippon_rooms_expire(r, 1100, gone, 2), 0);
    assert_int_equal(ippon_rooms_start(r, code, 1150), IPPON_ROOM_OK);
    assert_int_equal(ippon_rooms_expire(r, 1150 + IPPON_ROOM_AGAIN_MS - 1, gone, 2), 0);
    assert_non_null(ippon_rooms_played_of(r, "user0"));
    assert_int_equal(ippon_rooms_expire(r, 1150 + IPPON_ROOM_AGAIN_MS, gone, 2), 0);
    assert_null(ippon_rooms_played_of(r, "user0"));
    assert_int_equal(ippon_rooms_reopen(r, "user0", "10.0.0.3", 1150 + IPPON_ROOM_AGAIN_MS, &was), IPPON_ROOM_NOT_FOUND);
    ippon_rooms_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(codes_and_joining),
        cmocka_unit_test(canonical_codes),
        cmocka_unit_test(limits_and_expiry),
        cmocka_unit_test(played_again),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
