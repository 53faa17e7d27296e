// Program interfaces checks interface values: typed nil pointer in an
// interface is not nil, interface equality (dynamic type and value),
// type switches (multiple types per case, nil case, default), assertions
// with comma-ok, assertions to interfaces, embedded interfaces, and
// interface holding structs compared by value.
package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

type Shape interface {
	Area() float64
	Perimeter() float64
}

type Named interface{ Name() string }

type NamedShape interface {
	Shape
	Named
}

type Rect struct{ W, H float64 }

func (r Rect) Area() float64      { return r.W * r.H }
func (r Rect) Perimeter() float64 { return 2 * (r.W + r.H) }
func (r Rect) Name() string       { return "rect" }

type Circle struct{ R float64 }

func (c *Circle) Area() float64      { return 3 * c.R * c.R }
func (c *Circle) Perimeter() float64 { return 6 * c.R }

type MyErr struct{ msg string }

func (e *MyErr) Error() string { return e.msg }

func mayFail(fail bool) error {
	var e *MyErr
	if fail {
		e = &MyErr{"failed"}
	}
	return e // typed nil when !fail
}

func properly(fail bool) error {
	if fail {
		return &MyErr{"failed"}
	}
	return nil
}

func classify(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprintf("integer %v (%T)", x, x)
	case string:
		return "string of len " + fmt.Sprint(len(x))
	case error:
		return "error " + x.Error()
	case fmt.Stringer:
		return "stringer " + x.String()
	case []int:
		return fmt.Sprint("slice ", len(x))
	case func() int:
		return fmt.Sprint("func returning ", x())
	case NamedShape:
		return "named shape " + x.Name()
	case Shape:
		return fmt.Sprintf("shape area %.1f", x.Area())
	default:
		return fmt.Sprintf("other %T", x)
	}
}

type strg int

func (s strg) String() string { return fmt.Sprintf("strg<%d>", int(s)) }

func main() {
	e1 := mayFail(false)
	fmt.Println("typed nil == nil:", e1 == nil, e1 != nil)
	fmt.Printf("%v %T\n", e1, e1)
	e2 := properly(false)
	fmt.Println("untyped nil == nil:", e2 == nil)
	fmt.Println(mayFail(true), properly(true), mayFail(true) == properly(true))

	var s Shape
	fmt.Println(s == nil)
	var c *Circle
	s = c
	fmt.Println(s == nil, s != nil)
	s = &Circle{2}
	fmt.Println(s.Area(), s.Perimeter())

	// equality
	var a1, a2 any = 3, 3
	var a3 any = int64(3)
	fmt.Println(a1 == a2, a1 == a3, a1 == any(3.0), any("x") == any("x"))
	var sh1, sh2 Shape = Rect{1, 2}, Rect{1, 2}
	fmt.Println(sh1 == sh2, sh1 == Shape(Rect{2, 1}))
	ci := &Circle{1}
	var sh3, sh4 Shape = ci, ci
	fmt.Println(sh3 == sh4, sh3 == Shape(&Circle{1}))
	var err1 error = io.EOF
	fmt.Println(err1 == io.EOF, errors.Is(fmt.Errorf("x: %w", io.EOF), io.EOF))

	// type switches
	vals := []any{nil, 42, int64(7), "hello", errors.New("boom"), strg(5), []int{1, 2}, func() int { return 9 }, Rect{2, 3}, &Circle{1}, Circle{1}, 3.5, map[string]int{}}
	for _, v := range vals {
		fmt.Println(classify(v))
	}

	// assertions
	var x any = Rect{3, 4}
	r, ok := x.(Rect)
	fmt.Println(r, ok)
	_, ok = x.(*Rect)
	fmt.Println(ok)
	ns, ok := x.(NamedShape)
	fmt.Println(ok, ns.Name(), ns.Area())
	_, ok = x.(io.Reader)
	fmt.Println(ok)
	var rd io.Reader = strings.NewReader("abc")
	_, isWriter := rd.(io.Writer)
	_, isByteReader := rd.(io.ByteReader)
	fmt.Println(isWriter, isByteReader)

	// embedded interfaces satisfy smaller ones
	var nsh NamedShape = Rect{1, 1}
	var small Named = nsh
	var sshape Shape = nsh
	fmt.Println(small.Name(), sshape.Perimeter())

	// interface holding a struct is a copy
	rr := Rect{1, 1}
	var held any = rr
	rr.W = 100
	fmt.Println(held.(Rect).W, rr.W)

	// method value through interface
	f := sshape.Area
	fmt.Println(f())

	// interfaces in maps
	reg := map[string]Shape{"r": Rect{2, 2}, "c": &Circle{1}}
	total := 0.0
	for _, k := range []string{"c", "r"} {
		total += reg[k].Area()
	}
	fmt.Println(total)

	// comparison with a typed nil interface
	var pe *MyErr
	var errIface error = pe
	fmt.Println(errIface == (*MyErr)(nil), errIface == error(nil))
	fmt.Printf("%T %v\n", classify, any(nil))
}
