package explore

import (
	"fmt"
	"maps"
	"math/rand"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Exploration on several cores (Options.Parallel workers) by speculation
// with commitment in order.
//
// The search itself stays sequential: one coordinator runs exactly the
// algorithm of the sequential search (dfs, DPOR, the portfolio's samples)
// and takes its executions one after another in the same order. What runs
// in parallel are the executions: whenever the coordinator knows an
// execution it will need later — a sample of the portfolio, an alternative
// of dfs's stack, a pending backtrack alternative of DPOR's path other
// than the one it explores next — it hands it to an idle worker. Each
// worker has its own machine (its own snapshot of the program's state at
// the root, made by its own setup run) over the one loaded program, its own
// race detector and scheduler. When the coordinator comes to an execution,
// it takes the worker's result if the worker ran it from the same state of
// the search (for DPOR: the same sleep sets and explored alternatives at the
// choices of the prefix, which is what an execution beyond its prefix
// depends on), else it runs it afresh.
//
// So the executions taken, their order, the verdict, the failure reported
// (the first in the sequential order, with its schedule), the counts of
// executions and of executions pruned by sleep sets are those of the
// sequential search, whatever the number of workers and however fast each
// was: -parallel 1 and -parallel 8 report the same. The cost is the
// executions run speculatively that the search never takes (their number
// is in the pool's statistics, Result.Speculated and Result.Wasted).

// specJob is work handed to a worker: the executions of a subtree of the
// search (from its first execution, key, on, as the sequential search takes
// them, until it leaves the subtree), or one execution.
type specJob struct {
	key    string
	depth  int // choices in the first execution's prefix: deeper is needed sooner
	prefix []int
	// run runs the job on a worker's explorer, handing every execution to
	// publish, and stops when publish says so.
	run func(wx *explorer, publish func(key string, r *execResult, err error) bool)
	// runSub, instead of run, explores a DPOR subtree whole (or until
	// cancelled says so: then it returns nil).
	runSub func(wx *explorer, cancelled func() bool) *subtree
	// valid, if set, reports whether the results still fit the state of
	// the search when the coordinator takes them.
	valid     func() bool
	taken     bool // a worker started it
	finished  bool
	cancelled bool
}

// specResult is an execution a worker ran, or a DPOR subtree it explored.
type specResult struct {
	r     *execResult
	err   error
	sub   *subtree
	valid func() bool
}

// subtree is a DPOR subtree a worker explored (speculateDPOR): its
// executions in the order the search takes them, and the worker's view of
// the path, whose choices at and above the subtree's root say what the
// subtree's transitions there touched.
type subtree struct {
	execs []subtreeExec
	view  *dpor
	head  []*dnode // the view's choices down to the subtree's root
	// rest is the prefix of the execution the worker left the subtree at,
	// unfinished (nil: finished): the view's path leads to it.
	rest []int
}

// subtreeExec is one execution of a subtree: its result (or the error
// that ended the subtree), and the backtrack points its races ask for
// above the subtree, which the search adds in turn as it takes them.
type subtreeExec struct {
	r     *execResult
	err   error
	above []backtrackAt
}

// pool is the set of workers of an exploration.
type pool struct {
	x       *explorer
	n       int
	mu      sync.Mutex
	cond    *sync.Cond
	queue   []*specJob // not taken yet
	running []*specJob
	results map[string]*specResult
	known   map[string]bool // keys of the jobs queued or running
	closed  bool
	halt    atomic.Bool
	wg      sync.WaitGroup
	started bool
	// Statistics: executions run by workers, and those the coordinator
	// took.
	ran     atomic.Int64 // of DPOR's subtrees
	used    int
	commits int // calls of shouldPrune
}

// maxSpeculation bounds the jobs queued or running, and the results not
// yet taken (times 64), per worker.
const maxSpeculation = 4

func newPool(x *explorer, n int) *pool {
	p := &pool{x: x, n: n, results: map[string]*specResult{}, known: map[string]bool{}}
	p.cond = sync.NewCond(&p.mu)
	return p
}

// start starts the workers (after the coordinator's first execution, which
// set up its own machine: the start of the budget is fixed then).
func (p *pool) start() {
	if p.started {
		return
	}
	p.started = true
	for range p.n {
		wx := p.x.workerCopy(&p.halt)
		wx.pool = p
		p.wg.Add(1)
		go p.work(wx)
	}
}

// close stops the workers (their executions stop at the next scheduling
// point) and waits for them.
func (p *pool) close() {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.closed = true
	p.halt.Store(true)
	p.cond.Broadcast()
	p.mu.Unlock()
	p.wg.Wait()
}

func (p *pool) work(wx *explorer) {
	defer p.wg.Done()
	for {
		p.mu.Lock()
		for !p.closed && len(p.queue) == 0 {
			p.cond.Wait()
		}
		if p.closed {
			p.mu.Unlock()
			return
		}
		// The deepest job first: the search needs it soonest.
		j := p.deepest()
		p.mu.Unlock()
		p.runJob(wx, j)
	}
}

// runJob runs job j (taken from the queue) on the explorer wx: a worker's,
// or the coordinator's while it waits for a worker.
func (p *pool) runJob(wx *explorer, j *specJob) {
	if j.runSub != nil {
		sub := j.runSub(wx, func() bool {
			p.mu.Lock()
			defer p.mu.Unlock()
			return j.cancelled || p.closed
		})
		p.mu.Lock()
		if sub != nil {
			p.results[j.key] = &specResult{sub: sub, valid: j.valid}
		}
		p.mu.Unlock()
	} else {
		j.run(wx, func(key string, r *execResult, err error) bool {
			p.mu.Lock()
			defer p.mu.Unlock()
			p.ran.Add(1)
			p.results[key] = &specResult{r: r, err: err, valid: j.valid}
			p.cond.Broadcast()
			return !j.cancelled && !p.closed && len(p.results) < 64*maxSpeculation*p.n
		})
	}
	p.mu.Lock()
	j.finished = true
	delete(p.known, j.key)
	for i, q := range p.running {
		if q == j {
			p.running = append(p.running[:i], p.running[i+1:]...)
			break
		}
	}
	p.cond.Broadcast()
	p.mu.Unlock()
}

// deepest removes the deepest job of the queue (the one the search needs
// soonest) and marks it running; the caller holds p.mu and the queue is
// not empty.
func (p *pool) deepest() *specJob {
	best := 0
	for i, j := range p.queue {
		if j.depth > p.queue[best].depth {
			best = i
		}
	}
	j := p.queue[best]
	p.queue = append(p.queue[:best], p.queue[best+1:]...)
	j.taken = true
	p.running = append(p.running, j)
	return j
}

// takeSubtree returns the DPOR subtree whose first execution is key, if a
// worker explored it (waiting for the worker if it is at it, and running
// queued jobs on self meanwhile), or nil: the caller explores it itself.
// Jobs only wait for jobs inside their own subtree, deeper in the search's
// tree: the deepest waited for always runs, so every wait ends.
func (p *pool) takeSubtree(key string, self *explorer) *specResult {
	p.mu.Lock()
	defer p.mu.Unlock()
again:
	for {
		if res := p.results[key]; res != nil {
			delete(p.results, key)
			return res
		}
		running := false
		for _, j := range p.running {
			if j.key == key && !j.cancelled {
				running = true
				break
			}
		}
		if !running {
			for i, j := range p.queue {
				if j.key == key {
					if testWaitForWorkers && self == p.x && !p.closed {
						p.cond.Wait()
						continue again
					}
					// Nobody started it: the caller explores it.
					p.queue = append(p.queue[:i], p.queue[i+1:]...)
					delete(p.known, j.key)
					break
				}
			}
			return nil
		}
		if len(p.queue) > 0 && !p.closed {
			// Help: run a job the search will take later.
			j := p.deepest()
			p.mu.Unlock()
			p.runJob(self, j)
			p.mu.Lock()
			continue
		}
		p.cond.Wait()
	}
}

// speculate queues a job whose executions the search will (probably)
// take later, unless it is known already or enough are pending.
func (p *pool) speculate(j *specJob) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || p.known[j.key] || p.results[j.key] != nil || len(p.queue)+len(p.running) >= maxSpeculation*p.n {
		return
	}
	p.known[j.key] = true
	p.queue = append(p.queue, j)
	p.cond.Broadcast()
}

