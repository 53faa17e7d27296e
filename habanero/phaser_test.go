package habanero

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPhaserBarrier: in phase k every task writes its cell of row k with a
// plain write; after Next it reads the whole row. The race detector checks
// that Next orders the writes before the reads.
func TestPhaserBarrier(t *testing.T) {
	const tasks, phases = 8, 20
	grid := make([][]int, phases)
	for k := range grid {
		grid[k] = make([]int, tasks)
	}
	var bad atomic.Int64
	within(t, 10*time.Second, func() {
		Launch(func(h *Task) {
			h.Finish(func(h *Task) {
				p := h.NewPhaser(SigWait)
				for i := range tasks {
					h.AsyncPhased([]Reg{p.In(SigWait)}, func(h *Task) {
						for k := range phases {
							grid[k][i] = k + 1
							h.Next()
							for j := range tasks {
								if grid[k][j] != k+1 {
									bad.Add(1)
								}
							}
						}
					})
				}
			}) // the root drops its registration here, so it does not block the phases
		})
	})
	assert.Zero(t, bad.Load())
}

func TestPhaserSignalerRunsAheadOfWaiter(t *testing.T) {
	const phases = 10
	buf := make([]int, phases)
	var got []int
	producerDone := make(chan struct{})
	within(t, 10*time.Second, func() {
		Launch(func(h *Task) {
			h.Finish(func(h *Task) {
				p := h.NewPhaser(SigWait)
				h.AsyncPhased([]Reg{p.In(Sig)}, func(h *Task) {
					for k := range phases {
						buf[k] = k * 10
						h.Next() // never blocks: Sig only
					}
					close(producerDone)
				})
				h.AsyncPhased([]Reg{p.In(Wait)}, func(h *Task) {
					<-producerDone // the producer got through every phase without us
					for k := range phases {
						h.Next()
						got = append(got, buf[k])
					}
				})
			})
		})
	})
	assert.Equal(t, []int{0, 10, 20, 30, 40, 50, 60, 70, 80, 90}, got)
}

func TestPhaserWaiterBlocksUntilSignal(t *testing.T) {
	var signaled, passed atomic.Bool
	Launch(func(h *Task) {
		p := h.NewPhaser(SigWait)
		h.AsyncPhased([]Reg{p.In(Wait)}, func(h *Task) {
			h.Next()
			passed.Store(true)
			assert.True(t, signaled.Load(), "waiter passed before the phase completed")
		})
		time.Sleep(20 * time.Millisecond)
		assert.False(t, passed.Load())
		signaled.Store(true)
		h.Signal()
		h.Next() // already signaled: only waits
		assert.Equal(t, 1, p.Phase())
	})
	assert.True(t, passed.Load())
}

func TestPhaserEarlySignal(t *testing.T) {
	// A signals early and then waits for B to have passed the phase; B's Next
	// can only complete because of A's early signal.
	bPassed := make(chan struct{})
	var x int
	within(t, 10*time.Second, func() {
		Launch(func(h *Task) {
			h.Finish(func(h *Task) {
				p := h.NewPhaser(SigWait)
				h.AsyncPhased([]Reg{p.In(SigWait)}, func(h *Task) { // A
					x = 1
					h.Signal()
					h.Signal() // a second early signal in the same phase is a no-op
					<-bPassed
					h.Next()
					assert.Equal(t, 1, p.Phase(), "Next after Signal must not signal the next phase")
				})
				h.AsyncPhased([]Reg{p.In(SigWait)}, func(h *Task) { // B
					h.Next()
					assert.Equal(t, 1, x)
					close(bPassed)
				})
			})
		})
	})
}

