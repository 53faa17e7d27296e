package interp

// A Scheduler decides, at every scheduling point, which goroutine runs next,
// and resolves the program's other nondeterministic choices. The interpreter
// calls it from the goroutine that runs the program; implementations need no
// locking.
type Scheduler interface {
	// Pick returns the index in runnable of the goroutine to run next.
	// runnable is non-empty and ordered by goroutine id; every goroutine in
	// it is stopped just before its pending operation (Goroutine.Pending).
	Pick(runnable []*Goroutine) int
	// Choose returns a number in [0, n) for a nondeterministic choice of
	// kind c made by g, such as which ready case a select takes (n ≥ 2).
	Choose(g *Goroutine, c Choice, n int) int
}

// Choice names a kind of nondeterministic choice.
type Choice uint8

const (
	// ChooseSelect picks among the ready cases of a select.
	ChooseSelect Choice = iota + 1
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
// goroutine. Select picks the first ready case in source order.
type DefaultScheduler struct {
	// Quantum is the number of consecutive scheduling points after which
	// the running goroutine is switched out (0 means 64).
	Quantum int

	last  *Goroutine
	count int
}

// Pick implements Scheduler.
func (s *DefaultScheduler) Pick(runnable []*Goroutine) int {
	q := s.Quantum
	if q == 0 {
		q = 64
	}
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

// Choose implements Scheduler.
func (s *DefaultScheduler) Choose(*Goroutine, Choice, int) int { return 0 }
