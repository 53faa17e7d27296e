package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testEnd is the last event of a test in vt test -json (or vt merge
// -json), with the fields of vt's result that these tests read.
type testEnd struct {
	Action     string
	Package    string
	Test       string
	Verdict    string   `json:"verdict"`
	Shard      string   `json:"shard"`
	Shards     int      `json:"shards"`
	Exhaustive bool     `json:"exhaustive"`
	Executions int      `json:"executions"`
	FoundIn    string   `json:"found_in"`
	AlsoFound  []string `json:"also_found"`
	Missing    []int    `json:"missing"`
	Duplicated []int    `json:"duplicated"`
	Failure    *struct {
		Kind      string `json:"kind"`
		Replay    string `json:"replay"`
		Execution int    `json:"execution"`
	} `json:"failure"`
}

// testEnds returns the results of a -json event stream by test name, and
// the raw objects of those events.
func testEnds(t *testing.T, stream string) (map[string]testEnd, []map[string]any) {
	t.Helper()
	ends := map[string]testEnd{}
	var raw []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(stream), "\n") {
		var ev testEnd
		require.NoError(t, json.Unmarshal([]byte(line), &ev), line)
		if ev.Test == "" || ev.Verdict == "" {
			continue
		}
		ends[ev.Test] = ev
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m))
		raw = append(raw, m)
	}
	return ends, raw
}

// shardRuns runs vt test -json over testdata/tests unsharded and as shards
// 1/2 and 2/2 (extra args added to shard 2's), and writes the shards'
// outputs to files in a temporary directory.
func shardRuns(t *testing.T, shard2 ...string) (whole string, dir string) {
	t.Helper()
	freshCorpus(t, "tests")
	args := []string{"test", "-json", "-corpus", "off", "./testdata/tests"}
	w := vt(args...)
	require.Equal(t, 1, w.code, w.stderr)
	dir = t.TempDir()
	for i, s := range []string{"1/2", "2/2"} {
		a := []string{"test", "-json", "-corpus", "off", "-shard", s}
		if i == 1 {
			a = append(a, shard2...)
		}
		r := vt(append(a, "./testdata/tests")...)
		require.Contains(t, []int{0, 1}, r.code, r.stderr)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "shard"+s[:1]+".json"), []byte(r.stdout), 0o644))
	}
	return w.stdout, dir
}

// vt merge of the shards 1/2 and 2/2 of a run gives what the unsharded
// run gives: the same verdicts, executions that sum to its (where it
// explored everything), exhaustive where it is, the failure of the shard
// that found it; its -json conforms to the schema.
func TestMergeShards(t *testing.T) {
	whole, dir := shardRuns(t)
	wholeEnds, _ := testEnds(t, whole)
	require.Contains(t, wholeEnds, "TestCounter")
	require.Contains(t, wholeEnds, "TestPairDeadlock")

	r := vt("merge", "-json", dir)
	require.Equal(t, 1, r.code, "a failure is found: %s", r.stderr)
	merged, raw := testEnds(t, r.stdout)
	require.Len(t, merged, len(wholeEnds))
	for name, w := range wholeEnds {
		m := merged[name]
		assert.Equal(t, w.Verdict, m.Verdict, name)
		assert.Equal(t, w.Action, m.Action, name)
		assert.Equal(t, 2, m.Shards, name)
		assert.Empty(t, m.Missing, name)
		assert.Empty(t, m.Duplicated, name)
	}
	c := merged["TestCounter"]
	assert.True(t, c.Exhaustive)
	assert.Equal(t, wholeEnds["TestCounter"].Executions, c.Executions, "the shards' executions sum to the unsharded run's")
	d := merged["TestPairDeadlock"]
	require.NotNil(t, d.Failure)
	assert.Equal(t, "deadlock", d.Failure.Kind)
	assert.NotZero(t, d.Failure.Execution)
	assert.Regexp(t, `^[12]/2$`, d.FoundIn)
	assert.False(t, d.Exhaustive)

	// Each shard's result says which shard it was.
	for _, s := range []string{"1", "2"} {
		data, err := os.ReadFile(filepath.Join(dir, "shard"+s+".json"))
		require.NoError(t, err)
		ends, _ := testEnds(t, string(data))
		for name, e := range ends {
			assert.Equal(t, s+"/2", e.Shard, "%s in shard %s", name, s)
		}
	}

	// The merged results conform to docs/vt-check.schema.json.
	sch := loadSchema(t)
	for _, m := range raw {
		for _, k := range []string{"Time", "Action", "Package", "Test", "Elapsed", "Output"} {
			delete(m, k) // go test -json's own fields
		}
		assert.Empty(t, sch.validate(m, "$", sch.Defs), "%v", m)
	}

	// The text output: one line per test, the failure's report, a summary.
	txt := vt("merge", filepath.Join(dir, "shard1.json"), filepath.Join(dir, "shard2.json"))
	require.Equal(t, 1, txt.code, txt.stderr)
	assert.Regexp(t, `(?m)^ok  \S+ TestCounter \(\d+ executions, exhaustive, [^;]+; 2 shards\)$`, txt.stdout)
	assert.Regexp(t, `(?m)^FAIL \S+ TestPairDeadlock: deadlock found in shard [12]/2 in execution \d+ \(\d+ executions in 2 shards, `, txt.stdout)
	assert.Contains(t, txt.stdout, "fatal error: all goroutines are asleep - deadlock!")
	assert.Contains(t, txt.stdout, "\nreplay: vt replay -test TestPairDeadlock ./testdata/tests vt1:")
	assert.Contains(t, txt.stdout, "\nFAIL: 2 tests merged from 2 files: 1 ok, 1 failed, 0 unsupported\n")
}

