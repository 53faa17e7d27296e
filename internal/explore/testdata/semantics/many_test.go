package semantics

import (
	"sync"
	"testing"
)

// spawn starts n goroutines that each do a little work and add it to a
// total under a mutex, and waits for them (BenchmarkGoroutines).
func spawn(n int) int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := 0
			for j := range 10 {
				s += j
			}
			mu.Lock()
			total += s
			mu.Unlock()
		}()
	}
	wg.Wait()
	return total
}

func TestGoroutines1k(t *testing.T) {
	if spawn(1000) != 45*1000 {
		t.Fatal("wrong total")
	}
}

func TestGoroutines10k(t *testing.T) {
	if spawn(10000) != 45*10000 {
		t.Fatal("wrong total")
	}
}

func TestGoroutines100k(t *testing.T) {
	if spawn(100000) != 45*100000 {
		t.Fatal("wrong total")
	}
}