func TestPhaserDropAndAutoDrop(t *testing.T) {
	var rounds atomic.Int64
	within(t, 10*time.Second, func() {
		Launch(func(h *Task) {
			p := h.NewPhaser(SigWait) // the root, outside any Finish
			h.AsyncPhased([]Reg{p.In(SigWait)}, func(h *Task) {
				h.Next()
				h.Drop(p) // explicit drop: the root's later phases do not wait for it
				assert.Equal(t, "no registrations", h.describeRegs())
			})
			h.AsyncPhased([]Reg{p.In(SigWait)}, func(h *Task) {
				h.Next()
				h.Next()
				// ends while registered: dropped automatically
			})
			for range 5 {
				h.Next()
				rounds.Add(1)
			}
			assert.Equal(t, 5, p.Phase())
		})
	})
	assert.Equal(t, int64(5), rounds.Load())
}

func TestPhaserWaitWithoutSignalers(t *testing.T) {
	within(t, 5*time.Second, func() {
		Launch(func(h *Task) {
			p := h.NewPhaser(Wait)
			h.Next()
			h.Next()
			assert.Equal(t, 2, p.Phase())
			h.Next() // no registrations left after Drop: returns at once
			h.Drop(p)
			h.Next()
		})
	})
}

func TestPhaserChildStartsInParentPhase(t *testing.T) {
	within(t, 10*time.Second, func() {
		Launch(func(h *Task) {
			h.Finish(func(h *Task) {
				p := h.NewPhaser(SigWait)
				h.Next()
				h.Next()
				require.Equal(t, 2, p.Phase())
				h.AsyncPhased([]Reg{p.In(SigWait)}, func(h *Task) {
					h.Next() // ends phase 2 together with the parent
					assert.Equal(t, 3, p.Phase())
				})
				h.Next()
				assert.GreaterOrEqual(t, p.Phase(), 3)
			})
		})
	})
}

// TestPhasersAcrossNestedTasks: a child registers a grandchild on the phaser
// it got from its parent (and on a phaser of its own); the three move
// through the phases in lockstep.
func TestPhasersAcrossNestedTasks(t *testing.T) {
	const phases = 10
	var mu sync.Mutex
	arrived := make([]int, phases+1)
	var bad atomic.Int64
	step := func(h *Task, k int) {
		mu.Lock()
		arrived[k]++
		mu.Unlock()
		h.Next()
		mu.Lock()
		if arrived[k] != 3 {
			bad.Add(1)
		}
		mu.Unlock()
	}
	within(t, 10*time.Second, func() {
		Launch(func(h *Task) {
			h.Finish(func(h *Task) {
				p := h.NewPhaser(SigWait)
				h.AsyncPhased([]Reg{p.In(SigWait)}, func(h *Task) {
					q := h.NewPhaser(SigWait)
					h.AsyncPhased([]Reg{p.In(SigWait), q.In(Wait)}, func(h *Task) {
						for k := range phases {
							step(h, k)
						}
						assert.Equal(t, phases, q.Phase())
					})
					for k := range phases {
						step(h, k)
					}
				})
				for k := range phases {
					step(h, k)
				}
			})
		})
	})
	assert.Zero(t, bad.Load())
	assert.Equal(t, 3, arrived[phases-1])
}

func TestNextSingle(t *testing.T) {
	const tasks, phases = 6, 15
	var runs [phases]int
	total := 0
	var bad atomic.Int64
	within(t, 10*time.Second, func() {
		Launch(func(h *Task) {
			h.Finish(func(h *Task) {
				p := h.NewPhaser(SigWaitSingle)
				vals := make([]int, tasks)
				for i := range tasks {
					h.AsyncPhased([]Reg{p.In(SigWaitSingle)}, func(h *Task) {
						for k := range phases {
							vals[i] = k
							h.NextSingle(func() {
								runs[k]++
								for _, v := range vals { // every task has finished phase k
									if v != k {
										bad.Add(1)
									}
								}
								total += k
							})
							if runs[k] != 1 { // the single body happened before everyone continued
								bad.Add(1)
							}
						}
					})
				}
			})
		})
	})
	assert.Zero(t, bad.Load())
	for k, r := range runs {
		assert.Equal(t, 1, r, "phase %d", k)
	}
	assert.Equal(t, phases*(phases-1)/2, total)
}

