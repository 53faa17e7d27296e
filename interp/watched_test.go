package interp

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomScheduler picks a random runnable goroutine and answers every
// choice at random (letting time pass or not, at every point where a timer
// could fire).
type randomScheduler struct{ r *rand.Rand }

func (s *randomScheduler) Pick(runnable []*Goroutine) int { return s.r.IntN(len(runnable)) }

func (s *randomScheduler) Choose(_ *Goroutine, _ Choice, n int) int {
	if n <= 0 {
		return 0
	}
	return s.r.IntN(n)
}

// The watched timers give the earliest observable timer in O(log n); at
// every call, under random schedules of the programs with timers, their
// answer is the one a scan of every pending timer gives (checkWatched
// panics otherwise: an internal error of the run).
func TestWatchedTimersMatchScan(t *testing.T) {
	checkWatched = true
	defer func() { checkWatched = false }()
	for _, name := range []string{"manytimers", "virtualtime", "timechoice", "ticking", "pollclock", "timersnap", "tickleak"} {
		for seed := range uint64(8) {
			r := runBehave(t, name, RunOptions{Scheduler: &randomScheduler{rand.New(rand.NewPCG(seed, 1))}, MaxSteps: 200_000})
			if r.err != nil {
				require.NotContains(t, r.err.Error(), "watched timers", "%s, seed %d", name, seed)
			}
		}
	}
}
