#!/usr/bin/env bash
# Whether two runs of one commit agree, next to how steady the host was while they ran: for each two-run check given
# (repeat.sh's OUT, with a/, b/ and compare.md), the CPU model, each run's steadiness (the median and 90th percentile
# over its app-bound windows of the coefficient of variation of the app's per-second rate, from the line that
# `./fairbench report DIR --summary` prints, read from the hlogs), each run's median steal per window, how app CPU
# and PostgreSQL CPU per request move together from round to round over both runs (windows.postgres_comovement: a
# high r means that what made an app's rounds dearer made PostgreSQL's dearer too, on the other CPU), and what
# compare.md says of app CPU per request within 5% and of the verdicts. Prints Markdown.
# Usage: docs/results/steadiness.sh docs/results/2026-12-02-repeat-2 docs/results/2026-12-02-repeat-4 ...
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ $# -gt 0 ]] || { echo "usage: docs/results/steadiness.sh OUT... (directories of repeat.sh with a/ and b/)" >&2; exit 2; }
echo "| check | CPU | steadiness A: median / p90 | steadiness B: median / p90 | steal A / B, cores (median window) | app and PostgreSQL CPU per request, r (windows) | app CPU per request within 5% | verdict cells agreeing |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for out in "$@"; do
  steadiness=()
  for run in a b; do
    line=$(./fairbench report "$out/$run" --summary | grep '^Steadiness: ' || true)
    steadiness+=("$(sed -n 's/.* varied by \([0-9.]*%\) at the median.*; \([0-9.]*%\) in the 90th percentile window.*/\1 \/ \2/p' <<< "$line")")
  done
  read -r cpu steal comovement < <(python3 - "$out" <<'PY'
import json, statistics, sys
sys.path.insert(0, "docs/results")
from windows import postgres_comovement, steal_cores
out = sys.argv[1]
steal = []
for run in "ab":
    results = json.load(open(f"{out}/{run}/results.json"))
    cpu = results["setup"]["host"]["cpu_model"].replace("(R)", "").replace(" Processor", "").replace(" ", "_")
    steal.append(statistics.median(steal_cores(w)
                                   for app in results["apps"] for route in app["routes"] for w in route["runs"]))
r, n = postgres_comovement(f"{out}/{run}/results.json" for run in "ab")
print(cpu, f"{steal[0]:.3f}_/_{steal[1]:.3f}", "–" if r is None else f"{r:.2f}_({n})")
PY
)
  within=$(sed -n 's/^app CPU per request: .*within 5% in \([0-9]* of [0-9]*\)$/\1/p' "$out/compare.md")
  verdicts=$(sed -n 's/^verdict cells agreeing: \(.*\)$/\1/p' "$out/compare.md")
  echo "| $(basename "$out") | ${cpu//_/ } | ${steadiness[0]:-–} | ${steadiness[1]:-–} | ${steal//_/ } | ${comovement//_/ } | $within | $verdicts |"
done
