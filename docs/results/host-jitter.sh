#!/usr/bin/env bash
# How steady the host is: the runner's canary work (runner/canary/CanaryWork: a fixed CPU loop and a 32 MiB pointer
# chase) timed N times, one second apart, pinned on CPU C, on an otherwise idle machine. Writes OUT/timings.tsv (one
# line per timing: the second, the CPU part and the memory part in ns) and OUT/summary.md (median, and how far above it
# the timings went), and OUT/commands.txt. Run it alone: it measures whatever else runs on that CPU too.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-docs/results/$(date -u +%Y-%m-%d)-host-jitter}
N=${N:-40}
CPU=${CPU:-0}
JDK=${JAVA_HOME:-$(ls -d /usr/lib/jvm/temurin-25* | head -1)}
./fairbench apps > /dev/null   # builds cli/target/fairbench.jar when a source changed
mkdir -p "$OUT"
echo "OUT=$OUT N=$N CPU=$CPU docs/results/host-jitter.sh   # at $(git rev-parse --short=12 HEAD) on $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" > "$OUT/commands.txt"
{
  for i in $(seq 1 "$N"); do sleep 1; echo time; done
} | taskset -c "$CPU" "$JDK/bin/java" -cp cli/target/fairbench.jar dev.fairbench.runner.canary.CanaryMain \
  | awk 'BEGIN { OFS = "\t"; print "second", "cpu_ns", "memory_ns" } $1 == "ready" { next } { n++; print n, $1, $2 }' \
  > "$OUT/timings.tsv"
python3 - "$OUT" <<'PY'
import statistics, sys
out = sys.argv[1]
rows = [l.split("\t") for l in open(f"{out}/timings.tsv").read().splitlines()[1:]]
lines = ["| part | timings | median ms | min / median | max / median | timings > 10% above median |",
         "| --- | ---: | ---: | ---: | ---: | ---: |"]
for name, col in (("CPU loop", 1), ("pointer chase", 2)):
    v = [int(r[col]) for r in rows]
    m = statistics.median(v)
    lines.append(f"| {name} | {len(v)} | {m / 1e6:.1f} | {min(v) / m:.3f} | {max(v) / m:.3f} | {sum(x > 1.1 * m for x in v)} |")
open(f"{out}/summary.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PY
