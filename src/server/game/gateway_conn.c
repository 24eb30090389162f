/*
 * gateway_conn.c — what a connection is sent (gateway_conn.h): each message a block with head room
 * for the socket layer's frame header, queued until the socket can write; a client that does not
 * read is dropped as too slow; a message that cannot be made for lack of memory closes the
 * connection after what it already has (gateway.c's top comment). A table's line for an AI carries
 * when its seat was handed it, and its writing is timed (ippon_mjai_relay_out_seconds). Also the bad-message count
 * that closes an abusive connection, and finding a player's connection.
 */
#include "game/gateway_conn.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "game/gateway_state.h"
#include "metrics.h"

struct out_msg {
    struct out_msg *next;
    size_t len;
    bool close_after;
    int64_t relayed_at_us;  /* a table's line for an AI: when its seat was handed it; 0: not one */
    unsigned char data[]; /* IPPON_GATEWAY_HEAD_ROOM bytes of head room, then the text */
};

void gw_conn_drop_queue(ippon_gateway *gw, ippon_conn *c)
{
    if (gw)
        gw->unsent_bytes -= c->out_bytes;
    while (c->out_head) {
        struct out_msg *m = c->out_head;
        c->out_head = m->next;
        free(m);
    }
    c->out_tail = NULL;
    c->out_bytes = 0;
}

void ippon_gateway_set_want_write(ippon_gateway *gw, void (*want_write)(void *socket))
{
    gw->want_write = want_write;
}

size_t ippon_gateway_unsent(const ippon_gateway *gw)
{
    return gw->unsent_bytes;
}

/* ---- sending ---- */

#ifdef IPPON_TEST_HOOKS
int gw_test_failing_sends;
#endif

/* a message block holding text after the head room; NULL when out of memory */
static struct out_msg *out_msg_new(const char *text, size_t len, bool close_after, int64_t relayed_at_us)
{
    struct out_msg *m = malloc(sizeof *m + IPPON_GATEWAY_HEAD_ROOM + len);
    if (!m)
        return NULL;
    m->next = NULL;
    m->len = len;
    m->close_after = close_after;
    m->relayed_at_us = relayed_at_us;
    memcpy(m->data + IPPON_GATEWAY_HEAD_ROOM, text, len);
    return m;
}

static void enqueue(ippon_gateway *gw, ippon_conn *c, struct out_msg *m)
{
    assert(!c->closing && !m->next);
    if (c->out_tail)
        c->out_tail->next = m;
    else
        c->out_head = m;
    c->out_tail = m;
    c->out_bytes += m->len;
    gw->unsent_bytes += m->len;
    gw->stats.messages_out++;
    if (m->close_after)
        c->closing = true;
    if (gw->want_write)
        gw->want_write(c->socket);
}

/* a message for c could not be made: c closes after what it has been sent so far (gateway.c's
   top comment), with the gateway's shared "overloaded" error */
static void send_failed(ippon_gateway *gw, ippon_conn *c)
{
    if (!c || c->closing)
        return;
    ippon_log(IPPON_LOG_WARN, "gateway: out of memory sending to %s (%s): closing the connection", c->addr,
              c->user_id[0] ? c->user_id : "anonymous");
    c->closing = true;
    c->overloaded = true;
    if (gw->want_write)
        gw->want_write(c->socket);
}

void gw_send_relayed(ippon_gateway *gw, ippon_conn *c, const char *text, size_t len, bool close_after,
                     int64_t relayed_at_us)
{
    if (!c || c->closing)
        return;
    assert(text);
    if (c->out_bytes + len > gw->set.max_queued_bytes) { /* a client that does not read */
        gw_conn_drop_queue(gw, c);
        close_after = true;
        text = "{\"type\":\"error\",\"code\":\"too_slow\",\"message\":\"you are not reading your messages\"}";
        len = strlen(text);
        relayed_at_us = 0;
    }
    struct out_msg *m = out_msg_new(text, len, close_after, relayed_at_us);
#ifdef IPPON_TEST_HOOKS
    if (m && gw_test_failing_sends > 0) {
        gw_test_failing_sends--;
        free(m);
        m = NULL;
    }
#endif
    if (!m) {
        send_failed(gw, c);
        return;
    }
    enqueue(gw, c, m);
}

