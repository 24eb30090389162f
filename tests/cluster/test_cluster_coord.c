/*
 * test_cluster_coord.c — the cluster's coordination in Redis (src/server/cluster/coord.h) against a
 * real redis-server that this program starts on a free loopback port, with two nodes ("n1", "n2")
 * each on its own connection, on one libev loop as the server runs them.
 *
 * What it shows: the queue's atomic take never gives a player to two nodes (both nodes take at
 * once, hundreds of times), fills with bots only after the wait and keeps one address's players
 * at separate tables when it must; the directory lists a table and seats its players until its
 * end; a node whose lease ran out has its tables voided and its tickets dropped, and
 * not before; presence names the node a player was on; shared token buckets count across nodes
 * (all or nothing, levels, give-backs, resets, leaking with time; the auth hook over them); notices
 * reach the node; and a Redis that dies and comes back is reconnected to, subscriptions included,
 * with every command in between answered "not ok", none lost silently. The Redis wants a password
 * (requirepass, and an ACL user "ippon"): n1 signs in with the password alone, n2 as the ACL
 * user; a wrong password or none leaves a link down with Redis's refusal kept; a redis:// URI
 * with a database signs in and SELECTs it; the password file is read with care (its first line;
 * refused if others may read it, empty or too long). A lease's renewal says whether the lease was held,
 * had run out (or was deleted) or the node was voided meanwhile.
 *
 * Needs redis-server (Debian's redis-server; deploy/setup.sh --test installs it): without it the
 * program fails saying so.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <arpa/inet.h>
#include <ev.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cluster/coord.h"
#include "cluster/redis_password.h"
#include "cluster/shared_buckets.h"
#include "../unit/queue_window_cases.h"

#define PREFIX "test:"
#define PASSWORD "coord-pass"     /* requirepass: the default user's */
#define ACL_PASSWORD "ippon-pass" /* the ACL user ippon's */

static struct {
    pid_t redis_pid;
    int port;
    struct ev_loop *loop;
    ippon_timers *timers;
    ippon_redis *r1, *r2;
    ippon_coord *n1, *n2;
} T;

/* ---- redis-server ---- */

static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof a;
    if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) != 0 || getsockname(fd, (struct sockaddr *)&a, &len) != 0)
        fail_msg("no free port");
    close(fd);
    return ntohs(a.sin_port);
}

static void redis_start(void)
{
    char port[16];
    snprintf(port, sizeof port, "%d", T.port);
    T.redis_pid = fork();
    if (T.redis_pid == 0) {
        if (!freopen("/dev/null", "w", stdout)) /* its start-up banner; errors still reach stderr */
            _exit(126);
        execlp("redis-server", "redis-server", "--port", port, "--bind", "127.0.0.1", "--save", "",
               "--appendonly", "no", "--loglevel", "warning", "--requirepass", PASSWORD, "--user", "ippon", "on",
               ">" ACL_PASSWORD, "~*", "&*", "+@all", (char *)NULL);
        fprintf(stderr, "test_cluster_coord: cannot run redis-server (install Debian's redis-server: "
                        "deploy/setup.sh --test)\n");
        _exit(127);
    }
    for (int i = 0; i < 200; i++) { /* up to 10 s */
        redisContext *c = redisConnect("127.0.0.1", T.port);
        if (c && !c->err) {
            freeReplyObject(redisCommand(c, "AUTH %s", PASSWORD));
            redisReply *pong = redisCommand(c, "PING");
            bool ok = pong && pong->type == REDIS_REPLY_STATUS;
            freeReplyObject(pong);
            redisFree(c);
            if (ok)
                return;
        } else if (c) {
            redisFree(c);
        }
        int status;
        if (waitpid(T.redis_pid, &status, WNOHANG) == T.redis_pid)
            fail_msg("redis-server exited at start (status %d): is it installed?", status);
        nanosleep(&(struct timespec){.tv_nsec = 50 * 1000 * 1000}, NULL);
    }
    fail_msg("redis-server did not answer on port %d", T.port);
}

static void redis_kill(void)
{
    if (T.redis_pid > 0) {
        kill(T.redis_pid, SIGKILL);
        waitpid(T.redis_pid, NULL, 0);
        T.redis_pid = 0;
    }
}

/* a connection of the test's own, signed in */
static redisContext *redis_admin(void)
{
    redisContext *c = redisConnect("127.0.0.1", T.port);
    assert_true(c && !c->err);
    redisReply *ok = redisCommand(c, "AUTH %s", PASSWORD);
    assert_true(ok && ok->type == REDIS_REPLY_STATUS);
    freeReplyObject(ok);
    return c;
}

static void redis_flush(void)
{
    redisContext *c = redis_admin();
    freeReplyObject(redisCommand(c, "FLUSHALL"));
    redisFree(c);
}

/* an address on the test's Redis: the password alone (user NULL), an ACL user and its password,
   or none */
static ippon_redis_address address_of(int port, const char *user, const char *password)
{
    ippon_redis_address a = {.port = port};
    snprintf(a.host, sizeof a.host, "127.0.0.1");
    snprintf(a.user, sizeof a.user, "%s", user ? user : "");
    snprintf(a.password, sizeof a.password, "%s", password ? password : "");
    return a;
}

/* ---- the loop ---- */

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void deadline_passed(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)w;
    (void)revents; /* only wakes the loop */
}

/* turn the loop until *flag or ms have passed. The deadline timer both wakes an idle loop and says
   when the time is up: a clock of the test's own could still read "not yet" after the timer fired
   (libev's cached time is older), and the next turn would then block with no timer at all */
static void run_until(const int *flag, long ms)
{
    ev_timer deadline;
    ev_now_update(T.loop);
    ev_timer_init(&deadline, deadline_passed, (ev_tstamp)ms / 1000.0, 0.);
    ev_timer_start(T.loop, &deadline);
    while ((!flag || !*flag) && ev_is_active(&deadline))
        ev_run(T.loop, EVRUN_ONCE);
    ev_timer_stop(T.loop, &deadline);
}

