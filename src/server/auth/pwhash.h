/*
 * pwhash.h — password hashing (argon2id through libsodium's crypto_pwhash_str) off the
 * event loop.
 *
 * One argon2id hash takes tens to hundreds of milliseconds and tens of MiB on purpose;
 * done on the event loop it would freeze every table for that long. So hashing and
 * verifying are jobs for one worker thread: the loop submits a job with a completion
 * callback, the worker runs the jobs in order, and each finished job waits in a "done"
 * list until the loop calls ippon_pwhash_poll, which runs the completion callbacks on the
 * loop's thread. To get the loop to poll without delay, the worker calls the wake
 * function after every job (the server passes lws_cancel_service, which makes lws deliver
 * LWS_CALLBACK_EVENT_WAIT_CANCELLED on the loop thread, where http.c polls).
 *
 * The worker never touches anything but the job (a copy of the password and the hash
 * string) and, for a checked hash, the password policy it was given (pwpolicy.h: used by this
 * worker alone); every callback runs on the thread that calls poll or stop. Callbacks are never
 * run from inside the calls that queue a job (ippon_pwhash_hash, _hash_checked, _verify). The
 * thread, its lock, the done list and the wake are base/job_queue.h's, as the store writer's.
 */
#ifndef IPPON_SERVER_PWHASH_H
#define IPPON_SERVER_PWHASH_H

#include <stddef.h>

#include "auth/pwpolicy.h"
#include "ippon/error.h"

typedef struct ippon_pwhash ippon_pwhash;

/* password hashing's errors, −300 .. −399 (ippon/error.h): X(NAME, code, wire name, HTTP status,
   English text). FAILED: libsodium could not hash (out of memory); CANCELLED: the pool stopped
   before the job ran. */
#define IPPON_PWHASH_ERRNO_MAP(X)                                                                   \
    X(PWHASH_FAILED, -300, "internal", 500, "the password could not be hashed (out of memory)")   \
    X(PWHASH_CANCELLED, -301, "busy", 503, "the hashing worker stopped before the job ran")

/* a job's result: an outcome (0 or above), or an error of the table */
typedef enum ippon_pwhash_result {
    IPPON_PWHASH_OK = 0,           /* hashed; or verified: the password matches */
    IPPON_PWHASH_MISMATCH = 1,     /* verified: it does not (or there was no hash to check) */
    IPPON_PWHASH_WEAK = 2,         /* a checked hash: the policy refused the password (not hashed) */
    IPPON_PWHASH_ERRNO_MAP(IPPON_ERROR_ENUM)
} ippon_pwhash_result;

/* the row of an IPPON_PWHASH_* error; NULL for any other result */
const ippon_error_row *ippon_pwhash_error_row(int result);

/* a static English description of an ippon_pwhash_result */
const char *ippon_pwhash_strerror(int result);

/*
 * A job's completion, on the polling thread. For a hash job with IPPON_PWHASH_OK, hash is
 * the new crypto_pwhash_str text. For a verify job with IPPON_PWHASH_OK, hash is a fresh
 * hash of the same password if the stored one was made with other costs than the pool's
 * (store it to upgrade), else NULL. For IPPON_PWHASH_WEAK, hash is the policy's reason
 * (pwpolicy.h). hash is only valid during the call.
 */
typedef void (*ippon_pwhash_done)(void *ctx, ippon_pwhash_result result, const char *hash);

/*
 * Start the worker. ops and mem_bytes are crypto_pwhash's opslimit and memlimit for new
 * hashes (verification uses what the stored hash says). At most max_queue jobs wait or
 * run at once. wake(wake_ctx), if wake is not NULL, is called from the worker thread
 * after each job; it must be thread-safe. Returns 0, or -1 (bad costs, out of memory,
 * no thread).
 */
int ippon_pwhash_start(ippon_pwhash **out, unsigned long long ops, size_t mem_bytes,
                       size_t max_queue, void (*wake)(void *), void *wake_ctx);

/* replace the wake function (for example once the event loop exists); thread-safe */
void ippon_pwhash_set_wake(ippon_pwhash *pool, void (*wake)(void *), void *wake_ctx);

/*
 * Queue hashing password (len bytes, copied). Returns 0 (done will be called exactly once,
 * from poll or stop), or -1 if the queue is full or out of memory (done is not called).
 */
int ippon_pwhash_hash(ippon_pwhash *pool, const char *password, size_t len,
                      ippon_pwhash_done done, void *ctx);

/*
 * Queue checking password (len bytes) with policy (for the account username, replacing
 * old_password; both may be NULL, both copied) and, if the policy takes it, hashing it:
 * IPPON_PWHASH_WEAK with the reason, or as ippon_pwhash_hash. Returns as ippon_pwhash_hash.
 */
int ippon_pwhash_hash_checked(ippon_pwhash *pool, ippon_pwpolicy *policy, const char *password, size_t len,
                              const char *username, const char *old_password, ippon_pwhash_done done,
                              void *ctx);

/*
 * Queue checking password against hash (a crypto_pwhash_str string, copied). hash NULL
 * means "no such account": the worker hashes the password anyway, so the answer
 * (IPPON_PWHASH_MISMATCH) takes as long as a real check. Returns as ippon_pwhash_hash.
 */
int ippon_pwhash_verify(ippon_pwhash *pool, const char *password, size_t len, const char *hash,
                        ippon_pwhash_done done, void *ctx);

/* run the callbacks of finished jobs on this thread; returns how many ran */
int ippon_pwhash_poll(ippon_pwhash *pool);

/* jobs queued or running (not yet handed to poll) */
size_t ippon_pwhash_in_flight(ippon_pwhash *pool);

/*
 * Stop: the worker finishes the job it is running, the jobs still waiting are cancelled,
 * and every outstanding callback runs here (finished ones with their result, the others
 * with IPPON_PWHASH_CANCELLED). Then free. pool may be NULL.
 */
void ippon_pwhash_stop(ippon_pwhash *pool);

#endif