// isKnown reports whether a job with key is queued or running, or its
// result waits to be taken.
func (p *pool) isKnown(key string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.known[key] || p.results[key] != nil
}

// full reports whether no more speculation would be queued.
func (p *pool) full() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.queue)+len(p.running) >= maxSpeculation*p.n
}

// covers reports whether execution key is in job j's subtree.
func covers(j *specJob, key string) bool {
	return key == j.key || strings.HasPrefix(key, j.key+" ")
}

// testWaitForWorkers, if set (by tests), makes the coordinator wait for a
// worker to start a queued job it needs instead of running it itself, so
// that how many executions workers contribute does not depend on the
// machine's load.
var testWaitForWorkers bool

// take returns the result of the execution key, run by a worker if one
// ran it (and it is still valid) or runs the subtree it belongs to, else
// run now by the coordinator.
func (p *pool) take(key string, prefix []int, mk func() chooser) (*execResult, error) {
	p.mu.Lock()
	var res *specResult
wait:
	for {
		if res = p.results[key]; res != nil {
			delete(p.results, key)
			break
		}
		for i, j := range p.queue {
			if j.key == key {
				if testWaitForWorkers && !p.closed {
					// A test wants the workers' executions taken:
					// wait until one starts the job.
					p.cond.Wait()
					continue wait
				}
				// Nobody started it: the coordinator runs it itself.
				p.queue = append(p.queue[:i], p.queue[i+1:]...)
				delete(p.known, j.key)
				break wait
			}
		}
		for _, j := range p.running {
			if !j.cancelled && covers(j, key) {
				p.cond.Wait()
				continue wait
			}
		}
		break
	}
	p.mu.Unlock()
	if res != nil && res.err == nil && (res.valid == nil || res.valid()) {
		p.mu.Lock()
		p.used++
		p.mu.Unlock()
		return res.r, nil
	}
	return p.x.execute(prefix, mk())
}

