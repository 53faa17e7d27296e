package explore

import (
	"fmt"
	"go/token"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/google/pprof/profile"

	"github.com/vtcheck/vt/interp"
)

// Sample types of an exploration's profile (Options.Profile), in the order
// of each sample's values.
const (
	profExecutions = iota // executions that branched at the sample's stack
	profSteps             // their steps
	profWall              // wall time of interpretation in the stack's innermost function
	profRaces             // racing accesses at the stack
	profFailures          // failures at the stack
	numProfValues
)

// profTypes names the sample types of a profile, with their units.
var profTypes = [numProfValues][2]string{
	{"executions", "count"}, {"steps", "count"}, {"wall", "nanoseconds"}, {"races", "count"}, {"failures", "count"},
}

// profiler collects an exploration's profile: every execution (with its
// steps) is attributed to the scheduling point where its schedule branched
// off the one before, with the interpreted call stack there; the wall time
// between two scheduling points to the stack of the goroutine that ran.
type profiler struct {
	prev    []int // the choices of the last execution
	samples map[string]*profSample
	run     *profRun
}

// profSample is one stack of a profile and its values.
type profSample struct {
	stack []Frame // innermost first; Pos is "file:line:col"
	vals  [numProfValues]int64
}

// profRun is what the profiler records of one execution: the stack of the
// goroutine at each choice, and the time of the last scheduling point.
type profRun struct {
	choiceStacks [][]interp.StackFrame
	last         time.Time
	wall         map[token.Pos]*wallSample // by the innermost frame's position
}

// wallSample is the wall time spent with one stack on top.
type wallSample struct {
	stack []interp.StackFrame
	d     time.Duration
}

func newProfiler() *profiler { return &profiler{samples: map[string]*profSample{}} }

// newRun starts recording an execution.
func (p *profiler) newRun() *profRun {
	p.run = &profRun{last: time.Now(), wall: map[token.Pos]*wallSample{}}
	return p.run
}

// picked records a goroutine picked at a scheduling point of s: n is the
// number of choices before the pick, prev the goroutine that ran up to it.
func (r *profRun) picked(s *scheduler, n int, prev *interp.Goroutine) {
	now := time.Now()
	if prev != nil {
		st := prev.Stack()
		if len(st) > 0 {
			w := r.wall[st[0].Pos]
			if w == nil {
				w = &wallSample{stack: st}
				r.wall[st[0].Pos] = w
			}
			w.d += now.Sub(r.last)
		}
	}
	r.last = now
	r.chose(s, n, s.last)
}

// chose records the stack of g at the choices s made after the first n.
func (r *profRun) chose(s *scheduler, n int, g *interp.Goroutine) {
	if s.choices.len() <= n || g == nil {
		return
	}
	st := g.Stack()
	for len(r.choiceStacks) < s.choices.len() {
		r.choiceStacks = append(r.choiceStacks, st)
	}
}

// done attributes an execution that ended (abandoned ones count their
// steps only) to the point where it branched off the execution before.
func (p *profiler) done(x *explorer, r *execResult) {
	if p == nil || p.run == nil {
		return
	}
	run := p.run
	p.run = nil
	vals := r.sched.choices.vals(r.sched.choices.len())
	branch := -1
	for i, v := range vals {
		if i >= len(p.prev) || p.prev[i] != v {
			branch = i
			break
		}
	}
	if p.prev == nil {
		branch = -1 // the first execution branches nowhere
	}
	p.prev = vals
	var stack []Frame
	if branch >= 0 && branch < len(run.choiceStacks) {
		stack = x.frames(run.choiceStacks[branch])
	}
	if len(stack) == 0 {
		stack = []Frame{{Func: "(first schedule)", Pos: x.t.Name}}
	}
	s := p.sample(stack)
	if !r.abandoned {
		s.vals[profExecutions]++
	}
	s.vals[profSteps] += r.steps
	for _, w := range run.wall {
		p.sample(x.frames(w.stack)).vals[profWall] += int64(w.d)
	}
}

// failed records the failure of the exploration: a race at both accesses,
// another failure at the failing goroutine's stack.
func (p *profiler) failed(f *Failure) {
	if p == nil || f == nil || f.Kind == "ok" {
		return
	}
	if f.Race != nil {
		for _, a := range []RaceAccess{f.Race.Cur, f.Race.Prev} {
			if len(a.Stack) > 0 {
				p.sample(a.Stack).vals[profRaces]++
			}
		}
		return
	}
	stack := []Frame{{Func: "(" + f.Kind + ")", Pos: ""}}
	if len(f.Goroutines) > 0 && len(f.Goroutines[0].Stack) > 0 {
		stack = f.Goroutines[0].Stack
	}
	p.sample(stack).vals[profFailures]++
}

