package interp

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	modelapi "github.com/vtcheck/vt/interp/model"
)

// apiBlockProgram waits in a modeled function until another goroutine
// calls a modeled function that wakes it.
const apiBlockProgram = `package main

import "fmt"

func wait() int  { panic("modeled") }
func signal()    { panic("modeled") }

func main() {
	go func() {
		fmt.Println("signal")
		signal()
	}()
	fmt.Println("woken", wait())
}
`

// pendingOps is a Scheduler that runs the last runnable goroutine and
// records the operations the goroutines it picks from are pending in.
type pendingOps struct{ ops map[Op]int }

func (s *pendingOps) Pick(gs []*Goroutine) int {
	for _, g := range gs {
		op, _ := g.Pending()
		s.ops[op]++
	}
	return len(gs) - 1
}

func (s *pendingOps) Choose(*Goroutine, Choice, int) int { return 0 }

// blockWaits is the test models' state: the waker of the goroutine
// blocked in wait, and whether signal ran.
type blockWaits struct {
	waker    modelapi.Waker
	signaled bool
}

func (s *blockWaits) Clone() modelapi.State  { return &blockWaits{} }
func (s *blockWaits) Hash(h modelapi.Hasher) { h.Refuse("test") }

var blockWaitsKey = &modelapi.StateKey{Name: "test/block", New: func() modelapi.State { return &blockWaits{} }}

// A control model blocks its goroutine (Next.Block) until a Waker it
// handed out wakes it, and is then called again; a scheduling point
// (Scheduling.Point) stops the goroutine before the call, which the
// machine makes again when the scheduler picks it.
func TestModelSchedulingBlock(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module apiblock\n\ngo 1.26\n"), 0o666))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(apiBlockProgram), 0o666))
	calls := 0
	fs := map[string]modelapi.Func{
		"apiblock.wait": {Why: "test", Mem: modelapi.Mem{None: "test"}, Control: func(m modelapi.Machine, _ []modelapi.Value) modelapi.Next {
			calls++
			s := m.State(blockWaitsKey).(*blockWaits)
			if !s.signaled {
				s.waker = m.Waker()
				return modelapi.Next{Block: modelapi.OpSemacquire}
			}
			return modelapi.Next{Result: modelapi.MakeInt(int64(calls))}
		}},
		"apiblock.signal": {Why: "test", Mem: modelapi.Mem{None: "test"}, Control: func(m modelapi.Machine, _ []modelapi.Value) modelapi.Next {
			if m.Point(modelapi.OpKill) {
				return modelapi.Next{Stop: true}
			}
			s := m.State(blockWaitsKey).(*blockWaits)
			s.signaled = true
			if s.waker != nil {
				s.waker.Wake()
			}
			return modelapi.Next{}
		}},
	}
	withTestModels(t, fs)

	prog, err := Load(Config{Dir: dir}, ".")
	require.NoError(t, err)
	var out, stderr bytes.Buffer
	sched := &pendingOps{ops: map[Op]int{}}
	code, err := prog.RunMain(prog.Mains()[0], RunOptions{Stdout: &out, Stderr: &stderr, Scheduler: sched})
	require.NoError(t, err)
	require.Zero(t, code, "stderr:\n%s", stderr.String())
	assert.Equal(t, "signal\nwoken 2\n", out.String(), "wait blocked once, then ran again when signal woke it")
	assert.Positive(t, sched.ops[OpKill], "signal stopped at its scheduling point: %v", sched.ops)
}
