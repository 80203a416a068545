#!/usr/bin/env bash
# What the host-speed canary's two parts see when another CPU of the same machine is busy: the canary of fairbench's
# jar (dev.fairbench.runner.canary.CanaryMain, with HostCanary's JVM flags) pinned to CPU 0 and timed 15 times, half a second apart, while CPU 1
# is idle or runs one neighbour (Neighbour.java beside the results: alu, a 16 or 256 MiB random walk, a 256 MiB
# sequential read); idle again at the end. Prints Markdown: per condition the median of each part and the range of
# the memory part. Needs a machine with at least 2 CPUs and nothing else running.
# Usage: docs/results/canary-neighbours.sh OUT   (writes OUT/neighbours.md; Neighbour.java is read from OUT)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:?usage: docs/results/canary-neighbours.sh OUT}
./fairbench --version > /dev/null # builds the jar when it is stale
java_home=${JAVA_HOME:-$(ls -d /usr/lib/jvm/temurin-25* | head -n 1)}
classes=$(mktemp -d)
trap 'rm -rf "$classes"' EXIT
"$java_home/bin/javac" -d "$classes" "$out/Neighbour.java"
{
  echo "| CPU 1 | canary CPU part, median ms | memory part, median ms | memory part, min–max ms |"
  echo "| --- | ---: | ---: | ---: |"
  for condition in idle alu chase-16 chase-256 stream-256 idle; do
    pid=""
    if [[ $condition != idle ]]; then
      taskset -c 1 "$java_home/bin/java" -cp "$classes" Neighbour "${condition%%-*}" "${condition#*-}" &
      pid=$!
      sleep 3
    fi
    (sleep 1; for _ in $(seq 15); do echo time; sleep 0.5; done) \
      | taskset -c 0 "$java_home/bin/java" -XX:+UseSerialGC -Xms64m -Xmx64m -XX:-UsePerfData -XX:+AlwaysPreTouch \
        -cp .fairbench/fairbench.jar dev.fairbench.runner.canary.CanaryMain \
      | tail -n +2 | python3 -c '
import statistics, sys
t = [line.split() for line in sys.stdin if line.strip()]
cpu = [int(x[0]) / 1e6 for x in t]
mem = [int(x[1]) / 1e6 for x in t]
print(f"| {sys.argv[1]} | {statistics.median(cpu):.1f} | {statistics.median(mem):.1f} | {min(mem):.1f}–{max(mem):.1f} |")
' "$condition"
    if [[ -n $pid ]]; then kill "$pid"; wait "$pid" 2> /dev/null || true; fi
  done
} | tee "$out/neighbours.md"
