#!/usr/bin/env bash
# deepshapes.sh explores every program of examples/deepbugs/shapes (the
# deep-bug corpus: each model in several shapes, >= 8 goroutines) under one
# strategy with a time budget, one at a time on one core, and prints one
# markdown row per program: name, verdict, executions, milliseconds and the
# member of the portfolio that found the bug. Compare strategies, or two vt
# binaries, side by side in one run:
#
#   scripts/deepshapes.sh /tmp/vt portfolio > /tmp/portfolio.md
#   scripts/deepshapes.sh /tmp/vt pct       > /tmp/pct.md
#
# Usage: scripts/deepshapes.sh VTBIN [STRATEGY [BUDGET]]
#   STRATEGY  portfolio (default), random, pct, guided, dpor, ...
#   BUDGET    time budget of each program (default 10s)
# Needs python3. Takes up to 18 x BUDGET; not part of go test ./...
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
vt=$1
strategy=${2:-portfolio}
budget=${3:-10s}
programs=$(sed -n 's/^func Test\([A-Za-z0-9]*\)(t \*testing.T) { deep(t, .*/\1/p' "$root/examples/deepbugs/shapes/shapes_test.go")
echo "| program | verdict | executions | ms | found by |"
echo "|---|---|---:|---:|---|"
for p in $programs; do
	(cd "$root" && VT_DEEP=1 "$vt" test -run "^Test$p\$" -time "$budget" -parallel 1 -corpus off -strategy "$strategy" -json ./examples/deepbugs/shapes 2>/dev/null || true) |
		grep '"verdict"' | tail -1 |
		python3 -c 'import sys, json
d = json.loads(sys.stdin.read())
print("| %s | %s | %d | %d | %s |" % (sys.argv[1], d.get("verdict"), d.get("executions", 0), d.get("elapsed_ms", 0), d.get("found_by", "")))' "$p"
done
