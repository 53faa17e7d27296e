package main

import (
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

var hexAddr = regexp.MustCompile(`0x[0-9a-f]+`)

// On every labeled program of the corpora, exploring on two cores reports
// what exploring on one does: the same verdict, the same failure with the
// same schedule (replay token), the same number of executions and the same
// coverage, run after run.
func TestParallelSameVerdictsAndFailures(t *testing.T) {
	if testing.Short() || os.Getenv("VT_SOUNDNESS") == "" {
		t.Skip("explores every program of the corpora three times (minutes): set VT_SOUNDNESS=1")
	}
	dirs := []string{"../../internal/race/testdata/corpus", "../../internal/explore/testdata/verdicts", "testdata/asserts", "testdata/tests"}
	compared, failures := 0, 0
	for _, dir := range dirs {
		args := []string{"-execs", "2000", "-time", "10m"}
		one := verdicts(t, dir, append(args, "-parallel", "1")...)
		for run := range 2 {
			two := verdicts(t, dir, append(args, "-parallel", "2")...)
			for name, want := range one {
				got, ok := two[name]
				if !assert.True(t, ok, "%s: %s has no result with -parallel 2", dir, name) {
					continue
				}
				assert.Equal(t, want.Verdict, got.Verdict, "%s: %s (run %d)", dir, name, run)
				assert.Equal(t, want.Executions, got.Executions, "%s: %s (run %d)", dir, name, run)
				assert.Equal(t, want.Exhaustive, got.Exhaustive, "%s: %s (run %d)", dir, name, run)
				if assert.Equal(t, want.Failure == nil, got.Failure == nil, "%s: %s (run %d)", dir, name, run) && want.Failure != nil {
					assert.Equal(t, want.Failure.Replay, got.Failure.Replay, "%s: %s (run %d): the same failing schedule", dir, name, run)
					// Race reports show host addresses, which differ from one process to the next.
					assert.Equal(t, hexAddr.ReplaceAllString(want.Failure.Message, "0x?"), hexAddr.ReplaceAllString(got.Failure.Message, "0x?"), "%s: %s (run %d)", dir, name, run)
					failures++
				}
				compared++
			}
		}
	}
	t.Logf("%d results compared, %d of them failures", compared, failures)
}
