// Package tablei ports to Go the programs of Table I of Mercer, Anderson,
// Vrvilo and Sarkar ("Model Checking Task Parallel Programs using Gradual
// Permission") that the other packages of examples/habanero do not: the
// paper shows only the sources of PrimeNumCounter and ClumpedAccess, so the
// others follow their names, task counts and regions in the table. Each
// function is one program; tablei_test.go checks each under vt with its
// verdict (BENCHMARKS.md has the figures side by side with the paper's).
package tablei

import (
	"github.com/vtcheck/vt/habanero"
	"github.com/vtcheck/vt/vt"
)

// PrimitiveArrayNoRace: two asyncs fill the two halves of an array (3
// tasks, no regions); no race.
func PrimitiveArrayNoRace() []int {
	a := make([]int, 8)
	habanero.Launch(func(t *habanero.Task) {
		t.Async(func(*habanero.Task) {
			for i := 0; i < 4; i++ {
				a[i] = i
			}
		})
		t.Async(func(*habanero.Task) {
			for i := 4; i < 8; i++ {
				a[i] = i
			}
		})
	})
	return a
}

// TwoDimArrays: n asyncs each fill their own row (11 tasks in the paper:
// n = 10); no race.
func TwoDimArrays(n int) [][]int {
	m := make([][]int, n)
	for i := range m {
		m[i] = make([]int, 3)
	}
	habanero.Launch(func(t *habanero.Task) {
		for i := range m {
			t.Async(func(*habanero.Task) {
				for j := range m[i] {
					m[i][j] = i * j
				}
			})
		}
	})
	return m
}

// ForAllWithIterable: a forall over the elements of a slice, each
// iteration writing its own element; no race.
func ForAllWithIterable() []int {
	xs := []int{3, 1, 2}
	habanero.Launch(func(t *habanero.Task) {
		t.Forall(0, len(xs), func(_ *habanero.Task, i int) { xs[i] *= 2 })
	})
	return xs
}

// IntegerCounterIsolated: n asyncs increment a counter, each inside
// isolated and a write region on it; no race.
func IntegerCounterIsolated(n int) int {
	count := new(int)
	habanero.Launch(func(t *habanero.Task) {
		for range n {
			t.Async(func(t *habanero.Task) {
				t.Isolated(func() {
					vt.AcquireW(count)
					*count++
					vt.ReleaseW(count)
				})
			})
		}
	})
	return *count
}

// PrimeNumCounterForAllRacy: PrimeNumCounterForAll as the table measures
// it, with the race: the forall's iterations increment the counter without
// isolated (Detected Race*).
func PrimeNumCounterForAllRacy(n int) int {
	primes := []int{0}
	habanero.Launch(func(t *habanero.Task) {
		t.Forall(2, n, func(_ *habanero.Task, j int) {
			if isPrime(j) {
				primes[0]++
			}
		})
	})
	return primes[0]
}

func isPrime(n int) bool {
	if n < 2 {
		return false
	}
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}

// VectorAdd: two asyncs add the halves of two vectors, each in a read
// region on its halves of a and b and a write region on its half of c (3
// tasks, 4 regions); no race.
func VectorAdd(a, b []int) []int {
	c := make([]int, len(a))
	half := len(a) / 2
	add := func(lo, hi int) {
		vt.AcquireRRange(a, lo, hi)
		vt.AcquireRRange(b, lo, hi)
		vt.AcquireWRange(c, lo, hi)
		for i := lo; i < hi; i++ {
			c[i] = a[i] + b[i]
		}
		vt.ReleaseWRange(c, lo, hi)
		vt.ReleaseRRange(b, lo, hi)
		vt.ReleaseRRange(a, lo, hi)
	}
	habanero.Launch(func(t *habanero.Task) {
		t.Async(func(*habanero.Task) { add(0, half) })
		t.Async(func(*habanero.Task) { add(half, len(a)) })
	})
	return c
}

// AsyncTest1: n asyncs that share nothing (51 tasks in the paper); no race.
func AsyncTest1(n int) []int {
	out := make([]int, n)
	habanero.Launch(func(t *habanero.Task) {
		for i := range n {
			t.Async(func(*habanero.Task) { out[i] = i })
		}
	})
	return out
}

// AsyncTest2: two asyncs write one variable, each in a write region (3
// tasks, 2 regions): the regions conflict (Detected Race).
func AsyncTest2() int {
	x := new(int)
	habanero.Launch(func(t *habanero.Task) {
		for k := range 2 {
			t.Async(func(*habanero.Task) {
				vt.AcquireW(x)
				*x = k
				vt.ReleaseW(x)
			})
		}
	})
	return *x
}

// FinishTest1: an async inside a finish writes x, which the parent reads
// after the finish (3 tasks); no race.
func FinishTest1() int {
	x := 0
	habanero.Launch(func(t *habanero.Task) {
		t.Finish(func(t *habanero.Task) {
			t.Async(func(*habanero.Task) { x = 1 })
		})
		x++
	})
	return x
}

// FinishTest2: two finishes in sequence, each around an async that updates
// x; no race.
func FinishTest2() int {
	x := 0
	habanero.Launch(func(t *habanero.Task) {
		t.Finish(func(t *habanero.Task) { t.Async(func(*habanero.Task) { x = 1 }) })
		t.Finish(func(t *habanero.Task) { t.Async(func(*habanero.Task) { x *= 10 }) })
	})
	return x
}

// FinishTest3: nested finishes (4 tasks): the inner async's write is
// joined by the inner finish before its parent async reads it; no race.
func FinishTest3() int {
	x, y := 0, 0
	habanero.Launch(func(t *habanero.Task) {
		t.Finish(func(t *habanero.Task) {
			t.Async(func(t *habanero.Task) {
				t.Finish(func(t *habanero.Task) { t.Async(func(*habanero.Task) { x = 2 }) })
				y = x + 1
			})
		})
	})
	return y
}

// ClumpedAccess: two asyncs, each inside isolated and one region, update
// and read one shared element a thousand times (the paper's listing); no
// race.
func ClumpedAccess() int {
	shared := []int{0}
	last := 0
	habanero.Launch(func(t *habanero.Task) {
		t.Async(func(t *habanero.Task) {
			t.Isolated(func() {
				vt.AcquireWAt(shared, 0)
				for range 1000 {
					shared[0]++
				}
				vt.ReleaseWAt(shared, 0)
			})
		})
		t.Async(func(t *habanero.Task) {
			t.Isolated(func() {
				vt.AcquireRAt(shared, 0)
				for range 1000 {
					last = shared[0]
				}
				vt.ReleaseRAt(shared, 0)
			})
		})
	})
	_ = last
	return shared[0]
}
