#!/usr/bin/env bash
# Whether the windows that the host-speed canary found slowed, but by less than its threshold (so they were kept),
# cost the app more: for each directory given (a two-run check of repeat.sh, whose a/ and b/ are pooled, or any
# folder with results.json in it or one level down), every kept window (closed loop or fixed rate; neither disturbed
# nor slowed) is compared with the windows of its cell (app, route and kind) whose canary was less than 5% slow (at
# least two). Its slowdown is the canary's `slowdown` in results.json (the larger of the two timings around the
# window against the run's baseline); its shift is its app CPU per request over the median of those quiet windows,
# minus 1. Prints Markdown: per directory and band of slowdown (5–10%, 10–15%, 15% up to the threshold), the
# windows, their median shift, and how many cost more than 5% above the quiet windows' median.
# Usage: docs/results/canary-below.sh docs/results/2026-12-04-repeat-5 docs/results/2026-12-05-repeat-2 ...
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ $# -gt 0 ]] || { echo "usage: docs/results/canary-below.sh DIR... (results directories, or folders holding some)" >&2; exit 2; }
python3 - "$@" <<'PY'
import json, os, statistics, sys
sys.path.insert(0, "docs/results")
from windows import app_cpu_us_per_request, results_files, windows

BANDS = [(0.05, 0.10, "5–10%"), (0.10, 0.15, "10–15%"), (0.15, None, "15% to the threshold")]

def kept_clean(w):
    i, c = w.get("interference") or {}, w.get("canary")
    return c and not i.get("disturbed") and not i.get("stolen") and not c.get("slowed") and w.get("requests_completed")

print("| check | canary slowdown | windows | median shift of app CPU per request | more than +5% |")
print("| --- | --- | ---: | ---: | ---: |")
for d in sys.argv[1:]:
    cells = {}
    for path in results_files(d):
        for app in json.load(open(path))["apps"]:
            for route in app["routes"]:
                for kind, w in windows(route, ("runs", "cost")):
                    if kept_clean(w):
                        cells.setdefault((app["name"], route["route"], kind), []).append(
                            (w["canary"]["slowdown"], app_cpu_us_per_request(w)))
    shifts = {label: [] for _, _, label in BANDS}
    for ws in cells.values():
        quiet = [cost for slowdown, cost in ws if slowdown < 0.05]
        if len(quiet) < 2:
            continue
        reference = statistics.median(quiet)
        for slowdown, cost in ws:
            for low, high, label in BANDS:
                if slowdown >= low and (high is None or slowdown < high):
                    shifts[label].append(cost / reference - 1)
    for _, _, label in BANDS:
        xs = shifts[label]
        median = f"{statistics.median(xs) * 100:+.1f}%" if xs else "–"
        print(f"| {os.path.basename(os.path.normpath(d))} | {label} | {len(xs)} | {median} | {sum(x > 0.05 for x in xs)} |")
PY
