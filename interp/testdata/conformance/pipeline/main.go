// Program pipeline checks a concurrent pipeline: generator -> square stage
// with several workers (fan-out) -> merge (fan-in) -> results collected and
// sorted so output is deterministic; also a bounded worker pool computing
// primes and word counts, and an errgroup-like first-error collection.
package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
)

func gen(nums ...int) <-chan int {
	out := make(chan int)
	go func() {
		for _, n := range nums {
			out <- n
		}
		close(out)
	}()
	return out
}

func sq(in <-chan int) <-chan int {
	out := make(chan int)
	go func() {
		for n := range in {
			out <- n * n
		}
		close(out)
	}()
	return out
}

func merge(cs ...<-chan int) <-chan int {
	var wg sync.WaitGroup
	out := make(chan int, 10)
	wg.Add(len(cs))
	for _, c := range cs {
		go func() {
			defer wg.Done()
			for n := range c {
				out <- n
			}
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}

func isPrime(n int) bool {
	if n < 2 {
		return false
	}
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}

type result struct {
	n     int
	prime bool
}

func main() {
	in := gen(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
	workers := []<-chan int{sq(in), sq(in), sq(in)}
	var res []int
	for v := range merge(workers...) {
		res = append(res, v)
	}
	sort.Ints(res)
	fmt.Println(res)

	// worker pool
	jobs := make(chan int, 100)
	results := make(chan result, 100)
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range jobs {
				results <- result{n, isPrime(n)}
			}
		}()
	}
	for n := 1; n <= 60; n++ {
		jobs <- n
	}
	close(jobs)
	wg.Wait()
	close(results)
	var primes []int
	count := 0
	for r := range results {
		count++
		if r.prime {
			primes = append(primes, r.n)
		}
	}
	sort.Ints(primes)
	fmt.Println(count, primes)

	// concurrent word count with a mutex-protected map
	texts := []string{
		"the quick brown fox", "jumps over the lazy dog", "the dog barks",
		"a quick fox", "lazy lazy dog",
	}
	counts := map[string]int{}
	var mu sync.Mutex
	var wg2 sync.WaitGroup
	for _, t := range texts {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			local := map[string]int{}
			for _, w := range strings.Fields(t) {
				local[w]++
			}
			mu.Lock()
			for k, v := range local {
				counts[k] += v
			}
			mu.Unlock()
		}()
	}
	wg2.Wait()
	fmt.Println(counts)

	// collect errors from goroutines; report sorted
	errs := make(chan error, 5)
	var wg3 sync.WaitGroup
	for i := range 5 {
		wg3.Add(1)
		go func() {
			defer wg3.Done()
			if i%2 == 1 {
				errs <- fmt.Errorf("task %d failed", i)
			}
		}()
	}
	wg3.Wait()
	close(errs)
	var msgs []string
	for e := range errs {
		msgs = append(msgs, e.Error())
	}
	sort.Strings(msgs)
	fmt.Println(msgs)
	var all []error
	for _, m := range msgs {
		all = append(all, errors.New(m))
	}
	fmt.Printf("%q\n", errors.Join(all...).Error())

	// daisy chain of 1000 goroutines
	const n = 1000
	leftmost := make(chan int)
	right := leftmost
	left := leftmost
	for i := 0; i < n; i++ {
		right = make(chan int)
		go func(l, r chan int) { l <- 1 + <-r }(left, right)
		left = right
	}
	go func(c chan int) { c <- 1 }(right)
	fmt.Println("daisy chain:", <-leftmost)
}
