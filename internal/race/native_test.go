package race_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nativeRuns is how often TestNativeLabels runs each corpus program.
const nativeRuns = 10

// nativeRare lists the racy corpus programs whose race Go's detector sees
// only in rare schedules (the program's comment says which), so that fewer
// than 9 of 10 native runs report it; vt explores those schedules.
var nativeRare = map[string]bool{
	"TestRaceThreeGoroutinesRare":     true,
	"TestRaceLockOrderOnly":           true,
	"TestRaceSemaphoreCapacity2":      true,
	"TestRaceAtomicFlagTooEarly":      true,
	"TestRaceWaitGroupAddInGoroutine": true,
}

// nativeIntended lists the race-free corpus programs that race natively:
// their races are declared intended (vt.Benign) or in a package vt is told
// to trust (vt.Trust), so vt does not report them and -race does.
var nativeIntended = map[string]bool{
	"TestNoRaceBenign":         true,
	"TestNoRaceTrustedPackage": true,
}

// nativeCheck replaces vt/check.go when the corpus is built natively: Check
// runs the function once, in a goroutine of its own, with real goroutines.
const nativeCheck = `//go:build !vtinterp

package vt

import "testing"

// Check runs fn once, natively (TestNativeLabels of internal/race).
func Check(tb testing.TB, fn func(*T), opts ...Option) {
	tb.Helper()
	t := &T{tb: tb, name: tb.Name()}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer t.runCleanups()
		fn(t)
	}()
	<-done
	if t.failed {
		tb.Error("the checked function failed")
	}
}
`

// TestNativeLabels checks every label of the corpus against Go's own race
// detector: the corpus is compiled with -race, with vt.Check running its
// function once on real goroutines, and each program runs nativeRuns
// times. A TestRace program must be reported in at least 9 of 10 runs
// (unless nativeRare says its race needs a rare schedule, which its
// comment explains), a TestNoRace program in none (unless nativeIntended
// says vt is told to ignore its race); a TestMisuse program must fail with
// the message misuse expects. It takes a few minutes, so it
// runs only when VT_NATIVE=1:
//
//	VT_NATIVE=1 go test ./internal/race -run TestNativeLabels -v
func TestNativeLabels(t *testing.T) {
	if os.Getenv("VT_NATIVE") != "1" {
		t.Skip("set VT_NATIVE=1 to check the corpus labels against go test -race (slow)")
	}
	_, names := corpus(t)
	for name := range misuse {
		names = append(names, name)
	}
	sort.Strings(names)
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	tmp := t.TempDir()
	check := filepath.Join(tmp, "check.go")
	require.NoError(t, os.WriteFile(check, []byte(nativeCheck), 0o644))
	overlay, err := json.Marshal(map[string]any{"Replace": map[string]string{filepath.Join(root, "vt", "check.go"): check}})
	require.NoError(t, err)
	overlayFile := filepath.Join(tmp, "overlay.json")
	require.NoError(t, os.WriteFile(overlayFile, overlay, 0o644))
	bin := filepath.Join(tmp, "corpus.test")
	build := exec.Command("go", "test", "-race", "-c", "-o", bin, "-overlay", overlayFile, "./internal/race/testdata/corpus")
	build.Dir = root
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	type result struct {
		reported int    // runs with a race report
		output   string // the output of the last run
	}
	results := make(map[string]*result)
	var mu sync.Mutex
	sem := make(chan bool, 2)
	var wg sync.WaitGroup
	for _, name := range names {
		for range nativeRuns {
			wg.Add(1)
			sem <- true
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				cmd := exec.Command(bin, "-test.run", "^"+name+"$", "-test.count", "1")
				cmd.Dir = filepath.Join(root, "internal/race/testdata/corpus")
				out, _ := cmd.CombinedOutput()
				mu.Lock()
				defer mu.Unlock()
				r := results[name]
				if r == nil {
					r = &result{}
					results[name] = r
				}
				if strings.Contains(string(out), "WARNING: DATA RACE") {
					r.reported++
				}
				r.output = string(out)
			}()
		}
	}
	wg.Wait()
	for _, name := range names {
		r := results[name]
		line := fmt.Sprintf("%-48s reported in %2d of %d runs", name, r.reported, nativeRuns)
		switch {
		case strings.HasPrefix(name, "TestMisuse"):
			want := misuse[name]
			line = fmt.Sprintf("%-48s %s", name, want.verdict)
			if want.verdict == "ok" {
				assert.NotContains(t, r.output, "FAIL", "%s", name)
			} else {
				assert.Contains(t, r.output, want.message, "%s: Go's message", name)
			}
			assert.Zero(t, r.reported, "%s: no race", name)
		case nativeIntended[name]:
			line += " (an intended race vt is told to ignore)"
			assert.GreaterOrEqual(t, r.reported, 9, "%s races natively", name)
		case strings.HasPrefix(name, "TestNoRace"):
			assert.Zero(t, r.reported, "%s is labeled race-free:\n%s", name, r.output)
		case nativeRare[name]:
			line += " (needs a rare schedule natively)"
		default:
			assert.GreaterOrEqual(t, r.reported, 9, "%s is labeled racy:\n%s", name, r.output)
		}
		t.Log(line)
	}
}
