// Command cleanups attaches cleanups and finalizers to objects that stay
// reachable (sync.Pool's tests do, os.File and net use cleanups): nothing
// runs while the program is running, and a cleanup can be stopped. And the
// profiling rates a test sets (sync's TestMutex).
package main

import (
	"fmt"
	"runtime"
)

type resource struct{ name string }

func main() {
	ran := 0
	keep := make([]*resource, 0, 3)
	for i := range 3 {
		r := &resource{name: fmt.Sprint("r", i)}
		c := runtime.AddCleanup(r, func(n int) { ran += n }, i+1)
		if i == 1 {
			c.Stop()
		}
		keep = append(keep, r)
	}
	s := new(string)
	runtime.AddCleanup(s, func(msg string) { fmt.Println(msg) }, "never printed while s is live")
	*s = "live"
	for _, r := range keep {
		fmt.Println(r.name)
	}
	fmt.Println(*s, ran)
	// No profiler runs, but the fraction set is the one answered next.
	old := runtime.SetMutexProfileFraction(5)
	fmt.Println(old, runtime.SetMutexProfileFraction(-1), runtime.SetMutexProfileFraction(old))
	runtime.SetBlockProfileRate(0)
	runtime.KeepAlive(keep)
	runtime.KeepAlive(s)
}
