package explore

// ESP-bags: the one-execution determinacy-race check of async/finish
// programs (Raman, Zhao, Sarkar, Vechev and Yahav, "Efficient data race
// detection for async-finish parallelism", after Feng and Leiserson's
// SP-bags). It runs the program once, depth first — a spawned task runs to
// its end before its parent goes on, the program's serial elision — and
// keeps, in disjoint sets (union-find), an S-bag per task (the tasks whose
// steps precede what the task does next) and a P-bag per task and per
// finish (those that may run in parallel with it). Each location remembers
// its last writer and a reader; an access conflicts with a remembered
// task in a P-bag. For a program whose tasks synchronize only through
// async and finish, that is every determinacy race of every schedule, and
// a program without one behaves the same in every schedule: one execution
// decides it. vt check uses it when the program uses the habanero library
// and the execution meets nothing else (no future, isolated, phaser, DDF,
// permission region, no goroutine, channel, lock or atomic of the
// program's own), with race detection on and the default strategy, and
// says so in a note.

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/vtcheck/vt/interp"
)

// espBags follows the depth-first execution.
type espBags struct {
	sh      *sharing // for isUser
	parent  []int    // union-find over tasks
	bagOf   map[int]*bag
	task    map[int]int // goroutine id → task
	sBag    []*bag      // per task
	pBag    []*bag      // per task
	ief     []uintptr   // per task: the finish scope it joins
	gid     []int       // per task: its goroutine
	finish  map[uintptr]*bag
	pending map[int]uintptr // goroutine → the scope of the async it is spawning
	cells   map[uintptr]*espCell
	races   []espRace
	seen    map[espSite]bool
	// why is what makes the check not apply ("": it applies).
	why string
}

// bag is an S-bag or a P-bag: the union-find set of its tasks (root -1:
// empty).
type bag struct {
	p    bool
	root int
}

type espCell struct {
	writer, reader int // tasks (-1: none)
	wpos, rpos     token.Pos
}

// espSite names a race by its kind and positions: each is reported once.
type espSite struct {
	kind      string
	cur, prev token.Pos
}

// espRace is a determinacy race: two accesses by tasks that may run in
// parallel, one a write.
type espRace struct {
	kind         string // "write-write", "write-read", "read-write"
	cur, prev    token.Pos
	curG, prevG  int
	curW, prevW  bool
	curT, prevTk int
}

func newESPBags(prog *interp.Program) *espBags {
	return &espBags{sh: newSharing(prog), bagOf: map[int]*bag{}, task: map[int]int{}, finish: map[uintptr]*bag{},
		pending: map[int]uintptr{}, cells: map[uintptr]*espCell{}, seen: map[espSite]bool{}}
}

func (e *espBags) find(x int) int {
	for e.parent[x] != x {
		e.parent[x] = e.parent[e.parent[x]]
		x = e.parent[x]
	}
	return x
}

// move empties src into dst.
func (e *espBags) move(src, dst *bag) {
	if src.root < 0 {
		return
	}
	if dst.root < 0 {
		dst.root = src.root
	} else {
		r, s := e.find(dst.root), e.find(src.root)
		e.parent[s] = r
		dst.root = r
	}
	e.bagOf[dst.root] = dst
	src.root = -1
}

// inP reports whether task t is in a P-bag.
func (e *espBags) inP(t int) bool { return e.bagOf[e.find(t)].p }

// taskOf returns g's task, making one (with g in its S-bag) for a
// goroutine first met (the root).
func (e *espBags) taskOf(g int, ief uintptr) int {
	if t, ok := e.task[g]; ok {
		return t
	}
	t := len(e.parent)
	e.parent = append(e.parent, t)
	s := &bag{root: t}
	e.bagOf[t] = s
	e.sBag = append(e.sBag, s)
	e.pBag = append(e.pBag, &bag{p: true, root: -1})
	e.ief = append(e.ief, ief)
	e.gid = append(e.gid, g)
	e.task[g] = t
	return t
}

func (e *espBags) finishBag(scope uintptr) *bag {
	b := e.finish[scope]
	if b == nil {
		b = &bag{p: true, root: -1}
		e.finish[scope] = b
	}
	return b
}

func (e *espBags) notApplicable(why string) {
	if e.why == "" {
		e.why = why
	}
}

