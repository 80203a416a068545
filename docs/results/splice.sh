#!/usr/bin/env bash
# Replaces, in a Markdown file, every block between
#   <!-- generated from FILE -->   and   <!-- end of generated -->
# by the content of FILE (relative to the repository root), so that the numbers the docs quote are the generated
# ones, never copied by hand. Usage: docs/results/splice.sh docs/benchmarks.md
set -euo pipefail
cd "$(dirname "$0")/../.."
doc=$1
tmp=$(mktemp)
awk '
  /^<!-- generated from .* -->$/ {
    print
    file = $0; sub(/^<!-- generated from /, "", file); sub(/ -->$/, "", file)
    while ((getline line < file) > 0) print line
    close(file)
    skipping = 1
    next
  }
  /^<!-- end of generated -->$/ { skipping = 0 }
  !skipping { print }
' "$doc" > "$tmp"
mv "$tmp" "$doc"
