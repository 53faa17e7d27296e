package explore

import "github.com/vtcheck/vt/interp"

// Transaction reduction after Elmas and Qadeer ("Goldilocks"/"A lockset
// algorithm for reduction", using Lipton's movers): a transaction is a
// sequence of right movers (lock acquisitions), one operation that is no
// mover, then left movers (lock releases); the other goroutines need only
// interleave between transactions. In the paper's model checker every
// access to shared data is a scheduling point, and the lockset analysis
// shows which accesses (to data consistently protected by a lock, or
// local to one thread) are both movers, so whole critical sections become
// one transaction. vt never makes plain accesses scheduling points: what is
// left of the reduction for it is the release itself. A Mutex.Unlock or
// RWMutex.RUnlock/Unlock is a left mover (it commutes with every operation
// of another goroutine but a TryLock of the same mutex, and a blocked
// Lock only waits for it), so the goroutine about to release goes on
// without a choice (Options.Transactions): the release ends the
// transaction it belongs to. A data race is judged by happens-before, not
// by the order of the schedule, so moving a release earlier hides none;
// neither does it hide a deadlock (a release never blocks) nor a state
// (the states after the moved release are the same). DPOR has its own
// reduction and is left alone (its sleep sets and backtracking assume
// every enabled goroutine is offered).

//
// Two more operations are movers the same way. A go statement only makes
// a goroutine that nothing has seen yet: it commutes with every operation
// of the others, so the goroutine about to perform it goes on. A new
// goroutine's first transition (from its start to its first operation)
// touches only its own state and plain memory: it commutes with the
// others' operations too (a right mover), so the goroutine goes on into
// its first operation without a choice, as if picked there. The
// orders of synchronization operations explored are the same, so the
// happens-before orders, races and deadlocks found are too.

// transactions reports whether the execution ran with transactions (DPOR
// has its own reduction: they are off under it).
func (s *scheduler) transactions() bool { return s.txn && s.track == nil }

// transaction reports whether the goroutine that ran last, about to
// perform op after its transition that performed last, goes on without a
// choice.
func (s *scheduler) transaction(op, last interp.Op, runnable []*interp.Goroutine) bool {
	if !s.transactions() || !releases(op) && op != interp.OpGo && last != interp.OpStart {
		return false
	}
	for _, g := range runnable {
		switch p, _ := g.Pending(); p {
		case interp.OpMutexTryLock, interp.OpRWMutexTryLock, interp.OpRWMutexTryRLock:
			return false // a TryLock's outcome depends on the release's order
		}
	}
	return true
}