// sample returns the sample of stack, adding it if new.
func (p *profiler) sample(stack []Frame) *profSample {
	var b strings.Builder
	for _, f := range stack {
		b.WriteString(f.Func + "\x00" + f.Pos + "\x00")
	}
	k := b.String()
	s := p.samples[k]
	if s == nil {
		s = &profSample{stack: stack}
		p.samples[k] = s
	}
	return s
}

// frames resolves an interpreted stack, without vt's harness frames.
func (x *explorer) frames(st []interp.StackFrame) []Frame {
	var out []Frame
	for _, f := range st {
		if isHarness(f.Func) {
			continue
		}
		out = append(out, Frame{Func: f.Func, Pos: x.t.Prog.Position(f.Pos).String()})
	}
	return out
}

// build returns the profile of the exploration in pprof's form.
func (p *profiler) build(elapsed time.Duration) *profile.Profile {
	prof := &profile.Profile{
		PeriodType: &profile.ValueType{Type: "executions", Unit: "count"},
		Period:     1,
		// go tool pprof shows executions unless -sample_index says otherwise.
		DefaultSampleType: "executions",
		Mapping:           []*profile.Mapping{{ID: 1, File: "vt", HasFunctions: true, HasFilenames: true, HasLineNumbers: true}},
		DurationNanos:     int64(elapsed),
		TimeNanos:         time.Now().UnixNano(),
	}
	for _, t := range profTypes {
		prof.SampleType = append(prof.SampleType, &profile.ValueType{Type: t[0], Unit: t[1]})
	}
	funcs := map[string]*profile.Function{}
	locs := map[string]*profile.Location{}
	keys := make([]string, 0, len(p.samples))
	for k := range p.samples {
		keys = append(keys, k)
	}
	sort.Strings(keys) // deterministic ids
	for _, k := range keys {
		s := p.samples[k]
		ps := &profile.Sample{Value: s.vals[:]}
		for _, f := range s.stack {
			file, line := splitPos(f.Pos)
			fk := f.Func + "\x00" + file
			fn := funcs[fk]
			if fn == nil {
				fn = &profile.Function{ID: uint64(len(prof.Function) + 1), Name: f.Func, SystemName: f.Func, Filename: file}
				funcs[fk] = fn
				prof.Function = append(prof.Function, fn)
			}
			lk := fmt.Sprintf("%s\x00%d", fk, line)
			loc := locs[lk]
			if loc == nil {
				loc = &profile.Location{ID: uint64(len(prof.Location) + 1), Mapping: prof.Mapping[0], Line: []profile.Line{{Function: fn, Line: line}}}
				locs[lk] = loc
				prof.Location = append(prof.Location, loc)
			}
			ps.Location = append(ps.Location, loc)
		}
		prof.Sample = append(prof.Sample, ps)
	}
	return prof
}

// splitPos splits "file:line:col" (or "file:line") into file and line.
func splitPos(pos string) (string, int64) {
	file := pos
	var line int64
	for range 2 {
		i := strings.LastIndexByte(file, ':')
		if i < 0 {
			break
		}
		var n int64
		if _, err := fmt.Sscan(file[i+1:], &n); err != nil {
			break
		}
		file, line = file[:i], n
	}
	return file, line
}

// WriteProfile writes prof to the file name in pprof's (gzipped protobuf)
// format.
func WriteProfile(name string, prof *profile.Profile) error {
	if prof == nil {
		return nil
	}
	f, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("vt: writing the profile: %w", err)
	}
	if err := prof.Write(f); err != nil {
		f.Close()
		return fmt.Errorf("vt: writing the profile %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("vt: writing the profile %s: %w", name, err)
	}
	return nil
}

// MergeProfiles merges the profiles of several explorations (nil ones are
// skipped) into one.
func MergeProfiles(ps []*profile.Profile) (*profile.Profile, error) {
	var in []*profile.Profile
	for _, p := range ps {
		if p != nil {
			in = append(in, p)
		}
	}
	if len(in) == 0 {
		return nil, nil
	}
	m, err := profile.Merge(in)
	if err != nil {
		return nil, fmt.Errorf("vt: merging profiles: %w", err)
	}
	return m, nil
}
