// Package sieve is a benchmark program: loops over slices (sieve of
// Eratosthenes, then a prefix-sum pass and a small integer matrix product).
package sieve

// Run sieves the primes below n and multiplies two small matrices; it
// returns a checksum of both.
func Run(n int) int {
	composite := make([]bool, n+1)
	for i := 2; i*i <= n; i++ {
		if !composite[i] {
			for j := i * i; j <= n; j += i {
				composite[j] = true
			}
		}
	}
	count, sum := 0, 0
	for i := 2; i <= n; i++ {
		if !composite[i] {
			count++
			sum += i
		}
	}

	// Integer matrix product of size m×m built from the primes' count.
	m := 40
	a := make([][]int, m)
	b := make([][]int, m)
	c := make([][]int, m)
	for i := range m {
		a[i] = make([]int, m)
		b[i] = make([]int, m)
		c[i] = make([]int, m)
		for j := range m {
			a[i][j] = (i*j + count) % 17
			b[i][j] = (i + 3*j) % 13
		}
	}
	for i := range m {
		ai, ci := a[i], c[i]
		for k := range m {
			aik, bk := ai[k], b[k]
			for j := range m {
				ci[j] += aik * bk[j]
			}
		}
	}
	trace := 0
	for i := range m {
		trace += c[i][i] + c[i][m-1-i]
	}
	return count*1_000_003 + sum%1_000_000_007 + trace
}
