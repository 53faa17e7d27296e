// Package permregion shows permission-region annotations under vt: two
// goroutines that both enter a write region on the same account conflict
// in the interleavings where the regions overlap, and vt reports the
// conflict with verdict region, naming both goroutines with the stacks of
// both acquisitions. Regions order nothing: with race detection on, the
// unsynchronized balance is a data race too (verdict race, found first).
// With the deposits serialized by a mutex the regions never overlap
// (verdict ok). Under vt the annotations are events of the search
// (and scheduling points): vt's permission checker applies them with the
// goroutine and the exact location of each call.
package permregion

import "github.com/vtcheck/vt/vt"

// Account is a balance shared by goroutines.
type Account struct{ Balance int }

// Deposit adds amount inside a write region on a.
func Deposit(a *Account, amount int) {
	vt.AcquireW(a)
	a.Balance += amount
	vt.ReleaseW(a)
}