// A shard that did not exhaust its part leaves the merged result not
// exhaustive.
func TestMergeExhaustedOnlyWhenEveryShardIs(t *testing.T) {
	_, dir := shardRuns(t, "-execs", "1")
	r := vt("merge", "-json", dir)
	merged, _ := testEnds(t, r.stdout)
	c := merged["TestCounter"]
	assert.Equal(t, "ok", c.Verdict)
	assert.Equal(t, "pass", c.Action)
	assert.False(t, c.Exhaustive, "shard 2/2 stopped after one execution")
	txt := vt("merge", dir)
	assert.Regexp(t, `(?m)^ok  \S+ TestCounter \(\d+ executions, sampled with portfolio, not exhaustive, `, txt.stdout)
}

// Missing and duplicated shards are reported, never merged silently: a
// merged result with one shard's failure and another shard missing says
// both, and fails.
func TestMergeMissingAndDuplicatedShards(t *testing.T) {
	_, dir := shardRuns(t)
	s1, s2 := filepath.Join(dir, "shard1.json"), filepath.Join(dir, "shard2.json")
	ends1, _ := testEnds(t, mustRead(t, s1))
	failIn := "1"
	if ends1["TestPairDeadlock"].Verdict != "deadlock" {
		failIn = "2"
	}
	other := map[string]string{"1": s2, "2": s1}[failIn]
	failing := map[string]string{"1": s1, "2": s2}[failIn]

	r := vt("merge", "-json", failing)
	require.Equal(t, 1, r.code)
	merged, _ := testEnds(t, r.stdout)
	d := merged["TestPairDeadlock"]
	assert.Equal(t, "deadlock", d.Verdict, "the failure found")
	assert.Equal(t, "fail", d.Action)
	missing := map[string]int{"1": 2, "2": 1}[failIn]
	assert.Equal(t, []int{missing}, d.Missing, "and the shard missing")
	assert.Equal(t, []int{missing}, merged["TestCounter"].Missing)
	assert.False(t, merged["TestCounter"].Exhaustive)
	assert.Equal(t, "fail", merged["TestCounter"].Action, "a test with a shard missing fails")

	txt := vt("merge", failing)
	require.Equal(t, 1, txt.code)
	assert.Regexp(t, `(?m)^FAIL \S+ TestPairDeadlock: deadlock found in shard `+failIn+`/2 `, txt.stdout)
	assert.Contains(t, txt.stdout, "    shards missing: "+map[string]string{"1": "2/2", "2": "1/2"}[failIn]+" (no result given: their parts of the space are unexplored)\n")
	assert.Regexp(t, `(?m)^FAIL \S+ TestCounter: incomplete \(`, txt.stdout)
	assert.Contains(t, txt.stdout, "2 incomplete (shards missing or duplicated)")

	// Only the passing shard: nothing found, and still a failure.
	ok := vt("merge", other)
	assert.Equal(t, 1, ok.code, "shards missing: exit 1")

	dup := vt("merge", "-json", s1, s2, other)
	require.Equal(t, 1, dup.code)
	merged, _ = testEnds(t, dup.stdout)
	dupShard := map[string]int{"1": 2, "2": 1}[failIn]
	assert.Equal(t, []int{dupShard}, merged["TestCounter"].Duplicated)
	assert.Equal(t, "fail", merged["TestCounter"].Action)
	assert.False(t, merged["TestCounter"].Exhaustive)
	txt = vt("merge", s1, s2, other)
	assert.Contains(t, txt.stdout, "    shards given more than once: "+map[string]string{"1": "2/2", "2": "1/2"}[failIn]+" (")
}

func mustRead(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	return string(data)
}

// loadSchema reads docs/vt-check.schema.json.
func loadSchema(t *testing.T) *schema {
	t.Helper()
	data, err := os.ReadFile("../../docs/vt-check.schema.json")
	require.NoError(t, err)
	var s schema
	require.NoError(t, json.Unmarshal(data, &s))
	return &s
}

