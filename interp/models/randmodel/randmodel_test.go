package randmodel_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// answers is a Scheduler that runs goroutines in order and answers every
// random draw of n > 0 values with n-1, of 64 bits with 12345, recording
// the draws' bounds.
type answers struct{ draws []int }

func (s *answers) Pick([]*interp.Goroutine) int { return 0 }

func (s *answers) Choose(_ *interp.Goroutine, c interp.Choice, n int) int {
	if c != interp.ChooseRandom {
		return 0
	}
	s.draws = append(s.draws, n)
	if n == 0 {
		return 12345
	}
	return n - 1
}

// run runs testdata/draws interpreted with the scheduler s and returns
// its output's lines.
func run(t *testing.T, s interp.Scheduler) []string {
	t.Helper()
	prog, err := interp.Load(interp.Config{Dir: "testdata/draws"}, ".")
	require.NoError(t, err)
	var out, stderr bytes.Buffer
	code, err := prog.RunMain(prog.Mains()[0], interp.RunOptions{Stdout: &out, Stderr: &stderr, Scheduler: s})
	require.NoError(t, err)
	require.Zero(t, code, "stderr:\n%s", stderr.String())
	return strings.Split(out.String(), "\n")
}

// Generators seeded with constants compute the compiled program's
// sequences; what comes from outside (the top-level functions, a
// generator seeded from the clock or from crypto/rand, crypto/rand's
// bytes and text) is the scheduler's answer, one draw per bounded call.
func TestDraws(t *testing.T) {
	native, err := exec.Command("go", "run", "./testdata/draws").Output()
	require.NoError(t, err)
	var want []string
	for _, l := range strings.Split(string(native), "\n") {
		if strings.HasPrefix(l, "const") {
			want = append(want, l)
		}
	}
	require.Len(t, want, 3)

	s := &answers{}
	lines := run(t, s)
	require.Greater(t, len(lines), 3)
	assert.Equal(t, want, lines[:3], "constant seeds: the compiled program's numbers")

	// 64 drawn bits are SplitMix64 of the answer; bytes are theirs,
	// little-endian, 8 to a draw.
	var w [8]byte
	binary.LittleEndian.PutUint64(w[:], interp.SplitMix64(12345))
	b := fmt.Sprint(append(w[:], w[:]...))
	assert.Equal(t, []string{
		"input 9 4 [0 1 2]",
		"input 6 999",
		"input 8",
		"input 16 <nil> " + b,
		"input 6",
		"input 10 " + fmt.Sprint(w[:5]),
		"input " + strings.Repeat("7", 26),
		"input <nil> " + fmt.Sprint(w[:4]), // crypto/rand.Reader, set by its init's model
		"",
	}, lines[3:])
	assert.Equal(t, []int{
		10, 5, 2, 3, // Intn, IntN, Perm(3): Intn(2), Intn(3)
		7, 1000, // a generator seeded from the clock
		9,    // math/rand/v2's PCG seeded from the clock
		0, 0, // crypto/rand.Read: two words
		7,     // seeded from crypto/rand's bytes
		0, 11, // ChaCha8 seeded from them: Read's word, IntN
	}, s.draws[:12])
	assert.Len(t, s.draws, 12+26+1, "Text: a draw of 32 per character; Reader.Read: a word")
}

// The default scheduler's draws are functions of its seed: two runs with
// one seed print the same, another seed prints other numbers.
func TestDrawsFollowSeed(t *testing.T) {
	a := run(t, &interp.DefaultScheduler{Seed: 1})
	assert.Equal(t, a, run(t, &interp.DefaultScheduler{Seed: 1}))
	assert.NotEqual(t, a[3:], run(t, &interp.DefaultScheduler{Seed: 2})[3:])
}
