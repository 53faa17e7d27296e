package habanero

import "sync"

// The functions in this file are the only places where the library starts a
// goroutine, blocks a task, or enters and leaves an isolated section; the
// habanero operations call the marks at the end of the file, which vt
// intercepts to make them named scheduling points.

// spawn starts the goroutine of a new task.
func spawn(run func()) {
	go run()
}

// await blocks the calling task until ready reports true. c.L must be held
// by the caller; ready is evaluated with c.L held, and whoever changes the
// state ready depends on must call c.Broadcast with c.L held.
func await(c *sync.Cond, ready func() bool) {
	for !ready() {
		c.Wait()
	}
}

// isolation arbitrates isolated sections of one Launch: a global section
// excludes every other section; sections on objects exclude the global one
// and every section that shares an object. Objects are acquired all at once,
// so sections on several objects cannot deadlock each other.
type isolation struct {
	mu     sync.Mutex
	cond   *sync.Cond
	global bool             // a plain Isolated is running
	held   map[any]struct{} // objects held by running IsolatedOn sections
}

func newIsolation() *isolation {
	iso := &isolation{held: make(map[any]struct{})}
	iso.cond = sync.NewCond(&iso.mu)
	return iso
}

// enterIsolated enters an isolated section: the global one when keys is nil,
// else the one on keys.
func enterIsolated(iso *isolation, keys []any) {
	markIsolatedEnter(iso)
	iso.mu.Lock()
	defer iso.mu.Unlock()
	if keys == nil {
		await(iso.cond, func() bool { return !iso.global && len(iso.held) == 0 })
		iso.global = true
		return
	}
	await(iso.cond, func() bool {
		if iso.global {
			return false
		}
		for _, k := range keys {
			if _, ok := iso.held[k]; ok {
				return false
			}
		}
		return true
	})
	for _, k := range keys {
		iso.held[k] = struct{}{}
	}
}

// exitIsolated leaves a section entered by enterIsolated with the same keys.
func exitIsolated(iso *isolation, keys []any) {
	markIsolatedExit(iso)
	iso.mu.Lock()
	defer iso.mu.Unlock()
	if keys == nil {
		iso.global = false
	} else {
		for _, k := range keys {
			delete(iso.held, k)
		}
	}
	iso.cond.Broadcast()
}

// The marks below do nothing natively. Under vt they are annotations (see
// interp.Annotation.Op): each call is a scheduling point and an event named
// for the habanero operation, whose argument, a pointer, is the object it concerns. They
// add no synchronization: the happens-before edges of HJ's semantics are
// those of the code around them (a go statement for async, a Cond for the
// joins, one mutex for isolated sections).

func markAsync(obj any)         {}
func markFinishEnd(obj any)     {}
func markFutureGet(obj any)     {}
func markIsolatedEnter(obj any) {}
func markIsolatedExit(obj any)  {}
func markNext(obj any)          {}
func markSignal(obj any)        {}
func markPhaserWait(obj any)    {}
func markDDFPut(obj any)        {}
func markDDFAwait(obj any)      {}
func markForallChunk(obj any)   {}
