package explore

import (
	"fmt"
	"go/token"
	"math/rand"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/vtcheck/vt/interp"
)

// The guided strategy is the meta heuristic of Rungta and Mercer ("A Meta
// Heuristic for Effectively Detecting Concurrency Errors", HVC 2008): a
// greedy depth-first search that drives the execution along a sequence of
// source locations. At each choice of a goroutine it ranks the goroutines
// in two tiers: first those whose next operation is at the next location
// of the sequence, then the rest by their control-flow distance to it
// (cfgdist.go); it takes the best (ties broken at random) and keeps the
// others in a bounded backtrack set. When an execution ends without a
// failure, the search backtracks stochastically: it picks a meta level
// (how many locations of the sequence were seen) at random among those in
// the set, and there the alternative with the least distance. A trial is
// one such search with its own random seed and at most guidedTrialExecs
// executions; the strategy runs trials until the budget ends, and the
// fraction of trials that find the failure is the paper's error density.
//
// A location is seen when the goroutine that runs performs an operation
// there that the interpreter reports (a scheduling point or a memory
// access): a line with only local computation is never seen.
//
// Without sequences given (Options.Guide), the strategy generates them
// from the lock events of one execution without preemption
// (autoSequences): a potential race the lockset detector warns of, a
// lock-order cycle between two goroutines, and the two-stage access pattern (a goroutine releases one mutex and then
// takes another, while some goroutine takes the second holding the
// first).

// guidedTrialExecs bounds the executions of one trial of the guided search;
// guidedBacktrack the size of its backtrack set.
const (
	guidedTrialExecs = 200
	guidedBacktrack  = 10000
)

// srcLine is a source line, file:line, of a location sequence.
type srcLine struct {
	file string // base name
	line int
}

func (l srcLine) String() string { return fmt.Sprintf("%s:%d", l.file, l.line) }

// parseLocations parses a sequence of file.go:LINE locations.
func parseLocations(v string) ([]srcLine, error) {
	var out []srcLine
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		f, l, ok := strings.Cut(s, ":")
		n, err := strconv.Atoi(l)
		if !ok || err != nil || n < 1 || f == "" {
			return nil, want("comma-separated FILE.go:LINE locations")
		}
		out = append(out, srcLine{file: filepath.Base(f), line: n})
	}
	return out, nil
}

// btEntry is an alternative the greedy search did not take: the choices
// up to it, the meta level and the distance at which it was left.
type btEntry struct {
	base  []int // the choices before it
	alt   int   // the alternative at the choice after base
	level int
	dist  int
}

// guided is the state of one trial of the guided search.
type guided struct {
	locs      []srcLine
	cfg       *cfgDist
	rng       *rand.Rand
	backtrack []btEntry
	prog      *interp.Program
	// match caches, per position, whether it is on each location's line.
	match map[token.Pos]srcLine
	// own tells the program's own lines (nil: every event is at its
	// own position).
	own *ownCode
	txn bool // its executions run with transactions
}

// guidedChoice is the chooser of one execution of the guided search.
type guidedChoice struct {
	g     *guided
	s     *scheduler
	level int // locations of the sequence seen so far
	// prev is the line of each goroutine's last event.
	prev map[int]srcLine
	// vals are the answers of the execution's choices so far.
	vals []int
}

func (c *guidedChoice) attach(s *scheduler) {
	c.s = s
	s.txn = s.txn || c.g.txn
	c.prev = map[int]srcLine{}
	s.watch = c.event
}

func (c *guidedChoice) sample() uint64 { return c.g.rng.Uint64() }

// event advances the meta level when the execution reaches the next
// location of the sequence.
func (c *guidedChoice) event(ev *interp.Event) {
	if c.level >= len(c.g.locs) || ev.G == nil || !ev.Pos.IsValid() {
		return
	}
	// A goroutine's run of events on one line is one visit of it (a++
	// reads and writes).
	l, id := c.g.at(ev.Pos), ev.G.ID()
	if l != c.g.locs[c.level] && ev.Kind != interp.EvRead && ev.Kind != interp.EvWrite && c.g.own != nil {
		// A model's event placed in the library (a typed atomic's
		// method) is at the line of the program's code that called it.
		if _, own := c.g.own.line(ev.Pos); !own {
			// The operation the goroutine was stopped at, where the
			// program's code reached it (O(1): no walk of its stack).
			if _, pp := ev.G.Pending(); pp.IsValid() {
				if fl, ok := c.g.own.line(pp); ok {
					l = fl
				}
			}
		}
	}
	if c.prev[id] == l {
		return
	}
	c.prev[id] = l
	if l == c.g.locs[c.level] {
		c.level++
	}
}

