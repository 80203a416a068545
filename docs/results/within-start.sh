#!/usr/bin/env bash
# Whether an app's costlier windows belong to its start or to the moment: STARTS fresh starts of APP, each loaded on
# detail-cached for one long closed-loop window (50 connections, one load generator thread, as `run` does), cut into
# BLOCKS blocks of 10 s after 5 s of warm-up. Per block, the app's CPU per request: the app's CPU time (sampled from
# /proc/PID/stat every 0.2 s, interpolated to the block's edges) over the requests the load generator's interval log
# counts in it. If the blocks of one start agree with each other and the starts differ, the cost is fixed at start; if
# the blocks move as much within a start as between starts, it is the moment (the host), not the start. The table
# gives each start's coefficient of variation of its per-second rates (the report's steadiness, for one window): the
# test can only tell a start's cost from the host's where that is small (the steady checks of benchmarks.md §2: ~0.5%).
# The app is pinned to CPU 0 and started with CPU 0 as its only CPU (so WORKERS is 1, as in `run`); PostgreSQL, Redis,
# `serve`'s JVM, the CPU sampler and the load generator run on CPU 1 (the runs of 2026-12-04 had the sampler unpinned).
# No interference guard or canary: measure alone.
# Writes OUT/start-N.{hlog,json,cpu.tsv,smaps_rollup,serve.log}, OUT/blocks.tsv, OUT/within-start.md, OUT/commands.txt.
# Usage: OUT=docs/results/2026-12-04-within [APP=axum-sqlx STARTS=4 BLOCKS=6] docs/results/within-start.sh
#        docs/results/within-start.sh --table OUT
set -euo pipefail
cd "$(dirname "$0")/../.."
table() {
  local out=$1 s
  for s in "$out"/start-*.hlog; do
    n=${s##*/start-}; n=${n%.hlog}
    "$JAVA" -cp .fairbench/fairbench.jar docs/results/HlogSeconds.java "$s" | sed "s/^/$n\t/"
  done | python3 -c '
import collections, statistics, sys
out, blocks = sys.argv[1], int(sys.argv[2])
seconds = collections.defaultdict(list)
for line in sys.stdin:
    start, t0, t1, n = line.split()
    seconds[int(start)].append((int(t0) / 1e3, int(t1) / 1e3, int(n)))
def cpu_at(samples, t):
    for (ta, ca), (tb, cb) in zip(samples, samples[1:]):
        if ta <= t <= tb:
            return ca + (cb - ca) * (t - ta) / (tb - ta)
    raise SystemExit(f"no CPU sample around {t}")
rows = []
for start in sorted(seconds):
    samples = [tuple(map(float, l.split())) for l in open(f"{out}/start-{start}.cpu.tsv")]
    secs = sorted(seconds[start])[5:]  # the first 5 s are the warm-up
    for b in range(blocks):
        part = secs[b * 10:(b + 1) * 10]
        if len(part) < 10:
            break
        t0, t1, n = part[0][0], part[-1][1], sum(p[2] for p in part)
        rows.append((start, b + 1, n / (t1 - t0), (cpu_at(samples, t1) - cpu_at(samples, t0)) * 1e6 / n))
with open(f"{out}/blocks.tsv", "w") as f:
    f.write("start\tblock\treq_per_s\tapp_us_per_req\n")
    for r in rows:
        f.write(f"{r[0]}\t{r[1]}\t{r[2]:.1f}\t{r[3]:.3f}\n")
print("| start | blocks | req/s (median) | per-second req/s: CV | app µs/req per block | median | spread (half range / median) |")
print("| ---: | ---: | ---: | ---: | --- | ---: | ---: |")
per = collections.defaultdict(list)
for r in rows:
    per[r[0]].append(r)
for start, rs in per.items():
    us = [r[3] for r in rs]
    m = statistics.median(us)
    listed = " ".join(format(u, ".2f") for u in us)
    rates = [p[2] / (p[1] - p[0]) for p in sorted(seconds[start])[5:5 + 10 * len(rs)]]
    cv = statistics.pstdev(rates) / statistics.mean(rates) * 100
    print(f"| {start} | {len(rs)} | {statistics.median(r[2] for r in rs):,.0f} | {cv:.1f}% | {listed} "
          f"| {m:.2f} | ±{(max(us) - min(us)) / 2 / m * 100:.1f}% |")
medians = [statistics.median(r[3] for r in rs) for rs in per.values()]
within = statistics.median(statistics.pstdev([r[3] for r in rs]) / statistics.mean([r[3] for r in rs]) for rs in per.values())
print()
print(f"Between starts: medians {min(medians):.2f}–{max(medians):.2f} µs/req (spread ±{(max(medians) - min(medians)) / 2 / statistics.median(medians) * 100:.1f}%). "
      f"Within a start: median coefficient of variation of its blocks {within * 100:.1f}%.")
' "$out" "${BLOCKS:-6}"
}
JAVA=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
./fairbench apps > /dev/null  # builds .fairbench/fairbench.jar (HdrHistogram is in it) before anything is timed
if [ "${1:-}" = "--table" ]; then
  table "${2:?usage: docs/results/within-start.sh --table OUT}"
  exit
fi
OUT=${OUT:?set OUT to the results directory to create}
APP=${APP:-axum-sqlx}
STARTS=${STARTS:-4}
BLOCKS=${BLOCKS:-6}
mkdir -p "$OUT"
: > "$OUT/commands.txt"
# Services that were running already (someone else's) are left running at the end.
ran_before=$(./fairbench services status | grep -c ' running ' || true)
taskset -c 1 ./fairbench services start > /dev/null
for pid in $(pgrep -x redis-server) $(pgrep -x postgres); do taskset -a -c -p 1 "$pid" > /dev/null; done
pg_url="postgresql://fairbench_app:$(cat .fairbench/pg/app-15432.password)@127.0.0.1:15432/fairbench"
urls=$(mktemp)
trap '[ "$ran_before" -gt 0 ] || ./fairbench services stop > /dev/null; rm -f "$urls"' EXIT
for s in $(seq 1 "$STARTS"); do
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  taskset -c 0 ./fairbench serve "$APP" --no-build --port "$port" > "$OUT/start-$s.serve.log" 2>&1 &
  serve=$!
  for _ in $(seq 600); do curl -fs "http://127.0.0.1:$port/hello" > /dev/null && break; sleep 0.2; done
  curl -fs "http://127.0.0.1:$port/hello" > /dev/null || { echo "$APP did not start: $OUT/start-$s.serve.log" >&2; exit 1; }
  # every post's cached page, as run's detail-cached rotates over them (serve has seeded the database by now)
  [ -s "$urls" ] || psql -qAt "$pg_url" -c "SELECT '/post/' || slug || '/cached' FROM fairbench.posts ORDER BY id" > "$urls"
  app=$(ss -ltnpH "sport = :$port" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
  taskset -a -c -p 1 "$serve" > /dev/null
  taskset -c 1 python3 -c '
import os, sys, time
pid, out = sys.argv[1], open(sys.argv[2], "w")
tick = os.sysconf("SC_CLK_TCK")
while os.path.exists(f"/proc/{pid}"):
    try:
        f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except OSError:
        break
    out.write(f"{time.time():.3f}\t{(int(f[11]) + int(f[12])) / tick}\n"); out.flush()
    time.sleep(0.2)
' "$app" "$OUT/start-$s.cpu.tsv" &
  sampler=$!
  cmd="taskset -c 1 ./fairbench load -c 50 -t 1 -d $((5 + 10 * BLOCKS))s --urls-file $urls --hlog $OUT/start-$s.hlog -q --format json -o $OUT/start-$s.json http://127.0.0.1:$port/"
  echo "taskset -c 0 ./fairbench serve $APP --no-build --port $port; $cmd" >> "$OUT/commands.txt"
  $cmd
  cp "/proc/$app/smaps_rollup" "$OUT/start-$s.smaps_rollup"  # its memory at the end, huge pages included
  kill "$sampler"; kill -TERM "$serve"; wait "$serve" || true
done
table "$OUT" > "$OUT/within-start.md"
echo "docs/results/within-start.sh --table $OUT > $OUT/within-start.md" >> "$OUT/commands.txt"
cat "$OUT/within-start.md"
