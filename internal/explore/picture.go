package explore

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/vtcheck/vt/internal/picture"
	"github.com/vtcheck/vt/internal/race"
	"github.com/vtcheck/vt/interp"
)

// RaceInfo is the two accesses of a race.
type RaceInfo struct {
	Cur, Prev RaceAccess
}

// RaceAccess is one access of a race.
type RaceAccess struct {
	G     int
	Write bool
	Pos   string  // the accessing instruction, "file:line:col"
	Stack []Frame // innermost first, when recorded
	pos   token.Pos
}

// raceInfo describes rc for a Failure.
func (x *explorer) raceInfo(rc *race.Race) *RaceInfo {
	acc := func(a race.Access) RaceAccess {
		return RaceAccess{G: a.G, Write: a.Write, Pos: x.t.Prog.Position(a.Pos).String(), Stack: x.frames(a.Stack), pos: a.Pos}
	}
	return &RaceInfo{Cur: acc(rc.Cur), Prev: acc(rc.Prev)}
}

// finishProfile completes the exploration's profile (Options.Profile):
// the failure, if any, is added at its source location.
func (x *explorer) finishProfile() {
	if x.prof == nil {
		return
	}
	x.prof.failed(x.res.Failure)
	x.res.Profile = x.prof.build(x.res.Elapsed)
}

// recorder records the events of one execution that a picture draws:
// goroutine creations, channel, lock and WaitGroup operations and memory
// accesses, each with the scheduling step during which it happened.
type recorder struct {
	s      *scheduler
	events []recEvent
	names  map[int]string // goroutine id → the function it runs
}

// recEvent is one recorded event.
type recEvent struct {
	kind  interp.EventKind
	g     int // the goroutine
	other int // EvGoStart: the creator
	addr  uintptr
	seq   int64
	step  int // index of the current step of the trace
	pos   token.Pos
}

// reset starts recording an execution under s.
func (r *recorder) reset(s *scheduler) {
	r.s, r.events, r.names = s, r.events[:0], map[int]string{}
}

// event implements the observer's side of the recorder.
func (r *recorder) event(ev *interp.Event) {
	if r.s == nil || !r.s.started || ev.G == nil {
		return
	}
	switch ev.Kind {
	case interp.EvGoStart, interp.EvChanSend, interp.EvChanRecv, interp.EvChanClose, interp.EvChanRecvClosed,
		interp.EvLock, interp.EvUnlock, interp.EvRLock, interp.EvRUnlock, interp.EvWGAdd, interp.EvWGWait,
		interp.EvRead, interp.EvWrite, interp.EvAtomicLoad, interp.EvAtomicStore, interp.EvAtomicRMW:
	default:
		return
	}
	e := recEvent{kind: ev.Kind, g: ev.G.ID(), addr: ev.Addr.Uintptr(), seq: ev.Seq, step: len(r.s.trace) - 1, pos: ev.Pos}
	if ev.Kind == interp.EvGoStart && ev.Other != nil {
		e.other = ev.Other.ID()
	}
	if _, ok := r.names[e.g]; !ok {
		if st := ev.G.Stack(); len(st) > 0 {
			r.names[e.g] = st[len(st)-1].Func
			for i := len(st) - 1; i >= 0; i-- {
				if !isHarness(st[i].Func) {
					r.names[e.g] = st[i].Func
					break
				}
			}
		}
	}
	r.events = append(r.events, e)
}

// maxPictureSteps bounds the steps a picture draws (the last ones).
const maxPictureSteps = 1500

