// Package racemodel models internal/race, the standard library's
// annotations for Go's race detector, for what they mean to vt's own
// detector.
//
// The interpreter loads every package with the build tag race: vt is a
// race detector, so the program sees the build that `go test -race` sees
// (internal/race.Enabled is true, and tests excluded from race builds are
// excluded under vt too).
//
//   - Read and Write (and their PC forms) are accesses to the word they
//     name, reported like any other access: iter.Pull's next and stop
//     detect concurrent calls so, as under -race.
//   - Acquire, Release and ReleaseMerge add nothing: they stand for
//     synchronization that Go's detector cannot see (the runtime's
//     semaphores, coroutine switches, atomics inside the runtime). vt sees
//     those operations themselves, as synchronization events.
//   - Errors counts the races Go's detector reported; vt reports its races
//     itself, as findings, so testing's own check sees none.
//   - Disable, Enable, ReadRange, WriteRange and the Object forms are
//     called only from code the interpreter models whole (sync's Pool,
//     WaitGroup and RWMutex, syscall's reads and writes); a call from
//     anywhere else is refused rather than ignored.
package racemodel

import "github.com/vtcheck/vt/interp/model"

// Packages are the tables of models of internal/race.
var Packages = []model.Package{{Path: "internal/race", Funcs: funcs}}

const (
	// why is the reason of the models of internal/race.
	why = "an annotation for Go's race detector, implemented by the runtime"
	// whySync is the memory declaration of the synchronization
	// annotations.
	whySync = "adds no happens-before edge: vt sees the synchronization it stands for"
	// whyRefused is the memory declaration of the refused annotations.
	whyRefused = "refused: runs nothing"
)

var (
	sync    = model.Mem{None: whySync}
	own     = model.Mem{Own: true}
	refused = model.Mem{None: whyRefused}
)

var funcs = map[string]model.Func{
	"internal/race.Acquire":       {Why: why, Mem: sync, Native: nothing},
	"internal/race.Release":       {Why: why, Mem: sync, Native: nothing},
	"internal/race.ReleaseMerge":  {Why: why, Mem: sync, Native: nothing},
	"internal/race.Read":          {Why: why, Mem: own, Control: access(false)},
	"internal/race.ReadPC":        {Why: why, Mem: own, Control: access(false)},
	"internal/race.Write":         {Why: why, Mem: own, Control: access(true)},
	"internal/race.WritePC":       {Why: why, Mem: own, Control: access(true)},
	"internal/race.Errors":        {Why: why, Mem: model.Mem{None: "reads the runtime's count of reports"}, Native: func(model.Machine, []model.Value) model.Value { return model.MakeInt(0) }},
	"internal/race.Disable":       {Why: why, Mem: refused, Control: refuse("internal/race.Disable")},
	"internal/race.Enable":        {Why: why, Mem: refused, Control: refuse("internal/race.Enable")},
	"internal/race.ReadRange":     {Why: why, Mem: refused, Control: refuse("internal/race.ReadRange")},
	"internal/race.WriteRange":    {Why: why, Mem: refused, Control: refuse("internal/race.WriteRange")},
	"internal/race.ReadObjectPC":  {Why: why, Mem: refused, Control: refuse("internal/race.ReadObjectPC")},
	"internal/race.WriteObjectPC": {Why: why, Mem: refused, Control: refuse("internal/race.WriteObjectPC")},
}

func nothing(model.Machine, []model.Value) model.Value { return model.Value{} }

// access reports a read (or write) of the word its first argument points
// to. A pointer into a byte array names one byte cell.
func access(write bool) model.ControlFunc {
	return func(m model.Machine, a []model.Value) model.Next {
		m.AccessAt(write, a[0])
		return model.Next{}
	}
}

// refuse refuses an annotation that only code the interpreter models
// whole calls.
func refuse(name string) model.ControlFunc {
	return func(m model.Machine, _ []model.Value) model.Next {
		m.Refuse("call of "+name, "the race detector's annotation is modeled only where vt models its callers whole (sync's Pool, WaitGroup and RWMutex; syscall)")
		return model.Next{Stop: true}
	}
}
