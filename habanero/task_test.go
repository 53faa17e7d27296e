package habanero

import (
	"errors"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLaunchWaitsForTransitiveAsyncs(t *testing.T) {
	var n atomic.Int64
	Launch(func(h *Task) {
		for range 10 {
			h.Async(func(h *Task) {
				time.Sleep(time.Millisecond)
				h.Async(func(h *Task) {
					time.Sleep(time.Millisecond)
					n.Add(1)
				})
			})
		}
	})
	assert.Equal(t, int64(10), n.Load())
}

func TestAsyncWritesVisibleAfterFinish(t *testing.T) {
	// Plain (non-atomic) writes: the race detector checks that Finish
	// orders them before the reads.
	a := make([]int, 100)
	Launch(func(h *Task) {
		h.Finish(func(h *Task) {
			for i := range a {
				h.Async(func(*Task) { a[i] = i * i })
			}
		})
		for i := range a {
			require.Equal(t, i*i, a[i])
		}
	})
}

func TestAsyncJoinsImmediatelyEnclosingFinish(t *testing.T) {
	// The inner finish must not wait for a task started outside it (if it
	// did, it would deadlock: that task waits for the code after the inner
	// finish).
	release := make(chan struct{})
	var innerDone, outerTaskDone atomic.Bool
	within(t, 5*time.Second, func() {
		Launch(func(h *Task) {
			h.Finish(func(h *Task) {
				h.Async(func(*Task) { // joins the outer finish
					<-release
					outerTaskDone.Store(true)
				})
				h.Finish(func(h *Task) {
					h.Async(func(*Task) {})
				})
				innerDone.Store(true)
				assert.False(t, outerTaskDone.Load())
				close(release)
			})
			assert.True(t, outerTaskDone.Load(), "outer finish did not wait")
		})
	})
	assert.True(t, innerDone.Load())
}

func TestFinishInsideAsyncInsideFinish(t *testing.T) {
	var order []string
	var mu sync.Mutex
	log := func(s string) { mu.Lock(); order = append(order, s); mu.Unlock() }
	Launch(func(h *Task) {
		h.Finish(func(h *Task) {
			h.Async(func(h *Task) {
				h.Finish(func(h *Task) {
					h.Async(func(h *Task) {
						time.Sleep(5 * time.Millisecond)
						h.Async(func(*Task) {
							time.Sleep(5 * time.Millisecond)
							log("grandchild")
						})
					})
				})
				log("after inner finish")
			})
		})
		log("after outer finish")
	})
	assert.Equal(t, []string{"grandchild", "after inner finish", "after outer finish"}, order)
}

func TestFutureGet(t *testing.T) {
	Launch(func(h *Task) {
		f := Future(h, func(*Task) int { return 42 })
		g := Future(h, func(h *Task) string {
			return "v" + string(rune('0'+f.Get(h)%10))
		})
		require.Equal(t, 42, f.Get(h))
		require.Equal(t, 42, f.Get(h), "Get twice")
		require.Equal(t, "v2", g.Get(h))
	})
}

func TestFutureJoinsEnclosingFinish(t *testing.T) {
	var done atomic.Bool
	Launch(func(h *Task) {
		h.Finish(func(h *Task) {
			Future(h, func(*Task) int { // never Get: the finish still waits
				time.Sleep(10 * time.Millisecond)
				done.Store(true)
				return 1
			})
		})
		require.True(t, done.Load())
	})
}

func TestFuturesInsideFinishRecursive(t *testing.T) {
	var fib func(h *Task, n int) int
	fib = func(h *Task, n int) int {
		if n < 2 {
			return n
		}
		a := Future(h, func(h *Task) int { return fib(h, n-1) })
		b := Future(h, func(h *Task) int { return fib(h, n-2) })
		return a.Get(h) + b.Get(h)
	}
	Launch(func(h *Task) {
		var r int
		h.Finish(func(h *Task) { r = fib(h, 15) })
		require.Equal(t, 610, r)
	})
}

func TestFuturePanicGet(t *testing.T) {
	pe := launchPanic(t, func(h *Task) {
		f := Future(h, func(*Task) int { panic("boom") })
		f.Get(h)
	})
	assert.ElementsMatch(t, []string{"boom", "habanero: Get on a future whose task panicked: boom"}, values(pe))
}

func TestIsolatedMutualExclusion(t *testing.T) {
	counter := 0 // unsynchronized except by Isolated: -race checks it
	inside := 0
	Launch(func(h *Task) {
		h.Forall(0, 200, func(h *Task, i int) {
			h.Isolated(func() {
				inside++
				if inside != 1 {
					panic("two isolated sections at once")
				}
				counter++
				inside--
			})
		})
	})
	assert.Equal(t, 200, counter)
}

func TestNestedIsolated(t *testing.T) {
	x := 0
	Launch(func(h *Task) {
		h.Isolated(func() {
			h.Isolated(func() { x++ })
			h.IsolatedOn([]any{&x}, func() { x++ })
		})
		h.IsolatedOn([]any{&x}, func() {
			h.IsolatedOn([]any{&x, &x}, func() { x++ })
		})
	})
	assert.Equal(t, 3, x)
}

func TestIsolatedOnSameObjectExcludes(t *testing.T) {
	a, b := new(int), new(int)
	Launch(func(h *Task) {
		h.Forall(0, 100, func(h *Task, i int) {
			objs := []any{a}
			if i%2 == 0 {
				objs = []any{b, a}
			}
			h.IsolatedOn(objs, func() { *a++ })
		})
		h.Forall(0, 100, func(h *Task, i int) {
			if i%3 == 0 {
				h.Isolated(func() { *b++ })
			} else {
				h.IsolatedOn([]any{b}, func() { *b++ })
			}
		})
	})
	assert.Equal(t, 100, *a)
	assert.Equal(t, 100, *b)
}

func TestIsolatedOnDisjointObjectsRunConcurrently(t *testing.T) {
	a, b := new(int), make(map[int]int)
	aIn, bIn := make(chan struct{}), make(chan struct{})
	within(t, 5*time.Second, func() {
		Launch(func(h *Task) {
			h.Async(func(h *Task) {
				h.IsolatedOn([]any{a}, func() { close(aIn); <-bIn })
			})
			h.Async(func(h *Task) {
				h.IsolatedOn([]any{b}, func() { close(bIn); <-aIn })
			})
		})
	})
}

func TestIsolatedOnObjectIdentity(t *testing.T) {
	s := make([]int, 4)
	assert.Equal(t, isolationKey(s), isolationKey(&s[0]), "a slice is identified by its first element")
	assert.NotEqual(t, isolationKey(s), isolationKey(&s[1]))
	assert.Equal(t, isolationKey("k"), isolationKey("k"))
	assert.PanicsWithValue(t, "habanero: IsolatedOn with a nil object", func() { isolationKey(nil) })
	assert.PanicsWithValue(t, "habanero: IsolatedOn with a nil *int", func() { isolationKey((*int)(nil)) })
	assert.PanicsWithValue(t, "habanero: IsolatedOn with an empty []int (no backing array to identify)", func() { isolationKey([]int{}) })
	assert.PanicsWithValue(t, "habanero: IsolatedOn object of type func() cannot be identified; pass a pointer", func() { isolationKey(func() {}) })
}

func TestForasyncForallChunked(t *testing.T) {
	for _, tc := range []struct{ lo, hi, chunk int }{{0, 0, 1}, {0, 10, 1}, {3, 17, 4}, {-5, 5, 3}, {0, 7, 100}, {5, 2, 2}} {
		var seen []int
		var mu sync.Mutex
		var tasks atomic.Int64
		Launch(func(h *Task) {
			h.ForallChunked(tc.lo, tc.hi, tc.chunk, func(h *Task, i int) {
				mu.Lock()
				seen = append(seen, i)
				mu.Unlock()
			})
			h.Forall(tc.lo, tc.hi, func(*Task, int) { tasks.Add(1) })
			h.Finish(func(h *Task) {
				h.Forasync(tc.lo, tc.hi, func(*Task, int) { tasks.Add(1) })
			})
		})
		var want []int
		for i := tc.lo; i < tc.hi; i++ {
			want = append(want, i)
		}
		sort.Ints(seen)
		assert.Equal(t, want, seen, "%+v", tc)
		assert.Equal(t, int64(2*len(want)), tasks.Load())
	}
}

func TestForallChunkedTaskCount(t *testing.T) {
	ids := map[int64][]int{}
	var mu sync.Mutex
	Launch(func(h *Task) {
		h.ForallChunked(0, 10, 4, func(h *Task, i int) {
			mu.Lock()
			ids[h.ID()] = append(ids[h.ID()], i)
			mu.Unlock()
		})
	})
	var chunks [][]int
	for _, c := range ids {
		chunks = append(chunks, c)
	}
	sort.Slice(chunks, func(i, j int) bool { return chunks[i][0] < chunks[j][0] })
	assert.Equal(t, [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9}}, chunks)
}

