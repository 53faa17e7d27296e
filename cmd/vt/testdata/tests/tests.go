// Package tests holds ordinary Go tests, one correct and one with a
// lock-order deadlock, for vt test.
package tests

import "sync"

// Counter is a counter safe for concurrent use.
type Counter struct {
	mu sync.Mutex
	n  int
}

// Inc increments c.
func (c *Counter) Inc() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

// Value returns c's count.
func (c *Counter) Value() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// Pair holds two locks that Swap and Sum take in opposite orders.
type Pair struct {
	a, b sync.Mutex
	x, y int
}

// Swap exchanges the values, locking a then b.
func (p *Pair) Swap() {
	p.a.Lock()
	p.b.Lock()
	p.x, p.y = p.y, p.x
	p.b.Unlock()
	p.a.Unlock()
}

// Sum adds the values, locking b then a: a lock-order inversion with Swap.
func (p *Pair) Sum() int {
	p.b.Lock()
	p.a.Lock()
	s := p.x + p.y
	p.a.Unlock()
	p.b.Unlock()
	return s
}
