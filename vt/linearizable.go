package vt

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Spec specifies a concurrent data structure for [Linearizable]: how to
// make the implementation under test (of type I), the sequential model
// that says what it means (a state of type S), and the operations that
// scenarios call on both.
//
// A scenario gives each of Threads goroutines OpsPerThread operations
// (each one of Ops with one of its arguments); the implementation runs
// them concurrently under vt, and every history of an execution (when each
// operation was called and returned, and what it returned) must be
// explained by some sequential order of the operations that respects
// their real-time order (one that returned before another was called comes
// first) and in which the model, started from Init, returns what the
// implementation returned.
type Spec[I, S any] struct {
	// New returns a new instance of the implementation under test. Each
	// execution calls it once, before the scenario's goroutines start.
	New func() I
	// Init returns the model's initial state.
	Init func() S
	// Ops are the operations scenarios are made of (at least one; names
	// distinct). Make them with [Call] and [CallWith].
	Ops []Op[I, S]
	// Threads is the number of goroutines of a scenario (default 2).
	Threads int
	// OpsPerThread is the number of operations each goroutine runs one
	// after the other (default 2).
	OpsPerThread int
	// Criterion is the condition every history must meet:
	// Linearizability (the default), or a weaker one.
	Criterion Criterion
}

// Criterion is a correctness condition of concurrent histories, for
// [Spec].
type Criterion int

const (
	// Linearizability (Herlihy and Wing): some sequential order of the
	// operations, in which an operation that returned before another was
	// called comes first, gives their results.
	Linearizability Criterion = iota
	// SequentialConsistency (Lamport): some sequential order of the
	// operations that keeps each goroutine's program order gives their
	// results; the real-time order of different goroutines' operations
	// does not count. Weaker than linearizability, and not compositional:
	// for code whose callers never compare notes across goroutines.
	SequentialConsistency
	// QuiescentConsistency (Aspnes, Herlihy and Shavit): some sequential
	// order gives the results, in which operations separated by a period
	// of quiescence (no operation pending) keep their real-time order;
	// operations that run while others are pending may take effect in any
	// order, even two of one goroutine. Weaker than linearizability; for
	// structures such as counting networks.
	QuiescentConsistency
)

// String returns the criterion's name.
func (c Criterion) String() string {
	switch c {
	case Linearizability:
		return "linearizability"
	case SequentialConsistency:
		return "sequential consistency"
	case QuiescentConsistency:
		return "quiescent consistency"
	}
	return "Criterion(" + strconv.Itoa(int(c)) + ")"
}

// Op is an operation of a [Spec]: a call of the implementation, and the
// model's step for it. Make one with [Call] or [CallWith].
//
// Results are compared by their renderings: fmt's %#v, but for pointers,
// which are followed (two pointers to equal values render alike), and
// channels and functions, which render as their type only. An error is
// compared by its type and contents, not by its identity.
type Op[I, S any] struct {
	name  string
	args  []string // the arguments, rendered with %#v; nil: no argument
	run   func(I, int) any
	model func(S, int) (S, any)
	// missing names a nil function given to the constructor ("" none).
	missing string
}

// Call makes an operation without arguments: run calls it on the
// implementation and returns its result (return struct{}{} for an
// operation without one); model computes the same operation on a model
// state, returning the next state and the result.
//
// model must not modify the state it is given: it returns a new one (a
// copy, for a slice or a map). vt detects a modification it can see in the
// state's rendering and reports it.
func Call[I, S, R any](name string, run func(I) R, model func(S) (S, R)) Op[I, S] {
	op := Op[I, S]{name: name}
	switch {
	case run == nil:
		op.missing = "run"
	case model == nil:
		op.missing = "model"
	}
	op.run = func(impl I, _ int) any { return run(impl) }
	op.model = func(s S, _ int) (S, any) { return model(s) }
	return op
}

// CallWith makes an operation with one argument, which scenarios take from
// args (at least one; a scenario may call the operation with each). run
// and model are as for [Call], with the argument.
func CallWith[I, S, A, R any](name string, args []A, run func(I, A) R, model func(S, A) (S, R)) Op[I, S] {
	op := Op[I, S]{name: name}
	switch {
	case run == nil:
		op.missing = "run"
	case model == nil:
		op.missing = "model"
	case len(args) == 0:
		op.missing = "args"
	}
	args = slices.Clone(args)
	for _, a := range args {
		op.args = append(op.args, fmt.Sprintf("%#v", a))
	}
	op.run = func(impl I, i int) any { return run(impl, args[i]) }
	op.model = func(s S, i int) (S, any) { return model(s, args[i]) }
	return op
}

// Name returns the operation's name.
func (op Op[I, S]) Name() string { return op.name }

// linChoice is one operation with one of its arguments: what one step of
// a scenario's goroutine calls.
type linChoice struct {
	op, arg int
}

// choices returns every operation with each of its arguments, in the
// order of spec.Ops: the alphabet of scenarios (the same in the host and
// in the interpreter).
func (spec *Spec[I, S]) choices() []linChoice {
	var cs []linChoice
	for i, op := range spec.Ops {
		n := max(len(op.args), 1)
		for a := range n {
			cs = append(cs, linChoice{i, a})
		}
	}
	return cs
}

