#!/usr/bin/env bash
# stdlib-tests.sh runs the standard library's own tests under vt, one
# execution each, and prints a table: package, tests, passed, failed,
# unsupported (refused by the interpreter), seconds; then totals. Passed
# counts the tests that skipped themselves, as go test does (vt loads with
# the race build tag: tests that skip under -race skip under vt); the
# skipped column says how many of them did.
#
# Usage: scripts/stdlib-tests.sh [-v] [VTBIN] [PKG...]
#   VTBIN  a vt binary (default: build ./cmd/vt into a temporary directory)
#   PKG    packages to run (default: the 34 packages of issue 13)
#   -v     also print every failing or unsupported test with its message
# A package whose initialization vt refuses is one result (name "init")
# that counts its tests ("tests"), all unsupported.
# Environment: VT_TESTS_OUT=DIR keeps the -json output of each package there;
# VT_TESTS_FLAGS adds flags to vt test (default "-time 120s -corpus off": a
# test that runs out of its time counts as failed, "time budget spent"; the
# failing schedules earlier runs saved under GOROOT's testdata/vt are not
# replayed, so that a run measures one execution of the default schedule);
# VT_TESTS_DIR=DIR runs vt test in DIR (a module's packages: see
# libs-tests.sh) instead of an empty directory; VT_TESTS_EXPLORE=1 explores
# each test as vt test does by default (no -execs 1), as a user runs it.
# Needs jq. Slow (minutes); not part of go test ./...
set -euo pipefail

verbose=0
if [[ "${1:-}" == "-v" ]]; then verbose=1; shift; fi

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

pkgs=("$@")
if [[ ${#pkgs[@]} -eq 0 ]]; then
	pkgs=(bufio bytes container/heap container/list container/ring context
		encoding/base64 encoding/binary encoding/csv encoding/hex encoding/json
		errors fmt hash/crc32 html iter maps math math/big math/bits path regexp
		slices sort strconv strings sync sync/atomic text/tabwriter text/template
		time unicode unicode/utf16 unicode/utf8)
fi

out="${VT_TESTS_OUT:-$(mktemp -d)}"
# Run from an empty directory: a package path such as "iter" that names a
# directory where vt runs would be taken for that directory.
empty=${VT_TESTS_DIR:-$(mktemp -d)}
mkdir -p "$out"
flags=${VT_TESTS_FLAGS:--time 120s -corpus off}

printf '%-28s %6s %6s %6s %6s %6s %8s\n' package tests passed failed unsup skip seconds
T=0 P=0 F=0 U=0 S=0 W=0
for p in "${pkgs[@]}"; do
	f="$out/$(echo "$p" | tr / _).json"
	start=$(date +%s.%N)
	# shellcheck disable=SC2086
	execs=(-execs 1)
	[[ "${VT_TESTS_EXPLORE:-}" == 1 ]] && execs=()
	(cd "$empty" && "$vt" test "${execs[@]}" -json $flags "$p" >"$f" 2>"$f.stderr") || true
	secs=$(echo "$(date +%s.%N) - $start" | bc)
	# With one execution, ok after the time budget ran out means the
	# execution did not end; explored, it is a pass (ok, not exhausted).
	explore=${VT_TESTS_EXPLORE:-0}
	read -r t ok unsup skip < <(jq -rs --arg explore "$explore" '
		[.[] | select(.name != "summary" and .name != null and (.name | contains("/") | not))] |
		[([.[] | (.tests // 1)] | add // 0),
		 ([.[] | select(.verdict == "ok" and (.budget != "time" or $explore == "1"))] | length),
		 ([.[] | select(.verdict == "error" and ((.error // "") | test("unsupported|refus|not modeled|no model"))) | (.tests // 1)] | add // 0),
		 ([.[] | select(.verdict == "ok" and .skipped != null)] | length)]
		| @tsv' "$f" 2>/dev/null || echo "0 0 0 0")
	if [[ "$t" == 0 ]]; then
		# nothing ran: the package failed to load; count it as one unsupported test
		t=1 ok=0 unsup=1 skip=0
	fi
	fail=$((t - ok - unsup))
	printf '%-28s %6d %6d %6d %6d %6d %8.1f\n' "$p" "$t" "$ok" "$fail" "$unsup" "$skip" "$secs"
	T=$((T + t)) P=$((P + ok)) F=$((F + fail)) U=$((U + unsup)) S=$((S + skip))
	if [[ "$ok" == "$t" ]]; then W=$((W + 1)); fi
	if [[ $verbose == 1 ]]; then
		jq -r --arg explore "$explore" 'select(.name != null and .name != "summary" and (.verdict != "ok" or (.budget == "time" and $explore != "1"))) |
			"    \(.name): \(.verdict)\(if .budget == "time" then " (time budget spent)" else "" end): \((.error // .failure.message // "") | split("\n")[0] | .[0:200])"' "$f" 2>/dev/null || true
	fi
done
printf '%-28s %6d %6d %6d %6d %6d\n' total "$T" "$P" "$F" "$U" "$S"
printf 'packages passing whole: %d of %d; tests passed: %d of %d\n' "$W" "${#pkgs[@]}" "$P" "$T"
