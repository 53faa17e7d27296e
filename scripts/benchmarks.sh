#!/usr/bin/env bash
# benchmarks.sh regenerates the tables of BENCHMARKS.md: it runs the
# measurement behind each table (the scripts beside it, go test -bench,
# vt itself) and rewrites the table between its markers
# (<!-- table:NAME --> ... <!-- end -->) with scripts/benchtables, which
# adds a line naming the command, the commit, the machine and its load.
#
# Usage: scripts/benchmarks.sh [-o FILE] [-n] [TABLE...]
#   TABLE  the tables to regenerate (default: all); each takes about:
#            speed       3 min    scripts/speed.sh 3 (interpreter vs native)
#            xtools      15 min   x/tools' SSA interpreter beside vt and native
#            counter     3 min    vt.Check executions per second (dfs on the README's counter)
#            throughput  3 min    the counter of TestOK in-process on one core: executions per CPU second, allocations per execution
#            race        5 min    the cost of race detection
#            goroutines  3 min    1k, 10k, 100k goroutines, race detection off and on
#            parallel    2 min    exploring on one core and on two
#            memory      2 min    peak RSS of vt run against native
#            search      10 min   executions to exhaust, per strategy
#            regions     3 min    the habanero Table I programs under regions and dpor
#            deepbugs    5 min    the deep-bug ports under guided+txn and the portfolio
#            shapes      15 min   scripts/deepshapes.sh (the deep-bug shapes: the portfolio against each member;
#                                  with VT_BEFORE=VTBIN, that binary's portfolio beside it)
#            verdicts    30 min   scripts/verdicts.sh, counted per corpus
#            stdlib      3 h      scripts/stdlib-tests.sh (the standard library's own tests)
#            clock       2 h      scripts/clock-libs.sh (library suites fully explored, binary VT_BEFORE beside vt)
#            libraries   2 h      scripts/libs36.sh (sixteen more libraries' suites, binary VT_BEFORE beside vt)
#   -o FILE  rewrite FILE instead of BENCHMARKS.md (e.g. a copy, to compare)
#   -n       print the commands only
# The machine is shared and noisy: compare a table with an earlier one
# only through ratios measured side by side in one run (vt / native,
# race on / off, one core / two), and say so when a figure moved.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
file="$root/BENCHMARKS.md"
dry=0
while [[ $# -gt 0 ]]; do
	case "$1" in
	-o) file=$(realpath "$2"); shift 2 ;;
	-n) dry=1; shift ;;
	-h | --help) sed -n '2,30p' "$0"; exit 0 ;;
	-*) echo "benchmarks.sh: unknown flag $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
all=(speed xtools counter throughput race goroutines parallel memory search regions deepbugs shapes verdicts stdlib clock libraries)
tables=("$@")
if [[ ${#tables[@]} -eq 0 ]]; then tables=("${all[@]}"); fi
for t in "${tables[@]}"; do
	if [[ " ${all[*]} " != *" $t "* ]]; then
		echo "benchmarks.sh: unknown table $t (tables: ${all[*]})" >&2
		exit 2
	fi
done

cd "$root"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/benchtables" ./scripts/benchtables
vt="$tmp/vt"

# table NAME FORMAT CMD: run CMD (a shell command line, shown in the
# table's footer) and rewrite table NAME with its output.
table() {
	local name=$1 format=$2 cmd=$3 shown
	shown="scripts/benchmarks.sh $name"
	if [[ "$cmd" != *$'\n'* && "$cmd" != *"$tmp"* ]]; then shown=$cmd; fi
	echo "== $name: $shown" >&2
	if [[ $dry == 1 ]]; then return; fi
	local load
	load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || true)
	bash -c "$cmd" >"$tmp/$name.out"
	"$tmp/benchtables" -file "$file" -table "$name" -format "$format" -cmd "$shown" -load "$load" <"$tmp/$name.out"
}

# label L: append /L to the name of every benchmark line.
label() { perl -pe "s{^(Benchmark\S+?)(-\d+)?(\s)}{\$1/$1\$3}"; }
export -f label

# strategies_tsv STRATEGY LABEL VTFLAGS...: vt test -json with the
# strategy (its words are flags), one tab-separated line per test: LABEL
# (or the test's name), strategy, verdict, executions, states, exhausted.
strategies_tsv() {
	local s=$1 label=$2
	shift 2
	# shellcheck disable=SC2086
	"$vt" test -json -corpus off -strategy $s "$@" 2>/dev/null |
		jq -r --arg l "$label" --arg s "$s" 'select(.verdict != null and .name != "summary") |
			[(if $l == "" then .name else $l end), $s, .verdict, (.executions | tostring),
			 ((.states // "") | tostring), (.exhausted | tostring)] | @tsv'
}
export -f strategies_tsv
export vt

need_vt() {
	if [[ ! -x "$vt" ]]; then go build -o "$vt" ./cmd/vt; fi
}

for t in "${tables[@]}"; do
	case $t in
	speed)
		table speed table "scripts/speed.sh 3" ;;
	xtools)
		table xtools gobench "go test ./interp -run '^\$' -bench '^Benchmark(Native|Interp|XToolsInterp)/(fib|sieve|wordfreq|shapes|nbody)\$' -benchtime 1x -count 3" ;;
	counter)
		table counter rate "for i in 1 2 3; do for r in on off; do
  go test -count=1 -v -run '^TestCounter\$' ./examples/counter -args -vt.strategy=dfs -vt.preempt=-1 -vt.race=\$r |
    sed -nE \"s/.*vt: TestCounter: ok, ([0-9]+) executions, exhaustive, ([^ ]+).*/dfs, race=\$r \\1 \\2/p\"
done; done" ;;
	throughput)
		table throughput gobench "go test ./internal/explore -run '^\$' -bench 'CounterExecutions|CounterAllocs' -benchtime 2x" ;;
	race)
		table race gobench "go test ./internal/race -run '^\$' -bench CorpusExecutions -benchtime 3x -count 3" ;;
	goroutines)
		table goroutines gobench "go test -c -o $tmp/explore.test ./internal/explore && cd internal/explore &&
