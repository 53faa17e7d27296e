package interp

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The reflect model is exercised through fmt, errors, sort and reflect run
// from their real source: each program's interpreted output must equal
// what the compiled program prints.

// runReflectProgram writes src as a main package in a fresh module, runs
// it natively with the go command and interpreted, and compares stdout,
// stderr and the exit code.
func runReflectProgram(t *testing.T, src string) {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not available")
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module reflprog\n\ngo 1.26\n"), 0o666))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o666))

	cmd := exec.Command(goCmd, "run", ".")
	cmd.Dir = dir
	var wantOut, wantErr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &wantOut, &wantErr
	wantCode := 0
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		require.True(t, ok, "go run: %v\n%s", err, wantErr.String())
		wantCode = ee.ExitCode()
	}

	prog, err := Load(Config{Dir: dir}, ".")
	require.NoError(t, err)
	require.Len(t, prog.Mains(), 1)
	var out, ebuf bytes.Buffer
	code, err := prog.RunMain(prog.Mains()[0], RunOptions{Stdout: &out, Stderr: &ebuf})
	require.NoError(t, err, "stdout so far:\n%s", out.String())
	assert.Equal(t, wantOut.String(), out.String(), "stdout")
	assert.Equal(t, wantErr.String(), ebuf.String(), "stderr")
	assert.Equal(t, wantCode, code, "exit code")
}

func TestReflectFmt(t *testing.T) {
	runReflectProgram(t, reflectFmtProgram)
}

func TestReflectSortDeepEqual(t *testing.T) {
	runReflectProgram(t, reflectSortProgram)
}

func TestReflectAPI(t *testing.T) {
	runReflectProgram(t, reflectAPIProgram)
}

func TestReflectErrors(t *testing.T) {
	runReflectProgram(t, reflectErrorsProgram)
}

func TestReflectScanAndMore(t *testing.T) {
	runReflectProgram(t, reflectScanProgram)
}

func TestReflectTypes(t *testing.T) {
	runReflectProgram(t, reflectTypesProgram)
}

