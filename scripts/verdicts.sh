#!/usr/bin/env bash
# verdicts.sh runs vt test over the project's labeled programs (the race
# corpus, the engine's verdict programs, the examples) and prints one line per
# test: package, test, verdict, executions, exhausted. Compare two runs with
# diff to see what a change did to verdicts:
#
#   scripts/verdicts.sh /tmp/vt-before > /tmp/before.txt
#   scripts/verdicts.sh /tmp/vt-after  > /tmp/after.txt
#   diff /tmp/before.txt /tmp/after.txt
#
# Usage: scripts/verdicts.sh [VTBIN] [DIR...]
#   VTBIN  a vt binary (default: build ./cmd/vt into a temporary directory)
#   DIR    directories to run (default: the labeled programs)
# Environment: VT_VERDICT_FLAGS replaces the flags (default "-execs 2000 -time 60s
# -corpus off": no saved schedule is replayed first, none is written).
# Needs jq. Slow (tens of minutes); not part of go test ./...
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
vt="${1:-}"
if [[ -n "$vt" && -x "$vt" && ! -d "$vt" ]]; then
	shift
else
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	vt="$tmp/vt"
	(cd "$root" && go build -o "$vt" ./cmd/vt)
fi

dirs=("$@")
if [[ ${#dirs[@]} -eq 0 ]]; then
	cd "$root"
	dirs=(./internal/race/testdata/corpus ./internal/explore/testdata/verdicts
		./internal/explore/testdata/classic ./internal/explore/testdata/semantics)
	for d in $(find examples -name '*_test.go' | xargs -n1 dirname | sort -u); do
		dirs+=("./$d")
	done
fi

flags=${VT_VERDICT_FLAGS:-"-execs 2000 -time 60s -corpus off"}
for d in "${dirs[@]}"; do
	# shellcheck disable=SC2086
	(cd "$root" && "$vt" test -json $flags "$d" 2>/dev/null || true) |
		jq -r --arg d "$d" 'select(.verdict != null) |
			"\($d) \(.name) \(.verdict) \(.executions) exhausted=\(.exhausted)"'
done
