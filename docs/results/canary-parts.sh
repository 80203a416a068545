#!/usr/bin/env bash
# Whether a window that the host-speed canary found slowed cost the app more, by the part of the canary that was
# slowed: for every results.json under the directories given, every measured window (kept, discarded, cost) whose
# canary was over its threshold and that no foreign process disturbed is compared with the clean windows of its cell
# (app, route and kind: closed loop or fixed rate; windows neither slowed nor disturbed, at least two). A canary is
# slowed in its memory part alone, in its CPU part alone, or in both (each part judged by the larger of its two
# timings around the window against the run's baseline). Its shift is its app CPU per request over the median of the
# cell's clean windows, minus 1. Prints Markdown: per directory and part, the windows, the median shift, and how
# many shifted by more than 5% up, 5% down, or stayed inside the range of the clean windows.
# Usage: docs/results/canary-parts.sh docs/results/2026-12-02-repeat docs/results/2026-12-04-repeat-5 ...
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ $# -gt 0 ]] || { echo "usage: docs/results/canary-parts.sh DIR... (results directories, or folders holding some)" >&2; exit 2; }
python3 - "$@" <<'PY'
import json, os, statistics, sys
sys.path.insert(0, "docs/results")
from windows import results_files, windows

def part(c):
    b, t = c["baseline"], c["max_slowdown"]
    cpu = max(c["before"]["cpu_ms"], c["after"]["cpu_ms"]) / b["cpu_ms"] - 1 > t
    mem = max(c["before"]["memory_ms"], c["after"]["memory_ms"]) / b["memory_ms"] - 1 > t
    return "both" if cpu and mem else "CPU" if cpu else "memory" if mem else None

print("| check | part slowed | windows | median shift of app CPU per request | over +5% | under −5% | inside the clean range |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
total = {}
for top in sys.argv[1:]:
    rows = {}
    for f in results_files(top):
        for app in json.load(open(f))["apps"]:
            for route in app.get("routes", []):
                cells = {}
                for kind, w in windows(route):
                    c, res, n = w.get("canary"), w.get("resources") or {}, w.get("requests_completed") or 0
                    if not c or not n or res.get("app_cpu_seconds") is None:
                        continue
                    if (w.get("interference") or {}).get("disturbed"):
                        continue
                    cells.setdefault(kind, []).append((c, res["app_cpu_seconds"] / n))
                for ws in cells.values():
                    clean = [cost for c, cost in ws if not c["slowed"] and not part(c)]
                    if len(clean) < 2:
                        continue
                    med = statistics.median(clean)
                    for c, cost in ws:
                        if c["slowed"] and part(c):
                            rows.setdefault(part(c), []).append((cost / med - 1, min(clean) <= cost <= max(clean)))
    name = os.path.basename(os.path.normpath(top))
    for p in ("memory", "CPU", "both"):
        r = rows.get(p, [])
        total.setdefault(p, []).extend(r)
        if r:
            s = [x for x, _ in r]
            print(f"| {name} | {p} | {len(r)} | {statistics.median(s) * 100:+.1f}% | {sum(x > 0.05 for x in s)} "
                  f"| {sum(x < -0.05 for x in s)} | {sum(i for _, i in r)} |")
for p in ("memory", "CPU", "both"):
    r = total.get(p, [])
    if r:
        s = [x for x, _ in r]
        print(f"| all | {p} | {len(r)} | {statistics.median(s) * 100:+.1f}% | {sum(x > 0.05 for x in s)} "
              f"| {sum(x < -0.05 for x in s)} | {sum(i for _, i in r)} |")
PY
