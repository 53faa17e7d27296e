package interp

// Behaviour tests of the Scheduler interface, and the helpers that load the
// programs of testdata/behave shared by the behaviour tests (sched_test.go,
// refusal_test.go, determinism_test.go, hooks_test.go).

import (
	"bytes"
	"fmt"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/ssa"
)

const behaveDir = "testdata/behave"

// behaveNames are the programs of behaveDir loaded together by one Load
// (cgo and hooks are loaded on their own: cgo may not load, and hooks
// declares hookable functions before its first run).
var behaveNames = []string{
	"deadlock", "determinism", "endless", "events", "idle", "interleave", "leak", "netdial",
	"nobody", "schedops", "selectready", "spin", "syncevents", "tickleak", "timersnap", "virtualtime",
	"timechoice", "inputs", "ticking", "pollclock", "refusals", "punning", "viewrefuse", "undolong", "undobytes", "undofresh", "finalizer", "bigcopy",
	"intderef", "nodeheader", "manytimers", "noasm", "buildinfo",
}

var (
	behaveOnce  sync.Once
	behaveProg  *Program
	behaveMains map[string]*ssa.Package
	behaveErr   error
)

// behave returns the loaded program holding the behaveDir program name and
// its main package.
func behave(t *testing.T, name string) (*Program, *ssa.Package) {
	t.Helper()
	behaveOnce.Do(func() {
		patterns := make([]string, len(behaveNames))
		for i, n := range behaveNames {
			patterns[i] = "./" + n
		}
		behaveProg, behaveErr = Load(Config{Dir: behaveDir}, patterns...)
		if behaveErr != nil {
			return
		}
		behaveMains = map[string]*ssa.Package{}
		for _, pkg := range behaveProg.Mains() {
			behaveMains[path.Base(pkg.Pkg.Path())] = pkg
		}
	})
	require.NoError(t, behaveErr, "loading %s", behaveDir)
	pkg := behaveMains[name]
	require.NotNil(t, pkg, "no main package %s in %s", name, behaveDir)
	return behaveProg, pkg
}

// behaveRun is the result of one run of a behaveDir program.
type behaveRun struct {
	stdout, stderr string
	code           int
	err            error
}

// runBehave runs the behaveDir program name once with opts (its Stdout
// and Stderr are set by runBehave).
func runBehave(t *testing.T, name string, opts RunOptions) behaveRun {
	t.Helper()
	prog, pkg := behave(t, name)
	var stdout, stderr bytes.Buffer
	opts.Stdout, opts.Stderr = &stdout, &stderr
	if opts.Args == nil {
		opts.Args = []string{name}
	}
	code, err := prog.RunMain(pkg, opts)
	return behaveRun{stdout.String(), stderr.String(), code, err}
}

// markerLine returns the line of main.go of program name that carries the
// comment "// @marker".
func markerLine(t *testing.T, name, marker string) int {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(behaveDir, name, "main.go"))
	require.NoError(t, err)
	re := regexp.MustCompile(`//.*@` + regexp.QuoteMeta(marker) + `\b`)
	for i, line := range strings.Split(string(src), "\n") {
		if re.MatchString(line) {
			return i + 1
		}
	}
	t.Fatalf("no marker @%s in %s/main.go", marker, name)
	return 0
}

// inMain reports whether pos is on line of the main.go of program name.
func inMain(prog *Program, pos token.Pos, name string, line int) bool {
	p := prog.Position(pos)
	return p.Line == line && filepath.Base(p.Filename) == "main.go" &&
		filepath.Base(filepath.Dir(p.Filename)) == name
}

// pickRecord is one call of Scheduler.Pick: the runnable goroutines' ids and
// pending operations, and the index picked.
type pickRecord struct {
	ids    []int
	ops    []Op
	picked int
}

type chooseRecord struct {
	g      int
	choice Choice
	n      int
}

