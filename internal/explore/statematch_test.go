package explore

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeModule writes src (test functions of package gen) to a new module
// and returns its directory.
func writeModule(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module gen\n\ngo 1.26\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "gen_test.go"), []byte(src), 0o644))
	return dir
}

// The stateful strategy reaches exactly the final states (printed
// outputs) exhaustive dfs reaches, on small random programs, while it
// ends executions at states it stored; its own verdicts (race detection
// on) are those of dfs.
func TestStatefulSameOutputsAsDFS(t *testing.T) {
	n := 10
	if testing.Short() {
		n = 4
	}
	src := "package gen\n\nimport (\n\t\"fmt\"\n\t\"sync\"\n\t\"sync/atomic\"\n\t\"testing\"\n)\n\n"
	rng := rand.New(rand.NewSource(21))
	for i := range n {
		src += genProgram(rng, fmt.Sprintf("TestP%d", i))
	}
	prog, err := LoadTests(writeModule(t, src))
	require.NoError(t, err)
	compared, matched := 0, 0
	for i := range n {
		name := fmt.Sprintf("TestP%d", i)
		t.Run(name, func(t *testing.T) {
			pkg, err := TestPackage(prog, name, "")
			require.NoError(t, err)
			target := Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name}
			o := DefaultOptions()
			o.Race, o.Preempt, o.Execs = "", -1, 10000
			o.Time = 1 << 62
			o.Strategy = "dfs"
			want, rd := outputs(t, target, o)
			if !rd.Exhaustive {
				t.Skipf("dfs does not exhaust %s in %d executions", name, o.Execs)
			}
			o.Strategy = "stateful"
			got, rs := outputs(t, target, o)
			require.True(t, rs.Exhaustive)
			// Executions that ended at a stored state have no final
			// output; the others end, and are all the outputs of dfs.
			delete(got, "")
			assert.Equal(t, keys(want), keys(got), "final states of stateful and dfs")
			assert.Positive(t, rs.States)
			compared++
			matched += rs.StatesMatched

			// With race detection on, the same verdict.
			o.Race = "h"
			o.Strategy = "dfs"
			rd, err = explore(target, o, nil, nil)
			require.NoError(t, err)
			o.Strategy = "stateful"
			rs, err = explore(target, o, nil, nil)
			require.NoError(t, err)
			assert.Equal(t, rd.Verdict, rs.Verdict, "verdict of stateful and dfs")
			if rd.Verdict == "ok" {
				assert.True(t, rs.Exhaustive)
			}
		})
	}
	assert.GreaterOrEqual(t, compared, 2, "too few generated programs are small enough for dfs")
	assert.Positive(t, matched, "no execution ended at a stored state")
}

const statefulSrc = `package gen

import (
	"sync"
	"sync/atomic"
	"testing"
)

// Two goroutines increment a counter twice under a mutex: few states,
// many schedules.
func TestCounter(t *testing.T) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2 {
				mu.Lock()
				n++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if n != 4 {
		t.Fatal(n)
	}
}

// Two goroutines take turns through a sync.Cond. A Cond keeps its own
// address as an integer (its copy check), different in every execution:
// states still match across executions.
func TestCondTurns(t *testing.T) {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	turn := 0
	var wg sync.WaitGroup
	for id := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 1 {
				mu.Lock()
				for turn%2 != id {
					c.Wait()
				}
				turn++
				c.Broadcast()
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if turn != 2 {
		t.Fatal(turn)
	}
}

// Both goroutines raise their flag, then wait for the other's to fall:
// they spin forever.
func TestFlagsLivelock(t *testing.T) {
	var flags [2]atomic.Bool
	var wg sync.WaitGroup
	for id := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			flags[id].Store(true)
			for flags[1-id].Load() {
			}
			flags[id].Store(false)
		}()
	}
	wg.Wait()
}

// A spin-wait that ends: goroutine 2 waits for goroutine 1's flag. Its
// loop comes back to the same state, so the space is finite.
func TestSpinWait(t *testing.T) {
	var ready atomic.Bool
	data := 0
	done := make(chan bool)
	go func() {
		for !ready.Load() {
		}
		if data != 42 {
			panic("data")
		}
		done <- true
	}()
	data = 42
	ready.Store(true)
	<-done
}

// The same without the flag's ordering: a race.
func TestSpinRace(t *testing.T) {
	var ready atomic.Bool
	data := 0
	done := make(chan bool)
	go func() {
		for !ready.Load() {
		}
		_ = data
		done <- true
	}()
	ready.Store(true)
	data = 42
	<-done
}
`

