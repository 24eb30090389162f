/*
 * ids.h — random 128-bit identifiers (instance, match, table, session ids).
 *
 * Ids come from libsodium's CSPRNG, so they are unguessable and collision-free in
 * practice; on the wire and in the database they are 32 lowercase hex characters.
 * Call ippon_ids_init once at start-up before anything else here.
 */
#ifndef IPPON_SERVER_IDS_H
#define IPPON_SERVER_IDS_H

#define IPPON_ID_BYTES 16
#define IPPON_ID_HEX_LEN (2 * IPPON_ID_BYTES)

typedef struct ippon_id {
    unsigned char bytes[IPPON_ID_BYTES];
} ippon_id;

/* initialise libsodium; returns 0, or -1 if it cannot be initialised (no entropy source) */
int ippon_ids_init(void);

/* a fresh random id */
void ippon_id_generate(ippon_id *id);

/* write id as 32 lowercase hex characters plus a NUL into hex */
void ippon_id_format(const ippon_id *id, char hex[IPPON_ID_HEX_LEN + 1]);

/* read exactly 32 hex characters (either case); returns 0, or -1 if hex is not an id */
int ippon_id_parse(ippon_id *id, const char *hex);

#endif