// recordingScheduler records every call and picks the runnable goroutine
// with the highest id; Choose answers choose(n) (default 0).
type recordingScheduler struct {
	picks   []pickRecord
	chooses []chooseRecord
	choose  func(n int) int
}

func (s *recordingScheduler) Pick(runnable []*Goroutine) int {
	r := pickRecord{picked: len(runnable) - 1}
	for i, g := range runnable {
		if i > 0 && runnable[i-1].ID() >= g.ID() {
			panic(fmt.Sprintf("runnable not ordered by id: %d before %d", runnable[i-1].ID(), g.ID()))
		}
		if g.Blocked() {
			panic(fmt.Sprintf("blocked goroutine %d offered as runnable", g.ID()))
		}
		op, _ := g.Pending()
		r.ids = append(r.ids, g.ID())
		r.ops = append(r.ops, op)
	}
	s.picks = append(s.picks, r)
	return r.picked
}

func (s *recordingScheduler) Choose(g *Goroutine, c Choice, n int) int {
	s.chooses = append(s.chooses, chooseRecord{g.ID(), c, n})
	if s.choose != nil {
		return s.choose(n)
	}
	return 0
}

// opsSeen returns the set of pending operations of all goroutines offered
// to Pick.
func (s *recordingScheduler) opsSeen() map[Op]int {
	seen := map[Op]int{}
	for _, p := range s.picks {
		for _, op := range p.ops {
			seen[op]++
		}
	}
	return seen
}

func TestSchedulerDecidesInterleaving(t *testing.T) {
	def := runBehave(t, "interleave", RunOptions{})
	require.NoError(t, def.err)
	require.Equal(t, 0, def.code, def.stderr)
	// The default scheduler runs the current goroutine until it blocks,
	// then the next by id: worker a (goroutine 2) runs first.
	assert.Equal(t, "[a0 a1 a2 b0 b1 b2]\n", def.stdout)

	s := &recordingScheduler{}
	hi := runBehave(t, "interleave", RunOptions{Scheduler: s})
	require.NoError(t, hi.err)
	require.Equal(t, 0, hi.code, hi.stderr)
	// Always the highest id: worker b (goroutine 3) runs first.
	assert.Equal(t, "[b0 b1 b2 a0 a1 a2]\n", hi.stdout)
	assert.NotEqual(t, def.stdout, hi.stdout)
	require.NotEmpty(t, s.picks)

	// The same scheduler gives the same run.
	s2 := &recordingScheduler{}
	again := runBehave(t, "interleave", RunOptions{Scheduler: s2})
	assert.Equal(t, hi.stdout, again.stdout)
	assert.Equal(t, s.picks, s2.picks)
}

func TestSchedulerPickedAtEverySchedulingPoint(t *testing.T) {
	s := &recordingScheduler{}
	r := runBehave(t, "schedops", RunOptions{Scheduler: s})
	require.NoError(t, r.err)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, "42 1\n", r.stdout)

	seen := s.opsSeen()
	for _, op := range []Op{
		OpGo,
		OpChanSend, OpChanRecv, OpChanClose, OpSelect,
		OpMutexLock, OpMutexUnlock,
		OpWaitGroupAdd, OpWaitGroupDone, OpWaitGroupWait,
		OpAtomicAddInt64, OpAtomicLoadInt64, OpAtomicAddInt32, OpAtomicLoadInt32,
		OpGosched, OpSleep,
	} {
		assert.Contains(t, seen, op, "no Pick call with a goroutine at %q; saw %v", op, seen)
	}
	// A goroutine offered to Pick is new, woken, or stopped at a
	// scheduling point.
	for op := range seen {
		assert.True(t, op.IsPoint() || op == OpStart || op == OpResume, "goroutine pending in %q, which is no scheduling point", op)
	}
	// Every Pick offers at least one goroutine; ids are those of the run.
	for _, p := range s.picks {
		require.NotEmpty(t, p.ids)
		for _, id := range p.ids {
			assert.Contains(t, []int{1, 2}, id, "goroutine ids of schedops: main and one worker")
		}
	}
}

