package explore

import (
	"fmt"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/vtcheck/vt/internal/perm"
	"github.com/vtcheck/vt/internal/race"
	"github.com/vtcheck/vt/interp"
)

// Permission regions under the interpreter. vt's annotation functions
// (vt.AcquireR, vt.ReleaseWAt, vt.AcquireRRange, ...) are declared as
// annotations: their calls are scheduling points and EvAnnotation events
// that carry the goroutine and the exact locations, and the permission
// checker below applies them to package perm's state machine. (Package
// perm stays free of the interpreter: vt's annotations use it natively.)

// permAnnotations declares vt's permission-region functions of package
// pkg (AcquireR, AcquireW, ReleaseR, ReleaseW and their At and Range forms)
// as annotations, with the permission operation as their tag.
func permAnnotations(pkg string) []interp.Annotation {
	var out []interp.Annotation
	for _, op := range perm.Ops {
		out = append(out,
			interp.Annotation{Name: pkg + "." + op.String(), Form: interp.AnnotateObject, Tag: op},
			interp.Annotation{Name: pkg + "." + op.String() + "At", Form: interp.AnnotateElement, Tag: op},
			interp.Annotation{Name: pkg + "." + op.String() + "Range", Form: interp.AnnotateRange, Tag: op})
	}
	return out
}

// permChecker is the permission checker of an execution: an
// interp.Observer that applies every annotation event to a perm.Tracker,
// with the event's goroutine as the task. Locations are identified as vt's
// annotations identify them natively: an address and the type of the
// value there.
type permChecker struct {
	tr    *perm.Tracker // made at the first annotation
	fault *permFault    // the first violation
	// acquired holds every acquisition of the execution, in order: a
	// conflict's report shows where the holder acquired the location.
	acquired []acquisition
}

// acquisition is one acquiring annotation: its goroutine, the cells it
// covers and the goroutine's stack there.
type acquisition struct {
	g         int
	lo, hi    uintptr // the cells [lo, hi)
	typ       string
	stack     []interp.StackFrame
	creator   int
	createdAt token.Pos
}

// permFault is the first permission violation of an execution.
type permFault struct {
	// message is the message with which vt's annotations panic outside
	// the interpreter, e.g. "vt: AcquireW(x): permission violation on
	// main.Account at 0xc000012345: goroutine 3 AcquireW conflicts with
	// goroutine 2 AcquireW (state PrivateWrite(goroutine 2, r=0, w=1))".
	message string
	// g is the goroutine that caused it, at the annotation.
	g         int
	stack     []interp.StackFrame
	creator   int
	createdAt token.Pos
	// holder is the acquisition of the goroutine that held the location
	// (nil: none, an unmatched release).
	holder *acquisition
}

// location identifies a location as vt's annotations do natively.
type location struct {
	addr interp.Addr
	typ  string
}

func (l location) String() string { return l.typ + " at " + l.addr.String() }

// Event implements interp.Observer.
func (c *permChecker) Event(ev *interp.Event) {
	if ev.Kind != interp.EvAnnotation {
		return
	}
	op, ok := ev.Annotation.Tag.(perm.Op)
	if !ok {
		return
	}
	if c.tr == nil {
		c.tr = perm.NewTracker()
	}
	t := perm.TaskID(ev.G.ID())
	typ := types.TypeString(ev.Type, func(p *types.Package) string { return p.Name() })
	loc := func(i int) perm.Loc { return perm.Loc{Obj: location{ev.Addr.Add(i), typ}, Elem: perm.Whole} }
	var err error
	if ev.Annotation.Form == interp.AnnotateObject {
		err = c.tr.Do(t, op, loc(0))
	} else {
		err = c.tr.DoRange(t, op, ev.N, 0, ev.N, loc)
	}
	v, _ := err.(*perm.Violation) // (the interpreter checked the range)
	if v == nil && (op == perm.AcquireR || op == perm.AcquireW) && ev.N > 0 {
		a := acquisition{g: ev.G.ID(), lo: ev.Addr.Uintptr(), hi: ev.Addr.Add(ev.N).Uintptr(), typ: typ, stack: ev.G.Stack()}
		a.creator, a.createdAt = ev.G.Creator()
		c.acquired = append(c.acquired, a)
	}
	if v == nil || c.fault != nil {
		return
	}
	f := &permFault{g: ev.G.ID(), stack: ev.G.Stack()}
	f.creator, f.createdAt = ev.G.Creator()
	if v.HasHolder && v.Holder != t {
		l := v.Loc.Obj.(location)
		for i := len(c.acquired) - 1; i >= 0; i-- {
			a := &c.acquired[i]
			if a.g == int(v.Holder) && a.typ == l.typ && a.lo <= l.addr.Uintptr() && l.addr.Uintptr() < a.hi {
				f.holder = a
				break
			}
		}
	}
	f.message = "vt: " + annotationCall(ev) + ": " + v.Format(func(id perm.TaskID) string { return "goroutine " + strconv.FormatInt(int64(id), 10) })
	c.fault = f
}

