// Program runtimeerrors checks Go's exact runtime error messages, each
// recovered and printed via err.Error(): index out of range (slices, arrays,
// strings, negative index), slice bounds (with length/capacity, inverted
// bounds, 3-index), nil map write, nil pointer dereference (field, method,
// array pointer), interface conversion, integer divide by zero, closed
// channel operations, negative make sizes, and slice-to-array conversions.
package main

import (
	"errors"
	"fmt"
	"runtime"
)

type S struct{ F int }

func (s *S) Get() int { return s.F }

func check(name string, f func()) {
	defer func() {
		r := recover()
		if err, ok := r.(runtime.Error); ok {
			fmt.Printf("%-22s runtime.Error: %s\n", name, err.Error())
		} else if err, ok := r.(error); ok {
			fmt.Printf("%-22s error: %s\n", name, err.Error())
		} else {
			fmt.Printf("%-22s value: %v\n", name, r)
		}
	}()
	f()
}

//go:noinline
func idx(n int) int { return n }

func main() {
	s := []int{1, 2, 3}
	arr := [3]int{}
	str := "abc"
	check("slice index", func() { _ = s[idx(5)] })
	check("slice index neg", func() { _ = s[idx(-1)] })
	check("array index", func() { arr[idx(3)] = 1 })
	check("string index", func() { _ = str[idx(10)] })
	check("slice high", func() { _ = s[:idx(5)] })
	check("slice low>high", func() { _ = s[idx(2):idx(1)] })
	check("slice low>len", func() { _ = s[idx(4):] })
	check("slice3 max", func() { _ = s[0:1:idx(10)] })
	check("slice3 high>max", func() { _ = s[0:idx(3):2] })
	check("string slice", func() { _ = str[idx(1):idx(7)] })
	check("string slice inv", func() { _ = str[idx(2):idx(1)] })
	check("nil map", func() {
		var m map[string][]int
		m["k"] = nil
	})
	check("nil ptr field", func() {
		var p *S
		p.F = 1
	})
	check("nil ptr method", func() {
		var p *S
		_ = p.Get()
	})
	check("nil array ptr", func() {
		var p *[4]int
		_ = p[idx(1)]
	})
	check("nil array ptr len ok", func() {
		var p *[4]int
		fmt.Println("len of nil *[4]int:", len(p))
		for i := range p {
			_ = i
		}
		panic("no panic from len/range-index")
	})
	check("nil func call", func() {
		var f func(int) int
		_ = f(1)
	})
	check("iface conversion", func() {
		var x any = 3.5
		_ = x.(string)
	})
	check("divide", func() { _ = 1 / idx(0) })
	check("close nil chan", func() {
		var c chan int
		close(c)
	})
	check("close closed", func() {
		c := make(chan int)
		close(c)
		close(c)
	})
	check("send on closed", func() {
		c := make(chan int, 1)
		close(c)
		c <- 1
	})
	check("makeslice len", func() { _ = make([]int, idx(-1)) })
	check("makeslice cap", func() { _ = make([]int, 5, idx(2)) })
	check("makechan", func() { _ = make(chan int, idx(-3)) })
	check("slice to array", func() { _ = [4]int(s) })
	check("slice to array ptr", func() { _ = (*[5]int)(s) })
	check("custom errors.New", func() { panic(errors.New("custom")) })
	check("fmt.Errorf", func() { panic(fmt.Errorf("wrapped: %w", errors.New("inner"))) })

	// is it a runtime.Error and also an error
	var err error
	func() {
		defer func() { err = recover().(error) }()
		var m map[int]int
		m[1]++
	}()
	_, isRT := err.(runtime.Error)
	fmt.Println(err, isRT)
}
