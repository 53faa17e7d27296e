package interp

import (
	"bytes"
	"reflect"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every field of the machine belongs to one part of its state, and each
// part has one rule: runConfig and runState are new for every run, world
// is restored whole from a snapshot, memory by the undo log, caches are
// kept. A field added to machine itself has no rule.
func TestMachineStateClassified(t *testing.T) {
	parts := map[string]bool{"prog": true, "runConfig": true, "runState": true, "world": true, "memory": true, "caches": true}
	mt := reflect.TypeFor[machine]()
	for i := range mt.NumField() {
		f := mt.Field(i)
		assert.True(t, parts[f.Name], "machine.%s is not classified: make it a field of runConfig, runState, world, memory or caches", f.Name)
	}
}

// world.clone copies everything a run changes: a map, slice or pointer
// field that clone does not copy would be shared by the snapshot and its
// runs.
func TestWorldCloneCopiesEverything(t *testing.T) {
	var w world
	wv := reflect.ValueOf(&w).Elem()
	for i := range wv.NumField() {
		f := wv.Field(i)
		f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
		switch f.Kind() {
		case reflect.Map:
			f.Set(reflect.MakeMap(f.Type()))
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 0, 1))
		case reflect.Pointer, reflect.Interface, reflect.Func, reflect.Chan:
			t.Errorf("world.%s: a reference clone does not know how to copy", wv.Type().Field(i).Name)
		}
	}
	c := w.clone()
	cv := reflect.ValueOf(&c).Elem()
	for i := range wv.NumField() {
		switch wv.Field(i).Kind() {
		case reflect.Map, reflect.Slice:
			assert.NotEqual(t, wv.Field(i).Pointer(), cv.Field(i).Pointer(), "world.%s is shared by a clone", wv.Type().Field(i).Name)
		}
	}
}

// A timer created before a snapshot (during initialization) and stopped,
// reset and fired during a run is, in the next run, the timer as it was at
// the snapshot: the restored timer table points at the restored timers.
func TestSnapshotRestoresTimers(t *testing.T) {
	prog, pkg := behave(t, "timersnap")
	snap, err := prog.SnapshotMain(pkg, RunOptions{})
	require.NoError(t, err)
	want := "active: true\nfired after 1.000000001s\nactive: false\n"
	for run := range 3 {
		var out bytes.Buffer
		require.NoError(t, snap.Run(RunOptions{Stdout: &out}))
		assert.Equal(t, want, out.String(), "run %d", run+1)
		m := snap.m
		for p, tm := range m.timerObjs {
			if tm.index >= 0 {
				require.Less(t, tm.index, len(m.timers))
				assert.Same(t, tm, m.timers[tm.index], "timer of %p is not the one in the heap", p)
			}
		}
	}
	// The snapshot's own timer was never touched.
	for _, tm := range snap.world.timerObjs {
		assert.Equal(t, int64(virtualEpoch+int64(3600e9)), tm.when, "the snapshot's timer is due in an hour")
	}
}

// A run that writes more memory than the undo log keeps strongly (it is
// compacted into weak entries, one per cell) still leaves the snapshot's
// memory as it was: every run starts from the globals initialization set.
func TestSnapshotUndoCompaction(t *testing.T) {
	prog, pkg := behave(t, "undolong")
	defer func(p uint64) { undoPressure = p }(undoPressure)
	undoPressure = 1 << 40 // compact whatever the heap
	snap, err := prog.SnapshotMain(pkg, RunOptions{})
	require.NoError(t, err)
	want := "start: [1 2 3] 1 10 10\nend: [101 49999 1225000] 1225000 -1\n"
	for run := range 3 {
		var out bytes.Buffer
		require.NoError(t, snap.Run(RunOptions{Stdout: &out}))
		assert.Equal(t, want, out.String(), "run %d", run+1)
		assert.NotEmpty(t, snap.m.undoWeak, "run %d: the log was compacted", run+1)
	}
}

// Runs of a snapshot that write its byte arrays (single bytes, ranges,
// overlapping in both orders, appends into spare capacity) each start
// from the bytes the snapshot had, compacted log or not.
func TestSnapshotRestoresBytes(t *testing.T) {
	prog, pkg := behave(t, "undobytes")
	snap, err := prog.SnapshotMain(pkg, RunOptions{})
	require.NoError(t, err)
	want := "start: snapshot 8 16 [true false true] abcd [-1 2 -3]\nend: SNxPshSNxPun [false true true] ABcD [100 2 -3]\n"
	for run := range 3 {
		var out bytes.Buffer
		require.NoError(t, snap.Run(RunOptions{Stdout: &out}))
		assert.Equal(t, want, out.String(), "run %d", run+1)
	}
}

// Writes into large byte arrays allocated after the snapshot are not in
// the undo log (nothing to restore there: bytes TestGrow's buffers made
// the log copy and keep every one of them), while writes into the
// snapshot's own arrays still are, and every run starts from the snapshot.
func TestSnapshotFreshBytesNotLogged(t *testing.T) {
	prog, pkg := behave(t, "undofresh")
	snap, err := prog.SnapshotMain(pkg, RunOptions{})
	require.NoError(t, err)
	want := "start: ooo ooo 65536\nend: oooooxoooo oof 409600 fresh\n"
	for run := range 3 {
		var out bytes.Buffer
		require.NoError(t, snap.Run(RunOptions{Stdout: &out}))
		assert.Equal(t, want, out.String(), "run %d", run+1)
		logged := 0
		for _, r := range snap.m.undoRanges {
			logged += len(r.old)
		}
		// The copy into the old array (10 bytes) and fmt's small buffers;
		// the fresh arrays' writes would be over 500 KB.
		assert.Less(t, logged, 1000, "run %d: bytes logged in ranges", run+1)
		assert.Less(t, len(snap.m.undoBytes), 100, "run %d: single bytes logged", run+1)
	}
}
