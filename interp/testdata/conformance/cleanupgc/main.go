// Command cleanupgc runs runtime.GC with cleanups attached
// (runtime.AddCleanup): the cleanup of an object that can no longer be
// reached runs, on a goroutine of its own; one of an object still
// reachable (from a global, a live local, a closure) does not, nor a
// stopped one. Each cleanup reports on a channel; waiting is bounded.
package main

import (
	"fmt"
	"runtime"
	"sort"
	"time"
)

type resource struct {
	name string
	buf  [64]byte
}

var (
	done = make(chan string, 16)
	kept *resource
)

// track allocates a resource named name with a cleanup that reports it.
func track(name string) *resource {
	r := &resource{name: name}
	runtime.AddCleanup(r, func(n string) { done <- n }, name)
	return r
}

// collect runs a collection and reports the cleanups that ran within the
// wait.
func collect(label string, wait time.Duration) {
	runtime.GC()
	var ran []string
	timeout := time.After(wait)
	for {
		select {
		case n := <-done:
			ran = append(ran, n)
			continue
		case <-timeout:
		}
		break
	}
	sort.Strings(ran) // cleanups run in no specified order
	fmt.Println(label, len(ran), ran)
}

func main() {
	func() { track("dropped") }()
	collect("unreachable:", time.Second)

	kept = track("global")
	local := track("local")
	stopped := func() runtime.Cleanup {
		r := &resource{name: "stopped"}
		return runtime.AddCleanup(r, func(n string) { done <- n }, "stopped")
	}()
	stopped.Stop()
	get := func() func() string {
		r := track("captured")
		return func() string { return r.name }
	}()
	collect("reachable:", 100*time.Millisecond)
	fmt.Println(kept.name, local.name, get())

	buf := make([]byte, 1024)
	runtime.AddCleanup(&buf[0], func(n string) { done <- n }, "bytes")
	buf[0] = 1
	buf = nil
	kept, get = nil, nil
	collect("released:", time.Second)
	runtime.KeepAlive(local)
}
