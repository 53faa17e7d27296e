package explore

import (
	"fmt"
	"math"
	"time"
)

// The clock option says when virtual time may pass while goroutines can
// still run. A deadline is short when the virtual clock is within the
// option's duration of it: a real machine may well reach it while the
// program still computes (a slow core, a GC pause, the OS preempting the
// process), so its timer may fire at any scheduling point where that is
// observable, and both orders are explored. A deadline further away is
// long: it passes only when no goroutine can make progress but by time
// passing (every goroutine blocked, as in testing/synctest, or only
// polling: fairness.waitsOnlyForTime), or once the program has computed
// for as long as the deadline is away. So a test's safety net of seconds
// never fires while its workers run their first microseconds, and a timer
// of a millisecond still races with the code around it.
//
// "any" makes every deadline short; "synctest" lets time pass only when
// every goroutine is blocked.

// defaultClock is the clock option's default: deadlines within 1ms are
// short. See docs/semantics.md ("Time") for the measurements behind it.
const defaultClock = "1ms"

// clockRule is the parsed clock option: the distance up to which a
// deadline is short (math.MaxInt64 for "any"), or synctest.
type clockRule struct {
	short    time.Duration
	synctest bool
}

// parseClock parses the clock option: "any", "synctest" or a duration
// ≥ 0 (Go syntax: 1ms, 500us).
func parseClock(v string) (clockRule, error) {
	switch v {
	case "any":
		return clockRule{short: math.MaxInt64}, nil
	case "synctest":
		return clockRule{synctest: true}, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return clockRule{}, fmt.Errorf("want any, synctest or a duration ≥ 0 such as 1ms")
	}
	return clockRule{short: d}, nil
}

// mustClock is parseClock for an option already checked.
func mustClock(v string) clockRule {
	r, err := parseClock(v)
	if err != nil {
		return clockRule{short: time.Millisecond}
	}
	return r
}
