// Package vt model-checks goroutine code from an ordinary go test.
//
// vt.Check runs a function of a test in vt's Go interpreter, where every
// channel operation, mutex, sync/atomic call, go statement and sleep is a
// scheduling point that vt controls, and explores the interleavings of its
// goroutines:
//
//	func TestCounter(t *testing.T) {
//		vt.Check(t, func(t *vt.T) {
//			var mu sync.Mutex
//			n := 0
//			var wg sync.WaitGroup
//			for range 2 {
//				wg.Add(1)
//				go func() { defer wg.Done(); mu.Lock(); n++; mu.Unlock() }()
//			}
//			wg.Wait()
//			require.Equal(t, 2, n)
//		})
//	}
//
// It reports deadlocks, goroutines left blocked forever after the function
// returned (leaks), panics in any goroutine, failed assertions (t.Error,
// t.Fatal, testify's assert and require) and executions that exceed the step
// bound, each with the goroutines' stacks, the schedule that led there and a
// replay token. A failing schedule is saved under testdata/vt/<TestName>/ and
// replayed first on every later run, like the fuzzing corpus.
//
// The function may capture variables of the enclosing test, including in
// table-driven subtests: vt interprets the enclosing test function from its
// start, follows t.Run down the path of the current subtest only, and makes
// the matching vt.Check call the root of the exploration.
//
// Options (Strategy, Execs, Steps, Preempt, Seed, Time, Replay) can also be
// set with test flags -vt.<name> and environment variables VT_<NAME>; a flag
// beats the environment, which beats an option given in code.
//
// The permission-region annotations (AcquireR, AcquireW, ...) are in this
// package too.
package vt