// shouldPrune reports whether it is time to drop the jobs and results the
// search has gone past: every pruneEvery executions taken.
func (p *pool) shouldPrune() bool {
	p.commits++
	return p.commits%pruneEvery == 0
}

// pruneEvery is the number of executions taken between prunings.
const pruneEvery = 64

// prune drops the jobs and results that keep says the search will not
// take.
func (p *pool) prune(keep func(key string) bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	q := p.queue[:0]
	for _, j := range p.queue {
		if keep(j.key) {
			q = append(q, j)
		} else {
			delete(p.known, j.key)
		}
	}
	clear(p.queue[len(q):])
	p.queue = q
	for _, j := range p.running {
		if !keep(j.key) {
			j.cancelled = true
		}
	}
	for k := range p.results {
		if !keep(k) {
			delete(p.results, k)
		}
	}
}

// workerCopy returns an explorer for a worker: the same target and
// options, its own machine (made by its first execution), race detector
// and result, stopped by halt as well as by the budget.
func (x *explorer) workerCopy(halt *atomic.Bool) *explorer {
	return &explorer{t: x.t, o: x.o, start: x.start, toolAtStart: x.toolAtStart, toolTime: x.toolTime, res: &Result{Verdict: "ok", Strategy: x.o.Strategy, Bound: -1, Expect: x.res.Expect},
		worker: true, halt: halt, collect: x.onExec != nil}
}

// prefixKey names an execution by its kind and prefix of choices.
func prefixKey(kind string, prefix []int) string {
	var sb strings.Builder
	sb.WriteString(kind)
	for _, c := range prefix {
		sb.WriteByte(' ')
		sb.WriteString(strconv.Itoa(c))
	}
	return sb.String()
}

// workers returns the number of workers of an exploration with options o:
// none when it runs on one core, or replays.
func workers(o *Options) int {
	n := o.Parallel
	if n == 0 {
		n = runtime.GOMAXPROCS(0)
	}
	if n <= 1 || o.Replay != "" || o.Strategy == "stateful" || o.Strategy == "regions" || o.Profile != "" {
		// The stateful strategy's stored states name the snapshot's
		// objects by address: they belong to one machine. A profile
		// attributes the steps of every execution as its machine runs
		// it: only the coordinator's machine has a profiler.
		return 0
	}
	return n
}

