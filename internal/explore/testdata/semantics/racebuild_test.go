package semantics

import (
	"iter"
	"os/exec"
	"testing"
)

// TestRaceBuildTag: vt runs the build go test -race runs.
func TestRaceBuildTag(t *testing.T) {
	if !raceBuild {
		t.Fatal("the package was built without the race build tag")
	}
}

// TestSkipUnderRace: a test that skips itself under the race detector
// (too slow, or counting allocations) skips under vt.
func TestSkipUnderRace(t *testing.T) {
	if raceBuild {
		t.Skip("too slow under the race detector")
	}
	t.Fatal("ran in a race build")
}

// TestLookPathFindsNothing: exec.LookPath finds no executable (the
// virtual OS runs one process), so a test that needs a tool skips.
func TestLookPathFindsNothing(t *testing.T) {
	path, err := exec.LookPath("go")
	if err == nil {
		t.Fatalf("LookPath found %q", path)
	}
	t.Skipf("skipping test: %v", err)
}

// upTo3 yields 0, 1, 2.
func upTo3(yield func(int) bool) {
	for i := 0; i < 3; i++ {
		if !yield(i) {
			return
		}
	}
}

// TestPullNextRace: two goroutines call one iter.Pull's next without
// synchronization: a race, as go test -race reports (iter's race build
// annotates next as a write to the iterator).
func TestPullNextRace(t *testing.T) {
	next, stop := iter.Pull(upTo3)
	done := make(chan bool)
	go func() {
		next()
		done <- true
	}()
	next()
	<-done
	stop()
}

// TestPullNextOrdered: the same calls ordered by a channel: no race.
func TestPullNextOrdered(t *testing.T) {
	next, stop := iter.Pull(upTo3)
	done := make(chan bool)
	go func() {
		next()
		done <- true
	}()
	<-done
	next()
	stop()
}