// Event implements interp.Observer.
func (e *espBags) Event(ev *interp.Event) {
	if e.why != "" {
		return
	}
	switch ev.Kind {
	case interp.EvAnnotation:
		g := ev.G.ID()
		switch ev.Op {
		case interp.OpAsync, interp.OpForallChunk:
			e.taskOf(g, 0)
			e.pending[g] = ev.Addr.Uintptr()
		case interp.OpFinishEnd:
			t := e.taskOf(g, 0)
			e.move(e.finishBag(ev.Addr.Uintptr()), e.sBag[t])
		case interp.OpAnnotation:
			// A region conflict needs no race: the regions strategy
			// checks programs with regions.
			e.notApplicable("it has permission regions")
		case interp.OpFutureGet, interp.OpIsolatedEnter, interp.OpIsolatedExit, interp.OpPhaserNext,
			interp.OpPhaserSignal, interp.OpPhaserWait, interp.OpDDFPut, interp.OpDDFAwait:
			e.notApplicable("it uses " + ev.Op.String())
		}
	case interp.EvGoStart:
		if ev.Other == nil {
			return
		}
		scope, ok := e.pending[ev.Other.ID()]
		if !ok {
			e.notApplicable("a goroutine of its own")
			return
		}
		delete(e.pending, ev.Other.ID())
		e.taskOf(ev.G.ID(), scope)
	case interp.EvGoExit:
		t, ok := e.task[ev.G.ID()]
		if !ok || e.ief[t] == 0 {
			return
		}
		fb := e.finishBag(e.ief[t])
		e.move(e.sBag[t], fb)
		e.move(e.pBag[t], fb)
	case interp.EvRead, interp.EvWrite:
		if !e.sh.isUser(ev) {
			return
		}
		t := e.taskOf(ev.G.ID(), 0)
		write := ev.Kind == interp.EvWrite
		for i := range max(ev.N, 1) {
			e.access(ev.Addr.Add(i).Uintptr(), t, write, ev.Pos)
		}
	case interp.EvChanSend, interp.EvChanRecv, interp.EvChanClose, interp.EvChanRecvClosed,
		interp.EvLock, interp.EvUnlock, interp.EvRLock, interp.EvRUnlock, interp.EvWGAdd, interp.EvWGWait,
		interp.EvCondWait, interp.EvCondSignal, interp.EvAtomic, interp.EvAtomicLoad, interp.EvAtomicStore,
		interp.EvAtomicRMW, interp.EvTimerSet, interp.EvIORead, interp.EvIOWrite:
		if e.sh.isUser(ev) {
			e.notApplicable("it synchronizes by itself (" + ev.Op.String() + ")")
		}
	}
}

// access checks and records an access of task t to cell a.
func (e *espBags) access(a uintptr, t int, write bool, pos token.Pos) {
	c := e.cells[a]
	if c == nil {
		c = &espCell{writer: -1, reader: -1}
		e.cells[a] = c
	}
	if c.writer >= 0 && c.writer != t && e.inP(c.writer) {
		kind := "write-read"
		if write {
			kind = "write-write"
		}
		e.race(kind, pos, t, write, c.wpos, c.writer, true)
	}
	if write {
		if c.reader >= 0 && c.reader != t && e.inP(c.reader) {
			e.race("read-write", pos, t, true, c.rpos, c.reader, false)
		}
		c.writer, c.wpos = t, pos
		return
	}
	if c.reader < 0 || !e.inP(c.reader) {
		c.reader, c.rpos = t, pos
	}
}

func (e *espBags) race(kind string, pos token.Pos, t int, w bool, prev token.Pos, pt int, pw bool) {
	k := espSite{kind, pos, prev}
	if e.seen[k] {
		return
	}
	e.seen[k] = true
	e.races = append(e.races, espRace{kind: kind, cur: pos, prev: prev, curG: e.gid[t], prevG: e.gid[pt], curW: w, prevW: pw, curT: t, prevTk: pt})
}

// message describes the races, one a line.
func (e *espBags) message(prog *interp.Program) string {
	rw := func(w bool) string {
		if w {
			return "write"
		}
		return "read"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "determinacy races (ESP-bags, every schedule): %d\n", len(e.races))
	for _, r := range e.races {
		fmt.Fprintf(&b, "data race (%s): %s at %s by goroutine %d, previous %s at %s by goroutine %d, which may run in parallel\n",
			r.kind, rw(r.curW), shortPos(prog.Position(r.cur).String()), r.curG, rw(r.prevW), shortPos(prog.Position(r.prev).String()), r.prevG)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// newestFirst is the depth-first schedule of ESP-bags: the goroutine
// created last that can run runs (a spawned task runs to its end first).
// Its execution's observer feeds esp.
type newestFirst struct{ esp *espBags }

func (c newestFirst) prepare(_ *explorer, _ *scheduler, obs *observer, _ *strings.Builder) bool {
	obs.esp = c.esp
	return false
}

func (newestFirst) choose(n int, _ bool, ordered []*interp.Goroutine) int {
	best := 0
	for i, g := range ordered {
		if g.ID() > ordered[best].ID() {
			best = i
		}
	}
	return best
}

// espBagsCheck runs the ESP-bags check of a main program that uses the
// habanero library. done reports that it applied: the result is decided
// (a determinacy race, the execution's own failure, or ok for every
// schedule).
func (x *explorer) espBagsCheck() (done bool, err error) {
	if x.t.Root >= 0 || x.t.Test != "" || !usesHabanero(x.t) || x.o.Race == "" {
		return false, nil
	}
	esp := newESPBags(x.t.Prog)
	r, err := x.execute(nil, newestFirst{esp})
	if err != nil {
		return true, err
	}
	if esp.why != "" || r.stopped || r.abandoned {
		return false, nil
	}
	note := "ESP-bags: an async/finish program, checked for determinacy races in one depth-first execution, which covers every schedule"
	if len(esp.races) > 0 && (r.kind == "" || r.kind == "race") {
		r.kind, r.message, r.goroutines, r.race = "race", esp.message(x.t.Prog), nil, nil
	}
	x.res.Notes = append(x.res.Notes, note)
	if _, err := x.commit(r, nil); err != nil {
		return true, err
	}
	x.res.Exhaustive = true
	x.res.Strategy, x.res.FoundBy = "espbags", ""
	if x.res.Failure != nil {
		x.res.FoundBy = "espbags"
	}
	return true, nil
}
