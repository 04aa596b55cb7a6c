#!/usr/bin/env bash
# The bare JetStream floor (`bench orchestration --mode bare`: five plain processes, the
# 12-publish flow, same broker setup) beside distributed mode with the 0 ms model, rows
# interleaved (bare c1, distributed c1, bare c50, distributed c50, next round) so the ratios
# come from one run on a noisy machine. Prints every row, then per round and overall (median)
# distributed/bare p50 at 1 in flight and bare/distributed req/s at 50 in flight.
# Usage: node tools/build.js && tools/bench-vs-bare.sh [ROUNDS=3] [TREE=this checkout]
#   C1_REQUESTS (500) and C50_REQUESTS (3000) set the measured requests per row.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROUNDS=${1:-3}; TREE=${2:-$(dirname "$HERE")}
C1=${C1_REQUESTS:-500}; C50=${C50_REQUESTS:-3000}
. "$HERE/bench-lib.sh"
OUT=$(mktemp); trap 'rm -f "$OUT"' EXIT
# The tree may move while this runs (distributed rows rebuild dist/ when sources changed).
at() { echo "$(git -C "$TREE" rev-parse --short HEAD)$(git -C "$TREE" diff --quiet HEAD -- apps libs || echo ' + uncommitted changes')"; }
for round in $(seq 1 "$ROUNDS"); do
  echo "round $round: tree $TREE at $(at)"
  for c in 1 50; do
    n=$([ "$c" = 1 ] && echo "$C1" || echo "$C50")
    for mode in bare distributed; do
      # One retry: a distributed row fails when the tree does not compile at that moment.
      line=$(bench_orchestration "$TREE" --mode "$mode" --model-latency-ms 0 --concurrency "$c" --requests "$n" || true)
      [ -n "$line" ] || line=$(bench_orchestration "$TREE" --mode "$mode" --model-latency-ms 0 --concurrency "$c" --requests "$n" || true)
      echo "round $round $mode c$c => ${line:-FAILED}"
      echo "$round $mode $c ${line:-null}" >>"$OUT"
    done
  done
done
node -e '
  const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map((l) => {
    const [round, mode, c, ...json] = l.split(" ");
    return { round, mode, c, r: JSON.parse(json.join(" ")) };
  });
  const get = (round, mode, c) => rows.find((x) => x.round === round && x.mode === mode && x.c === c)?.r;
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
  const p50 = [], rps = [];
  for (const round of [...new Set(rows.map((x) => x.round))]) {
    const b1 = get(round, "bare", "1"), d1 = get(round, "distributed", "1"), b50 = get(round, "bare", "50"), d50 = get(round, "distributed", "50");
    const parts = [];
    if (b1 && d1) { p50.push(d1.latency_ms.p50 / b1.latency_ms.p50); parts.push(`c1 p50 ${d1.latency_ms.p50} / ${b1.latency_ms.p50} ms = ${(d1.latency_ms.p50 / b1.latency_ms.p50).toFixed(2)}x (distributed/bare)`); }
    if (b50 && d50) { rps.push(b50.requests_per_s / d50.requests_per_s); parts.push(`c50 ${b50.requests_per_s} / ${d50.requests_per_s} req/s = ${(b50.requests_per_s / d50.requests_per_s).toFixed(2)}x (bare/distributed)`); }
    console.log(`round ${round}: ${parts.join("; ") || "incomplete"}`);
  }
  if (p50.length) console.log(`median p50 ratio distributed/bare at c1: ${median(p50).toFixed(2)}x`);
  if (rps.length) console.log(`median req/s ratio bare/distributed at c50: ${median(rps).toFixed(2)}x`);
' "$OUT"