// ParallelStats says how the workers' executions were used, for
// benchmarks: executions run by workers and those the search took.
func (r *Result) ParallelStats() string {
	return fmt.Sprintf("speculated %d, used %d", r.Speculated, r.SpecUsed)
}

// sampleJob makes the chooser of a random ("random") or PCT ("pct", with
// the estimated depth est) sample drawn from seed.
func (x *explorer) sampleJob(kind string, seed int64, est int) func() chooser {
	depth := x.o.PCTDepth
	return func() chooser {
		rng := rand.New(rand.NewSource(seed))
		if kind == "pct" {
			return newPCT(rng, depth, est)
		}
		return randomChoice{rng}
	}
}

func sampleKey(kind string, seed int64, est int) string {
	return fmt.Sprintf("%s %d %d", kind, seed, est)
}

// runSample runs a sample (see sampleJob).
func (x *explorer) runSample(kind string, seed int64, est int) (bool, error) {
	return x.runJob(sampleKey(kind, seed, est), nil, x.sampleJob(kind, seed, est))
}

// speculateSample hands a sample to the workers.
func (x *explorer) speculateSample(kind string, seed int64, est int) {
	if x.pool == nil {
		return
	}
	key, mk := sampleKey(kind, seed, est), x.sampleJob(kind, seed, est)
	x.pool.speculate(&specJob{key: key, run: func(wx *explorer, publish func(string, *execResult, error) bool) {
		r, err := wx.execute(nil, mk())
		publish(key, r, err)
	}})
}

// speculateDFS hands to the workers the subtrees dfs (with the preemption
// bound bound) explores after the one it explores next, at level next of
// stack: the next alternative of each level above, deepest first. pre
// counts the preemptions before each level.
func (x *explorer) speculateDFS(stack *choiceLog, pre []int, next, bound int) {
	if x.pool == nil {
		return
	}
	stage := fmt.Sprintf("dfs%d", bound)
	if x.pool.shouldPrune() {
		x.pool.prune(func(key string) bool { return dfsAlive(key, stage, stack, next) })
	}
	for i := next - 1; i >= 0 && !x.pool.full(); i-- {
		c := stack.at(i)
		if c.chosen+1 >= c.n || bound >= 0 && c.preemptive && pre[i]+1 > bound {
			continue
		}
		prefix := append(stack.vals(i), c.valueOf(c.chosen+1))
		key := prefixKey(stage, prefix)
		x.pool.speculate(&specJob{key: key, depth: i + 1, prefix: prefix, run: func(wx *explorer, publish func(string, *execResult, error) bool) {
			pfx := prefix
			for {
				r, err := wx.execute(pfx, firstChoice{})
				if !publish(prefixKey(stage, pfx), r, err) || err != nil || r.kind != "" || r.stopped {
					return
				}
				var ok bool
				if pfx, _, _, _, ok = dfsNext(&r.sched.choices, bound, len(prefix)); !ok {
					return
				}
			}
		}})
	}
}

// dfsAlive reports whether the dfs execution key (of stage) is still ahead
// of the search, whose path is stack up to level next.
func dfsAlive(key, stage string, stack *choiceLog, next int) bool {
	f := strings.Fields(key)
	if len(f) < 2 || f[0] != stage {
		return false
	}
	f = f[1:]
	for j, v := range f {
		if j > next {
			return false // below the alternative explored before
		}
		val := strconv.Itoa(stack.at(j).val)
		if v == val {
			continue
		}
		// A later alternative at level j: ahead unless j is the level
		// being explored (its alternatives before the current are done).
		a, _ := strconv.Atoi(v)
		c := stack.at(j)
		idx := a
		if c.n > 1 {
			idx = ((a-c.off)%c.n + c.n) % c.n
		}
		return idx > c.chosen
	}
	// A prefix of the path explored before.
	return false
}

