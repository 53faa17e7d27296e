// Program generics checks type parameters: generic functions with
// constraints (comparable, cmp.Ordered, custom unions with ~), generic types
// with methods (Stack, Pair, Tree), instantiation with several types
// (including structs, pointers and interfaces), type inference, generic
// closures, zero values, type switches on generic values, and constraint
// methods.
package main

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

type Number interface {
	~int | ~int8 | ~int32 | ~int64 | ~uint8 | ~float32 | ~float64
}

type MyInt int

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[S ~[]E, E any](s S, keep func(E) bool) S {
	var out S
	for _, e := range s {
		if keep(e) {
			out = append(out, e)
		}
	}
	return out
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func Index[T comparable](xs []T, v T) int {
	for i, x := range xs {
		if x == v {
			return i
		}
	}
	return -1
}

func MaxOf[T cmp.Ordered](xs ...T) (T, error) {
	var zero T
	if len(xs) == 0 {
		return zero, errors.New("empty")
	}
	m := xs[0]
	for _, x := range xs[1:] {
		if x > m {
			m = x
		}
	}
	return m, nil
}

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}
func (s Stack[T]) Len() int { return len(s.items) }

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprintf("%v=>%v", p.Key, p.Val) }

type Tree[T cmp.Ordered] struct {
	root *node[T]
	size int
}

type node[T cmp.Ordered] struct {
	val         T
	left, right *node[T]
}

func (t *Tree[T]) Insert(v T) bool {
	p := &t.root
	for *p != nil {
		switch c := cmp.Compare(v, (*p).val); {
		case c < 0:
			p = &(*p).left
		case c > 0:
			p = &(*p).right
		default:
			return false
		}
	}
	*p = &node[T]{val: v}
	t.size++
	return true
}

func (t *Tree[T]) Walk(f func(T)) { walk(t.root, f) }

func walk[T cmp.Ordered](n *node[T], f func(T)) {
	if n == nil {
		return
	}
	walk(n.left, f)
	f(n.val)
	walk(n.right, f)
}

type Stringish interface {
	~string
	Len() int
}

type Name string

func (n Name) Len() int { return len(n) }

func Longest[T Stringish](xs []T) T {
	var best T
	for _, x := range xs {
		if x.Len() > best.Len() {
			best = x
		}
	}
	return best
}

func Describe[T any](v T) string {
	switch x := any(v).(type) {
	case int:
		return "int:" + strconv.Itoa(x)
	case string:
		return "string:" + x
	case fmt.Stringer:
		return "stringer:" + x.String()
	}
	return fmt.Sprintf("other:%T", v)
}

func Zero[T any]() T {
	var z T
	return z
}

func Keys[M ~map[K]V, K cmp.Ordered, V any](m M) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	// insertion sort to stay self-contained
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

type List[T any] struct {
	head *elem[T]
}
type elem[T any] struct {
	v    T
	next *elem[T]
}

func (l *List[T]) Prepend(v T) *List[T] { l.head = &elem[T]{v, l.head}; return l }
func (l *List[T]) All() []T {
	var out []T
	for e := l.head; e != nil; e = e.next {
		out = append(out, e.v)
	}
	return out
}

func main() {
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2.25), Sum[int8](100, 100), Sum(MyInt(4), MyInt(5)), Sum[uint8](200, 100))
	fmt.Printf("%T %T\n", Sum(MyInt(1)), Sum[float32](1, 2))
	strs := Map([]int{1, 2, 3}, func(i int) string { return strings.Repeat("*", i) })
	fmt.Println(strs, len(strs))
	evens := Filter([]int{1, 2, 3, 4, 5, 6}, func(i int) bool { return i%2 == 0 })
	fmt.Println(evens, Reduce(evens, "", func(a string, i int) string { return a + strconv.Itoa(i) }))
	fmt.Println(Index([]string{"a", "b", "c"}, "c"), Index([]float64{1.5}, 2), Index([]Pair[string, int]{{"x", 1}}, Pair[string, int]{"x", 1}))
	m, err := MaxOf(3, 9, 2)
	fmt.Println(m, err)
	ms, err := MaxOf("pear", "apple", "zoo")
	fmt.Println(ms, err)
	mf, err := MaxOf[float64]()
	fmt.Println(mf, err)

	var st Stack[string]
	st.Push("a")
	st.Push("b")
	v, ok := st.Pop()
	fmt.Println(v, ok, st.Len())
	var sp Stack[*Pair[int, []string]]
	sp.Push(&Pair[int, []string]{1, []string{"x"}})
	p, _ := sp.Pop()
	_, ok = sp.Pop()
	fmt.Println(p.Key, p.Val, ok, p)

	var t Tree[string]
	for _, w := range strings.Fields("m c x a d z m c") {
		t.Insert(w)
	}
	var words []string
	t.Walk(func(s string) { words = append(words, s) })
	fmt.Println(words, t.size)
	var ti Tree[float64]
	for _, f := range []float64{3.5, -1, 2, 3.5} {
		ti.Insert(f)
	}
	ti.Walk(func(f float64) { fmt.Print(f, " ") })
	fmt.Println()

	fmt.Println(Longest([]Name{"al", "bobby", "cy"}))
	fmt.Println(Describe(5), Describe("s"), Describe(Pair[string, bool]{"k", true}), Describe(3.5), Describe([]int{}))
	fmt.Printf("%q %v %v %v\n", Zero[string](), Zero[*int]() == nil, Zero[[2]bool](), Zero[Pair[int, int]]())
	fmt.Println(Keys(map[string]int{"b": 1, "a": 2, "c": 3}), Keys(map[int]bool{3: true, -1: false}))

	l := &List[rune]{}
	l.Prepend('c').Prepend('b').Prepend('a')
	fmt.Println(string(l.All()))

	// generic closure and instantiated function values
	double := func(x int) int { return x * 2 }
	mapper := Map[int, int]
	fmt.Println(mapper([]int{1, 2}, double))
	fmt.Printf("%T\n", mapper)
	pairs := Map([]string{"x", "yy"}, func(s string) Pair[string, int] { return Pair[string, int]{s, len(s)} })
	fmt.Println(pairs)
}
