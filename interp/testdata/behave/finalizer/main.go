// Command finalizer stops a worker goroutine from a finalizer, as caches
// stop their janitor; finalizers never run under the interpreter, so the
// worker remains when main returns.
package main

import (
	"fmt"
	"runtime"
)

type cache struct{ stop chan bool }

func main() {
	c := &cache{stop: make(chan bool)}
	go func(stop chan bool) {
		<-stop
	}(c.stop)
	runtime.SetFinalizer(c, func(c *cache) { c.stop <- true })
	runtime.SetFinalizer(new(int), nil) // no finalizer: not counted
	fmt.Println("main done")
}
