#!/usr/bin/env bash
# Cuts the sections docs/benchmarks.md quotes out of the suites' generated reports (report.md), so that the numbers
# there are the reports' own: hello/tables.md (one table per load, the settings not equalized, build and ship) and
# phash/tables.md (one fixed rate, capacity, overload, variants, build and ship). Charts (SVG in the HTML reports,
# text in Markdown) are left out. Usage: docs/results/2026-12-01-suites/tables.sh, then docs/results/splice.sh
# docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
# Prints the level-2 sections of $1 whose heading starts with one of the other arguments, each heading demoted to
# level 4, without the level-3 subsections' charts.
sections() {
  local file=$1; shift
  awk -v wanted="$(printf '%s\n' "$@")" '
    BEGIN { n = split(wanted, w, "\n") }
    /^## / {
      keep = 0
      for (i = 1; i <= n; i++) if (w[i] != "" && index(substr($0, 4), w[i]) == 1) keep = 1
      if (keep) { sub(/^## /, "#### "); print; next }
    }
    /^# / { keep = 0 }
    # a chart in Markdown is a bold title line and a table of bars, which repeats the table before it
    keep && /^\*\*.* · / { chart = 1; seen = 0; next }
    chart && /^\|/ { seen = 1; next }
    chart && /^$/ && seen { chart = 0; next }
    chart { next }
    keep { print }
  ' "$file"
}
sections hello/report.md "Loopback" "Server-bound" "Pipelined" "Settings that could not be equalized" "Build and ship" \
  > hello/tables.md
sections phash/report.md "At one fixed rate" "Capacity under the SLO" "Overload" "Variants against their base" \
  "Build and ship" > phash/tables.md
