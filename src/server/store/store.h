/*
 * store.h — the server's storage, behind one interface: opening, migrating and pinging the
 * database, users and sessions (this header); finished matches (store_matches.h, their record
 * type stored_match.h), the rankings (store_rankings.h, with the leaderboards held in memory by
 * store_board.h and kept replies by store_profiles.h), the admin's data (store_admin.h). All SQL
 * lives in store/ (README.md, "Layers"): nothing else in the server knows which engine holds
 * the records — SQLite for one server, PostgreSQL for a cluster (sql.h: one SQL for both). What the store reads
 * comes back as plain rows; the REST routes make their replies of them (api/).
 *
 * The server has two connections: the event loop's, which only reads, and the store writer's
 * (store_writer.h), on a thread of its own, through which every write goes. An ippon_store is
 * used by one thread at a time.
 *
 * Functions return 0 on success or -1 on failure; those that take (err, errlen) then
 * write one line saying what failed, naming the file concerned. Some also return
 * IPPON_STORE_NOT_FOUND or IPPON_STORE_CONFLICT, as their comments say. The store's codes are
 * −100 .. −199 (these two, and the writer's IPPON_WRITE_UNAVAILABLE and IPPON_WRITE_STOPPED in
 * store_writer.h), distinct from every other family's (ippon/error.h); -1 is the plain failure.
 */
#ifndef IPPON_SERVER_STORE_H
#define IPPON_SERVER_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include "ippon/error.h"

typedef struct ippon_store ippon_store;

/*
 * Open the store at where: a PostgreSQL connection URI ("postgresql://..." or "postgres://...":
 * a cluster's shared records, sql.h), or else a SQLite database file, created if needed with its
 * parent folder, in WAL mode with a busy timeout (5 s) and foreign keys enforced (":memory:": a
 * private in-memory database, for tests).
 */
int ippon_store_open(ippon_store **out, const char *where, char *err, size_t errlen);

/* create the folder that holds the database file path (and its parents) if missing: 0, or -1
   with err naming the folder */
int ippon_store_make_folder(const char *path, char *err, size_t errlen);

/*
 * Apply the migrations in folder dir that this database has not seen yet.
 *
 * A migration is a file named NNNN_name.sql (any number of digits; "0001_settings.sql").
 * They run in numeric order of NNNN, each once, each inside its own transaction together
 * with its row in schema_migrations(version, name, applied_at). If one fails, its
 * transaction is rolled back — the database is left as the previous migration left it —
 * and the error names the file and carries the engine's message. Each engine has its own
 * folder of migrations (SQLite: migrations/, PostgreSQL: migrations/postgres/). Files not ending in .sql are
 * ignored; a .sql file with another name, or two files with one number, is an error, and
 * so is an applied migration whose file was renamed. A migration must not contain
 * BEGIN/COMMIT itself.
 *
 * *applied (if not NULL) receives the number of migrations applied by this call. A SQLite
 * database without an application_id then gets ippon's (db_check.h: IPPON_APPLICATION_ID).
 */
int ippon_store_migrate(ippon_store *st, const char *dir, int *applied, char *err, size_t errlen);

/*
 * A consistent copy of the whole database into a new file at dest (VACUUM INTO: one read
 * transaction, so a copy taken while the server writes holds every match whole or not at all;
 * compacted, without the -wal), made 0600. dest must not exist. 0, or -1 with err naming the file. On
 * PostgreSQL -1: its own tools (pg_dump) back it up.
 */
int ippon_store_backup(ippon_store *st, const char *dest, char *err, size_t errlen);

/* a cheap round trip through the database (SELECT 1); 0 if it answered */
int ippon_store_ping(ippon_store *st);

/*
 * Make st the event loop's connection, which only reads (every write goes through the store
 * writer's own connection: store_writer.h): it never waits for a lock (no busy timeout: a read in
 * WAL mode does not wait for writers; one that still finds the database locked fails at once and
 * is counted, see ippon_store_busy_hits) and never checkpoints the log (the writer does). 0 or -1.
 * Test builds (IPPON_TEST_HOOKS) honour IPPON_TEST_READ_FAIL_FILE=PATH: while a file exists at PATH,
 * the reader's session lookups fail as on a locked database (a hello then answers "unavailable").
 */
int ippon_store_make_reader(ippon_store *st);

