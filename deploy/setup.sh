#!/usr/bin/env bash
# deploy/setup.sh — installs what ippon needs on a Debian machine, and nothing twice.
#
#   deploy/setup.sh            build and run dependencies (compiler, cmake, the libraries)
#   deploy/setup.sh --cluster  the same plus what a cluster on one machine runs
#                              (deploy/cluster/up.sh): PostgreSQL, Redis, HAProxy, curl
#   deploy/setup.sh --test     the same plus the cluster's and the test tools (cmocka, clang for
#                              fuzzing and its sanitizer runtime, Node.js + npm, Debian's chromium
#                              and a Japanese font for its screenshots, the sqlite3 shell that
#                              holds a lock on a test's database, python3 whose hashlib checks
#                              the browser's vendored BLAKE2b in tests/web)
#
# Idempotent: a package already installed is not touched, and apt-get runs only when
# something is missing. Runs as root, or through sudo. On a system without apt-get it
# stops with a message saying what to install by hand.
set -euo pipefail

want_tests=0
want_cluster=0
for arg in "$@"; do
  case "$arg" in
    --test) want_tests=1; want_cluster=1 ;;
    --cluster) want_cluster=1 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown option '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

build_pkgs=(build-essential cmake pkg-config libwebsockets-dev libjansson-dev libsodium-dev libsqlite3-dev
  libpwquality-dev cracklib-runtime libev-dev libhiredis-dev libpq-dev libunistring-dev)
cluster_pkgs=(postgresql redis-server haproxy curl)
test_pkgs=(libcmocka-dev clang libclang-rt-14-dev chromium fonts-ipaexfont-gothic sqlite3 python3)

pkgs=("${build_pkgs[@]}")
[ "$want_cluster" = 1 ] && pkgs+=("${cluster_pkgs[@]}")
[ "$want_tests" = 1 ] && pkgs+=("${test_pkgs[@]}")

if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup.sh: this script needs a Debian-like system with apt-get." >&2
  echo "setup.sh: install these yourself, then build with cmake: ${pkgs[*]} nodejs npm" >&2
  exit 1
fi

missing=()
for p in "${pkgs[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$p")
done
# Node.js may come from Debian (nodejs + npm) or from another source that bundles npm:
# only ask apt for it when the commands are absent.
if [ "$want_tests" = 1 ]; then
  command -v node >/dev/null 2>&1 || missing+=(nodejs)
  command -v npm  >/dev/null 2>&1 || missing+=(npm)
fi

if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup.sh: all dependencies present"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "setup.sh: missing packages (${missing[*]}) and neither root nor sudo is available." >&2
  exit 1
fi

echo "setup.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