// annotationCall writes the annotation call of ev as vt's messages do:
// "AcquireW(x)", "AcquireWAt(s, 3)", "AcquireWRange(s, 1, 4)".
func annotationCall(ev *interp.Event) string {
	name := ev.Annotation.Name
	name = name[strings.LastIndexByte(name, '.')+1:]
	switch ev.Annotation.Form {
	case interp.AnnotateElement:
		return fmt.Sprintf("%s(s, %d)", name, ev.Seq)
	case interp.AnnotateRange:
		return fmt.Sprintf("%s(s, %d, %d)", name, ev.Seq, ev.Seq+int64(ev.N))
	}
	return name + "(x)"
}

// observer is what the engine observes of one execution: the race
// detector (nil when race detection is off) and the permission checker,
// which only annotations concern.
type observer struct {
	race  race.Checker
	perm  *permChecker
	sched *scheduler // notes time passing in the schedule
	// raceFirst: the detector had found a race when the checker found its
	// first fault (the verdict is the earlier of the two).
	raceFirst bool
	rec       *recorder // records events for a picture (nil: none)
	share     *sharing  // follows accesses for the sharing report (nil: none)
	esp       *espBags  // ESP-bags' check (nil: none)
	annotated bool      // the execution had an annotation event
}

// Event implements interp.Observer.
func (o *observer) Event(ev *interp.Event) {
	if o.rec != nil {
		o.rec.event(ev)
	}
	if o.share != nil {
		o.share.Event(ev)
	}
	if o.esp != nil {
		o.esp.Event(ev)
	}
	if ev.Kind == interp.EvTimer && o.sched != nil {
		o.sched.timerFired(ev.Pos)
	}
	if o.sched != nil {
		o.sched.fair.observe(ev)
	}
	if ev.Kind == interp.EvWrite && o.sched != nil {
		// A plain write is progress (see fairness.stillSpinning).
		o.sched.fair.lastWrite = o.sched.fair.n
	}
	if ev.Kind == interp.EvAnnotation {
		o.annotated = true
		if op, ok := ev.Annotation.Tag.(perm.Op); ok && o.sched != nil && o.sched.regionsOnly && (op == perm.AcquireR || op == perm.AcquireW) {
			o.sched.afterAcquire = true
		}
	}
	if ev.Kind == interp.EvAnnotation && o.perm.fault == nil {
		o.perm.Event(ev)
		o.raceFirst = o.perm.fault != nil && o.race != nil && o.race.Race() != nil
	}
	if o.race != nil {
		o.race.Event(ev)
		if o.sched != nil && o.sched.raceAt == 0 && o.race.Race() != nil {
			o.sched.raceAt, o.sched.raceChoices = max(o.sched.points, 1), o.sched.choices.len()
		}
	}
	if o.sched != nil && o.sched.track != nil {
		o.sched.track.event(ev)
	}
	if o.sched != nil && o.sched.watch != nil {
		o.sched.watch(ev)
	}
}

// observer returns the observer of one execution and hooks vt.Benign to
// its race detector.
func (x *explorer) observer(hooks map[string]interp.Hook, s *scheduler) *observer {
	if x.rec != nil {
		x.rec.reset(s)
	}
	return &observer{race: x.detector(hooks), perm: &permChecker{}, sched: s, rec: x.rec, share: x.share}
}

// permVerdict classifies an execution in which a permission region was
// violated: verdict region (outside vt the annotation panics there, with
// the same message). The goroutines are the one whose annotation
// conflicted, at that annotation, and the one holding the location, at
// the annotation by which it acquired it.
func permVerdict(r *execResult, f *permFault) {
	r.kind, r.message = "region", f.message
	r.goroutines = []interp.GoroutineInfo{{ID: f.g, Op: interp.OpRunning, Stack: f.stack, Creator: f.creator, CreatedAt: f.createdAt}}
	if a := f.holder; a != nil {
		r.goroutines = append(r.goroutines, interp.GoroutineInfo{ID: a.g, Op: interp.OpAnnotation, Stack: a.stack, Creator: a.creator, CreatedAt: a.createdAt})
	}
}
