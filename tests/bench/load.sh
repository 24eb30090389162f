#!/usr/bin/env bash
# tests/bench/load.sh — runs the load generator (ippon-load) against a fresh ippon server on
# 127.0.0.1 and prints the figures.
#
#   tests/bench/load.sh BUILD_DIR [ippon-load options: --players N --mode 4p|3p
#                                  --pace realistic|fast --duration S --ramp C --think-ms MS --json]
#
# Builds nothing: BUILD_DIR must hold src/server/ippon and src/tools/ippon-load (a Release
# build, e.g. build/rel). Writes a temporary config made for load (a temporary database, no
# per-address limits on connections, guests or messages, bots filling a table after 2 s,
# warnings only in the log), raises `ulimit -n` to the hard limit (both programs need one
# descriptor per player, and some), starts the server in the background, waits for
# /api/health, runs ippon-load with --pid so it can read the server's memory and CPU, stops the
# server with SIGTERM and prints its warnings. Ends by itself: ippon-load stops after the ramp
# plus --duration, and is killed if it runs 120 s longer than that.
#
# Environment: IPPON_LOAD_PORT (default: a free port in 20000–29999); SERVER_CPUS / LOAD_CPUS
# (taskset CPU lists to pin either program, e.g. SERVER_CPUS=0 LOAD_CPUS=1; default: not
# pinned, both share every core); SERVER_EVENT_LOOP (the server's "event_loop" key: epoll, the
# default, or poll); CLUSTER_NODES=N: the same load through HAProxy to a cluster of N nodes
# started by deploy/cluster/up.sh (with this build's server; PostgreSQL, Redis and HAProxy from
# Debian, installed if missing): the server figures are the nodes' summed, and the CPU the
# helpers used is printed after (stopped with deploy/cluster/down.sh).
set -euo pipefail

if [[ $# -lt 1 || $1 == -h || $1 == --help ]]; then
  sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
build=$1
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
server=$build/src/server/ippon
load=$build/src/tools/ippon-load
for f in "$server" "$load"; do
  [[ -x $f ]] || { echo "load.sh: $f: not built (build the tree first)" >&2; exit 2; }
done

# what the config depends on, read from the load generator's options
players=100 pace=realistic duration=60 ramp=500
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  case ${args[i]} in
    --players) players=${args[i + 1]:-100} ;;
    --pace) pace=${args[i + 1]:-realistic} ;;
    --duration) duration=${args[i + 1]:-60} ;;
    --ramp) ramp=${args[i + 1]:-500} ;;
    --host | --port | --pid)
      echo "load.sh: ${args[i]} is set by this script (server on 127.0.0.1)" >&2
      exit 2 ;;
  esac
done
[[ $players =~ ^[0-9]+$ ]] || { echo "load.sh: --players $players: an integer" >&2; exit 2; }

# bots think and the call window lasts as by default on realistic pace; on fast pace neither
# (fast pace measures what the server can carry, not the pace of a real table)
bot_delay_ms=600 call_window_ms=700
[[ $pace == fast ]] && bot_delay_ms=0 call_window_ms=0

# a descriptor per player, one per running match's journal (a table of four: a quarter more) and
# some; root may raise the hard limit itself (20,000 players)
need=$((players * 13 / 10 + 1000))
hard=$(ulimit -Hn)
if [[ $hard != unlimited && $hard -lt $need ]]; then ulimit -n "$need" 2>/dev/null || true; fi
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
nofile=$(ulimit -n)
if [[ $nofile != unlimited && $nofile -lt $((players + 100)) ]]; then
  echo "load.sh: warning: ulimit -n is $nofile, fewer than $players players need (raise the hard limit)" >&2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ippon-load.XXXXXX")
chmod 755 "$tmp" # a cluster's PostgreSQL runs as its own user below it
server_pid=
nodes=${CLUSTER_NODES:-}
# shellcheck disable=SC2317 # called by the trap
cleanup() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  if [[ -n $nodes && -f $tmp/cluster/pids ]]; then
    IPPON_CLUSTER_DIR=$tmp/cluster "$root/deploy/cluster/down.sh" >/dev/null 2>&1 || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=${IPPON_LOAD_PORT:-}
if [[ -z $port ]]; then
  for _ in $(seq 50); do
    port=$((20000 + RANDOM % 10000))
    port_free "$port" && break
  done
fi

# the keys made for load (a cluster's nodes get them too, beside what up.sh writes)
load_keys=$(cat <<EOF
  "pwhash_ops": 1,
  "pwhash_mem_kib": 8,
  "guests_per_address": 1000000,
  "signups_per_address": 1000000,
  "max_conns_per_addr": 1000000,
  "max_http_conns_per_addr": 1000000,
  "max_messages_per_10s": 100000000,
  "ranked_same_address": true,
  "bot_fill_after": 2,
  "bot_delay_ms": $bot_delay_ms,
  "call_window_ms": $call_window_ms,
  "time_scale": 1,
  "event_loop": "${SERVER_EVENT_LOOP:-epoll}",
  "shutdown_grace": 1
EOF
)

limit=$(awk -v p="$players" -v r="$ramp" -v d="$duration" 'BEGIN { printf "%d", p / r + d + 30 + 120 }')
status=0
load_cmd=(timeout -s INT -k 10)
[[ -n ${LOAD_CPUS:-} ]] && load_cmd=(taskset -c "$LOAD_CPUS" "${load_cmd[@]}")

