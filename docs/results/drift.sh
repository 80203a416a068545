#!/usr/bin/env bash
# How the host's speed drifted over a two-run check (repeat.sh's OUT), by round: each kept window's app CPU per request
# divided by the median of its app and route over both runs, then per run and round the median, lowest and highest of
# those ratios over every app and route, with the round's start (its first window's started_at, UTC), its median
# steal and its median canary slowdown; then how far B's cell medians are from A's, as measured and divided by the
# canary. Rounds run every app once in a rotated order, so a round that costs more for every app is the host, not an
# app. Reads OUT/a/results.json and OUT/b/results.json only; prints Markdown.
# Usage: docs/results/drift.sh docs/results/2026-12-02-repeat-4 > docs/results/2026-12-02-repeat-4/drift.md
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 - "${1:?usage: docs/results/drift.sh OUT (a directory of repeat.sh with a/ and b/)}" <<'PY'
import json, statistics, sys
sys.path.insert(0, "docs/results")
from windows import app_cpu_us_per_request as cost, steal_cores
out = sys.argv[1]
windows, cells, per_run = [], {}, {}
for run in "ab":
    for app in json.load(open(f"{out}/{run}/results.json"))["apps"]:
        for route in app["routes"]:
            for w in route["runs"]:
                cpu = cost(w)
                steal = steal_cores(w)
                slowdown = (w.get("canary") or {}).get("slowdown")
                c = w.get("canary")
                canary_ms = None if c is None else sum(c[t]["cpu_ms"] + c[t]["memory_ms"] for t in ("before", "after")) / 2
                per_run.setdefault((run, app["name"], route["route"]), []).append((cpu, canary_ms))
                windows.append((run.upper(), w["run"], (app["name"], route["route"]), cpu, steal, slowdown,
                                w["started_at"]))
                cells.setdefault((app["name"], route["route"]), []).append(cpu)
medians = {k: statistics.median(v) for k, v in cells.items()}
print("| run | round | started (UTC) | windows | CPU/req ÷ cell median: median | lowest | highest "
      "| steal, cores (median) | canary slowdown (median) |")
print("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for run, rnd in sorted({(w[0], w[1]) for w in windows}):
    ws = [w for w in windows if w[0] == run and w[1] == rnd]
    ratios = [w[3] / medians[w[2]] for w in ws]
    slowdowns = [w[5] for w in ws if w[5] is not None]
    print(f"| {run} | {rnd} | {min(w[6] for w in ws)[11:16]} | {len(ws)} | {statistics.median(ratios):.3f} | "
          f"{min(ratios):.3f} | {max(ratios):.3f} | {statistics.median(w[4] for w in ws):.3f} | "
          + (f"{statistics.median(slowdowns) * 100:+.1f}%" if slowdowns else "–") + " |")
raw, scaled = [], []
for (run, app, route), ws in per_run.items():
    b = per_run.get(("b", app, route))
    if run != "a" or not b or any(m is None for _, m in ws + b):
        continue
    raw.append(abs(statistics.median(c for c, _ in b) / statistics.median(c for c, _ in ws) - 1))
    scaled.append(abs(statistics.median(c / m for c, m in b) / statistics.median(c / m for c, m in ws) - 1))
if raw:
    print()
    print(f"Median over {len(raw)} cells of |B/A - 1| of the median app CPU per request: {statistics.median(raw) * 100:.1f}%; "
          f"with each window's CPU per request divided by its canary's time (mean of before and after, CPU + memory "
          f"parts): {statistics.median(scaled) * 100:.1f}%.")
PY
