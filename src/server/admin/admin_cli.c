/*
 * admin_cli.c — `ippon admin create|grant|revoke` (admin_cli.h).
 *
 * How it works: read the options, load the configuration exactly as the server does (file,
 * then --db), make sure the database is ippon's (db_check.h: another application's file is left
 * untouched), open and migrate it, then act through the store (store_admin.h), each
 * change with its audit row. The password is read with the terminal's echo off (restored on
 * every way out, Ctrl-C included) or as the first line of a pipe, checked, hashed with the
 * configured argon2id costs, and wiped from memory.
 */
#include "admin/admin_cli.h"
#include "admin/ratings_cli.h"

#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "auth/auth.h"
#include "auth/name_rules.h"
#include "store/db_check.h"
#include "config.h"
#include "base/ids.h"
#include "base/wall_clock.h"
#include "auth/pwpolicy.h"
#include "store/store.h"
#include "store/store_admin.h"

#define CLI_USAGE 2
#define CLI_PASSWORD_CAP (IPPON_PASSWORD_MAX + 3) /* the password, a line end, NUL */

int ippon_admin_check_password(const char *password, size_t len, const char *username, char *problem,
                               size_t problen)
{
    if (ippon_auth_check_password(password, len, problem, problen) != 0)
        return -1;
    ippon_pwpolicy *policy = ippon_pwpolicy_new(IPPON_ADMIN_PASSWORD_MIN);
    if (!policy) {
        snprintf(problem, problen, "cannot be checked: libpwquality is not working (is cracklib's dictionary "
                                   "installed? Debian: cracklib-runtime)");
        return -1;
    }
    char why[192];
    int rc = ippon_pwpolicy_check(policy, password, len, username, NULL, why, sizeof why);
    ippon_pwpolicy_free(policy);
    if (rc != 0)
        snprintf(problem, problen, "%s%s", strstr(why, "at least") == why ? "an administrator's password must be " : "",
                 why);
    return rc;
}

/* ---- reading the password ------------------------------------------------------------ */

static struct termios saved_termios;
static volatile sig_atomic_t echo_off;

static void restore_echo(void)
{
    if (echo_off) {
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_termios);
        echo_off = 0;
    }
}

