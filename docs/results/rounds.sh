#!/usr/bin/env bash
# Per app and route of one or more results directories: each round's app CPU and PostgreSQL CPU per request (µs),
# the median Redis CPU per request (µs) and req/s, with the median and spread (half the range over the median) of
# the app CPU. Prints Markdown, then one line: how app CPU and PostgreSQL CPU per request move together from round to
# round in the cells where PostgreSQL works (windows.postgres_comovement).
# Usage: docs/results/rounds.sh DIR... > table.md
set -euo pipefail
python3 - "$(dirname "$0")" "$@" <<'PY'
import json, statistics, sys
sys.path.insert(0, sys.argv[1])
from windows import app_cpu_us_per_request, postgres_comovement, postgres_cpu_us_per_request
dirs = sys.argv[2:]
print("| results | app | route | app CPU per request by round, µs | median | spread "
      "| PostgreSQL CPU per request by round, µs | Redis CPU per request, median µs | req/s, median |")
print("| --- | --- | --- | --- | ---: | ---: | --- | ---: | ---: |")
for d in dirs:
    for app in json.load(open(f"{d}/results.json"))["apps"]:
        for route in app["routes"]:
            ws = sorted(route["runs"], key=lambda w: w["run"])
            app_us = [app_cpu_us_per_request(w) for w in ws]
            postgres_us = [postgres_cpu_us_per_request(w) for w in ws]
            redis_us = [w["resources"]["redis_cpu_seconds"] * 1e6 / w["requests_completed"] for w in ws]
            m = statistics.median(app_us)
            print(f"| {d.rstrip('/').split('/')[-1]} | {app['name']} | {route['route']} | {' · '.join(f'{u:.1f}' for u in app_us)} "
                  f"| {m:.1f} | ±{(max(app_us) - min(app_us)) / 2 / m * 100:.1f}% "
                  f"| {' · '.join(f'{u:.1f}' for u in postgres_us)} | {statistics.median(redis_us):.1f} "
                  f"| {statistics.median(w['requests_per_second'] for w in ws):,.0f} |")
r, n = postgres_comovement(f"{d}/results.json" for d in dirs)
print()
print("No cell where PostgreSQL works: no correlation of app CPU with PostgreSQL CPU." if r is None else
      f"App CPU against PostgreSQL CPU per request from round to round, each as its ratio to its cell's median, over "
      f"the {n} windows of the cells where PostgreSQL works: Pearson r = {r:.2f}.")
PY