// The merge's rules on made-up results: the lowest failing shard's
// failure, the others listed; sums; the smallest bound; shards of
// different splits, unreadable files and a shard's failed run are errors
// (exit 2); a usage error is exit 2.
func TestMergeRules(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, lines ...string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
		return p
	}
	ev := func(action, test, fields string) string {
		return `{"Action":"` + action + `","Package":"p","Test":"` + test + `",` + fields + `}`
	}
	f1 := write("a.json",
		`{"Action":"start","Package":"p"}`,
		ev("pass", "TestA", `"name":"TestA","verdict":"ok","strategy":"dpor","shard":"1/3","exhaustive":true,"exhausted":true,"bound":2,"executions":10,"steps":100,"elapsed_ms":5`),
		ev("output", "TestB", `"Output":"    vt: race found in execution 4 of TestB\n"`),
		ev("fail", "TestB", `"name":"TestB","verdict":"race","shard":"1/3","exhaustive":false,"exhausted":false,"executions":4,"steps":40,"elapsed_ms":5,"failure":{"kind":"race","message":"m","goroutines":null,"schedule":null,"replay":"vt1:00:1","execution":4}`))
	f2 := write("b.json",
		"go: downloading example.com/x v1.0.0",
		ev("pass", "TestA", `"name":"TestA","verdict":"ok","shard":"2/3","exhaustive":true,"exhausted":true,"executions":7,"steps":70,"elapsed_ms":9`),
		ev("fail", "TestB", `"name":"TestB","verdict":"deadlock","shard":"2/3","exhaustive":false,"exhausted":false,"executions":2,"steps":20,"elapsed_ms":1,"failure":{"kind":"deadlock","message":"m","goroutines":null,"schedule":null,"replay":"vt1:00:2","execution":2}`))
	f3 := write("c.jsonl",
		ev("pass", "TestA", `"name":"TestA","verdict":"ok","shard":"3/3","exhaustive":true,"exhausted":true,"bound":1,"executions":3,"steps":30,"elapsed_ms":2`),
		ev("pass", "TestB", `"name":"TestB","verdict":"ok","shard":"3/3","exhaustive":true,"exhausted":true,"executions":1,"steps":1,"elapsed_ms":1`))

	r := vt("merge", "-json", f3, f2, f1) // the order of the files does not matter
	require.Equal(t, 1, r.code, r.stderr)
	ends, _ := testEnds(t, r.stdout)
	a := ends["TestA"]
	assert.Equal(t, "pass", a.Action)
	assert.True(t, a.Exhaustive)
	assert.Equal(t, 20, a.Executions)
	assert.Contains(t, r.stdout, `"bound":1`, "the smallest bound of the shards")
	b := ends["TestB"]
	assert.Equal(t, "race", b.Verdict, "the lowest shard's failure")
	assert.Equal(t, "1/3", b.FoundIn)
	assert.Equal(t, []string{"deadlock in shard 2/3"}, b.AlsoFound)
	assert.Equal(t, "vt1:00:1", b.Failure.Replay)
	assert.Equal(t, 7, b.Executions)

	txt := vt("merge", dir)
	assert.Contains(t, txt.stdout, "ok  p TestA (20 executions, exhaustive up to 1 preemption, 9ms; 3 shards)\n")
	assert.Contains(t, txt.stdout, "FAIL p TestB: race found in shard 1/3 in execution 4 (7 executions in 3 shards, 5ms)\n    also found: deadlock in shard 2/3\nvt: race found in execution 4 of TestB\n")

	other := write("other.json", ev("pass", "TestA", `"name":"TestA","verdict":"ok","shard":"1/2","exhaustive":true,"exhausted":true,"executions":1,"steps":1,"elapsed_ms":1`))
	r = vt("merge", f1, other)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "vt merge: p TestA: shards of different splits: 1/3 ("+f1+":2) and 1/2 ("+other+":1)")

	bad := write("bad.json", `{"Action":"pass",`)
	r = vt("merge", bad)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, bad+":1: not a JSON object of vt's -json output")

	empty := write("empty.json", "PASS")
	r = vt("merge", empty)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, empty+": no result of vt test -json or vt check -json")

	failedRun := write("failedrun.json", `{"Action":"output","Output":"vt: packages not found\n"}`, `{"Action":"fail","Elapsed":0,"name":"summary","verdict":"error","error":"vt: packages not found"}`)
	r = vt("merge", f1, f2, f3, failedRun)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "vt merge: a shard's run failed: "+failedRun+":2: packages not found")

	// vt check -json's results merge too.
	chk1 := write("check1.json", `{"name":"main","verdict":"ok","strategy":"portfolio","shard":"1/2","exhaustive":true,"exhausted":true,"executions":3,"steps":1,"elapsed_ms":1}`)
	chk2 := write("check2.json", `{"name":"main","verdict":"deadlock","shard":"2/2","exhaustive":false,"exhausted":false,"executions":2,"steps":1,"elapsed_ms":1,"failure":{"kind":"deadlock","message":"m","goroutines":null,"schedule":null,"replay":"vt1:00:3","execution":2}}`)
	r = vt("merge", chk1, chk2)
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stdout, "FAIL main: deadlock found in shard 2/2 in execution 2 (5 executions in 2 shards, 1ms)\n")
	r = vt("merge", chk1)
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stdout, "FAIL main: incomplete (3 executions, sampled with portfolio, not exhaustive, 1ms; 2 shards)\n    shards missing: 2/2")

	r = vt("merge")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "usage: vt merge")
	r = vt("merge", filepath.Join(dir, "nothere"))
	assert.Equal(t, 2, r.code)
}