for r in off on; do VT_BENCH_RACE=\$r $tmp/explore.test -test.run '^\$' -test.bench Goroutines -test.benchtime 5x | label race=\$r; done" ;;
	parallel)
		table parallel gobench "VT_BENCH_INDEXER=15 go test ./internal/explore -run '^\$' -bench Parallel -benchtime 3x -count 2" ;;
	memory)
		need_vt
		go build -o "$tmp/strconvx" ./interp/testdata/bench/strconvx/cmd
		table memory memory "for i in 1 2 3; do
  echo \"native strconvx 100000 \$(/usr/bin/time -f %M $tmp/strconvx 100000 2>&1 >/dev/null | tail -1)\"
  echo \"vt run strconvx 1 (the load) \$(/usr/bin/time -f %M $vt run ./interp/testdata/bench/strconvx/cmd 1 2>&1 >/dev/null | tail -1)\"
  echo \"vt run strconvx 100000 \$(/usr/bin/time -f %M $vt run ./interp/testdata/bench/strconvx/cmd 100000 2>&1 >/dev/null | tail -1)\"
  echo \"vt run httproundtrip \$(/usr/bin/time -f %M $vt run ./interp/testdata/conformance/httproundtrip 2>&1 >/dev/null | tail -1)\"
done" ;;
	search)
		need_vt
		table search strategies "for p in 'examples/counter TestCounter' 'examples/peterson TestPeterson' 'examples/peterson TestFlagsOnlyLivelocks' 'internal/explore/testdata/classic TestIndexer15'; do
  set -- \$p
  for s in portfolio 'dpor -preempt -1' 'dfs -preempt -1' stateful; do
    strategies_tsv \"\$s\" \"\$1 \$2\" -time 20s -execs 100000 -run \"^\$2\\\$\" ./\$1
  done
done" ;;
	regions)
		need_vt
		table regions strategies "cd examples/habanero/tablei &&
for s in regions dpor; do strategies_tsv \$s '' -time 10s .; done" ;;
	deepbugs)
		table deepbugs table "VT_BENCH_STRATEGIES=guided+txn,portfolio VT_BENCH_TIME=20s VT_BENCH_TRIALS=100 go test ./internal/explore -run '^\$' -bench DeepBugs -benchtime 1x -timeout 2h" ;;
	shapes)
		need_vt
		table shapes table "scripts/deepshapes.sh $vt 10s" ;;
	verdicts)
		need_vt
		table verdicts verdicts "scripts/verdicts.sh $vt" ;;
	stdlib)
		need_vt
		table stdlib stdlib "scripts/stdlib-tests.sh $vt" ;;
	clock)
		need_vt
		: "${VT_BEFORE:?the clock table compares two binaries: set VT_BEFORE to the one before}"
		table clock table "scripts/clock-libs.sh $VT_BEFORE $vt" ;;
	libraries)
		need_vt
		: "${VT_BEFORE:?the libraries table compares two binaries: set VT_BEFORE to the one before}"
		table libraries table "scripts/libs36.sh $VT_BEFORE $vt" ;;
	esac
done