func TestReflectRefusesMakeFunc(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module reflcall\n\ngo 1.26\n"), 0o666))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(`package main

import "reflect"

func main() {
	var f func(int) int
	reflect.MakeFunc(reflect.TypeOf(f), func(in []reflect.Value) []reflect.Value { return in })
}
`), 0o666))
	prog, err := Load(Config{Dir: dir}, ".")
	require.NoError(t, err)
	_, err = prog.RunMain(prog.Mains()[0], RunOptions{})
	var ue *UnsupportedError
	require.ErrorAs(t, err, &ue)
	assert.Contains(t, ue.What, "reflect.MakeFunc")
}

const reflectFmtProgram = `package main

import (
	"errors"
	"fmt"
	"os"
)

type Point struct {
	X, Y int
	name string
}

type Inner struct {
	A []int
	B map[string]int
}

type Outer struct {
	I   Inner
	P   *Point
	E   error
	Any any
	f   float64
}

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type MyErr struct{ Code int }

func (e *MyErr) Error() string { return fmt.Sprintf("myerr %d", e.Code) }

type Color int

const (
	Red Color = iota
	Green
)

func (c Color) String() string {
	switch c {
	case Red:
		return "Red"
	case Green:
		return "Green"
	}
	return "Color(" + fmt.Sprint(int(c)) + ")"
}

func main() {
	p := Point{1, 2, "pt"}
	fmt.Printf("%v %+v %#v %T\n", p, p, p, p)
	fmt.Printf("%v %+v %T\n", &p, &p, &p)
	o := Outer{I: Inner{A: []int{1, 2, 3}, B: map[string]int{"z": 26, "a": 1, "m": 13}}, E: &MyErr{7}, Any: 3.5, f: 2.25}
	fmt.Printf("%v\n%+v\n", o, o)
	fmt.Printf("%#v\n", o.I)
	var np *Point
	var ne error
	var na any
	fmt.Println(np, ne, na, nil)
	fmt.Printf("%v %d %s %q %x\n", 42, 42, "str", "quoted", 255)
	fmt.Printf("%5d|%-5d|%05d|%x|%X|%o|%b|%c|%U\n", 42, 42, 42, 3054, 3054, 8, 5, 'A', 0x1F600)
	fmt.Printf("%f %.2f %e %g %v %v\n", 3.14159, 3.14159, 1234.5678, 0.000012, 1e21, 0.1)
	fmt.Printf("%v %v\n", complex(1, 2), []float64{1.5, 2})
	fmt.Printf("%s %x %X % x %q %v\n", []byte("hi"), []byte("hi"), []byte{1, 171}, []byte("abc"), []byte("q"), []byte("ab"))
	fmt.Printf("%v %v %d\n", [3]int{1, 2, 3}, [2]bool{true, false}, []int8{-1, 2})
	fmt.Printf("%v\n", map[int]string{3: "c", 1: "a", 2: "b"})
	fmt.Printf("%v\n", map[Color][]int{Green: {2}, Red: {1}})
	fmt.Println(Celsius(21.5), Red, Green, Color(5))
	fmt.Printf("%v %s %d\n", Red, Green, Green)
	fmt.Println(&MyErr{3}, error(&MyErr{4}))
	fmt.Printf("%q\n", []string{"a", "b c"})
	fmt.Printf("%v %v\n", struct{}{}, []struct{ A int }{{1}, {2}})
	fmt.Printf("%#v %#v %#v\n", []int(nil), map[string]int(nil), []string{"x"})
	fmt.Printf("%t %v\n", true, false)
	fmt.Printf("%6.2f|%-8s|%8s|%x\n", 3.14159, "ab", "cd", "hello")
	fmt.Printf("%d %!\n", "str")
	fmt.Printf("%d\n")
	fmt.Printf("%d %d\n", 1, 2, 3)
	fmt.Println(fmt.Sprint("a", 1, 2, "b", "c", 3.0))
	fmt.Printf("%v %v\n", int64(-5), uint8(200))
	fmt.Printf("%v\n", []any{1, "a", nil, 2.5, Red})
	fmt.Printf("%#v\n", []any{1, "a", nil})
	var ip *int
	fmt.Printf("%v %v\n", ip, []*int{nil})
	type pair struct {
		K string
		V *int
	}
	fmt.Printf("%+v\n", pair{"k", nil})
	err := fmt.Errorf("wrap: %w", &MyErr{9})
	fmt.Println(err)
	var me *MyErr
	fmt.Println(errors.As(err, &me), me.Code)
	fmt.Println(errors.Unwrap(err) == error(me))
	sentinel := errors.New("sentinel")
	e2 := fmt.Errorf("ctx: %w", sentinel)
	fmt.Println(errors.Is(e2, sentinel), errors.Is(e2, errors.New("sentinel")))
	j := errors.Join(sentinel, &MyErr{1})
	fmt.Println(j)
	fmt.Println(errors.Is(j, sentinel))
	var me2 *MyErr
	fmt.Println(errors.As(j, &me2), me2)
	fmt.Fprintln(os.Stderr, "to stderr")
	fmt.Printf("%v %v\n", map[string]any{"b": []int{1}, "a": map[int]bool{2: true, 1: false}}, map[float64]int{2.5: 1, -1: 2})
	fmt.Printf("%08.3f|%+d|% d|%#x|%#o\n", 3.14159, 5, 5, 255, 8)
	fmt.Printf("%v|%5v|%-5v|\n", "s", "s", "s")
	fmt.Printf("%s\n", error(nil))
	fmt.Printf("%v\n", &[]int{1})
	fmt.Printf("%v\n", &map[string]int{"a": 1})
	pp := &p
	fmt.Printf("%v\n", &pp == nil)
}
`

const reflectSortProgram = `package main

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
)