func TestDDF(t *testing.T) {
	var got []int
	Launch(func(h *Task) {
		a, b := NewDDF[int](), NewDDF[int]()
		h.AsyncAwait([]Awaitable{a, b}, func(*Task) {
			got = append(got, a.Get()+b.Get())
		})
		h.Async(func(*Task) { time.Sleep(5 * time.Millisecond); b.Put(2) })
		h.Async(func(*Task) { a.Put(40) })
	})
	assert.Equal(t, []int{42}, got)
	d := NewDDF[string]()
	d.Put("x")
	assert.Equal(t, "x", d.Get())
}

func TestDDFChain(t *testing.T) {
	const n = 20
	ds := make([]*DDF[int], n)
	for i := range ds {
		ds[i] = NewDDF[int]()
	}
	Launch(func(h *Task) {
		for i := n - 1; i > 0; i-- { // created in reverse order of readiness
			h.AsyncAwait([]Awaitable{ds[i-1]}, func(*Task) { ds[i].Put(ds[i-1].Get() + i) })
		}
		ds[0].Put(0)
	})
	assert.Equal(t, n*(n-1)/2, ds[n-1].Get())
}

func TestPanicCollectedByEnclosingFinish(t *testing.T) {
	var after atomic.Bool
	var caught any
	Launch(func(h *Task) {
		func() {
			defer func() { caught = recover() }()
			h.Finish(func(h *Task) {
				h.Async(func(*Task) { panic("p1") })
				h.Async(func(*Task) {
					time.Sleep(20 * time.Millisecond)
					after.Store(true) // Finish waits for this task before re-panicking
				})
				h.Async(func(*Task) { panic(errors.New("p2")) })
			})
		}()
	})
	pe, ok := caught.(*PanicError)
	require.True(t, ok, "caught %v", caught)
	assert.True(t, after.Load())
	assert.ElementsMatch(t, []string{"p1", "p2"}, values(pe))
	for _, p := range pe.Panics {
		assert.NotZero(t, p.Task)
		assert.Contains(t, p.Stack, "habanero")
	}
	assert.Contains(t, pe.Error(), "habanero: 2 tasks panicked: ")
}

