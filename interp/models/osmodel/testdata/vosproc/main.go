// Command vosproc uses the process-level parts of the virtual OS whose
// results differ from the real machine's by design, by its argument:
// the fixed host name, which resolves to the loopback addresses; a
// signal.Notify whose loop goroutine outlives main (no leak, also when
// main returns before the loop first runs); waiting
// for a signal nobody sends (a deadlock: the program is the only
// sender); a signal that ends the process; one that dumps the stacks.
package main

import (
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	switch os.Args[1] {
	case "hostname":
		name, err := os.Hostname()
		addrs, lerr := net.LookupHost(name)
		fmt.Println(name, err, addrs, lerr)
	case "notify":
		c := make(chan os.Signal, 1)
		signal.Notify(c, syscall.SIGUSR1)
		syscall.Kill(os.Getpid(), syscall.SIGUSR1)
		fmt.Println(<-c)
	case "notifyonly":
		// main returns before the loop goroutine first waits for a
		// signal: it becomes the runtime's own loop only then.
		signal.Notify(make(chan os.Signal, 1), syscall.SIGUSR1)
		fmt.Println("notified")
	case "wait":
		c := make(chan os.Signal, 1)
		signal.Notify(c, syscall.SIGUSR1)
		fmt.Println("waiting")
		<-c // @wait
	case "term":
		fmt.Println("before")
		syscall.Kill(os.Getpid(), syscall.SIGTERM) // @term
		fmt.Println("after")
	case "quit":
		syscall.Kill(os.Getpid(), syscall.SIGQUIT)
		fmt.Println("after")
	}
}
