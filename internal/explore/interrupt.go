package explore

import "sync/atomic"

var interrupted atomic.Bool

// Interrupt stops every exploration in progress after its current
// execution, as if its budget were spent; a failing schedule found so far
// has been saved already. The vt command calls it on SIGINT.
func Interrupt() { interrupted.Store(true) }