func TestPanicPropagatesThroughNestedFinishesToLaunch(t *testing.T) {
	sentinel := errors.New("sentinel")
	pe := launchPanic(t, func(h *Task) {
		h.Async(func(h *Task) {
			h.Finish(func(h *Task) {
				h.Async(func(*Task) { panic(sentinel) })
			})
		})
		panic("root")
	})
	assert.ElementsMatch(t, []string{"root", "sentinel"}, values(pe), "nested PanicErrors are flattened")
	assert.ErrorIs(t, pe, sentinel)
	assert.Equal(t, int64(0), pe.Panics[0].Task, "the root's own panic comes first")
	assert.Equal(t, "habanero: 2 tasks panicked: task 0: root; task 2: sentinel", pe.Error())
}

func TestSinglePanicMessage(t *testing.T) {
	pe := launchPanic(t, func(h *Task) { h.Async(func(*Task) { panic("x") }) })
	assert.Equal(t, "habanero: a task panicked: task 1: x", pe.Error())
}

func TestMisuseMessages(t *testing.T) {
	iso := func(f func(h *Task)) func(*Task) {
		return func(h *Task) { h.Isolated(func() { f(h) }) }
	}
	cases := []struct {
		msg  string
		body func(*Task)
	}{
		{"habanero: Async inside Isolated", iso(func(h *Task) { h.Async(func(*Task) {}) })},
		{"habanero: Finish inside Isolated", iso(func(h *Task) { h.Finish(func(*Task) {}) })},
		{"habanero: Future inside Isolated", iso(func(h *Task) { Future(h, func(*Task) int { return 0 }) })},
		{"habanero: Get inside Isolated", func(h *Task) {
			f := Future(h, func(*Task) int { return 0 })
			h.IsolatedOn([]any{f}, func() { f.Get(h) })
		}},
		{"habanero: Forasync inside Isolated", iso(func(h *Task) { h.Forasync(0, 1, func(*Task, int) {}) })},
		{"habanero: Forall inside Isolated", iso(func(h *Task) { h.Forall(0, 1, func(*Task, int) {}) })},
		{"habanero: ForallChunked inside Isolated", iso(func(h *Task) { h.ForallChunked(0, 1, 1, func(*Task, int) {}) })},
		{"habanero: AsyncAwait inside Isolated", iso(func(h *Task) { h.AsyncAwait(nil, func(*Task) {}) })},
		{"habanero: AsyncPhased inside Isolated", iso(func(h *Task) { h.AsyncPhased(nil, func(*Task) {}) })},
		{"habanero: Next inside Isolated", iso(func(h *Task) { h.Next() })},
		{"habanero: Signal inside Isolated", iso(func(h *Task) { h.Signal() })},
		{"habanero: NextSingle inside Isolated", iso(func(h *Task) { h.NextSingle(func() {}) })},
		{"habanero: Isolated nested inside IsolatedOn", func(h *Task) {
			h.IsolatedOn([]any{"a"}, func() { h.Isolated(func() {}) })
		}},
		{"habanero: IsolatedOn nested inside IsolatedOn needs an object the enclosing section does not hold", func(h *Task) {
			h.IsolatedOn([]any{"a"}, func() { h.IsolatedOn([]any{"a", "b"}, func() {}) })
		}},
		{"habanero: second Put on a DDF", func(*Task) { d := NewDDF[int](); d.Put(1); d.Put(2) }},
		{"habanero: Get on an empty DDF (read a DDF inside an AsyncAwait that names it)", func(*Task) { NewDDF[int]().Get() }},
		{"habanero: AsyncAwait on a nil DDF", func(h *Task) { h.AsyncAwait([]Awaitable{(*DDF[int])(nil)}, func(*Task) {}) }},
		{"habanero: ForallChunked with a chunk size that is not positive", func(h *Task) { h.ForallChunked(0, 4, 0, func(*Task, int) {}) }},
		{"habanero: NewPhaser with an illegal mode Mode(4)", func(h *Task) { h.NewPhaser(Mode(4)) }},
		{"habanero: In with an illegal mode Mode(-1)", func(h *Task) { h.NewPhaser(SigWait).In(Mode(-1)) }},
		{"habanero: AsyncPhased with a zero Reg (use Phaser.In)", func(h *Task) { h.AsyncPhased([]Reg{{}}, func(*Task) {}) }},
		{"habanero: Next on phaser 1, registered in SigWaitSingle mode (use NextSingle)", func(h *Task) {
			h.NewPhaser(SigWaitSingle)
			h.Next()
		}},
		{"habanero: NextSingle needs exactly one phaser registration, in SigWaitSingle mode; task 0 has SigWait on phaser 1", func(h *Task) {
			h.NewPhaser(SigWait)
			h.NextSingle(func() {})
		}},
		{"habanero: NextSingle needs exactly one phaser registration, in SigWaitSingle mode; task 0 has no registrations", func(h *Task) {
			h.NextSingle(func() {})
		}},
		{"habanero: Drop of phaser 1, which task 1 is not registered on", func(h *Task) {
			p := h.NewPhaser(SigWait)
			h.Async(func(h *Task) { h.Drop(p) })
		}},
		{"habanero: AsyncPhased on phaser 1, which task 0 is not registered on", func(h *Task) {
			p := h.NewPhaser(SigWait)
			h.Drop(p)
			h.AsyncPhased([]Reg{p.In(Sig)}, func(*Task) {})
		}},
		{"habanero: AsyncPhased names phaser 1 twice", func(h *Task) {
			p := h.NewPhaser(SigWait)
			h.AsyncPhased([]Reg{p.In(Sig), p.In(Wait)}, func(*Task) {})
		}},
	}
	for _, tc := range cases {
		t.Run(tc.msg, func(t *testing.T) { requireMisuse(t, tc.msg, tc.body) })
	}
}