// shape returns the number of goroutines and operations per goroutine,
// with their defaults.
func (spec *Spec[I, S]) shape() (threads, ops int) {
	threads, ops = spec.Threads, spec.OpsPerThread
	if threads == 0 {
		threads = 2
	}
	if ops == 0 {
		ops = 2
	}
	return threads, ops
}

// describe renders choice c as a call: "Push(1)", "Pop()".
func (spec *Spec[I, S]) describe(c linChoice) string {
	op := spec.Ops[c.op]
	if op.args == nil {
		return op.name + "()"
	}
	return op.name + "(" + op.args[c.arg] + ")"
}

// fingerprint identifies the spec's operations in a history the
// interpreter sends, so that the host checks it against the right spec.
func (spec *Spec[I, S]) fingerprint() string {
	var sb strings.Builder
	for i, op := range spec.Ops {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Quote(op.name))
		sb.WriteString("/" + strconv.Itoa(len(op.args)))
	}
	return sb.String()
}

// linHostPrefix prefixes the name under which the host's checker of a
// test's vt.Linearizable call answers hostCall.
const linHostPrefix = "vt.Linearizable\x00"

// runScenario is one execution of a vt.Linearizable call, run by the
// interpreter: it draws a scenario (each goroutine's operations, choices
// the search enumerates or samples), runs it on a new instance of the
// implementation, records the history and has the host check it.
//
// The history's order is the order of the operations on one atomic
// counter, stamp: each goroutine takes a stamp before its first call,
// between each return and its next call, and after its last return.
// These atomic operations are scheduling points, all dependent, so the
// search explores every order of calls and returns the implementation
// allows, not one representative of each order of the implementation's own
// operations; the stamps are what the scheduler ran.
func runScenario[I, S any](t *T, spec *Spec[I, S]) {
	threads, ops := spec.shape()
	cs := spec.choices()
	// Each slot draws its operation, then its argument: two small draws
	// the search enumerates (up to -enumerate values each) rather than
	// one large one it would sample.
	first := make([]int, len(spec.Ops)) // each operation's first choice
	for k := len(cs) - 1; k >= 0; k-- {
		first[cs[k].op] = k
	}
	scenario := make([][]int, threads)
	for g := range scenario {
		scenario[g] = make([]int, ops)
		for j := range ops {
			op := rand.IntN(len(spec.Ops))
			scenario[g][j] = first[op] + rand.IntN(max(len(spec.Ops[op].args), 1))
		}
	}
	// Goroutines are interchangeable: a scenario and its permutations
	// have the same histories. Only the one with the goroutines'
	// operations in increasing order runs.
	for g := 1; g < threads; g++ {
		if slices.Compare(scenario[g-1], scenario[g]) > 0 {
			return
		}
	}
	type record struct {
		call, ret int64
		result    any
	}
	impl := spec.New()
	var stamp atomic.Int64
	records := make([][]record, threads)
	var wg sync.WaitGroup
	for g := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rs := make([]record, ops)
			s := stamp.Add(1)
			for j, k := range scenario[g] {
				c := cs[k]
				rs[j].call = s
				rs[j].result = spec.Ops[c.op].run(impl, c.arg)
				s = stamp.Add(1)
				rs[j].ret = s
			}
			records[g] = rs
		}()
	}
	wg.Wait()

	var evs []histEvent
	for g, rs := range records {
		for j, r := range rs {
			evs = append(evs, histEvent{stamp: r.call, call: true, g: g, j: j}, histEvent{stamp: r.ret, g: g, j: j, rendered: render(r.result)})
		}
	}
	// A return and the next call of the same goroutine share a stamp:
	// the return comes first.
	slices.SortFunc(evs, func(a, b histEvent) int {
		if a.stamp != b.stamp {
			return int(a.stamp - b.stamp)
		}
		if a.call == b.call {
			return 0
		}
		if a.call {
			return 1
		}
		return -1
	})
	// Built without fmt: this runs in every execution, interpreted.
	b := []byte(spec.fingerprint())
	b = append(b, '\n')
	b = strconv.AppendInt(b, int64(threads), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(ops), 10)
	b = append(b, '\n')
	for _, e := range evs {
		if e.call {
			b = append(b, "c "...)
		} else {
			b = append(b, "r "...)
		}
		b = strconv.AppendInt(b, int64(e.g), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(e.j), 10)
		b = append(b, ' ')
		if e.call {
			b = strconv.AppendInt(b, int64(scenario[e.g][e.j]), 10)
		} else {
			b = strconv.AppendQuote(b, e.rendered)
		}
		b = append(b, '\n')
	}
	switch msg := hostCall(linHostPrefix+t.name, string(b)); msg {
	case linOK:
	case "":
		// No checker in the test process (vt test interprets the whole
		// test): check here, in the interpreter, without porcupine.
		if msg := checkHere(spec, scenario, evs); msg != "" {
			t.Errorf("%s", msg)
		}
	default:
		t.Errorf("%s", msg)
	}
}

