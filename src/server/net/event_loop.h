/*
 * event_loop.h — the loop the server's one thread waits in: libev on epoll (config key
 * "event_loop": "epoll", the default) or libwebsockets' own poll() loop ("poll").
 *
 * Why epoll: lws's own loop calls poll() over every socket at every wake-up, so its cost grows
 * with the players connected, not with what they do (10,000 players: most of a core in poll()).
 * With libev on epoll a wake-up costs what is ready. lws runs on it through its libev plugin
 * (Debian's libwebsockets-evlib-ev), on a loop this module owns (a "foreign" loop in lws's
 * words): the server keeps its own loop function (main.c: stop requests, drain, handover are
 * checked between two turns of the loop), and other clients (Redis, PostgreSQL) can watch their
 * sockets on the same loop.
 *
 * A turn (ippon_event_loop_turn) waits for at least one event (a socket, a timer, a wake-up
 * from ippon_http_wake or a signal) and handles what is ready; the same as one lws_service().
 */
#ifndef IPPON_SERVER_EVENT_LOOP_H
#define IPPON_SERVER_EVENT_LOOP_H

typedef struct ippon_event_loop ippon_event_loop;
struct lws_context;

/* the names the config key "event_loop" takes */
#define IPPON_EVENT_LOOP_EPOLL "epoll"
#define IPPON_EVENT_LOOP_POLL "poll"

/* a loop of that kind (IPPON_EVENT_LOOP_EPOLL or _POLL); NULL if out of memory or the kernel
   refuses epoll */
ippon_event_loop *ippon_event_loop_new(const char *kind);

/* the libev loop to hand lws as its foreign loop, or NULL for lws's own poll() loop */
void *ippon_event_loop_foreign(ippon_event_loop *loop);

/* the kind the loop runs: "epoll" or "poll" (after a fall-back, "poll") */
const char *ippon_event_loop_kind(const ippon_event_loop *loop);

/* lws could not load its libev plugin: this loop is lws's own poll() from now on */
void ippon_event_loop_fall_back(ippon_event_loop *loop);

/* the lws context runs on the loop now; on libev this keeps lws's own timeouts (keep-alive, the
   first request's headers) within a second of due: lws 4.1's libev plugin only re-arms its timer
   when that one fires (base/timers.h), so a one-second timer of lws's keeps firing. detach before
   the context is destroyed */
void ippon_event_loop_attach(ippon_event_loop *loop, struct lws_context *context);
void ippon_event_loop_detach(ippon_event_loop *loop);

/* wait for and handle events once (lws's context for the poll() kind); <0 if the loop failed */
int ippon_event_loop_turn(ippon_event_loop *loop, struct lws_context *context);

/* after the lws context is destroyed; loop may be NULL */
void ippon_event_loop_free(ippon_event_loop *loop);

#endif