func TestNextSingleWithSigAndWaitChildren(t *testing.T) {
	const phases = 5
	var singles atomic.Int64
	var waiterSaw []int64
	within(t, 10*time.Second, func() {
		Launch(func(h *Task) {
			h.Finish(func(h *Task) {
				p := h.NewPhaser(SigWaitSingle)
				h.AsyncPhased([]Reg{p.In(SigWaitSingle)}, func(h *Task) {
					for range phases {
						h.NextSingle(func() { singles.Add(1) })
					}
				})
				h.AsyncPhased([]Reg{p.In(Sig)}, func(h *Task) {
					for range phases {
						h.Next()
					}
				})
				h.AsyncPhased([]Reg{p.In(Wait)}, func(h *Task) {
					for range phases {
						h.Next()
						waiterSaw = append(waiterSaw, singles.Load())
					}
				})
			})
		})
	})
	assert.Equal(t, int64(phases), singles.Load())
	require.Len(t, waiterSaw, phases)
	for k, n := range waiterSaw { // waiters do not hold phases back, so they may lag
		assert.GreaterOrEqual(t, n, int64(k+1), "a waiter passed phase %d before its single body", k)
	}
}

func TestNextSingleBodyPanic(t *testing.T) {
	pe := launchPanic(t, func(h *Task) {
		p := h.NewPhaser(SigWaitSingle)
		// The single body runs in whichever task completes the phase
		// first, so both tasks pass the same (panicking) body, as SPMD
		// code does. (With only the root's body panicking, the test
		// depended on which task won: vt test found the schedule where
		// the child ran the phase and nothing panicked.)
		h.AsyncPhased([]Reg{p.In(SigWaitSingle)}, func(h *Task) {
			h.NextSingle(func() {})
			h.NextSingle(func() { panic("single") })
		})
		h.NextSingle(func() {})
		h.NextSingle(func() { panic("single") })
	})
	// Whichever task ran the panicking body, the phase still completed and
	// the other task was released: no deadlock, one panic.
	assert.Equal(t, []string{"single"}, values(pe))
}

func TestSingleDroppedLeavesOthersRunning(t *testing.T) {
	within(t, 5*time.Second, func() {
		Launch(func(h *Task) {
			h.Finish(func(h *Task) {
				p := h.NewPhaser(SigWaitSingle)
				h.AsyncPhased([]Reg{p.In(SigWait)}, func(h *Task) {
					for range 3 {
						h.Next()
					}
				})
			}) // the only SigWaitSingle registration is dropped here
		})
	})
}

func TestDropOfLastSingleCompletesPendingPhase(t *testing.T) {
	var passed atomic.Bool
	var p *Phaser
	within(t, 5*time.Second, func() {
		Launch(func(h *Task) {
			p = h.NewPhaser(SigWaitSingle)
			h.AsyncPhased([]Reg{p.In(Wait)}, func(h *Task) {
				h.Next()
				passed.Store(true)
			})
			h.Signal() // every signal is in: the single body is pending
			time.Sleep(20 * time.Millisecond)
			assert.False(t, passed.Load(), "the waiter passed before the single body")
			assert.Equal(t, 0, p.Phase())
			h.Drop(p) // nobody is left to run the single body: the phase completes
		})
	})
	assert.True(t, passed.Load())
	assert.Equal(t, 1, p.Phase())
}

func TestNextSingleRequiresOneRegistration(t *testing.T) {
	requireMisuse(t, "habanero: NextSingle needs exactly one phaser registration, in SigWaitSingle mode; task 0 has SigWaitSingle on phaser 1, Wait on phaser 2", func(h *Task) {
		p, q := h.NewPhaser(SigWaitSingle), h.NewPhaser(Wait)
		assert.Equal(t, []int64{1, 2}, []int64{p.ID(), q.ID()})
		h.NextSingle(func() {})
	})
}
