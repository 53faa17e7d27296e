// Package peterson implements Peterson's mutual-exclusion algorithm for two
// goroutines with sync/atomic, and two broken simplifications of it.
//
// [Peterson] is correct: Go's atomics are sequentially consistent, which is
// the memory model the algorithm needs, so at most one goroutine is ever in
// its critical section and neither can be locked out. vt explores the
// interleavings of two goroutines entering the critical section and reports
// ok.
//
// [FlagsOnly] drops the turn variable: each goroutine raises its flag and
// waits while the other's flag is up. Mutual exclusion holds, but when both
// raise their flags before either checks, both wait for each other forever,
// spinning. No goroutine is blocked, so this is not a deadlock but a
// livelock: vt reports steps (the execution exceeded the step bound) with
// both goroutines in the spin loop.
//
// [CheckThenSet] waits for the other's flag to drop and only then raises its
// own. Both can pass the check before either raises its flag, and then both
// are in the critical section, where they update a plain counter: vt reports
// the data race (a race comes before what follows it in the same execution,
// here the test's assertion).
//
// The waiting loops call runtime.Gosched, as a spin lock in Go should, to
// let the other goroutine run; vt treats a yielding or spinning goroutine
// fairly, so spinning is no livelock unless nobody can make progress. The
// tests use vt's random strategy, which samples these large spaces well.
package peterson

import (
	"runtime"
	"sync/atomic"
)

// A Locker is a mutual-exclusion lock for two goroutines with IDs 0 and 1.
type Locker interface {
	Lock(id int)
	Unlock(id int)
}

// Peterson is Peterson's lock. The zero value is unlocked.
type Peterson struct {
	interested [2]atomic.Bool
	turn       atomic.Int32 // who yields when both are interested
}

// Lock acquires the lock for goroutine id (0 or 1).
func (p *Peterson) Lock(id int) {
	other := 1 - id
	p.interested[id].Store(true)
	p.turn.Store(int32(other)) // after you
	for p.interested[other].Load() && p.turn.Load() == int32(other) {
		runtime.Gosched()
	}
}

// Unlock releases the lock held by goroutine id.
func (p *Peterson) Unlock(id int) {
	p.interested[id].Store(false)
}

// FlagsOnly is Peterson's lock without the turn variable. It livelocks when
// both goroutines want the lock at once.
type FlagsOnly struct {
	interested [2]atomic.Bool
}

// Lock acquires the lock for goroutine id (0 or 1).
func (f *FlagsOnly) Lock(id int) {
	f.interested[id].Store(true)
	for f.interested[1-id].Load() {
		runtime.Gosched()
	}
}

// Unlock releases the lock held by goroutine id.
func (f *FlagsOnly) Unlock(id int) {
	f.interested[id].Store(false)
}

// CheckThenSet waits for the other goroutine to lose interest before
// declaring its own. Both can enter the critical section at once.
type CheckThenSet struct {
	interested [2]atomic.Bool
}

// Lock acquires the lock for goroutine id (0 or 1).
func (c *CheckThenSet) Lock(id int) {
	for c.interested[1-id].Load() {
		runtime.Gosched()
	}
	c.interested[id].Store(true)
}

// Unlock releases the lock held by goroutine id.
func (c *CheckThenSet) Unlock(id int) {
	c.interested[id].Store(false)
}
