/*
 * game_log.h — a finished (or running) match written in the community's log formats:
 * tenhou.net/6 JSON (one game object, viewable in the usual replayers and review tools) and
 * mjai (one JSON event per line).
 *
 * The writer is fed every event of the match in order, private ones included (a log is made
 * after the fact and shows every hand), and builds both formats at once.
 */
#ifndef IPPON_LOGS_GAME_LOG_H
#define IPPON_LOGS_GAME_LOG_H

#include <jansson.h>

#include "ippon/match.h"

typedef struct ippon_game_log ippon_game_log;

/* a writer for a match under these rules; names are the table seats' names (NULL = "Seat N");
   title and subtitle: tenhou.net/6's two title lines. Both logs number the seats from the first
   dealer (game_log.c, "Seats") */
ippon_game_log *ippon_game_log_new(const ippon_rules *rules, const char *const *names, const char *title,
                                   const char *subtitle);
void ippon_game_log_free(ippon_game_log *log);

/* feeds one event (in the order the match reported them) */
void ippon_game_log_event(ippon_game_log *log, const ippon_event *ev);

/* the tenhou.net/6 game object (new reference) */
json_t *ippon_game_log_tenhou(const ippon_game_log *log);

/* Tenhou's name of an abortive draw kind (IPPON_ABORT_*), e.g. "九種九牌" */
const char *ippon_game_log_abort_name(int kind);

/* the mjai events as a JSON array (new reference); write one element per line for a .mjson file */
json_t *ippon_game_log_mjai(const ippon_game_log *log);

#endif
