package race_test

import (
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/internal/explore"
	"github.com/vtcheck/vt/interp"
)

var (
	corpusOnce sync.Once
	corpusProg *interp.Program
	corpusErr  error
)

// corpus loads testdata/corpus once and returns its program and the names
// of its tests.
func corpus(t testing.TB) (*interp.Program, []string) {
	dir, err := filepath.Abs("testdata/corpus")
	require.NoError(t, err)
	corpusOnce.Do(func() { corpusProg, corpusErr = explore.LoadTests(dir) })
	require.NoError(t, corpusErr)
	var names []string
	for _, p := range corpusProg.Packages {
		if p == nil {
			continue
		}
		for name := range p.Members {
			if strings.HasPrefix(name, "TestRace") || strings.HasPrefix(name, "TestNoRace") {
				names = append(names, name)
			}
		}
	}
	sort.Strings(names)
	return corpusProg, names
}

// corpusTrust are the vt.Trust options of the corpus tests (vt.Check's
// options in code are read by vt.Check itself, not by explore.Explore).
var corpusTrust = map[string][]string{
	"TestNoRaceTrustedPackage": {"github.com/vtcheck/vt/internal/race/testdata/corpus/lib"},
}

// explore runs an exhaustive dfs of one corpus test with the given race
// detection ("h", "lockset" or "" for off).
func exploreCorpus(t testing.TB, prog *interp.Program, name, detector string) *explore.Result {
	return exploreCorpusWith(t, prog, name, detector, "portfolio")
}

// exploreCorpusWith is exploreCorpus with the strategy given.
func exploreCorpusWith(t testing.TB, prog *interp.Program, name, detector, strategy string) *explore.Result {
	pkg, err := explore.TestPackage(prog, name, "")
	require.NoError(t, err)
	o := explore.DefaultOptions()
	o.Race, o.Strategy = detector, strategy
	o.Time = time.Minute
	o.Trust = corpusTrust[name]
	res, err := explore.Explore(explore.Target{Prog: prog, Pkg: pkg, Test: name, Root: 0, Name: name}, o, nil)
	require.NoError(t, err)
	return res
}

// TestCorpus checks that the h detector gives every corpus program its
// labeled verdict under exhaustive search: no false positives, no misses.
func TestCorpus(t *testing.T) {
	prog, names := corpus(t)
	require.GreaterOrEqual(t, len(names), 40)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res := exploreCorpus(t, prog, name, "h")
			report := explore.FormatReport(res, name, "go test")
			if strings.HasPrefix(name, "TestRace") {
				require.Equal(t, "race", res.Verdict, "%s", report)
				assert.Contains(t, res.Failure.Message, "WARNING: DATA RACE")
				assert.Contains(t, res.Failure.Message, "_test.go:", "attributed to the user's code")
				return
			}
			require.Equal(t, "ok", res.Verdict, "%s", report)
			assert.True(t, res.Exhaustive, "explored exhaustively")
		})
	}
}

// TestDetectorsAgree runs both detectors over the whole corpus: they must
// reach the same verdict on every program (the labeled one, by TestCorpus).
func TestDetectorsAgree(t *testing.T) {
	prog, names := corpus(t)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := exploreCorpus(t, prog, name, "h")
			ls := exploreCorpus(t, prog, name, "lockset")
			require.Equal(t, h.Verdict, ls.Verdict, "h:\n%s\nlockset:\n%s",
				explore.FormatReport(h, name, "go test"), explore.FormatReport(ls, name, "go test"))
			if ls.Verdict == "ok" {
				assert.True(t, ls.Exhaustive)
			}
		})
	}
}

// TestRaceReport checks the shape of a report (Go's race detector's) and
// that it names the innermost frames outside GOROOT (package lib is user
// code; a race inside the standard library is attributed to its caller).
func TestRaceReport(t *testing.T) {
	prog, _ := corpus(t)
	res := exploreCorpus(t, prog, "TestRaceUntrustedPackage", "h")
	require.Equal(t, "race", res.Verdict)
	msg := res.Failure.Message
	first, _, _ := strings.Cut(msg, "\n")
	assert.Regexp(t, `^data race \(\S+\): (read|write) at lib.go:\d+:\d+ by goroutine \d+, previous (read|write) at lib.go:\d+:\d+ by goroutine \d+$`, first)
	for _, want := range []string{"WARNING: DATA RACE\n", " by goroutine ", "\nPrevious ", "corpus/lib.Inc()", "lib/lib.go:5", "(running) created at:", "=================="} {
		assert.Contains(t, msg, want)
	}
	assert.NotContains(t, msg, "vtcheck/vt/vt.", "harness frames are hidden")
	t.Log(explore.FormatReport(res, "TestRaceUntrustedPackage", "go test"))
}

// TestBuiltinRaceReport checks that a race in a builtin or a modeled
// function names it as Go's race detector does, and points at the user's
// line.
func TestBuiltinRaceReport(t *testing.T) {
	prog, _ := corpus(t)
	for _, tc := range []struct {
		test, what, frame string
	}{
		{"TestRaceCopyReadsSource", "copy", "runtime.slicecopy()"},
		{"TestRaceAppendGrowReadsElements", "append", "runtime.growslice()"},
		{"TestRaceMapRange", "range", "runtime.mapIterStart()"},
		{"TestRaceMapDelete", "delete", "runtime.mapdelete()"},
		{"TestRaceStringOfBytes", "string", "runtime.slicebytetostring()"},
		{"TestRaceReflectSet", "reflect.Value.SetInt", "reflect.Value.SetInt()"},
		{"TestRaceStringsBuilder", "strings.(*Builder).String", "strings.(*Builder).String()"},
	} {
		t.Run(tc.test, func(t *testing.T) {
			res := exploreCorpus(t, prog, tc.test, "h")
			require.Equal(t, "race", res.Verdict)
			msg := res.Failure.Message
			first, _, _ := strings.Cut(msg, "\n")
			assert.Regexp(t, `^data race \(\S+\): .*\(`+regexp.QuoteMeta(tc.what)+`\) at builtins_race_test.go:\d+:\d+ by goroutine \d+`, first)
			// The frame, at its declaration in GOROOT, then the user's
			// function.
			assert.Regexp(t, regexp.QuoteMeta(tc.frame)+`\n\s+`+regexp.QuoteMeta(interp.GOROOT())+`/src/\S+\.go:\d+:\d+\n\s+\S+`+tc.test+`\.func`, msg)
		})
	}
}
