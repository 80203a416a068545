#!/usr/bin/env bash
# Compares `fairbench load` with wrk against the same loopback hello server (loadgen's test HelloServer, its own
# process), with the same client thread count and connections, in closed loop and pipelined (16 per write).
# Rounds alternate which tool goes first, so both see the same background noise. For each run it prints req/s
# and the client's CPU per request: user+sys ticks of the client process from /proc/<pid>/stat, sampled over
# the same steady-state window for both tools (after fairbench's warm-up, before either ends).
#
#   loadgen/bench/compare-wrk.sh                 # defaults below
#   ROUNDS=5 DURATION=10 CONNECTIONS=50 THREADS=1 SERVER_WORKERS=1 loadgen/bench/compare-wrk.sh
#   CLIENT=library loadgen/bench/compare-wrk.sh  # LoadGenerator via the test-scope LoadMain instead of the CLI
#
# The CLI client is the jar ./fairbench runs (cli/target/fairbench.jar, or FAIRBENCH_JAR); build it first with
# `./fairbench --version` (or `mvn -pl loadgen install && mvn -pl cli package -DskipTests`) so it is current.
#
# Needs: wrk (Debian package), a JDK 21+ in JAVA_HOME (default temurin 25), Maven. Output: a table on stdout and
# the raw numbers in ${OUT:-loadgen/target/bench}/runs.tsv.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
ROUNDS="${ROUNDS:-5}"
DURATION="${DURATION:-10}"        # seconds measured by fairbench
WARMUP="${WARMUP:-2}"             # seconds of fairbench warm-up; wrk runs WARMUP+DURATION+1 seconds
CONNECTIONS="${CONNECTIONS:-50}"
THREADS="${THREADS:-1}"
SERVER_WORKERS="${SERVER_WORKERS:-1}"
PIPELINE="${PIPELINE:-16}"
CLIENT="${CLIENT:-cli}"
OUT="${OUT:-$ROOT/loadgen/target/bench}"
mkdir -p "$OUT"
command -v wrk >/dev/null || { echo "wrk not found: apt-get install -y wrk" >&2; exit 2; }

cd "$ROOT"
mvn -q -B -pl loadgen test-compile dependency:build-classpath -Dmdep.outputFile="$OUT/classpath" >/dev/null
CP="$ROOT/loadgen/target/classes:$ROOT/loadgen/target/test-classes:$(cat "$OUT/classpath")"
if [[ "$CLIENT" == cli ]]; then
  # what ./fairbench runs; ./fairbench builds it when missing or stale (a whole-reactor build)
  JAR="${FAIRBENCH_JAR:-$ROOT/cli/target/fairbench.jar}"
  [[ -f "$JAR" ]] || "$ROOT/fairbench" --version >/dev/null
  cp "$JAR" "$OUT/fairbench.jar"   # a copy: a rebuild during the rounds must not swap the client under them
  FAIRBENCH=("$JAVA_HOME/bin/java" -jar "$OUT/fairbench.jar" load)
fi

"$JAVA_HOME/bin/java" -cp "$CP" dev.fairbench.loadgen.HelloServer 0 "$SERVER_WORKERS" >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q "hello server on" "$OUT/server.log" && break; sleep 0.1; done
PORT=$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$OUT/server.log")
URL="http://127.0.0.1:$PORT/"
TICK=$(getconf CLK_TCK)

cpu_ticks() { # user+sys ticks of process $1 (fields 14 and 15 of /proc/PID/stat; the name may hold spaces)
  sed 's/^.*) //' "/proc/$1/stat" | awk '{print $12 + $13}'
}

