// Program fmtverbs checks fmt formatting: %v %+v %#v %T %q %x %X %o %b %e
// %g %08.3f %-5d %5s %.2s %c %U %p-free pointers (&{...}), width and
// precision from '*' arguments, flags (+, space, #, 0, -), Stringer, error
// and GoStringer types, Formatter, nested structs, nil values, bad verbs,
// missing/extra arguments, Sprint spacing rules, Sscanf and Sprintln.
package main

import (
	"errors"
	"fmt"
	"os"
	"time"
)

type Point struct {
	X, Y int
}

type Named struct {
	Name  string
	Tags  []string
	Inner *Point
	M     map[string]int
	Any   any
	f     float64
}

type Color int

const (
	Red Color = iota
	Green
	Blue
)

func (c Color) String() string {
	switch c {
	case Red:
		return "Red"
	case Green:
		return "Green"
	case Blue:
		return "Blue"
	}
	return fmt.Sprintf("Color(%d)", int(c))
}

type Temp float64

func (t Temp) Format(f fmt.State, verb rune) {
	prec, ok := f.Precision()
	if !ok {
		prec = 1
	}
	w, _ := f.Width()
	fmt.Fprintf(f, "%*.*f°(%c,plus=%v)", w, prec, float64(t), verb, f.Flag('+'))
}

type Secret string

func (s Secret) GoString() string { return `Secret("***")` }

type E struct{ code int }

func (e *E) Error() string { return fmt.Sprintf("E%d", e.code) }

