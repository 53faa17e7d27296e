// Package philosophers is Dijkstra's dining philosophers: n philosophers sit
// at a round table with one fork between each pair of neighbours, and each
// needs both neighbouring forks to eat.
//
// The bug: with [LeftFirst] every philosopher picks up the fork on the left
// and then the one on the right. When all of them have picked up their left
// fork, each waits forever for the right one, which the neighbour holds.
// This happens only in interleavings where every philosopher is interrupted
// between the two forks; vt finds one and reports a deadlock, listing every
// philosopher blocked in sync.Mutex.Lock.
//
// The fix: with [LowerFirst] every philosopher picks up the lower-numbered
// fork first. Forks are then taken in one global order, so no cycle of
// waiting philosophers can form; vt reports ok.
package philosophers

import "sync"

// An Order decides which of the two forks next to seat (left is fork seat,
// right is fork (seat+1)%n) a philosopher picks up first.
type Order func(seat, n int) (first, second int)

// LeftFirst picks up the left fork, then the right one. It can deadlock.
func LeftFirst(seat, n int) (first, second int) {
	return seat, (seat + 1) % n
}

// LowerFirst picks up the lower-numbered fork first: a global lock order,
// which rules out deadlock.
func LowerFirst(seat, n int) (first, second int) {
	left, right := seat, (seat+1)%n
	if right < left {
		return right, left
	}
	return left, right
}

// A Table is a round table with one fork between each pair of neighbouring
// seats.
type Table struct {
	forks []sync.Mutex

	mu    sync.Mutex
	eaten []int // meals eaten, per seat
}

// NewTable returns a table for n philosophers.
func NewTable(n int) *Table {
	return &Table{forks: make([]sync.Mutex, n), eaten: make([]int, n)}
}

// Dine seats one philosopher (a goroutine) at each seat, lets each eat meals
// times, picking up forks in the given order, and waits until all are done.
// It returns the number of meals each philosopher ate.
func (t *Table) Dine(meals int, order Order) []int {
	n := len(t.forks)
	var wg sync.WaitGroup
	for seat := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			first, second := order(seat, n)
			for range meals {
				t.forks[first].Lock()
				t.forks[second].Lock()
				t.eat(seat)
				t.forks[second].Unlock()
				t.forks[first].Unlock()
			}
		}()
	}
	wg.Wait()
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]int(nil), t.eaten...)
}

func (t *Table) eat(seat int) {
	t.mu.Lock()
	t.eaten[seat]++
	t.mu.Unlock()
}
