package linqueue

import (
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// captureTB keeps what vt.Linearizable reports instead of failing the test.
type captureTB struct {
	testing.TB
	mu         sync.Mutex
	logs, errs []string
}

func (c *captureTB) Helper() {}

func (c *captureTB) Logf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.logs = append(c.logs, fmt.Sprintf(format, args...))
}

func (c *captureTB) Errorf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.errs = append(c.errs, fmt.Sprintf(format, args...))
}

func (c *captureTB) Fatal(args ...any) {
	c.Errorf("%s", fmt.Sprint(args...))
	runtime.Goexit()
}

func (c *captureTB) Fatalf(format string, args ...any) {
	c.Errorf(format, args...)
	runtime.Goexit()
}

func (c *captureTB) text() string {
	return strings.Join(append(append([]string{}, c.logs...), c.errs...), "\n")
}

var (
	statsRE   = regexp.MustCompile(`vt.Linearizable: (\d+) histories recorded, (\d+) distinct checked by porcupine, from (\d+) scenarios`)
	replayRE  = regexp.MustCompile(`-vt\.replay=(\S+)`)
	historyRE = regexp.MustCompile(`(?s)scenario \(.*?why:`)
)

// The lock-based queue is linearizable: every scenario of two goroutines
// with two operations each over Push(1), Push(2) and Pop, in every
// interleaving, gives a history the model explains; many executions give
// the same history, checked once.
func TestLinearizableQueueExhausted(t *testing.T) {
	tb := &captureTB{TB: t}
	spec := queueSpec(func() *Queue { return &Queue{} })
	spec.Threads, spec.OpsPerThread = 2, 1
	vt.Linearizable(tb, spec, vt.Time(time.Minute))
	out := tb.text()
	require.Empty(t, tb.errs, out)
	assert.Contains(t, out, "ok, ")
	assert.Contains(t, out, "exhaustive", out)
	m := statsRE.FindStringSubmatch(out)
	require.NotNil(t, m, out)
	var histories, distinct, scenarios int
	fmt.Sscan(m[1]+" "+m[2]+" "+m[3], &histories, &distinct, &scenarios)
	assert.Equal(t, 6, scenarios, "the canonical scenarios of 2 goroutines × 1 of 3 operations")
	assert.Less(t, distinct, histories/2, "memoization: %s", m[0])
	t.Log(m[0])
}

// The ring queue loses an item when two Pushes overlap: vt reports a
// non-linearizable history with its scenario, schedule and replay token,
// and replaying the token gives the same history.
func TestLinearizableRingQueueReplay(t *testing.T) {
	first := &captureTB{TB: t}
	vt.Linearizable(first, queueSpec(func() *RingQueue { return &RingQueue{} }), vt.Corpus("off"))
	var token string
	if m := replayRE.FindStringSubmatch(first.text()); m != nil {
		token = m[1]
	}
	again := &captureTB{TB: t}
	vt.Linearizable(again, queueSpec(func() *RingQueue { return &RingQueue{} }), vt.Replay(token), vt.Corpus("off"))

	require.Len(t, first.errs, 1, first.text())
	report := first.errs[0]
	assert.Contains(t, report, "not linearizable: no sequential order of the operations gives their results")
	assert.Contains(t, report, "schedule (")
	require.NotEmpty(t, token, report)
	h1 := historyRE.FindString(report)
	require.NotEmpty(t, h1, report)

	require.Len(t, again.errs, 1, again.text())
	assert.Equal(t, h1, historyRE.FindString(again.errs[0]), "the replay's history")
}

// The counter map increments with check-then-act: two overlapping Incs
// count once.
func TestLinearizableCountersCheckThenAct(t *testing.T) {
	tb := &captureTB{TB: t}
	vt.Linearizable(tb, countersSpec(), vt.Strategy("dpor"), vt.Time(time.Minute), vt.Corpus("off"))
	require.Len(t, tb.errs, 1, tb.text())
	assert.Contains(t, tb.errs[0], "not linearizable")
	assert.Contains(t, tb.errs[0], "Get(\"a\") (thread")
}

// Bad specs are refused with one clear error each, before exploring.
func TestLinearizableBadSpec(t *testing.T) {
	type q = *Queue
	for _, tc := range []struct {
		name string
		spec vt.Spec[q, []int]
		want string
	}{
		{"no New", vt.Spec[q, []int]{Init: func() []int { return nil }, Ops: queueSpec(func() q { return nil }).Ops}, "Spec.New is nil"},
		{"no ops", vt.Spec[q, []int]{New: func() q { return nil }, Init: func() []int { return nil }}, "Spec.Ops is empty"},
		{"zero op", vt.Spec[q, []int]{New: func() q { return nil }, Init: func() []int { return nil }, Ops: []vt.Op[q, []int]{{}}}, "Spec.Ops[0] is zero"},
		{"nil model", vt.Spec[q, []int]{New: func() q { return nil }, Init: func() []int { return nil }, Ops: []vt.Op[q, []int]{
			vt.Call[q, []int, int]("Len", func(q) int { return 0 }, nil)}}, "Spec.Ops[0] (Len): model is nil"},
		{"threads", vt.Spec[q, []int]{New: func() q { return nil }, Init: func() []int { return nil }, Ops: queueSpec(func() q { return nil }).Ops, Threads: -1}, "Spec.Threads is -1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := &captureTB{TB: t}
			done := make(chan struct{})
			go func() { // Fatal ends the goroutine
				defer close(done)
				vt.Linearizable(tb, tc.spec)
			}()
			<-done
			require.NotEmpty(t, tb.errs)
			assert.Contains(t, tb.errs[0], tc.want)
			assert.True(t, strings.HasPrefix(tb.errs[0], "vt.Linearizable: "), tb.errs[0])
		})
	}
}

