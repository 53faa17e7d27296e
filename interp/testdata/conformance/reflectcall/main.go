// Program reflectcall checks method values and calls through reflect:
// Value.Method, MethodByName (on values, pointers and interfaces),
// Value.Call and CallSlice (variadic functions, interface parameters,
// several results, closures) and the panics of wrong calls; Type's
// OverflowInt, OverflowUint and OverflowFloat.
package main

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
)

type T struct{ A int }

func (t T) Hello(s string) string { return fmt.Sprint("hello ", s, t.A) }
func (t *T) Inc(n int)            { t.A += n }
func (t T) Sum(xs ...int) (int, error) {
	s := t.A
	for _, x := range xs {
		s += x
	}
	if s < 0 {
		return s, errors.New("negative")
	}
	return s, nil
}
func (t T) String() string { return fmt.Sprintf("T(%d)", t.A) }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panic:", r)
		}
	}()
	f()
}

func main() {
	v := reflect.ValueOf(T{A: 7})
	fmt.Println(v.NumMethod(), v.Method(0).Type(), v.Method(0).Call([]reflect.Value{reflect.ValueOf("x")})[0])
	fmt.Println(v.MethodByName("Hello").Call([]reflect.Value{reflect.ValueOf("y")})[0].String())
	fmt.Println(v.MethodByName("Nope").IsValid())

	p := &T{A: 1}
	pv := reflect.ValueOf(p)
	pv.MethodByName("Inc").Call([]reflect.Value{reflect.ValueOf(5)})
	fmt.Println(p.A, pv.NumMethod())
	fmt.Println(pv.MethodByName("Hello").Call([]reflect.Value{reflect.ValueOf("z")})[0])

	out := v.MethodByName("Sum").Call([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf(2)})
	fmt.Println(len(out), out[0].Int(), out[1].IsNil())
	out = v.MethodByName("Sum").CallSlice([]reflect.Value{reflect.ValueOf([]int{-20, 3})})
	fmt.Println(out[0].Int(), out[1].Interface())
	out = v.MethodByName("Sum").Call(nil)
	fmt.Println(out[0].Int())

	var s fmt.Stringer = T{A: 3}
	iv := reflect.ValueOf(&s).Elem()
	fmt.Println(iv.Kind(), iv.NumMethod(), iv.Method(0).Call(nil)[0])

	m, ok := reflect.TypeOf(p).MethodByName("Inc")
	m.Func.Call([]reflect.Value{pv, reflect.ValueOf(10)})
	fmt.Println(m.Name, ok, p.A)

	k := 100
	add := func(a int, rest ...any) string {
		k++
		return fmt.Sprint(a+k, rest)
	}
	fv := reflect.ValueOf(add)
	fmt.Println(fv.Call([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf("a"), reflect.ValueOf(2.5)})[0])
	fmt.Println(fv.Call([]reflect.Value{reflect.ValueOf(1)})[0], k)
	up := reflect.ValueOf(strings.ToUpper)
	fmt.Println(up.Call([]reflect.Value{reflect.ValueOf("shout")})[0])

	fmt.Println(reflect.TypeOf(int8(0)).OverflowInt(200), reflect.TypeOf(int8(0)).OverflowInt(-128))
	fmt.Println(reflect.TypeOf(uint16(0)).OverflowUint(70000), reflect.TypeOf(float32(0)).OverflowFloat(1e39))
	try("overflow", func() { reflect.TypeOf("").OverflowInt(1) })

	try("few", func() { fv.Call(nil) })
	try("many", func() { up.Call([]reflect.Value{reflect.ValueOf("a"), reflect.ValueOf("b")}) })
	try("type", func() { up.Call([]reflect.Value{reflect.ValueOf(1)}) })
	try("notfunc", func() { reflect.ValueOf(3).Call(nil) })
	try("nilfunc", func() { reflect.ValueOf((func())(nil)).Call(nil) })
	try("index", func() { v.Method(9) })
	try("slice", func() { up.CallSlice([]reflect.Value{reflect.ValueOf("a")}) })

	// FieldByIndexErr (text/template's field lookup): a nil pointer to an
	// embedded struct on the path is an error, not a panic.
	type inner struct{ N int }
	type outer struct {
		*inner
		M int
	}
	for _, o := range []outer{{M: 1}, {inner: &inner{N: 7}, M: 2}} {
		f, err := reflect.ValueOf(o).FieldByIndexErr([]int{0, 0})
		fmt.Println(f.IsValid(), err)
		if err == nil {
			fmt.Println(f.Int())
		}
		g, err := reflect.ValueOf(o).FieldByIndexErr([]int{1})
		fmt.Println(g.Int(), err)
	}
}
