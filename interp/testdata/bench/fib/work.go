// Package fib is a benchmark program: naive recursion.
package fib

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

// Run computes fib(n) naively and returns it as the checksum.
func Run(n int) int {
	return fib(n)
}