if [[ -n $nodes ]]; then
  # a cluster: PostgreSQL, Redis, N nodes and HAProxy; the load goes through HAProxy's port
  [[ $nodes =~ ^[0-9]+$ ]] || { echo "load.sh: CLUSTER_NODES=$nodes: a number of nodes" >&2; exit 2; }
  IPPON_CLUSTER_DIR=$tmp/cluster IPPON_CLUSTER_PORT=$port IPPON_BIN=$server IPPON_LOG_LEVEL=warn \
    IPPON_NODE_KEYS=$(echo "$load_keys" | tr -d '\n') "$root/deploy/cluster/up.sh" "$nodes" >"$tmp/up.log" 2>&1 ||
    { echo "load.sh: deploy/cluster/up.sh $nodes failed:" >&2; cat "$tmp/up.log" >&2; exit 1; }
  pids=$(awk '/^n[0-9]+ / { printf "%s%s", sep, $2; sep = "," }' "$tmp/cluster/pids")
  helper_pid() { awk -v k="$1" '$1 == k { print $2 }' "$tmp/cluster/pids"; }
  pg_pid=$(head -n 1 "$tmp/cluster/pg/data/postmaster.pid")
  helpers_cpu() { # CPU seconds of HAProxy, Redis and PostgreSQL (every process of it) so far
    local t=0 p
    for p in $(helper_pid haproxy) $(helper_pid redis) "$pg_pid" $(pgrep -P "$pg_pid"); do
      t=$(awk -v t="$t" '{ printf "%.2f", t + ($14 + $15) / 100 }' "/proc/$p/stat" 2>/dev/null || echo "$t")
    done
    echo "$t"
  }
  echo "load.sh: cluster of $nodes node(s) (pids $pids) behind HAProxy on 127.0.0.1:$port (ulimit -n $nofile, $(nproc) cores shared with the load generator)" >&2
  before=$(helpers_cpu)
  "${load_cmd[@]}" "$limit" "$load" --host 127.0.0.1 --port "$port" --pid "$pids" "$@" || status=$?
  after=$(helpers_cpu)
  echo "load.sh: HAProxy, Redis and PostgreSQL used $(awk -v a="$before" -v b="$after" 'BEGIN { printf "%.1f", b - a }') s of CPU during the load (ramp included)" >&2
  IPPON_CLUSTER_DIR=$tmp/cluster "$root/deploy/cluster/down.sh" >/dev/null 2>&1 || status=1
  for log in "$tmp"/cluster/n*/log; do
    grep -v -E 'closing [0-9]+ running tables|stopping|stopped' "$log" >"$log.rest" || true
    echo "load.sh: $(basename "$(dirname "$log")") log: $(wc -l <"$log.rest") lines besides the shutdown's$([[ -s $log.rest ]] && echo ', the first ones:')" >&2
    head -n 5 "$log.rest" >&2
  done
  exit "$status"
fi

cat >"$tmp/ippon.json" <<EOF
{
  "port": $port,
  "bind": "127.0.0.1",
  "web_root": "$root/web",
  "database": "$tmp/ippon.db",
  "migrations": "$root/migrations",
  "log_level": "warn",
  "bots": true,
$load_keys
}
EOF

server_cmd=("$server" --config "$tmp/ippon.json")
[[ -n ${SERVER_CPUS:-} ]] && server_cmd=(taskset -c "$SERVER_CPUS" "${server_cmd[@]}") # taskset execs: same pid

"${server_cmd[@]}" >"$tmp/server.log" 2>&1 &
server_pid=$!

healthy=
for _ in $(seq 100); do
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  if curl -sf -m 1 "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then healthy=1; break; fi
  sleep 0.1
done
if [[ -z $healthy ]]; then
  echo "load.sh: the server did not become healthy on 127.0.0.1:$port:" >&2
  cat "$tmp/server.log" >&2
  exit 1
fi
echo "load.sh: server pid $server_pid on 127.0.0.1:$port (ulimit -n $nofile, $(nproc) cores shared with the load generator${SERVER_CPUS:+, server on CPUs $SERVER_CPUS}${LOAD_CPUS:+, load on CPUs $LOAD_CPUS})" >&2

"${load_cmd[@]}" "$limit" "$load" --host 127.0.0.1 --port "$port" --pid "$server_pid" "$@" || status=$?

kill -TERM "$server_pid" 2>/dev/null || true
for _ in $(seq 100); do
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if kill -0 "$server_pid" 2>/dev/null; then
  echo "load.sh: the server did not stop within 10 s of SIGTERM: killed" >&2
  kill -KILL "$server_pid" 2>/dev/null || true
  status=1
fi
wait "$server_pid" 2>/dev/null || true
server_pid=

# the server's own lines about the shutdown are expected: the players are still seated
grep -v -E 'closing [0-9]+ running tables|stopping|stopped' "$tmp/server.log" >"$tmp/server.rest" || true
echo "load.sh: server log: $(wc -l <"$tmp/server.rest") lines besides the shutdown's$([[ -s $tmp/server.rest ]] && echo ', the first ones:')" >&2
head -n 10 "$tmp/server.rest" >&2
exit "$status"
