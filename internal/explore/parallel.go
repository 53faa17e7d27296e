package explore

import (
	"fmt"
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

// specJob is one execution run by a worker.
type specJob struct {
	key    string
	prefix []int
	mk     func() chooser
	// valid, if set, reports whether the result still fits the state of
	// the search when the coordinator takes it.
	valid func() bool
	r     *execResult
	err   error
	done  chan struct{}
	taken bool // a worker started it
}

// pool is the set of workers of an exploration.
type pool struct {
	x       *explorer
	n       int
	mu      sync.Mutex
	cond    *sync.Cond
	queue   []*specJob // front: jobs the coordinator waits for
	jobs    map[string]*specJob
	closed  bool
	halt    atomic.Bool
	wg      sync.WaitGroup
	started bool
	// Statistics: executions run by workers, and those the coordinator
	// took.
	ran, used int
}

// maxSpeculation bounds the executions queued or done but not yet taken,
// per worker.
const maxSpeculation = 4

func newPool(x *explorer, n int) *pool {
	p := &pool{x: x, n: n, jobs: map[string]*specJob{}}
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
		j := p.queue[0]
		p.queue = p.queue[1:]
		j.taken = true
		p.ran++
		p.mu.Unlock()
		j.r, j.err = wx.execute(j.prefix, j.mk())
		close(j.done)
	}
}

// speculate queues an execution that the search will (probably) take
// later, unless it is known already or enough are pending.
func (p *pool) speculate(key string, prefix []int, mk func() chooser, valid func() bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || p.jobs[key] != nil || len(p.jobs) >= maxSpeculation*p.n {
		return
	}
	j := &specJob{key: key, prefix: prefix, mk: mk, valid: valid, done: make(chan struct{})}
	p.jobs[key] = j
	p.queue = append(p.queue, j)
	p.cond.Signal()
}

// full reports whether no more speculation would be queued.
func (p *pool) full() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.jobs) >= maxSpeculation*p.n
}

// take returns the result of the execution key, run by a worker if one
// ran or runs it (and it is still valid), else run now by the
// coordinator.
func (p *pool) take(key string, prefix []int, mk func() chooser) (*execResult, error) {
	p.mu.Lock()
	j := p.jobs[key]
	if j != nil {
		delete(p.jobs, key)
		if !j.taken {
			// Nobody started it: the coordinator runs it itself.
			p.dequeue(j)
			j = nil
		}
	}
	p.mu.Unlock()
	if j != nil {
		<-j.done
		if j.err == nil && (j.valid == nil || j.valid()) {
			p.mu.Lock()
			p.used++
			p.mu.Unlock()
			return j.r, nil
		}
	}
	return p.x.execute(prefix, mk())
}

// dequeue removes j from the queue (p.mu held).
func (p *pool) dequeue(j *specJob) {
	for i, q := range p.queue {
		if q == j {
			p.queue = append(p.queue[:i], p.queue[i+1:]...)
			return
		}
	}
}

// prune drops the jobs that keep says the search will not take.
func (p *pool) prune(keep func(key string) bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for k, j := range p.jobs {
		if !keep(k) {
			delete(p.jobs, k)
			if !j.taken {
				p.dequeue(j)
			}
		}
	}
}

