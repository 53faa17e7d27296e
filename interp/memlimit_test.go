package interp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMemoryLimit: a run whose heap grows beyond RunOptions.MaxMemory stops
// with a *MemoryLimitError naming the position, instead of taking the
// process down.
func TestMemoryLimit(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module memlimit\n\ngo 1.26\n"), 0o666))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(`package main

func main() {
	var keep [][]int
	for {
		keep = append(keep, make([]int, 1<<16))
	}
}
`), 0o666))
	prog, err := Load(Config{Dir: dir}, ".")
	require.NoError(t, err)
	_, err = prog.RunMain(prog.Mains()[0], RunOptions{MaxMemory: heapBytes() + 256<<20})
	var me *MemoryLimitError
	require.ErrorAs(t, err, &me)
	assert.Contains(t, me.Error(), "main.go:")
	assert.Contains(t, me.Error(), "memory exceeded")
}

func TestDefaultMaxMemory(t *testing.T) {
	assert.GreaterOrEqual(t, DefaultMaxMemory, uint64(256<<20))
}