// pruneDPOR drops, every pruneEvery executions, the jobs and results
// behind the DPOR search of the stage with the preemption bound, whose
// path is d (the search's own, not a subtree's).
func (x *explorer) pruneDPOR(d *dpor, bound int) {
	if x.pool == nil || !x.pool.shouldPrune() {
		return
	}
	stage := fmt.Sprintf("dpor%d", bound)
	x.pool.prune(func(key string) bool { return dporAlive(key, stage, d) })
}

// speculateDPOR hands to the workers the subtrees DPOR (the path d, at
// the preemption bound of its stage) explores after the one it explores
// next: below the first pending alternative of each choice above the
// deepest, deepest first. Each runs over a view of the path as it will be
// when the search comes to it, if no alternative is added before it there
// (the search checks that the alternatives explored at its root are the
// same when it takes it), and explores the subtree whole by DPOR as the
// search would: the subtree's own choices are its view's alone, and the
// backtrack points its races ask for above it are kept with each
// execution, for the search to add in turn (adoptSubtree). So the search
// takes a subtree in one step, without running or analysing its
// executions again, and ends exactly as the sequential search.
func (x *explorer) speculateDPOR(d *dpor, bound int) {
	if x.pool == nil || d.joins != nil {
		// With join points the search ends executions where a worker,
		// not knowing the states stored since, would not: what their
		// subtrees explore differs (dporjoin.go).
		return
	}
	stage := fmt.Sprintf("dpor%d", bound)
	pre := d.preemptions()
	for j := len(d.nodes) - 2; j >= d.floor && !x.pool.full(); j-- {
		a := d.nodes[j].pending(pre[j], d.bound)
		if a < 0 {
			continue
		}
		prefix := make([]int, j+1)
		for k, n := range d.nodes[:j] {
			prefix[k] = n.c.val
		}
		prefix[j] = d.nodes[j].c.valueOf(a)
		key := prefixKey(stage, prefix)
		if x.pool.isKnown(key) {
			continue
		}
		v := d.view(j, a)
		x.pool.speculate(&specJob{key: key, depth: j + 1, prefix: prefix,
			runSub: func(wx *explorer, cancelled func() bool) *subtree {
				return wx.exploreSubtree(v, bound, prefix, cancelled)
			}})
	}
}

// exploreSubtree explores by DPOR the subtree of the view v whose first
// execution has the given prefix (at the preemption bound of the stage),
// until a failure, the budget or cancelled stops it (then it returns nil).
// It hands the subtrees below its own pending alternatives to the workers
// in turn, and takes them as the search takes its own.
func (x *explorer) exploreSubtree(v *dpor, bound int, prefix []int, cancelled func() bool) *subtree {
	sub := &subtree{view: v, head: slices.Clone(v.nodes[:v.floor])}
	pfx := prefix
	held := 0 // choices of the executions held
	for {
		if cancelled() {
			return nil
		}
		var nested *subtree
		if len(sub.execs) > 0 { // the first is the job's own
			nested = x.takeSubtree(v, bound, pfx)
		}
		if nested != nil {
			if nestedDone := sub.adopt(v, nested); nestedDone {
				return sub
			}
			for _, e := range nested.execs {
				held += e.r.sched.choices.len()
			}
			if nested.rest != nil {
				// The worker left the rest of it: go on from there.
				pfx = nested.rest
				x.speculateDPOR(v, bound)
				continue
			}
		} else {
			r, err := x.execute(pfx, &dporChoice{d: v})
			x.pool.ran.Add(1)
			if err != nil {
				sub.execs = append(sub.execs, subtreeExec{err: err})
				return sub
			}
			if r.kind != "" || r.stopped {
				// The search stops here: nothing to analyse.
				sub.execs = append(sub.execs, subtreeExec{r: r})
				return sub
			}
			v.update(r.sched.track, r.sched)
			if v.unanalysed != "" {
				return nil // the search runs it, and stops there
			}
			sub.execs = append(sub.execs, subtreeExec{r: r, above: v.above})
			v.above = nil
			x.spare = r.sched.spare(false)
			held += r.sched.choices.len()
		}
		var ok bool
		if pfx, ok = v.next(); !ok {
			return sub
		}
		if len(sub.execs) >= maxSubtreeExecs || held >= maxSubtreeChoices {
			// Enough held for the search to take: it explores the
			// rest of the subtree itself, from the view's path.
			sub.rest = pfx
			return sub
		}
		x.speculateDPOR(v, bound)
	}
}

