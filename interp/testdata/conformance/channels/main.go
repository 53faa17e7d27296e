// Program channels checks channel semantics with deterministic output:
// unbuffered ping-pong, buffered channel len/cap and FIFO order, close then
// drain (receives zero values with ok=false), range over a channel,
// directional channel types, channel of channels (request/response),
// sync via done channels, and nil channel len/cap.
package main

import "fmt"

func producer(n int, out chan<- int) {
	for i := 0; i < n; i++ {
		out <- i * i
	}
	close(out)
}

func consumer(in <-chan int, done chan<- int) {
	sum := 0
	for v := range in {
		sum += v
	}
	done <- sum
}

type request struct {
	n     int
	reply chan int
}

func server(reqs <-chan request) {
	for r := range reqs {
		r.reply <- r.n * 2
	}
}

func main() {
	// unbuffered ping-pong
	ping, pong := make(chan string), make(chan string)
	go func() {
		for msg := range ping {
			pong <- msg + "-pong"
		}
		close(pong)
	}()
	for _, m := range []string{"a", "b", "c"} {
		ping <- m
		fmt.Println(<-pong)
	}
	close(ping)
	v, ok := <-pong
	fmt.Printf("after close: %q %v\n", v, ok)

	// buffered FIFO
	buf := make(chan int, 4)
	for i := 1; i <= 4; i++ {
		buf <- i * 10
		fmt.Print(len(buf), "/", cap(buf), " ")
	}
	fmt.Println()
	fmt.Println(<-buf, <-buf, len(buf))
	buf <- 50
	close(buf)
	for {
		x, ok := <-buf
		if !ok {
			fmt.Println("drained, zero value", x)
			break
		}
		fmt.Print(x, " ")
	}
	fmt.Println(len(buf))

	// range over channel with producer/consumer
	data := make(chan int)
	done := make(chan int)
	go producer(10, data)
	go consumer(data, done)
	fmt.Println("sum of squares:", <-done)

	// channel of channels
	reqs := make(chan request)
	go server(reqs)
	total := 0
	for i := 1; i <= 5; i++ {
		r := request{i, make(chan int)}
		reqs <- r
		total += <-r.reply
	}
	close(reqs)
	fmt.Println("total:", total)

	// worker results ordered by index
	results := make([]chan string, 4)
	for i := range results {
		results[i] = make(chan string, 1)
		go func() {
			results[i] <- fmt.Sprintf("worker %d done", i)
		}()
	}
	for _, c := range results {
		fmt.Println(<-c)
	}

	// closed channel of struct{} as a broadcast
	start := make(chan struct{})
	ready := make(chan int, 3)
	for i := range 3 {
		go func() {
			<-start
			ready <- i
		}()
	}
	close(start)
	got := 0
	for range 3 {
		got += <-ready
	}
	fmt.Println("broadcast sum:", got)

	// nil channel properties and typed channels
	var nc chan int
	fmt.Println(nc == nil, len(nc), cap(nc))
	var ro <-chan int = buf
	fmt.Printf("%T %T\n", ro, (chan<- string)(ping))

	// unbuffered handoff preserves ordering per sender
	seq := make(chan int)
	go func() {
		defer close(seq)
		for i := range 5 {
			seq <- i
		}
	}()
	var got2 []int
	for x := range seq {
		got2 = append(got2, x)
	}
	fmt.Println(got2)

	// channel of functions
	fc := make(chan func() int, 2)
	fc <- func() int { return 1 }
	fc <- func() int { return 2 }
	fmt.Println((<-fc)() + (<-fc)())
}