static void run_for(long ms)
{
    run_until(NULL, ms);
}

/* a reply kept for the test to look at */
typedef struct answer {
    int done;
    bool ok;
    long long number;
    char text[256];
    bool has_text;
    size_t count;
    char items[64][64];
    bool item_set[64];
} answer;

static void keep(void *ctx, const ippon_coord_reply *r)
{
    answer *a = ctx;
    a->done++;
    a->ok = r->ok;
    a->number = r->number;
    a->has_text = r->text != NULL;
    if (r->text)
        snprintf(a->text, sizeof a->text, "%s", r->text);
    a->count = r->count;
    for (size_t i = 0; i < r->count && i < 64; i++) {
        a->item_set[i] = r->items[i] != NULL;
        if (r->items[i])
            snprintf(a->items[i], sizeof a->items[i], "%s", r->items[i]);
    }
}

static void wait_answer(answer *a)
{
    run_until(&a->done, 5000);
    assert_int_equal(a->done, 1);
}

static void wait_up(ippon_redis *r)
{
    long long give_up = now_ms() + 10000;
    while (!ippon_redis_up(r) && now_ms() < give_up)
        run_for(50);
    assert_true(ippon_redis_up(r));
}

static int setup_all(void **state)
{
    (void)state;
    signal(SIGPIPE, SIG_IGN);
    T.port = free_port();
    redis_start();
    T.loop = ev_loop_new(EVBACKEND_EPOLL | EVFLAG_NOSIGMASK);
    T.timers = ippon_timers_new(NULL, T.loop);
    ippon_redis_address a1 = address_of(T.port, NULL, PASSWORD), a2 = address_of(T.port, "ippon", ACL_PASSWORD);
    T.r1 = ippon_redis_new(T.loop, T.timers, &a1);
    T.r2 = ippon_redis_new(T.loop, T.timers, &a2);
    T.n1 = ippon_coord_new(T.r1, PREFIX, "n1");
    T.n2 = ippon_coord_new(T.r2, PREFIX, "n2");
    assert_non_null(T.n1);
    assert_non_null(T.n2);
    wait_up(T.r1);
    wait_up(T.r2);
    return 0;
}

static int teardown_all(void **state)
{
    (void)state;
    ippon_coord_free(T.n1);
    ippon_coord_free(T.n2);
    ippon_redis_free(T.r1);
    ippon_redis_free(T.r2);
    ippon_timers_free(T.timers);
    ev_loop_destroy(T.loop);
    redis_kill();
    return 0;
}

static int fresh(void **state)
{
    (void)state;
    redis_flush();
    return 0;
}

/* ---- the queue ---- */

/* a window every spread fits: the takes below are about the queue's order, seats and addresses */
static const ippon_coord_window OPEN = {1e12, 0, 1e12, 1};

/* user queues on c at `at` from address addr (NULL: a ticket without one) */
static void join_from(ippon_coord *c, const char *mode, const char *user, const char *addr, long long at)
{
    answer a = {0};
    char ticket[160];
    snprintf(ticket, sizeof ticket, "{\"user\":\"%s\",\"node\":\"%s\",\"addr\":\"%s\"}", user, ippon_coord_node(c),
             addr ? addr : "");
    ippon_coord_queue_join(c, mode, user, ticket, at, keep, &a);
    wait_answer(&a);
    assert_true(a.ok);
    assert_int_equal(a.number, 1);
}

static void join(ippon_coord *c, const char *mode, const char *user, long long at)
{
    join_from(c, mode, user, NULL, at);
}

static void test_take_never_gives_a_player_twice(void **state)
{
    (void)state;
    enum { PLAYERS = 400, SEATS = 4 };
    for (int i = 0; i < PLAYERS; i++) {
        char user[16];
        snprintf(user, sizeof user, "u%03d", i);
        join(i % 2 ? T.n2 : T.n1, "4p", user, 1000 + i);
    }
    /* both nodes take at once, again and again: each pair of takes is in flight together */
    static int taken_by[PLAYERS];
    memset(taken_by, 0, sizeof taken_by);
    int takes = 0, empty = 0;
    while (empty < 2) {
        answer a1 = {0}, a2 = {0};
        char t1[32], t2[32];
        snprintf(t1, sizeof t1, "t%d-a", takes + empty);
        snprintf(t2, sizeof t2, "t%d-b", takes + empty);
        ippon_coord_queue_take(T.n1, "4p", SEATS, 5000, 60000, true, &OPEN, t1, keep, &a1);
        ippon_coord_queue_take(T.n2, "4p", SEATS, 5000, 60000, true, &OPEN, t2, keep, &a2);
        wait_answer(&a1);
        wait_answer(&a2);
        answer *both[2] = {&a1, &a2};
        for (int k = 0; k < 2; k++) {
            assert_true(both[k]->ok);
            if (both[k]->count == 0) {
                empty++;
                continue;
            }
            assert_int_equal(both[k]->count, 2 * SEATS); /* whole tables only: no one waited long enough */
            takes++;
            for (size_t i = 0; i < both[k]->count; i += 2) {
                int u = atoi(both[k]->items[i] + 1);
                assert_in_range(u, 0, PLAYERS - 1);
                assert_int_equal(taken_by[u], 0); /* never taken before */
                taken_by[u] = k + 1;
                assert_true(both[k]->item_set[i + 1]);
                assert_non_null(strstr(both[k]->items[i + 1], both[k]->items[i])); /* its own ticket */
            }
        }
    }
    assert_int_equal(takes, PLAYERS / SEATS);
    int by_n1 = 0;
    for (int u = 0; u < PLAYERS; u++) {
        assert_int_not_equal(taken_by[u], 0); /* everyone was taken, once */
        by_n1 += taken_by[u] == 1;
    }
    assert_true(by_n1 > 0 && by_n1 < PLAYERS); /* both nodes took some */
    answer len = {0};
    ippon_coord_queue_length(T.n1, "4p", keep, &len);
    wait_answer(&len);
    assert_int_equal(len.number, 0);
}

