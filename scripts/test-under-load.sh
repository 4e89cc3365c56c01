#!/usr/bin/env bash
# The gate on a busy machine: runs `npm test` RUNS times (default 3) in a row with two
# CPU-burning processes beside it (`yes > /dev/null`, one per core here). Any failure stops
# it and exits non-zero. The suite waits for states, never for time, so it must pass.
#   bash scripts/test-under-load.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
burners=()
stop() { for pid in "${burners[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap stop EXIT
for _ in 1 2; do
  yes > /dev/null &
  burners+=("$!")
done
for i in $(seq 1 "$runs"); do
  echo "== npm test under load: run $i of $runs (load: $(cut -d' ' -f1-3 /proc/loadavg))"
  npm test
done
echo "== $runs of $runs runs passed beside two CPU burners"
