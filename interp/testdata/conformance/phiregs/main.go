// Program phiregs exercises loops whose phis share a register with the
// values that flow into them (the interpreter's coalescePhis): counters,
// accumulators, rotations of several phis at once, values used after
// their loop, several back edges, and float and narrow integer phis; and
// the webs of phis that liveness lets share one register: updates on one
// branch of a loop's body, values live past a loop's exit, and stores
// whose address is computed before a phi's next value but read after it.
package main

import "fmt"

//go:noinline
func fibIter(n int) int {
	a, b := 0, 1 // a's next value is b: the phis read each other
	for i := 0; i < n; i++ {
		a, b = b, a+b
	}
	return a
}

//go:noinline
func fibBelow(limit int) (int, int) {
	a, b := 0, 1
	for b < limit {
		a, b = b, a+b // a+b ends the body: its phi's old value moves to a
	}
	return a, b
}

type celsius float64

//go:noinline
func warm(n int) (celsius, float64) {
	t := 0.5
	var last celsius
	for t < float64(n) {
		last = celsius(t) // a ChangeType of the phi
		t = t*2 + 1
	}
	return last, t
}

//go:noinline
func rotate3(n int) (int, int, int) {
	x, y, z := 1, 2, 3
	for i := 0; i < n; i++ {
		x, y, z = y, z, x+10
	}
	return x, y, z
}

//go:noinline
func sumAndLast(xs []int) (sum, last, count int) {
	for _, x := range xs {
		sum += x
		last = sum // the accumulator's value, used after the add
		count++
	}
	return sum, last, count
}

//go:noinline
func continues(n int) (evens, odds int) {
	for i := 0; i < n; i++ {
		if i%3 == 0 {
			evens += i
			continue // a second back edge into the header
		}
		odds += 2 * i
	}
	return
}

//go:noinline
func nested(n int) int {
	total := 0
	for i := 0; i < n; i++ {
		row := 0
		for j := i; j < n; j += i + 1 {
			row += j * i
		}
		total += row - i
	}
	return total
}

//go:noinline
func floats(n int) (float64, float32) {
	var s float64
	var t float32 = 1
	for i := 1; i <= n; i++ {
		s += 1 / float64(i)
		t *= 1.0001
	}
	return s, t
}

//go:noinline
func narrow(n int) (int8, uint16) {
	var a int8
	var b uint16 = 65000
	for i := 0; i < n; i++ {
		a += 7
		b += 333
	}
	return a, b
}

//go:noinline
func oldAndNew(n int) []int {
	var out []int
	i := 0
	for i < n {
		old := i
		i = i*2 + 1 // the old value is used after the new is computed
		out = append(out, old, i)
	}
	return out
}

//go:noinline
func closureSeesCounter(n int) []int {
	var fs []func() int
	for i := 0; i < n; i++ { // per-iteration i (Go 1.22)
		fs = append(fs, func() int { return i * i })
	}
	var out []int
	for _, f := range fs {
		out = append(out, f())
	}
	return out
}

//go:noinline
func swapLoop(n int) (int, int) {
	lo, hi := 0, 100
	for lo < hi && n > 0 {
		lo, hi = hi-1, lo+2
		n--
	}
	return lo, hi
}

//go:noinline
func whileDown(n uint) (steps int, rest uint) {
	for n > 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	return steps, n
}

//go:noinline
func countOnBranch(flags []bool) (count, sum int) {
	for i := 0; i < len(flags); i++ {
		if !flags[i] { // count and sum: phis at the header and at the merge
			count++
			sum += i
		}
	}
	return count, sum
}

//go:noinline
func storeAndStep(s []int) []int {
	i := 0
	for i < len(s)-1 {
		// The store's address &s[i] is computed before i+1 and read
		// after it (a fused address): i and i+1 are both live there.
		s[i], i = i*10, i+1
	}
	return s
}

//go:noinline
func ptrThenStep(s []int) []int {
	i := 0
	for i < len(s) {
		p := &s[i] // fused into the store: it reads i there, after i+1
		i++
		*p = i * 7
	}
	return s
}

//go:noinline
func fieldAndStep(ps []struct{ a, b int }) int {
	j := 0
	for k := range ps {
		ps[k].a, j = j, j+k
		ps[k].b = j
	}
	return j
}

//go:noinline
func exitReadsOld(n int) (int, int) {
	i, prev := 0, -1
	for {
		next := i + 3
		if next > n {
			return i, prev // i is live on the exit, after next is computed
		}
		prev = i
		i = next
	}
}

//go:noinline
func chain(n int) (int, int) {
	a, b := 1, 1
	for i := 0; i < n; i++ {
		c := a
		if i%2 == 0 {
			c = a + b // c: a phi of a and a+b, flowing into a
		}
		b = a
		a = c
	}
	return a, b
}

//go:noinline
func maxRun(xs []int) (best, run int) {
	for k, x := range xs {
		if k > 0 && x == xs[k-1] {
			run++
		} else {
			run = 1
		}
		if run > best {
			best = run
		}
	}
	return best, run
}

func main() {
	fmt.Println("fib", fibIter(50))
	fmt.Println(fibBelow(1000))
	fmt.Println(warm(100))
	fmt.Println(rotate3(7))
	fmt.Println(sumAndLast([]int{3, 1, 4, 1, 5, 9, 2, 6}))
	fmt.Println(continues(50))
	fmt.Println("nested", nested(40))
	fmt.Println(floats(1000))
	fmt.Println(narrow(1000))
	fmt.Println(oldAndNew(100))
	fmt.Println(closureSeesCounter(5))
	fmt.Println(swapLoop(30))
	fmt.Println(whileDown(27))
	fmt.Println(countOnBranch([]bool{true, false, false, true, false, true, true, false}))
	fmt.Println(storeAndStep([]int{5, 5, 5, 5, 5, 5}))
	fmt.Println(ptrThenStep(make([]int, 5)))
	ps := make([]struct{ a, b int }, 6)
	fmt.Println(fieldAndStep(ps), ps)
	fmt.Println(exitReadsOld(20))
	fmt.Println(chain(20))
	fmt.Println(maxRun([]int{1, 1, 2, 2, 2, 3, 3, 3, 3, 1}))
}
