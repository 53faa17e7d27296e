package interp

// The choices a Scheduler makes besides the next goroutine: when time
// passes (ChooseTimer), the program's random draws (ChooseRandom) and where
// map iterations start (ChooseMapStart).

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// choiceScheduler picks the runnable goroutine with the lowest id and
// answers choices with answer (nil: 0), recording them.
type choiceScheduler struct {
	answer  func(c Choice, n int) int
	chooses []chooseRecord
	// mainSlept[i]: goroutine 1 had been picked at a time.Sleep before
	// choice i.
	mainSlept []bool
	slept     bool
}

func (s *choiceScheduler) Pick(runnable []*Goroutine) int {
	if op, _ := runnable[0].Pending(); runnable[0].ID() == 1 && op == OpSleep {
		s.slept = true
	}
	return 0
}

func (s *choiceScheduler) Choose(g *Goroutine, c Choice, n int) int {
	s.chooses = append(s.chooses, chooseRecord{g.ID(), c, n})
	s.mainSlept = append(s.mainSlept, s.slept)
	if s.answer != nil {
		return s.answer(c, n)
	}
	return 0
}

func (s *choiceScheduler) of(c Choice) []chooseRecord {
	var out []chooseRecord
	for _, r := range s.chooses {
		if r.choice == c {
			out = append(out, r)
		}
	}
	return out
}

// Time passes only when every goroutine is blocked unless the scheduler
// lets it pass; then a sleeper wakes while another goroutine still runs.
// The choice is offered only where a timer's firing is observable: not
// for a timer whose channel nobody waits on or polls.
func TestChooseTimer(t *testing.T) {
	want := func(sawAwake bool) string {
		return fmt.Sprintf("worker saw main awake: %v\nslept more than a second: true\nunwatched timer fired: true\n", sawAwake)
	}
	def := runBehave(t, "timechoice", RunOptions{})
	require.NoError(t, def.err)
	assert.Equal(t, want(false), def.stdout, "the default scheduler never lets time pass while a goroutine can run")

	never := &choiceScheduler{}
	r := runBehave(t, "timechoice", RunOptions{Scheduler: never})
	require.NoError(t, r.err)
	assert.Equal(t, want(false), r.stdout)
	asked := never.of(ChooseTimer)
	require.NotEmpty(t, asked, "a sleeper's wake-up is observable")
	for i, c := range never.chooses {
		if c.choice == ChooseTimer {
			assert.Equal(t, chooseRecord{g: 0, choice: ChooseTimer, n: 2}, c)
			assert.True(t, never.mainSlept[i], "asked before main slept, when only the unwatched timer was pending")
		}
	}

	now := &choiceScheduler{answer: func(c Choice, n int) int {
		if c == ChooseTimer {
			return 1
		}
		return 0
	}}
	r = runBehave(t, "timechoice", RunOptions{Scheduler: now})
	require.NoError(t, r.err)
	assert.Equal(t, want(true), r.stdout, "time passed while the worker ran")
	assert.Len(t, now.of(ChooseTimer), 1, "the sleeper's timer fired (with the unwatched one, due before it) at the first choice")
}

// Random draws and map iteration starts are the scheduler's answers; fmt's
// own iteration over the map asks nothing.
func TestChooseInputs(t *testing.T) {
	s := &choiceScheduler{answer: func(c Choice, n int) int {
		switch c {
		case ChooseMapStart:
			return 1
		case ChooseRandom:
			return n - 1
		}
		return 0
	}}
	r := runBehave(t, "inputs", RunOptions{Scheduler: s})
	require.NoError(t, r.err)
	assert.Equal(t, "bca\nmap[a:1 b:2 c:3]\n9 4 [0 1 2]\n", r.stdout)
	assert.Equal(t, []chooseRecord{{1, ChooseMapStart, 3}}, s.of(ChooseMapStart))
	assert.Equal(t, []chooseRecord{{1, ChooseRandom, 10}, {1, ChooseRandom, 5}, {1, ChooseRandom, 2}, {1, ChooseRandom, 3}}, s.of(ChooseRandom),
		"one draw per bounded call (Perm(3): Intn(2) and Intn(3); Intn(1) draws nothing)")

	// The default scheduler iterates maps from their first entry and
	// draws from its seed.
	def := runBehave(t, "inputs", RunOptions{Seed: 3})
	require.NoError(t, def.err)
	lines := strings.Split(def.stdout, "\n")
	assert.Equal(t, "abc", lines[0])
	assert.Equal(t, def.stdout, runBehave(t, "inputs", RunOptions{Seed: 3}).stdout)
}

// A ticker's ticks cost the same whatever their number: its function runs
// on one context per timer, not on a new goroutine per tick, so the steps
// and the goroutines of a run grow linearly with the ticks.
func TestTickerCostLinear(t *testing.T) {
	type run struct {
		steps  int64
		starts int
		fires  int
	}
	tick := func(n int) run {
		obs := &recordingObserver{}
		var out Outcome
		r := runBehave(t, "ticking", RunOptions{Args: []string{"ticking", fmt.Sprint(n)}, Observer: obs, Outcome: &out})
		require.NoError(t, r.err)
		require.Equal(t, fmt.Sprintf("ticks: %d\n", n), r.stdout)
		return run{out.Steps, len(obs.kind(EvGoStart)), len(obs.kind(EvTimerFire))}
	}
	r10, r100, r1000 := tick(10), tick(100), tick(1000)
	assert.Equal(t, r10.starts, r1000.starts, "no goroutine per tick: main, the other ticker's goroutine and the two timers' contexts")
	assert.Equal(t, 4, r1000.starts)
	assert.GreaterOrEqual(t, r1000.fires, 1000)
	perTick := float64(r100.steps-r10.steps) / 90
	assert.InDelta(t, perTick, float64(r1000.steps-r100.steps)/900, perTick/10, "steps per tick stay the same")
}

// A timer's set and fire are a release and an acquire on the timer (by the
// setter and by the timer's context), and its channel send is the
// context's.
func TestTimerEvents(t *testing.T) {
	obs := &recordingObserver{}
	r := runBehave(t, "ticking", RunOptions{Args: []string{"ticking", "3"}, Observer: obs})
	require.NoError(t, r.err)
	sets, fires := obs.kind(EvTimerSet), obs.kind(EvTimerFire)
	require.Len(t, sets, 2, "two tickers set by main")
	for _, s := range sets {
		assert.Equal(t, 1, s.G)
	}
	require.NotEmpty(t, fires)
	ctxs := map[int]bool{}
	for _, f := range fires {
		ctxs[f.G] = true
		assert.Contains(t, []Addr{sets[0].Addr, sets[1].Addr}, f.Addr, "a fire acquires the timer set")
	}
	assert.Len(t, ctxs, 2, "one context per timer")
	sendsByCtx := 0
	for _, e := range obs.kind(EvChanSend) {
		if ctxs[e.G] {
			sendsByCtx++
		}
	}
	assert.Equal(t, len(fires), sendsByCtx, "every tick is sent by its timer's context")
}

// Under the default scheduler time passes after a goroutine ran a whole
// quantum, so a loop that polls a deadline ends, as vt run users expect.
func TestDefaultSchedulerLetsTimePass(t *testing.T) {
	r := runBehave(t, "pollclock", RunOptions{MaxSteps: 1e6})
	require.NoError(t, r.err)
	assert.Equal(t, "stopped after the deadline: true true\n", r.stdout)
}
