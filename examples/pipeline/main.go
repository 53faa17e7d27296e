// Command pipeline is a small worker pipeline with a classic Go blocking bug:
// the consumer stops at the first bad record, but the producer keeps sending
// on an unbuffered channel and main waits for the producer forever.
//
// Run it under vt (go run ./cmd/vt run ./examples/pipeline): the
// interpreter reports the deadlock with every goroutine's blocking
// operation and position, without waiting on a real clock.
package main

import (
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"
)

func produce(records []string, out chan<- string, wg *sync.WaitGroup) {
	defer wg.Done()
	for _, r := range records {
		time.Sleep(10 * time.Millisecond) // simulated I/O: virtual time under vt
		out <- r
	}
	close(out)
}

func consume(in <-chan string) (int, error) {
	sum := 0
	for r := range in {
		n, err := strconv.Atoi(r)
		if err != nil {
			return sum, errors.New("bad record " + strconv.Quote(r))
		}
		sum += n
	}
	return sum, nil
}

func main() {
	records := []string{"1", "2", "x", "4", "5"}
	ch := make(chan string)
	var wg sync.WaitGroup
	wg.Add(1)
	go produce(records, ch, &wg)
	sum, err := consume(ch)
	fmt.Println("sum:", sum, "err:", err)
	wg.Wait() // the producer is stuck sending "4": deadlock
}
