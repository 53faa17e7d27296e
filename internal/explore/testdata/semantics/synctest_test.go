package semantics

import (
	"testing"
	"testing/synctest"
	"time"
)

// testing/synctest without its fake clock: a bubble's goroutines end
// before synctest.Test returns.

// TestSynctestJoins: what the bubble's goroutines wrote is visible after
// synctest.Test returns, in every schedule.
func TestSynctestJoins(t *testing.T) {
	var a, b int
	synctest.Test(t, func(t *testing.T) {
		go func() {
			go func() { b = 2 }()
			a = 1
		}()
	})
	if a != 1 || b != 2 {
		t.Fatalf("a=%d b=%d after synctest.Test", a, b)
	}
}

// TestSynctestFails: a failure inside the bubble fails the test.
func TestSynctestFails(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		t.Errorf("inside the bubble")
	})
}

// TestSynctestRace: a goroutine outside the bubble races with one inside.
func TestSynctestRace(t *testing.T) {
	x := 0
	done := make(chan bool)
	go func() { x = 1; done <- true }()
	synctest.Test(t, func(t *testing.T) {
		x = 2
	})
	<-done
	_ = x
}

// TestSynctestSleep: the bubble's fake clock is refused.
func TestSynctestSleep(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		time.Sleep(time.Second)
	})
}

// TestSynctestNoSubtests: t.Run inside a bubble panics, as in Go.
func TestSynctestNoSubtests(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		t.Run("sub", func(*testing.T) {})
	})
}
