// Package racycounter increments a shared counter from many asyncs. Racy
// has a data race on the counter (AsyncTest2 in the paper's table: "Detected
// Race"); Isolated is the fix with the increment inside isolated. The racy
// version is for vt to find: the native tests only run Isolated, and run
// Racy under the build tag vtracy (go test -tags vtracy, without -race).
package racycounter

import "github.com/vtcheck/vt/habanero"

// Racy increments a plain int from n asyncs without synchronization and
// returns the result, which can be less than n. It has a data race.
func Racy(n int) int {
	counter := 0
	habanero.Launch(func(t *habanero.Task) {
		for range n {
			t.Async(func(*habanero.Task) { counter++ })
		}
	})
	return counter
}

// Isolated increments the counter from n asyncs inside isolated and returns
// n.
func Isolated(n int) int {
	counter := 0
	habanero.Launch(func(t *habanero.Task) {
		for range n {
			t.Async(func(t *habanero.Task) { t.Isolated(func() { counter++ }) })
		}
	})
	return counter
}
