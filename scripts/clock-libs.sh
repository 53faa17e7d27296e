#!/usr/bin/env bash
# clock-libs.sh runs the test suites of Go libraries under two vt binaries,
# exploring each test as vt test does by default (no -execs 1; -time 5s per
# test, so that the run ends), and prints a markdown table of the tests
# each binary passes: the measure of a change of time semantics (issue 35),
# where the failures that matter come from later executions.
#
# Usage: scripts/clock-libs.sh BEFORE AFTER [MODULE@VERSION...]
#   default modules: libs-tests.sh's nine, and four libraries built on
#   timers (a mock clock, a circuit breaker, a rate limiter, a fake clock).
# Environment: VT_LIBS_DIR and VT_TESTS_OUT as libs-tests.sh (one
# subdirectory per binary); VT_CLOCK_TIME sets the per-test budget.
# Needs network access to the module proxy and jq. Slow (an hour or more).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
before=${1:?usage: clock-libs.sh BEFORE AFTER [MODULE@VERSION...]}
after=${2:?usage: clock-libs.sh BEFORE AFTER [MODULE@VERSION...]}
shift 2
mods=("$@")
if [[ ${#mods[@]} -eq 0 ]]; then
	mods=(github.com/orcaman/concurrent-map/v2@v2.0.1 github.com/patrickmn/go-cache@v2.1.0+incompatible
		golang.org/x/sync@v0.24.0 github.com/sourcegraph/conc@v0.3.0 github.com/panjf2000/ants/v2@v2.12.1
		github.com/puzpuzpuz/xsync/v4@v4.5.0 github.com/hashicorp/golang-lru/v2@v2.0.7
		go.uber.org/atomic@v1.12.0 github.com/cenkalti/backoff/v4@v4.3.0
		github.com/benbjohnson/clock@v1.3.5 github.com/jonboulle/clockwork@v0.5.0
		github.com/sony/gobreaker/v2@v2.4.0 golang.org/x/time@v0.16.0)
fi
work=${VT_LIBS_DIR:-$(mktemp -d)}
out=${VT_TESTS_OUT:-$(mktemp -d)}
budget=${VT_CLOCK_TIME:-5s}

# totals BIN MOD: the "tests passed" figures of MOD's suite under BIN.
totals() {
	VT_TESTS_EXPLORE=1 VT_TESTS_FLAGS="-time $budget -corpus off" VT_LIBS_DIR="$work/$3" VT_TESTS_OUT="$out/$3" \
		"$root/scripts/libs-tests.sh" "$1" "$2" | awk '$1 == "total" { t += $2; p += $3 } END { print t, p }'
}

echo "| module | version | tests | passed before | passed after |"
echo "|---|---|---:|---:|---:|"
for mv in "${mods[@]}"; do
	read -r n pb < <(totals "$before" "$mv" before)
	read -r _ pa < <(totals "$after" "$mv" after)
	echo "| ${mv%@*} | ${mv#*@} | $n | $pb | $pa |"
done
