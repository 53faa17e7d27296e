package race

import (
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// rangeScript drives a detector (h or lockset) with synthetic events over
// ranges of the fake cells.
type rangeScript struct {
	t   *testing.T
	det interface {
		Checker
		event(*event)
	}
}

func newRangeScripts(t *testing.T) map[string]*rangeScript {
	out := map[string]*rangeScript{
		"h":       {t: t, det: New(Options{})},
		"lockset": {t: t, det: NewLockset(Options{})},
	}
	for _, s := range out {
		s.ev(interp.EvGoStart, 1, 0, 0, 0)
		s.ev(interp.EvGoStart, 2, 1, 0, 0)
		s.ev(interp.EvGoStart, 3, 1, 0, 0)
	}
	return out
}

func (s *rangeScript) ev(k interp.EventKind, g, other, a, n int) {
	e := event{Kind: k, G: g, Other: other, N: n}
	if a > 0 {
		e.Addr = addr(a)
	}
	s.det.event(&e)
}

// write and read access the n cells from cell a.
func (s *rangeScript) write(g, a, n int) { s.ev(interp.EvWrite, g, 0, a, n) }
func (s *rangeScript) read(g, a, n int)  { s.ev(interp.EvRead, g, 0, a, n) }
func (s *rangeScript) lock(g, m int)     { s.ev(interp.EvLock, g, 0, m, 0) }
func (s *rangeScript) unlock(g, m int)   { s.ev(interp.EvUnlock, g, 0, m, 0) }

// raceAt returns the index of the cell the race is reported at (-1: none).
func (s *rangeScript) raceAt() int {
	r := s.det.Race()
	if r == nil {
		return -1
	}
	for i := range cells {
		if addr(i) == r.Addr {
			return i
		}
	}
	return -2
}

const lk = 200 // a mutex's address

// each runs f for both detectors.
func each(t *testing.T, f func(t *testing.T, s *rangeScript)) {
	for name, s := range newRangeScripts(t) {
		t.Run(name, func(t *testing.T) { s.t = t; f(t, s) })
	}
}

func TestRangesDisjointNeverRace(t *testing.T) {
	each(t, func(t *testing.T, s *rangeScript) {
		s.write(2, 10, 4) // [10, 14)
		s.write(3, 14, 4) // [14, 18)
		s.read(3, 14, 4)
		s.read(2, 10, 4)
		s.write(2, 11, 2)
		s.read(3, 17, 1)
		assert.Equal(t, -1, s.raceAt())
	})
}

func TestRangesOverlappingRace(t *testing.T) {
	each(t, func(t *testing.T, s *rangeScript) {
		s.write(2, 10, 5) // [10, 15)
		s.write(3, 14, 4) // [14, 18): cell 14 is in both
		assert.Equal(t, 14, s.raceAt())
	})
	each(t, func(t *testing.T, s *rangeScript) {
		s.read(2, 10, 8)
		s.write(3, 17, 3) // a write of the last cell read
		assert.Equal(t, 17, s.raceAt())
		assert.Equal(t, "read-write", s.det.Race().Kind())
	})
}

func TestRangeAndCell(t *testing.T) {
	each(t, func(t *testing.T, s *rangeScript) {
		s.write(2, 20, 8) // [20, 28)
		s.write(3, 28, 1) // just past the end
		s.read(3, 19, 1)  // just before
		assert.Equal(t, -1, s.raceAt())
		s.read(3, 27, 1)
		assert.Equal(t, 27, s.raceAt())
	})
}

// A cell split off a range keeps the range's history, and the rest of the
// range keeps its own.
func TestRangeSplit(t *testing.T) {
	each(t, func(t *testing.T, s *rangeScript) {
		s.lock(2, lk)
		s.write(2, 30, 8) // [30, 38) under the lock
		s.unlock(2, lk)
		s.lock(3, lk)
		s.write(3, 33, 1) // ordered after it: no race; splits cell 33 off
		s.unlock(3, lk)
		assert.Equal(t, -1, s.raceAt())
		s.read(2, 30, 3) // g2 wrote [30, 33) itself: no race
		s.read(2, 34, 4)
		assert.Equal(t, -1, s.raceAt())
		s.read(2, 32, 3) // covers 33, written by g3 after g2's release
		assert.Equal(t, 33, s.raceAt())
	})
	each(t, func(t *testing.T, s *rangeScript) {
		s.write(1, 40, 6) // main, before g2 and g3 were created? no: after
		s.write(2, 42, 2)
		assert.Equal(t, 42, s.raceAt(), "the part of a range written by another goroutine")
	})
}

// Reused cells (EvAlloc) start a new life.
func TestRangeAlloc(t *testing.T) {
	each(t, func(t *testing.T, s *rangeScript) {
		s.write(2, 50, 6)
		s.ev(interp.EvAlloc, 3, 0, 51, 4) // [51, 55) reused by g3
		s.write(3, 51, 4)
		s.read(3, 52, 1)
		assert.Equal(t, -1, s.raceAt())
		s.write(3, 50, 2) // cell 50 is still g2's
		assert.Equal(t, 50, s.raceAt())
	})
}

func TestRangeBenign(t *testing.T) {
	each(t, func(t *testing.T, s *rangeScript) {
		s.write(2, 60, 4)
		s.det.Benign(addr(62))
		s.write(3, 62, 1)
		s.write(3, 62, 1)
		s.read(3, 62, 1)
		assert.Equal(t, -1, s.raceAt(), "a benign cell of a range")
		s.write(3, 61, 3)
		assert.Equal(t, 61, s.raceAt(), "its neighbours are not benign")
	})
}

func TestUndoRestoresRanges(t *testing.T) {
	s := newScript(t, Options{History: true})
	rw := func(k interp.EventKind, g, a, n int) {
		e := event{Kind: k, G: g, Addr: addr(a), N: n}
		s.d.event(&e)
	}
	rw(interp.EvWrite, 1, 70, 8)
	s.goStart(1, 2)
	rw(interp.EvRead, 2, 72, 2)
	require.Empty(t, s.race())
	before := fmtState(s.d)
	m := s.d.Mark()
	s.lock(1, mu)
	rw(interp.EvWrite, 1, 71, 3) // splits
	rw(interp.EvRead, 1, 75, 5)  // splits again, and new cells
	s.unlock(1, mu)
	e := event{Kind: interp.EvAlloc, G: 2, Addr: addr(70), N: 2}
	s.d.event(&e)
	rw(interp.EvWrite, 2, 73, 1)
	require.NotEmpty(t, s.race())
	s.d.Undo(m)
	assert.Equal(t, before, fmtState(s.d), "Undo restores h and the shadow exactly")
	rw(interp.EvWrite, 2, 79, 1) // a new cell: no race
	assert.Empty(t, s.race())
	rw(interp.EvRead, 1, 72, 1) // main reads g2's write? no: g2 only read
	assert.Empty(t, s.race())
	rw(interp.EvWrite, 1, 73, 1) // main writes what g2 read, unordered
	assert.Equal(t, "read-write", s.race())
}

// A range access costs per location, not per cell: a megabyte copy that
// nothing else touched is one location, however often it is read and
// written, and splitting it costs a few locations.
func TestLargeRangeIsOneLocation(t *testing.T) {
	const n = 1 << 20
	big := make([][3]uint64, n)
	at := func(i int) interp.Addr { return addrOf(unsafe.Pointer(&big[i])) }
	for name, det := range map[string]interface {
		Checker
		event(*event)
	}{"h": New(Options{}), "lockset": NewLockset(Options{})} {
		t.Run(name, func(t *testing.T) {
			ev := func(k interp.EventKind, g int, a interp.Addr, n int) {
				e := event{Kind: k, G: g, Addr: a, N: n}
				if k == interp.EvGoStart {
					e.Other = 1
				}
				det.event(&e)
			}
			ev(interp.EvGoStart, 1, interp.Addr{}, 0)
			ev(interp.EvGoStart, 2, interp.Addr{}, 0)
			start := time.Now()
			for range 10 {
				ev(interp.EvWrite, 1, at(0), n)
				ev(interp.EvRead, 1, at(0), n)
			}
			perPass := time.Since(start) / 20
			ev(interp.EvRead, 2, at(n/2), n/2) // the second half, unordered with main's writes
			if assert.NotNil(t, det.Race(), "unordered read after main's write") {
				assert.Equal(t, at(n/2), det.Race().Addr)
			}
			ev(interp.EvWrite, 2, at(n/4), 1) // a cell of the first half
			locs := 0
			switch d := det.(type) {
			case *Detector:
				locs = len(d.locs)
			case *Lockset:
				locs = len(d.locs)
			}
			assert.LessOrEqual(t, locs, 4, "a megabyte range and two splits")
			t.Logf("%s: %v per access of %d cells (%.1f ns per cell), %d locations", name, perPass, n, float64(perPass)/n, locs)
		})
	}
}