func TestStatefulVerdicts(t *testing.T) {
	prog, err := LoadTests(writeModule(t, statefulSrc))
	require.NoError(t, err)
	for _, tc := range []struct {
		name, verdict string
		exhausted     bool
	}{
		{"TestCounter", "ok", true},
		{"TestCondTurns", "ok", true},
		{"TestFlagsLivelock", "steps", false},
		{"TestSpinWait", "ok", true},
		{"TestSpinRace", "race", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pkg, err := TestPackage(prog, tc.name, "")
			require.NoError(t, err)
			o := DefaultOptions()
			o.Strategy = "stateful"
			o.Time = 1 << 62
			res, err := Explore(Target{Prog: prog, Pkg: pkg, Test: tc.name, Root: -1, Name: tc.name}, o, nil)
			require.NoError(t, err)
			assert.Equal(t, tc.verdict, res.Verdict)
			assert.Equal(t, tc.exhausted, res.Exhaustive)
			assert.Positive(t, res.States)
			if tc.verdict == "steps" {
				require.NotNil(t, res.Failure)
				assert.Contains(t, res.Failure.Message, "livelock")
				assert.Contains(t, res.Failure.Message, "state matching")
			}
			if tc.name == "TestCondTurns" {
				t.Logf("%d executions, %d states, %d matched", res.Executions, res.States, res.StatesMatched)
				assert.Less(t, res.Executions, 2000)
				assert.Positive(t, res.StatesMatched)
			}
			if tc.name == "TestCounter" {
				// DFS without a bound needs 46,384 executions here.
				assert.Less(t, res.Executions, 4000)
				assert.Positive(t, res.StatesMatched)
			}
		})
	}
}

// A goroutine that keeps running after the function returned leaks, found
// as a cycle of states (dfs finds it at the step bound).
func TestStatefulLeakByCycle(t *testing.T) {
	src := `package gen

import (
	"runtime"
	"testing"
)

func TestSpinsAfter(t *testing.T) {
	n := 0
	go func() {
		for {
			n++
			n--
			runtime.Gosched()
		}
	}()
}
`
	prog, err := LoadTests(writeModule(t, src))
	require.NoError(t, err)
	pkg, err := TestPackage(prog, "TestSpinsAfter", "")
	require.NoError(t, err)
	o := DefaultOptions()
	o.Strategy, o.Race = "stateful", ""
	o.Time = 1 << 62
	res, err := Explore(Target{Prog: prog, Pkg: pkg, Test: "TestSpinsAfter", Root: -1, Name: "TestSpinsAfter"}, o, nil)
	require.NoError(t, err)
	assert.Equal(t, "leak", res.Verdict)
	require.NotNil(t, res.Failure)
	assert.Contains(t, res.Failure.Message, "state matching")
}

// States that differ only in the bytes of a byte array ([]byte, a native
// byte array in the interpreter): the stateful strategy matches the states
// whose bytes are equal (the orders of writes of different bytes) and
// keeps apart those whose bytes differ (the last writer of one byte), so
// it reaches exactly the final outputs dfs reaches.
func TestStatefulByteStates(t *testing.T) {
	src := `package gen

import (
	"fmt"
	"sync"
	"testing"
)

func TestDifferentBytes(t *testing.T) {
	b := make([]byte, 4)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			b[i] = byte(i + 1)
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(b)
}

func TestSameByte(t *testing.T) {
	var flags [2]bool
	b := make([]byte, 2)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			b[0] = byte(i + 1)
			flags[i%2] = !flags[i%2]
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(b, flags)
}
`
	prog, err := LoadTests(writeModule(t, src))
	require.NoError(t, err)
	for _, tc := range []struct {
		name    string
		outputs int
	}{
		{"TestDifferentBytes", 1},
		{"TestSameByte", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pkg, err := TestPackage(prog, tc.name, "")
			require.NoError(t, err)
			target := Target{Prog: prog, Pkg: pkg, Test: tc.name, Root: -1, Name: tc.name}
			o := DefaultOptions()
			o.Race, o.Preempt, o.Execs = "", -1, 20000
			o.Time = 1 << 62
			o.Strategy = "dfs"
			want, rd := outputs(t, target, o)
			require.True(t, rd.Exhaustive)
			assert.Len(t, want, tc.outputs, "%v", keys(want))
			o.Strategy = "stateful"
			got, rs := outputs(t, target, o)
			require.True(t, rs.Exhaustive)
			assert.Positive(t, rs.StatesMatched)
			assert.Less(t, rs.Executions, rd.Executions)
			delete(got, "")
			assert.Equal(t, keys(want), keys(got))
		})
	}
}
