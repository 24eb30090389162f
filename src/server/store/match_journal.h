/*
 * match_journal.h — the write-ahead journal of running matches: a folder beside the database
 * ("<database>.journal/") with one file per running match, "<match id>.jsonl", one JSON record a
 * line (what a record holds is the table's business: game/table.h, "Journal").
 *
 * Why files and not SQLite: a record must be written before any event it causes is sent, and the
 * event loop never waits on SQLite (a lock held by anyone stalls it: README, "The database"). An
 * append is one write(2) to a file the server alone uses, into the page cache: a crash of the
 * process loses nothing written (a power loss can lose the last records: the tables' resume rule
 * covers that). No fsync per record; ippon_journal_sync flushes every open file (shutdown).
 *
 * A journal lives from its match's first record until its finished match is stored, or kept in
 * the pending-matches file at exit (ippon_journal_remove); at start-up every file left is a match to resume (ippon_journal_each), and
 * one that cannot be read is set aside, never a reason not to start.
 * Single-threaded (the event loop).
 */
#ifndef IPPON_SERVER_MATCH_JOURNAL_H
#define IPPON_SERVER_MATCH_JOURNAL_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ippon_journal ippon_journal;     /* the folder */
typedef struct ippon_journal_file ippon_journal_file; /* one match's journal, open for appends */

/* "<db_path>.journal" into out: 0, or -1 if it does not fit */
int ippon_journal_path(const char *db_path, char *out, size_t outlen);

/* the folder at dir, created if missing (0700). 0, or -1 with err naming the folder */
int ippon_journal_open(ippon_journal **out, const char *dir, char *err, size_t errlen);
/* the folder's key for event proofs (game/table.h "Proofs"): 32 random bytes made with the folder
   ("event.key", 0600) and kept with it, so proofs outlive restarts */
#define IPPON_JOURNAL_KEY_BYTES 32
const uint8_t *ippon_journal_key(const ippon_journal *j);

/* closes every file still open (after ippon_journal_sync, if they should reach the disk); j may be NULL */
void ippon_journal_close(ippon_journal *j);

/*
 * A new journal for match_id (a fresh file: one that exists already is an error), or an existing
 * one reopened for more records (resume: must_exist). NULL with err on failure (no space, too many
 * files, a bad id: ids are 1..64 characters of [0-9a-zA-Z_-]).
 */
ippon_journal_file *ippon_journal_begin(ippon_journal *j, const char *match_id, int must_exist, char *err,
                                        size_t errlen);

/* appends one record as a line, in one write. 0, or -1 (the file is then marked failed: every
   later append fails too, so a journal never has a hole) */
int ippon_journal_append(ippon_journal_file *f, const json_t *record);

/* bytes and records appended through this process (for the README's figures) */
void ippon_journal_counts(const ippon_journal *j, uint64_t *records, uint64_t *bytes);

/* closes f (its records stay on disk); f may be NULL */
void ippon_journal_end(ippon_journal_file *f);

/* deletes the journal of match_id (its match is stored): 0, or -1 (a missing file is 0) */
int ippon_journal_remove(ippon_journal *j, const char *match_id);

/* renames the journal of match_id to "<id>.jsonl.unreadable" (one that does not replay: kept for
   a look, never read again). 0 or -1 */
int ippon_journal_set_aside(ippon_journal *j, const char *match_id);

/* fsyncs every open file and the folder (a clean shutdown's last step). 0 or -1 */
int ippon_journal_sync(ippon_journal *j);

/*
 * Calls fn for each journal in the folder (in the order of their names) with the match id and
 * its records (an array; a last line cut short by a crash is left out). fn returns 0 to go on.
 * A file that cannot be read as a journal — a name that is not a match id, an empty file, a line
 * before the last that is not a JSON object, a read error — is renamed "<name>.jsonl.unreadable"
 * (kept for a look, never read again) and told to unreadable (if not NULL) with its name and the
 * problem (naming the file and the line, and saying if even the rename failed); the others are
 * read all the same. Returns how many journals fn was given, or -1 with err (the folder itself
 * cannot be listed, or out of memory).
 */
int ippon_journal_each(ippon_journal *j, int (*fn)(void *ctx, const char *match_id, json_t *records),
                       void (*unreadable)(void *ctx, const char *name, const char *problem), void *ctx, char *err,
                       size_t errlen);

#endif