// A worker hands a subtree back unfinished once it holds this many
// executions, or choices in all (the memory the search takes them from).
// Variables for tests.
var (
	maxSubtreeExecs   = 1024
	maxSubtreeChoices = 1 << 20
)

// adopt takes into sub, the subtree of the view v, a subtree below it that
// a worker explored (v's path leads to its root); done reports that it
// ended in a failure, the budget's end or an error: so does sub.
func (sub *subtree) adopt(v *dpor, nested *subtree) (done bool) {
	for _, e := range nested.execs {
		var above []backtrackAt
		for _, b := range e.above {
			if b.node < v.floor {
				above = append(above, b)
			} else {
				v.nodes[b.node].addBacktrack(b)
			}
		}
		e.above = above
		sub.execs = append(sub.execs, e)
		if e.err != nil || e.r.kind != "" || e.r.stopped {
			return true
		}
	}
	v.takeHead(nested)
	return false
}

// takeHead adds to the choices of d's path down to the root of the
// subtree sub (d's deepest choice) what the subtree's transitions touched
// there, as d's own analysis of its executions would have; if the subtree
// is unfinished (sub.rest), d's path becomes the subtree's view's, which
// leads to the execution it left.
func (d *dpor) takeHead(sub *subtree) {
	j := len(d.nodes) - 1
	for k, vn := range sub.head {
		if vn.cur == nil {
			continue
		}
		nd := d.nodes[k]
		if nd.cur == nil || k == j {
			nd.cur = &cfoot{}
		}
		nd.cur.union(vn.cur)
	}
	d.pruned = d.pruned || sub.view.pruned
	if sub.rest != nil {
		d.nodes = append(d.nodes[:j+1], sub.view.nodes[j+1:]...)
	}
}

// adoptSubtree takes the executions of a subtree a worker explored, in
// order, as the search would have taken them had it run them (d's path
// leads to the subtree's root: its deepest choice takes the subtree's
// alternative); done reports a failure or the budget's end. For an
// unfinished subtree, d's path then leads to the execution the worker left
// it at (sub.rest). rc counts the executions taken (resume.go).
func (x *explorer) adoptSubtree(d *dpor, sub *subtree, rc *resumeCount) (done bool, err error) {
	for _, e := range sub.execs {
		if e.err != nil {
			return true, e.err
		}
		if !x.budgetLeft() {
			return true, nil
		}
		x.pool.used++
		if done, err := x.counting(rc, func() (bool, error) { return x.commit(e.r, nil) }); done || err != nil {
			return true, err
		}
		for _, b := range e.above {
			d.nodes[b.node].addBacktrack(b)
		}
	}
	d.takeHead(sub)
	return false, nil
}

// preemptions returns the number of preemptions before each choice of the
// path (and after the last).
func (d *dpor) preemptions() []int {
	pre := make([]int, len(d.nodes)+1)
	for i, nd := range d.nodes {
		pre[i+1] = pre[i]
		if nd.c.preemptive && nd.c.chosen != 0 {
			pre[i+1]++
		}
	}
	return pre
}

// pending returns the alternative that next would take at nd (with pre
// preemptions before it, under bound), or -1.
func (nd *dnode) pending(pre, bound int) int {
	if !nd.pick {
		if a := nd.c.chosen + 1; a < nd.c.n && !(bound >= 0 && nd.c.preemptive && pre+1 > bound) {
			return a
		}
		return -1
	}
	for a, g := range nd.ids {
		if a == nd.c.chosen || !nd.backtrack.has(g) || nd.done[g] != nil {
			continue
		}
		if _, asleep := nd.sleep[g]; asleep {
			continue
		}
		if bound >= 0 && nd.c.preemptive && a != 0 && pre+1 > bound {
			continue
		}
		return a
	}
	return -1
}

