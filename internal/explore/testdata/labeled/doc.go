// Package labeled holds small concurrent tests whose names carry the
// verdict vt must give them: TestOK_, TestRace_, TestDeadlock_, TestLeak_,
// TestPanic_ and TestFail_ (a failed assertion). They cover what users'
// tests do every day (fields and elements, append and maps, sync.Map,
// atomics next to plain accesses, contexts, timers and tickers, Cond,
// subtests, cleanups, Goexit) and are checked by TestLabeledVerdicts in
// package explore. Expected verdicts follow go test -race and the Go
// memory model; a leak is a goroutine blocked forever or running forever
// after its test returned.
package labeled
