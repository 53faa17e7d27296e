package explore

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A select that blocks waits for its channels only: DPOR must reach
// exactly the final states exhaustive search reaches (the stateful one,
// whose final states are dfs's: TestStatefulSameOutputsAsDFS) on generated
// programs whose goroutines send in selects and whose test function
// receives in selects (both block).
func TestDPORSelectSameOutputsAsDFS(t *testing.T) {
	n := 6
	if testing.Short() {
		n = 5
	}
	compared, selects := 0, 0
	dporMatchesStateful(t, 21, n, 10000, func(rng *rand.Rand, name string) string { return genProgramWith(rng, name, true) },
		func(want map[string]bool) {
			compared++
			for k := range want {
				if strings.Contains(k, "r2 ") {
					selects++
					break
				}
			}
		})
	assert.GreaterOrEqual(t, compared, 3, "too few generated programs are small enough to exhaust")
	assert.GreaterOrEqual(t, selects, 2, "too few programs take the second case of a select")
}

// dporMatchesStateful writes n programs gen generates (from seed) as
// tests and checks, for each that the stateful search exhausts within
// execs executions, that dpor with no bound exhausts it too and reaches
// the same final outputs (race detection off); seen gets each compared
// program's outputs.
func dporMatchesStateful(t *testing.T, seed int64, n, execs int, gen func(*rand.Rand, string) string, seen func(map[string]bool)) {
	t.Helper()
	src := "package gen\n\nimport (\n\t\"fmt\"\n\t\"sync\"\n\t\"sync/atomic\"\n\t\"testing\"\n)\n\n"
	rng := rand.New(rand.NewSource(seed))
	for i := range n {
		src += gen(rng, fmt.Sprintf("TestP%d", i))
	}
	prog, err := LoadTests(writeModule(t, src))
	require.NoError(t, err)
	for i := range n {
		name := fmt.Sprintf("TestP%d", i)
		t.Run(name, func(t *testing.T) {
			pkg, err := TestPackage(prog, name, "")
			require.NoError(t, err)
			target := Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name}
			o := DefaultOptions()
			o.Race, o.Preempt, o.Execs, o.Parallel, o.Strategy = "", -1, execs, 1, "stateful"
			o.Time = 1 << 62
			want, rs := outputs(t, target, o)
			if !rs.Exhaustive {
				t.Skipf("the stateful search does not exhaust %s in %d executions", name, o.Execs)
			}
			o.Strategy = "dpor"
			got, rp := outputs(t, target, o)
			require.True(t, rp.Exhaustive)
			assert.Equal(t, keys(want), keys(got), "final states of dpor and the stateful search")
			seen(want)
		})
	}
}

// pipelineSrc is a three-stage pipeline cancelled by its consumer: the
// stages block in selects between their output channel and done, the
// shape of every context-cancelled pipeline.
const pipelineSrc = `package gen

import (
	"fmt"
	"testing"
)

func TestPipeline(t *testing.T) {
	done := make(chan struct{})
	gen := make(chan int)
	go func() {
		defer close(gen)
		for i := 1; i <= 4; i++ {
			select {
			case gen <- i:
			case <-done:
				return
			}
		}
	}()
	sq := make(chan int)
	go func() {
		defer close(sq)
		for v := range gen {
			select {
			case sq <- v * v:
			case <-done:
				return
			}
		}
	}()
	for v := range sq {
		if v > 5 {
			fmt.Println(v)
			break
		}
	}
	close(done)
}
`