// view returns a copy of the path up to choice j as next leaves it when
// it moves to alternative a there: what an execution of that prefix reads.
// The copy's choices share the path's sets of alternatives explored (never
// written: next makes new ones) and have no backtrack sets: the view's
// search backtracks below j only (floor), and keeps what races ask for at
// and above j (above).
func (d *dpor) view(j, a int) *dpor {
	v := &dpor{bound: d.bound, nodes: make([]*dnode, j+1), shard: d.shard, shards: d.shards, floor: j + 1}
	for k := range j + 1 {
		nd := d.nodes[k]
		v.nodes[k] = &dnode{c: nd.c, pick: nd.pick, ids: nd.ids, sleep: nd.sleep, known: nd.known, done: nd.done}
	}
	last := v.nodes[j]
	if last.pick {
		f := &cfoot{}
		if cur := d.nodes[j].cur; cur != nil {
			f = &cfoot{cells: append([]ccell(nil), cur.cells...), wild: cur.wild, done: cur.done}
		}
		last.done = make(map[int]*cfoot, len(d.nodes[j].done)+1)
		maps.Copy(last.done, d.nodes[j].done)
		last.done[last.ids[last.c.chosen]] = f
	}
	last.c.chosen = a
	last.c.val = last.c.valueOf(a)
	return v
}

// sameDone reports whether two sets of explored alternatives are the same,
// with the same footprints.
func sameDone(a, b map[int]*cfoot) bool {
	if len(a) != len(b) {
		return false
	}
	for g, f := range a {
		o, ok := b[g]
		if !ok || !sameFoot(f, o) {
			return false
		}
	}
	return true
}

// sameFoot reports whether two footprints are the same.
func sameFoot(f, o *cfoot) bool {
	return f == o || f.wild == o.wild && slices.Equal(f.cells, o.cells)
}

// dporAlive reports whether the execution key is still ahead of the DPOR
// search of stage, whose path is d.
func dporAlive(key, stage string, d *dpor) bool {
	f := strings.Fields(key)
	if len(f) < 2 || f[0] != stage {
		return false
	}
	f = f[1:]
	last := len(d.nodes) - 1
	for j, v := range f {
		if j > last {
			return true // below the alternative the search explores next
		}
		nd := d.nodes[j]
		val, err := strconv.Atoi(v)
		if err != nil {
			return false
		}
		if val == nd.c.val {
			continue
		}
		a := val
		if nd.c.n > 1 {
			a = ((val-nd.c.off)%nd.c.n + nd.c.n) % nd.c.n
		}
		if j == last {
			return false // the deepest choice's other alternatives are done or wait for it
		}
		if !nd.pick {
			return a > nd.c.chosen
		}
		return a < len(nd.ids) && nd.done[nd.ids[a]] == nil
	}
	// A prefix of the path: only the execution run next.
	return len(f) == len(d.nodes)
}

// takeSubtree returns the DPOR subtree of the stage with the preemption
// bound whose first execution has prefix, if a worker explored it from the
// state the path d is in now (nil: the search runs it).
func (x *explorer) takeSubtree(d *dpor, bound int, prefix []int) *subtree {
	if x.pool == nil || len(prefix) == 0 {
		return nil
	}
	res := x.pool.takeSubtree(prefixKey(fmt.Sprintf("dpor%d", bound), prefix), x)
	if res == nil {
		return nil
	}
	if !res.sub.fits(d) {
		return nil
	}
	return res.sub
}

// fits reports whether the subtree was explored from the state the path d
// is in now: with the same alternatives explored (and their footprints)
// and the same sleep sets at every choice down to its root, which is all
// that its executions read of the path.
func (sub *subtree) fits(d *dpor) bool {
	if len(d.nodes) != len(sub.head) {
		return false
	}
	for k, vn := range sub.head {
		nd := d.nodes[k]
		if vn.c.val != nd.c.val || vn.pick != nd.pick || !sameDone(vn.done, nd.done) || !sameSleep(vn.sleep, nd.sleep) {
			return false
		}
	}
	return true
}

// sameSleep reports whether two sleep sets are the same.
func sameSleep(a, b map[int]sleeper) bool {
	if len(a) != len(b) {
		return false
	}
	for g, s := range a {
		o, ok := b[g]
		if !ok || s.known != o.known || !sameFoot(s.f, o.f) {
			return false
		}
	}
	return true
}
