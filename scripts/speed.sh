#!/usr/bin/env bash
# speed.sh reproduces the "Interpreter vs native" table of BENCHMARKS.md:
# the six CPU-bound programs of interp's BenchmarkNative/BenchmarkInterp,
# measured pairwise (native then interpreted, per program, ROUNDS rounds)
# from one compiled test binary, so that both sides of each ratio run close
# in time. It prints one row per program (medians and their ratio) and the
# geometric mean of the ratios.
#
# Usage: scripts/speed.sh [ROUNDS]   (default 3)
# Environment: SPEED_BENCHTIME (default 3x), SPEED_PROGRAMS (default all six),
# SPEED_PGO (default cmd/vt/default.pgo, the profile vt's own build uses, so
# that the interpreter is measured as vt runs it; "off" measures it without).
# The native programs run from a second test binary built as go builds a
# program by default (-pgo=off: a profile of the interpreter must not move
# them; with it, native fib took 1.5 ms instead of 2.9, BENCHMARKS.md,
# session 19). To compare two versions, compare their interpreted times, or
# run both with SPEED_PGO=off.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-3}
benchtime=${SPEED_BENCHTIME:-3x}
programs=${SPEED_PROGRAMS:-"fib sieve wordfreq strconvx shapes nbody"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pgo=${SPEED_PGO:-$root/cmd/vt/default.pgo}
(cd "$root" && go test -c -pgo="$pgo" -o "$tmp/interp.test" ./interp)
(cd "$root" && go test -c -pgo=off -o "$tmp/native.test" ./interp)
cd "$root/interp"
for _ in $(seq "$rounds"); do
	for p in $programs; do
		"$tmp/native.test" -test.run '^$' -test.bench "^BenchmarkNative/$p\$" \
			-test.benchtime "$benchtime" | grep -E '^BenchmarkNative/'
		"$tmp/interp.test" -test.run '^$' -test.bench "^BenchmarkInterp/$p\$" \
			-test.benchtime "$benchtime" | grep -E '^BenchmarkInterp/'
	done
done >"$tmp/raw.txt"

# Lines: BenchmarkNative/fib-2   3   6300000 ns/op ...
awk -v programs="$programs" '
function median(list,   n, a, i, j, t) {
	n = split(list, a, " ")
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{
	split($1, parts, "/"); side = parts[1]; sub(/^Benchmark/, "", side)
	name = parts[2]; sub(/-[0-9]+$/, "", name)
	for (i = 2; i <= NF; i++) if ($(i + 1) == "ns/op") ns = $i
	vals[side, name] = vals[side, name] " " ns
}
END {
	printf "| program | native (median) | vt interp (median) | vt / native |\n|---|---:|---:|---:|\n"
	n = split(programs, ps, " "); logsum = 0
	for (k = 1; k <= n; k++) {
		p = ps[k]; nat = median(vals["Native", p]); vt = median(vals["Interp", p])
		r = vt / nat; logsum += log(r)
		printf "| %s | %.1f ms | %.1f ms | %.1f× |\n", p, nat / 1e6, vt / 1e6, r
	}
	printf "\nGeomean vt / native: %.1f×\n", exp(logsum / n)
}' "$tmp/raw.txt"
