#!/usr/bin/env bash
# Whether an app's start-to-start spread of CPU per request comes from where things land in memory: the same run of
# ROUNDS fresh starts twice, first with the kernel's address-space randomisation on (randomize_va_space as found,
# normally 2), then off (0) for every process started meanwhile (app, PostgreSQL, Redis, load generator), restored on
# exit. If the spread collapses with randomisation off, layout is the cause. Needs root; measure alone.
# Writes OUT/aslr-on, OUT/aslr-off, OUT/rounds.md (rounds.sh) and OUT/wire.md (wire.sh), OUT/commands.txt.
# Usage: OUT=docs/results/2026-12-04-aslr [APP=axum-sqlx ROUTES=detail-cached ROUNDS=8] docs/results/aslr.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:?set OUT to the results directory to create}
APP=${APP:-axum-sqlx}
ROUTES=${ROUTES:-detail-cached}
ROUNDS=${ROUNDS:-8}
knob=/proc/sys/kernel/randomize_va_space
found=$(cat "$knob")
trap 'echo "$found" > "$knob"' EXIT
# The runs write outside the checkout, so that it stays clean while they measure (results.json records it).
SCRATCH=$(mktemp -d /tmp/fairbench-aslr.XXXXXX)
for way in on off; do
  echo "$([ "$way" = on ] && echo "$found" || echo 0)" > "$knob"
  cmd="./fairbench run --apps $APP --routes $ROUTES --rounds $ROUNDS --duration 10s --no-cost --no-hostile --lang en -o $SCRATCH/aslr-$way"
  echo "echo $(cat "$knob") > $knob; $cmd" >> "$SCRATCH/commands.txt"
  $cmd
done
echo "$found" > "$knob"
mkdir -p "$OUT"
mv "$SCRATCH/aslr-on" "$SCRATCH/aslr-off" "$OUT/"
echo "mv $SCRATCH/aslr-on $SCRATCH/aslr-off $OUT/" >> "$SCRATCH/commands.txt"
docs/results/rounds.sh "$OUT/aslr-on" "$OUT/aslr-off" > "$OUT/rounds.md"
docs/results/wire.sh "$OUT/aslr-on" "$OUT/aslr-off" > "$OUT/wire.md"
echo "docs/results/rounds.sh $OUT/aslr-on $OUT/aslr-off > $OUT/rounds.md" >> "$SCRATCH/commands.txt"
echo "docs/results/wire.sh $OUT/aslr-on $OUT/aslr-off > $OUT/wire.md" >> "$SCRATCH/commands.txt"
mv "$SCRATCH/commands.txt" "$OUT/commands.txt"
rmdir "$SCRATCH"
cat "$OUT/rounds.md"
