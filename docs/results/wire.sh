#!/usr/bin/env bash
# Per app and route of one or more results directories, window by window (kept runs, in start order): the costs per
# request of the app, Redis and the load generator next to the system calls per request of the app and of Redis
# (resources.app_io_calls and redis_io_calls, recorded from 2026-12-04: read- and write-family calls; recv and send
# are not counted, so an app that reads its sockets with recv shows 0 reads). Then per app and route, over its
# windows, the Pearson correlation of the app's CPU per request with each call count per request: whether the starts
# that cost more are those in which one call carried fewer requests; for Redis only where the app calls it (median Redis
# reads per request at least 0.01), since an idle Redis's few calls per second say nothing about requests. Windows
# without the counts are left out.
# CELLS (app/route, comma-separated) keeps only those cells. Reads DIR/results.json only; prints Markdown.
# Usage: [CELLS=axum-sqlx/detail-cached,spring/index] docs/results/wire.sh DIR... > wire.md
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 - "$@" <<'PY'
import json, os, statistics, sys
sys.path.insert(0, "docs/results")
from windows import app_cpu_us_per_request as cost
only = {tuple(c.split("/", 1)) for c in os.environ.get("CELLS", "").split(",") if c}
cells = {}
for d in sys.argv[1:]:
    for app in json.load(open(f"{d}/results.json"))["apps"]:
        for route in app["routes"]:
            for w in route["runs"]:
                res, n = w["resources"], w["requests_completed"]
                if only and (app["name"], route["route"]) not in only:
                    continue
                if "app_io_calls" not in res or "redis_io_calls" not in res or n == 0:
                    continue
                per = lambda v: v / n
                cells.setdefault((app["name"], route["route"]), []).append({
                    "dir": d.rstrip("/").split("/")[-1], "round": w["run"], "started": w["started_at"][11:19],
                    "rps": w["requests_per_second"],
                    "app_us": cost(w),
                    "redis_us": (res.get("redis_cpu_seconds") or 0) * 1e6 / n,
                    "loadgen_us": w["cpu_use"]["loadgen_cpu_seconds"] * 1e6 / n,
                    "app_reads": per(res["app_io_calls"]["reads"]), "app_writes": per(res["app_io_calls"]["writes"]),
                    "redis_reads": per(res["redis_io_calls"]["reads"]),
                    "redis_writes": per(res["redis_io_calls"]["writes"])})
print("| app | route | results | round | started (UTC) | req/s | app µs/req | app reads/req | app writes/req "
      "| Redis µs/req | Redis reads/req | Redis writes/req | load generator µs/req |")
print("| --- | --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for (app, route), ws in cells.items():
    for w in sorted(ws, key=lambda w: (w["dir"], w["started"])):
        print(f"| {app} | {route} | {w['dir']} | {w['round']} | {w['started']} | {w['rps']:,.0f} | {w['app_us']:.2f} "
              f"| {w['app_reads']:.3f} | {w['app_writes']:.3f} | {w['redis_us']:.2f} | {w['redis_reads']:.3f} "
              f"| {w['redis_writes']:.3f} | {w['loadgen_us']:.2f} |")
print()
print("| app | route | windows | app µs/req: lowest–highest | r(app µs, app writes/req) | r(app µs, Redis reads/req) "
      "| r(app µs, Redis writes/req) |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
def r(ws, key):
    xs, ys = [w["app_us"] for w in ws], [w[key] for w in ws]
    if key.startswith("redis") and statistics.median(w["redis_reads"] for w in ws) < 0.01:
        return "–"
    if len(ws) < 3 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return "–"
    return f"{statistics.correlation(xs, ys):+.2f}"
for (app, route), ws in cells.items():
    lo, hi = min(w["app_us"] for w in ws), max(w["app_us"] for w in ws)
    print(f"| {app} | {route} | {len(ws)} | {lo:.2f}–{hi:.2f} | {r(ws, 'app_writes')} | {r(ws, 'redis_reads')} "
          f"| {r(ws, 'redis_writes')} |")
PY
