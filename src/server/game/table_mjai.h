/*
 * table_mjai.h — a table seat played by an AI over mjai (src/server/MJAI.md): the seat's mjai
 * stream (include/ippon/mjai.h), every line of the match kept and numbered from 1 (what a
 * reconnecting AI resumes from), and the AI's answers paired with those lines by counting. It
 * knows no socket and no table: table.c feeds it the events and asks, and sends what it gives.
 *
 * Pairing. The AI answers every line, in order; the caller numbers the answers as they come (a
 * connection counts from 1, a resumed one from table_mjai_answered + 1). The answer to the line
 * that asked the seat's open decision is the decision (the stream reads it); an answer to a line
 * already answered is dropped (a fresh client replays the match); any other answer must be
 * "none" — except a dahai answering the seat's own draw in riichi that the table discarded at
 * once (src/core/RULES.md §1: it asks nothing, but an mjai client answers its own tsumo), which
 * is taken as said; anything else is refused with a reason and changes nothing.
 */
#ifndef IPPON_SERVER_TABLE_MJAI_H
#define IPPON_SERVER_TABLE_MJAI_H

#include <stdbool.h>
#include <stddef.h>

#include "ippon/match.h"
#include "ippon/mjai.h"

typedef struct table_mjai table_mjai;

/* the seat `seat` of a table under these rules (names by table seat); NULL out of memory */
table_mjai *table_mjai_new(const ippon_rules *rules, int seat, const char *const *names);
void table_mjai_free(table_mjai *w);

/* start_game now (the warm-up before the first deal: MJAI.md "Clocks"), seats numbered from first_dealer */
void table_mjai_begin(table_mjai *w, int first_dealer);
/* one event of the match (every event, every seat's: the stream keeps what the seat may see) */
void table_mjai_event(table_mjai *w, const ippon_event *ev);
/* the table asks the seat: its options now */
void table_mjai_ask(table_mjai *w, const ippon_action *options, int n);
/* the seat's decision is over without its answer (its clock ran out, or the table moved on) */
void table_mjai_decided(table_mjai *w);

/* the lines made since the last take, numbered on: out(ctx, number, line) for each */
void table_mjai_take(table_mjai *w, void (*out)(void *ctx, long number, const char *line), void *ctx);
/* how many lines are numbered; line n (1 … that), or NULL */
long table_mjai_lines(const table_mjai *w);
const char *table_mjai_line(const table_mjai *w, long n);
/* the answers taken (answer numbers up to this are dropped) */
long table_mjai_answered(const table_mjai *w);
/* a restored table (table.h, "Journal"): every line counts as answered but the open decision's */
void table_mjai_restored(table_mjai *w);
/* whether start_game has been answered */
bool table_mjai_ready(const table_mjai *w);

enum table_mjai_outcome {
    TABLE_MJAI_DROPPED = -1, /* an answer to a line already answered: nothing */
    TABLE_MJAI_NOTHING = 0,  /* taken, nothing for the table (err says why when refused) */
    TABLE_MJAI_ACT = 1,      /* *out is the seat's decision (the default after a refused answer: err) */
    TABLE_MJAI_WAIT = 2,     /* a reach: its echo is the next line; the dahai follows */
};

/* answer number n (a NUL-terminated line); err (cap bytes) "" or why it was refused */
int table_mjai_answer(table_mjai *w, long n, const char *line, ippon_action *out, char *err, size_t cap);

#endif
