#!/usr/bin/env bash
# libs36.sh runs the test suites of sixteen popular Go libraries (issue 36:
# caches on unsafe, routers with middleware, schedulers, a rate limiter,
# hashes, error helpers) under two vt binaries, each test explored as vt
# test does by default (5 s per test, as clock-libs.sh), and prints a
# markdown table: the tests, how many each binary passes (verdict ok),
# and what the second binary leaves, by verdict: unexplored (no execution
# ended in the budget), leak, other failures (assert, panic, deadlock,
# race) and refused.
#
# Usage: scripts/libs36.sh BEFORE AFTER [MODULE@VERSION...]
# Environment: VT_LIBS_DIR and VT_TESTS_OUT as libs-tests.sh's (the -json
# output of each package is kept in VT_TESTS_OUT/{before,after}/MODULE);
# VT_CLOCK_TIME sets the per-test budget; VT_NORUN=1 only tabulates the
# outputs already in VT_TESTS_OUT. Needs network access to the module
# proxy and jq. Slow (an hour or more).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
before=${1:?usage: libs36.sh BEFORE AFTER [MODULE@VERSION...]}
after=${2:?usage: libs36.sh BEFORE AFTER [MODULE@VERSION...]}
shift 2
mods=("$@")
if [[ ${#mods[@]} -eq 0 ]]; then
	mods=(github.com/allegro/bigcache/v3@v3.1.0 github.com/VictoriaMetrics/fastcache@v1.13.2
		github.com/dgraph-io/ristretto/v2@v2.4.2 github.com/maypok86/otter/v2@v2.4.0
		github.com/golang/groupcache@v0.0.0-20241129210726-2c02b8208cf8
		github.com/go-chi/chi/v5@v5.5.0 github.com/gorilla/mux@v1.8.1
		github.com/julienschmidt/httprouter@v1.3.0 github.com/labstack/echo/v4@v4.16.0
		github.com/robfig/cron/v3@v3.0.1 github.com/go-co-op/gocron/v2@v2.21.2
		go.uber.org/ratelimit@v0.3.1 go.uber.org/multierr@v1.11.0
		github.com/hashicorp/go-multierror@v1.1.1 github.com/cespare/xxhash/v2@v2.3.0
		github.com/google/uuid@v1.6.0)
fi
work=${VT_LIBS_DIR:-$(mktemp -d)}
out=${VT_TESTS_OUT:-$(mktemp -d)}
budget=${VT_CLOCK_TIME:-5s}

# run BIN MOD LABEL: MOD's suite under BIN, its outputs in $out/LABEL/MOD.
run() {
	[[ "${VT_NORUN:-}" == 1 ]] && return
	VT_TESTS_EXPLORE=1 VT_TESTS_FLAGS="-time $budget -corpus off" VT_LIBS_DIR="$work/$3" \
		VT_TESTS_OUT="$out/$3/$(echo "${2%@*}" | tr / _)" "$root/scripts/libs-tests.sh" "$1" "$2" >/dev/null
}

# counts LABEL MOD: tests, ok, unexplored, leak, other failures, refused.
counts() {
	# (a test's own output may sit between the JSON lines: only those count)
	{ grep -h '^{' "$out/$1/$(echo "${2%@*}" | tr / _)"/*.json 2>/dev/null || true; } | jq -rs '
		[.[] | select(.name != "summary" and .name != null and (.name | contains("/") | not))] |
		([.[] | select(.verdict == "error" and ((.error // "") | test("unsupported|refus|not modeled|no model")))]) as $ref |
		([.[] | (.tests // 1)] | add // 0) as $t |
		([.[] | select(.verdict == "ok")] | length) as $ok |
		([.[] | select(.verdict == "unexplored")] | length) as $un |
		([.[] | select(.verdict == "leak")] | length) as $leak |
		([$ref[] | (.tests // 1)] | add // 0) as $r |
		[$t, $ok, $un, $leak, $t - $ok - $un - $leak - $r, $r] | @tsv'
}

echo "| module | version | tests | ok before | ok after | after: unexplored / leak / failed / refused |"
echo "|---|---|---:|---:|---:|---|"
for mv in "${mods[@]}"; do
	run "$before" "$mv" before
	run "$after" "$mv" after
	read -r _ pb _ < <(counts before "$mv")
	read -r n pa un leak fail ref < <(counts after "$mv")
	echo "| ${mv%@*} | ${mv#*@} | $n | $pb | $pa | $un / $leak / $fail / $ref |"
done
