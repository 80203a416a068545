"""The measured windows in fairbench's results.json files, for the analysis scripts beside this file (which run from
the repository root and put docs/results on Python's path). Read-only; formats as in docs/results-format.md."""
import glob
import json
import statistics


def results_files(top):
    """The results.json of TOP and of its subdirectories one level down (a two-run check's a/ and b/), sorted."""
    return sorted(glob.glob(f"{top}/results.json") + glob.glob(f"{top}/*/results.json"))


def windows(route, kinds=("runs", "discarded", "cost")):
    """A route's windows of the given kinds, as ("closed loop" or "fixed rate", window)."""
    for kind in kinds:
        got = route.get(kind) or []
        for w in [got] if isinstance(got, dict) else got:  # files before 2026-12-03 hold one cost run, an object
            yield "fixed rate" if w.get("offered_rate_per_second") else "closed loop", w


def closed_loop_rounds(path):
    """(app, route) -> the kept closed-loop rounds of one results.json, in round order."""
    out = {}
    for app in json.load(open(path))["apps"]:
        for route in app["routes"]:
            runs = sorted((r for r in route.get("runs") or [] if r.get("requests_completed")), key=lambda r: r["run"])
            if runs:
                out[(app["name"], route["route"])] = runs
    return out


def app_cpu_us_per_request(w):
    """A window's app CPU per completed request, microseconds."""
    return w["resources"]["app_cpu_seconds"] / w["requests_completed"] * 1e6


def steal_cores(w):
    """The hypervisor's steal over a window, in cores: steal CPU-seconds per second of the window."""
    return w["interference"]["steal_cpu_seconds"] / w["interference"]["window_seconds"]


def median_run(runs):
    """The round RouteSummary takes latency from (and until 2026-12-06 costs): the one whose req/s ranks (n - 1) / 2
    from the slowest."""
    return sorted(runs, key=lambda r: r["requests_per_second"])[(len(runs) - 1) // 2]


def postgres_cpu_us_per_request(w):
    """A window's PostgreSQL CPU per completed request, microseconds."""
    return w["resources"]["postgres_cpu_seconds"] / w["requests_completed"] * 1e6


# How far two runs' figures of one cell may differ, as B/A - 1, and still agree: issue 10's 5% (Comparison.TOLERANCE
# in the report module, which `compare` uses).
TOLERANCE = 0.05


def agree(b, a):
    """Whether B and A, two runs' figures of one cell, agree within TOLERANCE."""
    return abs(b / a - 1) <= TOLERANCE


# A cell's median PostgreSQL CPU per request from which its route queries PostgreSQL (an idle server shows a few
# tenths of a µs per request), µs.
POSTGRES_WORKS_US = 10.0


def postgres_works(runs):
    """Whether PostgreSQL works for the route of these rounds of one cell: its median CPU per request is at least
    POSTGRES_WORKS_US."""
    return statistics.median(postgres_cpu_us_per_request(w) for w in runs) >= POSTGRES_WORKS_US


def postgres_comovement(paths):
    """How app CPU and PostgreSQL CPU per request move together from round to round, over the results.json files at
    PATHS: (Pearson r, windows) over the closed-loop rounds of the cells where PostgreSQL works (postgres_works), each
    round as its ratio to its cell's median. Within a cell PostgreSQL does the same work per request in every round,
    so a high r says that what made the app's rounds dearer made PostgreSQL's dearer too: the host, or PostgreSQL
    itself, not the app. (None, windows) with fewer than three windows."""
    app_ratios, postgres_ratios = [], []
    for path in paths:
        for runs in closed_loop_rounds(path).values():
            if postgres_works(runs):
                app_us = [app_cpu_us_per_request(w) for w in runs]
                postgres_us = [postgres_cpu_us_per_request(w) for w in runs]
                app_median, postgres_median = statistics.median(app_us), statistics.median(postgres_us)
                app_ratios += [u / app_median for u in app_us]
                postgres_ratios += [u / postgres_median for u in postgres_us]
    if len(app_ratios) < 3:
        return None, len(app_ratios)
    return statistics.correlation(app_ratios, postgres_ratios), len(app_ratios)
