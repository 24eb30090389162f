#!/usr/bin/env bash
# deploy/cluster/up.sh N — an ippon cluster of N nodes on this machine, for trying it out and for
# the tests (deploy/cluster/README.md): installs what is missing (deploy/setup.sh --cluster), builds a
# release, and starts on loopback ports PostgreSQL (the records; as its own user: it refuses
# root), Redis (queues, seats, presence, notices), N nodes and HAProxy in front of them. The last
# line printed is the public URL (http://127.0.0.1:PORT). deploy/cluster/down.sh stops it all.
#
# HAProxy routes /ws?node=K (the "move" of PROTOCOL.md) to node K through a map it reads at
# runtime (a node added later needs only "add map", no reload), and everything else to the
# least-loaded node that answers GET /api/health. It passes the Host header on as it came, so the
# nodes' WebSocket takes pages of the public URL as their own origin (allowed_origins stays []). It also caps one client address's open
# connections over the whole cluster, as one server caps them (each node only sees its own): its
# WebSockets at the nodes' max_conns_per_addr (one more is answered 503), and all its
# connections at that plus max_http_conns_per_addr (one more is refused). Both caps are read from
# IPPON_NODE_KEYS when it sets them, else the server's defaults (8 and 32).
#
# Neither store is open to the machine's other users. Redis has no default user; its ACL user
# `ippon` reaches the cluster's keys and channels (ippon:*) and no administration, with a password
# (a client without it gets NOAUTH). PostgreSQL takes scram-sha-256 passwords only (no trust);
# its role `ippon` is no superuser (NOSUPERUSER NOCREATEDB NOCREATEROLE: it cannot run programs
# through COPY ... TO PROGRAM) and owns just the `ippon` database and its public schema; the
# superuser `postgres` has a password of its own. The three passwords are made at the first start
# into 0600 files in secrets/ (kept by down.sh, gone with --purge); the nodes' configs name the
# Redis one (cluster.redis_password_file) and a libpq password file (passfile= in the URI).
#
# Environment:
#   IPPON_CLUSTER_DIR   where everything lives (default /tmp/ippon-cluster): pg/, redis/, n1..nN/
#                       (each node's config, local files and log), secrets/, haproxy.cfg,
#                       nodes.map, pids
#   IPPON_CLUSTER_PORT  the public port (default 8090); the others are the next free ones above it
#   IPPON_BIN           an ippon binary to run instead of building one (the tests pass theirs)
#   IPPON_LOG_LEVEL     the nodes' log_level (default info)
#   IPPON_NODE_KEYS     more keys for every node's config, as JSON members (keys the script does
#                       not write itself), e.g. '"time_scale": 0.05, "bot_fill_after": 2'
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

n=${1:-}
if ! [[ "$n" =~ ^[0-9]+$ ]] || [ "$n" -lt 1 ] || [ "$n" -gt 16 ]; then
  echo "usage: deploy/cluster/up.sh N   (N nodes, 1..16)" >&2
  exit 2
fi
dir=${IPPON_CLUSTER_DIR:-/tmp/ippon-cluster}
public=${IPPON_CLUSTER_PORT:-8090}
extra=${IPPON_NODE_KEYS:-}
log_level=${IPPON_LOG_LEVEL:-info}

if [ -e "$dir/up" ]; then
  echo "up.sh: a cluster is already up in $dir (deploy/cluster/down.sh first)" >&2
  exit 1
fi

"$root/deploy/setup.sh" --cluster >/dev/null

bin=${IPPON_BIN:-}
if [ -z "$bin" ]; then
  cmake -S "$root" -B "$root/build/release" -DCMAKE_BUILD_TYPE=Release -DIPPON_TESTS=OFF >/dev/null
  cmake --build "$root/build/release" -j"$(nproc)" --target ippon >/dev/null
  bin="$root/build/release/src/server/ippon"
fi

pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as_postgres() {
  if [ "$(id -u)" = 0 ]; then setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"; else "$@"; fi
}

# the next port above $1 that nothing listens on
next_port() {
  local p=$(($1 + 1))
  while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do p=$((p + 1)); done
  echo "$p"
}