static void test_take_fills_with_bots_only_after_the_wait(void **state)
{
    (void)state;
    join(T.n1, "3p", "early", 1000);
    join(T.n2, "3p", "late", 1400);
    answer a = {0};
    ippon_coord_queue_take(T.n1, "3p", 3, 1999, 1000, true, &OPEN, "ta", keep, &a); /* the first waited 999 ms of 1000 */
    wait_answer(&a);
    assert_true(a.ok);
    assert_int_equal(a.count, 0);
    answer b = {0};
    ippon_coord_queue_take(T.n2, "3p", 3, 2000, 1000, true, &OPEN, "tb", keep, &b);
    wait_answer(&b);
    assert_int_equal(b.count, 4); /* both, the earliest first; the third seat is a bot's */
    assert_string_equal(b.items[0], "early");
    assert_string_equal(b.items[2], "late");
    answer c = {0};
    ippon_coord_queue_take(T.n1, "3p", 3, 99999, 1000, true, &OPEN, "tc", keep, &c);
    wait_answer(&c);
    assert_int_equal(c.count, 0);
}

/* the items' users, "a,b,c" */
static void users_taken(const answer *a, char *out, size_t cap)
{
    out[0] = '\0';
    for (size_t i = 0; i < a->count; i += 2)
        snprintf(out + strlen(out), cap - strlen(out), "%s%s", i ? "," : "", a->items[i]);
}

static void test_take_keeps_addresses_apart(void **state)
{
    (void)state;
    join_from(T.n1, "4p", "a1", "10.0.0.1", 1000);
    join_from(T.n2, "4p", "a2", "10.0.0.1", 1001); /* the same address as a1 */
    join_from(T.n1, "4p", "b", "10.0.0.2", 1002);
    join_from(T.n2, "4p", "nobody", NULL, 1003);   /* no address: never kept apart */
    join_from(T.n2, "4p", "c", "10.0.0.3", 1004);
    char users[128];
    answer t = {0};
    ippon_coord_queue_take(T.n1, "4p", 4, 2000, 60000, true, &OPEN, "t1", keep, &t);
    wait_answer(&t);
    users_taken(&t, users, sizeof users);
    assert_string_equal(users, "a1,b,nobody,c"); /* a2 passed over, still first in the queue */
    answer alone = {0};
    ippon_coord_queue_take(T.n2, "4p", 4, 2001, 1000, true, &OPEN, "t2", keep, &alone);
    wait_answer(&alone);
    users_taken(&alone, users, sizeof users);
    assert_string_equal(users, "a2"); /* it waited 1,000 ms: bots fill the rest */
    /* without the rule (ranked_same_address) one address may fill a table */
    join_from(T.n1, "3p", "x1", "10.0.0.9", 1000);
    join_from(T.n2, "3p", "x2", "10.0.0.9", 1001);
    join_from(T.n1, "3p", "x3", "10.0.0.9", 1002);
    answer same = {0};
    ippon_coord_queue_take(T.n1, "3p", 3, 1003, 60000, false, &OPEN, "t3", keep, &same);
    wait_answer(&same);
    users_taken(&same, users, sizeof users);
    assert_string_equal(users, "x1,x2,x3");
}

/* the hand-worked queues of queue_window_cases.h through the shared take: the same groups as the
   lobby's (unit/test_server_queue_window.c), the ratings travelling in the tickets */
static void test_take_keeps_to_the_rating_window(void **state)
{
    (void)state;
    char users[128];
    for (int k = 0; k < QW_CASES; k++) {
        const qw_case *c = &qw_cases[k];
        const char *mode = c->seats == 4 ? "4p" : "3p";
        redis_flush();
        for (int i = 0; i < c->n; i++) {
            answer a = {0};
            char ticket[200];
            snprintf(ticket, sizeof ticket, "{\"node\":\"n1\",\"addr\":\"%s\",\"rating\":%.17g}", c->players[i].addr,
                     c->players[i].rating);
            ippon_coord_queue_join(T.n1, mode, c->players[i].id, ticket, c->players[i].since, keep, &a);
            wait_answer(&a);
            assert_int_equal(a.number, 1);
        }
        const ippon_coord_window w = {c->start, c->per_second, c->cap, c->time_scale};
        answer t = {0};
        ippon_coord_queue_take(T.n2, mode, c->seats, c->now, c->fill_after, true, &w, "tw", keep, &t);
        wait_answer(&t);
        assert_true(t.ok);
        users_taken(&t, users, sizeof users);
        if (strcmp(users, c->taken) != 0)
            fail_msg("case \"%s\": the take gave \"%s\", expected \"%s\"", c->name, users, c->taken);
    }
    /* a ticket without a rating counts as the initial 1500: with p at 1600 and q at 1601, a
       window of 100 holds the three only if it is 1500, not less */
    redis_flush();
    join(T.n1, "3p", "old", 1000);
    const char *tickets[2] = {"{\"node\":\"n1\",\"rating\":1600}", "{\"node\":\"n1\",\"rating\":1600.5}"};
    const char *who[2] = {"p", "q"};
    for (int i = 0; i < 2; i++) {
        answer a = {0};
        ippon_coord_queue_join(T.n1, "3p", who[i], tickets[i], 1001 + i, keep, &a);
        wait_answer(&a);
    }
    const ippon_coord_window w = {100, 0, 100, 1};
    answer t = {0};
    ippon_coord_queue_take(T.n2, "3p", 3, 2000, QW_NEVER, true, &w, "tx", keep, &t);
    wait_answer(&t);
    users_taken(&t, users, sizeof users);
    assert_string_equal(users, ""); /* 1600.5 − 1500 > 100: no table */
    const ippon_coord_window w2 = {100.5, 0, 100.5, 1};
    answer t2 = {0};
    ippon_coord_queue_take(T.n2, "3p", 3, 2000, QW_NEVER, true, &w2, "ty", keep, &t2);
    wait_answer(&t2);
    users_taken(&t2, users, sizeof users);
    assert_string_equal(users, "old,p,q");
}

