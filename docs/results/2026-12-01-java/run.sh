#!/usr/bin/env bash
# Issue 14's side-by-side run: today's Java apps, the same apps at 4eddf89 (before-apps.toml) and the three peers, in
# one run, then a profile of today's Vert.x (flame graphs) into the same folder. Run from the repository root, alone
# on the machine (it takes the benchmark lock; nothing else may build, test or benchmark meanwhile):
#   docs/results/2026-12-01-java/run.sh
set -euo pipefail
here=docs/results/2026-12-01-java
[ -d .fairbench/before-14 ] || git worktree add --detach .fairbench/before-14 4eddf89
[ "$(git -C .fairbench/before-14 rev-parse HEAD)" = "$(git rev-parse 4eddf89)" ] || { echo "before-14 is not at 4eddf89"; exit 1; }
cat apps.toml "$here/before-apps.toml" > .fairbench/java-registry.toml
apps=vertx,vertx-before,spring,spring-before,helidon,helidon-before,go-nethttp,axum-sqlx,actix-sqlx
./fairbench run --registry .fairbench/java-registry.toml --apps "$apps" --rounds 3 --duration 5s -o "$here/run"
./fairbench profile --registry .fairbench/java-registry.toml --apps vertx,actix-sqlx -o "$here/run"