void gw_send_text(ippon_gateway *gw, ippon_conn *c, const char *text, size_t len, bool close_after)
{
    gw_send_relayed(gw, c, text, len, close_after, 0);
}

/* msg NULL (json_pack out of memory) or not written out counts as a failed send */
static void send_json(ippon_gateway *gw, ippon_conn *c, json_t *msg, bool close_after)
{
    char *text = msg ? json_dumps(msg, JSON_COMPACT) : NULL;
    json_decref(msg);
    if (text)
        gw_send_text(gw, c, text, strlen(text), close_after);
    else
        send_failed(gw, c);
    free(text);
}

void gw_send(ippon_gateway *gw, ippon_conn *c, json_t *msg) { send_json(gw, c, msg, false); }

void gw_send_error(ippon_gateway *gw, ippon_conn *c, const char *code, const char *message)
{
    gw_send(gw, c, json_pack("{s:s,s:s,s:s}", "type", "error", "code", code, "message", message));
}

void gw_send_error_and_close(ippon_gateway *gw, ippon_conn *c, const char *code, const char *message)
{
    send_json(gw, c, json_pack("{s:s,s:s,s:s}", "type", "error", "code", code, "message", message), true);
}

unsigned char *ippon_gateway_next_out(ippon_gateway *gw, ippon_conn *c, size_t *len, bool *close_after)
{
    struct out_msg *m = c->out_head;
    c->out_relayed_at_us = m ? m->relayed_at_us : 0;
    if (!m && c->overloaded) { /* the last word after a message that could not be made */
        c->overloaded = false;
        *len = gw->overloaded_len;
        *close_after = true;
        return gw->overloaded;
    }
    if (!m)
        return NULL;
    c->out_head = m->next;
    if (!c->out_head)
        c->out_tail = NULL;
    assert(c->out_bytes >= m->len && gw->unsent_bytes >= m->len);
    c->out_bytes -= m->len;
    gw->unsent_bytes -= m->len;
    *len = m->len;
    *close_after = m->close_after;
    /* hand out the message block itself (ippon_gateway_out_free frees it) */
    memmove(m, m->data, IPPON_GATEWAY_HEAD_ROOM + m->len);
    return (unsigned char *)m;
}

void ippon_gateway_out_free(ippon_gateway *gw, unsigned char *block)
{
    if (!gw || block != gw->overloaded)
        free(block);
}

void ippon_gateway_out_written(ippon_gateway *gw, ippon_conn *c)
{
    if (!c->out_relayed_at_us)
        return;
    ippon_metrics_mjai_relay(gw->app ? gw->app->metrics : NULL, IPPON_MJAI_RELAY_OUT,
                             (double)(lws_now_usecs() - c->out_relayed_at_us) / 1e6);
    c->out_relayed_at_us = 0;
}

void gw_send_move(ippon_gateway *gw, ippon_conn *c, const char *reason, const char *node, const char *what,
                  const char *id)
{
    char path[160];
    snprintf(path, sizeof path, "/ws?node=%s&%s=%s", node, what, id);
    gw_send(gw, c, json_pack("{s:s,s:s,s:s,s:s,s:s}", "type", "move", "reason", reason, "node", node,
                             what, id, "path", path));
}

ippon_conn *gw_conn_of(ippon_gateway *gw, const char *user_id)
{
    return ippon_strmap_get(gw->users, user_id);
}

bool gw_bad(ippon_gateway *gw, ippon_conn *c, const char *code, const char *message)
{
    gw->stats.bad_messages++;
    c->bad_in_window++;
    if (c->bad_in_window > gw->set.max_bad_per_10s) {
        ippon_log(IPPON_LOG_WARN, "gateway: closing %s (%s): too many bad messages", c->addr,
                  c->user_id[0] ? c->user_id : "anonymous");
        gw_send_error_and_close(gw, c, "abuse", "too many bad messages: closing the connection");
        return true;
    }
    gw_send_error(gw, c, code, message);
    return false;
}