type Person struct {
	Name string ` + "`json:\"name\"`" + `
	Age  int    ` + "`json:\"age,omitempty\"`" + `
	tags []string
}

type Node struct {
	V    int
	Next *Node
}

type Shape interface{ Area() float64 }
type Sq struct{ S float64 }

func (s Sq) Area() float64     { return s.S * s.S }
func (s Sq) Perim() float64    { return 4 * s.S }
func (s *Sq) Scale(f float64)  { s.S *= f }
func (s Sq) String() string    { return fmt.Sprintf("Sq(%g)", s.S) }

func main() {
	people := []Person{{"Alice", 30, nil}, {"Bob", 25, nil}, {"Carol", 35, nil}, {"Dan", 25, nil}}
	sort.Slice(people, func(i, j int) bool { return people[i].Age < people[j].Age })
	fmt.Println(people)
	sort.SliceStable(people, func(i, j int) bool { return people[i].Name > people[j].Name })
	fmt.Println(people)
	xs := []int{5, 2, 8, 1, 9, 3}
	sort.Slice(xs, func(i, j int) bool { return xs[i] > xs[j] })
	fmt.Println(xs, sort.SliceIsSorted(xs, func(i, j int) bool { return xs[i] > xs[j] }))
	ss := []string{"pear", "apple", "fig"}
	sort.Strings(ss)
	fmt.Println(ss)

	// DeepEqual
	fmt.Println(reflect.DeepEqual([]int{1, 2}, []int{1, 2}), reflect.DeepEqual([]int{}, []int(nil)))
	fmt.Println(reflect.DeepEqual(map[string]int{"a": 1}, map[string]int{"a": 1}), reflect.DeepEqual(map[string]int{}, map[string]int(nil)))
	fmt.Println(reflect.DeepEqual(math.NaN(), math.NaN()), reflect.DeepEqual([]float64{math.NaN()}, []float64{math.NaN()}))
	a := &Node{1, nil}
	a.Next = a
	b := &Node{1, nil}
	b.Next = b
	fmt.Println(reflect.DeepEqual(a, b))
	var f1 func()
	fmt.Println(reflect.DeepEqual(f1, f1), reflect.DeepEqual(main, main))
	fmt.Println(reflect.DeepEqual(Person{"x", 1, []string{"a"}}, Person{"x", 1, []string{"a"}}))
	fmt.Println(reflect.DeepEqual(Person{"x", 1, []string{"a"}}, Person{"x", 1, []string{"b"}}))
	fmt.Println(reflect.DeepEqual(1, int64(1)), reflect.DeepEqual(nil, nil), reflect.DeepEqual(nil, 0))
	fmt.Println(reflect.DeepEqual([]any{1, "a", []int{2}}, []any{1, "a", []int{2}}))

	_ = strings.ToUpper
	var sh Shape = Sq{1}
	fmt.Println(sh, reflect.DeepEqual(sh, Sq{1}))
}
`

const reflectAPIProgram = `package main

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
)

type Person struct {
	Name string ` + "`json:\"name\"`" + `
	Age  int    ` + "`json:\"age,omitempty\"`" + `
	tags []string
}

type Node struct {
	V    int
	Next *Node
}

type Shape interface{ Area() float64 }
type Sq struct{ S float64 }

func (s Sq) Area() float64     { return s.S * s.S }
func (s Sq) Perim() float64    { return 4 * s.S }
func (s *Sq) Scale(f float64)  { s.S *= f }
func (s Sq) String() string    { return fmt.Sprintf("Sq(%g)", s.S) }

func main() {
	_ = math.Pi
	xs := []int{9, 8, 5, 3, 2, 1}
	// reflect API
	t := reflect.TypeOf(Person{})
	fmt.Println(t, t.Name(), t.PkgPath(), t.Kind(), t.NumField(), t.Size())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		fmt.Println(f.Name, f.Type, f.Tag.Get("json"), f.PkgPath, f.Index, f.Offset, f.Anonymous, f.IsExported())
	}
	if sf, ok := t.FieldByName("Age"); ok {
		fmt.Println("found", sf.Name, sf.Type.Kind())
	}
	v := reflect.ValueOf(&Person{"Eve", 40, nil}).Elem()
	v.Field(0).SetString("Eva")
	v.FieldByName("Age").SetInt(41)
	fmt.Println(v.Interface(), v.CanSet(), v.Field(2).CanSet(), v.Field(2).CanInterface())
	fmt.Println(v.Kind() == reflect.Struct, v.Type().String(), v.NumField())
	st := reflect.TypeOf(Sq{})
	fmt.Println(st.NumMethod(), reflect.PointerTo(st).NumMethod())
	for i := 0; i < st.NumMethod(); i++ {
		m := st.Method(i)
		fmt.Println(m.Name, m.Type, m.Index)
	}
	shapeT := reflect.TypeOf((*Shape)(nil)).Elem()
	fmt.Println(shapeT, shapeT.Kind(), st.Implements(shapeT), reflect.TypeOf(1).Implements(shapeT))
	fmt.Println(reflect.TypeOf(1).AssignableTo(reflect.TypeOf(0)), reflect.TypeOf(int8(1)).ConvertibleTo(reflect.TypeOf("")))
	m := map[string]int{"b": 2, "a": 1, "c": 3}
	mv := reflect.ValueOf(m)
	keys := mv.MapKeys()
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	for _, k := range keys {
		fmt.Print(k, "=", mv.MapIndex(k), " ")
	}
	fmt.Println(mv.Len(), mv.MapIndex(reflect.ValueOf("zz")).IsValid())
	mv.SetMapIndex(reflect.ValueOf("d"), reflect.ValueOf(4))
	mv.SetMapIndex(reflect.ValueOf("a"), reflect.Value{})
	fmt.Println(m)
	it := mv.MapRange()
	sum := 0
	for it.Next() {
		sum += int(it.Value().Int())
	}
	fmt.Println(sum)
	sv := reflect.ValueOf([]int{10, 20, 30})
	fmt.Println(sv.Len(), sv.Cap(), sv.Index(1), sv.Slice(1, 3), sv.Index(0).CanSet())
	sv.Index(0).SetInt(11)
	fmt.Println(sv.Interface())
	s2 := reflect.Append(sv, reflect.ValueOf(40))
	fmt.Println(s2, s2.Len())
	ms := reflect.MakeSlice(reflect.TypeOf([]string{}), 2, 5)
	ms.Index(1).Set(reflect.ValueOf("x"))
	fmt.Printf("%q %d\n", ms.Interface(), ms.Cap())
	z := reflect.Zero(reflect.TypeOf(Person{}))
	fmt.Printf("%+v %v\n", z.Interface(), z.IsZero())
	np := reflect.New(reflect.TypeOf(0))
	np.Elem().SetInt(7)
	fmt.Println(*(np.Interface().(*int)), np.Type())
	var x float64 = 3.4
	pv := reflect.ValueOf(&x)
	pv.Elem().SetFloat(7.1)
	fmt.Println(x, pv.Elem().Float(), reflect.Indirect(pv).Kind())
	fmt.Println(reflect.ValueOf(42).Convert(reflect.TypeOf(1.5)), reflect.ValueOf(65).Convert(reflect.TypeOf("")))
	fmt.Println(reflect.ValueOf("hello").String(), reflect.ValueOf(42).String(), reflect.Value{}.String())
	fmt.Println(reflect.ValueOf(uint8(3)).Uint(), reflect.ValueOf(true).Bool(), reflect.ValueOf(2+3i).Complex())
	var sh Shape = Sq{2}
	sv2 := reflect.ValueOf(&sh).Elem()
	fmt.Println(sv2.Kind(), sv2.Elem().Kind(), sv2.Elem().Type(), sv2.Elem().Field(0).Float())
	fmt.Println(reflect.TypeOf([]int{}).Elem(), reflect.TypeOf(map[string]bool{}).Key(), reflect.TypeOf([4]byte{}).Len())
	fmt.Println(reflect.TypeOf(strings.NewReader("")), reflect.TypeOf(fmt.Println), reflect.TypeOf(make(chan<- int)))
	ft := reflect.TypeOf(strings.Repeat)
	fmt.Println(ft.NumIn(), ft.In(0), ft.NumOut(), ft.Out(0), ft.IsVariadic(), reflect.TypeOf(fmt.Printf).IsVariadic())
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		reflect.ValueOf("s").Int()
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		reflect.ValueOf(1).SetInt(2)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		v.Field(2).Interface()
	}()
	fmt.Println(reflect.ValueOf(3).Equal(reflect.ValueOf(3)), reflect.ValueOf([]int{}).Comparable())
	fmt.Println(reflect.TypeOf(0) == reflect.TypeOf(1), reflect.TypeOf(0) == reflect.TypeOf(""), reflect.Int.String(), reflect.Pointer.String())
	arr := [3]int{1, 2, 3}
	av := reflect.ValueOf(&arr).Elem()
	reflect.Copy(av, reflect.ValueOf([]int{9, 8}))
	fmt.Println(arr, av.Slice(0, 2))
	fmt.Printf("%v %v\n", reflect.ValueOf(Person{"q", 1, nil}), reflect.ValueOf(nil))
	sw := reflect.Swapper(xs)
	sw(0, 5)
	fmt.Println(xs)
	type E struct {
		Person
		Extra int
	}
	et := reflect.TypeOf(E{})
	ef, _ := et.FieldByName("Age")
	fmt.Println(ef.Index, reflect.ValueOf(E{Person{"n", 5, nil}, 1}).FieldByName("Age"))
}
`

const reflectErrorsProgram = `package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
)

type NotFound struct{ Name string }

func (e NotFound) Error() string { return e.Name + " not found" }

type Temporary interface{ Temporary() bool }

type tempErr struct{ msg string }

func (e *tempErr) Error() string   { return e.msg }
func (e *tempErr) Temporary() bool { return true }

type asErr struct{}

func (asErr) Error() string { return "asErr" }
func (asErr) As(target any) bool {
	if p, ok := target.(*NotFound); ok {
		*p = NotFound{"via As"}
		return true
	}
	return false
}

type isErr struct{}

func (isErr) Error() string        { return "isErr" }
func (isErr) Is(target error) bool { return target == io.EOF }

func main() {
	base := NotFound{"file.txt"}
	wrapped := fmt.Errorf("open: %w", base)
	twice := fmt.Errorf("layer2: %w", wrapped)
	fmt.Println(twice)
	var nf NotFound
	fmt.Println(errors.As(twice, &nf), nf.Name)
	fmt.Println(errors.Is(twice, base), errors.Is(twice, NotFound{"other"}))
	fmt.Println(errors.Unwrap(twice) == wrapped, errors.Unwrap(errors.Unwrap(twice)) == error(base), errors.Unwrap(base))
	var tmp Temporary
	te := fmt.Errorf("x: %w", &tempErr{"temp"})
	fmt.Println(errors.As(te, &tmp), tmp.Temporary())
	fmt.Println(errors.As(wrapped, &tmp))
	var nf2 NotFound
	fmt.Println(errors.As(asErr{}, &nf2), nf2)
	fmt.Println(errors.Is(isErr{}, io.EOF), errors.Is(isErr{}, io.ErrUnexpectedEOF))
	j := errors.Join(io.EOF, nil, base)
	fmt.Printf("%v|%q\n", j, j.Error())
	fmt.Println(errors.Is(j, io.EOF), errors.Is(j, base), errors.Join(nil, nil) == nil)
	multi := fmt.Errorf("%w and %w", io.EOF, &tempErr{"t2"})
	fmt.Println(multi, errors.Is(multi, io.EOF))
	var te2 *tempErr
	fmt.Println(errors.As(multi, &te2), te2.msg)
	_, err := strconv.Atoi("12a")
	var numErr *strconv.NumError
	fmt.Println(err, errors.As(err, &numErr), numErr.Func, errors.Is(err, strconv.ErrSyntax))
	fmt.Println(errors.Is(fs.ErrNotExist, os.ErrNotExist))
	fmt.Printf("%v %s %+v %#v\n", base, base, base, base)
	fmt.Printf("%T %T\n", wrapped, j)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		errors.As(base, nil)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		errors.As(base, nf)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var i int
		errors.As(base, &i)
	}()
}
`

const reflectScanProgram = `package main

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
)

type MyInt int
type K struct {
	A int
	B string
}
type G[T any] struct{ V T }

func main() {
	var a MyInt
	var s string
	var f float64
	n, err := fmt.Sscan("42 hello 2.5", &a, &s, &f)
	fmt.Println(n, err, a, s, f)
	var x, y int
	fmt.Sscanf("10-20", "%d-%d", &x, &y)
	fmt.Println(x, y)
	m := map[K]int{{2, "b"}: 1, {1, "z"}: 2, {1, "a"}: 3}
	fmt.Println(m)
	mi := map[any]int{3: 1, "a": 2, 1.5: 3, 1: 4}
	fmt.Println(len(fmt.Sprint(mi)))
	var ch chan int
	fmt.Println(ch == nil, fmt.Sprint(ch))
	fmt.Printf("%v %+v %T\n", G[int]{1}, G[string]{"s"}, G[K]{})
	fmt.Println(reflect.TypeOf(G[int]{}).Name(), reflect.TypeOf(G[int]{}))
	fmt.Printf("%x %X %q %v\n", "hi", []string{"a"}, 'x', 'x')
	fmt.Printf("%v %v\n", [2][]int{{1}, nil}, map[string][]string{"k": {"v"}})
	fmt.Printf("%#v\n", K{1, "x"})
	fmt.Printf("%#v %#v %#v\n", 1.0, "s", map[K]bool{{1, "a"}: true})
	fmt.Printf("%v\n", struct {
		a *int
		b []K
	}{nil, []K{{1, "q"}}})
	type T struct {
		M map[string]int
		S []string
		I interface{}
	}
	fmt.Printf("%+v\n", T{})
	fmt.Printf("%#v\n", T{})
	ws := strings.Fields(" c b a ")
	sort.Sort(sort.StringSlice(ws))
	fmt.Println(ws, slices.Index(ws, "b"))
	fmt.Printf("%08b %3c %-4q| %+q\n", 5, 'z', 'y', "é")
	fmt.Printf("%v %.3v %10.4v|\n", 1e-7, 3.14159, "abcdefgh")
	fmt.Printf("%d %d\n", []MyInt{1, 2}, map[string]MyInt{"a": 1})
	fmt.Printf("%s\n", []error{fmt.Errorf("e1"), nil})
	fmt.Printf("%v %d\n", &K{1, "x"}, &[]int{1})
	fmt.Printf("%5.1f|%-7.2e|\n", []float64{1.25, 2.5}, 1234.5)
	fmt.Printf("%t %v\n", []bool{true}, uintptr(7))
	fmt.Println(fmt.Sprintf("%[2]d %[1]d", 1, 2), fmt.Sprintf("%*d", 5, 3))
	fmt.Printf("%v\n", reflect.ValueOf(m).MapIndex(reflect.ValueOf(K{1, "a"})))
}
`

const reflectTypesProgram = `package main

import (
	"errors"
	"fmt"
	"reflect"
)

type S struct {
	A int ` + "`k:\"v\"`" + `
	b bool
}

func (S) M1()      {}
func (*S) M2(int)  {}
func (S) m3()      {}

func main() {
	fmt.Println(reflect.TypeFor[S](), reflect.TypeFor[error]().Kind(), reflect.TypeFor[[]map[string]*S]())
	fmt.Printf("%T %T %T %T\n", struct{ X int }{}, func(int, ...string) error { return nil }, (*error)(nil), any(1))
	fmt.Printf("%T %T\n", make(<-chan []int), [2]struct{}{})
	t := reflect.TypeOf(&S{})
	for i := range t.NumMethod() {
		fmt.Println(t.Method(i).Name, t.Method(i).Type)
	}
	m, ok := t.MethodByName("M2")
	fmt.Println(m.Name, ok, m.Index)
	fmt.Println(t.Elem().Field(0).Tag, t.Elem().Field(0).Tag.Get("k"), t.Elem().Align(), t.Elem().FieldAlign())
	e := errors.New("x")
	fmt.Println(reflect.TypeOf(e), reflect.TypeOf(e).Elem().Name(), reflect.TypeOf(e).Elem().PkgPath())
	v := reflect.ValueOf(S{1, true})
	fmt.Println(v.Field(1).Bool(), v.Field(0).CanInterface(), v.Field(1).CanInterface(), v.NumMethod())
	fmt.Println(reflect.ValueOf(int8(5)).OverflowInt(200), reflect.ValueOf(uint16(5)).OverflowUint(70000))
	fmt.Println(reflect.ValueOf([]byte("ab")).Bytes(), reflect.ValueOf("abc").Slice(1, 2), reflect.ValueOf("abc").Index(1))
	fmt.Println(reflect.MakeMap(reflect.TypeOf(map[string]int{})).Len(), reflect.ValueOf(map[int]int(nil)).IsNil())
	var ip *int
	fmt.Println(reflect.ValueOf(ip).IsNil(), reflect.ValueOf(ip).Elem().IsValid(), reflect.ValueOf(&ip).Elem().CanSet())
	fmt.Println(reflect.ValueOf(3).Type().Bits(), reflect.TypeOf(int32(0)).Size(), reflect.ValueOf(S{}).IsZero(), reflect.ValueOf(S{A: 1}).IsZero())
	fmt.Println(reflect.ValueOf(struct{ F func() }{}).Field(0).IsNil(), reflect.ValueOf([]int{1}).Pointer() != 0)
}
`

// A map in an unexported field: its keys (read-only values) index it, as
// go-spew's Dump does; storing them (Set, SetMapIndex, Append) panics as
// in reflect.
func TestReflectUnexportedMap(t *testing.T) {
	runReflectProgram(t, `package main

import (
	"fmt"
	"reflect"
	"sort"
)

type s struct {
	m map[string]int
	p map[[2]int]*int
	l []string
}

func try(name string, f func()) {
	defer func() { fmt.Println(name, recover()) }()
	f()
}

func main() {
	one := 1
	v := reflect.ValueOf(s{m: map[string]int{"b": 2, "a": 1}, p: map[[2]int]*int{{1, 2}: &one}})
	mv := v.Field(0)
	keys := mv.MapKeys()
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	for _, k := range keys {
		e := mv.MapIndex(k)
		fmt.Println(k.String(), e.Int(), k.CanInterface(), e.CanInterface())
	}
	pv := v.Field(1)
	for _, k := range pv.MapKeys() {
		fmt.Println(k.Index(1).Int(), pv.MapIndex(k).Elem().Int())
	}
	fmt.Println(mv.MapIndex(reflect.ValueOf("zz")).IsValid())
	var dst string
	try("Set", func() { reflect.ValueOf(&dst).Elem().Set(keys[0]) })
	other := reflect.ValueOf(map[string]int{})
	try("SetMapIndex key", func() { other.SetMapIndex(keys[0], reflect.ValueOf(1)) })
	try("SetMapIndex elem", func() { other.SetMapIndex(reflect.ValueOf("x"), mv.MapIndex(keys[0])) })
	try("Append", func() { reflect.Append(reflect.ValueOf([]string{}), keys[0]) })
	ch := reflect.ValueOf(make(chan string, 1))
	try("Send", func() { ch.Send(keys[0]) })
	fn := reflect.ValueOf(func(string) {})
	try("Call", func() { fn.Call([]reflect.Value{keys[0]}) })
	vfn := reflect.ValueOf(func(...string) {})
	try("CallSlice", func() { vfn.CallSlice([]reflect.Value{reflect.ValueOf(s{}).Field(2)}) })
	try("Call variadic", func() { vfn.Call([]reflect.Value{keys[1]}) })
	try("Call variadic type", func() { vfn.Call([]reflect.Value{reflect.ValueOf(1)}) })
	fmt.Println(dst, other.Len(), ch.Len())
}
`)
}
