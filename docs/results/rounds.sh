#!/usr/bin/env bash
# Per app and route of one or more results directories: each round's app CPU and Redis CPU per request (µs) and
# req/s, with the median and spread (half the range over the median) of the app CPU. Prints Markdown.
# Usage: docs/results/rounds.sh DIR... > table.md
set -euo pipefail
python3 - "$@" <<'PY'
import json, statistics, sys
print("| results | app | route | app CPU per request by round, µs | median | spread | Redis CPU per request, median µs | req/s, median |")
print("| --- | --- | --- | --- | ---: | ---: | ---: | ---: |")
for d in sys.argv[1:]:
    for app in json.load(open(f"{d}/results.json"))["apps"]:
        for route in app["routes"]:
            ws = sorted(route["runs"], key=lambda w: w["run"])
            app_us = [w["resources"]["app_cpu_seconds"] * 1e6 / w["requests_completed"] for w in ws]
            redis_us = [w["resources"]["redis_cpu_seconds"] * 1e6 / w["requests_completed"] for w in ws]
            m = statistics.median(app_us)
            print(f"| {d.rstrip('/').split('/')[-1]} | {app['name']} | {route['route']} | {' · '.join(f'{u:.1f}' for u in app_us)} "
                  f"| {m:.1f} | ±{(max(app_us) - min(app_us)) / 2 / m * 100:.1f}% | {statistics.median(redis_us):.1f} "
                  f"| {statistics.median(w['requests_per_second'] for w in ws):,.0f} |")
PY
