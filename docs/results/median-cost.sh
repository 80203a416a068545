#!/usr/bin/env bash
# Whether two runs agree better on app CPU per request when a cell's cost is the median of its rounds' own costs
# rather than the cost of its median run (the round whose req/s ranks (n - 1) / 2 from the slowest, which is what
# RouteSummary reported and `compare` checked until 2026-12-06; they now use the median of the rounds, the right
# column, and `compare` of an older check computes it from the raw runs). In a services-bound cell req/s is set by PostgreSQL, so the median
# run by req/s can be any of the rounds as far as the app's CPU goes. For each two-run check given (a directory of
# repeat.sh with a/ and b/), counts the cells (app, route; closed loop, kept rounds only) whose B/A is within 5%
# either way under each definition, and lists the cells where the two differ. APPS (comma-separated) keeps only those
# apps' cells, to set a check of fewer apps beside the same cells of the six-app checks. Prints Markdown.
# Usage: [APPS=vertx,helidon] docs/results/median-cost.sh docs/results/2026-12-04-repeat-5 \
#          docs/results/2026-12-05-repeat-3 ...
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ $# -gt 0 ]] || { echo "usage: docs/results/median-cost.sh DIR... (directories of repeat.sh with a/ and b/)" >&2; exit 2; }
python3 - "$@" <<'PY'
import os, statistics, sys
sys.path.insert(0, "docs/results")
from windows import TOLERANCE, app_cpu_us_per_request as cost, closed_loop_rounds, median_run

def costs(path):
    """(app, route) -> (cost of the median run by req/s, median of the rounds' costs), microseconds per request."""
    only = set(filter(None, os.environ.get("APPS", "").split(",")))
    return {cell: (cost(median_run(runs)), statistics.median(cost(r) for r in runs))
            for cell, runs in closed_loop_rounds(path).items() if not only or cell[0] in only}

print("| check | within 5%: median run | within 5%: median of rounds | cells that differ (median run → median of rounds) |")
print("| --- | ---: | ---: | --- |")
for d in sys.argv[1:]:
    a, b = costs(f"{d}/a/results.json"), costs(f"{d}/b/results.json")
    cells = sorted(a.keys() & b.keys())
    ratios = {c: (b[c][0] / a[c][0] - 1, b[c][1] / a[c][1] - 1) for c in cells}
    within = [sum(abs(r[k]) <= TOLERANCE for r in ratios.values()) for k in (0, 1)]
    differ = [f"{app} {route} {r[0] * 100:+.1f}% → {r[1] * 100:+.1f}%" for (app, route), r in ratios.items()
              if (abs(r[0]) <= TOLERANCE) != (abs(r[1]) <= TOLERANCE)]
    print(f"| {os.path.basename(os.path.normpath(d))} | {within[0]} of {len(cells)} | {within[1]} of {len(cells)} | "
          f"{'; '.join(differ) or '–'} |")
PY
