#!/usr/bin/env bash
# How much one app's app CPU per request varies from one fresh start to the next, with every route measured in one
# start per round and with a start of its own per route (--start-per-route): two runs of ROUNDS rounds, one after the
# other, then per route and way the figure of each round, its median and its spread (half the range over the
# median), tabulated by rounds.sh.
# Measure alone: nothing else may run on the machine meanwhile.
# Usage: OUT=docs/results/2026-12-03-starts [APP=vertx ROUTES=index,detail-cached,phash ROUNDS=6] docs/results/starts.sh
#        docs/results/starts.sh --table OUT   (the table again, from OUT's two results.json only)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${1:-}" = "--table" ]; then
  out=${2:?usage: docs/results/starts.sh --table OUT}
  exec docs/results/rounds.sh "$out/one-start" "$out/start-per-route"
fi
OUT=${OUT:?set OUT to the results directory to create}
APP=${APP:-vertx}
ROUTES=${ROUTES:-index,detail-cached,phash}
ROUNDS=${ROUNDS:-6}
# The runs write outside the checkout, so that it stays clean while they measure (results.json records it).
SCRATCH=$(mktemp -d /tmp/fairbench-starts.XXXXXX)
for way in one-start start-per-route; do
  flag=$([ "$way" = start-per-route ] && echo --start-per-route || true)
  cmd="./fairbench run --apps $APP --routes $ROUTES --rounds $ROUNDS --duration 10s --no-cost --no-hostile --lang en $flag -o $SCRATCH/$way"
  echo "$cmd" >> "$SCRATCH/commands.txt"
  $cmd
done
mkdir -p "$OUT"
mv "$SCRATCH/one-start" "$SCRATCH/start-per-route" "$OUT/"
echo "mv $SCRATCH/one-start $SCRATCH/start-per-route $OUT/" >> "$SCRATCH/commands.txt"
docs/results/rounds.sh "$OUT/one-start" "$OUT/start-per-route" > "$OUT/starts.md"
echo "docs/results/starts.sh --table $OUT > $OUT/starts.md" >> "$SCRATCH/commands.txt"
mv "$SCRATCH/commands.txt" "$OUT/commands.txt"
cat "$OUT/starts.md"
