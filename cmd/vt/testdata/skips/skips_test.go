// Package skips has a test that skips itself under the race detector, as
// vt loads it, and one that runs.
package skips

import "testing"

// TestHeavy skips itself in a race build (race_test.go).
func TestHeavy(t *testing.T) {
	if raceEnabled {
		t.Skip("too slow under the race detector")
	}
	t.Fatal("ran without the race build tag")
}

// TestLight runs.
func TestLight(t *testing.T) {
	if !raceEnabled {
		t.Fatal("built without the race build tag")
	}
}
