// Program methods checks method values and method expressions: a method
// value binds a copy of a value receiver at evaluation time, a pointer
// receiver method value sees later changes, method expressions T.M and
// (*T).M, method values from interfaces, methods on non-struct named types,
// and auto address-taking/dereferencing.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Counter struct {
	name string
	n    int
}

func (c Counter) Get() string { return fmt.Sprintf("%s=%d", c.name, c.n) }
func (c *Counter) Inc()       { c.n++ }
func (c *Counter) Add(k int) int {
	c.n += k
	return c.n
}

type IntList []int

func (l IntList) Len() int           { return len(l) }
func (l IntList) Less(i, j int) bool { return l[i] > l[j] }
func (l IntList) Swap(i, j int)      { l[i], l[j] = l[j], l[i] }
func (l IntList) Sum() (s int) {
	for _, v := range l {
		s += v
	}
	return
}

type Op func(int, int) int

func (o Op) Apply(a, b int) int { return o(a, b) }

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

func main() {
	c := Counter{name: "c", n: 1}
	get := c.Get // receiver copied now
	inc := c.Inc // &c bound
	c.n = 10
	inc()
	inc()
	fmt.Println(get(), c.Get(), c.n)

	p := &c
	getp := p.Get // *p copied now
	p.n = 50
	fmt.Println(getp(), p.Get())

	// method expressions
	fget := Counter.Get
	finc := (*Counter).Inc
	fadd := (*Counter).Add
	fgetp := (*Counter).Get
	finc(&c)
	fmt.Println(fget(c), fadd(&c, 5), fgetp(&c))
	fmt.Printf("%T | %T | %T\n", fget, finc, fadd)

	// method values in a slice evaluated in a loop
	counters := []Counter{{"a", 0}, {"b", 100}}
	var getters []func() string
	var incs []func()
	for i := range counters {
		getters = append(getters, counters[i].Get)
		incs = append(incs, counters[i].Inc)
	}
	for _, f := range incs {
		f()
	}
	for _, g := range getters {
		fmt.Print(g(), " ")
	}
	fmt.Println(counters)

	// methods on slice types
	l := IntList{3, 1, 4, 1, 5, 9, 2, 6}
	sum := l.Sum
	sort.Sort(l)
	fmt.Println(l, sum(), IntList.Sum(l[:3]))

	// method on func type
	add := Op(func(a, b int) int { return a + b })
	apply := add.Apply
	fmt.Println(apply(2, 3), Op.Apply(func(a, b int) int { return a * b }, 4, 5))

	// method value via interface: binds the dynamic value at evaluation
	var s fmt.Stringer = Celsius(21.5)
	str := s.String
	s = Celsius(-3)
	fmt.Println(str(), s.String(), fmt.Stringer.String(Celsius(0)))

	// method values as arguments
	words := []string{"b", "a", "c"}
	b := &strings.Builder{}
	write := b.WriteString
	for _, w := range words {
		write(w)
		write(",")
	}
	fmt.Println(b.String(), b.Len())

	// method value on a value whose receiver is evaluated once
	calls := 0
	mk := func() *Counter {
		calls++
		return &Counter{name: "mk", n: calls}
	}
	m := mk().Add
	m(1)
	m(1)
	fmt.Println(calls, m(0))

	// nil pointer receiver method value: evaluation of value method panics
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var np *Counter
		f := np.Inc // fine: pointer method, no deref yet
		_ = f
		fmt.Println("pointer method value ok")
		g := np.Get // dereferences now
		fmt.Println("unreachable", g())
	}()
}
