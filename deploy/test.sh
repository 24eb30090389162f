#!/usr/bin/env bash
# deploy/test.sh — install what is missing (test tools included), build everything with
# AddressSanitizer + UndefinedBehaviorSanitizer (clang, so the libFuzzer targets build too),
# install the tests' npm packages, and run the whole suite through ctest.
# Extra arguments go to ctest, e.g. deploy/test.sh -L unit   or   deploy/test.sh -R oracle
set -euo pipefail
cd "$(dirname "$0")/.."
deploy/setup.sh --test
build=build/test
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
      -DIPPON_SANITIZE=ON -DIPPON_FUZZ=ON >/dev/null
cmake --build "$build" -j"$(nproc)"
# the Node tests' packages (oracle library, browser driver), pinned by tests/package-lock.json
if [ ! -f tests/node_modules/.package-lock.json ] || [ tests/package-lock.json -nt tests/node_modules/.package-lock.json ]; then
  (cd tests && npm ci --no-audit --no-fund --loglevel=error)
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$build"
ctest --output-on-failure -j"$(nproc)" "$@"
