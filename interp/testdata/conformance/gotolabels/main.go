// Program gotolabels checks goto (forward and backward), labeled break and
// continue in nested for loops, labeled break out of switch and select
// inside loops, switch fallthrough, switch without condition, switch with
// init statement, and case lists.
package main

import "fmt"

func collatz(n int) int {
	steps := 0
loop:
	if n == 1 {
		goto done
	}
	if n%2 == 0 {
		n /= 2
	} else {
		n = 3*n + 1
	}
	steps++
	goto loop
done:
	return steps
}

func grade(score int) string {
	switch {
	case score >= 90:
		return "A"
	case score >= 80:
		return "B"
	case score >= 70:
		return "C"
	default:
		return "F"
	}
}

func fall(n int) []string {
	var out []string
	switch n {
	case 0:
		out = append(out, "zero")
		fallthrough
	case 1:
		out = append(out, "one")
		fallthrough
	case 2:
		out = append(out, "two")
	case 3:
		out = append(out, "three")
		fallthrough
	default:
		out = append(out, "default")
	}
	return out
}

func main() {
	fmt.Println(collatz(27), collatz(1), collatz(97))

	// labeled continue and break
outer:
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			if j == 3 {
				continue outer
			}
			if i == 3 {
				break outer
			}
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println()

	// primes with labeled continue
	var primes []int
next:
	for n := 2; n < 50; n++ {
		for d := 2; d*d <= n; d++ {
			if n%d == 0 {
				continue next
			}
		}
		primes = append(primes, n)
	}
	fmt.Println(primes)

	// break out of a loop from inside a switch
	i := 0
loop:
	for {
		switch {
		case i > 4:
			break loop
		case i%2 == 0:
			i += 3
			continue
		}
		i++
		fmt.Print("i=", i, " ")
	}
	fmt.Println("end", i)

	// break out of select inside loop
	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	close(ch)
	count := 0
recv:
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				break recv
			}
			count += v
		}
	}
	fmt.Println("count", count)

	for _, n := range []int{0, 1, 2, 3, 4} {
		fmt.Println(n, fall(n))
	}
	for _, s := range []int{95, 85, 75, 10} {
		fmt.Print(grade(s))
	}
	fmt.Println()

	// switch with init and case lists, and type of switch on strings
	switch x := 5; x {
	case 1, 3, 5, 7, 9:
		fmt.Println(x, "odd")
	case 2, 4, 6, 8:
		fmt.Println(x, "even")
	}
	for _, w := range []string{"go", "rust", "zig", ""} {
		switch w {
		case "go", "zig":
			fmt.Print(w, ":short ")
		case "":
			fmt.Print("empty ")
		default:
			fmt.Print(w, ":other ")
		}
	}
	fmt.Println()

	// switch evaluation order: cases evaluated top to bottom, left to right, lazily
	calls := []string{}
	probe := func(name string, v int) int { calls = append(calls, name); return v }
	switch probe("tag", 2) {
	case probe("a", 1), probe("b", 2), probe("c", 3):
		calls = append(calls, "matched")
	case probe("d", 2):
		calls = append(calls, "not reached")
	}
	fmt.Println(calls)

	// goto skipping forward inside a loop
	sum := 0
	for k := 0; k < 10; k++ {
		if k%3 == 0 {
			goto skip
		}
		sum += k
	skip:
	}
	fmt.Println("sum", sum)

	// labeled continue in a range over string
	vowels := 0
chars:
	for _, r := range "programming language" {
		for _, v := range "aeiou" {
			if r == v {
				vowels++
				continue chars
			}
		}
	}
	fmt.Println("vowels", vowels)
}
