// Command signals sends signals to itself: to signal.Notify's channels
// (syscall.Kill and os.Process.Signal of its own process), ignored
// (signal.Ignore), after signal.Stop and signal.Reset (Go's default
// action: SIGUSR1 is caught and dropped), through signal.NotifyContext,
// and at last SIGTERM with no handler, which ends the process (exit code
// -1, as os.ProcessState reports a process a signal ended).
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGUSR1)
	fmt.Println("kill:", syscall.Kill(os.Getpid(), syscall.SIGUSR1))
	fmt.Println("received:", <-c)

	p, err := os.FindProcess(os.Getpid())
	fmt.Println("find:", p.Pid == os.Getpid(), err)
	fmt.Println("signal:", p.Signal(os.Interrupt))
	fmt.Println("received:", <-c)
	fmt.Println("signal 0:", p.Signal(syscall.Signal(0)))

	signal.Ignore(syscall.SIGHUP)
	fmt.Println("ignored:", signal.Ignored(syscall.SIGHUP), syscall.Kill(os.Getpid(), syscall.SIGHUP))

	// Several channels get the signal; a full channel drops it.
	c2 := make(chan os.Signal, 1)
	signal.Notify(c2, syscall.SIGUSR1)
	syscall.Kill(os.Getpid(), syscall.SIGUSR1)
	fmt.Println("both:", <-c, <-c2)

	signal.Stop(c)
	signal.Stop(c2)
	syscall.Kill(os.Getpid(), syscall.SIGUSR1) // caught and dropped
	select {
	case s := <-c:
		fmt.Println("after Stop:", s)
	case <-time.After(100 * time.Millisecond):
		fmt.Println("after Stop: nothing")
	}

	signal.Notify(c, syscall.SIGUSR2)
	signal.Reset(syscall.SIGUSR2)
	syscall.Kill(os.Getpid(), syscall.SIGUSR2) // caught and dropped
	select {
	case s := <-c:
		fmt.Println("after Reset:", s)
	case <-time.After(100 * time.Millisecond):
		fmt.Println("after Reset: nothing")
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGUSR2)
	syscall.Kill(os.Getpid(), syscall.SIGUSR2)
	<-ctx.Done()
	fmt.Println("context:", ctx.Err(), context.Cause(ctx))
	stop()

	fmt.Println("terminating")
	syscall.Kill(os.Getpid(), syscall.SIGTERM)
	time.Sleep(10 * time.Second)
	fmt.Println("not reached")
}
