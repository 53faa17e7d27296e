package timers

import (
	"testing"
	"time"

	"github.com/vtcheck/vt/vt"
)

// Timer.Stop and Reset are scheduling points: a goroutine started just
// before them may run first, and a short timer may fire before it looks
// at the timer's channel.

// TestStopDrainTakenTick: the idiom `if !t.Stop() { <-t.C }` drains a tick
// that another goroutine may already have taken. A goroutine started just
// before Stop polls the timer's channel; when the 500 µs timer fires and
// that goroutine takes the tick before Stop, Stop reports false and the
// drain blocks forever (a deadlock). It needs the goroutine to run between
// the go statement and Stop.
func TestStopDrainTakenTick(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		tm := time.NewTimer(500 * time.Microsecond)
		took := make(chan bool, 1)
		go func() {
			select {
			case <-tm.C:
				took <- true
			default:
				took <- false
			}
		}()
		if !tm.Stop() {
			<-tm.C
		}
		<-took
	})
}

// TestStopResultSays: the same goroutine, and the caller trusts Stop's
// result instead of draining: Stop reports false exactly when the tick was
// delivered (Go 1.23's timer channels), so the goroutine took it. Correct
// in every schedule.
func TestStopResultSays(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		tm := time.NewTimer(500 * time.Microsecond)
		took := make(chan bool, 1)
		go func() {
			select {
			case <-tm.C:
				took <- true
			default:
				took <- false
			}
		}()
		stopped := tm.Stop()
		if got := <-took; got == stopped {
			t.Fatalf("Stop reported %v and the goroutine took the tick: %v", stopped, got)
		}
	})
}

// TestResetTakenTick: Reset in place of Stop: the caller re-arms the
// 500 µs timer for an hour, assuming that no goroutine saw its first tick.
// The goroutine started just before Reset may have taken it (an
// assertion fails): it needs the goroutine to run, and the timer to
// fire, between the go statement and Reset.
func TestResetTakenTick(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		tm := time.NewTimer(500 * time.Microsecond)
		took := make(chan bool, 1)
		go func() {
			select {
			case <-tm.C:
				took <- true
			default:
				took <- false
			}
		}()
		tm.Reset(time.Hour)
		if <-took {
			t.Fatalf("the goroutine took the tick of the timer before Reset re-armed it")
		}
	})
}
