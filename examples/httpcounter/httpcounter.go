// Package httpcounter is a small HTTP service that counts its visits, in
// two versions: Counter increments its count in every request's handler
// without synchronization (net/http runs each connection's requests in a
// goroutine of its own, so two visits race), and SafeCounter guards the
// count with a mutex.
//
// Its tests run a real net/http server and client under vt: the network
// is vt's virtual one (loopback sockets in the interpreter), so the
// handlers' goroutines are explored like any others.
package httpcounter

import (
	"fmt"
	"net/http"
	"sync"
)

// Counter counts visits. Its ServeHTTP is racy: handlers of concurrent
// requests increment n without synchronization.
type Counter struct {
	n int
}

// ServeHTTP counts a visit and says which one it was.
func (c *Counter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.n++
	fmt.Fprintf(w, "visit %d", c.n)
}

// SafeCounter counts visits under a mutex.
type SafeCounter struct {
	mu sync.Mutex
	n  int
}

// ServeHTTP counts a visit and says which one it was.
func (c *SafeCounter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	c.n++
	n := c.n
	c.mu.Unlock()
	fmt.Fprintf(w, "visit %d", n)
}
