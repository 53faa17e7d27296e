package habanero

import (
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
)

// Task is one Habanero task: the root task of [Launch] or a task started by
// Async, Future, Forasync, Forall, AsyncPhased or AsyncAwait. A *Task must
// only be used by the goroutine that runs the task.
type Task struct {
	rt  *runtimeState
	id  int64
	ief *finishScope // innermost active finish scope of this task

	isoDepth  int              // nesting depth of isolated sections
	isoGlobal bool             // the outermost isolated section is a plain Isolated
	isoKeys   map[any]struct{} // objects held by the outermost IsolatedOn

	regs []*registration // phaser registrations, in registration order
}

// runtimeState is shared by every task of one Launch.
type runtimeState struct {
	iso     *isolation
	nextID  atomic.Int64
	nextPID atomic.Int64
}

// ID returns the task's number: 0 for the root task of a Launch, then 1, 2,
// ... in creation order within that Launch.
func (t *Task) ID() int64 { return t.id }

// TaskPanic is one panic collected from a task.
type TaskPanic struct {
	Task  int64  // ID of the task that panicked
	Value any    // the value passed to panic
	Stack string // the task's stack at the panic
}

// PanicError is the value a Finish (and Launch) panics with when tasks inside
// it panicked. It holds every collected panic, in the order they were
// collected; panics from nested finishes are flattened into it.
type PanicError struct {
	Panics []TaskPanic
}

// Error lists every collected panic value.
func (e *PanicError) Error() string {
	var b strings.Builder
	if len(e.Panics) == 1 {
		b.WriteString("habanero: a task panicked: ")
	} else {
		fmt.Fprintf(&b, "habanero: %d tasks panicked: ", len(e.Panics))
	}
	for i, p := range e.Panics {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "task %d: %v", p.Task, p.Value)
	}
	return b.String()
}

// Unwrap returns the collected panic values that are errors, so that
// errors.Is and errors.As see them.
func (e *PanicError) Unwrap() []error {
	var errs []error
	for _, p := range e.Panics {
		if err, ok := p.Value.(error); ok {
			errs = append(errs, err)
		}
	}
	return errs
}

// finishScope counts the tasks that joined one finish and collects their
// panics.
type finishScope struct {
	parent  *finishScope
	mu      sync.Mutex
	cond    *sync.Cond
	pending int
	panics  []TaskPanic
}

func newFinishScope(parent *finishScope) *finishScope {
	s := &finishScope{parent: parent}
	s.cond = sync.NewCond(&s.mu)
	return s
}

func (s *finishScope) join() {
	s.mu.Lock()
	s.pending++
	s.mu.Unlock()
}

func (s *finishScope) leave() {
	s.mu.Lock()
	s.pending--
	if s.pending == 0 {
		s.cond.Broadcast()
	}
	s.mu.Unlock()
}

func (s *finishScope) collect(task int64, v any, stack []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.panics = appendPanic(s.panics, task, v, stack)
}

func appendPanic(ps []TaskPanic, task int64, v any, stack []byte) []TaskPanic {
	if pe, ok := v.(*PanicError); ok {
		return append(ps, pe.Panics...)
	}
	return append(ps, TaskPanic{Task: task, Value: v, Stack: string(stack)})
}

// wait blocks until every task that joined the scope has ended and returns
// the collected panics.
func (s *finishScope) wait() []TaskPanic {
	s.mu.Lock()
	defer s.mu.Unlock()
	await(s.cond, func() bool { return s.pending == 0 })
	return s.panics
}

// Launch runs body as the root task inside an implicit finish and returns
// when every task created by it, transitively, has ended. If any task
// panicked, Launch panics with a [*PanicError] holding every panic.
func Launch(body func(t *Task)) {
	rt := &runtimeState{iso: newIsolation()}
	scope := newFinishScope(nil)
	root := &Task{rt: rt, id: 0, ief: scope}
	var bodyPanic []TaskPanic
	func() {
		defer func() {
			if v := recover(); v != nil {
				bodyPanic = appendPanic(nil, root.id, v, debug.Stack())
			}
		}()
		body(root)
	}()
	root.dropAll()
	markFinishEnd(scope)
	panics := scope.wait()
	if all := append(bodyPanic, panics...); len(all) > 0 {
		panic(&PanicError{Panics: all})
	}
}

// checkNotIsolated panics when an operation that is illegal inside an
// isolated section is called inside one.
func (t *Task) checkNotIsolated(op string) {
	if t.isoDepth > 0 {
		panic("habanero: " + op + " inside Isolated")
	}
}

// fork starts a child task that joins t's immediately enclosing finish. The
// child gets the phaser registrations regs (already registered); if before
// is not nil the child runs it before body (AsyncAwait waits there).
func (t *Task) fork(regs []*registration, before func(), body func(c *Task)) {
	t.forkMarked(markAsync, regs, before, body)
}

// forkMarked is fork with the mark of the operation that spawns the child.
func (t *Task) forkMarked(mark func(any), regs []*registration, before func(), body func(c *Task)) {
	scope := t.ief
	scope.join()
	child := &Task{rt: t.rt, id: t.rt.nextID.Add(1), ief: scope, regs: regs}
	for _, r := range regs {
		r.task = child
	}
	mark(scope)
	spawn(func() { child.run(scope, before, body) })
}

func (t *Task) run(scope *finishScope, before func(), body func(c *Task)) {
	defer scope.leave()
	defer t.dropAll()
	defer func() {
		if v := recover(); v != nil {
			scope.collect(t.id, v, debug.Stack())
		}
	}()
	if before != nil {
		before()
	}
	body(t)
}

// Async starts body as a new child task that joins the immediately
// enclosing finish of t. It panics inside an isolated section.
func (t *Task) Async(body func(t *Task)) {
	t.checkNotIsolated("Async")
	t.fork(nil, nil, body)
}

// Finish runs body and then waits until every task created inside it,
// transitively, has ended. Phasers that t created inside body are dropped by
// t when body returns, before the wait. If body or any of those tasks
// panicked, Finish panics with a [*PanicError] holding every panic once all
// of them have ended.
func (t *Task) Finish(body func(t *Task)) {
	t.checkNotIsolated("Finish")
	scope := newFinishScope(t.ief)
	t.ief = scope
	var bodyPanic []TaskPanic
	func() {
		defer func() {
			if v := recover(); v != nil {
				bodyPanic = appendPanic(nil, t.id, v, debug.Stack())
			}
		}()
		body(t)
	}()
	t.dropCreatedIn(scope)
	t.ief = scope.parent
	markFinishEnd(scope)
	panics := scope.wait()
	if all := append(bodyPanic, panics...); len(all) > 0 {
		panic(&PanicError{Panics: all})
	}
}
