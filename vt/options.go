package vt

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// An Option configures Check. Options can also be set with test flags
// (-vt.strategy=random) and environment variables (VT_STRATEGY=random); a
// flag beats the environment, which beats an option given in code. Check
// validates every option the same way, wherever it was set: a bad value
// stops the test with an error naming the option and what it accepts.
type Option struct {
	name, value string // an option of explore.OptionTable, as text
}

// Strategy selects the exploration strategy: "portfolio" (the default:
// DPOR with the preemption bound 0, a few random executions, the guided
// search along the location sequences of the program's lock patterns, a
// few PCT executions, then DPOR with the bound 1, then none), "dpor" (exhaustive, dynamic partial-order reduction with
// source sets and sleep sets, with iterative preemption bounding),
// "stateful" (exhaustive depth-first search with no preemption bound that
// ends every execution at a state an earlier one reached, and finds
// livelocks as cycles of states), "regions" (the region-informed search of
// the gradual-permission paper: stateful, preempting only at permission
// regions, isolated entries and blocking points; the default for programs
// that use the habanero library), "dfs" (exhaustive depth-first search by re-execution with iterative preemption
// bounding), "random" (random walk), "pct" (probabilistic concurrency
// testing with depth 3; "pct:5" sets the depth), "guided" (a greedy
// search along a location sequence: see Guide) or "jrf" (depth-first
// search ordered by the race-directed heuristics: see JRF).
func Strategy(name string) Option { return Option{"strategy", name} }

// Execs bounds the number of executions (default 100000).
func Execs(n int) Option { return Option{"execs", strconv.Itoa(n)} }

// Steps bounds the steps of one execution (taken branches and calls): an
// execution that exceeds it is reported with verdict steps ("step bound
// reached", or a livelock). By default no step bound is set: an execution
// runs as long as it makes progress (within the time budget), and one whose
// goroutines spin without effect for a million steps is a livelock.
func Steps(n int64) Option { return Option{"steps", strconv.FormatInt(n, 10)} }

// Preempt bounds the preemptions of dfs: switches away from a goroutine that
// could have continued. -1 means no bound; the default raises the bound
// iteratively from 0 until the space is exhausted or the budget is spent.
func Preempt(n int) Option { return Option{"preempt", strconv.Itoa(n)} }

// Seed seeds the random choices of the random and pct strategies, and the
// program's random draws that are sampled rather than enumerated (see
// Enumerate) and the first value tried of those that are.
func Seed(n int64) Option { return Option{"seed", strconv.FormatInt(n, 10)} }

// Time bounds the wall-clock time of the exploration (default 10s).
func Time(d time.Duration) Option { return Option{"time", d.String()} }

// Replay runs exactly one execution, the one described by a replay token
// or a file holding one (as saved under testdata/vt), and reports it with a
// step-by-step trace.
func Replay(tokenOrFile string) Option { return Option{"replay", tokenOrFile} }

// Profile writes a profile of the exploration in pprof's format to file:
// executions and steps by the scheduling point (with its call stack) where
// the explored schedules branched, wall time of interpretation by function,
// and races and failures by source line. Read it with go tool pprof.
func Profile(file string) Option { return Option{"profile", file} }

// Corpus says whether the failing schedules saved under testdata/vt are
// replayed before the search: "auto" (the default: unless a strategy is
// given explicitly), "on" or "off" (then a failure found is not saved
// either). A saved schedule that no longer fails
// is noted in the report; one that no longer fits the program is removed.
func Corpus(mode string) Option { return Option{"corpus", mode} }

// HTML draws the failing execution, if one is found, as a self-contained
// HTML page (one lane per goroutine, a row per step, happens-before arrows,
// the racing accesses or blocked goroutines highlighted): "on" writes it
// next to the saved schedule (its name plus ".html"), anything else names
// the file.
func HTML(file string) Option { return Option{"html", file} }

// Expect declares the verdict the exploration must reach: "race",
// "region", "deadlock", "leak", "panic", "assert" or "steps" (or "ok"). Check then
// passes when the first failure found is of that kind, logging its report,
// and fails otherwise. It documents known bugs and keeps examples of bugs honest; an
// expected failure is not saved under testdata/vt.
func Expect(verdict string) Option { return Option{"expect", verdict} }

// Race turns data race detection on (the default) or off. With it, every
// non-atomic access of the explored executions is checked against the Go
// memory model's happens-before order; a race is reported with verdict
// "race", before any other failure of the same execution.
func Race(on bool) Option {
	if on {
		return Option{"race", "on"}
	}
	return Option{"race", "off"}
}

// Guide gives the guided strategy its location sequence, "file.go:LINE"
// each: it drives executions through the locations in order (any
// goroutine may reach each), ranking goroutines by whether their next
// operation is at the next location and then by their control-flow
// distance to it (Rungta and Mercer's meta heuristic). Without a sequence
// the guided strategy makes its own from the program's lock-order cycles
// and two-stage lock patterns.
func Guide(locations ...string) Option { return Option{"guide", strings.Join(locations, ",")} }

