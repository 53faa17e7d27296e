package interp

// Models of package internal/race, the standard library's annotations for
// Go's race detector. The interpreter loads every package with the build
// tag race (interpTags): vt is a race detector, so the program sees the
// build that `go test -race` sees — internal/race.Enabled is true, and
// tests excluded from race builds (too slow under a race detector, or
// counting allocations) are excluded under vt too.
//
// The annotations are modeled for what they mean to vt's own detector:
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

// whyRaceAnnotation is the reason of the models of internal/race.
const whyRaceAnnotation = "an annotation for Go's race detector, implemented by the runtime"

// whyRaceSync is the memory declaration of the synchronization annotations.
const whyRaceSync = "adds no happens-before edge: vt sees the synchronization it stands for"

// whyRefused is the memory declaration of a model that refuses the call.
const whyRefused = "refused: runs nothing"

var raceModels = modelTable{
	"internal/race.Acquire":      native(whyRaceAnnotation, raceNothing).noMemory(whyRaceSync),
	"internal/race.Release":      native(whyRaceAnnotation, raceNothing).noMemory(whyRaceSync),
	"internal/race.ReleaseMerge": native(whyRaceAnnotation, raceNothing).noMemory(whyRaceSync),
	"internal/race.Read":         native(whyRaceAnnotation, raceAccess(EvRead)).ownAccesses(),
	"internal/race.ReadPC":       native(whyRaceAnnotation, raceAccess(EvRead)).ownAccesses(),
	"internal/race.Write":        native(whyRaceAnnotation, raceAccess(EvWrite)).ownAccesses(),
	"internal/race.WritePC":      native(whyRaceAnnotation, raceAccess(EvWrite)).ownAccesses(),
	"internal/race.Errors": native(whyRaceAnnotation, func(*machine, []value) value {
		return intVal(0)
	}).noMemory("reads the runtime's count of reports"),
	"internal/race.Disable":       native(whyRaceAnnotation, raceRefused("internal/race.Disable")).noMemory(whyRefused),
	"internal/race.Enable":        native(whyRaceAnnotation, raceRefused("internal/race.Enable")).noMemory(whyRefused),
	"internal/race.ReadRange":     native(whyRaceAnnotation, raceRefused("internal/race.ReadRange")).noMemory(whyRefused),
	"internal/race.WriteRange":    native(whyRaceAnnotation, raceRefused("internal/race.WriteRange")).noMemory(whyRefused),
	"internal/race.ReadObjectPC":  native(whyRaceAnnotation, raceRefused("internal/race.ReadObjectPC")).noMemory(whyRefused),
	"internal/race.WriteObjectPC": native(whyRaceAnnotation, raceRefused("internal/race.WriteObjectPC")).noMemory(whyRefused),
}

func raceNothing(*machine, []value) value { return value{} }

// raceAccess reports an access of kind k to the word its first argument
// points to. A pointer into a byte array names one byte cell.
func raceAccess(k EventKind) nativeFn {
	return func(m *machine, a []value) value {
		switch p := a[0].r.(type) {
		case *value:
			m.modelAccessValueAt(k, addrOf(p))
		case *byte:
			m.modelAccessValueAt(k, addrOfByte(p))
		}
		return value{}
	}
}

// raceRefused refuses an annotation that only code the interpreter
// models whole calls.
func raceRefused(name string) nativeFn {
	return func(*machine, []value) value {
		panic(&UnsupportedError{What: "call of " + name + ": the race detector's annotation is modeled only where vt models its callers whole (sync's Pool, WaitGroup and RWMutex; syscall)"})
	}
}
