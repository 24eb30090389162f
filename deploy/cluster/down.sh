#!/usr/bin/env bash
# deploy/cluster/down.sh — stops what deploy/cluster/up.sh started: HAProxy first (no new
# players), then each node (SIGTERM: its running matches stay in its journal for its next start),
# Redis and PostgreSQL. The folder stays, with the logs and the stores' passwords (secrets/: the
# next up.sh uses them again); --purge removes it too.
#
# IPPON_CLUSTER_DIR as for up.sh (default /tmp/ippon-cluster).
set -uo pipefail
dir=${IPPON_CLUSTER_DIR:-/tmp/ippon-cluster}
purge=0
for arg in "$@"; do
  case "$arg" in
    --purge) purge=1 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "down.sh: unknown option '$arg' (try --help)" >&2; exit 2 ;;
  esac
done
if [ ! -f "$dir/pids" ]; then
  echo "down.sh: nothing started in $dir"
  [ "$purge" = 1 ] && rm -rf "$dir"
  exit 0
fi

# waits up to 10 s for process $1 to end, then kills it
stop_pid() {
  kill -TERM "$1" 2>/dev/null || return 0
  for _ in $(seq 1 100); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
  kill -KILL "$1" 2>/dev/null
}

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
grep '^haproxy ' "$dir/pids" | while read -r _ pid; do stop_pid "$pid"; done
grep '^n[0-9]* ' "$dir/pids" | while read -r _ pid _; do stop_pid "$pid"; done
grep '^redis ' "$dir/pids" | while read -r _ pid; do stop_pid "$pid"; done
if grep -q '^postgres ' "$dir/pids" && [ -d "$dir/pg/data" ]; then
  if [ "$(id -u)" = 0 ]; then
    setpriv --reuid=postgres --regid=postgres --init-groups -- "$pgbin/pg_ctl" -D "$dir/pg/data" -m fast -w stop >/dev/null
  else
    "$pgbin/pg_ctl" -D "$dir/pg/data" -m fast -w stop >/dev/null
  fi
fi
rm -f "$dir/pids" "$dir/up"
if [ "$purge" = 1 ]; then rm -rf "$dir"; fi
echo "down.sh: stopped"
