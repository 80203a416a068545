#!/usr/bin/env bash
# The same run twice, one right after the other: everything on this machine, then each role on its own host of
# examples/hosts-netns.sh (app in fb-app, PostgreSQL and Redis in fb-svc, the load split between fb-load1 and fb-load2,
# each reached over SSH), then what differs (issue 17). Run it as root, alone on the machine. Writes OUT/local,
# OUT/netns (results, hlogs, reports), their summary.md, OUT/compare.md and OUT/commands.txt; keep what it prints
# with `docs/results/hosts.sh 2>&1 | tee console.log`.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-docs/results/$(date -u +%Y-%m-%d)-hosts}
APPS=${APPS:-vertx,go-nethttp}
ROUTES=${ROUTES:-index,detail,tag,index-cached,detail-cached,compute,hello,phash}
ROUNDS=${ROUNDS:-2}
DURATION=${DURATION:-5s}
NETNS_DIR=${NETNS_DIR:-/tmp/fairbench-netns}
SCRATCH=$(mktemp -d /tmp/fairbench-hosts.XXXXXX)
: > "$SCRATCH/commands.txt"
say() { echo "$*" >> "$SCRATCH/commands.txt"; }
run=(./fairbench run --apps "$APPS" --routes "$ROUTES" --rounds "$ROUNDS" --duration "$DURATION")
say "${run[*]} -o $SCRATCH/local"
"${run[@]}" -o "$SCRATCH/local"
say "exit code: $?"
say "examples/hosts-netns.sh up $NETNS_DIR"
examples/hosts-netns.sh up "$NETNS_DIR" || exit 1
trap 'examples/hosts-netns.sh down "$NETNS_DIR"' EXIT
say "${run[*]} --hosts examples/hosts-netns.toml -o $SCRATCH/netns"
"${run[@]}" --hosts examples/hosts-netns.toml -o "$SCRATCH/netns"
say "exit code: $?"
say "examples/hosts-netns.sh down $NETNS_DIR"
mkdir -p "$OUT"
mv "$SCRATCH/local" "$SCRATCH/netns" "$OUT/"
say "mv $SCRATCH/local $SCRATCH/netns $OUT/"
mv "$SCRATCH/commands.txt" "$OUT/commands.txt"
rmdir "$SCRATCH"
for r in local netns; do
  echo "./fairbench report $OUT/$r --summary > $OUT/$r/summary.md" >> "$OUT/commands.txt"
  ./fairbench report "$OUT/$r" --summary > "$OUT/$r/summary.md"
done
echo "./fairbench compare $OUT/local $OUT/netns --format md > $OUT/compare.md" >> "$OUT/commands.txt"
./fairbench compare "$OUT/local" "$OUT/netns" --format md > "$OUT/compare.md"