static void test_join_twice_and_leave(void **state)
{
    (void)state;
    join(T.n1, "4p", "u", 1000);
    answer again = {0};
    ippon_coord_queue_join(T.n2, "4p", "u", "{}", 2000, keep, &again);
    wait_answer(&again);
    assert_int_equal(again.number, 0);
    answer other_mode = {0};
    ippon_coord_queue_join(T.n1, "3p", "u", "{}", 2000, keep, &other_mode);
    wait_answer(&other_mode);
    assert_int_equal(other_mode.number, 1); /* the modes' queues are apart */
    answer leave = {0}, leave_again = {0};
    ippon_coord_queue_leave(T.n1, "4p", "u", keep, &leave);
    wait_answer(&leave);
    assert_int_equal(leave.number, 1);
    ippon_coord_queue_leave(T.n1, "4p", "u", keep, &leave_again);
    wait_answer(&leave_again);
    assert_int_equal(leave_again.number, 0);
    answer len = {0};
    ippon_coord_queue_length(T.n1, "4p", keep, &len);
    wait_answer(&len);
    assert_int_equal(len.number, 0);
}

/* a user's seat: set by the take that seated it, in the way of queueing again, freed by its table's end
   (on the node that hosts it) and by the voiding of that node */
static void test_seats_follow_the_table(void **state)
{
    (void)state;
    join(T.n1, "4p", "a", 1000);
    join(T.n2, "4p", "b", 1001);
    answer take = {0};
    ippon_coord_queue_take(T.n1, "4p", 4, 999999, 0, true, &OPEN, "tt", keep, &take);
    wait_answer(&take);
    assert_int_equal(take.count, 4);
    answer again = {0}, where = {0}, placed = {0};
    ippon_coord_queue_join(T.n2, "3p", "a", "{}", 2000, keep, &again);
    wait_answer(&again);
    assert_true(again.ok);
    assert_string_equal(again.text, "n1|tt"); /* seated: not queued */
    ippon_coord_seat_lookup(T.n2, "b", keep, &where);
    wait_answer(&where);
    assert_string_equal(where.text, "n1|tt");
    ippon_coord_table_lookup(T.n2, "tt", keep, &placed);
    wait_answer(&placed);
    assert_string_equal(placed.items[0], "n1");
    assert_string_equal(placed.items[2], "running");
    const char *users[] = {"a", "b"};
    answer not_host = {0}, over = {0}, after = {0};
    ippon_coord_table_over(T.n2, "tt", users, 2, keep, &not_host);
    wait_answer(&not_host);
    assert_int_equal(not_host.number, 0); /* only the hosting node ends its table */
    ippon_coord_table_over(T.n1, "tt", users, 2, keep, &over);
    wait_answer(&over);
    assert_int_equal(over.number, 2);
    ippon_coord_seat_lookup(T.n2, "a", keep, &after);
    wait_answer(&after);
    assert_false(after.has_text);
    join(T.n2, "4p", "a", 3000); /* free to queue again */

    /* a table no take formed (practice) seats its player all the same */
    const char *practicing[] = {"p"};
    answer seat_p = {0}, refused = {0}, over_p = {0};
    ippon_coord_table_seat(T.n2, "tp", practicing, 1, keep, &seat_p);
    wait_answer(&seat_p);
    assert_int_equal(seat_p.number, 1);
    ippon_coord_queue_join(T.n1, "4p", "p", "{}", 3500, keep, &refused);
    wait_answer(&refused);
    assert_string_equal(refused.text, "n2|tp");
    ippon_coord_table_over(T.n2, "tp", practicing, 1, keep, &over_p);
    wait_answer(&over_p);
    assert_int_equal(over_p.number, 1);

    /* a node gone for good frees its players' seats */
    answer lease = {0}, take2 = {0}, voided = {0}, seat = {0};
    ippon_coord_lease(T.n1, "{}", 300, keep, &lease);
    wait_answer(&lease);
    join(T.n1, "3p", "c", 4000);
    ippon_coord_queue_take(T.n1, "3p", 3, 999999, 0, true, &OPEN, "tv", keep, &take2);
    wait_answer(&take2);
    assert_int_equal(take2.count, 2);
    run_for(400);
    ippon_coord_void_node(T.n2, "n1", keep, &voided);
    wait_answer(&voided);
    assert_int_equal(voided.count, 1);
    ippon_coord_seat_lookup(T.n2, "c", keep, &seat);
    wait_answer(&seat);
    assert_false(seat.has_text);
    answer lost = {0}, lost_again = {0}; /* its table is kept for the player, to be told once */
    ippon_coord_lost_take(T.n2, "c", keep, &lost);
    wait_answer(&lost);
    assert_string_equal(lost.text, "tv");
    ippon_coord_lost_take(T.n2, "c", keep, &lost_again);
    wait_answer(&lost_again);
    assert_false(lost_again.has_text);
}

/* ---- the directory ---- */

