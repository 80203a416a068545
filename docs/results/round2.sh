#!/usr/bin/env bash
# Issue 12: the round-2 suite (seed 000: Go, the seven Rust apps and the variants of its findings), then a profile of
# the apps whose counted findings (queries, round trips, syscalls per request) need one, into the same results, then
# the report with "The write-up's findings, checked". Run alone on the machine, from a clean clone:
#   OUT=docs/results/YYYY-MM-DD-round2 docs/results/round2.sh
# Shortened from the suite's defaults to fit a session (said in benchmarks.md): the four routes the findings use, 3
# rounds of 6 s after a 2 s warm-up (the write-up ran 20 s after 5 s), the profile on three routes; no hostile suite
# and no cost runs at a fixed rate inside the run (the findings use neither; `./fairbench verify` of the same commit
# runs the hostile suite and the outage checks on every app of the suite).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
OUT=${OUT:-docs/results/$(date -u +%F)-round2}
./fairbench run --suite round2 --routes index,detail,index-cached,compute --rounds 3 --warmup 2s --duration 6s \
  --jit-settle 10s --no-hostile --no-cost -o "$OUT"
./fairbench profile --apps go-nethttp,axum-sqlx,axum-sqlx-ping,rocket,cot --routes index,detail,index-cached -o "$OUT"
./fairbench report "$OUT"