static void on_interrupt(int sig)
{
    restore_echo();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* one line of stdin into buf (its end removed): its length, or -1 (nothing, or too long) */
static long read_line(char *buf, size_t cap)
{
    if (!fgets(buf, (int)cap, stdin))
        return -1;
    size_t len = strlen(buf);
    int ended = len > 0 && buf[len - 1] == '\n';
    if (!ended && !feof(stdin)) { /* longer than the buffer: drop the rest of the line */
        int c;
        while ((c = getchar()) != EOF && c != '\n')
            ;
        sodium_memzero(buf, cap);
        return -2;
    }
    while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
        buf[--len] = '\0';
    return (long)len;
}

/* prompt on stderr and read a line from the terminal with its echo off */
static long read_hidden(const char *prompt, char *buf, size_t cap)
{
    struct termios quiet;
    fprintf(stderr, "%s", prompt);
    fflush(stderr);
    if (tcgetattr(STDIN_FILENO, &saved_termios) != 0)
        return -1;
    quiet = saved_termios;
    quiet.c_lflag &= ~(tcflag_t)ECHO;
    signal(SIGINT, on_interrupt);
    signal(SIGTERM, on_interrupt);
    echo_off = 1;
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    long len = read_line(buf, cap);
    restore_echo();
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    fputc('\n', stderr);
    return len;
}

/* the new password into buf: from the terminal (twice, they must match) or a pipe's first line */
static long read_password(const char *username, char *buf, size_t cap)
{
    char problem[256];
    long len;
    if (isatty(STDIN_FILENO)) {
        char again[CLI_PASSWORD_CAP];
        char prompt[128];
        snprintf(prompt, sizeof prompt, "Password for the administrator %s: ", username);
        len = read_hidden(prompt, buf, cap);
        long len2 = len >= 0 ? read_hidden("The same password again: ", again, sizeof again) : -1;
        int same = len >= 0 && len2 == len && sodium_memcmp(buf, again, (size_t)len) == 0;
        sodium_memzero(again, sizeof again);
        if (len >= 0 && !same) {
            fprintf(stderr, "ippon: the two passwords differ; nothing changed\n");
            return -1;
        }
    } else {
        len = read_line(buf, cap);
    }
    if (len == -2) {
        fprintf(stderr, "ippon: password: longer than %d bytes; nothing changed\n", IPPON_PASSWORD_MAX);
        return -1;
    }
    if (len <= 0) {
        fprintf(stderr, "ippon: password: empty (type it at the prompt, or give it as the first line of standard "
                        "input); nothing changed\n");
        return -1;
    }
    if (ippon_admin_check_password(buf, (size_t)len, username, problem, sizeof problem) != 0) {
        fprintf(stderr, "ippon: password: %s; nothing changed\n", problem);
        return -1;
    }
    return len;
}

/* ---- the command --------------------------------------------------------------------- */

static void cli_usage(FILE *out)
{
    fprintf(out, "usage: ippon admin create USERNAME [--display-name NAME] [--config PATH] [--db PATH]\n"
                 "       ippon admin grant USERNAME [--config PATH] [--db PATH]\n"
                 "       ippon admin revoke USERNAME [--config PATH] [--db PATH]\n"
                 "       ippon admin ratings --recompute [--mode 4p|3p] [--check] [--config PATH] [--db PATH]\n"
                 "\n"
                 "create: a new administrator account; the password is read from the terminal\n"
                 "(without echo) or as the first line of standard input. At least %d bytes, and\n"
                 "not a common password, a dictionary word or the username (libpwquality).\n"
                 "grant / revoke: give an existing account the admin role, or take it away.\n"
                 "ratings: replay every rated match and rewrite the ratings (ippon admin ratings --help).\n",
                 IPPON_ADMIN_PASSWORD_MIN);
}

typedef struct cli_args {
    const char *verb, *username, *display_name, *config_path, *db;
} cli_args;

/* 0, or the exit status to stop with */
static int cli_parse(int argc, char **argv, cli_args *a)
{
    memset(a, 0, sizeof *a);
    a->config_path = IPPON_CONFIG_DEFAULT_PATH;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            cli_usage(stdout);
            return -1;
        }
        const char **slot = !strcmp(arg, "--display-name") ? &a->display_name
                            : !strcmp(arg, "--config")     ? &a->config_path
                            : !strcmp(arg, "--db")         ? &a->db
                                                           : NULL;
        if (slot) {
            if (i + 1 >= argc) {
                fprintf(stderr, "ippon: option '%s' needs a value (try ippon admin --help)\n", arg);
                return CLI_USAGE;
            }
            *slot = argv[++i];
        } else if (arg[0] == '-') {
            fprintf(stderr, "ippon: unknown option '%s' (try ippon admin --help)\n", arg);
            return CLI_USAGE;
        } else if (!a->verb) {
            a->verb = arg;
        } else if (!a->username) {
            a->username = arg;
        } else {
            fprintf(stderr, "ippon: unexpected argument '%s' (try ippon admin --help)\n", arg);
            return CLI_USAGE;
        }
    }
    int known = a->verb && (!strcmp(a->verb, "create") || !strcmp(a->verb, "grant") || !strcmp(a->verb, "revoke"));
    if (!known || !a->username || (a->display_name && strcmp(a->verb, "create") != 0)) {
        cli_usage(stderr);
        return CLI_USAGE;
    }
    return 0;
}

/* the audit row of a command-line change */
static ippon_audit cli_audit(const char *action, const char *target, const char *reason, const json_t *detail)
{
    return (ippon_audit){.at_ms = ippon_wall_ms(), .admin_id = NULL, .admin_name = IPPON_AUDIT_CLI_NAME,
                         .action = action, .target = target, .reason = reason, .detail = detail};
}

static int cli_create(ippon_store *st, const ippon_config *cfg, const cli_args *a)
{
    char problem[256];
    const char *name = a->display_name ? a->display_name : a->username;
    if (ippon_auth_check_display_name(name, strlen(name), problem, sizeof problem) != 0) {
        fprintf(stderr, "ippon: display name \"%s\": %s%s\n", name, problem,
                a->display_name ? "" : " (choose one with --display-name NAME)");
        return 1;
    }
    char password[CLI_PASSWORD_CAP];
    long len = read_password(a->username, password, sizeof password);
    if (len < 0)
        return 1;
    char hash[crypto_pwhash_STRBYTES];
    int hashed = crypto_pwhash_str(hash, password, (unsigned long long)len, (unsigned long long)cfg->pwhash_ops,
                                   (size_t)cfg->pwhash_mem_kib * 1024);
    sodium_memzero(password, sizeof password);
    if (hashed != 0) {
        fprintf(stderr, "ippon: cannot hash the password (out of memory?); nothing changed\n");
        return 1;
    }
    ippon_user user;
    memset(&user, 0, sizeof user);
    ippon_id id;
    ippon_id_generate(&id);
    ippon_id_format(&id, user.id);
    snprintf(user.username, sizeof user.username, "%s", a->username);
    snprintf(user.display_name, sizeof user.display_name, "%s", name);
    user.created_at = ippon_wall_ms() / 1000;
    json_t *detail = json_pack("{s:s,s:s}", "username", user.username, "display_name", user.display_name);
    ippon_audit audit = cli_audit("admin_create", user.id, "administrator created with `ippon admin create`", detail);
    int taken = 0;
    int rc = ippon_store_admin_create(st, &user, hash, &taken, &audit);
    json_decref(detail);
    sodium_memzero(hash, sizeof hash);
    if (rc == IPPON_STORE_CONFLICT) {
        if (taken & IPPON_TAKEN_USERNAME)
            fprintf(stderr, "ippon: the username \"%s\" is taken (to make that account an administrator: "
                            "ippon admin grant %s); nothing changed\n", a->username, a->username);
        else
            fprintf(stderr, "ippon: the display name \"%s\" is taken (choose another with --display-name); "
                            "nothing changed\n", name);
        return 1;
    }
    if (rc != 0) {
        fprintf(stderr, "ippon: %s: the database refused the new account; nothing changed\n", cfg->database);
        return 1;
    }
    printf("administrator \"%s\" created (user %s, display name %s); sign in at /admin/\n", user.username, user.id,
           user.display_name);
    return 0;
}