static void test_directory(void **state)
{
    (void)state;
    /* a practice table of n1 is listed and seats its player; its end takes both away */
    answer seat = {0}, look = {0}, where = {0}, over = {0}, look2 = {0}, where2 = {0};
    ippon_coord_table_seat(T.n1, "t1", (const char *[]){"p1"}, 1, keep, &seat);
    wait_answer(&seat);
    assert_int_equal(seat.number, 1);
    ippon_coord_table_lookup(T.n2, "t1", keep, &look);
    wait_answer(&look);
    assert_int_equal(look.count, 3);
    assert_string_equal(look.items[0], "n1");
    assert_string_equal(look.items[1], "1");
    assert_string_equal(look.items[2], "running");
    ippon_coord_seat_lookup(T.n2, "p1", keep, &where);
    wait_answer(&where);
    assert_string_equal(where.text, "n1|t1");
    ippon_coord_table_over(T.n1, "t1", (const char *[]){"p1"}, 1, keep, &over);
    wait_answer(&over);
    assert_int_equal(over.number, 1);
    ippon_coord_table_lookup(T.n1, "t1", keep, &look2);
    wait_answer(&look2);
    assert_int_equal(look2.count, 3);
    assert_false(look2.item_set[0]);
    ippon_coord_seat_lookup(T.n2, "p1", keep, &where2);
    wait_answer(&where2);
    assert_false(where2.has_text);
}

/* ---- leases ---- */

static void test_a_dead_node_is_voided_after_its_lease(void **state)
{
    (void)state;
    answer lease = {0}, place = {0}, alive = {0};
    ippon_coord_lease(T.n1, "{\"url\":\"ws://n1\"}", 300, keep, &lease);
    wait_answer(&lease);
    assert_true(lease.ok);
    ippon_coord_table_seat(T.n1, "t-of-n1", NULL, 0, keep, &place);
    wait_answer(&place);
    join(T.n1, "4p", "player-of-n1", 1000);
    join(T.n2, "4p", "player-of-n2", 1001);
    ippon_coord_void_node(T.n2, "n1", keep, &alive);
    wait_answer(&alive);
    assert_int_equal(alive.number, -1); /* the lease still runs: nothing changes */
    answer nodes = {0};
    ippon_coord_nodes(T.n2, keep, &nodes);
    wait_answer(&nodes);
    assert_int_equal(nodes.count, 2);
    assert_string_equal(nodes.items[0], "n1");
    assert_string_equal(nodes.items[1], "{\"url\":\"ws://n1\"}");

    run_for(400); /* n1 renews nothing: its lease runs out */
    answer listed = {0};
    ippon_coord_nodes(T.n2, keep, &listed);
    wait_answer(&listed);
    assert_int_equal(listed.count, 2);
    assert_false(listed.item_set[1]); /* listed, without a lease */
    answer voided = {0};
    ippon_coord_void_node(T.n2, "n1", keep, &voided);
    wait_answer(&voided);
    assert_true(voided.ok);
    assert_int_equal(voided.count, 1);
    assert_string_equal(voided.items[0], "t-of-n1");
    answer look = {0};
    ippon_coord_table_lookup(T.n2, "t-of-n1", keep, &look);
    wait_answer(&look);
    assert_string_equal(look.items[1], "2");
    assert_string_equal(look.items[2], "void");
    answer take = {0};
    ippon_coord_queue_take(T.n2, "4p", 4, 999999, 0, true, &OPEN, "t-of-n2", keep, &take);
    wait_answer(&take);
    assert_int_equal(take.count, 2); /* n1's player was dropped; n2's is still queued */
    assert_string_equal(take.items[0], "player-of-n2");
    answer after = {0};
    ippon_coord_nodes(T.n2, keep, &after);
    wait_answer(&after);
    assert_int_equal(after.count, 0);
}

static void test_a_lease_renewal_says_whether_it_was_held(void **state)
{
    (void)state;
    answer first = {0}, again = {0}, deleted = {0}, voided = {0}, gone = {0};
    ippon_coord_lease(T.n1, "{}", 60000, keep, &first);
    wait_answer(&first);
    assert_int_equal(first.number, 0); /* its first: not listed before */
    ippon_coord_lease(T.n1, "{}", 60000, keep, &again);
    wait_answer(&again);
    assert_int_equal(again.number, 1);
    redisContext *admin = redis_admin();
    freeReplyObject(redisCommand(admin, "DEL %snode:n1", PREFIX));
    ippon_coord_lease(T.n1, "{}", 60000, keep, &deleted);
    wait_answer(&deleted);
    assert_int_equal(deleted.number, 2); /* gone, but nobody voided it: taken again in time */
    freeReplyObject(redisCommand(admin, "DEL %snode:n1", PREFIX));
    redisFree(admin);
    ippon_coord_void_node(T.n2, "n1", keep, &gone);
    wait_answer(&gone);
    assert_true(gone.ok);
    assert_int_not_equal(gone.number, -1);
    ippon_coord_lease(T.n1, "{}", 60000, keep, &voided);
    wait_answer(&voided);
    assert_int_equal(voided.number, 0); /* voided meanwhile */
}

/* ---- signing in ---- */

/* a link to addr, given time to sign in */
static ippon_redis *link_tried(const ippon_redis_address *addr)
{
    ippon_redis *r = ippon_redis_new(T.loop, T.timers, addr);
    assert_non_null(r);
    run_for(400);
    return r;
}

static void test_a_wrong_password_or_none_is_refused(void **state)
{
    (void)state;
    ippon_redis_address wrong = address_of(T.port, NULL, "not-the-password"),
                        wrong_user = address_of(T.port, "ippon", PASSWORD), none = address_of(T.port, NULL, NULL);
    const ippon_redis_address *addrs[3] = {&wrong, &wrong_user, &none};
    const char *refusals[3] = {"AUTH: WRONGPASS", "AUTH: WRONGPASS", "PING: NOAUTH"};
    for (int i = 0; i < 3; i++) {
        ippon_redis *r = link_tried(addrs[i]);
        assert_false(ippon_redis_up(r));
        assert_non_null(ippon_redis_refusal(r));
        if (strncmp(ippon_redis_refusal(r), refusals[i], strlen(refusals[i])) != 0)
            fail_msg("link %d: refusal \"%s\", not \"%s...\"", i, ippon_redis_refusal(r), refusals[i]);
        assert_int_equal(ippon_redis_commandv(r, NULL, NULL, 1, (const char *const[]){"PING"}), -1);
        ippon_redis_free(r);
    }
    assert_null(ippon_redis_refusal(T.r1));
    assert_null(ippon_redis_refusal(T.r2));
}