// workerCopy returns an explorer for a worker: the same target and
// options, its own machine (made by its first execution), race detector
// and result, stopped by halt as well as by the budget.
func (x *explorer) workerCopy(halt *atomic.Bool) *explorer {
	return &explorer{t: x.t, o: x.o, start: x.start, res: &Result{Verdict: "ok", Strategy: x.o.Strategy, Bound: -1, Expect: x.res.Expect},
		stage: -1, worker: true, halt: halt, collect: x.onExec != nil}
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
	if n <= 1 || o.Replay != "" {
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
	if x.pool != nil {
		x.pool.speculate(sampleKey(kind, seed, est), nil, x.sampleJob(kind, seed, est), nil)
	}
}

// speculateDFS hands to the workers the executions dfs takes after the
// one it runs next (at level next of stack): the next alternative of each
// level above, deepest first. pre counts the preemptions before each
// level.
func (x *explorer) speculateDFS(stack []choice, pre []int, next, bound int) {
	if x.pool == nil {
		return
	}
	x.pool.prune(func(key string) bool { return strings.HasPrefix(key, "dfs") && dfsAlive(key, stack, next) })
	for i := next - 1; i >= 0 && !x.pool.full(); i-- {
		c := stack[i]
		if c.chosen+1 >= c.n || bound >= 0 && c.preemptive && pre[i]+1 > bound {
			continue
		}
		prefix := make([]int, i+1)
		for j := range i {
			prefix[j] = stack[j].val
		}
		prefix[i] = c.valueOf(c.chosen + 1)
		x.pool.speculate(prefixKey("dfs", prefix), prefix, func() chooser { return firstChoice{} }, nil)
	}
}

// dfsAlive reports whether the dfs execution key is still ahead of the
// search, whose path is stack up to level next.
func dfsAlive(key string, stack []choice, next int) bool {
	f := strings.Fields(key)[1:]
	if len(f) > next+1 {
		return false
	}
	for j, v := range f[:len(f)-1] {
		if strconv.Itoa(stack[j].val) != v {
			return false
		}
	}
	return true
}

// speculateDPOR hands to the workers the executions DPOR (the path d, at
// the preemption bound of its stage) takes after the one it runs next: the
// first pending alternative of each choice above the deepest, deepest
// first. Each runs over a copy of the path as it will be when the search
// takes it, if no alternative is added before it; the search checks that
// (the explored alternatives at its choice are the same) when it takes it.
func (x *explorer) speculateDPOR(d *dpor, bound int) {
	if x.pool == nil {
		return
	}
	stage := fmt.Sprintf("dpor%d", bound)
	x.pool.prune(func(key string) bool { return dporAlive(key, stage, d) })
	pre := d.preemptions()
	for j := len(d.nodes) - 2; j >= 0 && !x.pool.full(); j-- {
		a := d.nodes[j].pending(pre[j], d.bound)
		if a < 0 {
			continue
		}
		v := d.view(j, a)
		prefix := make([]int, j+1)
		for k, n := range v.nodes {
			prefix[k] = n.c.val
		}
		var valid func() bool
		if v.nodes[j].pick {
			vd, nd := v.nodes[j].done, d.nodes[j]
			valid = func() bool { return sameDone(vd, nd.done) }
		}
		x.pool.speculate(prefixKey(stage, prefix), prefix, func() chooser { return &dporChoice{d: v} }, valid)
	}
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
		if a == nd.c.chosen || !nd.backtrack[g] || nd.done[g] != nil {
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
func (d *dpor) view(j, a int) *dpor {
	v := &dpor{bound: d.bound, nodes: make([]*dnode, j+1)}
	for k := range j + 1 {
		nd := d.nodes[k]
		c := &dnode{c: nd.c, pick: nd.pick, ids: nd.ids, sleep: nd.sleep, known: nd.known}
		if nd.pick {
			c.done = make(map[int]*cfoot, len(nd.done)+1)
			for g, f := range nd.done {
				c.done[g] = f
			}
		}
		v.nodes[k] = c
	}
	last := v.nodes[j]
	if last.pick {
		f := &cfoot{}
		if cur := d.nodes[j].cur; cur != nil {
			f = &cfoot{cells: append([]ccell(nil), cur.cells...), wild: cur.wild, done: cur.done}
		}
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
		if !ok || f.wild != o.wild || !slices.Equal(f.cells, o.cells) {
			return false
		}
	}
	return true
}

// dporAlive reports whether the execution key is still ahead of the DPOR
// search of stage, whose path is d.
func dporAlive(key, stage string, d *dpor) bool {
	f := strings.Fields(key)
	if len(f) == 0 || f[0] != stage {
		return false
	}
	f = f[1:]
	n := len(f)
	if n == 0 || n > len(d.nodes) {
		return false
	}
	for j, v := range f[:n-1] {
		if strconv.Itoa(d.nodes[j].c.val) != v {
			return false
		}
	}
	nd := d.nodes[n-1]
	val, err := strconv.Atoi(f[n-1])
	if err != nil {
		return false
	}
	if val == nd.c.val {
		// The execution the search runs next.
		return n == len(d.nodes)
	}
	a := val
	if nd.c.n > 1 {
		a = ((val-nd.c.off)%nd.c.n + nd.c.n) % nd.c.n
	}
	if !nd.pick {
		return a > nd.c.chosen
	}
	return a < len(nd.ids) && nd.done[nd.ids[a]] == nil
}
