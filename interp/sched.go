package interp

import "time"

// A Scheduler decides, at every scheduling point, which goroutine runs next,
// and resolves the program's other nondeterministic choices. The interpreter
// calls it from the goroutine that runs the program; implementations need no
// locking.
type Scheduler interface {
	// Pick returns the index in runnable of the goroutine to run next.
	// runnable is non-empty and ordered by goroutine id; every goroutine in
	// it is stopped just before its pending operation (Goroutine.Pending).
	// A negative answer abandons the run: it ends at once with a
	// *StoppedError (a search that knows the rest of the run is redundant).
	Pick(runnable []*Goroutine) int
	// Choose returns a number in [0, n) for a nondeterministic choice of
	// kind c made by g (nil for a choice of the runtime, ChooseTimer), such
	// as which ready case a select takes. n ≥ 2, except for ChooseRandom,
	// whose n = 0 asks for any number in [0, 2⁶³).
	Choose(g *Goroutine, c Choice, n int) int
}

// A TimeScheduler is a Scheduler that weighs a ChooseTimer choice against
// how far the timer is and how much the program did since it was set: a
// scheduler whose default lets time pass only when the work done would
// have taken that long keeps the first schedule realistic, where a
// deadline of seconds does not pass while goroutines still run their
// first microseconds. The interpreter asks ChooseTime instead of Choose
// for ChooseTimer when its scheduler implements it.
type TimeScheduler interface {
	Scheduler
	// ChooseTime answers a ChooseTimer choice (1: time passes). wait is
	// how far the earliest observable timer's deadline is from the
	// virtual clock (≥ 0); steps is how many interpreter steps the program
	// ran since that timer was set or the clock last moved, whichever was
	// later.
	ChooseTime(wait time.Duration, steps int64) int
}

// A RunnableScheduler is a Scheduler told whether the runnable set changed
// since its previous Pick, so that a scheduling point where nothing
// changed can cost it the same whatever the number of goroutines. The
// interpreter calls PickRunnable instead of Pick when its scheduler
// implements it.
type RunnableScheduler interface {
	Scheduler
	// PickRunnable is Pick, with a version of the runnable set: two calls
	// of one run with the same version get the same goroutines in the same
	// order, each stopped where it was at the first of them, except the
	// goroutine the first of them picked, which ran to its next
	// scheduling point (it neither blocked nor ended, and no goroutine
	// started, blocked, woke or ended). A new version is not known to
	// differ: it is never equal to an earlier one, of any run.
	//
	// A type that embeds a RunnableScheduler and overrides Pick must
	// override PickRunnable too: the interpreter calls PickRunnable.
	// (DefaultScheduler is not one, so that types embedding it may
	// override Pick alone.)
	PickRunnable(runnable []*Goroutine, version uint64) int
}

// Choice names a kind of nondeterministic choice.
type Choice uint8

const (
	// ChooseSelect picks among the ready cases of a select.
	ChooseSelect Choice = iota + 1
	// ChooseTimer decides whether time passes now, while goroutines can
	// still run (n = 2): 1 advances the virtual clock to the deadline of
	// the earliest pending timer whose firing a goroutine can observe (a
	// sleeper wakes, a callback starts, a goroutine waits on or polls the
	// timer's channel) and fires it, with every timer due before it. It is
	// asked before Pick wherever such a timer is pending; a scheduler that
	// always answers 0 gets the rule of testing/synctest (time advances
	// only when every goroutine is blocked).
	ChooseTimer
	// ChooseRandom is a random number the program draws from an unseeded
	// source: math/rand's and math/rand/v2's top-level functions, a
	// generator seeded from the clock or from crypto/rand, crypto/rand
	// itself. The answer is the number: in [0, n), or any in [0, 2⁶³) for
	// n = 0.
	ChooseRandom
	// ChooseMapStart picks the entry (in [0, n) for a map of n entries) at
	// which a range over a map starts; the range then visits the entries
	// in their order from there, wrapping around. It is asked for ranges
	// in the program's own code (outside the Go distribution) over maps of
	// two entries or more; elsewhere maps are iterated from their first
	// entry.
	ChooseMapStart
	// ChooseDatagram picks which of the datagrams waiting at a socket a
	// receive takes (UDP delivers in any order).
	ChooseDatagram
	// ChooseDatagramLoss decides whether a datagram sent is lost (1) or
	// delivered (0); only with RunOptions.DatagramLoss.
	ChooseDatagramLoss
)

// DefaultScheduler runs the current goroutine until it blocks, then the
// runnable goroutine with the lowest id after it (round robin). To keep spin
// loops live it switches after Quantum consecutive scheduling points of one
// goroutine. Select picks the first ready case in source order, maps are
// iterated from their first entry, time advances when every goroutine is
// blocked or a goroutine has run a whole quantum (a goroutine that polls a
// timer's channel sees it fire), and random draws come from a
// pseudo-random sequence seeded by Seed.
type DefaultScheduler struct {
	// Quantum is the number of consecutive scheduling points after which
	// the running goroutine is switched out (0 means 64).
	Quantum int
	// Seed seeds the answers to ChooseRandom.
	Seed int64

	last  *Goroutine
	count int
	draws uint64
}

// Pick implements Scheduler.
func (s *DefaultScheduler) Pick(runnable []*Goroutine) int {
	q := s.quantum()
	for i, g := range runnable {
		if g == s.last {
			if s.count < q {
				s.count++
				return i
			}
			s.count = 0
			s.last = runnable[(i+1)%len(runnable)]
			return (i + 1) % len(runnable)
		}
	}
	// The last goroutine blocked or exited: next one after it by id.
	idx := 0
	if s.last != nil {
		for i, g := range runnable {
			if g.id > s.last.id {
				idx = i
				break
			}
		}
	}
	s.last, s.count = runnable[idx], 0
	return idx
}

func (s *DefaultScheduler) quantum() int {
	if s.Quantum == 0 {
		return 64
	}
	return s.Quantum
}

// Choose implements Scheduler.
func (s *DefaultScheduler) Choose(_ *Goroutine, c Choice, n int) int {
	if c == ChooseTimer && s.last != nil && s.count >= s.quantum() {
		return 1
	}
	if c != ChooseRandom {
		return 0
	}
	s.draws++
	v := int(SplitMix64(uint64(s.Seed)+s.draws*0x9e3779b97f4a7c15) >> 1)
	if n > 0 {
		v %= n
	}
	return v
}

// SplitMix64 is the output function of the splitmix64 generator: a
// bijection of uint64 that scatters consecutive inputs. Schedulers use it to
// derive answers from a seed and a position; the interpreter widens the
// 63-bit answers of ChooseRandom to 64 bits with it.
func SplitMix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
