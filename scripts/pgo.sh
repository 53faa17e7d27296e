#!/usr/bin/env bash
# pgo.sh writes cmd/vt/default.pgo, the CPU profile that go build uses for
# profile-guided optimization of vt (-pgo=auto, go build's default, reads
# default.pgo from the main package's directory). The profile merges where
# vt spends its time: the interpreter on the six CPU-bound benchmark
# programs (interp's BenchmarkInterp), and explorations of the examples, of
# a test that starts 10,000 goroutines and of sync/atomic's tests (the
# scheduler, the race detector, DPOR). The
# binaries that record it are built without PGO.
#
# Regenerate it after large changes to the interpreter's hot paths; a stale
# profile only loses part of the speed-up (see BENCHMARKS.md, "PGO").
#
# Usage: scripts/pgo.sh   (a few minutes)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root"
go test -c -pgo=off -o "$tmp/interp.test" ./interp
go build -pgo=off -o "$tmp/vt" ./cmd/vt

(cd interp && "$tmp/interp.test" -test.run '^$' -test.bench '^BenchmarkInterp/' \
	-test.benchtime 5x -test.cpuprofile "$tmp/interp.prof" >/dev/null)
VT_CPUPROFILE="$tmp/examples.prof" "$tmp/vt" test -time 5s -corpus off \
	./examples/bank ./examples/workerpool ./examples/philosophers ./examples/httpcounter >/dev/null || true
VT_CPUPROFILE="$tmp/goroutines.prof" "$tmp/vt" test -execs 5 -corpus off \
	-run 'TestGoroutines10k$' ./internal/explore/testdata/semantics >/dev/null || true
mkdir "$tmp/empty"
(cd "$tmp/empty" && VT_CPUPROFILE="$tmp/atomic.prof" "$tmp/vt" test -execs 1 -time 20s -corpus off \
	-run 'TestHammer32$|TestValueConcurrent$' sync/atomic >/dev/null) || true

go tool pprof -proto "$tmp/interp.prof" "$tmp/examples.prof" "$tmp/goroutines.prof" "$tmp/atomic.prof" >cmd/vt/default.pgo
echo "wrote cmd/vt/default.pgo ($(wc -c <cmd/vt/default.pgo) bytes)"
