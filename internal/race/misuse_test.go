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