// linOK is the host checker's answer for a history it explains.
const linOK = "ok\n"

// hostCall runs the host function registered under name with arg and
// returns its result. vt's interpreter intercepts it (see
// internal/explore/host.go); called natively it returns "".
func hostCall(name, arg string) string { return "" }

// histEvent is a call or a return of an execution's history, as the
// interpreter records it.
type histEvent struct {
	stamp    int64
	call     bool
	g, j     int    // goroutine (thread) and its operation's index
	rendered string // the result of a return
}

// checkHere checks a history where no checker of the test process
// answers (under vt test, which interprets the whole test): a depth-first
// search for an order of the operations that spec.Criterion allows and
// in which the model gives their results, memoizing (operations done,
// model state) pairs. It returns "" if there is one, else the report.
func checkHere[I, S any](spec *Spec[I, S], scenario [][]int, evs []histEvent) string {
	cs := spec.choices()
	type hop struct {
		g, j, input int
		out         string
		call, ret   int // positions in evs (busy periods' ends, for quiescent consistency)
	}
	var ops []hop
	at := map[[2]int]int{}
	busyStart, pending := 0, 0
	var busy []int // ops of the current busy period
	for pos, e := range evs {
		if e.call {
			if pending == 0 {
				busyStart = pos
			}
			pending++
			at[[2]int{e.g, e.j}] = len(ops)
			busy = append(busy, len(ops))
			ops = append(ops, hop{g: e.g, j: e.j, input: scenario[e.g][e.j], call: pos})
			continue
		}
		pending--
		o := &ops[at[[2]int{e.g, e.j}]]
		o.ret, o.out = pos, e.rendered
		if pending == 0 && spec.Criterion == QuiescentConsistency {
			for _, id := range busy {
				ops[id].call, ops[id].ret = busyStart, pos
			}
			busy = busy[:0]
		}
	}
	done := make([]byte, len(ops))
	visited := map[string]bool{}
	var order, longest []int
	var search func(st S) bool
	search = func(st S) bool {
		if len(order) == len(ops) {
			return true
		}
		if len(order) > len(longest) {
			longest = slices.Clone(order)
		}
		key := string(done) + render(st)
		if visited[key] {
			return false
		}
		visited[key] = true
		for x, o := range ops {
			if done[x] == 1 || !eligible(spec.Criterion, x, len(ops), func(y int) bool { return done[y] == 1 },
				func(y int) bool { return ops[y].ret < o.call }, func(y int) bool { return ops[y].g == o.g && ops[y].j < o.j }) {
				continue
			}
			c := cs[o.input]
			next, out := spec.Ops[c.op].model(st, c.arg)
			if render(out) != o.out {
				continue
			}
			done[x] = 1
			order = append(order, x)
			if search(next) {
				return true
			}
			order = order[:len(order)-1]
			done[x] = 0
		}
		return false
	}
	if search(spec.Init()) {
		return ""
	}
	var b strings.Builder
	b.WriteString("not " + map[Criterion]string{Linearizability: "linearizable", SequentialConsistency: "sequentially consistent", QuiescentConsistency: "quiescently consistent"}[spec.Criterion])
	b.WriteString(": no order of the operations that " + spec.Criterion.String() + " allows gives their results (checked in vt's interpreter)\nscenario:\n")
	for g, seq := range scenario {
		b.WriteString("    thread " + strconv.Itoa(g+1) + ":")
		for j, k := range seq {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(" " + spec.describe(cs[k]))
		}
		b.WriteByte('\n')
	}
	b.WriteString("history (calls and returns in the order the scheduler ran them):\n")
	for pos, e := range evs {
		o := ops[at[[2]int{e.g, e.j}]]
		if e.call {
			b.WriteString("    " + strconv.Itoa(pos+1) + "  thread " + strconv.Itoa(e.g+1) + "  call    " + spec.describe(cs[o.input]) + "\n")
		} else {
			b.WriteString("    " + strconv.Itoa(pos+1) + "  thread " + strconv.Itoa(e.g+1) + "  return  " + spec.describe(cs[o.input]) + linArrow(o.out) + "\n")
		}
	}
	b.WriteString("why: the longest orders the model accepts end after:")
	for _, x := range longest {
		b.WriteString(" " + spec.describe(cs[ops[x].input]) + " (thread " + strconv.Itoa(ops[x].g+1) + ");")
	}
	b.WriteString(" no operation can go next")
	return b.String()
}

// eligible says whether operation x (of n) may come next in an order the
// criterion allows, given which are done, whether y returned before x
// was called (before), and whether y comes before x in x's goroutine
// (earlier).
func eligible(cr Criterion, x, n int, done, before, earlier func(y int) bool) bool {
	for y := range n {
		if y == x || done(y) {
			continue
		}
		if cr == SequentialConsistency {
			if earlier(y) {
				return false
			}
		} else if before(y) {
			return false
		}
	}
	return true
}

// linArrow renders a result after its call: " → 1", or nothing for an
// operation without one (its result is struct{}{}).
func linArrow(output string) string {
	if output == "struct {}{}" {
		return ""
	}
	return " → " + output
}