static void set_answered(void *ctx, const redisReply *reply)
{
    answer *a = ctx;
    a->done++;
    a->ok = reply && reply->type == REDIS_REPLY_STATUS;
}

static void test_a_uri_signs_in_and_selects_its_database(void **state)
{
    (void)state;
    char uri[200];
    snprintf(uri, sizeof uri, "redis://ippon:%s@127.0.0.1:%d/3", "ippon%2dpass", T.port); /* %2d: '-' */
    ippon_redis_address addr;
    assert_true(ippon_redis_address_parse(uri, &addr));
    ippon_redis *r = link_tried(&addr);
    assert_true(ippon_redis_up(r));
    answer set = {0};
    assert_int_equal(ippon_redis_commandv(r, set_answered, &set, 3, (const char *const[]){"SET", "in-db-3", "yes"}), 0);
    run_until(&set.done, 5000);
    assert_true(set.ok);
    redisContext *admin = redis_admin();
    redisReply *in0 = redisCommand(admin, "EXISTS in-db-3");
    freeReplyObject(redisCommand(admin, "SELECT 3"));
    redisReply *in3 = redisCommand(admin, "EXISTS in-db-3");
    assert_int_equal(in0->integer, 0);
    assert_int_equal(in3->integer, 1);
    freeReplyObject(in0);
    freeReplyObject(in3);
    redisFree(admin);
    ippon_redis_free(r);
}

