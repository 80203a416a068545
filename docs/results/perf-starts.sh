#!/usr/bin/env bash
# Where a costlier fresh start of an app spends its extra CPU: ROUNDS fresh starts of APP on ROUTES under one
# system-wide `perf record` (software cpu-clock at 499 Hz per CPU, wall-clock timestamps, no call graphs), then per
# measured window the samples taken on the app's CPUs turned into µs per request by function (one sample = 1/499 s of
# CPU). A function whose µs per request grows with the start's app CPU per request is where the costlier starts go.
# The app's CPUs hold only the app's tree (the interference guard checks it), so their samples are the app's. For a JVM
# app set JVM_EXTRA="-XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit": the run then uses a scratch copy of
# apps.toml whose APP has those flags added (results.json records them), and each JVM writes /tmp/perf-PID.map as it
# exits, by which perf names JIT-compiled methods (without it they show as [unknown]).
# perf's own cost is in every start alike. Needs root (system-wide perf); measure alone.
# Writes OUT/run (the run's results), OUT/samples.tsv (per window and function: samples; perf.data itself, tens of MB,
# stays in the scratch directory), OUT/perf-starts.md, OUT/commands.txt.
# Usage: OUT=docs/results/2026-12-04-perf [APP=axum-sqlx ROUTES=detail-cached ROUNDS=8 JVM_EXTRA=...] docs/results/perf-starts.sh
#        docs/results/perf-starts.sh --table OUT   (the table again, from OUT/run/results.json and OUT/samples.tsv)
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=$(cat <<'PY'
import collections, json, re, statistics, sys
from datetime import datetime
sys.path.insert(0, "docs/results")
from windows import app_cpu_us_per_request as cost
HZ = 499

def windows(results):
    """The measured windows of a results.json, as (app, route, round, start s, end s, requests, app µs/req)."""
    out = []
    for app in results["apps"]:
        for route in app["routes"]:
            for w in route["runs"]:
                t = datetime.fromisoformat(w["started_at"].replace("Z", "+00:00")).timestamp()
                n = w["requests_completed"]
                out.append((app["name"], route["route"], w["run"], t, t + w["duration_seconds"], n,
                            cost(w)))
    return out

def extract(results_path):
    """`perf script -F pid,cpu,time,ip,sym,dso` on stdin -> samples.tsv on stdout: the samples on the app's CPUs inside
    each measured window, counted per (window, kernel or user, object, function); idle samples (pid 0) left out."""
    results = json.load(open(results_path))
    app_cpus = set()
    for part in results["setup"]["pinning"]["app_cpus"].split(","):
        lo, _, hi = part.partition("-")
        app_cpus.update(range(int(lo), int(hi or lo) + 1))
    ws = windows(results)
    counts = collections.Counter()
    line_re = re.compile(r"^\s*(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+\S+\s+(.*?)\s+\((.*)\)\s*$")
    for line in sys.stdin:
        m = line_re.match(line)
        if not m or m.group(1) == "0" or int(m.group(2)) not in app_cpus:
            continue  # pid 0: the CPU was idle
        t = float(m.group(3))
        for app, route, rnd, start, end, _, _ in ws:
            if start <= t < end:
                dso = m.group(5).split("/")[-1]
                counts[(app, route, rnd, "kernel" if dso.startswith("[kernel") else "user", dso, m.group(4))] += 1
                break
    print("app\troute\tround\twhere\tobject\tfunction\tsamples")
    for key, n in sorted(counts.items()):
        print("\t".join(map(str, key + (n,))))

def table(out):
    ws = windows(json.load(open(f"{out}/run/results.json")))
    index = {w[:3]: i for i, w in enumerate(ws)}
    samples = [collections.Counter() for _ in ws]
    for line in list(open(f"{out}/samples.tsv"))[1:]:
        app, route, rnd, kind, dso, sym, n = line.rstrip("\n").split("\t")
        dso = re.sub(r"^perf-\d+\.map$", "JIT (perf map)", dso)  # one map per JVM: the same code in every start
        samples[index[(app, route, int(rnd))]][(kind, dso, sym)] += int(n)
    us = lambda count, n: count * 1e6 / HZ / n
    for cell in sorted({w[:2] for w in ws}):
        idx = sorted((i for i, w in enumerate(ws) if w[:2] == cell), key=lambda i: ws[i][6])
        print(f"**{cell[0]}, {cell[1]}**\n")
        print("Windows from the cheapest start to the costliest: app µs/req from results.json, the others from perf's "
              "samples on the app's CPUs.\n")
        print("| round | req/s | app µs/req | sampled µs/req | kernel µs/req | user µs/req |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: |")
        for i in idx:
            n, c = ws[i][5], samples[i]
            k = sum(v for key, v in c.items() if key[0] == "kernel")
            print(f"| {ws[i][2]} | {n / (ws[i][4] - ws[i][3]):,.0f} | {ws[i][6]:.2f} | {us(sum(c.values()), n):.2f} "
                  f"| {us(k, n):.2f} | {us(sum(c.values()) - k, n):.2f} |")
        xs = [ws[i][6] for i in idx]
        totals = collections.Counter()
        for i in idx:
            totals.update(samples[i])
        rows = []
        for key, total in totals.items():
            if total < 50:
                continue
            ys = [us(samples[i][key], ws[i][5]) for i in idx]
            r = statistics.correlation(xs, ys) if len(idx) >= 3 and statistics.pstdev(ys) > 0 else float("nan")
            rows.append((ys[-1] - ys[0], key, ys, r))
        print("\nThe 30 functions (of those with at least 50 samples) whose µs/req differs most between the costliest "
              "and the cheapest start; columns in the order above; r: correlation with the window's app µs/req.\n")
        print("| function | where | " + " | ".join(f"round {ws[i][2]}" for i in idx) + " | costliest − cheapest | r |")
        print("| --- | --- | " + " | ".join("---:" for _ in idx) + " | ---: | ---: |")
        for grow, (kind, dso, sym), ys, r in sorted(rows, key=lambda row: -abs(row[0]))[:30]:
            print(f"| `{sym[:70]}` | {kind} {dso} | " + " | ".join(f"{y:.3f}" for y in ys) + f" | {grow:+.3f} | {r:+.2f} |")
        print()

if sys.argv[1] == "extract":
    extract(sys.argv[2])
else:
    table(sys.argv[2])
PY
)
if [ "${1:-}" = "--table" ]; then
  exec python3 -c "$PY" table "${2:?usage: docs/results/perf-starts.sh --table OUT}"
