// Package permregion shows permission-region annotations under vt: two
// goroutines that both enter a write region on the same account conflict
// in the interleavings where the regions overlap, and vt reports the
// violation as a panic naming both goroutines (verdict panic; the test
// turns race detection off, which would report the unsynchronized balance
// first). With the deposits serialized by a mutex the regions never
// overlap (verdict ok). Under vt the annotations are events of the search
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
