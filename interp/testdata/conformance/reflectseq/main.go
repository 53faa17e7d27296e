// Command reflectseq iterates through reflect: Type.CanSeq and CanSeq2,
// Value.Seq and Seq2 over integers, arrays, pointers to arrays, slices,
// strings, maps and iterator functions (not channels: refused), stopping early, and the panics of
// the types that cannot produce an iterator; and text/template ranging
// over integers and iterator functions.
package main

import (
	"fmt"
	"iter"
	"os"
	"reflect"
	"sort"
	"strings"
	"text/template"
)

type myInt int8

func count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i * 10) {
				fmt.Println("  count stopped at", i)
				return
			}
		}
	}
}

func pairs(n int) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for i := range n {
			if !yield(strings.Repeat("x", i), i) {
				return
			}
		}
	}
}

func show(name string, v any) {
	rv := reflect.ValueOf(v)
	fmt.Printf("%s: CanSeq %v CanSeq2 %v\n", name, rv.Type().CanSeq(), rv.Type().CanSeq2())
	if rv.Type().CanSeq() && rv.Kind() != reflect.Chan {
		var out []string
		for x := range rv.Seq() {
			out = append(out, fmt.Sprintf("%v:%s", x, x.Type()))
		}
		if rv.Kind() == reflect.Map {
			sort.Strings(out)
		}
		fmt.Println("  seq", out)
	}
	if rv.Type().CanSeq2() {
		var out []string
		for x, y := range rv.Seq2() {
			out = append(out, fmt.Sprintf("%v:%s=%v:%s", x, x.Type(), y, y.Type()))
		}
		if rv.Kind() == reflect.Map {
			sort.Strings(out)
		}
		fmt.Println("  seq2", out)
	}
}

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: panic: %v\n", name, r)
		}
	}()
	f()
}

func main() {
	show("int", 4)
	show("int8", int8(3))
	show("uint", uint(2))
	show("uintptr", uintptr(0))
	show("myInt", myInt(3))
	show("negative", -3)
	show("array", [3]string{"a", "b", "c"})
	show("ptr array", &[2]float64{1.5, 2.5})
	show("slice", []int{7, 8})
	show("nil slice", []int(nil))
	show("string", "héllo")
	show("map", map[string]int{"a": 1, "b": 2, "c": 3})
	show("seq", count(3))
	show("seq2", pairs(3))
	show("func", func(int) {})
	show("struct", struct{ A int }{})
	show("chan", make(chan int))
	show("ptr int", new(int))

	// Early stop.
	for x := range reflect.ValueOf(count(10)).Seq() {
		if x.Int() == 20 {
			break
		}
		fmt.Println("early", x)
	}
	for x, y := range reflect.ValueOf([]string{"p", "q", "r"}).Seq2() {
		fmt.Println("early2", x, y)
		if y.String() == "q" {
			break
		}
	}
	// Elements are read when produced; settable through Index.
	s := []int{1, 2, 3}
	for i, e := range reflect.ValueOf(s).Seq2() {
		if i.Int() == 0 {
			s[2] = 30
		}
		e.SetInt(e.Int() * 2)
	}
	fmt.Println(s)

	try("seq struct", func() { reflect.ValueOf(struct{}{}).Seq() })
	try("seq2 int", func() { reflect.ValueOf(3).Seq2() })
	try("seq2 seq", func() { reflect.ValueOf(count(1)).Seq2() })

	tmpl := template.Must(template.New("t").Parse(
		"{{range $v := 3}}[{{printf \"%T%d\" $v $v}}]{{end}} " +
			"{{range $i := .Seq}}<{{$i}}>{{end}} " +
			"{{range $k, $v := .Seq2}}({{$k}}={{$v}}){{end}} " +
			"{{range .Empty}}x{{else}}empty{{end}}\n"))
	err := tmpl.Execute(os.Stdout, map[string]any{"Seq": count(3), "Seq2": pairs(2), "Empty": count(0)})
	if err != nil {
		fmt.Println(err)
	}
}
