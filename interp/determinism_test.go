package interp

// Determinism: with the same schedule and seed, a run's behaviour is the
// same, including what varies from run to run in native Go; time is
// virtual.

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDeterministicRuns(t *testing.T) {
	first := runBehave(t, "determinism", RunOptions{Seed: 7})
	require.NoError(t, first.err)
	require.Equal(t, 0, first.code, first.stderr)
	lines := strings.Split(strings.TrimSuffix(first.stdout, "\n"), "\n")
	require.Len(t, lines, 5, first.stdout)
	assert.Len(t, strings.Fields(lines[0]), 50, "every map entry printed")
	assert.Regexp(t, `^[abc]{10}$`, lines[1])
	assert.Regexp(t, `^rand: \d+ \d+ 0\.\d+$`, lines[2])
	assert.Regexp(t, `^order: \[(\d ){23}\d\]$`, lines[3])
	assert.Regexp(t, `^now: \d+$`, lines[4])

	for i := range 4 {
		again := runBehave(t, "determinism", RunOptions{Seed: 7})
		require.NoError(t, again.err)
		assert.Equal(t, first.stdout, again.stdout, "run %d differs from the first", i+2)
	}

	// The virtual clock starts at 2000-01-01T00:00:00Z.
	now := regexp.MustCompile(`now: (\d+)`).FindStringSubmatch(first.stdout)[1]
	assert.True(t, strings.HasPrefix(now, "9466848"), "time.Now is on the virtual clock: %s", now)
}

func TestSeedChangesRandom(t *testing.T) {
	randLine := func(seed int64) string {
		r := runBehave(t, "determinism", RunOptions{Seed: seed})
		require.NoError(t, r.err)
		return regexp.MustCompile(`(?m)^rand: .*$`).FindString(r.stdout)
	}
	a, b := randLine(1), randLine(2)
	require.NotEmpty(t, a)
	assert.NotEqual(t, a, b, "different seeds give different math/rand values")
	assert.Equal(t, a, randLine(1))
}

func TestVirtualTime(t *testing.T) {
	behave(t, "virtualtime") // load outside the timed part
	start := time.Now()
	r := runBehave(t, "virtualtime", RunOptions{})
	elapsed := time.Since(start)
	require.NoError(t, r.err)
	require.Equal(t, 0, r.code, r.stderr)
	// A timer fires 1ns after its deadline: strictly later, as on a real clock.
	assert.Equal(t, "slept 1h0m0.000000001s\nafter 1h30m0.000000001s\ntimeout 2h0m0.000000001s context deadline exceeded\n", r.stdout)
	assert.Less(t, elapsed, time.Second, "4.5 hours of virtual time take no real time")
}