func TestSchedulerChoosesSelectCase(t *testing.T) {
	def := runBehave(t, "selectready", RunOptions{})
	require.NoError(t, def.err)
	assert.Equal(t, "took a\n", def.stdout, "the default scheduler takes the first ready case")

	for answer, want := range []string{"took a\n", "took b\n"} {
		s := &recordingScheduler{choose: func(int) int { return answer }}
		r := runBehave(t, "selectready", RunOptions{Scheduler: s})
		require.NoError(t, r.err)
		assert.Equal(t, want, r.stdout, "Choose answered %d", answer)
		require.Len(t, s.chooses, 1)
		assert.Equal(t, chooseRecord{g: 1, choice: ChooseSelect, n: 2}, s.chooses[0])
	}
}

// recordedEvent is a copy of an Event (the *Event is only valid during the
// Observer call).
type recordedEvent struct {
	Kind  EventKind
	G     int
	Other int // EvGoStart: the creator's id (0: none)
	Addr  Addr
	Seq   int64
	Op    Op
	Pos   token.Pos
}

type recordingObserver struct{ events []recordedEvent }

func (o *recordingObserver) Event(ev *Event) {
	r := recordedEvent{Kind: ev.Kind, Addr: ev.Addr, Seq: ev.Seq, Op: ev.Op, Pos: ev.Pos}
	if ev.G != nil {
		r.G = ev.G.ID()
	}
	if ev.Other != nil {
		r.Other = ev.Other.ID()
	}
	o.events = append(o.events, r)
}

// at returns the events of kind k reported at the line of main.go of
// program name that carries marker.
func (o *recordingObserver) at(t *testing.T, prog *Program, name, marker string, k EventKind) []recordedEvent {
	t.Helper()
	line := markerLine(t, name, marker)
	var out []recordedEvent
	for _, e := range o.events {
		if e.Kind == k && inMain(prog, e.Pos, name, line) {
			out = append(out, e)
		}
	}
	return out
}

