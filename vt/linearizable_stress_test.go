//go:build !vtinterp

package vt

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// stressRing is examples/linqueue's RingQueue: Push and Pop read an index
// and write it back in two atomic steps (a lost update).
type stressRing struct {
	head, tail atomic.Int64
	slots      [8]atomic.Int64
}

func (q *stressRing) Push(x int) {
	t := q.tail.Load()
	q.slots[t%8].Store(int64(x))
	q.tail.Store(t + 1)
}

func (q *stressRing) Pop() (int, bool) {
	h := q.head.Load()
	if h == q.tail.Load() {
		return 0, false
	}
	x := int(q.slots[h%8].Load())
	q.head.Store(h + 1)
	return x, true
}

type stressPop struct {
	X  int
	OK bool
}

// TestLinearizableStressBaseline measures what vt.Linearizable is
// compared with in BENCHMARKS.md: plain stress testing plus porcupine.
// Each trial runs a random scenario of the ring queue (2 goroutines, 2
// operations each over Push(1), Push(2), Pop, as examples/linqueue's
// TestRingQueue) natively on real goroutines, records the history with
// the same atomic stamps, and checks it with the same checker. It reports
// trials per second and how many trials found a non-linearizable history
// within VT_LIN_STRESS (a duration; the test is skipped without it).
func TestLinearizableStressBaseline(t *testing.T) {
	budget, err := time.ParseDuration(os.Getenv("VT_LIN_STRESS"))
	if err != nil {
		t.Skip("set VT_LIN_STRESS=2s to measure stress testing with porcupine")
	}
	spec := Spec[*stressRing, []int]{
		New:  func() *stressRing { return &stressRing{} },
		Init: func() []int { return nil },
		Ops: []Op[*stressRing, []int]{
			CallWith("Push", []int{1, 2},
				func(q *stressRing, x int) struct{} { q.Push(x); return struct{}{} },
				func(s []int, x int) ([]int, struct{}) { return append(slices.Clip(s), x), struct{}{} }),
			Call("Pop",
				func(q *stressRing) stressPop { x, ok := q.Pop(); return stressPop{x, ok} },
				func(s []int) ([]int, stressPop) {
					if len(s) == 0 {
						return s, stressPop{}
					}
					return s[1:], stressPop{s[0], true}
				}),
		},
	}
	stressLoop(t, "ring queue", &spec, budget)
	stressLoop(t, "counter map", &Spec[*stressCounters, int]{
		New:  func() *stressCounters { return &stressCounters{m: map[string]int{}} },
		Init: func() int { return 0 },
		Ops: []Op[*stressCounters, int]{
			Call("Inc",
				func(c *stressCounters) struct{} { c.Inc("a"); return struct{}{} },
				func(n int) (int, struct{}) { return n + 1, struct{}{} }),
			Call("Get",
				func(c *stressCounters) int { return c.Get("a") },
				func(n int) (int, int) { return n, n }),
		},
	}, budget)
}

// stressCounters is examples/linqueue's Counters: Inc reads and writes
// back under two lock holds (check-then-act).
type stressCounters struct {
	mu sync.Mutex
	m  map[string]int
}

func (c *stressCounters) Inc(k string) {
	c.mu.Lock()
	n := c.m[k]
	c.mu.Unlock()
	c.mu.Lock()
	c.m[k] = n + 1
	c.mu.Unlock()
}

func (c *stressCounters) Get(k string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[k]
}

// stressLoop runs random scenarios of spec natively for budget and logs
// what it found.
func stressLoop[I, S any](t *testing.T, name string, spec *Spec[I, S], budget time.Duration) {
	ck := newLinChecker(spec.linModel(), t.Name())
	cs := spec.choices()
	threads, ops := spec.shape()
	trials, found := 0, 0
	var first time.Duration
	start := time.Now()
	for time.Since(start) < budget {
		trials++
		scenario := make([][]int, threads)
		for g := range scenario {
			for range ops {
				scenario[g] = append(scenario[g], rand.IntN(len(cs)))
			}
		}
		text := stressRun(spec, scenario, cs)
		if msg := ck.Check(text); msg != linOK {
			if found == 0 {
				first = time.Since(start)
			}
			found++
		}
	}
	histories, distinct, scenarios := ck.Stats()
	t.Logf("%s: stress + porcupine, %s: %d trials (%.0f/s), %d found a non-linearizable history (first after %s); %d histories, %d distinct, %d scenarios",
		name, budget, trials, float64(trials)/budget.Seconds(), found, first.Round(time.Microsecond), histories, distinct, scenarios)
}

// stressRun runs one scenario natively and returns its history, encoded
// as runScenario encodes it.
func stressRun[I, S any](spec *Spec[I, S], scenario [][]int, cs []linChoice) string {
	threads, ops := spec.shape()
	type ev struct {
		stamp int64
		call  bool
		g, j  int
		out   string
	}
	impl := spec.New()
	var stamp atomic.Int64
	evs := make([][]ev, threads)
	var wg sync.WaitGroup
	for g := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := stamp.Add(1)
			for j, k := range scenario[g] {
				evs[g] = append(evs[g], ev{stamp: s, call: true, g: g, j: j})
				r := spec.Ops[cs[k].op].run(impl, cs[k].arg)
				s = stamp.Add(1)
				evs[g] = append(evs[g], ev{stamp: s, g: g, j: j, out: render(r)})
			}
		}()
	}
	wg.Wait()
	all := slices.Concat(evs...)
	slices.SortStableFunc(all, func(a, b ev) int {
		if a.stamp != b.stamp {
			return int(a.stamp - b.stamp)
		}
		if a.call == b.call {
			return 0
		}
		if a.call {
			return 1
		}
		return -1
	})
	var sb strings.Builder
	sb.WriteString(spec.fingerprint() + "\n" + strconv.Itoa(threads) + " " + strconv.Itoa(ops) + "\n")
	for _, e := range all {
		if e.call {
			sb.WriteString("c " + strconv.Itoa(e.g) + " " + strconv.Itoa(e.j) + " " + strconv.Itoa(scenario[e.g][e.j]) + "\n")
		} else {
			sb.WriteString("r " + strconv.Itoa(e.g) + " " + strconv.Itoa(e.j) + " " + strconv.Quote(e.out) + "\n")
		}
	}
	return sb.String()
}
