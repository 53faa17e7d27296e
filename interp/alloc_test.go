package interp

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const syncLoopProgram = `package main

import (
	"math"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	var mu sync.Mutex
	var x int64
	for range n {
		mu.Lock()
		atomic.AddInt64(&x, 1)
		atomic.CompareAndSwapInt64(&x, 0, 1)
		mu.Unlock()
	}
	var w sync.WaitGroup
	f := 2.0
	for range n {
		w.Add(1)
		w.Done()
		f = math.Sqrt(f) + math.Max(f, 1) // pure leaves on the host
	}
	println(x, f)
}
`

// The models of sync's and sync/atomic's operations and the pure leaves
// run on the host (tier 3) borrow their arguments (model.borrows): the
// interpreter allocates nothing per such call.
func TestSyncModelsDoNotAllocate(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module syncloop\n\ngo 1.26\n"), 0o666))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(syncLoopProgram), 0o666))
	prog, err := Load(Config{Dir: dir}, ".")
	require.NoError(t, err)
	mallocs := func(n int) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		code, err := prog.RunMain(prog.Mains()[0], RunOptions{Args: []string{"loop", fmt.Sprint(n)}, Stdout: io.Discard, Stderr: io.Discard})
		runtime.ReadMemStats(&after)
		require.NoError(t, err)
		require.Zero(t, code)
		return after.Mallocs - before.Mallocs
	}
	mallocs(100) // warm: compile what the loop calls
	small, large := mallocs(1000), mallocs(21000)
	perIter := float64(large-small) / 20000
	// Before: 8 per iteration, the argument slices.
	assert.Less(t, perIter, 0.1, "%d mallocs for 1,000 iterations, %d for 21,000", small, large)
}
