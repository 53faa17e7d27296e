package semantics

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"
)

// TestRunEdges: a table-driven test whose parent reads, after the
// subtests, what they wrote, and whose subtests read what the parent wrote
// before t.Run: t.Run orders both, no race.
func TestRunEdges(t *testing.T) {
	total := 0
	for _, n := range []int{1, 2, 3} {
		total *= 10
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			total += n
		})
	}
	if total != 123 {
		t.Fatalf("total = %d", total)
	}
}

// TestParallelWaitsForParent: a parallel subtest runs after its parent's
// function returned, and sees what the parent wrote after t.Run.
func TestParallelWaitsForParent(t *testing.T) {
	x := 0
	t.Run("p", func(t *testing.T) {
		t.Parallel()
		if x != 1 {
			t.Errorf("x = %d: the parallel subtest ran before its parent returned", x)
		}
	})
	x = 1
}

// TestParallelInterleavings: two parallel subtests run concurrently; the
// parent's cleanup, after both, sees them in either order.
func TestParallelInterleavings(t *testing.T) {
	var mu sync.Mutex
	order := ""
	t.Cleanup(func() {
		if order != "ab" {
			t.Errorf("order %q", order)
		}
	})
	for _, n := range []string{"a", "b"} {
		t.Run(n, func(t *testing.T) {
			t.Parallel()
			mu.Lock()
			order += n
			mu.Unlock()
		})
	}
}

// TestParallelRace: two parallel subtests write one variable.
func TestParallelRace(t *testing.T) {
	x := 0
	for _, n := range []int{1, 2} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			t.Parallel()
			x += n
		})
	}
}

// TestLateLog: a goroutine logs after the test completed: Go panics.
func TestLateLog(t *testing.T) {
	done := make(chan bool)
	go func() {
		<-done
		t.Log("late")
	}()
	close(done)
}

// TestLateFail: a goroutine fails the test after it completed.
func TestLateFail(t *testing.T) {
	done := make(chan bool)
	go func() {
		<-done
		t.Fail()
	}()
	close(done)
}

// TestLateLogSubtest: a subtest's goroutine logs after the subtest
// completed but while its parent runs: the line goes to the parent.
func TestLateLogSubtest(t *testing.T) {
	start, logged := make(chan bool), make(chan bool)
	t.Run("sub", func(t *testing.T) {
		go func() {
			<-start
			t.Log("late")
			close(logged)
		}()
	})
	close(start)
	<-logged
}

// TestFatalFromGoroutine calls t.Fatal from a goroutine of its own.
func TestFatalFromGoroutine(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t.Fatal("from a goroutine")
	}()
	wg.Wait()
}

// TestSkipFromGoroutine calls t.Skip from a goroutine of its own.
func TestSkipFromGoroutine(t *testing.T) {
	done := make(chan bool)
	go func() {
		defer close(done)
		t.Skip("from a goroutine")
	}()
	<-done
}

// TestCleanupOrder: cleanups run last registered first, also those
// registered by a cleanup (it runs next), and after the subtests.
func TestCleanupOrder(t *testing.T) {
	var order []string
	t.Cleanup(func() {
		if fmt.Sprint(order) != "[sub 2 3 1]" {
			t.Errorf("order %v", order)
		}
	})
	t.Cleanup(func() { order = append(order, "1") })
	t.Cleanup(func() {
		order = append(order, "2")
		t.Cleanup(func() { order = append(order, "3") })
	})
	t.Run("sub", func(t *testing.T) {
		t.Cleanup(func() { order = append(order, "sub") })
	})
}

// TestContext: t.Context is canceled just before the cleanups run.
func TestContext(t *testing.T) {
	ctx := t.Context()
	if ctx.Err() != nil {
		t.Fatal("canceled while the test runs")
	}
	t.Cleanup(func() {
		if ctx.Err() != context.Canceled {
			t.Errorf("not canceled before the cleanups: %v", ctx.Err())
		}
	})
}

// TestDeadline: vt runs tests without a deadline, as go test -timeout 0
// does (go test's default deadline is 10 minutes away).
func TestDeadline(t *testing.T) {
	if d, ok := t.Deadline(); ok || !d.IsZero() {
		t.Errorf("deadline %v, %v", d, ok)
	}
}

// TestSetenv: t.Setenv sets a variable for the test and restores it after.
func TestSetenv(t *testing.T) {
	t.Run("set", func(t *testing.T) {
		t.Setenv("VT_SEMANTICS", "1")
		if os.Getenv("VT_SEMANTICS") != "1" {
			t.Error("not set")
		}
	})
	if _, ok := os.LookupEnv("VT_SEMANTICS"); ok {
		t.Error("not restored")
	}
}

// TestSetenvParallel: t.Setenv in a parallel test panics, as in Go.
func TestSetenvParallel(t *testing.T) {
	t.Run("p", func(t *testing.T) {
		t.Parallel()
		t.Setenv("VT_SEMANTICS", "1")
	})
}

// TestParallelTwice: calling t.Parallel twice panics, as in Go.
func TestParallelTwice(t *testing.T) {
	t.Run("p", func(t *testing.T) {
		t.Parallel()
		t.Parallel()
	})
}

// BenchmarkLoop: under vt a benchmark's loop body runs once.
func BenchmarkLoop(b *testing.B) {
	n := 0
	for b.Loop() {
		n++
	}
	if n != 1 || b.N != 1 {
		b.Fatalf("%d iterations, N = %d", n, b.N)
	}
}