/* how many statements found the database locked on a reader (above); *last_ms (if not NULL): when
   the last one did (CLOCK_MONOTONIC ms; 0: never) */
unsigned long ippon_store_busy_hits(const ippon_store *st, long long *last_ms);

/* how many statements on st failed because the database could not be read (a damaged page, an I/O
   error reading: sql.h's IPPON_SQL_UNREADABLE), since it was opened; words (if not NULL): the first's */
unsigned long ippon_store_unreadable(const ippon_store *st, char *words, size_t wordslen);

/*
 * The store's in-memory leaderboards and kept replies (store_board.h, store_profiles.h) are for the
 * thread that uses st. Writes made through another connection reach them this way:
 *   - ippon_store_writes_in_flight(st, +1) when a match write for them starts, -1 when it has been
 *     told (ippon_store_batch_tell); while one is in flight, a move of rank_version is taken for
 *     that write's and waited for instead of reloading;
 *   - ippon_store_caches_forget(st) after any other write that changes what they show (a void, a
 *     rename): they are built again from the database when next used.
 */
void ippon_store_writes_in_flight(ippon_store *st, int delta);
void ippon_store_caches_forget(ippon_store *st);

/* close the database (checkpointing the WAL); st may be NULL */
void ippon_store_close(ippon_store *st);

/* ---- users and sessions (store_users.c; table layout: migrations/0002_identities.sql) -- */

/*
 * The store's codes, −100 .. −199 (ippon/error.h), the writer's (store_writer.h) among them:
 * X(NAME, code, wire name, HTTP status, English text).
 *   STORE_NOT_FOUND     no such row (or no longer in the state asked for)
 *   STORE_CONFLICT      a unique name is taken: see *taken
 *   STORE_LIMIT         a limit on how many rows one may have is reached (an owner's bots)
 *   WRITE_UNAVAILABLE   a writer's job not done: the database stayed busy or unwritable too long
 *   WRITE_STOPPED       a writer's job not done: the writer stopped first
 */
#define IPPON_STORE_ERRNO_MAP(X)                                                                    \
    X(STORE_NOT_FOUND, -100, "not_found", 404, "no such row")                                     \
    X(STORE_CONFLICT, -101, "conflict", 409, "a unique name is taken")                            \
    X(STORE_LIMIT, -102, "limit", 409, "no more rows of this kind may be made")                   \
    X(WRITE_UNAVAILABLE, -110, "unavailable", 503, "the database could not take the write in time") \
    X(WRITE_STOPPED, -111, "stopped", 503, "the store writer stopped before the write")

enum { IPPON_STORE_ERRNO_MAP(IPPON_ERROR_ENUM) };

/* the row of a store code; NULL for any other */
const ippon_error_row *ippon_store_error_row(int code);

/* a static English description of a store code, of 0 and of -1 (the plain failure) */
const char *ippon_store_strerror(int code);

/* bits of *taken after IPPON_STORE_CONFLICT */
#define IPPON_TAKEN_USERNAME 1
#define IPPON_TAKEN_DISPLAY_NAME 2

#define IPPON_USER_ID_LEN 32           /* hex characters */
#define IPPON_DISPLAY_NAME_MAX_BYTES 64 /* 16 characters of at most 4 UTF-8 bytes */
#define IPPON_USERNAME_MAX_LEN 24
#define IPPON_TOKEN_HASH_BYTES 32

/* a user as the server sees it (never the password hash, which is read separately) */
typedef struct ippon_user {
    char id[IPPON_USER_ID_LEN + 1];                  /* 32 lowercase hex */
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1];
    char username[IPPON_USERNAME_MAX_LEN + 1];       /* "" for a guest or a bot */
    bool guest;                                      /* no username and password, and not a bot */
    bool is_bot;                                     /* a bot account (store_bots.h): never a guest */
    bool is_admin;
    bool banned;
    long long banned_at;                             /* Unix seconds; 0 unless banned */
    long long created_at, last_seen_at;              /* Unix seconds */
} ippon_user;

/* a session row: the token's hash (never the token) and its times, Unix seconds */
typedef struct ippon_session {
    unsigned char token_hash[IPPON_TOKEN_HASH_BYTES];
    long long created_at, expires_at, last_used_at;
} ippon_session;

/* the user with this id: 0, IPPON_STORE_NOT_FOUND or -1 */
int ippon_store_user_get(ippon_store *st, const char *id, ippon_user *out);

