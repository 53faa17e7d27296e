// Program closures checks closures capturing variables by reference, Go 1.22
// per-iteration loop variables in for-3-clause and range loops (each closure
// and each goroutine sees its own copy), counter generators, recursive
// closures, and closures modifying captured variables after return.
package main

import (
	"fmt"
	"sync"
)

func counter() (func() int, func()) {
	n := 0
	return func() int { n++; return n }, func() { n = 100 }
}

func main() {
	var fs []func() int
	for i := 0; i < 4; i++ {
		fs = append(fs, func() int { return i * i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	// modifying the loop variable inside the body affects only this iteration's copy,
	// and the next iteration starts from the modified value
	var ptrs []*int
	for i := 0; i < 6; i++ {
		ptrs = append(ptrs, &i)
		i++
	}
	for _, p := range ptrs {
		fmt.Print(*p, " ")
	}
	fmt.Println()

	var rs []func() string
	for k, v := range []string{"a", "b", "c"} {
		rs = append(rs, func() string { return fmt.Sprint(k, v) })
	}
	for _, f := range rs {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	// goroutines capturing loop variables
	var wg sync.WaitGroup
	results := make([]int, 5)
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = i * 10
		}()
	}
	wg.Wait()
	fmt.Println(results)

	// shared captured variable
	x := 1
	add := func(d int) { x += d }
	add(5)
	add(10)
	fmt.Println(x)

	next, reset := counter()
	fmt.Println(next(), next(), next())
	reset()
	fmt.Println(next())
	next2, _ := counter()
	fmt.Println(next2(), next())

	// recursive closure
	var fib func(int) int
	fib = func(n int) int {
		if n < 2 {
			return n
		}
		return fib(n-1) + fib(n-2)
	}
	fmt.Println(fib(20))

	// closure over named results
	f := func() (r int) {
		defer func() { r *= 2 }()
		r = 21
		return
	}
	fmt.Println(f())

	// closures in a map
	ops := map[string]func(int, int) int{
		"add": func(a, b int) int { return a + b },
		"sub": func(a, b int) int { return a - b },
		"mul": func(a, b int) int { return a * b },
	}
	for _, name := range []string{"add", "mul", "sub"} {
		fmt.Print(name, "=", ops[name](7, 3), " ")
	}
	fmt.Println()

	// closure capturing array by reference vs copy
	arr := [3]int{1, 2, 3}
	byRef := func() int { return arr[0] }
	cp := arr
	byVal := func() int { return cp[0] }
	arr[0] = 9
	fmt.Println(byRef(), byVal())

	// function composition
	compose := func(fs ...func(int) int) func(int) int {
		return func(v int) int {
			for _, f := range fs {
				v = f(v)
			}
			return v
		}
	}
	inc := func(v int) int { return v + 1 }
	dbl := func(v int) int { return v * 2 }
	fmt.Println(compose(inc, dbl, inc)(5), compose()(5), compose(dbl, dbl, dbl)(1))

	// loop variable in labeled nested loops with closures
	var pairs []func() [2]int
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if j > i {
				continue outer
			}
			pairs = append(pairs, func() [2]int { return [2]int{i, j} })
		}
	}
	for _, p := range pairs {
		fmt.Print(p(), " ")
	}
	fmt.Println()

	// immediately invoked
	y := func(a int) int { return a * a }(12)
	fmt.Println(y)
}
