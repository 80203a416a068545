#!/usr/bin/env bash
# The hello and phash suites of issue 13, and the friction table of every app of the three suites, as measured for
# docs/benchmarks.md section 6. Run alone on the machine, from a clean tree at the commit that adds this file:
#   docs/results/2026-12-01-suites/run.sh
# Shortened from the suites' defaults to fit a session (said in benchmarks.md): hello 3 rounds of 5 s after 2 s
# warm-up (the suite says 5 rounds; the seed ran 15 s after 3 s); phash with --quick capacity steps (3 s, 8 at
# most, 10% bracket) and 10 s fixed-rate and overload runs after 3 s.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
OUT=${OUT:-docs/results/2026-12-01-suites}
./fairbench run --suite hello --rounds 3 --warmup 2s --duration 5s --jit-settle 10s --friction -o "$OUT/hello"
./fairbench run --suite phash --quick --warmup 3s --duration 10s --friction -o "$OUT/phash"
