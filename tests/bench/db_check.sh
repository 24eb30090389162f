#!/usr/bin/env bash
# tests/bench/db_check.sh — what the server's start-up check of its database costs
# (src/server/store/db_check.h: application_id and schema, then PRAGMA quick_check): fills a
# database through the real schema and the store with bench_rankings (1,000,000 matches by default,
# as tests/bench/rankings.sh does), then times the check with bench_db_check.
#
#   tests/bench/db_check.sh BUILD_DIR [--matches N] [--players N] [--rounds R] [--db FILE] [--fresh]
#
# BUILD_DIR: a Release build with the targets bench_rankings and bench_db_check. The database
# (default BUILD_DIR/bench/rankings.db, the one rankings.sh fills and reuses, several GB at 1M
# matches) is filled once and reused; --fresh refills it.
set -euo pipefail

usage() { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[[ $# -ge 1 ]] || usage
build=$(cd "$1" && pwd)
shift
src=$(cd "$(dirname "$0")/../.." && pwd)
matches=1000000 players=20000 rounds=3 fresh=0
db="$build/bench/rankings.db"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --matches) matches=$2; shift 2 ;;
    --players) players=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --db) db=$2; shift 2 ;;
    --fresh) fresh=1; shift ;;
    *) usage ;;
  esac
done
for prog in "$build/tests/bench/bench_rankings" "$build/tests/bench/bench_db_check"; do
  [[ -x "$prog" ]] || { echo "db_check.sh: $prog is missing: build the targets bench_rankings and bench_db_check" >&2; exit 1; }
done

mkdir -p "$(dirname "$db")"
if [[ $fresh -eq 1 ]]; then rm -f "$db" "$db-wal" "$db-shm"; fi
if [[ ! -s "$db" ]]; then
  echo "== filling $db: $matches matches, $players players"
  "$build/tests/bench/bench_rankings" --db "$db" --migrations "$src/migrations" --matches "$matches" \
    --players "$players" --writes 0
fi
echo "== load: $(uptime)"
"$build/tests/bench/bench_db_check" --db "$db" --migrations "$src/migrations" --rounds "$rounds"