// draw writes the picture of execution r (whose failure is f) when
// Options.HTML asks for one: it runs r's schedule again, recording its
// events, and draws them.
func (x *explorer) draw(r *execResult, f *Failure) error {
	if x.o.HTML == "" || f == nil {
		return nil
	}
	name := x.o.HTML
	if name == "on" {
		if f.SavedTo == "" {
			return nil // nowhere to put it: say a file
		}
		name = f.SavedTo + ".html"
	}
	choices := r.sched.choices.vals(r.sched.choices.len())
	x.rec = &recorder{}
	r2, err := x.execute(choices, firstChoice{})
	rec := x.rec
	x.rec = nil
	if err != nil {
		return err
	}
	p := x.picture(r2, f, rec)
	out, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("vt: writing the picture: %w", err)
	}
	if err := picture.Render(out, p); err != nil {
		out.Close()
		return fmt.Errorf("vt: writing the picture %s: %w", name, err)
	}
	if err := out.Close(); err != nil {
		return fmt.Errorf("vt: writing the picture %s: %w", name, err)
	}
	f.Picture = name
	return nil
}

// picture builds the picture of execution r from its trace and events.
func (x *explorer) picture(r *execResult, f *Failure, rec *recorder) *picture.Picture {
	trace := r.sched.trace
	msg := f.Message
	if wd, err := os.Getwd(); err == nil {
		msg = strings.ReplaceAll(msg, wd+string(filepath.Separator), "") // paths as the user gave them
	}
	p := &picture.Picture{Title: fmt.Sprintf("%s in execution %d of %s", f.Kind, f.Execution, x.t.Name), Kind: f.Kind, Message: msg, Replay: f.Replay}
	if f.Kind == "ok" {
		p.Title = "the execution of " + x.t.Name + " passes"
	}
	first := max(len(trace)-maxPictureSteps, 0)
	p.Omitted = first
	lane := map[int]int{}
	for _, st := range trace[first:] {
		if _, ok := lane[st.g]; !ok {
			lane[st.g] = len(p.Lanes)
			name := rec.names[st.g]
			if name == "" && st.g != 0 {
				name = fmt.Sprintf("goroutine %d", st.g)
			}
			p.Lanes = append(p.Lanes, picture.Lane{G: st.g, Name: name})
		}
	}
	src := sourceLines{}
	for _, st := range trace[first:] {
		pos := x.t.Prog.Position(st.pos)
		s := picture.Step{Lane: lane[st.g], Op: st.op.String()}
		if pos.IsValid() {
			s.Pos = fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
			s.Source = src.line(pos.Filename, pos.Line)
		}
		if st.g == 0 {
			s.Op = "time passes"
			if st.early > 0 {
				s.Op = "time passes early"
				s.Note = fmt.Sprintf("a timer set here fired with its deadline %v away, while goroutines could still run (a slow or loaded machine)", st.early-1)
			}
		}
		p.Steps = append(p.Steps, s)
	}
	// stepOf maps an event of goroutine g during trace step cur to the
	// last step of g at or before cur (a goroutine woken by another's
	// operation completes its own in that operation's step).
	byG := map[int][]int{}
	for i, st := range trace {
		byG[st.g] = append(byG[st.g], i)
	}
	stepOf := func(g, cur int) int {
		idx := byG[g]
		k := sort.SearchInts(idx, cur+1) - 1
		if k < 0 {
			return -1
		}
		return idx[k]
	}
	firstOf := func(g, from int) int {
		idx := byG[g]
		k := sort.SearchInts(idx, from)
		if k >= len(idx) {
			return -1
		}
		return idx[k]
	}
	type key struct {
		addr uintptr
		seq  int64
	}
	sends := map[key]int{}
	closes := map[uintptr]int{}
	unlocks := map[uintptr][2]int{} // step, goroutine
	dones := map[uintptr][]int{}
	seen := map[[2]int]bool{}
	add := func(from, to int, kind string) {
		if from >= 0 && to >= 0 && to < from {
			// The operation completed in another goroutine's step (a
			// receive a sender woke): the edge ends where its goroutine
			// goes on.
			to = firstOf(trace[to].g, from+1)
		}
		from, to = from-first, to-first
		if from < 0 || to < 0 || from == to || seen[[2]int{from, to}] {
			return
		}
		seen[[2]int{from, to}] = true
		p.Edges = append(p.Edges, picture.Edge{From: from, To: to, Kind: kind})
	}
	var prevAcc, curAcc = -1, -1
	for _, e := range rec.events {
		at := stepOf(e.g, e.step)
		if at < 0 && e.kind != interp.EvGoStart {
			continue // before the goroutine's first step: no row to draw it in
		}
		switch e.kind {
		case interp.EvGoStart:
			if from := stepOf(e.other, e.step); from >= 0 {
				add(from, firstOf(e.g, from+1), "go")
			}
		case interp.EvChanSend:
			sends[key{e.addr, e.seq}] = at
		case interp.EvChanRecv:
			if from, ok := sends[key{e.addr, e.seq}]; ok && trace[from].g != e.g {
				add(from, at, "chan")
			}
		case interp.EvChanClose:
			closes[e.addr] = at
		case interp.EvChanRecvClosed:
			if from, ok := closes[e.addr]; ok {
				add(from, at, "close")
			}
		case interp.EvUnlock, interp.EvRUnlock:
			unlocks[e.addr] = [2]int{at, e.g}
		case interp.EvLock, interp.EvRLock:
			if u, ok := unlocks[e.addr]; ok && u[1] != e.g {
				add(u[0], at, "lock")
			}
		case interp.EvWGAdd:
			if e.seq < 0 {
				dones[e.addr] = append(dones[e.addr], at)
			}
		case interp.EvWGWait:
			for _, d := range dones[e.addr] {
				if trace[d].g != e.g {
					add(d, at, "waitgroup")
				}
			}
		default: // memory accesses: find the racing pair
			if ri := f.Race; ri != nil && curAcc < 0 {
				if e.g == ri.Cur.G && e.pos == ri.Cur.pos && prevAcc >= 0 {
					curAcc = at
				} else if e.g == ri.Prev.G && e.pos == ri.Prev.pos {
					prevAcc = at
				}
			}
		}
	}
	mark := func(step int, m, note string) {
		if i := step - first; step >= 0 && i >= 0 && i < len(p.Steps) {
			p.Steps[i].Mark, p.Steps[i].Note = m, note
		}
	}
	if ri := f.Race; ri != nil {
		note := func(a RaceAccess, other int) string {
			w := accessWords(a)
			if pos := x.t.Prog.Position(a.pos); pos.IsValid() {
				if l := src.line(pos.Filename, pos.Line); l != "" {
					w += ": " + l
				}
			}
			return fmt.Sprintf("%s (races with goroutine %d)", w, other)
		}
		mark(prevAcc, "race", note(ri.Prev, ri.Cur.G))
		mark(curAcc, "race", note(ri.Cur, ri.Prev.G))
	}
	if f.Kind == "deadlock" || f.Kind == "leak" {
		for _, g := range f.Goroutines {
			if i, ok := lane[g.ID]; ok {
				p.Lanes[i].Blocked = true
				idx := byG[g.ID]
				mark(idx[len(idx)-1], "blocked", "blocked here: "+g.Op)
			}
		}
	}
	for i := range p.Lanes {
		for _, g := range f.Goroutines {
			if g.ID == p.Lanes[i].G && g.CreatedBy != 0 {
				p.Lanes[i].Created = fmt.Sprintf("created by goroutine %d at %s", g.CreatedBy, shortPos(g.CreatedAt))
			}
		}
	}
	return p
}

// accessWords describes a racing access: "write at x.go:12".
func accessWords(a RaceAccess) string {
	kind := "read"
	if a.Write {
		kind = "write"
	}
	return kind + " at " + shortPos(a.Pos)
}

// sourceLines reads source files for a picture, once each.
type sourceLines map[string][]string

// line returns line n (from 1) of file, trimmed, or "".
func (s sourceLines) line(file string, n int) string {
	lines, ok := s[file]
	if !ok {
		data, err := os.ReadFile(file)
		if err == nil {
			lines = strings.Split(string(data), "\n")
		}
		s[file] = lines
	}
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
}
