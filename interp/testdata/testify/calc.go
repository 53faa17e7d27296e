// Package calc is a small library whose tests use testify; the interpreter's
// tests run them interpreted and natively and compare the outcomes.
package calc

import (
	"errors"
	"sync"
)

// ErrNegative is returned for negative inputs.
var ErrNegative = errors.New("calc: negative input")

// Sqrt returns the integer square root of n.
func Sqrt(n int) (int, error) {
	if n < 0 {
		return 0, ErrNegative
	}
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r, nil
}

// Counter is a mutex-protected counter.
type Counter struct {
	mu sync.Mutex
	n  int
}

// Inc adds one.
func (c *Counter) Inc() { c.mu.Lock(); c.n++; c.mu.Unlock() }

// Value returns the count.
func (c *Counter) Value() int { c.mu.Lock(); defer c.mu.Unlock(); return c.n }