func TestCapabilityRule(t *testing.T) {
	all := []Mode{Sig, Wait, SigWait, SigWaitSingle}
	allowed := map[Mode][]Mode{
		Sig:           {Sig},
		Wait:          {Wait},
		SigWait:       {Sig, Wait, SigWait},
		SigWaitSingle: {Sig, Wait, SigWait, SigWaitSingle},
	}
	for _, parent := range all {
		for _, child := range all {
			ok := false
			for _, m := range allowed[parent] {
				ok = ok || m == child
			}
			name := parent.String() + "->" + child.String()
			body := func(h *Task) {
				p := h.NewPhaser(parent)
				h.AsyncPhased([]Reg{p.In(child)}, func(*Task) {})
			}
			if ok {
				within(t, 5*time.Second, func() { Launch(body) })
				continue
			}
			t.Run(name, func(t *testing.T) {
				requireMisuse(t, "habanero: capability rule: a child cannot register in "+child.String()+
					" on phaser 1, its parent is registered in "+parent.String(), body)
			})
		}
	}
}

func TestModeString(t *testing.T) {
	assert.Equal(t, "SigWaitSingle", SigWaitSingle.String())
	assert.Equal(t, "Mode(9)", Mode(9).String())
}

func TestTenThousandAsyncsNoLeak(t *testing.T) {
	before := runtime.NumGoroutine()
	var n atomic.Int64
	Launch(func(h *Task) {
		for range 10000 {
			h.Async(func(*Task) { n.Add(1) })
		}
	})
	assert.Equal(t, int64(10000), n.Load())
	noLeak(t, before)
}

func TestNoLeakAfterPanicsAndPhasers(t *testing.T) {
	before := runtime.NumGoroutine()
	launchPanic(t, func(h *Task) {
		p := h.NewPhaser(SigWait)
		for i := range 50 {
			h.AsyncPhased([]Reg{p.In(SigWait)}, func(h *Task) {
				h.Next()
				if i%7 == 0 {
					panic(i)
				}
				h.Next()
			})
		}
	})
	noLeak(t, before)
}