# run TOOL MODE: prints "rps cpu_us_per_request"
run() {
  local tool=$1 mode=$2 pid out="$OUT/$1-$2.out"
  local -a cmd
  if [[ $tool == wrk ]]; then
    # one second more than fairbench's warm-up + measurement, so the CPU window ends well inside the run
    cmd=(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$((WARMUP + DURATION + 1))s")
    [[ $mode == pipelined ]] && cmd+=(-s "$ROOT/loadgen/bench/pipeline.lua")
    cmd+=("$URL")
  else
    local pipeline=1
    [[ $mode == pipelined ]] && pipeline=$PIPELINE
    if [[ "$CLIENT" == cli ]]; then
      cmd=("${FAIRBENCH[@]}" "$URL" -t"$THREADS" -c"$CONNECTIONS" -w"${WARMUP}s" -d"${DURATION}s"
           --pipeline "$pipeline" --format json --quiet)
    else
      cmd=("$JAVA_HOME/bin/java" -cp "$CP" dev.fairbench.loadgen.LoadMain "$URL" "$CONNECTIONS" "$THREADS"
           "${DURATION}s" "${WARMUP}s" "$pipeline")
    fi
  fi
  "${cmd[@]}" >"$out" 2>&1 &
  pid=$!
  sleep "$WARMUP.5"
  local t1 t2
  t1=$(cpu_ticks "$pid")
  sleep "$((DURATION - 1))"
  t2=$(cpu_ticks "$pid")
  wait "$pid"
  local rps
  if [[ $tool == wrk ]]; then
    rps=$(awk '/^Requests\/sec:/ {print $2}' "$out")
  else
    rps=$(sed -n 's/^ *"rps" *: *\([0-9.]*\).*/\1/p' "$out")
  fi
  # CPU µs per request over the sampled window of DURATION-1 seconds
  awk -v rps="$rps" -v ticks="$((t2 - t1))" -v hz="$TICK" -v w="$((DURATION - 1))" \
    'BEGIN {printf "%.0f %.3f\n", rps, ticks / hz * 1e6 / (rps * w)}'
}

printf 'round\tmode\ttool\trps\tcpu_us_per_req\n' >"$OUT/runs.tsv"
echo "server: HelloServer ($SERVER_WORKERS worker) on $URL; clients: $THREADS thread(s), $CONNECTIONS connections;" \
     "fairbench -w${WARMUP}s -d${DURATION}s, wrk -d$((WARMUP + DURATION + 1))s; $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "$ROUNDS"); do
  for mode in closed pipelined; do
    if (( round % 2 )); then order=(wrk fairbench); else order=(fairbench wrk); fi
    for tool in "${order[@]}"; do
      read -r rps cpu < <(run "$tool" "$mode")
      printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$mode" "$tool" "$rps" "$cpu" | tee -a "$OUT/runs.tsv"
    done
  done
done

median() { sort -g | awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
column() { # column MODE TOOL FIELD: that field of every run of TOOL in MODE, in round order
  awk -F'\t' -v m="$1" -v t="$2" -v f="$3" '$2 == m && $3 == t {print $f}' "$OUT/runs.tsv"
}

echo
echo "medians over $ROUNDS rounds; ratios are fairbench / wrk, paired within each round, then the median taken"
for mode in closed pipelined; do
  wrk_rps=$(column "$mode" wrk 4 | median)
  wrk_cpu=$(column "$mode" wrk 5 | median)
  fb_rps=$(column "$mode" fairbench 4 | median)
  fb_cpu=$(column "$mode" fairbench 5 | median)
  rps_ratio=$(paste <(column "$mode" fairbench 4) <(column "$mode" wrk 4) | awk '{print $1 / $2}' | median)
  cpu_ratio=$(paste <(column "$mode" fairbench 5) <(column "$mode" wrk 5) | awk '{print $1 / $2}' | median)
  printf '%-10s wrk %10.0f req/s %7.3f us/req | fairbench %10.0f req/s %7.3f us/req | req/s ratio %.2f, cpu/req ratio %.2f\n' \
    "$mode" "$wrk_rps" "$wrk_cpu" "$fb_rps" "$fb_cpu" "$rps_ratio" "$cpu_ratio"
done
