// Package classic holds classic benchmarks of stateless model checkers,
// ported to Go from their published descriptions, to compare the
// executions vt explores to exhaust them with the numbers those tools
// publish (see BENCHMARKS.md, "Classic benchmarks"). Each test is a whole
// test for vt test; natively they run once.
package classic

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
)

// cas runs n goroutines that each try once to swap the word from 0 to
// their own number (GenMC's synthetic "cas" test): exactly one wins.
func cas(t *testing.T, n int) {
	var x atomic.Int32
	var wins atomic.Int32
	var wg sync.WaitGroup
	wg.Add(n)
	for i := 1; i <= n; i++ {
		go func() {
			defer wg.Done()
			if x.CompareAndSwap(0, int32(i)) {
				wins.Add(1)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 || x.Load() == 0 {
		t.Errorf("%d goroutines won the swap, word %d", wins.Load(), x.Load())
	}
}

func TestCAS3(t *testing.T) { cas(t, 3) }
func TestCAS4(t *testing.T) { cas(t, 4) }
func TestCAS5(t *testing.T) { cas(t, 5) }

// indexer runs the indexer benchmark of Flanagan and Godefroid ("Dynamic
// partial-order reduction for model checking software", POPL 2005),
// also in SV-COMP and in GenMC's tests: n goroutines each insert four
// messages into a shared hash table of 128 slots by open addressing,
// claiming a slot with a compare-and-swap and probing the next slot when
// it is taken. Message m (0..3) of goroutine i is w = 11*m + i, hashed
// to (7*w) mod 128. Up to 11 goroutines all messages differ; goroutine
// 11+j sends messages 1..3 of goroutine j again, and each of the three
// pairs of equal messages races for one slot: 8^(n-11) traces.
func indexer(t *testing.T, n int) {
	const size, msgs = 128, 4
	var table [size]atomic.Int32
	var wg sync.WaitGroup
	wg.Add(n)
	for i := range n {
		go func() {
			defer wg.Done()
			for m := range msgs {
				w := int32(11*m + i)
				h := (7 * w) % size
				for !table[h].CompareAndSwap(0, w+1) { // 0 is an empty slot
					h = (h + 1) % size
				}
			}
		}()
	}
	wg.Wait()
	used := 0
	for h := range table {
		if table[h].Load() != 0 {
			used++
		}
	}
	if used != n*msgs {
		t.Errorf("%d slots used, want %d", used, n*msgs)
	}
}

func TestIndexer12(t *testing.T) { indexer(t, 12) }
func TestIndexer13(t *testing.T) { indexer(t, 13) }
func TestIndexer14(t *testing.T) { indexer(t, 14) }
func TestIndexer15(t *testing.T) { indexer(t, 15) }
func TestIndexer16(t *testing.T) { indexer(t, 16) }

// TestProbe: two goroutines insert the same three keys into a table by
// open addressing, each claiming a slot with a compare-and-swap and
// probing the next one when it lost; each key's slot goes to either, so
// 8 final tables are reachable (printed).
func TestProbe(t *testing.T) {
	var table [16]atomic.Int32
	var wg sync.WaitGroup
	wg.Add(2)
	for i := range 2 {
		go func() {
			defer wg.Done()
			for k := 1; k <= 3; k++ {
				h := 4 * (k - 1)
				for !table[h].CompareAndSwap(0, int32(10*k+i)) {
					h++
				}
			}
		}()
	}
	wg.Wait()
	for h := range table {
		if v := table[h].Load(); v != 0 {
			fmt.Print(h, ":", v, " ")
		}
	}
	fmt.Println()
}
