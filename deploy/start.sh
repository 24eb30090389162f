#!/usr/bin/env bash
# deploy/start.sh — install what is missing, build a release, and start ippon on the embedded
# default: config/ippon.json (http://localhost:8080, SQLite file under ./data, bots on).
# Extra arguments go to the server, e.g. deploy/start.sh --port 9000
set -euo pipefail
cd "$(dirname "$0")/.."
deploy/setup.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DIPPON_TESTS=OFF >/dev/null
cmake --build build/release -j"$(nproc)" --target ippon
mkdir -p data
exec build/release/src/server/ippon --config config/ippon.json "$@"