var errEmpty = errors.New("empty")

// Results render alike in vt's interpreter and in the test process: a
// struct of errors, maps, floats, slices, pointers and interfaces that the
// implementation and the model both return is no difference.
func TestLinearizableRendersAlike(t *testing.T) {
	type local struct {
		X int
		E error
		M map[string]int
		F float64
		S []string
		p *int
		A any
	}
	tb := &captureTB{TB: t}
	vt.Linearizable(tb, vt.Spec[*Queue, []int]{
		New:  func() *Queue { return &Queue{} },
		Init: func() []int { return nil },
		Ops: []vt.Op[*Queue, []int]{
			vt.Call("Pop",
				func(q *Queue) local {
					x, _ := q.Pop()
					n := 5
					return local{x, fmt.Errorf("w %w", errEmpty), map[string]int{"b": 2, "a": 1}, 0.1, []string{"x"}, &n, uint16(7)}
				},
				func(s []int) ([]int, local) {
					n := 5
					return s, local{0, fmt.Errorf("w %w", errEmpty), map[string]int{"a": 1, "b": 2}, 0.1, []string{"x"}, &n, uint16(7)}
				}),
			vt.Call("Err",
				func(q *Queue) error { return errEmpty },
				func(s []int) ([]int, error) { return s, errEmpty }),
			vt.Call("Any",
				func(q *Queue) any { return int8(3) },
				func(s []int) ([]int, any) { return s, int8(3) }),
		},
		Threads: 1, OpsPerThread: 1,
	})
	require.Empty(t, tb.errs, tb.text())
	assert.Contains(t, tb.text(), "ok, 3 executions, exhaustive")
}

// The counter map's lost update is no sequentially consistent history
// either: both goroutines increment, then each reads 1.
func TestLinearizableCountersSequentialConsistency(t *testing.T) {
	tb := &captureTB{TB: t}
	spec := countersSpec()
	spec.Criterion = vt.SequentialConsistency
	vt.Linearizable(tb, spec, vt.Strategy("dpor"), vt.Time(time.Minute), vt.Corpus("off"))
	require.Len(t, tb.errs, 1, tb.text())
	assert.Contains(t, tb.errs[0], "not sequentially consistent")
	assert.Contains(t, tb.errs[0], `thread 1: Inc("a"), Get("a")`)
	assert.Contains(t, tb.errs[0], `thread 2: Inc("a"), Get("a")`)
}

// The history's stamps order an operation before a later one of another
// goroutine, as any harness's clock would, but operations that overlap
// stay unordered: vt reports the race of RacyQueue's length.
func TestLinearizableRaceStillReported(t *testing.T) {
	tb := &captureTB{TB: t}
	vt.Linearizable(tb, vt.Spec[*RacyQueue, int]{
		New:  func() *RacyQueue { return &RacyQueue{} },
		Init: func() int { return 0 },
		Ops: []vt.Op[*RacyQueue, int]{
			vt.Call("Push",
				func(q *RacyQueue) struct{} { q.Push(1); return struct{}{} },
				func(n int) (int, struct{}) { return n + 1, struct{}{} }),
			vt.Call("Len",
				func(q *RacyQueue) int { return q.Len() },
				func(n int) (int, int) { return n, n }),
		},
		Threads: 2, OpsPerThread: 1,
	}, vt.Corpus("off"))
	require.Len(t, tb.errs, 1, tb.text())
	assert.Contains(t, tb.errs[0], "vt: race found")
}

// registerSpec specifies a register of ints, starting at 0.
func registerSpec(cr vt.Criterion) vt.Spec[*BlindRegister, int] {
	return vt.Spec[*BlindRegister, int]{
		New:  func() *BlindRegister { return &BlindRegister{} },
		Init: func() int { return 0 },
		Ops: []vt.Op[*BlindRegister, int]{
			vt.CallWith("Write", []int{1},
				func(b *BlindRegister, x int) struct{} { b.Write(x); return struct{}{} },
				func(_ int, x int) (int, struct{}) { return x, struct{}{} }),
			vt.Call("Read",
				func(b *BlindRegister) int { return b.Read() },
				func(s int) (int, int) { return s, s }),
		},
		Threads: 2, OpsPerThread: 1, Criterion: cr,
	}
}

// The blind register is sequentially consistent for one operation per
// goroutine (exhaustively), but not linearizable.
func TestLinearizableBlindRegister(t *testing.T) {
	// (Both calls come before the assertions: the interpreter runs the
	// test up to the second call, where the first one reported nothing.)
	lin := &captureTB{TB: t}
	vt.Linearizable(lin, registerSpec(vt.Linearizability), vt.Corpus("off"))
	sc := &captureTB{TB: t}
	vt.Linearizable(sc, registerSpec(vt.SequentialConsistency), vt.Corpus("off"))

	require.Len(t, lin.errs, 1, lin.text())
	assert.Contains(t, lin.errs[0], "not linearizable")
	assert.Contains(t, lin.errs[0], "Read() (thread 2) returned 0, the model returns 1")
	require.Empty(t, sc.errs, sc.text())
	assert.Contains(t, sc.text(), "exhaustive")
}