// at returns the line of pos.
func (g *guided) at(pos token.Pos) srcLine {
	l, ok := g.match[pos]
	if !ok {
		p := g.prog.Position(pos)
		l = srcLine{file: filepath.Base(p.Filename), line: p.Line}
		g.match[pos] = l
	}
	return l
}

func (c *guidedChoice) choose(n int, _ bool, ordered []*interp.Goroutine) int {
	g := c.g
	if ordered == nil || c.level >= len(g.locs) {
		return g.rng.Intn(n)
	}
	next := g.locs[c.level]
	// Tier one: the goroutine's next operation is at the location (match);
	// tier two: its control-flow distance to it. A goroutine whose Lock
	// would block is not enabled (in the paper's model checker): it ranks
	// last, but lends its distance, plus one, to goroutines about to
	// release a lock, which may be the one it waits for.
	match := make([]bool, n)
	dist := make([]int, n)
	blockedBest := unreachable
	for i, gr := range ordered {
		_, pos := gr.Pending()
		match[i] = pos.IsValid() && g.at(pos) == next
		if !match[i] {
			dist[i] = g.cfg.distance(gr.Stack(), next)
			if dist[i] >= unreachable {
				// A goroutine not started yet has no frames: its
				// pending position is its function's.
				dist[i] = g.cfg.distance([]interp.StackFrame{{Pos: pos}}, next)
			}
		}
		if gr.WouldBlock() {
			blockedBest = min(blockedBest, dist[i])
			match[i], dist[i] = false, unreachable+1
		}
	}
	if blockedBest < unreachable {
		for i, gr := range ordered {
			if op, _ := gr.Pending(); dist[i] >= unreachable && !gr.WouldBlock() && releases(op) {
				dist[i] = blockedBest + 1
			}
		}
	}
	best, bestMatch := unreachable+2, false
	for i := range ordered {
		switch {
		case match[i] && !bestMatch:
			best, bestMatch = dist[i], true
		case match[i] == bestMatch && dist[i] < best:
			best = dist[i]
		}
	}
	var top []int
	for i := range ordered {
		if match[i] == bestMatch && dist[i] == best {
			top = append(top, i)
		}
	}
	pick := top[g.rng.Intn(len(top))]
	if !bestMatch && best >= unreachable && top[0] == 0 {
		// No goroutine can get to the location: a preemption gains
		// nothing, the goroutine that ran last goes on.
		pick = 0
	}
	// The choices so far, shared by the entries kept here (vals only
	// grows: the part a slice of it covers never changes).
	for _, ch := range c.s.choices.from(len(c.vals)) {
		c.vals = append(c.vals, ch.val)
	}
	base := slices.Clip(c.vals)
	for i := range n {
		if i != pick {
			g.keep(btEntry{base: base, alt: i, level: c.level, dist: dist[i]})
		}
	}
	return pick
}

// keep adds an entry to the backtrack set.
func (g *guided) keep(e btEntry) {
	if e.dist >= unreachable && e.level == 0 {
		return // no progress and no way to the next srcLine
	}
	if len(g.backtrack) < guidedBacktrack {
		g.backtrack = append(g.backtrack, e)
		return
	}
	// Full: the entry replaces the worse of two entries drawn at random,
	// if it is better (a full scan per entry would cost too much).
	w := g.rng.Intn(len(g.backtrack))
	if v := g.rng.Intn(len(g.backtrack)); worse(g.backtrack[v], g.backtrack[w]) {
		w = v
	}
	if worse(g.backtrack[w], e) {
		g.backtrack[w] = e
	}
}

// worse reports whether a made less progress than b: a lower meta level,
// or the same and a larger distance.
func worse(a, b btEntry) bool {
	return a.level < b.level || a.level == b.level && a.dist > b.dist
}

// next removes and returns a backtrack point (false: none is left): a
// meta level at random among those present, and there an entry of least
// distance at random.
func (g *guided) next() ([]int, bool) {
	if len(g.backtrack) == 0 {
		return nil, false
	}
	var levels []int
	for _, b := range g.backtrack {
		if !slices.Contains(levels, b.level) {
			levels = append(levels, b.level)
		}
	}
	slices.Sort(levels)
	lv := levels[g.rng.Intn(len(levels))]
	best := -1
	var idx []int
	for i, b := range g.backtrack {
		if b.level != lv {
			continue
		}
		switch {
		case best < 0 || b.dist < best:
			best, idx = b.dist, []int{i}
		case b.dist == best:
			idx = append(idx, i)
		}
	}
	i := idx[g.rng.Intn(len(idx))]
	b := g.backtrack[i]
	p := append(slices.Clone(b.base), b.alt)
	g.backtrack[i] = g.backtrack[len(g.backtrack)-1]
	g.backtrack = g.backtrack[:len(g.backtrack)-1]
	return p, true
}

