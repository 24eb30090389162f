/*
 * shared_buckets.h (cluster) — the shared buckets' hook (base/shared_buckets.h) kept in Redis
 * through the node's coordination (coord.h's bucket scripts), for main.c to hand to the auth
 * layer in cluster mode.
 */
#ifndef IPPON_SERVER_CLUSTER_SHARED_BUCKETS_H
#define IPPON_SERVER_CLUSTER_SHARED_BUCKETS_H

#include "base/shared_buckets.h"
#include "cluster/coord.h"

/* the hook over c (which must outlive every use of it) */
ippon_shared_buckets ippon_cluster_shared_buckets(ippon_coord *c);

#endif
