package race

import (
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vtcheck/vt/interp"
)

// lsScript drives a Lockset with synthetic events, as script does a
// Detector.
type lsScript struct{ l *Lockset }

func newLsScript() *lsScript {
	s := &lsScript{NewLockset(Options{})}
	s.ev(interp.EvGoStart, 1, 0, 0, 0)
	return s
}

func (s *lsScript) ev(k interp.EventKind, g, other, a int, seq int64) {
	e := event{Kind: k, G: g, Other: other, Seq: seq, Pos: 0}
	if a > 0 {
		e.Addr = addr(a)
	}
	if k == interp.EvRead || k == interp.EvWrite || k == interp.EvAtomicLoad || k == interp.EvAtomicStore {
		e.Pos = token.Pos(1000 + 100*g + a) // distinct per goroutine and location
	}
	s.l.event(&e)
}

func (s *lsScript) goStart(parent, child int) { s.ev(interp.EvGoStart, child, parent, 0, 0) }
func (s *lsScript) read(g, x int)             { s.ev(interp.EvRead, g, 0, x, 0) }
func (s *lsScript) write(g, x int)            { s.ev(interp.EvWrite, g, 0, x, 0) }
func (s *lsScript) lock(g, m int)             { s.ev(interp.EvLock, g, 0, m, 0) }
func (s *lsScript) unlock(g, m int)           { s.ev(interp.EvUnlock, g, 0, m, 0) }
func (s *lsScript) rlock(g, m int)            { s.ev(interp.EvRLock, g, 0, m, 0) }
func (s *lsScript) runlock(g, m int)          { s.ev(interp.EvRUnlock, g, 0, m, 0) }

func (s *lsScript) race() string {
	if r := s.l.Race(); r != nil {
		return r.Kind()
	}
	return ""
}

func (s *lsScript) warnings() []string {
	var ws []string
	for _, w := range s.l.Warnings() {
		ws = append(ws, w.Kind())
	}
	return ws
}

// A pair ordered only by lock order, with no lock held at both, is a
// warning, not a race.
func TestLocksetWarnsLockOrderOnly(t *testing.T) {
	s := newLsScript()
	s.write(1, x) // initialization by main
	s.goStart(1, 2)
	s.lock(2, mu)
	s.write(2, x)
	s.unlock(2, mu)
	s.lock(1, mu)
	s.unlock(1, mu)
	s.read(1, x)
	assert.Empty(t, s.race(), "ordered by the mutex in this execution")
	assert.Equal(t, []string{"write-read"}, s.warnings(), "ordered only by lock order, no common lock")
}

// Pairs ordered otherwise, or protected by a common lock, are not
// warnings.
func TestLocksetNoWarnings(t *testing.T) {
	t.Run("common lock", func(t *testing.T) {
		s := newLsScript()
		s.write(1, x)
		s.goStart(1, 2)
		s.lock(2, mu)
		s.write(2, x)
		s.unlock(2, mu)
		s.lock(1, mu)
		s.read(1, x)
		s.unlock(1, mu)
		assert.Empty(t, s.race())
		assert.Empty(t, s.warnings())
	})
	t.Run("read lock against the write lock", func(t *testing.T) {
		s := newLsScript()
		s.write(1, x)
		s.goStart(1, 2)
		s.lock(2, mu)
		s.write(2, x)
		s.unlock(2, mu)
		s.rlock(1, mu)
		s.read(1, x)
		s.runlock(1, mu)
		s.lock(2, mu)
		s.write(2, x)
		s.unlock(2, mu)
		assert.Empty(t, s.race())
		assert.Empty(t, s.warnings())
	})
	t.Run("channel", func(t *testing.T) {
		s := newLsScript()
		s.write(1, x)
		s.goStart(1, 2)
		s.lock(2, mu)
		s.write(2, x)
		s.unlock(2, mu)
		s.ev(interp.EvChanSend, 2, 0, ch, 0)
		s.ev(interp.EvChanRecv, 1, 0, ch, 0)
		s.read(1, x)
		assert.Empty(t, s.race())
		assert.Empty(t, s.warnings(), "the channel orders the pair whatever the lock order")
	})
	t.Run("atomic", func(t *testing.T) {
		s := newLsScript()
		s.write(1, x)
		s.goStart(1, 2)
		s.lock(2, mu)
		s.write(2, x)
		s.unlock(2, mu)
		s.ev(interp.EvAtomicStore, 2, 0, at, 0)
		s.ev(interp.EvAtomicLoad, 1, 0, at, 0)
		s.read(1, x)
		assert.Empty(t, s.race())
		assert.Empty(t, s.warnings())
	})
	t.Run("initialized then only read", func(t *testing.T) {
		// Lazy initialization under a lock, read outside it: written by
		// one goroutine only (Eraser's exclusive, then shared state).
		s := newLsScript()
		s.goStart(1, 2)
		s.goStart(1, 3)
		s.lock(2, mu)
		s.write(2, x)
		s.unlock(2, mu)
		s.read(2, x)
		s.lock(3, mu)
		s.unlock(3, mu)
		s.read(3, x)
		assert.Empty(t, s.race())
		assert.Empty(t, s.warnings())
	})
	t.Run("race, not warning", func(t *testing.T) {
		s := newLsScript()
		s.write(1, x)
		s.goStart(1, 2)
		s.write(2, x)
		s.read(1, x)
		assert.Equal(t, "write-read", s.race())
		assert.Empty(t, s.warnings())
	})
}
