package race

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// aloneScript drives a detector with synthetic events, deciding whether a
// goroutine is alone as the interpreter would: no other goroutine started
// and not ended, and no timer set and not fired.
type aloneScript struct {
	d      *Detector
	live   map[int]bool
	timers int
	mem    [][3]uint64
}

func newAloneScript(enabled bool) *aloneScript {
	s := &aloneScript{d: New(Options{}), live: map[int]bool{}, mem: make([][3]uint64, 64)}
	s.d.quiescent = func(g int) bool {
		if !enabled || s.timers > 0 {
			return false
		}
		for o := range s.live {
			if o != g {
				return false
			}
		}
		return true
	}
	return s
}

func (s *aloneScript) at(i int) interp.Addr { return addrOf(unsafe.Pointer(&s.mem[i])) }

func (s *aloneScript) ev(e event) {
	switch e.Kind {
	case interp.EvGoStart:
		s.live[e.G] = true
	case interp.EvGoExit:
		delete(s.live, e.G)
	case interp.EvTimerSet:
		s.timers++
	case interp.EvTimerFire:
		s.timers--
	}
	s.d.event(&e)
}

func TestAloneAccessLeavesNoRecord(t *testing.T) {
	s := newAloneScript(true)
	s.ev(event{Kind: interp.EvGoStart, G: 1})
	s.ev(event{Kind: interp.EvWrite, G: 1, Addr: s.at(0), N: 32})
	s.ev(event{Kind: interp.EvRead, G: 1, Addr: s.at(40)})
	assert.Empty(t, s.d.locs, "accesses of a goroutine alone are not recorded")
	assert.Empty(t, s.d.sh.pages, "nor are their cells given shadow pages")
	// A goroutine started after them is ordered after them.
	s.ev(event{Kind: interp.EvGoStart, G: 2, Other: 1})
	s.ev(event{Kind: interp.EvWrite, G: 2, Addr: s.at(3)})
	s.ev(event{Kind: interp.EvWrite, G: 2, Addr: s.at(40)})
	assert.Nil(t, s.d.Race())
	// Not alone any more: goroutine 1's write races with goroutine 2's.
	s.ev(event{Kind: interp.EvWrite, G: 1, Addr: s.at(3)})
	require.NotNil(t, s.d.Race())
	assert.Equal(t, s.at(3), s.d.Race().Addr)
}

func TestAloneAccessRacesWithAnEndedGoroutine(t *testing.T) {
	s := newAloneScript(true)
	s.ev(event{Kind: interp.EvGoStart, G: 1})
	s.ev(event{Kind: interp.EvGoStart, G: 2, Other: 1})
	s.ev(event{Kind: interp.EvRead, G: 2, Addr: s.at(5), N: 4})
	s.ev(event{Kind: interp.EvGoExit, G: 2})
	// Goroutine 1 is alone, but 2 ended without it waiting for it.
	s.ev(event{Kind: interp.EvRead, G: 1, Addr: s.at(4), N: 4})
	assert.Nil(t, s.d.Race(), "reads do not race")
	s.ev(event{Kind: interp.EvWrite, G: 1, Addr: s.at(0), N: 8})
	r := s.d.Race()
	require.NotNil(t, r)
	assert.Equal(t, s.at(5), r.Addr)
	assert.Equal(t, 1, r.Cur.G)
	assert.Equal(t, 2, r.Prev.G)
	assert.Equal(t, int64(3), r.Cur.Ord)
}

func TestAloneEndsAtATimer(t *testing.T) {
	s := newAloneScript(true)
	s.ev(event{Kind: interp.EvGoStart, G: 1})
	tm := s.at(60)
	s.ev(event{Kind: interp.EvTimerSet, G: 1, Addr: tm})
	// Not alone: the timer's goroutine acquires only what was released
	// when it was set.
	s.ev(event{Kind: interp.EvWrite, G: 1, Addr: s.at(0)})
	s.ev(event{Kind: interp.EvGoStart, G: 2})
	s.ev(event{Kind: interp.EvTimerFire, G: 2, Addr: tm})
	s.ev(event{Kind: interp.EvRead, G: 2, Addr: s.at(0)})
	require.NotNil(t, s.d.Race())
}