fi
OUT=${OUT:?set OUT to the results directory to create}
APP=${APP:-axum-sqlx}
ROUTES=${ROUTES:-detail-cached}
ROUNDS=${ROUNDS:-8}
# The run writes outside the checkout, so that it stays clean while it measures (results.json records it).
SCRATCH=$(mktemp -d /tmp/fairbench-perf.XXXXXX)
perf_cmd="perf record -e cpu-clock -F 499 -a -k CLOCK_REALTIME -o $SCRATCH/perf.data"
registry=
if [ -n "${JVM_EXTRA:-}" ]; then
  python3 - "$APP" "$JVM_EXTRA" "$SCRATCH/apps.toml" <<'ADD'
import re, sys
app, extra, to = sys.argv[1:]
text = open("apps.toml").read()
if f"[apps.{app}]\n" not in text:
    sys.exit(f"apps.toml has no [apps.{app}]")
head = text.index(f"[apps.{app}]\n")
end = text.find("\n[apps.", head + 1)
end = len(text) if end < 0 else end
section, n = re.subn(r'^runtime_flags = "(.*)"$', lambda m: f'runtime_flags = "{m.group(1)} {extra}"', text[head:end],
                     count=1, flags=re.M)
if n != 1:
    sys.exit(f"apps.toml: [apps.{app}] has no runtime_flags line")
open(to, "w").write(text[:head] + section + text[end:])
ADD
  registry="--registry $SCRATCH/apps.toml"
fi
cmd="./fairbench run $registry --apps $APP --routes $ROUTES --rounds $ROUNDS --duration 10s --no-cost --no-hostile --lang en -o $SCRATCH/run"
echo "$perf_cmd -- $cmd" > "$SCRATCH/commands.txt"
$perf_cmd -- $cmd
perf script -i "$SCRATCH/perf.data" -F pid,cpu,time,ip,sym,dso 2>/dev/null \
  | python3 -c "$PY" extract "$SCRATCH/run/results.json" > "$SCRATCH/samples.tsv"
echo "perf script -i $SCRATCH/perf.data -F pid,cpu,time,ip,sym,dso | (perf-starts.sh's extract) > $SCRATCH/samples.tsv" >> "$SCRATCH/commands.txt"
mkdir -p "$OUT"
mv "$SCRATCH/run" "$SCRATCH/samples.tsv" "$OUT/"
echo "mv $SCRATCH/run $SCRATCH/samples.tsv $OUT/" >> "$SCRATCH/commands.txt"
python3 -c "$PY" table "$OUT" > "$OUT/perf-starts.md"
echo "docs/results/perf-starts.sh --table $OUT > $OUT/perf-starts.md" >> "$SCRATCH/commands.txt"
mv "$SCRATCH/commands.txt" "$OUT/commands.txt"
echo "perf.data kept in $SCRATCH" >&2
cat "$OUT/perf-starts.md"
