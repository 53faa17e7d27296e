#!/usr/bin/env bash
# deepshapes.sh explores every program of examples/deepbugs/shapes (the
# deep-bug corpus: each model in several shapes, >= 8 goroutines) under the
# default portfolio and under each single strategy that is one of its
# members, one program and strategy at a time on one core, and prints a
# markdown table: for each program the portfolio's result (executions,
# time, the member that found the bug), the best single strategy's, and
# whether the portfolio found it within 2 x the best one's time + 1 s.
# With VT_BEFORE (another vt binary, the one before a change), the table
# has that binary's portfolio too, measured in the same run.
#
# Usage: [VT_BEFORE=VTBIN0] scripts/deepshapes.sh VTBIN [BUDGET]
#   BUDGET  time budget of each run (default 10s)
# Needs python3. Takes up to 18 x 6 x BUDGET; not part of go test ./...
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
vt=$1
budget=${2:-10s}
before=${VT_BEFORE:-}
programs=$(sed -n 's/^func Test\([A-Za-z0-9]*\)(t \*testing.T) { deep(t, .*/\1/p' "$root/examples/deepbugs/shapes/shapes_test.go")
for p in $programs; do
	runs="portfolio random pct guided dpor"
	if [[ -n "$before" ]]; then runs="before $runs"; fi
	for s in $runs; do
		bin=$vt strategy=$s
		if [[ $s == before ]]; then bin=$before strategy=portfolio; fi
		(cd "$root" && VT_DEEP=1 "$bin" test -run "^Test$p\$" -time "$budget" -parallel 1 -corpus off -strategy "$strategy" -json ./examples/deepbugs/shapes 2>/dev/null || true) |
			grep '"verdict"' | tail -1 | sed "s/^/$p $s /"
	done
done | python3 -c '
import sys, json
rows, order = {}, []
for line in sys.stdin:
    prog, strat, js = line.split(" ", 2)
    d = json.loads(js)
    if prog not in rows:
        rows[prog] = {}
        order.append(prog)
    rows[prog][strat] = d
def found(d):
    return d is not None and d.get("verdict") not in (None, "ok", "unexplored", "error")
def cell(d):
    if not found(d):
        return "— (%d)" % (d or {}).get("executions", 0)
    return "%d / %.2f s" % (d["executions"], d["elapsed_ms"] / 1000)
def within(d, best):
    return found(d) and d["elapsed_ms"] <= 2 * best[1]["elapsed_ms"] + 1000
has_before = any("before" in r for r in rows.values())
head = "| program | verdict | portfolio | found by | best single | best: strategy | within 2× + 1 s |"
rule = "|---|---|---:|---|---:|---|---|"
if has_before:
    head += " before: portfolio | before: within |"
    rule += "---:|---|"
print(head)
print(rule)
met = total = met_before = 0
for p in order:
    r = rows[p]
    port = r.get("portfolio")
    singles = [(s, r.get(s)) for s in ("random", "pct", "guided", "dpor") if found(r.get(s))]
    best = min(singles, key=lambda x: x[1]["elapsed_ms"]) if singles else None
    verdict = (port or {}).get("verdict", "?") if found(port) else (best[1]["verdict"] if best else "?")
    ok = ok_before = "—"
    if best:
        total += 1
        ok = "yes" if within(port, best) else "no"
        met += ok == "yes"
        ok_before = "yes" if within(r.get("before"), best) else "no"
        met_before += ok_before == "yes"
    line = "| %s | %s | %s | %s | %s | %s | %s |" % (p, verdict, cell(port), (port or {}).get("found_by", "") if found(port) else "", cell(best[1]) if best else "—", best[0] if best else "—", ok)
    if has_before:
        line += " %s | %s |" % (cell(r.get("before")), ok_before)
    print(line)
last = "| all | | | | | | %d of %d |" % (met, total)
if has_before:
    last += " | %d of %d |" % (met_before, total)
print(last)
'
