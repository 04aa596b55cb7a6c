#!/usr/bin/env bash
# Orchestration rows for two built trees, interleaved (old row, new row, next row), so the ratio
# is read from one run on a noisy machine. The 0 ms rows are preceded by the bare JetStream floor
# (`--mode bare`, run from the new tree), so the distance to the floor comes from the same run. Usage:
#   git worktree add /tmp/old <rev> && (cd /tmp/old && npm ci && node tools/build.js)
#   node tools/build.js && tools/bench-side-by-side.sh /tmp/old "$PWD"
set -euo pipefail
OLD=${1:?old tree}; NEW=${2:?new tree}
. "$(dirname "$0")/bench-lib.sh"
run() { bench_orchestration "$@"; }
row() { for tree in "$OLD" "$NEW"; do echo "$tree $* => $(run "$tree" "$@")"; done; }
bare() { echo "bare $* => $(run "$NEW" --mode bare --model-latency-ms 0 "$@")"; }
# Two floors: the minimal 12-publish flow, and the same flow with the KV record writes,
# observer events and event sizes our design mandates (--bare-pattern durable).
bare --concurrency 1 --requests 500
bare --bare-pattern durable --concurrency 1 --requests 500
row --mode distributed --model-latency-ms 0 --concurrency 1 --requests 500
bare --concurrency 50 --requests 3000
bare --bare-pattern durable --concurrency 50 --requests 3000
row --mode distributed --model-latency-ms 0 --concurrency 50 --requests 3000
row --mode distributed --model-latency-ms 100 --concurrency 1 --requests 60
row --mode distributed --model-latency-ms 100 --concurrency 50 --requests 1500
row --mode distributed --model-latency-ms 100 --concurrency 50 --requests 400 --worker-instances 1 --worker-concurrency 1
row --mode distributed --model-latency-ms 100 --concurrency 50 --requests 400 --worker-instances 4 --worker-concurrency 1
row --mode embedded --model-latency-ms 0 --concurrency 1 --requests 500
row --mode embedded --model-latency-ms 0 --concurrency 50 --requests 3000