# waits until GET http://127.0.0.1:$1$2 answers 200, or fails naming $3 and its log $4
wait_http() {
  for _ in $(seq 1 200); do
    if curl -fs -o /dev/null "http://127.0.0.1:$1$2"; then return 0; fi
    sleep 0.1
  done
  echo "up.sh: $3 did not answer on port $1 (log: $4)" >&2
  tail -n 20 "$4" >&2 || true
  exit 1
}

mkdir -p "$dir"
: > "$dir/pids"
pg_port=$(next_port "$public")
redis_port=$(next_port "$pg_port")

# the stores' passwords: made once (48 hex digits), each in a 0600 file only this user reads
secrets="$dir/secrets"
(umask 077 && mkdir -p "$secrets")
chmod 700 "$secrets"
password() { # the password in $secrets/$1, made if it is not there yet
  if [ ! -s "$secrets/$1" ]; then
    (umask 077 && od -An -N24 -tx1 /dev/urandom | tr -d ' \n' > "$secrets/$1.new" && echo >> "$secrets/$1.new")
    mv "$secrets/$1.new" "$secrets/$1"
  fi
  chmod 600 "$secrets/$1"
  head -n 1 "$secrets/$1"
}
redis_password=$(password redis-password)
pg_password=$(password pg-password)
pg_admin_password=$(password pg-admin-password)
# libpq's password files (host:port:database:user:password): the nodes' and the superuser's
(umask 077 && printf '127.0.0.1:*:ippon:ippon:%s\n' "$pg_password" > "$secrets/pgpass" &&
  printf '127.0.0.1:*:*:postgres:%s\n' "$pg_admin_password" > "$secrets/pgpass-admin")

# PostgreSQL: a cluster of its own in $dir/pg, loopback only, scram-sha-256 passwords on every
# line of pg_hba.conf (local and host), the superuser postgres, and the role ippon that owns just
# its database
rm -rf "$dir/pg"
mkdir -p "$dir/pg"
[ "$(id -u)" = 0 ] && chown postgres "$dir/pg"
# initdb reads the superuser's password from a file of PostgreSQL's user, gone once it is read
(umask 077 && printf '%s\n' "$pg_admin_password" > "$dir/pg/admin-password")
[ "$(id -u)" = 0 ] && chown postgres "$dir/pg/admin-password"
as_postgres "$pgbin/initdb" -D "$dir/pg/data" -A scram-sha-256 --pwfile="$dir/pg/admin-password" -U postgres \
  -E UTF8 --locale C >"$dir/pg/initdb.log" 2>&1 || { rm -f "$dir/pg/admin-password"; cat "$dir/pg/initdb.log" >&2; exit 1; }
rm -f "$dir/pg/admin-password"
if grep -Ev '^[[:space:]]*(#|$)' "$dir/pg/data/pg_hba.conf" | grep -qv 'scram-sha-256'; then
  echo "up.sh: $dir/pg/data/pg_hba.conf has a line that is not scram-sha-256" >&2
  exit 1
fi
as_postgres "$pgbin/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/server.log" -w -t 60 \
  -o "-p $pg_port -k $dir/pg -c listen_addresses=127.0.0.1 -c max_connections=400 -c password_encryption=scram-sha-256" \
  start >/dev/null
echo "postgres $pg_port" >> "$dir/pids"
# the SQL on standard input: the password is on no command line
PGPASSFILE="$secrets/pgpass-admin" "$pgbin/psql" -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -X -q \
  -v ON_ERROR_STOP=1 >/dev/null <<SQL
CREATE ROLE ippon LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD '$pg_password';
CREATE DATABASE ippon OWNER ippon;
\connect ippon
ALTER SCHEMA public OWNER TO ippon;
SQL

# Redis: nothing kept on disk (the queues and seats are rebuilt as players come back); no default
# user, the ACL user ippon (the keys and channels ippon:*, no administration) with its password,
# in a 0600 config rather than on the command line
mkdir -p "$dir/redis"
(umask 077 && cat > "$dir/redis/redis.conf" <<REDIS
port $redis_port
bind 127.0.0.1
dir $dir/redis
save ""
appendonly no
daemonize yes
pidfile $dir/redis/redis.pid
logfile $dir/redis/redis.log
user default off
user ippon on >$redis_password ~ippon:* &ippon:* +@all -@dangerous
REDIS
)
rm -f "$dir/redis/redis.pid"
redis-server "$dir/redis/redis.conf"
for _ in $(seq 1 100); do [ -s "$dir/redis/redis.pid" ] && break; sleep 0.05; done
echo "redis $(cat "$dir/redis/redis.pid")" >> "$dir/pids"

