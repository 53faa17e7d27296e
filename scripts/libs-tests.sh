#!/usr/bin/env bash
# libs-tests.sh runs the test suites of Go concurrency libraries under vt,
# one execution per test (as stdlib-tests.sh does for the standard
# library), and prints stdlib-tests.sh's table per module: package, tests,
# passed, failed, unsupported, seconds.
#
# Usage: scripts/libs-tests.sh [-v] [VTBIN] [MODULE@VERSION...]
#   default modules: the libraries of BENCHMARKS.md's table (issue 13)
# Each module is copied from the module cache into a writable directory
# (VT_LIBS_DIR, default a temporary one), its dependencies downloaded, and
# every package of it with tests run. Environment as stdlib-tests.sh's
# (VT_TESTS_OUT, VT_TESTS_FLAGS). Needs network access to the module proxy
# and jq. Slow; not part of go test ./...
set -euo pipefail

verbose=()
if [[ "${1:-}" == "-v" ]]; then verbose=(-v); shift; fi
root=$(cd "$(dirname "$0")/.." && pwd)
vt="${1:-}"
if [[ -n "$vt" && -x "$vt" && ! -d "$vt" ]]; then
	shift
else
	tmpbin=$(mktemp -d)
	trap 'rm -rf "$tmpbin"' EXIT
	vt="$tmpbin/vt"
	(cd "$root" && go build -o "$vt" ./cmd/vt)
fi
mods=("$@")
if [[ ${#mods[@]} -eq 0 ]]; then
	mods=(github.com/orcaman/concurrent-map/v2@v2.0.1 github.com/patrickmn/go-cache@v2.1.0+incompatible
		golang.org/x/sync@v0.24.0 github.com/sourcegraph/conc@v0.3.0 github.com/panjf2000/ants/v2@v2.12.1
		github.com/puzpuzpuz/xsync/v4@v4.5.0 github.com/hashicorp/golang-lru/v2@v2.0.7
		go.uber.org/atomic@v1.12.0 github.com/cenkalti/backoff/v4@v4.3.0)
fi
work=${VT_LIBS_DIR:-$(mktemp -d)}
mkdir -p "$work"
for mv in "${mods[@]}"; do
	src=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "$mv" | jq -r .Dir)
	dir="$work/$(echo "${mv%@*}" | tr / _)"
	rm -rf "$dir"
	cp -r "$src" "$dir"
	chmod -R u+w "$dir"
	if [[ ! -f "$dir/go.mod" ]]; then
		# A module from before modules (+incompatible): give it one.
		(cd "$dir" && go mod init "${mv%@*}" >/dev/null 2>&1)
	fi
	(cd "$dir" && go mod tidy >/dev/null 2>&1 || true)
	mapfile -t pkgs < <(cd "$dir" && go list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' ./... 2>/dev/null)
	echo "# $mv"
	if [[ ${#pkgs[@]} -eq 0 ]]; then
		echo "no packages with tests (go list failed in $dir)"
		continue
	fi
	VT_TESTS_DIR="$dir" "$root/scripts/stdlib-tests.sh" "${verbose[@]}" "$vt" "${pkgs[@]}"
done