func main() {
	p := Point{1, -2}
	pp := &p
	n := Named{Name: "n", Tags: []string{"a", "b"}, Inner: nil, M: map[string]int{"z": 1, "a": 2}, Any: 5, f: 1.5}
	fmt.Printf("%v|%+v|%#v|%T\n", p, p, p, p)
	fmt.Printf("%v|%+v|%T\n", pp, pp, pp)
	fmt.Printf("%v\n%+v\n", n, n)
	n.Inner = &Point{3, 4}
	fmt.Printf("%v %+v\n", *n.Inner, n.Inner)
	fmt.Printf("%#v\n", n.Tags)
	fmt.Printf("%#v %#v %#v %#v\n", n.M, "q\"s", 42, []any{1, "a", nil, 2.5})
	fmt.Printf("%T %T %T %T %T %T\n", n.M, n.Any, nil, errors.New("x"), main, [2]chan<- int{})

	// integers
	fmt.Printf("[%d] [%5d] [%-5d] [%05d] [%+d] [% d] [%x] [%X] [%#x] [%o] [%#o] [%O] [%b] [%c] [%U] [%#U] [%q]\n",
		42, 42, 42, -42, 42, 42, 255, 255, 255, 8, 8, 8, 5, 'G', 0x1F600, 'x', 'y')
	fmt.Printf("[%8.3d] [%-8.3d|] [%x] [% x] [%#X]\n", 7, 7, -255, []byte{1, 171, 255}, "hi")

	// floats
	f := 3.14159265
	fmt.Printf("[%f] [%.2f] [%8.3f] [%08.3f] [%-8.2f] [%+.1e] [%g] [%G] [%.3g] [%10.4g] [%v]\n",
		f, f, f, f, f, f, f, 1e-10, f, 123456.789, 1e21)
	fmt.Printf("[%6.2f] [%x] [%.0f] [%.0f] [%.0f] [%5.1f%%]\n", -0.005, 1.0, 0.5, 1.5, 2.5, 99.44)
	fmt.Printf("[%v] [%v] [%.2f] [%v]\n", float32(0.1), 1.0, 1e6, 100000000.0)

	// strings
	s := "héllo\n"
	fmt.Printf("[%s] [%q] [%+q] [%#q] [%x] [% X] [%10s] [%-10s] [%.3s] [%5.1s]\n", "go", s, s, "raw`q", "go", "go", "right", "left", "truncate", "xyz")
	fmt.Printf("[%s] [%v] [%q] [%s]\n", []string{"a", "b"}, []byte("hi"), []string{"x y", "z"}, []byte("bytes"))

	// star width and precision
	fmt.Printf("[%*d] [%-*d] [%.*f] [%*.*f] [%*s]\n", 6, 42, 6, 42, 2, f, 10, 3, f, -6, "neg")

	// booleans, pointers-to-structs, nil
	var np *Point
	var ni any
	var ns []int
	var nm map[string]int
	var nerr error
	fmt.Printf("%v %t %v %v %v %v %v %+v\n", true, false, np, ni, ns, nm, nerr, &[]int{1})
	fmt.Printf("%v %+v %v\n", &struct{ A *int }{}, &n.Tags, &[2]string{"a", "b"})

	// Stringer / error / GoStringer / Formatter
	fmt.Printf("%v %s %d %q %x %v\n", Blue, Green, Blue, Red, Blue, Color(9))
	fmt.Println(Red, []Color{Green, Blue}, map[Color]int{Blue: 1, Red: 2})
	var err error = &E{404}
	fmt.Printf("%v %s %q %+v\n", err, err, err, err)
	fmt.Printf("%v %#v %s\n", Secret("pw"), Secret("pw"), Secret("pw"))
	fmt.Printf("[%v] [%8.2v] [%+v]\n", Temp(21.456), Temp(-3.14159), Temp(0))
	fmt.Printf("%v %s\n", time.Duration(1500)*time.Millisecond, 90*time.Second)

	// bad verbs, missing and extra args
	fmt.Printf("%d %s\n", "str", 5)
	fmt.Printf("%d %d\n", 1)
	fmt.Printf("%d\n", 1, 2)
	fmt.Printf("%!\n")
	fmt.Printf("%z %-+ 08.2f\n", 3, 4.5)

	// Sprint family spacing
	fmt.Println(fmt.Sprint("a", "b", 1, 2, "c", 3.0, 'x'))
	fmt.Print("x", 1, 2, "y\n")
	fmt.Print(1, 2, "\n")
	fmt.Println(fmt.Sprintln("end", 1) == "end 1\n")
	fmt.Fprintln(os.Stdout, "Fprintln", []any{nil, 1})

	// Sscanf / Sscan
	var a, b int
	var w string
	cnt, err := fmt.Sscanf("10-20 word", "%d-%d %s", &a, &b, &w)
	fmt.Println(cnt, err, a, b, w)
	var x float64
	var y string
	cnt, err = fmt.Sscan("3.5  hello", &x, &y)
	fmt.Println(cnt, err, x, y)
	_, err = fmt.Sscanf("abc", "%d", &a)
	fmt.Println(err)

	// Errorf with %w and multiple
	e1 := errors.New("e1")
	e2 := fmt.Errorf("ctx: %w (%d)", e1, 3)
	fmt.Printf("%v | %T\n", e2, e2)
	fmt.Printf("%v\n", fmt.Errorf("two: %w + %w", e1, err))

	// widths on composite values
	fmt.Printf("[%5v] [%-4v] [%03d] [%6.2f]\n", []int{1, 22}, [2]bool{true}, []int{1, 2}, []float64{1, 2.5})
	fmt.Printf("%v %v\n", struct {
		A int
		B []string
		C map[int]Point
	}{1, nil, map[int]Point{2: {1, 1}, 1: {0, 0}}}, [][]int{{1}, {2, 3}, nil})
	fmt.Printf("%s|%v|%d\n", &E{1}, []error{&E{2}, nil}, []Color{Red, Blue})
	fmt.Printf("%6.2f|%-8q|%x|%X\n", 2.0/3, 'r', "héllo", []string{"ab", "c"})
	fmt.Printf("%08b %o %x %X %#v\n", uint8(5), -8, uint64(1)<<63, int8(-1), uint8(200))
	fmt.Printf("%v %.3v %10.2e\n", complex(1, -2), complex(3.14159, 2.71828), 123456.0)
	fmt.Printf("%t %v %s\n", "notbool", struct{}{}, nil)
}
