package semantics

import (
	"testing"
	_ "unsafe" // linkname

	"github.com/vtcheck/vt/vt"
)

// The runtime's semaphores, as package sync's own tests reach them.

//go:linkname semacquire sync.runtime_Semacquire
func semacquire(s *uint32)

//go:linkname semrelease sync.runtime_Semrelease
func semrelease(s *uint32, handoff bool, skipframes int)

// TestSemaPublish: a write before a release is visible after the acquire
// that takes its count, in every schedule.
func TestSemaPublish(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var sem uint32
		x := 0
		go func() {
			x = 42
			semrelease(&sem, false, 0)
		}()
		semacquire(&sem)
		if x != 42 || sem != 0 {
			t.Errorf("x = %d, sem = %d after the acquire", x, sem)
		}
	})
}

// TestSemaRace: a write after the release is not ordered before the read.
func TestSemaRace(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var sem uint32
		x := 0
		go func() {
			semrelease(&sem, false, 0)
			x = 42
		}()
		semacquire(&sem)
		_ = x
	})
}

// TestSemaCount: three acquirers, two releases: one stays blocked, in
// every schedule.
func TestSemaCount(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		sem := uint32(0)
		for range 3 {
			go semacquire(&sem)
		}
		semrelease(&sem, false, 0)
		semrelease(&sem, true, 0)
	})
}

// TestSemaDeadlock: an acquire that no release ever matches.
func TestSemaDeadlock(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		sem := uint32(1)
		semacquire(&sem)
		semacquire(&sem)
	})
}
