#!/usr/bin/env bash
# How much of two runs' disagreement on the database routes the host explains: for each two-run check given (a
# directory of repeat.sh with a/ and b/), over the cells where PostgreSQL works in both runs (windows.postgres_works;
# index in the checks of issue 10), counts those whose app CPU per request agrees within 5%
# between the runs (B/A of the medians of the rounds, as `compare` does), and those whose app CPU per request as a
# ratio to PostgreSQL's CPU per request in the same window agrees within 5%. Within a cell PostgreSQL does the same
# work per request in every round, on the other CPU, so a host that slows both CPUs alike moves the first and not the
# second; an app in another state moves both. The ratio is a diagnostic, not a cost: it is not what `run` reports.
# Prints Markdown. Usage: docs/results/postgres-ratio.sh docs/results/2026-12-04-repeat-5 ...
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ $# -gt 0 ]] || { echo "usage: docs/results/postgres-ratio.sh DIR... (directories of repeat.sh with a/ and b/)" >&2; exit 2; }
python3 - "$@" <<'PY'
import os, statistics, sys
sys.path.insert(0, "docs/results")
from windows import (agree, app_cpu_us_per_request as app_us, closed_loop_rounds, postgres_cpu_us_per_request as postgres_us,
                     postgres_works)

print("| check | cells where PostgreSQL works | app CPU per request within 5% | app CPU / PostgreSQL CPU within 5% |")
print("| --- | ---: | ---: | ---: |")
totals = [0, 0, 0]
for out in sys.argv[1:]:
    a, b = (closed_loop_rounds(f"{out}/{run}/results.json") for run in "ab")
    counts = [0, 0, 0]
    for cell in sorted(a.keys() & b.keys()):
        if not (postgres_works(a[cell]) and postgres_works(b[cell])):
            continue
        counts[0] += 1
        counts[1] += agree(*(statistics.median(app_us(w) for w in runs[cell]) for runs in (b, a)))
        counts[2] += agree(*(statistics.median(app_us(w) / postgres_us(w) for w in runs[cell])
                                        for runs in (b, a)))
    totals = [t + c for t, c in zip(totals, counts)]
    if counts[0]:
        print(f"| {os.path.basename(out.rstrip('/'))} | {counts[0]} | {counts[1]} | {counts[2]} |")
print(f"| all | {totals[0]} | {totals[1]} | {totals[2]} |")
PY
