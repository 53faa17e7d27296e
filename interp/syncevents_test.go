package interp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSyncEvents checks the events of sync/atomic (an atomic access of the
// word, of the kind the operation is), of WaitGroup (the accesses of its
// sema word that Go's race detector checks) and of iter.Pull's coroutine
// switches.
func TestSyncEvents(t *testing.T) {
	const name = "syncevents"
	prog, _ := behave(t, name)
	obs := &recordingObserver{}
	r := runBehave(t, name, RunOptions{Observer: obs})
	require.NoError(t, r.err)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "3 1 1\n", r.stdout)

	t.Run("atomics", func(t *testing.T) {
		var word Addr
		for _, c := range []struct {
			marker string
			kind   EventKind
			op     Op
		}{
			{"load", EvAtomicLoad, OpAtomicLoadInt32},
			{"store", EvAtomicStore, OpAtomicStoreInt32},
			{"add", EvAtomicRMW, OpAtomicAddInt32},
			{"casok", EvAtomicRMW, OpAtomicCompareAndSwapInt32},
			{"casfail", EvAtomicLoad, OpAtomicCompareAndSwapInt32},
		} {
			es := obs.at(t, prog, name, c.marker, c.kind)
			require.Len(t, es, 1, "@%s", c.marker)
			assert.Equal(t, c.op, es[0].Op, "@%s", c.marker)
			if word.IsNil() {
				word = es[0].Addr
			}
			assert.Equal(t, word, es[0].Addr, "@%s: the same word", c.marker)
			assert.Empty(t, obs.at(t, prog, name, c.marker, EvRead), "@%s: not a plain access", c.marker)
			assert.Empty(t, obs.at(t, prog, name, c.marker, EvWrite), "@%s: not a plain access", c.marker)
		}
		st := obs.at(t, prog, name, "vstore", EvAtomicStore)
		ld := obs.at(t, prog, name, "vload", EvAtomicLoad)
		require.Len(t, st, 1)
		require.Len(t, ld, 1)
		assert.Equal(t, st[0].Addr, ld[0].Addr, "atomic.Value: one word")
		assert.Equal(t, OpAtomicValueStore, st[0].Op)
		assert.Empty(t, obs.kind(EvAtomic), "EvAtomic is sync.Map's only")
	})

	t.Run("waitgroup", func(t *testing.T) {
		rd := obs.at(t, prog, name, "addzero", EvRead)
		require.Len(t, rd, 1, "an Add from zero reads sema")
		assert.Equal(t, OpWaitGroupAdd, rd[0].Op)
		assert.Empty(t, obs.at(t, prog, name, "addmore", EvRead), "an Add from a positive counter does not")
		wr := obs.at(t, prog, name, "wait", EvWrite)
		require.Len(t, wr, 1, "the first Wait to block writes sema")
		assert.Equal(t, OpWaitGroupWait, wr[0].Op)
		assert.Equal(t, rd[0].Addr, wr[0].Addr, "one sema word")
		waits := obs.at(t, prog, name, "wait", EvWGWait)
		require.Len(t, waits, 1)
	})

	t.Run("coroutines", func(t *testing.T) {
		switches := obs.kind(EvCoroSwitch)
		// next: main to the coroutine and back at yield; stop: main to
		// the coroutine, which returns (a last switch back).
		require.Len(t, switches, 4, "%v", switches)
		coro := switches[0].Other
		assert.NotEqual(t, 1, coro)
		for i, e := range switches {
			if i%2 == 0 {
				assert.Equal(t, [2]int{1, coro}, [2]int{e.G, e.Other}, "switch %d: main to the coroutine", i)
			} else {
				assert.Equal(t, [2]int{coro, 1}, [2]int{e.G, e.Other}, "switch %d: back to main", i)
			}
		}
		starts := obs.at(t, prog, name, "pull", EvGoStart)
		assert.Empty(t, starts, "the coroutine is created inside iter.Pull")
		var created bool
		for _, e := range obs.kind(EvGoStart) {
			created = created || (e.G == coro && e.Other == 1 && e.Pos.IsValid())
		}
		assert.True(t, created, "the coroutine is created by main, at a position")
	})
}
