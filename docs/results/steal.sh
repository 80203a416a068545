#!/usr/bin/env bash
# Per measured window of a two-run check (repeat.sh's OUT): app CPU per request next to the hypervisor's steal over
# the window and the canary's slowdown, and per app the Pearson correlation of CPU per request with steal over all
# windows of both runs. Reads OUT/a/results.json and OUT/b/results.json only; prints Markdown.
# Usage: docs/results/steal.sh docs/results/2026-12-02-repeat-3 > docs/results/2026-12-02-repeat-3/steal.md
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 - "${1:?usage: docs/results/steal.sh OUT (a directory of repeat.sh with a/ and b/)}" <<'PY'
import json, statistics, sys
sys.path.insert(0, "docs/results")
from windows import app_cpu_us_per_request as cost, steal_cores
out = sys.argv[1]
rows, by_app = [], {}
for run in "ab":
    for app in json.load(open(f"{out}/{run}/results.json"))["apps"]:
        for route in app["routes"]:
            for w in route["runs"]:
                cpu = cost(w)
                steal = steal_cores(w)
                slowdown = (w.get("canary") or {}).get("slowdown")
                rows.append((run.upper(), app["name"], route["route"], w["run"], cpu, steal, slowdown))
                by_app.setdefault((app["name"], route["route"]), []).append((steal, cpu))
print("| run | app | route | round | app CPU µs/req | steal, cores | canary slowdown |")
print("| --- | --- | --- | ---: | ---: | ---: | ---: |")
for r in rows:
    print(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]:.1f} | {r[5]:.3f} | "
          + ("–" if r[6] is None else f"{r[6] * 100:+.1f}%") + " |")
print()
for (app, route), pts in by_app.items():
    cpus = [c for _, c in pts]
    steals = [s for s, _ in pts]
    # a correlation needs both to vary: on a host without steal every window reads 0.000
    r = "none (steal or CPU the same in every window)" if len(set(steals)) < 2 or len(set(cpus)) < 2 \
        else f"{statistics.correlation(steals, cpus):.2f}"
    print(f"- {app} {route}: correlation of app CPU per request with steal over {len(pts)} windows "
          f"{r}; CPU per request {min(cpus):.1f}–{max(cpus):.1f} µs")
PY
