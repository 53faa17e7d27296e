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
// It reports data races (under the Go memory model), deadlocks, goroutines
// left blocked forever after the function returned (leaks), panics in any
// goroutine, failed assertions (t.Error, t.Fatal, testify's assert and
// require) and executions that exceed the step bound, each with the
// goroutines' stacks, the schedule that led there and a replay token. A
// failing schedule is saved under testdata/vt/<TestName>/ and replayed first
// on every later run, like the fuzzing corpus.
//
// The function may capture variables of the enclosing test, including in
// table-driven subtests: vt interprets the enclosing test function from its
// start, follows t.Run down the path of the current subtest only, and makes
// the matching vt.Check call the root of the exploration.
//
// # Options
//
// Each option is given to Check in code (vt.Execs(1000)), as a test flag
// -vt.NAME (go test -vt.execs=1000) or as an environment variable VT_NAME
// (VT_EXECS=1000); a flag beats the environment, which beats code. Check
// validates a value the same way wherever it came from. The vt command takes
// the same options as flags -NAME; vt test, which explores whole tests,
// applies the Clock, Enumerate, Udploss and Expect given to a Check call
// in code (unless a flag or variable gives them) and its own budgets and
// strategy.
//
//   - [Strategy] (-vt.strategy string, default portfolio): strategy: portfolio, dpor, stateful, regions, dfs, random, pct[:N], guided, jrf
//   - [Execs] (-vt.execs int, default 100000): maximum number of executions
//   - [Steps] (-vt.steps int, default auto): maximum steps of one execution; auto: only a livelock (no progress) is bounded
//   - [Preempt] (-vt.preempt int, default auto): preemption bound of dfs: -1 none, auto raised from 0 until exhausted
//   - [Seed] (-vt.seed int, default 0): seed of random strategies and of the program's sampled random draws
//   - [Time] (-vt.time duration, default 10s): wall-clock budget of one exploration (of each test under vt test), e.g. 30s
//   - [Replay] (-vt.replay string): replay one execution from a token or a saved file, with its trace
//   - [Profile] (-vt.profile string): write a pprof profile of the exploration to this file (go tool pprof reads it)
//   - [HTML] (-vt.html string): draw the failing execution as an HTML page in this file (on: by the saved one)
//   - [Corpus] (-vt.corpus string, default auto): replay saved failures first: auto (unless -strategy), on, off (save none)
//   - [Expect] (-vt.expect string): verdict to reach: ok, race, region, deadlock, leak, panic, assert or steps
//   - [Race] (-vt.race string, default on): race detection: on (happens-before summary h), lockset or off
//   - [Trust] (-vt.trust list): comma-separated packages whose own accesses are not race-checked
//   - [Guide] (-vt.guide list): FILE.go:LINE,... that guided steers executions through (empty: from lock events)
//   - [JRF] (-vt.jrf list, default WF,WW,ARA,AF): heuristics of the jrf strategy: any of WF, WW, ARA, AF
//   - [Transactions] (-vt.transactions string, default off): on: no choice at lock releases, go, goroutine starts (portfolio's guided: on)
//   - [Clock] (-vt.clock string, default 1ms): timers due within it fire at any point, later only when all wait
//   - [Enumerate] (-vt.enumerate int, default 16): largest random range or map that dfs enumerates (larger are sampled)
//   - [Udploss] (-vt.udploss string, default off): on: every UDP or unixgram datagram sent may be lost (explored)
//   - [Short] (-vt.short bool, default false): testing.Short() reports true in the explored code, as under go test -short
//   - [Parallel] (-vt.parallel int, default auto): cores that run executions; auto: GOMAXPROCS (results do not depend on it)
//   - [Shard] (-vt.shard string): I/N: explore only part I (1..N) of N disjoint parts (default: from CI; off)
//   - [Resume] (-vt.resume string): save where the search stops, go on from there next run: on (testdata/vt) or DIR
//
// Races on one location can be declared benign with [Benign].
//
// # Linearizability
//
// [Linearizable] checks a concurrent data structure against a sequential
// model ([Spec], with operations made by [Call] and [CallWith]): vt draws
// scenarios (goroutines with a few operations each) as choices of its
// search, runs each on a new instance in its interpreter, records every
// execution's history of calls and returns, and checks it in the test
// process with porcupine; the first history no sequential order explains
// is reported with its scenario, why, the schedule and the replay token.
//
// # Annotations
//
// The permission-region annotations (AcquireR, AcquireW, ReleaseR,
// ReleaseW and their element and range forms) are in this package too: they
// are events for vt, never locks, and a program behaves the same without
// them.
package vt