/*
 * The registered user with this username (case-insensitive) and its password hash
 * (copied into hash, at most hashlen - 1 bytes). 0, IPPON_STORE_NOT_FOUND (also for a
 * name no account has) or -1.
 */
int ippon_store_user_by_username(ippon_store *st, const char *username, ippon_user *out,
                                 char *hash, size_t hashlen);

/*
 * Which of username and display_name (either may be NULL: not asked) belong to a user
 * other than except_id (NULL: anyone), case-insensitively: IPPON_TAKEN_* bits in *taken.
 * Returns 0 or -1.
 */
int ippon_store_names_taken(ippon_store *st, const char *username, const char *display_name,
                            const char *except_id, int *taken);

/*
 * Insert a new user and its first session in one transaction. user->username "" makes a
 * guest (password_hash must then be NULL); otherwise password_hash is required. Returns 0,
 * IPPON_STORE_CONFLICT (the username or display name is taken: *taken says which;
 * nothing is written) or -1.
 */
int ippon_store_user_create(ippon_store *st, const ippon_user *user, const char *password_hash,
                            const ippon_session *session, int *taken);

/*
 * Turn the guest user_id into a registered account, in one transaction: set username and
 * password_hash (and display_name, unless NULL), delete every session of the user (the
 * guest token among them) and insert new_session. The guest's session old_token_hash
 * must still exist and belong to user_id, and the user must still be a guest; otherwise
 * IPPON_STORE_NOT_FOUND and nothing changes. IPPON_STORE_CONFLICT with *taken as for
 * create. The id stays, so everything recorded under it stays the user's.
 */
int ippon_store_user_claim(ippon_store *st, const char *user_id,
                           const unsigned char old_token_hash[IPPON_TOKEN_HASH_BYTES],
                           const char *username, const char *password_hash,
                           const char *display_name, const ippon_session *new_session,
                           int *taken);

/* add a session for an existing user (a login): 0 or -1 */
int ippon_store_session_create(ippon_store *st, const char *user_id, const ippon_session *session);

/* set a user's display name: 0, IPPON_STORE_NOT_FOUND, IPPON_STORE_CONFLICT or -1 */
int ippon_store_user_rename(ippon_store *st, const char *user_id, const char *display_name,
                            int *taken);

/* replace a registered user's password hash (an upgrade to new costs): 0 or -1 */
int ippon_store_user_set_password_hash(ippon_store *st, const char *user_id,
                                       const char *password_hash);

/*
 * The user holding the session token_hash at time now. Reads only: an expired session is
 * reported as IPPON_STORE_NOT_FOUND and left in place (session then holds the expired row, so
 * the caller can have it deleted: ippon_store_session_delete); an unknown one is
 * IPPON_STORE_NOT_FOUND with session zeroed. session (if not NULL) receives the row.
 * Returns 0, IPPON_STORE_NOT_FOUND or -1.
 */
int ippon_store_session_user(ippon_store *st, const unsigned char token_hash[IPPON_TOKEN_HASH_BYTES],
                             long long now, ippon_user *user, ippon_session *session);

/* record use at time now: the session's last_used_at and its user's last_seen_at; 0 or -1 */
int ippon_store_session_touch(ippon_store *st, const unsigned char token_hash[IPPON_TOKEN_HASH_BYTES],
                              const char *user_id, long long now);

/* delete one session (logout): 0, IPPON_STORE_NOT_FOUND or -1 */
int ippon_store_session_delete(ippon_store *st,
                               const unsigned char token_hash[IPPON_TOKEN_HASH_BYTES]);

/*
 * A password change, in one transaction: user_id's password hash becomes password_hash and every
 * session of the user but keep_hash's (NULL: every one) is deleted; *ended (if not NULL) receives
 * how many. 0, IPPON_STORE_NOT_FOUND (no registered user user_id; nothing changes) or -1.
 */
int ippon_store_user_change_password(ippon_store *st, const char *user_id, const char *password_hash,
                                     const unsigned char keep_hash[IPPON_TOKEN_HASH_BYTES], int *ended);

/* delete every session of user_id ("sign out everywhere"): the number deleted, or -1 */
int ippon_store_sessions_end_all(ippon_store *st, const char *user_id);

/* delete every session that has expired by now; the number deleted, or -1 */
int ippon_store_sessions_purge(ippon_store *st, long long now);

#endif
