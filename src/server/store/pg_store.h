/*
 * pg_store.h — the cluster's system of record on PostgreSQL (libpq; ../shared/SCALE.md), as far
 * as it goes today: connecting and applying its own numbered migrations (migrations/postgres/,
 * migrations.h), which a node does at start when "cluster.postgres" is set. The store's
 * operations come here one table at a time, identities first (issue 17).
 *
 * Synchronous: used at start-up, before the event loop serves anyone.
 */
#ifndef IPPON_SERVER_PG_STORE_H
#define IPPON_SERVER_PG_STORE_H

#include <stddef.h>

typedef struct ippon_pg ippon_pg;

/* connect with conninfo (libpq's "host=... port=... dbname=..." or a postgresql:// URI): 0, or -1
   with err saying why (libpq's message, without the password) */
int ippon_pg_open(ippon_pg **out, const char *conninfo, char *err, size_t errlen);

/* apply the migrations of folder dir not applied yet, each in its own transaction with its
   schema_migrations row (migrations.h); *applied (if not NULL) counts them. 0, or -1 with err */
int ippon_pg_migrate(ippon_pg *pg, const char *dir, int *applied, char *err, size_t errlen);

/* a round trip (SELECT 1): 0 if it answered */
int ippon_pg_ping(ippon_pg *pg);

/* pg may be NULL */
void ippon_pg_close(ippon_pg *pg);

#endif
