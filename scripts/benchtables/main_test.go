package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const page = `# Benchmarks

<!-- table:speed -->
| old |
<!-- end -->

text between

<!-- table:empty -->
<!-- end -->
`

func TestReplaceTable(t *testing.T) {
	got, err := replaceTable(page, "speed", "| new |\n\nfooter.")
	require.NoError(t, err)
	assert.Equal(t, strings.Replace(page, "| old |\n", "| new |\n\nfooter.\n", 1), got)

	got, err = replaceTable(got, "empty", "| filled |\n")
	require.NoError(t, err)
	assert.Contains(t, got, "<!-- table:empty -->\n| filled |\n<!-- end -->\n")
	assert.Contains(t, got, "| new |\n\nfooter.\n<!-- end -->\n\ntext between", "the other table is untouched")

	again, err := replaceTable(got, "empty", "| filled |\n")
	require.NoError(t, err)
	assert.Equal(t, got, again, "rewriting with the same body changes nothing")
}

func TestReplaceTableErrors(t *testing.T) {
	for name, doc := range map[string]string{
		"missing":    "# B\n",
		"twice":      "<!-- table:x -->\n<!-- end -->\n<!-- table:x -->\n<!-- end -->\n",
		"unclosed":   "<!-- table:x -->\n| a |\n",
		"overlap":    "<!-- table:x -->\n| a |\n<!-- table:y -->\n<!-- end -->\n",
		"not a line": "see <!-- table:x -->\n<!-- end -->\n",
	} {
		_, err := replaceTable(doc, "x", "| b |\n")
		assert.Error(t, err, name)
	}
}

func TestGoBench(t *testing.T) {
	out := `goos: linux
BenchmarkCounterExecutions/race=on-2    3   290751687 ns/op   8421 execs/op   32261 execs/s
BenchmarkCounterExecutions/race=on-2    3   246824508 ns/op   8421 execs/op   37899 execs/s
BenchmarkCounterExecutions/race=on-2    3   250000000 ns/op   8421 execs/op   35000 execs/s
BenchmarkCounterExecutions/race=off-2   3   198387482 ns/op   8421 execs/op   49464.5 execs/s
PASS
`
	got, err := goBench(out)
	require.NoError(t, err)
	assert.Equal(t, `| benchmark | runs | s/op | execs/op | execs/s |
|---|---:|---:|---:|---:|
| CounterExecutions/race=on | 3 | 0.25 | 8,421 | 35,000 |
| CounterExecutions/race=off | 1 | 0.198 | 8,421 | 49,465 |
`, got)
	_, err = goBench("PASS\n")
	assert.Error(t, err)
}

func TestStdlibAndLibs(t *testing.T) {
	std := `package                       tests passed failed  unsup   skip  seconds
bufio                            50     50      0      0      1      3.5
sync                             40     37      1      2      0    120.0
total                            90     87      1      2      1
packages passing whole: 1 of 2; tests passed: 87 of 90
`
	got, err := stdlibTable(std)
	require.NoError(t, err)
	assert.Equal(t, `| package | tests | passed | failed | unsupported | skipped | seconds |
|---|---:|---:|---:|---:|---:|---:|
| sync | 40 | 37 | 1 | 2 | 0 | 120.0 |
| **total** | **90** | **87** | **1** | **2** | **1** | |

Packages passing whole: 1 of 2; tests passed: 87 of 90.
`, got)

	libs := "# golang.org/x/sync@v0.24.0\n" + std + "# go.uber.org/atomic@v1.12.0\nno packages with tests (go list failed in /tmp/x)\n"
	got, err = libsTable(libs)
	require.NoError(t, err)
	assert.Equal(t, `| module | version | tests | passed | failed | unsupported |
|---|---|---:|---:|---:|---:|
| golang.org/x/sync | v0.24.0 | 90 | 87 | 1 | 2 |
`, got)
}

func TestVerdictsAndMemory(t *testing.T) {
	v := `./a TestOK ok 11 exhausted=true
./a TestRace race 2 exhausted=false
./b TestLeak leak 1000 exhausted=false
./b summary ok 0 exhausted=false
./examples/x TestA ok 5 exhausted=true
./examples/y TestB deadlock 1 exhausted=false
`
	got, err := verdictsTable(v)
	require.NoError(t, err)
	assert.Equal(t, "| directory | tests | ok | race | region | deadlock | leak | panic | assert | steps | error | exhausted | executions |\n"+
		"|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"+
		"| `./a` | 2 | 1 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 13 |\n"+
		"| `./b` | 1 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 1,000 |\n"+
		"| `./examples/...` | 2 | 1 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 1 | 6 |\n"+
		"| **total** | 5 | 2 | 1 | 0 | 1 | 1 | 0 | 0 | 0 | 0 | 2 | 1,019 |\n", got)

	got, err = memoryTable("native strconvx 6400\nvt run strconvx 1 160000\nnative strconvx 6800\nnative strconvx 6500\n")
	require.NoError(t, err)
	assert.Equal(t, "| run | peak RSS (median) | runs |\n|---|---:|---:|\n| native strconvx | 6.5 MB | 3 |\n| vt run strconvx 1 | 160.0 MB | 1 |\n", got)
}

// run rewrites the file's table with the formatted input and a footer
// that names the command and the machine.
func TestRun(t *testing.T) {
	file := filepath.Join(t.TempDir(), "B.md")
	require.NoError(t, os.WriteFile(file, []byte(page), 0o644))
	require.NoError(t, run(file, "speed", "table", "scripts/speed.sh 3", "1.5",
		strings.NewReader("building...\n| program | native |\n|---|---|\n| fib | 3.0 ms |\n\nGeomean: 9.7×\n")))
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	got := string(b)
	assert.Contains(t, got, "<!-- table:speed -->\n| program | native |\n|---|---|\n| fib | 3.0 ms |\n\nGeomean: 9.7×\n\n`scripts/speed.sh 3`, at commit ")
	assert.Contains(t, got, "load average 1.5 at the start")
	assert.NotContains(t, got, "building")
	assert.Error(t, run(file, "nosuch", "table", "", "", strings.NewReader("| a |\n")))
}

func TestRate(t *testing.T) {
	got, err := rateTable("race=on 1677 359ms\nrace=on 1677 400ms\nrace=on 1677 300ms\nrace=off 1677 1.2s\nnoise\n")
	require.NoError(t, err)
	assert.Equal(t, "| run | executions | time (median) | executions/s | runs |\n|---|---:|---:|---:|---:|\n"+
		"| race=on | 1,677 | 0.359 s | 4,671 | 3 |\n| race=off | 1,677 | 1.2 s | 1,398 | 1 |\n", got)
}

func TestStrategies(t *testing.T) {
	got, err := strategiesTable("TestCounter\tportfolio\tok\t11\t\ttrue\nTestCounter\tstateful\tok\t303\t344\ttrue\nTestLive\tportfolio\tsteps\t1\t\tfalse\n")
	require.NoError(t, err)
	assert.Equal(t, "| test | portfolio | stateful |\n|---|---|---|\n"+
		"| TestCounter | ok, 11 executions, exhausted | ok, 303 executions, 344 states, exhausted |\n"+
		"| TestLive | steps, 1 execution |  |\n", got)
}
