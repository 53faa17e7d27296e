package initgo

import "testing"

// TestServed: the goroutine of init serves the test (without it, the test
// would block forever).
func TestServed(t *testing.T) {
	if got := Add(2); got != 2 {
		t.Fatalf("Add(2) = %d, want 2", got)
	}
	if got := Add(3); got != 5 {
		t.Fatalf("Add(3) = %d, want 5", got)
	}
}

// TestRacesWithInit: the test writes the total while the goroutine of
// init may add to it: a data race.
func TestRacesWithInit(t *testing.T) {
	done := make(chan bool)
	go func() {
		Add(1)
		done <- true
	}()
	total = 10
	<-done
}
