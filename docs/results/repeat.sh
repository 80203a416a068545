#!/usr/bin/env bash
# Two runs of the same commit, one right after the other, then what they agree on: the check that the numbers hold
# (issue 10). Run it with nothing else on the machine; the runs take the machine-wide benchmark lock and watch for
# foreign CPU themselves. Writes OUT/a, OUT/b (results, hlogs, reports), OUT/a/summary.md, OUT/b/summary.md and
# OUT/compare.md, and OUT/commands.txt with the commands as run. Both runs write outside the checkout first (run A's
# files in it would make run B's tree dirty) and are moved to OUT when both are done. RUN_ARGS, when set, is added to
# both runs' options (e.g. RUN_ARGS="--max-host-slowdown 15" to try a stricter canary); it goes into commands.txt.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-docs/results/$(date -u +%Y-%m-%d)-repeat}
APPS=${APPS:-vertx,spring,helidon,go-nethttp,axum-sqlx,actix-sqlx}
ROUTES=${ROUTES:-index,detail-cached,compute,phash}
read -r -a RUN_ARGS <<< "${RUN_ARGS:-}"
SCRATCH=$(mktemp -d /tmp/fairbench-repeat.XXXXXX)
: > "$SCRATCH/commands.txt"
for run in a b; do
  cmd=(./fairbench run --apps "$APPS" --routes "$ROUTES" --rounds 3 --duration 10s "${RUN_ARGS[@]}" -o "$SCRATCH/$run")
  echo "${cmd[*]}" >> "$SCRATCH/commands.txt"
  "${cmd[@]}"
  echo "exit code of run $run: $?" >> "$SCRATCH/commands.txt"
done
mkdir -p "$OUT"
mv "$SCRATCH/a" "$SCRATCH/b" "$OUT/"
{ echo "mv $SCRATCH/a $SCRATCH/b $OUT/"; } >> "$SCRATCH/commands.txt"
mv "$SCRATCH/commands.txt" "$OUT/commands.txt"
rmdir "$SCRATCH"
for run in a b; do
  echo "./fairbench report $OUT/$run --summary > $OUT/$run/summary.md" >> "$OUT/commands.txt"
  ./fairbench report "$OUT/$run" --summary > "$OUT/$run/summary.md"
done
echo "./fairbench compare $OUT/a $OUT/b --format md > $OUT/compare.md" >> "$OUT/commands.txt"
./fairbench compare "$OUT/a" "$OUT/b" --format md > "$OUT/compare.md"