static void test_redis_addresses_are_read(void **state)
{
    (void)state;
    ippon_redis_address a;
    assert_true(ippon_redis_address_parse("10.0.0.5:6380", &a));
    assert_string_equal(a.host, "10.0.0.5");
    assert_int_equal(a.port, 6380);
    assert_string_equal(a.password, "");
    assert_true(ippon_redis_address_parse("redis://:p%40ss%3aw@[::1]:6379", &a));
    assert_string_equal(a.host, "::1");
    assert_true(a.bracketed);
    assert_string_equal(a.user, "");
    assert_string_equal(a.password, "p@ss:w");
    assert_int_equal(a.db, 0);
    assert_true(ippon_redis_address_parse("redis://u:a:b@redis.internal:7000/12", &a));
    assert_string_equal(a.user, "u");
    assert_string_equal(a.password, "a:b");
    assert_string_equal(a.host, "redis.internal");
    assert_int_equal(a.db, 12);
    assert_true(ippon_redis_address_parse("redis://h:1/", &a));
    assert_true(ippon_redis_address_parse("redis://ippon@h:1", &a)); /* its password from a file */
    assert_string_equal(a.user, "ippon");
    assert_string_equal(a.password, "");
    const char *bad[] = {"redis://h", "redis://u@h", "redis://u:%zz@h:1", "redis://u:%00@h:1", "redis://h:1/x",
                         "redis://h:1/65536", "rediss://h:1", "redis://:pw@:1", "h"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (ippon_redis_address_parse(bad[i], &a))
            fail_msg("\"%s\" was taken", bad[i]);
}

/* a file of mode `mode` holding `text`; its path into path */
static void secret_file(char *path, size_t pathlen, const char *text, mode_t mode)
{
    snprintf(path, pathlen, "/tmp/ippon-coord-secret-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    assert_int_equal(fchmod(fd, mode), 0);
    close(fd);
}

static void test_the_password_file_is_read_with_care(void **state)
{
    (void)state;
    struct { const char *text; mode_t mode; const char *password, *problem; } cases[] = {
        {"s3cret\nsecond line\n", 0600, "s3cret", NULL},
        {"crlf-pass\r\n", 0400, "crlf-pass", NULL},
        {"no-line-end", 0600, "no-line-end", NULL},
        {"s3cret\n", 0640, NULL, "its group or others may read it (mode 640)"},
        {"s3cret\n", 0604, NULL, "its group or others may read it (mode 604)"},
        {"\nlater\n", 0600, NULL, "its first line is empty"},
        {"", 0600, NULL, "its first line is empty"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[64], out[IPPON_REDIS_SECRET_MAX], err[300] = "";
        secret_file(path, sizeof path, cases[i].text, cases[i].mode);
        int rc = ippon_redis_password_read(path, out, sizeof out, err, sizeof err);
        unlink(path);
        if (cases[i].password) {
            if (rc != 0)
                fail_msg("case %zu: %s", i, err);
            assert_string_equal(out, cases[i].password);
        } else {
            assert_int_equal(rc, -1);
            if (!strstr(err, cases[i].problem) || !strstr(err, "key \"cluster.redis_password_file\""))
                fail_msg("case %zu: \"%s\"", i, err);
            assert_null(strstr(err, "s3cret"));
        }
    }
    char long_one[IPPON_REDIS_SECRET_MAX + 2], path[64], out[IPPON_REDIS_SECRET_MAX], err[300];
    memset(long_one, 'x', sizeof long_one - 1);
    long_one[sizeof long_one - 1] = '\0';
    secret_file(path, sizeof path, long_one, 0600);
    assert_int_equal(ippon_redis_password_read(path, out, sizeof out, err, sizeof err), -1);
    assert_non_null(strstr(err, "too long"));
    unlink(path);
    assert_int_equal(ippon_redis_password_read("/nonexistent/ippon-secret", out, sizeof out, err, sizeof err), -1);
    assert_non_null(strstr(err, "No such file"));
}

/* ---- presence, notices ---- */

static void test_presence(void **state)
{
    (void)state;
    answer first = {0}, moved = {0}, not_mine = {0}, mine = {0}, look = {0};
    ippon_coord_presence_claim(T.n1, "u", keep, &first);
    wait_answer(&first);
    assert_false(first.has_text);
    ippon_coord_presence_claim(T.n2, "u", keep, &moved);
    wait_answer(&moved);
    assert_true(moved.has_text);
    assert_string_equal(moved.text, "n1"); /* n2 now tells n1 to close its socket */
    ippon_coord_presence_release(T.n1, "u", keep, &not_mine);
    wait_answer(&not_mine);
    assert_int_equal(not_mine.number, 0); /* n1's late close does not clear n2's presence */
    ippon_coord_presence_release(T.n2, "u", keep, &mine);
    wait_answer(&mine);
    assert_int_equal(mine.number, 1);
    ippon_coord_presence_claim(T.n1, "u", keep, &look);
    wait_answer(&look);
    assert_false(look.has_text); /* released: nobody held it */
}

/* ---- shared buckets (base/shared_buckets.h): expected values worked by hand from the GCRA ---- */

static ippon_bucket take_bucket(const char *key, unsigned burst, long long window_ms)
{
    return (ippon_bucket){"guests", key, burst, window_ms, IPPON_BUCKET_TAKE, 0};
}

/* ask c to count in b[0..n): the answer's items */
static void buckets_take(ippon_coord *c, const ippon_bucket *b, int n, answer *a)
{
    memset(a, 0, sizeof *a);
    ippon_coord_buckets_take(c, b, n, keep, a);
    wait_answer(a);
    assert_true(a->ok);
}

static void assert_counted(const answer *a, long long level_before)
{
    assert_string_equal(a->items[0], "0");
    assert_int_equal(atoll(a->items[1]), level_before);
}

static void assert_refused(const answer *a, int index, long long retry_min, long long retry_max)
{
    assert_int_equal(a->count, 2);
    assert_int_equal(atoll(a->items[0]), index);
    long long retry = atoll(a->items[1]);
    if (retry < retry_min || retry > retry_max)
        fail_msg("retry %lld ms, expected %lld..%lld", retry, retry_min, retry_max);
}

static void test_buckets_count_across_nodes(void **state)
{
    (void)state;
    /* 3 per minute: one more every 20 s; both nodes count into the same bucket */
    ippon_bucket b = take_bucket("10.0.0.1", 3, 60000);
    answer a;
    for (int i = 0; i < 3; i++) {
        buckets_take(i % 2 ? T.n2 : T.n1, &b, 1, &a);
        assert_counted(&a, i);
    }
    buckets_take(T.n2, &b, 1, &a);
    assert_refused(&a, 1, 19000, 20000); /* the first event leaks away 20 s after it came */
    ippon_bucket other = take_bucket("10.0.0.2", 3, 60000);
    buckets_take(T.n1, &other, 1, &a);
    assert_counted(&a, 0);
}

static void test_buckets_all_or_nothing(void **state)
{
    (void)state;
    ippon_bucket x = take_bucket("x", 1, 60000), y = take_bucket("y", 1, 60000);
    answer a;
    buckets_take(T.n1, &x, 1, &a);
    assert_counted(&a, 0);
    buckets_take(T.n2, (ippon_bucket[]){y, x}, 2, &a);
    assert_refused(&a, 2, 59000, 60000); /* x refused ... */
    buckets_take(T.n1, &y, 1, &a);
    assert_counted(&a, 0); /* ... so y counted nothing */
}

static void test_buckets_count_never_refuses(void **state)
{
    (void)state;
    /* 2 per minute (one leaks every 30 s), holding at most 3: levels before 0, 1, 2, 3, 3 */
    ippon_bucket b = {"login_account", "u:alice", 2, 60000, IPPON_BUCKET_COUNT, 3};
    const long long before[] = {0, 1, 2, 3, 3};
    for (int i = 0; i < 5; i++) {
        answer a;
        buckets_take(i % 2 ? T.n1 : T.n2, &b, 1, &a);
        assert_counted(&a, before[i]);
    }
}

static void test_buckets_give_back_and_reset(void **state)
{
    (void)state;
    ippon_bucket b = take_bucket("z", 2, 60000);
    answer a;
    buckets_take(T.n1, &b, 1, &a);
    buckets_take(T.n2, &b, 1, &a);
    assert_counted(&a, 1);
    buckets_take(T.n1, &b, 1, &a);
    assert_refused(&a, 1, 29000, 30000);
    answer back = {0};
    ippon_coord_buckets_give_back(T.n2, &b, 1, keep, &back);
    wait_answer(&back);
    assert_true(back.ok);
    buckets_take(T.n1, &b, 1, &a);
    assert_counted(&a, 1); /* one of the two came back */
    answer reset = {0};
    ippon_coord_bucket_reset(T.n1, &b, keep, &reset);
    wait_answer(&reset);
    assert_int_equal(reset.number, 1);
    buckets_take(T.n2, &b, 1, &a);
    assert_counted(&a, 0); /* full again */
}

static void test_buckets_leak(void **state)
{
    (void)state;
    /* 2 per 200 ms: one comes back every 100 ms */
    ippon_bucket b = take_bucket("w", 2, 200);
    answer a;
    buckets_take(T.n1, &b, 1, &a);
    buckets_take(T.n2, &b, 1, &a);
    buckets_take(T.n1, &b, 1, &a);
    assert_refused(&a, 1, 1, 100);
    run_for(150);
    buckets_take(T.n2, &b, 1, &a);
    assert_counted(&a, 1); /* one leaked away, one still there */
}

/* the auth layer's hook (cluster/shared_buckets.h): answered later, never inline; -1 when Redis is away */
typedef struct hook_answer {
    int done;
    ippon_buckets_answer a;
} hook_answer;

static void hook_done(void *ctx, const ippon_buckets_answer *a)
{
    hook_answer *h = ctx;
    h->done++;
    h->a = *a;
}

static void test_buckets_hook(void **state)
{
    (void)state;
    ippon_shared_buckets hook = ippon_cluster_shared_buckets(T.n1);
    ippon_bucket b[2] = {take_bucket("h", 1, 60000), {"login_account", "u:h", 1, 60000, IPPON_BUCKET_COUNT, 4}};
    hook_answer h = {0};
    assert_int_equal(hook.take(hook.impl, b, 2, hook_done, &h), 0);
    assert_int_equal(h.done, 0);
    run_until(&h.done, 5000);
    assert_true(h.a.answered);
    assert_int_equal(h.a.refused, 0);
    assert_int_equal(h.a.level[0], 0);
    assert_int_equal(h.a.level[1], 0);
    hook_answer again = {0};
    assert_int_equal(hook.take(hook.impl, b, 2, hook_done, &again), 0);
    run_until(&again.done, 5000);
    assert_true(again.a.answered);
    assert_int_equal(again.a.refused, 1);
    assert_true(again.a.retry_ms > 59000 && again.a.retry_ms <= 60000);
    hook.give_back(hook.impl, b, 1);
    hook.reset(hook.impl, &b[1]);
    hook_answer third = {0};
    assert_int_equal(hook.take(hook.impl, b, 2, hook_done, &third), 0);
    run_until(&third.done, 5000);
    assert_int_equal(third.a.refused, 0);
    assert_int_equal(third.a.level[1], 0); /* the reset came first: commands keep their order */

    ippon_redis_address nowhere = address_of(free_port(), NULL, PASSWORD);
    ippon_redis *away = ippon_redis_new(T.loop, T.timers, &nowhere);
    ippon_coord *c = ippon_coord_new(away, PREFIX, "n3");
    ippon_shared_buckets none = ippon_cluster_shared_buckets(c);
    hook_answer never = {0};
    assert_int_equal(none.take(none.impl, b, 1, hook_done, &never), -1);
    run_for(50);
    assert_int_equal(never.done, 0);
    ippon_coord_free(c);
    ippon_redis_free(away);
}

typedef struct heard {
    int count;
    char last[128];
} heard;

static void hear(void *ctx, const char *notice, size_t len)
{
    heard *h = ctx;
    h->count++;
    snprintf(h->last, sizeof h->last, "%.*s", (int)len, notice);
}

static heard n2_heard;

static void notify_until_heard(const char *text)
{
    int before = n2_heard.count;
    for (int tries = 0; tries < 50 && n2_heard.count == before; tries++) {
        answer a = {0};
        ippon_coord_notify(T.n1, "n2", text, keep, &a);
        wait_answer(&a);
        run_for(100);
    }
    assert_int_equal(n2_heard.count, before + 1);
    assert_string_equal(n2_heard.last, text);
}

static void test_notices_and_reconnects(void **state)
{
    (void)state;
    assert_int_equal(ippon_coord_listen(T.n2, hear, &n2_heard), 0);
    notify_until_heard("{\"type\":\"match_found\",\"table\":\"t9\"}");

    /* Redis dies: commands are answered not ok at once, none is lost silently */
    redis_kill();
    run_for(300);
    assert_false(ippon_redis_up(T.r1));
    answer down = {0};
    ippon_coord_presence_claim(T.n1, "u", keep, &down);
    assert_int_equal(down.done, 1);
    assert_false(down.ok);

    /* ... and comes back on its port: both connections and the subscription return */
    redis_start();
    wait_up(T.r1);
    wait_up(T.r2);
    notify_until_heard("{\"type\":\"again\"}");
    answer up = {0};
    ippon_coord_presence_claim(T.n1, "u", keep, &up);
    wait_answer(&up);
    assert_true(up.ok);
}

static void test_bad_node_names_are_refused(void **state)
{
    (void)state;
    assert_null(ippon_coord_new(T.r1, PREFIX, ""));
    assert_null(ippon_coord_new(T.r1, PREFIX, "a b"));
    assert_null(ippon_coord_new(T.r1, PREFIX, "n1:x"));
    assert_null(ippon_coord_new(T.r1, PREFIX, "a-very-long-node-name-of-33-chars"));
    ippon_coord *ok = ippon_coord_new(T.r1, PREFIX, "node-2_b");
    assert_non_null(ok);
    ippon_coord_free(ok);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_take_never_gives_a_player_twice, fresh),
        cmocka_unit_test_setup(test_take_fills_with_bots_only_after_the_wait, fresh),
        cmocka_unit_test_setup(test_take_keeps_addresses_apart, fresh),
        cmocka_unit_test_setup(test_take_keeps_to_the_rating_window, fresh),
        cmocka_unit_test_setup(test_join_twice_and_leave, fresh),
        cmocka_unit_test_setup(test_seats_follow_the_table, fresh),
        cmocka_unit_test_setup(test_directory, fresh),
        cmocka_unit_test_setup(test_a_dead_node_is_voided_after_its_lease, fresh),
        cmocka_unit_test_setup(test_a_lease_renewal_says_whether_it_was_held, fresh),
        cmocka_unit_test_setup(test_a_wrong_password_or_none_is_refused, fresh),
        cmocka_unit_test_setup(test_a_uri_signs_in_and_selects_its_database, fresh),
        cmocka_unit_test_setup(test_redis_addresses_are_read, fresh),
        cmocka_unit_test(test_the_password_file_is_read_with_care),
        cmocka_unit_test_setup(test_presence, fresh),
        cmocka_unit_test_setup(test_buckets_count_across_nodes, fresh),
        cmocka_unit_test_setup(test_buckets_all_or_nothing, fresh),
        cmocka_unit_test_setup(test_buckets_count_never_refuses, fresh),
        cmocka_unit_test_setup(test_buckets_give_back_and_reset, fresh),
        cmocka_unit_test_setup(test_buckets_leak, fresh),
        cmocka_unit_test_setup(test_buckets_hook, fresh),
        cmocka_unit_test_setup(test_bad_node_names_are_refused, fresh),
        cmocka_unit_test_setup(test_notices_and_reconnects, fresh), /* last: it restarts Redis */
    };
    return cmocka_run_group_tests(tests, setup_all, teardown_all);
}
