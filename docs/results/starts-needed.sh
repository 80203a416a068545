#!/usr/bin/env bash
# How many rounds (fresh starts) a cell needs for two runs to agree on app CPU per request within 5%, judged from
# the starts a run has measured. For each cell (app, route; kept closed-loop rounds of every results.json under each
# directory given, pooled), it draws two runs of n rounds with replacement from the observed rounds, takes each
# run's cost as `compare` did until 2026-12-06 (the cost of the median run by req/s), and counts how often the two are within 5%
# either way; then, as the product over the cells (as if independent), how often every cell is at once, by that
# rule and by the median of the rounds' own costs.
# 20 000 draws per n, fixed seed. Drawing from the observed starts cannot show a state they never fell
# into, so with few starts this is optimistic. Prints Markdown.
# Usage: docs/results/starts-needed.sh docs/results/2026-12-04-repeat-5 docs/results/2026-12-05-repeat-3 ...
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ $# -gt 0 ]] || { echo "usage: docs/results/starts-needed.sh DIR... (results directories, or folders holding some)" >&2; exit 2; }
python3 - "$@" <<'PY'
import os, random, statistics, sys
sys.path.insert(0, "docs/results")
from windows import agree, app_cpu_us_per_request as cost, closed_loop_rounds, median_run, results_files

ROUNDS, DRAWS = (3, 5, 7, 9, 11), 20_000
RULES = {"the median run by req/s": lambda runs: cost(median_run(runs)),
         "the median of the rounds' costs": lambda runs: statistics.median(cost(r) for r in runs)}

def share_within(runs, n, rule, rng):
    agreeing = 0
    for _ in range(DRAWS):
        a, b = rule(rng.choices(runs, k=n)), rule(rng.choices(runs, k=n))
        agreeing += agree(b, a)
    return agreeing / DRAWS

print("| directory | cell | starts | app CPU per start, µs (sorted) | " + " | ".join(f"within 5% at {n}" for n in ROUNDS) + " |")
print("| --- | --- | ---: | --- | " + " | ".join("---:" for _ in ROUNDS) + " |")
for d in sys.argv[1:]:
    name = os.path.basename(os.path.normpath(d))
    pooled = {}
    for path in results_files(d):
        for cell, runs in closed_loop_rounds(path).items():
            pooled.setdefault(cell, []).extend(runs)
    every_cell = {label: [1.0] * len(ROUNDS) for label in RULES}
    for cell, runs in sorted(pooled.items()):
        shares = {}
        for label, rule in RULES.items():
            rng = random.Random(10)
            shares[label] = [share_within(runs, n, rule, rng) for n in ROUNDS]
            every_cell[label] = [p * q for p, q in zip(every_cell[label], shares[label])]
        starts = ", ".join(f"{cost(r):.1f}" for r in sorted(runs, key=cost))
        print(f"| {name} | {cell[0]} {cell[1]} | {len(runs)} | {starts} | "
              + " | ".join(f"{x * 100:.0f}%" for x in shares["the median run by req/s"]) + " |")
    for label, shares in every_cell.items():
        print(f"| {name} | every cell at once, by {label} | | | " + " | ".join(f"{x * 100:.0f}%" for x in shares) + " |")
PY
