package semantics

import (
	"context"
	"sync"
	"testing"

	"github.com/vtcheck/vt/vt"
)

// TestCheckLateLog: a goroutine logs through vt.T after the checked
// function returned.
func TestCheckLateLog(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		done := make(chan bool)
		go func() {
			<-done
			t.Log("late")
		}()
		close(done)
	}, vt.Expect("panic"))
}

// TestCheckFatalFromGoroutine calls vt.T's Fatal from another goroutine.
func TestCheckFatalFromGoroutine(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.Fatal("from a goroutine")
		}()
		wg.Wait()
	}, vt.Expect("assert"))
}

// TestCheckContext: vt.T's context is canceled before the cleanups run,
// in every execution.
func TestCheckContext(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ctx := t.Context()
		if ctx.Err() != nil {
			t.Fatal("canceled while the function runs")
		}
		t.Cleanup(func() {
			if ctx.Err() != context.Canceled {
				t.Error("not canceled before the cleanups")
			}
		})
	})
}

// TestCheckTable: table-driven parallel subtests, each with a vt.Check
// over the case's variables.
func TestCheckTable(t *testing.T) {
	for _, n := range []int{1, 2} {
		t.Run("case", func(t *testing.T) {
			t.Parallel()
			vt.Check(t, func(t *vt.T) {
				var mu sync.Mutex
				x := 0
				var wg sync.WaitGroup
				for range n {
					wg.Add(1)
					go func() { defer wg.Done(); mu.Lock(); x++; mu.Unlock() }()
				}
				wg.Wait()
				if x != n {
					t.Fatalf("x = %d, want %d", x, n)
				}
			})
		})
	}
}
