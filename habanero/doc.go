// Package habanero is a Go library for Habanero-style task parallelism, after
// the Habanero-Java library (HJlib) and the HJ-V verification library of
// Mercer, Anderson, Vrvilo and Sarkar.
//
// # Model
//
// A program starts with [Launch], which runs a root [Task] inside an implicit
// finish scope and returns once every task it created, transitively, has
// ended. Every task is a real goroutine; a *Task value belongs to the
// goroutine running that task and must only be used by it (pass the *Task a
// body receives, never the parent's).
//
//   - [Task.Async] starts a child task. The child joins the task's immediately
//     enclosing finish (IEF): the innermost [Task.Finish] that is active in the
//     parent when Async is called, or Launch's implicit finish.
//   - [Task.Finish] runs its body and then waits until every task created
//     inside it, transitively, has ended.
//   - [Task.Isolated] runs its body in mutual exclusion with every other
//     isolated section; [Task.IsolatedOn] only excludes isolated sections
//     that share one of its objects (and every plain Isolated).
//   - [Future] starts a child task that computes a value; the task joins the
//     enclosing finish like an async, and [Fut.Get] blocks until the value
//     is ready.
//   - [Task.Forasync], [Task.Forall] and [Task.ForallChunked] start one task
//     per index (or per chunk of indexes) of a half-open range [lo, hi).
//   - Phasers ([Task.NewPhaser], [Phaser.In], [Task.AsyncPhased],
//     [Task.Next], [Task.Signal], [Task.Drop], [Task.NextSingle]) are
//     barriers with registration modes [Sig], [Wait], [SigWait] and
//     [SigWaitSingle]. A child can register on a phaser only if its parent is
//     registered on it, and never in a stronger mode than the parent's
//     (the capability rule). Registrations are dropped automatically when a
//     task ends, and a phaser created inside a Finish is dropped by its
//     creator when that Finish body returns, before the Finish waits (so
//     that children waiting on the phaser do not wait for the parent).
//     Phasers are unbounded: a signal-only task may run ahead of waiters.
//   - Data-driven futures ([NewDDF], [DDF.Put], [DDF.Get],
//     [Task.AsyncAwait]) are single-assignment cells; AsyncAwait starts a
//     task once every DDF it names is full.
//
// # Errors
//
// Misuse of the library panics with a message that starts with "habanero: "
// (for example Async inside Isolated, a second Put on a DDF, Get on an empty
// DDF, Next on a phaser registered in SigWaitSingle mode). A panic in a task
// does not crash the program: it is collected by the task's immediately
// enclosing finish, which, once every task in it has ended, panics with a
// [*PanicError] that holds every collected panic. Launch re-panics that
// error to its caller.
//
// # Under vt
//
// Natively the library uses goroutines, mutexes and condition variables.
// Every point where a task may block, where a task is started and where an
// isolated section is entered goes through one small internal hook, so that
// the vt model checker can turn exactly those operations into scheduling
// points.
package habanero
