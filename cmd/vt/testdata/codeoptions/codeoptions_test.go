// Package codeoptions has tests whose vt.Check calls give options in code,
// which vt test applies to the call's function unless a flag gives them.
package codeoptions

import (
	"testing"
	"time"

	"github.com/vtcheck/vt/vt"
)

// TestDeadlineUnderSynctest deadlocks only if the deadline fires while the
// worker is mid-loop; the synctest clock, given in code, rules that out.
func TestDeadlineUnderSynctest(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		deadline := time.NewTimer(50 * time.Millisecond)
		result := make(chan int)
		go func() {
			sum := 0
			for i := range 3 {
				select {
				case <-deadline.C:
					return // timed out: gives up without a result
				default:
				}
				sum += i
			}
			result <- sum
		}()
		<-result
	}, vt.Clock("synctest"))
}

// TestExpectedLeak leaks a goroutine, as its vt.Check call expects.
func TestExpectedLeak(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ch := make(chan int)
		go func() { <-ch }()
	}, vt.Expect("leak"))
}
