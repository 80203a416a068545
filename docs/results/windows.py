"""The measured windows in fairbench's results.json files, for the analysis scripts beside this file (which run from
the repository root and put docs/results on Python's path). Read-only; formats as in docs/results-format.md."""
import glob


def results_files(top):
    """The results.json of TOP and of its subdirectories one level down (a two-run check's a/ and b/), sorted."""
    return sorted(glob.glob(f"{top}/results.json") + glob.glob(f"{top}/*/results.json"))


def windows(route, kinds=("runs", "discarded", "cost")):
    """A route's windows of the given kinds, as ("closed loop" or "fixed rate", window)."""
    for kind in kinds:
        got = route.get(kind) or []
        for w in [got] if isinstance(got, dict) else got:  # files before 2026-12-03 hold one cost run, an object
            yield "fixed rate" if w.get("offered_rate_per_second") else "closed loop", w
