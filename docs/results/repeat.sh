#!/usr/bin/env bash
# Two runs of the same commit, one right after the other, then what they agree on: the check that the numbers hold
# (issue 10). Run it with nothing else on the machine; the runs take the machine-wide benchmark lock and watch for
# foreign CPU themselves. Writes OUT/a, OUT/b (results, hlogs, reports), OUT/a/summary.md, OUT/b/summary.md and
# OUT/compare.md, and OUT/commands.txt with the commands as run. Both runs write outside the checkout first (run A's
# files in it would make run B's tree dirty) and are moved to OUT when both are done. RUN_ARGS, when set, is added to
# both runs' options (e.g. RUN_ARGS="--max-host-slowdown 15" to try a stricter canary); it goes into commands.txt.
# STEADY (a percentage), when set, first waits for a steady host: short host checks (one 15 s round of Vert.x and
# actix on compute, pHash and detail-cached, about 4 minutes each) until one reads a steadiness of at most STEADY
# (the last such line `run` prints, which is the report's figure), 10 minutes after one another, as long as the next
# starts within WAIT minutes (default 60) of the first; they are kept as OUT/host/N. When none does, it exits 3
# without the two runs: pairs of runs on an unsteady host do not agree within 5% (docs/benchmarks.md §2), so the two
# hours would be spent for nothing.
# It exits 2 at once when the checkout differs from its commit (untracked files included, as `run` counts them): both
# runs would record a dirty tree. A gate that exits 3 leaves its OUT untracked in the checkout; commit it first.
set -uo pipefail
cd "$(dirname "$0")/../.."
if [[ -n "$(git status --porcelain --untracked-files=normal)" ]]; then
  echo "the checkout differs from its commit (git status --porcelain is not empty): commit or remove that first," \
    "or both runs record a dirty tree" >&2
  exit 2
fi
OUT=${OUT:-docs/results/$(date -u +%Y-%m-%d)-repeat}
APPS=${APPS:-vertx,spring,helidon,go-nethttp,axum-sqlx,actix-sqlx}
ROUTES=${ROUTES:-index,detail-cached,compute,phash}
read -r -a RUN_ARGS <<< "${RUN_ARGS:-}"
SCRATCH=$(mktemp -d /tmp/fairbench-repeat.XXXXXX)
: > "$SCRATCH/commands.txt"
if [[ -n "${STEADY:-}" ]]; then
  deadline=$(( $(date +%s) + ${WAIT:-60} * 60 ))
  for ((n = 1; ; n++)); do
    cmd=(./fairbench run --apps vertx,actix-sqlx --routes compute,phash,detail-cached --rounds 1 --duration 15s
         --no-cost -o "$SCRATCH/host/$n")
    echo "# host check $n at $(date -u +%H:%M) UTC" >> "$SCRATCH/commands.txt"
    echo "${cmd[*]}" >> "$SCRATCH/commands.txt"
    "${cmd[@]}" 2>&1 | tee "$SCRATCH/console.log"
    mkdir -p "$SCRATCH/host/$n" && mv "$SCRATCH/console.log" "$SCRATCH/host/$n/console.log"
    steadiness=$(grep -o 'host steadiness after run [^:]*: [0-9.]*%' "$SCRATCH/host/$n/console.log" | tail -1 \
      | grep -o '[0-9.]*%$' | tr -d %)
    echo "# steadiness: ${steadiness:-none} (at most $STEADY wanted)" >> "$SCRATCH/commands.txt"
    if [[ -n "$steadiness" ]] && awk -v s="$steadiness" -v max="$STEADY" 'BEGIN { exit !(s <= max) }'; then
      break
    fi
    if (( $(date +%s) + 600 > deadline )); then
      mkdir -p "$OUT" && mv "$SCRATCH/host" "$OUT/" && mv "$SCRATCH/commands.txt" "$OUT/commands.txt"
      rmdir "$SCRATCH"
      echo "no host check read a steadiness of at most $STEADY% within ${WAIT:-60} minutes; see $OUT/host" >&2
      exit 3
    fi
    sleep 600
  done
fi
for run in a b; do
  cmd=(./fairbench run --apps "$APPS" --routes "$ROUTES" --rounds 3 --duration 10s "${RUN_ARGS[@]}" -o "$SCRATCH/$run")
  echo "${cmd[*]}" >> "$SCRATCH/commands.txt"
  "${cmd[@]}"
  echo "exit code of run $run: $?" >> "$SCRATCH/commands.txt"
done
mkdir -p "$OUT"
mv "$SCRATCH/a" "$SCRATCH/b" "$OUT/"
{ echo "mv $SCRATCH/a $SCRATCH/b $OUT/"; } >> "$SCRATCH/commands.txt"
if [[ -d "$SCRATCH/host" ]]; then
  mv "$SCRATCH/host" "$OUT/" && echo "mv $SCRATCH/host $OUT/" >> "$SCRATCH/commands.txt"
fi
mv "$SCRATCH/commands.txt" "$OUT/commands.txt"
rmdir "$SCRATCH"
for run in a b; do
  echo "./fairbench report $OUT/$run --summary > $OUT/$run/summary.md" >> "$OUT/commands.txt"
  ./fairbench report "$OUT/$run" --summary > "$OUT/$run/summary.md"
done
echo "./fairbench compare $OUT/a $OUT/b --format md > $OUT/compare.md" >> "$OUT/commands.txt"
./fairbench compare "$OUT/a" "$OUT/b" --format md > "$OUT/compare.md"
