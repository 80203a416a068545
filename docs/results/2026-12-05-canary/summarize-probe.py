"""Summarizes probe-lines.txt: the canary timings of a run made with canary-probe.patch applied, two lines each
(CANARYX: wall ms, memory part ms, busy share of the CPUs other than the canary's during the timing; CANARYY: the
canary's own run time and run-queue wait in ms, from /proc/PID/task/*/schedstat). Prints Markdown.
Usage: python3 summarize-probe.py probe-lines.txt"""
import re
import statistics
import sys

x = [l for l in open(sys.argv[1]) if l.startswith("CANARYX")]
y = [l for l in open(sys.argv[1]) if l.startswith("CANARYY")]
rows = []
for a, b in zip(x, y):
    mem = float(re.search(r"mem ([\d.]+)", a).group(1))
    cpu = float(re.search(r"cpu ([\d.]+)", a).group(1))
    others = float(re.search(r"others ([\d.]+)", a).group(1))
    wait = float(re.search(r"wait ([\d.]+)", b).group(1))
    rows.append((cpu, mem, others, wait))
med_mem = statistics.median(r[1] for r in rows)
med_cpu = statistics.median(r[0] for r in rows)
slow = [r for r in rows if r[1] > 1.15 * med_mem]
print(f"timings: {len(rows)}")
print(f"CPU part: median {med_cpu:.1f} ms, max {max(r[0] for r in rows):.1f} ms")
print(f"memory part: median {med_mem:.1f} ms, max {max(r[1] for r in rows):.1f} ms "
      f"({max(r[1] for r in rows) / med_mem - 1:+.0%} of the median)")
print(f"busy share of the other CPU during a timing: max {max(r[2] for r in rows):.2f}")
print(f"the canary's wait for its CPU during a timing: median {statistics.median(r[3] for r in rows):.2f} ms, "
      f"max {max(r[3] for r in rows):.1f} ms")
print(f"timings whose memory part was more than 15% over the median: {len(slow)}; in them the other CPU was busy "
      f"at most {max((r[2] for r in slow), default=0):.2f} and the canary waited at most "
      f"{max((r[3] for r in slow), default=0):.1f} ms")
