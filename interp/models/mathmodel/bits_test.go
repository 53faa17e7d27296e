package mathmodel_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

const bitsLoopProgram = `package main

import (
	"math/bits"
	"os"
	"strconv"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	x, y, acc := uint64(0x9e3779b97f4a7c15), uint64(12345), uint64(0)
	for range n {
		hi, lo := bits.Mul64(x, y)
		s, c := bits.Add64(lo, acc, 0)
		d, b := bits.Sub(uint(s), uint(hi), uint(c))
		acc = s ^ uint64(d) + uint64(b) + uint64(bits.LeadingZeros64(hi))
		y++
	}
	println(acc)
}
`

// Multi-precision arithmetic calls math/bits' Add, Sub and Mul per word:
// they run on the host (tier 3) and, called directly, write their two
// results to the machine's buffer (model.ResultsFunc), so the interpreter
// allocates nothing per call (a tuple is two allocations: its slice and
// the boxed slice header).
func TestBitsModelsDoNotAllocate(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module bitsloop\n\ngo 1.26\n"), 0o666))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(bitsLoopProgram), 0o666))
	prog, err := interp.Load(interp.Config{Dir: dir}, ".")
	require.NoError(t, err)
	run := func(n int, hash bool) (uint64, string) {
		var before, after runtime.MemStats
		var stderr bytes.Buffer
		runtime.GC()
		runtime.ReadMemStats(&before)
		code, err := prog.RunMain(prog.Mains()[0], interp.RunOptions{Args: []string{"loop", fmt.Sprint(n)}, Stdout: io.Discard, Stderr: &stderr, HashStates: hash})
		runtime.ReadMemStats(&after)
		require.NoError(t, err)
		require.Zero(t, code)
		return after.Mallocs - before.Mallocs, stderr.String()
	}
	run(100, false) // warm: compile what the loop calls
	small, _ := run(1000, false)
	large, out := run(21000, false)
	// Signed: noise of a malloc or two may make the longer run's count
	// the smaller one.
	perIter := (float64(large) - float64(small)) / 20000
	// Before: 6 per iteration (3 tuples).
	assert.Less(t, perIter, 0.1, "%d mallocs for 1,000 iterations, %d for 21,000", small, large)

	// The same result with a fresh tuple per call (a run that hashes its
	// states) and natively.
	_, hashed := run(21000, true)
	assert.Equal(t, out, hashed)
	var want uint64
	x, y := uint64(0x9e3779b97f4a7c15), uint64(12345)
	for range 21000 {
		hi, lo := mul64(x, y)
		s := lo + want
		c := uint64(0)
		if s < lo {
			c = 1
		}
		d := s - hi - c
		b := uint64(0)
		if s < hi || s-hi < c {
			b = 1
		}
		lz := 0
		for v := hi; v&(1<<63) == 0 && lz < 64; v <<= 1 {
			lz++
		}
		want = s ^ d + b + uint64(lz)
		y++
	}
	assert.Equal(t, fmt.Sprintln(want), out)
}

// mul64 is bits.Mul64 written out (the test's own reference).
func mul64(x, y uint64) (hi, lo uint64) {
	const mask32 = 1<<32 - 1
	x0, x1 := x&mask32, x>>32
	y0, y1 := y&mask32, y>>32
	w0 := x0 * y0
	t := x1*y0 + w0>>32
	w1, w2 := t&mask32, t>>32
	w1 += x0 * y1
	return x1*y1 + w2 + w1>>32, x * y
}
