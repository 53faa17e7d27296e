package race_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/internal/explore"
)

// misuse are the corpus's TestMisuse programs (sync_misuse_test.go): what
// vt must report, with Go's own message ("" for ok).
var misuse = map[string]struct{ verdict, message string }{
	"TestMisuseWaitGroupNegative":          {"panic", "panic: sync: negative WaitGroup counter"},
	"TestMisuseWaitGroupNegativeRecovered": {"ok", ""},
	"TestMisuseUnlockOfUnlockedMutex":      {"panic", "fatal error: sync: unlock of unlocked mutex"},
	"TestMisuseDoubleUnlockTwoGoroutines":  {"panic", "fatal error: sync: unlock of unlocked mutex"},
	"TestMisuseRWMutexUnlockOfUnlocked":    {"panic", "fatal error: sync: Unlock of unlocked RWMutex"},
	"TestMisuseRWMutexRUnlockOfUnlocked":   {"panic", "fatal error: sync: RUnlock of unlocked RWMutex"},
}

// TestSyncMisuse checks that misuse of package sync fails as the Go
// runtime fails it, with both detectors and with race detection off: a
// negative WaitGroup counter is a panic (recoverable), an unlock of an
// unlocked mutex a fatal error that recover does not catch.
func TestSyncMisuse(t *testing.T) {
	prog, _ := corpus(t)
	var names []string
	for _, p := range prog.Packages {
		if p == nil {
			continue
		}
		for name := range p.Members {
			if strings.HasPrefix(name, "TestMisuse") {
				names = append(names, name)
			}
		}
	}
	require.Len(t, names, len(misuse), "every TestMisuse program has an expected verdict")
	for _, name := range names {
		want, ok := misuse[name]
		require.True(t, ok, "%s has no expected verdict", name)
		for _, det := range []string{"h", "lockset", ""} {
			t.Run(name+"/race="+det, func(t *testing.T) {
				t.Parallel()
				res := exploreCorpus(t, prog, name, det)
				report := explore.FormatReport(res, name, "go test")
				require.Equal(t, want.verdict, res.Verdict, "%s", report)
				if want.verdict == "ok" {
					assert.True(t, res.Exhaustive)
					return
				}
				first, _, _ := strings.Cut(res.Failure.Message, "\n")
				assert.Equal(t, want.message, first, "%s", report)
			})
		}
	}
}

// TestLocksetWarnings checks that the lockset detector reports, as a
// warning, a pair of accesses that an execution ordered only by lock order
// (TestRaceLockOrderOnly's first execution, in which the writer takes the
// lock first), that the warning does not change the verdict, and that the
// race is found when the other order is explored.
func TestLocksetWarnings(t *testing.T) {
	prog, _ := corpus(t)
	const name = "TestRaceLockOrderOnly"
	pkg, err := explore.TestPackage(prog, name, "")
	require.NoError(t, err)
	one := func(det string) *explore.Result {
		o := explore.DefaultOptions()
		o.Race, o.Execs = det, 1
		res, err := explore.Explore(explore.Target{Prog: prog, Pkg: pkg, Test: name, Name: name}, o, nil)
		require.NoError(t, err)
		return res
	}
	res := one("lockset")
	require.Equal(t, "ok", res.Verdict, "the first execution orders the accesses")
	require.Len(t, res.Warnings, 1)
	assert.Regexp(t, `^potential data race \(write-read\): read at sync_misuse_test\.go:\d+:\d+ by goroutine \d+, previous write at sync_misuse_test\.go:\d+:\d+ by goroutine \d+: ordered only by the order in which they took a lock`, res.Warnings[0])
	assert.Contains(t, explore.FormatReport(res, name, "go test"), "warning (lockset):\n    potential data race")
	assert.Contains(t, string(explore.JSON(res, name)), `"warnings":["potential data race`)
	assert.Empty(t, one("h").Warnings, "the h detector does not warn")
	assert.Equal(t, "race", exploreCorpus(t, prog, name, "lockset").Verdict, "the other order races")
}

// TestWaitGroupReuse checks that a WaitGroup reused while a Wait it
// released has not returned fails as the runtime fails it when race
// detection is off (with it on, the reuse is a race first, as under -race).
func TestWaitGroupReuse(t *testing.T) {
	prog, _ := corpus(t)
	const name = "TestRaceWaitGroupReuseUnordered"
	res := exploreCorpus(t, prog, name, "")
	require.Equal(t, "panic", res.Verdict, "%s", explore.FormatReport(res, name, "go test"))
	assert.Equal(t, "panic: sync: WaitGroup is reused before previous Wait has returned", res.Failure.Message)
}