static int cli_grant(ippon_store *st, const cli_args *a, bool admin)
{
    ippon_user user;
    json_t *detail = json_pack("{s:s}", "username", a->username);
    ippon_audit audit = cli_audit(admin ? "admin_grant" : "admin_revoke", NULL,
                                  admin ? "admin role given with `ippon admin grant`"
                                        : "admin role taken away with `ippon admin revoke`",
                                  detail);
    int rc = ippon_store_user_set_admin(st, a->username, admin, &user, &audit);
    json_decref(detail);
    if (rc == IPPON_STORE_NOT_FOUND) {
        fprintf(stderr, "ippon: no registered account \"%s\"; nothing changed\n", a->username);
        return 1;
    }
    if (rc == IPPON_STORE_CONFLICT) {
        fprintf(stderr, "ippon: \"%s\" %s an administrator already; nothing changed\n", a->username,
                admin ? "is" : "is not");
        return 1;
    }
    if (rc != 0) {
        fprintf(stderr, "ippon: the database refused the change; nothing changed\n");
        return 1;
    }
    printf("\"%s\" (user %s) %s\n", user.username, user.id,
           admin ? "is now an administrator" : "is no longer an administrator");
    return 0;
}

int ippon_admin_open_store(const char *config_path, const char *db, ippon_config *cfg, ippon_store **st, char *err,
                           size_t errlen)
{
    *st = NULL;
    if (ippon_config_init(cfg) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (ippon_config_load(cfg, config_path, err, errlen) != 0 ||
        (db && ippon_config_set(cfg, "database", db, "--db", err, errlen) != 0) ||
        ippon_config_check(cfg, err, errlen) != 0)
        return -1;
    if (ippon_ids_init() != 0) {
        snprintf(err, errlen, "libsodium: cannot initialise (no entropy source?)");
        return -1;
    }
    char migrations[4200];
    if (ippon_config_records_migrations(cfg, migrations, sizeof migrations) != 0) {
        snprintf(err, errlen, "key \"migrations\": path too long");
        return -1;
    }
    if (ippon_db_check(ippon_config_records(cfg), migrations, 0, err, errlen) != 0 ||
        ippon_store_open(st, ippon_config_records(cfg), err, errlen) != 0 ||
        ippon_store_migrate(*st, migrations, NULL, err, errlen) != 0)
        return -1;
    return 0;
}

int ippon_admin_cli(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "ratings"))
        return ippon_admin_ratings_cli(argc - 1, argv + 1);
    cli_args a;
    int rc = cli_parse(argc, argv, &a);
    if (rc != 0)
        return rc < 0 ? 0 : rc;
    char err[1024], problem[256];
    if (ippon_auth_check_username(a.username, strlen(a.username), problem, sizeof problem) != 0) {
        fprintf(stderr, "ippon: username \"%s\": %s\n", a.username, problem);
        return 1;
    }
    ippon_config cfg;
    ippon_store *st = NULL;
    int status = 1;
    if (ippon_admin_open_store(a.config_path, a.db, &cfg, &st, err, sizeof err) != 0) {
        fprintf(stderr, "ippon: %s\n", err);
        ippon_store_close(st);
        ippon_config_free(&cfg);
        return 1;
    }
    if (!strcmp(a.verb, "create"))
        status = cli_create(st, &cfg, &a);
    else
        status = cli_grant(st, &a, !strcmp(a.verb, "grant"));
    ippon_store_close(st);
    ippon_config_free(&cfg);
    return status;
}
