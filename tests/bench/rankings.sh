#!/usr/bin/env bash
# tests/bench/rankings.sh — the rankings benchmark: fills a database with synthetic matches
# (bench_rankings: 1,000,000 by default, 20,000 players, both modes, over a year), measures match
# writes per second, one per transaction and in groups (and the pages each write adds to the
# write-ahead log), then starts the server of the same build on that database and measures the
# REST routes with wrk (requests/s and p99 latency): the leaderboard of each period, a random page of it, random players'
# profiles (out of 1,000 picked like the matches pick them, and out of every player), and pages
# of the list of every match.
#
#   tests/bench/rankings.sh BUILD_DIR [--matches N] [--players N] [--writes N] [--duration S]
#                           [--threads T] [--connections C] [--port P] [--db FILE] [--fresh]
#
# BUILD_DIR: a Release build (cmake -DCMAKE_BUILD_TYPE=Release) with the targets ippon and
# bench_rankings. The database (default BUILD_DIR/bench/rankings.db, several GB at 1M matches) is
# filled once and reused by later runs (they only add the --writes matches); --fresh refills it.
# Needs wrk (Debian package `wrk`: apt-get install wrk), curl and bc.
set -euo pipefail

usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[[ $# -ge 1 ]] || usage
build=$(cd "$1" && pwd)
shift
src=$(cd "$(dirname "$0")/../.." && pwd)
matches=1000000 players=20000 writes=20000 duration=20 threads=2 connections=32 port=18090 fresh=0
db="$build/bench/rankings.db"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --matches) matches=$2; shift 2 ;;
    --players) players=$2; shift 2 ;;
    --writes) writes=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --db) db=$2; shift 2 ;;
    --fresh) fresh=1; shift ;;
    *) usage ;;
  esac
done
for tool in wrk curl bc; do
  command -v "$tool" >/dev/null || { echo "rankings.sh: $tool is missing (apt-get install $tool)" >&2; exit 1; }
done
for prog in "$build/src/server/ippon" "$build/tests/bench/bench_rankings"; do
  [[ -x "$prog" ]] || { echo "rankings.sh: $prog is missing: build the targets ippon and bench_rankings" >&2; exit 1; }
done

work=$(mktemp -d /tmp/ippon-rankings-bench.XXXXXX)
server_pid=
cleanup() {
  [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$(dirname "$db")"
if [[ $fresh -eq 1 ]]; then rm -f "$db" "$db-wal" "$db-shm"; fi
echo "== load: $(uptime)"
if [[ ! -s "$db" ]]; then
  echo "== filling $db: $matches matches, $players players"
  "$build/tests/bench/bench_rankings" --db "$db" --migrations "$src/migrations" --matches "$matches" \
    --players "$players" --writes "$writes" --ids "$work/ids.txt"
else
  echo "== reusing $db; $writes more matches written one by one, then $writes in groups"
  "$build/tests/bench/bench_rankings" --db "$db" --migrations "$src/migrations" --matches 0 \
    --players "$players" --writes "$writes" --ids "$work/ids.txt"
fi

cat >"$work/ippon.json" <<EOF
{"port": $port, "bind": "127.0.0.1", "database": "$db", "migrations": "$src/migrations",
 "web_root": "$src/web", "log_level": "warn"}
EOF
"$build/src/server/ippon" --config "$work/ippon.json" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 600); do
  curl -sf "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.1
done
start=$(date +%s.%N)
curl -sf "http://127.0.0.1:$port/api/leaderboard?mode=4p" >/dev/null
echo "== first leaderboard request (loads the boards): $(echo "$(date +%s.%N) - $start" | bc) s"

cat >"$work/page.lua" <<'EOF'
-- a random page (1..100) of a random period's 4p leaderboard: mostly not a kept reply
local periods = {"all", "month", "week", "day"}
request = function()
  return wrk.format("GET", "/api/leaderboard?mode=4p&period=" .. periods[math.random(4)] ..
    "&limit=50&page=" .. math.random(100))
end
EOF
# every player's id (as bench_rankings makes them): far more profiles than the server keeps
for ((p = 0; p < players; p++)); do printf '%08x%024x\n' "$p" 780228; done >"$work/all_ids.txt"
cat >"$work/profile_any.lua" <<EOF
-- the profile of any player out of all of them, evenly: mostly not a kept reply
local ids = {}
for line in io.lines("$work/all_ids.txt") do ids[#ids + 1] = line end
request = function()
  return wrk.format("GET", "/api/players/" .. ids[math.random(#ids)])
end
EOF
cat >"$work/matches.lua" <<'EOF'
-- a random page (1..100) of the list of every match
request = function()
  return wrk.format("GET", "/api/matches?limit=50&page=" .. math.random(100))
end
EOF
cat >"$work/profile.lua" <<EOF
-- the profile of a random player out of 1,000 picked like the matches pick them
local ids = {}
for line in io.lines("$work/ids.txt") do ids[#ids + 1] = line end
request = function()
  return wrk.format("GET", "/api/players/" .. ids[math.random(#ids)])
end
EOF

printf '\n%-44s %12s %10s %10s\n' "route" "requests/s" "p50" "p99"
measure() { # name url [lua]
  local out
  if [[ -n "${3:-}" ]]; then
    out=$(wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -s "$3" "http://127.0.0.1:$port$2")
  else
    out=$(wrk -t"$threads" -c"$connections" -d"${duration}s" --latency "http://127.0.0.1:$port$2")
  fi
  local rps p50 p99 errors
  rps=$(awk '/^Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(grep -E "Non-2xx|Socket errors" <<<"$out" || true)
  printf '%-44s %12s %10s %10s %s\n' "$1" "$rps" "$p50" "$p99" "$errors"
}
measure "leaderboard 4p all, page 1" "/api/leaderboard?mode=4p&period=all"
measure "leaderboard 4p month, page 1" "/api/leaderboard?mode=4p&period=month"
measure "leaderboard 4p week, page 1" "/api/leaderboard?mode=4p&period=week"
measure "leaderboard 4p day, page 1" "/api/leaderboard?mode=4p&period=day"
measure "leaderboard 3p all, page 1" "/api/leaderboard?mode=3p&period=all"
measure "leaderboard 4p, random period and page" "/" "$work/page.lua"
measure "profile of a random player" "/" "$work/profile.lua"
measure "profile of any player (mostly rebuilt)" "/" "$work/profile_any.lua"
measure "every match, page 1" "/api/matches?limit=50"
measure "every match, random page 1-100" "/" "$work/matches.lua"
echo
echo "== server RSS: $(ps -o rss= -p "$server_pid" | awk '{printf "%.1f MB", $1 / 1024}')"
echo "== load: $(uptime)"
