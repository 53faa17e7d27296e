package race_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nativeExceptions are the corpus programs whose label native go test
// -race does not confirm, and why.
// vt's verdict is the label: vt sees every schedule, and some accesses
// that the race detector does not instrument.
var nativeExceptions = map[string]nativeException{
	// Races in a schedule that native runs take only sometimes (the
	// racing goroutine runs after the test has returned, or in an order
	// of three goroutines).
	"TestRaceDoneFlag":                {"the goroutine may run after the test returned", true},
	"TestRaceAfterGoStatement":        {"the goroutine may run after the test returned", true},
	"TestRaceBufferedNoAck":           {"the goroutine may run after the test returned", true},
	"TestRaceWriteAfterClose":         {"the goroutine may write after the test returned", true},
	"TestRaceWriteAfterSend":          {"the goroutine may write after the test returned", true},
	"TestRaceOnceBypassed":            {"needs the goroutine to bypass Once before main's call", true},
	"TestRaceWaitGroupAddInGoroutine": {"needs Wait to return before the goroutine's Add", true},
	"TestRaceAtomicFlagTooEarly":      {"needs the flag to be seen before the data is written", true},
	"TestRaceSemaphoreCapacity2":      {"needs both goroutines inside the semaphore at once", true},
	"TestRaceThreeGoroutinesRare":     {"needs one order of three goroutines", true},
	"TestRaceLockOrderOnly":           {"needs the goroutine to take the lock first", true},
	"TestRaceWaitGroupReuseUnordered": {"needs Wait to block before the worker's Done and Add (a sleep makes it likely)", true},
	// Races that the race detector does not see: the access is not
	// instrumented (never reported).
	"TestRaceClearSlice":     {"clear of a slice compiles to memclr, which is not instrumented", false},
	"TestRaceBytesIndexByte": {"bytes.IndexByte is assembly, which is not instrumented", false},
	// vt's own annotations, which native runs ignore (always reported).
	"TestNoRaceBenign":         {"vt.Benign marks the race as intended: natively it is a race", false},
	"TestNoRaceTrustedPackage": {"vt.Trust exempts a package: natively it is a race", false},
}

// nativeException explains a label that native runs do not confirm.
type nativeException struct {
	why string
	// flaky: native runs report the race in some runs; otherwise they
	// consistently disagree with the label (and an exception that native
	// runs confirm is stale).
	flaky bool
}

// TestCorpusNative runs the corpus natively under go test -race, each
// test 10 times in separate processes (the race detector reports a race
// once per process), and checks the labels: a TestRace program must be
// reported in at least 9 of the 10 runs, a TestNoRace program in none,
// except for the programs in nativeExceptions; a TestMisuse program must
// fail with the message TestSyncMisuse expects, and report no race. It takes about a minute on two cores,
// so it runs only when VT_NATIVE_RACE is set:
//
//	VT_NATIVE_RACE=1 go test ./internal/race -run TestCorpusNative -v
func TestCorpusNative(t *testing.T) {
	if os.Getenv("VT_NATIVE_RACE") == "" {
		t.Skip("set VT_NATIVE_RACE=1 to check the corpus labels with go test -race")
	}
	bin := filepath.Join(t.TempDir(), "corpus.test")
	build := exec.Command("go", "test", "-c", "-race", "-tags", "vtinterp", "-vet=off", "-o", bin, ".")
	build.Dir = "testdata/corpus"
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	_, names := corpus(t)
	require.NotEmpty(t, names)
	for name := range misuse {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	// One process per program and run: a race reported late (by a
	// goroutine that outlived its test) is not blamed on the next test.
	const runs = 10
	var mu sync.Mutex
	reported := map[string]int{}
	outputs := map[string]string{} // the output of a run of each program
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, name := range names {
		for range runs {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				cmd := exec.Command(bin, "-test.run", "^"+name+"$", "-test.count=1")
				cmd.Dir = "testdata/corpus"
				// No pause at exit after a report (the default is 1 s).
				cmd.Env = append(os.Environ(), "GORACE=atexit_sleep_ms=0")
				out, _ := cmd.CombinedOutput() // racy programs fail
				mu.Lock()
				defer mu.Unlock()
				if bytes.Contains(out, []byte("WARNING: DATA RACE")) {
					reported[name]++
				}
				outputs[name] = string(out)
			}()
		}
	}
	wg.Wait()
	var lines []string
	for _, name := range names {
		n := reported[name]
		if want, ok := misuse[name]; ok {
			assert.Zero(t, n, "%s: no race", name)
			if want.verdict == "ok" {
				assert.NotContains(t, outputs[name], "FAIL", "%s", name)
			} else {
				assert.Contains(t, outputs[name], want.message, "%s: Go's message", name)
			}
			lines = append(lines, name+": "+want.verdict)
			continue
		}
		ex, excepted := nativeExceptions[name]
		racy := strings.HasPrefix(name, "TestRace")
		confirmed := racy && n >= runs-1 || !racy && n == 0
		status := "confirmed"
		switch {
		case confirmed && excepted && !ex.flaky:
			t.Errorf("%s: confirmed natively (%d/%d) but listed as an exception (%s)", name, n, runs, ex.why)
		case !confirmed && !excepted:
			t.Errorf("%s: label not confirmed natively: reported in %d of %d runs", name, n, runs)
			status = "MISMATCH"
		case excepted:
			status = "explained: " + ex.why
		}
		lines = append(lines, name+": "+strconv.Itoa(n)+"/"+strconv.Itoa(runs)+" "+status)
	}
	for name := range nativeExceptions {
		assert.Contains(t, names, name, "exception for a program not in the corpus")
	}
	sort.Strings(lines)
	t.Logf("native go test -race, reports per program:\n%s", strings.Join(lines, "\n"))
}
