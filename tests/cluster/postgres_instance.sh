#!/bin/sh
# postgres_instance.sh — a PostgreSQL of the tests' own for the store's unit tests on PostgreSQL
# (ctest's cluster.*_pg runs, tests/CMakeLists.txt): "start DIR" makes a new cluster in DIR
# (initdb, trust, user ippon, no fsync), serves it on a Unix socket in DIR only (no TCP port to
# collide with) and creates the database ippon_test; "stop DIR" stops it and removes DIR.
# PostgreSQL refuses to run as root: as root, it runs as the postgres user (setpriv).
# Debian's postgresql package (deploy/setup.sh --test installs it).
set -eu
verb=${1:?usage: postgres_instance.sh start|stop DIR}
dir=${2:?usage: postgres_instance.sh start|stop DIR}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL is not installed (deploy/setup.sh --test installs it)" >&2; exit 1; }
as_owner() {
    if [ "$(id -u)" = 0 ]; then setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"; else "$@"; fi
}
case $verb in
start)
    if [ -d "$dir/data" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -A trust -U ippon --no-sync >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-k $dir -c listen_addresses= -c fsync=off -c synchronous_commit=off -c max_connections=200" start >/dev/null ||
        { cat "$dir/server.log" >&2; exit 1; }
    "$bin/psql" -h "$dir" -U ippon -d postgres -q -c "CREATE DATABASE ippon_test"
    echo "PostgreSQL ready: postgresql://ippon@/ippon_test?host=$dir"
    ;;
stop)
    if [ -d "$dir/data" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true; fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: postgres_instance.sh start|stop DIR" >&2
    exit 2
    ;;
esac
