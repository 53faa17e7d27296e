// Package prodcons is the producer/consumer of Figure 4 of the paper: a
// producer and a consumer registered SigWait on one phaser toggle between
// two buffers. In phase k the producer fills buffer k%2 while the consumer
// drains buffer (k-1)%2, which the producer filled in phase k-1; next()
// separates the phases. Each task holds a permission region on the buffer it
// uses in the phase. Expected vt verdict: no race.
package prodcons

import (
	"github.com/vtcheck/vt/habanero"
	"github.com/vtcheck/vt/vt"
)

// Run produces rounds buffers of size items each (item values 0, 1, 2, ...)
// and returns what the consumer received, in order.
func Run(rounds, size int) []int {
	buffers := [2][]int{make([]int, size), make([]int, size)}
	var got []int
	habanero.Launch(func(t *habanero.Task) {
		t.Finish(func(t *habanero.Task) {
			ph := t.NewPhaser(habanero.SigWait)
			mode := []habanero.Reg{ph.In(habanero.SigWait)}
			t.AsyncPhased(mode, func(t *habanero.Task) { // producer
				next := 0
				for k := range rounds {
					buf := buffers[k%2]
					vt.AcquireW(buf)
					for i := range buf {
						buf[i] = next
						next++
					}
					vt.ReleaseW(buf)
					t.Next()
				}
			})
			t.AsyncPhased(mode, func(t *habanero.Task) { // consumer
				t.Next() // nothing to consume in phase 0
				for k := 1; k <= rounds; k++ {
					buf := buffers[(k-1)%2]
					vt.AcquireR(buf)
					got = append(got, buf...)
					vt.ReleaseR(buf)
					t.Next()
				}
			})
		}) // the root drops its registration here
	})
	return got
}