// guidedSearch is the guided strategy: trials of the greedy search along
// location sequences (the ones given, or those the program's lock events
// suggest), of at most perTrial executions each, until a failure or the
// end of the budget; limit bounds its executions (0: the budget's).
// Without a sequence (none given, none found), the strategy's trials are
// random walks (auto), and the portfolio's member runs none.
type guidedSearch struct {
	limit, perTrial int
	auto            bool
	// txn runs the executions with transactions (transactions.go), which
	// cut the states the search needs to a deep bug several times over
	// (BENCHMARKS.md, "Deep bugs"): the portfolio's member, unless the
	// user turned them off.
	txn bool
	// cfg computes control-flow distances (cfgdist.go; nil until it runs).
	cfg   *cfgDist
	trial int
}

func (gs *guidedSearch) name() string { return "guided" }

func (gs *guidedSearch) search(x *explorer) (coverage, error) {
	seqs := [][]srcLine{x.o.Guide}
	if len(x.o.Guide) == 0 {
		// The execution that studies the lock events runs as the
		// search's do (with transactions or not); no other member runs
		// during it (it does not ask budgetLeft).
		txn := x.o.Transactions
		x.o.Transactions = txn || gs.txn
		var err error
		seqs, err = x.autoSequences(gs.auto)
		x.o.Transactions = txn
		if err != nil {
			return notCovered, err
		}
		if testSequences != nil {
			testSequences(seqs)
		}
		if len(seqs) == 0 {
			if !gs.auto {
				return notCovered, nil
			}
			seqs = [][]srcLine{nil}
		}
	}
	if len(x.o.Guide) > 0 && gs.cfg == nil {
		// The interpreter builds a function's SSA when it first runs it:
		// one execution (not counted) builds those distances need.
		if _, err := x.execute(nil, firstChoice{}); err != nil {
			return notCovered, err
		}
	}
	runs := 0 // its own executions: a portfolio's other members run theirs in between
	for ; ; gs.trial++ {
		// Index the functions built so far (more with every trial).
		gs.cfg = newCFGDist(x.t)
		own := newOwnCode(x.t)
		// The sequences take turns, execution by execution: the one that
		// fits the bug finds it in its first executions, whichever it is.
		type track struct {
			g      *guided
			prefix []int
			runs   int
			over   bool
		}
		tracks := make([]*track, len(seqs))
		for i, seq := range seqs {
			tracks[i] = &track{g: &guided{locs: seq, cfg: gs.cfg, rng: rand.New(rand.NewSource(x.o.Seed + int64(gs.trial)*7919)), prog: x.t.Prog, match: map[token.Pos]srcLine{}, own: own, txn: gs.txn}}
		}
		for live := true; live; {
			live = false
			for _, tr := range tracks {
				if tr.over {
					continue
				}
				if gs.limit > 0 && runs >= gs.limit || !x.budgetLeft() {
					return notCovered, nil
				}
				runs++
				done, err := x.run(tr.prefix, &guidedChoice{g: tr.g})

				if done || err != nil {
					if x.res.Failure != nil {
						x.res.Trials = gs.trial + 1
					}
					return notCovered, err
				}
				x.res.States += max(x.last.sched.choices.len()-len(tr.prefix), 0)
				tr.runs++
				var ok bool
				tr.prefix, ok = tr.g.next()
				tr.over = !ok || tr.runs >= gs.perTrial
				live = live || !tr.over
			}
		}
		x.res.Trials = gs.trial + 1
	}
}

// testSequences, when set (tests), is given the sequences the guided
// search made.
var testSequences func([][]srcLine)

// watchChoice takes alternative 0 (no preemption) and hands every event
// of the execution to watch.
type watchChoice struct{ watch func(*interp.Event) }

func (watchChoice) choose(int, bool, []*interp.Goroutine) int { return 0 }

func (w watchChoice) attach(s *scheduler) { s.watch = w.watch }

// releases reports whether op releases a lock.
func releases(op interp.Op) bool {
	return op == interp.OpMutexUnlock || op == interp.OpRWMutexUnlock || op == interp.OpRWMutexRUnlock
}