// JRF picks the heuristics of the jrf strategy among "WF" (writes first),
// "WW" (watch written), "ARA" (avoid release/acquire) and "AF" (acquire
// first); all four by default, with the weights of the paper's Figure 6.
func JRF(heuristics ...string) Option { return Option{"jrf", strings.Join(heuristics, ",")} }

// Transactions, on, lets a goroutine about to release a lock (Unlock,
// RUnlock) go on without a choice: a release commutes with what other
// goroutines do (but a TryLock), so the release ends the transaction
// before it (Elmas and Qadeer's lockset-based reduction, after Lipton).
// So do go statements and a new goroutine's start. It saves executions of
// dfs, random, pct, jrf, guided and stateful; DPOR has its own reduction.
// Off by default, but for the portfolio's guided member, which uses them
// unless they are set off. A replay token records whether its execution
// ran with them.
func Transactions(on bool) Option {
	if on {
		return Option{"transactions", "on"}
	}
	return Option{"transactions", "off"}
}

// Trust lists packages (by import path) whose non-atomic accesses are not
// checked for data races: an access is skipped when its innermost frame is
// in one of them. Their synchronization (channels, mutexes, atomics) still
// orders the program's other accesses.
func Trust(pkgPaths ...string) Option { return Option{"trust", strings.Join(pkgPaths, ",")} }

// Clock says when virtual time passes while goroutines can still run. A
// duration (the default is "1ms") is the threshold: a timer or deadline at
// most that far away may fire at any scheduling point where a goroutine can
// observe it (a sleeper wakes, a goroutine waits on or polls the timer's
// channel, an AfterFunc starts), so that short timeouts racing with running
// code are explored; one further away fires only when no goroutine can make
// progress but by time passing (every goroutine blocked or only polling,
// the rule of testing/synctest), in deadline order, so that a test's safety
// net of seconds never fires before the work it guards. "any" makes every
// timer short (all timeouts explored mid-work); "synctest" lets time pass
// only when every goroutine is blocked.
func Clock(mode string) Option { return Option{"clock", mode} }

// Enumerate sets the largest number of values of a random draw
// (rand.Intn(n) and the like, from math/rand, math/rand/v2 or crypto/rand)
// or of the start of a map iteration that the depth-first search
// enumerates (default 16); draws from larger ranges and floats are sampled
// from the seed. Every value is recorded in the replay token.
func Enumerate(n int) Option { return Option{"enumerate", strconv.Itoa(n)} }

// Short sets what testing.Short reports in the explored code. By default
// it reports what it reports in the test that calls Check: true under go
// test -short (and under vt test -short).
func Short(on bool) Option { return Option{"short", strconv.FormatBool(on)} }

// Udploss makes datagrams lossy: with it on, every UDP or unixgram
// datagram sent may be lost, a choice the exploration makes (and replays)
// like a schedule. Off (the default), datagrams to a bound socket arrive,
// in an order the exploration chooses.
func Udploss(on bool) Option {
	if on {
		return Option{"udploss", "on"}
	}
	return Option{"udploss", "off"}
}

// Parallel sets the number of cores that run executions (default: all,
// GOMAXPROCS). The search stays the same: its executions, the verdict and
// the failure reported (with its schedule) do not depend on n; the other
// cores run ahead the executions the search will take next.
func Parallel(n int) Option { return Option{"parallel", strconv.Itoa(n)} }

// Shard explores only part i (from 1) of n disjoint parts of the space of
// the exploration, for n CI jobs that together explore what one job
// would: "2/4". The random and PCT samples are split by their number, and
// DPOR's executions by the alternative their first choice of a goroutine
// takes (every alternative of that choice is explored when sharded).
// Without it, the shard comes from a CI engine's variables (GitLab CI's
// CI_NODE_INDEX and CI_NODE_TOTAL, CircleCI's, Buildkite's, a Kubernetes
// Indexed Job's JOB_COMPLETION_INDEX with VT_SHARDS), unless VT_SHARD=off.
func Shard(i, n int) Option { return Option{"shard", fmt.Sprintf("%d/%d", i, n)} }

// Resume saves where a search stopped when its budget ran out (the
// frontier of dpor, dfs or the portfolio), keyed by the program's source
// and the options that shape the space, and goes on from there on the
// next run, so that runs with short budgets together explore what one
// long run would, each part once: "on" saves it next to the test's saved
// schedules (testdata/vt/TestX/*.frontier), anything else names a
// directory (a CI cache). A frontier saved for another program or other
// options is not used: the exploration starts over and says so. A search
// that covered its space is recorded too: later runs report it exhausted
// without exploring again (delete the file to explore anew).
func Resume(dirOrOn string) Option { return Option{"resume", dirOrOn} }
