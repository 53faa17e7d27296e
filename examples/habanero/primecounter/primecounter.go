// Package primecounter counts the primes below n with one task per number
// and a shared counter updated inside isolated (PrimeNumCounter, Figure 9 of
// the paper, and its Forall and Forasync variants). The counter's update is
// a write region on element 0 inside an isolated section, so the regions
// never overlap. Expected vt verdict: no race.
package primecounter

import (
	"github.com/vtcheck/vt/habanero"
	"github.com/vtcheck/vt/vt"
)

// IsPrime reports whether n is prime.
func IsPrime(n int) bool {
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

func count(t *habanero.Task, primes []int, j int) {
	if IsPrime(j) {
		t.Isolated(func() {
			vt.AcquireWAt(primes, 0)
			primes[0]++
			vt.ReleaseWAt(primes, 0)
		})
	}
}

// Count returns the number of primes in [2, n) with a finish around one
// async per number.
func Count(n int) int {
	primes := []int{0}
	habanero.Launch(func(t *habanero.Task) {
		t.Finish(func(t *habanero.Task) {
			for i := 2; i < n; i++ {
				t.Async(func(t *habanero.Task) { count(t, primes, i) })
			}
		})
	})
	return primes[0]
}

// CountForall is Count with Forall.
func CountForall(n int) int {
	primes := []int{0}
	habanero.Launch(func(t *habanero.Task) {
		t.Forall(2, n, func(t *habanero.Task, i int) { count(t, primes, i) })
	})
	return primes[0]
}

// CountForasync is Count with Forasync, joined by Launch's implicit finish.
func CountForasync(n int) int {
	primes := []int{0}
	habanero.Launch(func(t *habanero.Task) {
		t.Forasync(2, n, func(t *habanero.Task, i int) { count(t, primes, i) })
	})
	return primes[0]
}