// TestAloneSameVerdicts runs random event scripts through a detector that
// leaves out the accesses of goroutines alone and one that records every
// access: the first race (or none) must be the same.
func TestAloneSameVerdicts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	races, alone, otherPrev := 0, 0, 0
	for range 3000 {
		on, off := newAloneScript(true), newAloneScript(false)
		script := randomScript(rng)
		for _, e := range script {
			if e.Kind == interp.EvRead || e.Kind == interp.EvWrite || e.Kind == interp.EvLock || e.Kind == interp.EvUnlock || e.Kind == interp.EvTimerSet || e.Kind == interp.EvTimerFire {
				e1, e2 := e, e
				e1.Addr, e2.Addr = on.at(int(e.Seq)), off.at(int(e.Seq))
				e1.Seq, e2.Seq = 0, 0
				if on.d.quiescent(e.G) && (e.Kind == interp.EvRead || e.Kind == interp.EvWrite) {
					alone++
				}
				on.ev(e1)
				off.ev(e2)
				continue
			}
			on.ev(e)
			off.ev(e)
		}
		r1, r2 := on.d.Race(), off.d.Race()
		require.Equal(t, r2 == nil, r1 == nil, "script %v", script)
		if r1 == nil {
			continue
		}
		races++
		// The same access finds the race. The earlier access it names
		// may differ: a location's reader list no longer holds a
		// reader alone first, so another conflicting one may come first.
		require.Equal(t, r2.Cur, r1.Cur, "script %v", script)
		require.NotEqual(t, r1.Cur.G, r1.Prev.G, "script %v", script)
		if r1.Prev.Ord != r2.Prev.Ord {
			otherPrev++
		}
	}
	t.Logf("%d scripts with a race (%d name another earlier access), %d accesses alone", races, otherPrev, alone)
	assert.Greater(t, races, 300)
	assert.Greater(t, alone, 3000)
}

// randomScript returns a random sequence of events over 3 goroutines,
// 8 cells (event.Seq: the cell index, Addr set by the caller), a mutex
// (cell 20) and a timer (cell 21). Goroutine 1 starts the others; each
// runs while it is live.
func randomScript(rng *rand.Rand) []event {
	out := []event{{Kind: interp.EvGoStart, G: 1}}
	live := []int{1}
	started, held, timer := 1, 0, 0
	for range 30 {
		g := live[rng.IntN(len(live))]
		switch k := rng.IntN(12); {
		case k < 4:
			out = append(out, event{Kind: interp.EvWrite, G: g, Seq: int64(rng.IntN(8)), N: 1 + rng.IntN(3)})
		case k < 7:
			out = append(out, event{Kind: interp.EvRead, G: g, Seq: int64(rng.IntN(8)), N: 1 + rng.IntN(3)})
		case k == 7 && started < 3:
			started++
			out = append(out, event{Kind: interp.EvGoStart, G: started, Other: g})
			live = append(live, started)
		case k == 8 && g != 1:
			if held == g {
				continue
			}
			out = append(out, event{Kind: interp.EvGoExit, G: g})
			for i, x := range live {
				if x == g {
					live = append(live[:i], live[i+1:]...)
					break
				}
			}
		case k == 9 && held == 0:
			held = g
			out = append(out, event{Kind: interp.EvLock, G: g, Seq: 20})
		case k == 10 && held == g:
			held = 0
			out = append(out, event{Kind: interp.EvUnlock, G: g, Seq: 20})
		case k == 11 && timer == 0:
			timer = 1
			out = append(out, event{Kind: interp.EvTimerSet, G: g, Seq: 21})
		case k == 11 && timer == 1 && started < 3:
			timer = 2
			started++
			out = append(out, event{Kind: interp.EvGoStart, G: started})
			out = append(out, event{Kind: interp.EvTimerFire, G: started, Seq: 21})
			live = append(live, started)
		}
	}
	return out
}
