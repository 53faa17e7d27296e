// Program selectx checks select: default when nothing is ready, nil channels
// never selected (used to disable cases), send and receive cases, select
// on a closed channel, blocking select woken by another goroutine, a
// timeout-free multiplexer that counts values from two sources, and an
// empty-case loop with labeled break.
package main

import (
	"fmt"
	"sort"
)

func main() {
	c := make(chan int)
	select {
	case v := <-c:
		fmt.Println("unexpected", v)
	default:
		fmt.Println("default: nothing ready")
	}

	buf := make(chan int, 1)
	select {
	case buf <- 1:
		fmt.Println("sent to buffered")
	default:
		fmt.Println("unexpected default")
	}
	select {
	case buf <- 2:
		fmt.Println("unexpected send")
	default:
		fmt.Println("buffer full: default")
	}
	select {
	case v, ok := <-buf:
		fmt.Println("received", v, ok)
	default:
		fmt.Println("unexpected default")
	}

	// nil channels are never ready
	var nilc chan int
	select {
	case <-nilc:
		fmt.Println("unexpected nil recv")
	case nilc <- 1:
		fmt.Println("unexpected nil send")
	default:
		fmt.Println("nil channels skipped")
	}

	// closed channel is always ready
	cl := make(chan string)
	close(cl)
	for i := 0; i < 3; i++ {
		select {
		case s, ok := <-cl:
			fmt.Printf("closed recv %q %v\n", s, ok)
		}
	}

	// merge two producers, disabling each side when it closes
	a, b := make(chan int), make(chan int)
	go func() {
		for i := 0; i < 5; i++ {
			a <- i
		}
		close(a)
	}()
	go func() {
		for i := 100; i < 103; i++ {
			b <- i
		}
		close(b)
	}()
	var got []int
	for a != nil || b != nil {
		select {
		case v, ok := <-a:
			if !ok {
				a = nil
				continue
			}
			got = append(got, v)
		case v, ok := <-b:
			if !ok {
				b = nil
				continue
			}
			got = append(got, v)
		}
	}
	sort.Ints(got)
	fmt.Println("merged:", got)

	// blocking select woken by goroutine, with send case
	req := make(chan int)
	resp := make(chan int)
	go func() {
		x := <-req
		resp <- x * x
	}()
	select {
	case req <- 9:
		fmt.Println("request sent")
	}
	select {
	case r := <-resp:
		fmt.Println("response", r)
	}

	// quit channel pattern
	quit := make(chan struct{})
	ticks := make(chan int)
	done := make(chan int)
	go func() {
		n := 0
		for {
			select {
			case <-ticks:
				n++
			case <-quit:
				done <- n
				return
			}
		}
	}()
	for i := 0; i < 7; i++ {
		ticks <- i
	}
	close(quit)
	fmt.Println("ticks counted:", <-done)

	// select in a loop with default to poll a buffered channel
	work := make(chan int, 5)
	for i := range 5 {
		work <- i
	}
	polled := 0
poll:
	for {
		select {
		case w := <-work:
			polled += w
		default:
			break poll
		}
	}
	fmt.Println("polled sum:", polled)

	// select where the only ready case is a send to a buffered channel
	out := make(chan string, 2)
	in := make(chan string)
	for _, s := range []string{"x", "y"} {
		select {
		case out <- s:
		case v := <-in:
			fmt.Println("unexpected", v)
		}
	}
	close(out)
	for s := range out {
		fmt.Print(s)
	}
	fmt.Println()
}
