// Command blocked starts goroutines that block in each state Go's
// tracebacks name, waits until all of them are blocked, and prints
// runtime.Stack(buf, true). traceback_test.go compares it, frame by frame,
// with the natively compiled program's.
package main

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"
)

type server struct{ requests chan int }

// serve blocks in a method, started through a method value.
func (s *server) serve() { <-s.requests }

// wait blocks in a generic function.
func wait[T any](ch chan T) T { return <-ch }

// states are the states the goroutines below block in (the main
// goroutine is running).
var states = []string{
	"chan receive", "chan send", "select", "select (no cases)",
	"chan receive (nil chan)", "chan send (nil chan)", "sync.Mutex.Lock",
	"sync.RWMutex.RLock", "sync.RWMutex.Lock", "sync.WaitGroup.Wait",
	"sync.Cond.Wait", "sleep", "IO wait", "chan receive", "chan receive",
	"sync.Mutex.Lock", // RWMutex.Lock waits in its writers' Mutex
}

func main() {
	var (
		recvCh   = make(chan int) // never sent on
		sendCh   = make(chan int) // never received from
		mu       sync.Mutex
		held     sync.RWMutex // held by a writer
		readers  sync.RWMutex // held by a reader
		wg       sync.WaitGroup
		cond     = sync.NewCond(&sync.Mutex{})
		nilCh    chan int
		srv      = &server{requests: make(chan int)}
		generics = make(chan string)
	)
	mu.Lock()
	held.Lock()
	readers.RLock()
	wg.Add(1)
	r, w, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	defer w.Close()

	go func() { <-recvCh }()
	go func() { sendCh <- 1 }()
	go func() {
		select {
		case <-recvCh:
		case sendCh <- 2:
		}
	}()
	go func() { select {} }()
	go func() { <-nilCh }()
	go func() { nilCh <- 1 }()
	go func() { mu.Lock() }()
	go func() { held.RLock() }()
	go func() { readers.Lock() }()
	go func() { held.Lock() }()
	go func() { wg.Wait() }()
	go func() {
		cond.L.Lock()
		cond.Wait()
	}()
	go func() { time.Sleep(time.Hour) }()
	go func() { r.Read(make([]byte, 1)) }()
	go srv.serve()
	go func() { wait(generics) }()

	buf := make([]byte, 1<<20)
	for deadline := time.Now().Add(10 * time.Second); ; {
		n := runtime.Stack(buf, true)
		if blocked(string(buf[:n])) == len(states) || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	n := runtime.Stack(buf, true)
	fmt.Print(string(buf[:n]))
}

// blocked counts the goroutines of the dump that are blocked.
func blocked(dump string) int {
	n := 0
	for _, line := range strings.Split(dump, "\n") {
		if strings.HasPrefix(line, "goroutine ") && !strings.Contains(line, "[running]") && !strings.Contains(line, "[runnable]") {
			n++
		}
	}
	return n
}