// A select blocked on some channels commutes with what other goroutines do
// elsewhere. When a blocked select was dependent with every transition,
// DPOR needed 332,458 executions to exhaust this pipeline (and did not
// exhaust examples/ctxpipeline's TestMap within 600,000); now it takes
// 2,690, with the outputs the stateful search finds.
func TestDPORPipelineExhausts(t *testing.T) {
	prog, err := LoadTests(writeModule(t, pipelineSrc))
	require.NoError(t, err)
	pkg, err := TestPackage(prog, "TestPipeline", "")
	require.NoError(t, err)
	target := Target{Prog: prog, Pkg: pkg, Test: "TestPipeline", Root: -1, Name: "TestPipeline"}
	o := DefaultOptions()
	o.Preempt, o.Execs, o.Parallel, o.Strategy = -1, 20000, 1, "dpor"
	o.Time = 1 << 62
	_, rp := outputs(t, target, o)
	require.True(t, rp.Exhaustive, "dpor exhausts the pipeline within %d executions", o.Execs)
	assert.Equal(t, "ok", rp.Verdict)
	t.Logf("dpor: %d executions", rp.Executions)
	assert.Less(t, rp.Executions, 10000)
	o.Race = ""
	got, _ := outputs(t, target, o)
	o.Strategy = "stateful"
	want, rs := outputs(t, target, o)
	require.True(t, rs.Exhaustive)
	assert.Equal(t, keys(want), keys(got), "final states of dpor and the stateful search")
}

// lookSrc has goroutines whose next step depends on a channel's state
// without operating on it: a select that takes its default case, len of a
// channel, a TryLock that fails. The goroutine that looks is created first, so that the first
// execution runs it before the send; DPOR once missed the other order
// (the look had no footprint) and called TestSelectDefault ok.
const lookSrc = `package gen

import (
	"sync"
	"testing"
)

func TestSelectDefault(t *testing.T) {
	ch := make(chan int, 1)
	r := 0
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		select {
		case <-ch:
			r = 1
		default:
			r = 2
		}
	}()
	go func() { defer wg.Done(); ch <- 1 }()
	wg.Wait()
	if r == 1 {
		t.Fatal("received")
	}
}

func TestLen(t *testing.T) {
	ch := make(chan int, 1)
	r := 0
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		r = len(ch)
	}()
	go func() { defer wg.Done(); ch <- 1 }()
	wg.Wait()
	if r == 1 {
		t.Fatal("len 1")
	}
}

func tryLockRace() int {
	var mu sync.Mutex
	r := 0
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		mu.Lock()
		mu.Unlock()
	}()
	go func() {
		defer wg.Done()
		if mu.TryLock() {
			r = 1
			mu.Unlock()
		} else {
			r = 2
		}
	}()
	wg.Wait()
	return r
}

func TestTryLockFails(t *testing.T) {
	if tryLockRace() == 2 {
		t.Fatal("TryLock failed")
	}
}

func TestTryLockSucceeds(t *testing.T) {
	if tryLockRace() == 1 {
		t.Fatal("TryLock succeeded")
	}
}

func TestSelectOtherReady(t *testing.T) {
	a, b := make(chan int), make(chan int, 1)
	got := make(chan int, 1)
	go func() {
		select {
		case v := <-a:
			got <- v
		case v := <-b:
			got <- v
		}
	}()
	go func() { a <- 1 }()
	b <- 2
	if v := <-got; v == 1 {
		t.Fatal("took a")
	}
	<-a
}
`

// What a select or len saw of a channel, or a failed TryLock of a mutex,
// orders it with the operations on them: DPOR finds the failure of each
// test (dfs does).
func TestDPORSeesChannelLooks(t *testing.T) {
	prog, err := LoadTests(writeModule(t, lookSrc))
	require.NoError(t, err)
	for _, name := range []string{"TestSelectDefault", "TestLen", "TestTryLockFails", "TestTryLockSucceeds", "TestSelectOtherReady"} {
		pkg, err := TestPackage(prog, name, "")
		require.NoError(t, err)
		target := Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name}
		for _, strategy := range []string{"dfs", "dpor"} {
			o := DefaultOptions()
			o.Preempt, o.Parallel, o.Strategy, o.Race = -1, 1, strategy, ""
			res, err := Explore(target, o, nil)
			require.NoError(t, err)
			assert.Equal(t, "assert", res.Verdict, "%s under %s", name, strategy)
		}
	}
}