func (o *recordingObserver) kind(k EventKind) []recordedEvent {
	var out []recordedEvent
	for _, e := range o.events {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

func TestObserverEvents(t *testing.T) {
	const name = "events"
	prog, _ := behave(t, name)
	obs := &recordingObserver{}
	r := runBehave(t, name, RunOptions{Observer: obs})
	require.NoError(t, r.err)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "{1 2} [1 2] 0 0 1\n", r.stdout)

	t.Run("goroutines", func(t *testing.T) {
		starts, exits := obs.kind(EvGoStart), obs.kind(EvGoExit)
		require.Len(t, starts, 2, "main and one goroutine start")
		assert.Equal(t, 1, starts[0].G)
		assert.Equal(t, 0, starts[0].Other, "main has no creator")
		assert.Equal(t, 2, starts[1].G)
		assert.Equal(t, 1, starts[1].Other, "goroutine 2 was created by main")
		assert.True(t, inMain(prog, starts[1].Pos, name, markerLine(t, name, "go")), "EvGoStart at the go statement, got %v", prog.Position(starts[1].Pos))
		require.Len(t, exits, 2)
		ids := []int{exits[0].G, exits[1].G}
		assert.ElementsMatch(t, []int{1, 2}, ids)
		// Goroutine 2 exits before main returns.
		assert.Equal(t, 2, exits[0].G)
		startIdx, exitIdx := -1, -1
		for i, e := range obs.events {
			if e.Kind == EvGoStart && e.G == 2 {
				startIdx = i
			}
			if e.Kind == EvGoExit && e.G == 2 {
				exitIdx = i
			}
		}
		assert.Less(t, startIdx, exitIdx)
	})

	t.Run("block", func(t *testing.T) {
		// Main blocks receiving from done before goroutine 2 runs.
		blocks := obs.at(t, prog, name, "blockrecv", EvBlock)
		require.Len(t, blocks, 1, "events: %v", obs.kind(EvBlock))
		assert.Equal(t, 1, blocks[0].G)
		assert.Equal(t, OpChanRecv, blocks[0].Op)
		var unblocked bool
		for _, e := range obs.kind(EvUnblock) {
			unblocked = unblocked || e.G == 1
		}
		assert.True(t, unblocked, "main is unblocked by the send")
	})

	t.Run("channels", func(t *testing.T) {
		sends := obs.at(t, prog, name, "send", EvChanSend)
		recvs := obs.at(t, prog, name, "recv", EvChanRecv)
		require.Len(t, sends, 3)
		require.Len(t, recvs, 3)
		for k := range 3 {
			assert.Equal(t, int64(k), sends[k].Seq, "send %d", k)
			assert.Equal(t, int64(k), recvs[k].Seq, "receive %d", k)
			assert.Equal(t, sends[0].Addr, sends[k].Addr, "one channel")
			assert.Equal(t, sends[0].Addr, recvs[k].Addr, "one channel")
		}
		assert.False(t, sends[0].Addr.IsNil())
		// The unbuffered handoff: send 0 and receive 0 of another channel.
		gs := obs.at(t, prog, name, "gosend", EvChanSend)
		require.Len(t, gs, 1)
		assert.Equal(t, int64(0), gs[0].Seq)
		assert.Equal(t, 2, gs[0].G)
		assert.NotEqual(t, sends[0].Addr, gs[0].Addr, "two channels, two Addrs")
		var handoff []recordedEvent
		for _, e := range obs.kind(EvChanRecv) {
			if e.Addr == gs[0].Addr {
				handoff = append(handoff, e)
			}
		}
		require.Len(t, handoff, 1)
		assert.Equal(t, 1, handoff[0].G)
		assert.Equal(t, int64(0), handoff[0].Seq)
	})

	t.Run("mutexes", func(t *testing.T) {
		one := func(marker string, k EventKind) recordedEvent {
			es := obs.at(t, prog, name, marker, k)
			require.Len(t, es, 1, "@%s", marker)
			return es[0]
		}
		l1, u1 := one("lock1", EvLock), one("unlock1", EvUnlock)
		l1b, u1b := one("lock1b", EvLock), one("unlock1b", EvUnlock)
		l2, u2 := one("lock2", EvLock), one("unlock2", EvUnlock)
		assert.Equal(t, l1.Addr, u1.Addr)
		assert.Equal(t, l1.Addr, l1b.Addr)
		assert.Equal(t, l1.Addr, u1b.Addr)
		assert.Equal(t, l2.Addr, u2.Addr)
		assert.NotEqual(t, l1.Addr, l2.Addr, "two mutexes")
		assert.False(t, l1.Addr.IsNil())
	})

	t.Run("memory", func(t *testing.T) {
		one := func(marker string, k EventKind) recordedEvent {
			es := obs.at(t, prog, name, marker, k)
			require.Len(t, es, 1, "@%s", marker)
			return es[0]
		}
		x, y := one("fieldX", EvWrite), one("fieldY", EvWrite)
		assert.NotEqual(t, x.Addr, y.Addr, "two fields of one struct")
		e0, e1 := one("elem0", EvWrite), one("elem1", EvWrite)
		assert.NotEqual(t, e0.Addr, e1.Addr, "two elements of one slice")
		r1, r2 := one("readv1", EvRead), one("readv2", EvRead)
		assert.Equal(t, r1.Addr, r2.Addr, "one variable read twice")
		for _, a := range []Addr{x.Addr, y.Addr, e0.Addr, e1.Addr, r1.Addr} {
			assert.False(t, a.IsNil())
		}
		assert.NotEqual(t, r1.Addr, x.Addr)
		// The atomic add is reported as EvAtomicRMW, not as a plain access.
		at := one("atomic", EvAtomicRMW)
		assert.Empty(t, obs.at(t, prog, name, "atomic", EvWrite))
		assert.NotEqual(t, at.Addr, r1.Addr)
	})
}
