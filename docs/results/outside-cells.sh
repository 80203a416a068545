#!/usr/bin/env bash
# The cells (app, route) whose app CPU per request differs by more than 5% between the two runs of a check, with each
# run's rounds (µs per request, closed loop, kept rounds, in round order) and the canary's largest slowdown around any
# of the six windows. A cell outside 5% whose six canaries were all within 10% of their run's median was not moved
# by a host the canary could see: what differs there is the app's starts, or a slowing the canary cannot see.
# Costs and the 5% test are those `compare` made until 2026-12-06 (the cost of the median run by req/s; it now takes
# the median of the rounds' costs, docs/results/median-cost.sh). Prints Markdown.
# Usage: docs/results/outside-cells.sh docs/results/2026-12-04-repeat-5 docs/results/2026-12-05-repeat-3 ...
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ $# -gt 0 ]] || { echo "usage: docs/results/outside-cells.sh DIR... (directories of repeat.sh with a/ and b/)" >&2; exit 2; }
python3 - "$@" <<'PY'
import os, sys
sys.path.insert(0, "docs/results")
from windows import TOLERANCE, app_cpu_us_per_request as cost, closed_loop_rounds, median_run

print("| check | cell | B/A − 1 | rounds A, µs | rounds B, µs | largest canary slowdown | canary quiet (< 10%) |")
print("| --- | --- | ---: | --- | --- | ---: | --- |")
quiet_total = outside_total = 0
for d in sys.argv[1:]:
    a, b = closed_loop_rounds(f"{d}/a/results.json"), closed_loop_rounds(f"{d}/b/results.json")
    for cell in sorted(a.keys() & b.keys()):
        shift = cost(median_run(b[cell])) / cost(median_run(a[cell])) - 1
        if abs(shift) <= TOLERANCE:
            continue
        slowdowns = [(r.get("canary") or {}).get("slowdown") for r in a[cell] + b[cell]]
        known = [s for s in slowdowns if s is not None]
        worst = max(known) if known else None
        quiet = worst is not None and len(known) == len(slowdowns) and worst < 0.10
        outside_total += 1
        quiet_total += quiet
        fmt = lambda runs: ", ".join(f"{cost(r):.1f}" for r in runs)
        print(f"| {os.path.basename(os.path.normpath(d))} | {cell[0]} {cell[1]} | {shift * 100:+.1f}% | {fmt(a[cell])} | "
              f"{fmt(b[cell])} | {'–' if worst is None else f'{worst * 100:+.0f}%'} | "
              f"{'–' if worst is None else ('yes' if quiet else 'no')} |")
print()
print(f"{outside_total} cells outside 5%; {quiet_total} of them with every canary within 10% of its median.")
PY