# the nodes
: > "$dir/nodes.map"
servers=""
port=$redis_port
for i in $(seq 1 "$n"); do
  port=$(next_port "$port")
  node="n$i"
  mkdir -p "$dir/$node"
  cat > "$dir/$node/ippon.json" <<EOF
{${extra:+
  $extra,}
  "port": $port,
  "bind": "127.0.0.1",
  "trusted_proxy": "127.0.0.1",
  "web_root": "$root/web",
  "migrations": "$root/migrations",
  "database": "$dir/$node/ippon.db",
  "log_level": "$log_level",
  "bots": true,
  "ranked_min_humans": 1,
  "cluster": {
    "node": "$node",
    "redis": "redis://ippon@127.0.0.1:$redis_port",
    "redis_password_file": "$secrets/redis-password",
    "postgres": "postgresql://ippon@127.0.0.1:$pg_port/ippon?passfile=$secrets/pgpass"
  }
}
EOF
  nohup "$bin" --config "$dir/$node/ippon.json" > "$dir/$node/log" 2>&1 &
  echo "$node $! $port" >> "$dir/pids"
  echo "$node 127.0.0.1:$port" >> "$dir/nodes.map"
  servers+="  server $node 127.0.0.1:$port check inter 1s fall 2 rise 1"$'\n'
done
while read -r node addr; do
  wait_http "${addr#*:}" /api/health "node $node" "$dir/$node/log"
done < "$dir/nodes.map"

# a node key's integer value in IPPON_NODE_KEYS, or $2 when it is not there
node_key() {
  local v
  v=$(printf '%s' "$extra" | grep -o "\"$1\" *: *[0-9]*" | grep -o '[0-9]*$' || true)
  echo "${v:-$2}"
}
ws_cap=$(node_key max_conns_per_addr 8)
conn_cap=$((ws_cap + $(node_key max_http_conns_per_addr 32)))

# HAProxy in front: /ws?node=K to node K (the map, changeable at runtime), the rest to any healthy
# node; a client address's connections counted over all the nodes (the stick tables)
cat > "$dir/haproxy.cfg" <<EOF
global
  stats socket $dir/haproxy.sock mode 600 level admin
defaults
  mode http
  option forwardfor
  option http-no-delay
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
frontend public
  bind 127.0.0.1:$public
  tcp-request connection track-sc1 src table conns_per_address
  tcp-request connection reject if { sc1_conn_cur gt $conn_cap }
  acl websocket hdr(upgrade) -i websocket
  http-request track-sc0 src table websockets_per_address if websocket
  http-request deny deny_status 503 if websocket { sc0_conn_cur gt $ws_cap }
  acl to_node url_param(node),map($dir/nodes.map) -m found
  use_backend by_node if to_node
  default_backend nodes
backend nodes
  balance leastconn
  option httpchk GET /api/health
$servers
backend by_node
  http-request set-var(txn.node) url_param(node),map($dir/nodes.map)
  http-request set-dst var(txn.node),field(1,:)
  http-request set-dst-port var(txn.node),field(2,:)
  server node 0.0.0.0:0
backend conns_per_address
  stick-table type ipv6 size 1m expire 10m store conn_cur
backend websockets_per_address
  stick-table type ipv6 size 1m expire 10m store conn_cur
EOF
haproxy -c -q -f "$dir/haproxy.cfg"
haproxy -D -f "$dir/haproxy.cfg" -p "$dir/haproxy.pid"
echo "haproxy $(cat "$dir/haproxy.pid")" >> "$dir/pids"
wait_http "$public" /api/health "HAProxy" "$dir/haproxy.cfg"
touch "$dir/up"
echo "up.sh: $n node(s), PostgreSQL on $pg_port, Redis on $redis_port; state and logs in $dir"
echo "http://127.0.0.1:$public"
