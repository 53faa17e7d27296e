// Program types exercises the models of package reflectmodel: the methods
// of reflect's types, and the methods of Value that read and set scalars,
// follow fields and pointers, and box; with the panics reflect raises.
package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
)

type Base struct {
	ID   int `json:"id" db:"pk"`
	note string
}

type Shape interface {
	Area() float64
	name() string
}

type Rect struct {
	Base
	*Extra
	W, H  float64
	Small int8
	U     uint16
	Ok    bool
	S     string
	P     *int
	Any   any
	F     func(int) (string, error)
	C     <-chan int
	M     map[string][]int
	A     [3]byte
	hide  int
}

type Extra struct{ Depth int }

func (r Rect) Area() float64    { return r.W * r.H }
func (r *Rect) Scale(k float64) { r.W *= k; r.H *= k }
func (r Rect) name() string     { return "rect" }

type Celsius float64

type List[T any] struct{ items []T }

func (l *List[T]) Len() int { return len(l.items) }

func try(what string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*reflect.ValueError); ok {
				fmt.Printf("%s: ValueError %s %v\n", what, e.Method, e.Kind)
				return
			}
			fmt.Printf("%s: panic %v\n", what, r)
		}
	}()
	f()
}

func main() {
	types()
	values()
	seqs()
	calls()
	compares()
	panics()
}

type pair struct {
	A any
	B [2]float64
	C complex64
}

func compares() {
	z := pair{}
	fmt.Println(reflect.ValueOf(z).IsZero(), reflect.ValueOf(pair{B: [2]float64{0, 1}}).IsZero(), reflect.ValueOf(math.Copysign(0, -1)).IsZero(), reflect.ValueOf(complex(0, 0)).IsZero(), reflect.ValueOf([3]byte{}).IsZero(), reflect.ValueOf([3]byte{0, 1}).IsZero())
	fmt.Println(reflect.ValueOf(z).Comparable(), reflect.ValueOf(pair{A: []int{}}).Comparable(), reflect.ValueOf([2]any{1, map[int]int{}}).Comparable(), reflect.ValueOf([2]byte{}).Comparable(), reflect.ValueOf([]int{}).Comparable(), reflect.Value{}.Comparable())
	fmt.Println(reflect.ValueOf(1).Equal(reflect.ValueOf(1)), reflect.ValueOf(1).Equal(reflect.ValueOf(int8(1))), reflect.ValueOf(math.NaN()).Equal(reflect.ValueOf(math.NaN())), reflect.ValueOf(pair{A: 1}).Equal(reflect.ValueOf(pair{A: 1})), reflect.Value{}.Equal(reflect.Value{}))
	var e1, e2 any = "x", "x"
	fmt.Println(reflect.ValueOf(&e1).Elem().Equal(reflect.ValueOf(&e2).Elem()))
	c := complex64(complex(1.5, -2))
	cv := reflect.ValueOf(&c).Elem()
	fmt.Println(cv.Complex(), cv.CanComplex())
	cv.SetComplex(complex(1e40, 0.1))
	fmt.Println(c)
	c128 := complex(1, 2)
	reflect.ValueOf(&c128).Elem().SetComplex(complex(3, 4))
	fmt.Println(c128, reflect.ValueOf(c128).Complex())
	b := []byte("abc")
	bv := reflect.ValueOf(&b).Elem()
	bv.SetBytes([]byte("xyz!"))
	fmt.Println(string(b))
	bv.SetLen(2)
	fmt.Println(string(b), cap(b))
	s := make([]int, 2, 5)
	sv := reflect.ValueOf(&s).Elem()
	sv.SetLen(4)
	fmt.Println(s, len(s))
	fmt.Println(reflect.ValueOf(300).Convert(reflect.TypeFor[int8]()).Int(), reflect.ValueOf(-1).Convert(reflect.TypeFor[uint16]()).Uint(), reflect.ValueOf(2.9).Convert(reflect.TypeFor[int]()).Int(), reflect.ValueOf(65).Convert(reflect.TypeFor[string]()).String())
	fmt.Println(reflect.ValueOf("hé").Convert(reflect.TypeFor[[]byte]()).Bytes(), reflect.ValueOf("hé").Convert(reflect.TypeFor[[]rune]()).Len(), reflect.ValueOf([]byte("xy")).Convert(reflect.TypeFor[string]()).String(), reflect.ValueOf(Celsius(2)).Convert(reflect.TypeFor[float64]()).Type())
	fmt.Println(reflect.ValueOf([]int{1, 2, 3}).Convert(reflect.TypeFor[[3]int]()).Index(2).Int(), reflect.ValueOf(3).Convert(reflect.TypeFor[any]()).Kind(), reflect.ValueOf(pair{C: 1}).Convert(reflect.TypeFor[struct {
		A any
		B [2]float64
		C complex64
	}]()).Field(2).Complex())
	try("Convert impossible", func() { reflect.ValueOf("x").Convert(reflect.TypeFor[int]()) })
	try("Convert short slice", func() { reflect.ValueOf([]int{1}).Convert(reflect.TypeFor[[2]int]()) })
	try("Equal uncomparable", func() { reflect.ValueOf([]int{}).Equal(reflect.ValueOf([]int{})) })
	try("Equal uncomparable dynamic", func() { reflect.ValueOf(pair{A: []int{}}).Equal(reflect.ValueOf(pair{A: []int{}})) })
	try("SetLen too long", func() { sv.SetLen(6) })
	try("SetBytes ints", func() { sv.SetBytes(nil) })
	try("Complex of int", func() { reflect.ValueOf(1).Complex() })
	try("IsZero invalid", func() { reflect.Value{}.IsZero() })
}

func variadic(prefix string, xs ...int) (string, int, bool) { return prefix, len(xs), xs == nil }

func calls() {
	f := reflect.ValueOf(variadic)
	out := f.Call([]reflect.Value{reflect.ValueOf("p")})
	fmt.Println(len(out), out[0].String(), out[1].Int(), out[2].Bool(), out[0].CanSet())
	out = f.Call([]reflect.Value{reflect.ValueOf("q"), reflect.ValueOf(1), reflect.ValueOf(2)})
	fmt.Println(out[1].Int(), out[2].Bool())
	out = f.CallSlice([]reflect.Value{reflect.ValueOf("r"), reflect.ValueOf([]int(nil))})
	fmt.Println(out[1].Int(), out[2].Bool())
	k := 3
	inc := func(n int) { k += n }
	fmt.Println(len(reflect.ValueOf(inc).Call([]reflect.Value{reflect.ValueOf(4)})), k)
	var w io.Writer = &strings.Builder{}
	wr := reflect.ValueOf(fmt.Fprint).Call([]reflect.Value{reflect.ValueOf(w), reflect.ValueOf("a"), reflect.ValueOf(1)})
	fmt.Println(wr[0].Int(), wr[1].IsNil(), w)
	try("call panics", func() {
		reflect.ValueOf(func() { panic("inside") }).Call(nil)
	})
	try("Call nil func", func() { reflect.ValueOf((func())(nil)).Call(nil) })
	try("Call too few", func() { f.Call(nil) })
	try("Call wrong type", func() { f.Call([]reflect.Value{reflect.ValueOf(1)}) })
	try("Call wrong variadic", func() { f.Call([]reflect.Value{reflect.ValueOf("p"), reflect.ValueOf("x")}) })
	try("CallSlice non-variadic", func() { reflect.ValueOf(inc).CallSlice([]reflect.Value{reflect.ValueOf(1)}) })
	try("Call zero arg", func() { reflect.ValueOf(inc).Call([]reflect.Value{{}}) })
	try("Call of int", func() { reflect.ValueOf(1).Call(nil) })
}

func types() {
	t := reflect.TypeOf(Rect{})
	fmt.Println(t, t.Name(), t.PkgPath(), t.Kind(), t.Size(), t.Align(), t.FieldAlign(), t.NumField(), t.NumMethod(), t.Comparable())
	for i := range t.NumField() {
		f := t.Field(i)
		fmt.Println(" ", i, f.Name, f.PkgPath, f.Type, f.Tag, f.Offset, f.Index, f.Anonymous, f.IsExported(), f.Tag.Get("json"))
	}
	for _, name := range []string{"ID", "Depth", "note", "W", "nope"} {
		f, ok := t.FieldByName(name)
		fmt.Println("FieldByName", name, ok, f.Name, f.Index, f.Type, f.Offset)
	}
	pt := reflect.PointerTo(t)
	fmt.Println(pt, pt.Elem() == t, pt.NumMethod(), reflect.PtrTo(t) == pt, pt.Name(), pt.Kind())
	for i := range pt.NumMethod() {
		m := pt.Method(i)
		fmt.Println(" ", m.Name, m.PkgPath, m.Type, m.Index, m.Func.Kind(), m.IsExported())
	}
	m, ok := pt.MethodByName("Scale")
	fmt.Println(m.Name, m.Type, ok)
	_, ok = pt.MethodByName("name")
	fmt.Println("unexported", ok)
	st := reflect.TypeFor[Shape]()
	fmt.Println(st, st.Kind(), st.NumMethod(), t.Implements(st), pt.Implements(st), reflect.TypeFor[error]().Name())
	for i := range st.NumMethod() {
		m := st.Method(i)
		fmt.Println(" ", m.Name, m.PkgPath, m.Type, m.Func.IsValid())
	}
	fmt.Println(reflect.TypeFor[io.Reader]().Implements(reflect.TypeFor[io.Reader]()), reflect.TypeOf(strings.NewReader("")).Implements(reflect.TypeFor[io.Reader]()))
	ft := t.Field(10).Type
	fmt.Println(ft, ft.NumIn(), ft.NumOut(), ft.In(0), ft.Out(0), ft.Out(1), ft.IsVariadic(), reflect.TypeOf(fmt.Println).IsVariadic())
	ct := t.Field(11).Type
	fmt.Println(ct, ct.ChanDir(), ct.Elem(), reflect.TypeFor[chan<- bool]().ChanDir(), reflect.TypeFor[chan int]().ChanDir())
	mt := t.Field(12).Type
	fmt.Println(mt, mt.Key(), mt.Elem(), mt.Elem().Elem(), reflect.MapOf(reflect.TypeFor[int](), mt), reflect.SliceOf(t))
	at := t.Field(13).Type
	fmt.Println(at, at.Len(), at.Elem(), at.Comparable(), reflect.TypeFor[[]int]().Comparable())
	fmt.Println(reflect.TypeFor[Celsius](), reflect.TypeFor[Celsius]().Name(), reflect.TypeFor[Celsius]().Bits(), reflect.TypeFor[complex64]().Bits())
	fmt.Println(reflect.TypeFor[List[int]](), reflect.TypeFor[List[int]]().Name(), reflect.TypeFor[*List[string]]().NumMethod())
	fmt.Println(reflect.TypeFor[int8]().OverflowInt(200), reflect.TypeFor[int8]().OverflowInt(-128), reflect.TypeFor[uint16]().OverflowUint(1<<16), reflect.TypeFor[float32]().OverflowFloat(1e39), reflect.TypeFor[float64]().OverflowFloat(1e300))
	fmt.Println(reflect.TypeFor[int]().AssignableTo(reflect.TypeFor[any]()), reflect.TypeFor[Celsius]().ConvertibleTo(reflect.TypeFor[int]()), reflect.TypeFor[Celsius]().AssignableTo(reflect.TypeFor[float64]()))
	fmt.Println(reflect.TypeFor[[]int]().CanSeq(), reflect.TypeFor[map[int]int]().CanSeq2(), reflect.TypeFor[int]().CanSeq2(), reflect.TypeFor[func(func(int, string) bool)]().CanSeq2(), reflect.TypeFor[*[2]int]().CanSeq())
	var k reflect.Kind = 200
	fmt.Println(reflect.Pointer, reflect.UnsafePointer, reflect.Interface, k)
	fmt.Println(reflect.TypeOf(nil) == nil, reflect.TypeOf(3) == reflect.TypeFor[int](), reflect.TypeOf(errors.New("x")))
}

func values() {
	n := 7
	r := Rect{Base: Base{ID: 1, note: "n"}, W: 2, H: 3, Small: -3, U: 9, Ok: true, S: "s", P: &n, Any: Celsius(1.5), A: [3]byte{1, 2, 3}}
	v := reflect.ValueOf(&r).Elem()
	fmt.Println(v.Kind(), v.Type(), v.NumField(), v.CanAddr(), v.CanSet(), v.NumMethod(), v.IsValid())
	fmt.Println(v.Field(0).Field(0).Int(), v.FieldByName("ID").Int(), v.FieldByIndex([]int{0, 0}).CanSet(), v.Field(0).Field(1).CanSet(), v.Field(0).Field(1).CanInterface(), v.Field(0).Field(1).String())
	v.FieldByName("W").SetFloat(4.5)
	v.Field(4).SetInt(-300)
	v.Field(5).SetUint(70000)
	v.Field(6).SetBool(false)
	v.Field(7).SetString("t")
	fmt.Println(r.W, r.Small, r.U, r.Ok, r.S, v.Field(4).Int(), v.Field(5).Uint(), v.Field(6).Bool(), v.Field(7).String())
	fmt.Println(v.Field(8).Elem().Int(), v.Field(8).IsNil(), v.Field(8).Elem().CanSet(), v.Field(9).Elem().Type(), v.Field(9).Elem().Float(), v.Field(9).Elem().CanSet())
	v.Field(8).Elem().SetInt(8)
	fmt.Println(n, v.Field(8).Elem().Addr().Interface() == any(&n))
	v.Field(9).Set(reflect.ValueOf("boxed"))
	fmt.Println(r.Any, v.Field(9).Elem().Kind())
	v.Field(2).Set(reflect.ValueOf(9.0))
	fmt.Println(r.W)
	v.Field(0).SetZero()
	fmt.Println(r.ID, r.note == "")
	_, err := v.FieldByIndexErr([]int{1, 0})
	fmt.Println(err)
	r.Extra = &Extra{Depth: 5}
	d, err := v.FieldByIndexErr([]int{1, 0})
	fmt.Println(d.Int(), err, v.FieldByName("Depth").Int(), v.FieldByName("nope").IsValid())
	fmt.Println(v.Field(13).Index(1).Uint(), v.Field(13).Len())
	a := v.Field(13)
	fmt.Println(a.Type(), a.CanAddr(), a.Index(0).CanSet())
	a.Index(0).SetUint(9)
	fmt.Println(r.A)
	x := reflect.ValueOf(3.5)
	fmt.Println(x.Float(), x.CanSet(), x.CanAddr(), x.String(), x.CanFloat(), x.CanInt(), x.CanUint(), x.CanComplex(), x.OverflowFloat(1e300))
	fmt.Println(reflect.ValueOf(int16(5)).OverflowInt(40000), reflect.ValueOf(uint8(5)).OverflowUint(255), reflect.Value{}.String(), reflect.Value{}.IsValid(), reflect.Value{}.Kind())
	z := reflect.Zero(reflect.TypeFor[Rect]())
	fmt.Println(z.Field(2).Float(), z.CanSet(), z.Field(8).IsNil())
	p := reflect.New(reflect.TypeFor[Base]())
	p.Elem().Field(0).SetInt(42)
	fmt.Println(p.Interface().(*Base).ID, p.Type(), p.Elem().CanSet())
	got, ok := reflect.TypeAssert[Celsius](v.Field(9))
	fmt.Println(got, ok)
	v.Field(9).Set(reflect.ValueOf(Celsius(2)))
	got, ok = reflect.TypeAssert[Celsius](v.Field(9).Elem())
	fmt.Println(got, ok)
	sh, ok := reflect.TypeAssert[Shape](reflect.ValueOf(r))
	fmt.Println(sh.Area(), ok)
	fmt.Println(reflect.Indirect(reflect.ValueOf(&n)).Int(), reflect.Indirect(reflect.ValueOf(n)).Int())
	var e error = errors.New("boom")
	ev := reflect.ValueOf(&e).Elem()
	fmt.Println(ev.Kind(), ev.Elem().Type(), ev.IsNil(), ev.Interface())
	ev.Set(reflect.Zero(ev.Type()))
	fmt.Println(e == nil, ev.IsNil(), ev.Elem().IsValid())
}

func seqs() {
	s := []int{1, 2, 3, 4}
	v := reflect.ValueOf(s)
	fmt.Println(v.Len(), v.Cap(), v.Index(2).Int(), v.Index(2).CanSet(), v.Slice(1, 3).Len(), v.Slice3(0, 2, 3).Cap(), v.Slice(1, 3).Index(0).Int())
	v.Index(0).SetInt(10)
	v.Slice(2, 4).Index(1).SetInt(40)
	fmt.Println(s)
	b := []byte("hello")
	bv := reflect.ValueOf(b)
	fmt.Println(bv.Len(), string(bv.Bytes()), bv.Index(1).Uint(), string(bv.Slice(1, 3).Bytes()), bv.Index(1).Kind())
	bv.Index(0).SetUint('j')
	fmt.Println(string(b))
	arr := [4]int8{-1, 2, -3, 4}
	av := reflect.ValueOf(arr)
	fmt.Println(av.Len(), av.Cap(), av.Index(0).Int(), av.Index(0).CanSet(), av.Index(0).CanAddr())
	ap := reflect.ValueOf(&arr).Elem()
	ap.Index(2).SetInt(100)
	fmt.Println(arr, ap.Slice(1, 3).Len(), ap.Slice(1, 3).Type(), ap.Slice(1, 3).Index(1).Int(), reflect.ValueOf(&arr).Len())
	ba := [3]byte{'x', 'y', 'z'}
	bav := reflect.ValueOf(&ba).Elem()
	fmt.Println(string(bav.Bytes()), bav.Index(1).Uint(), string(reflect.ValueOf(ba).Index(2).Interface().(byte)))
	bav.Index(1).SetUint('Y')
	fmt.Println(string(ba[:]))
	str := reflect.ValueOf("héllo")
	fmt.Println(str.Len(), str.Index(1).Uint(), str.Index(1).Type(), str.Slice(0, 3).String(), str.Slice(1, 3).Kind())
	m := map[string]int{"a": 1, "b": 2}
	mv := reflect.ValueOf(m)
	fmt.Println(mv.Len(), mv.MapIndex(reflect.ValueOf("a")).Int(), mv.MapIndex(reflect.ValueOf("zz")).IsValid(), len(mv.MapKeys()))
	mv.SetMapIndex(reflect.ValueOf("c"), reflect.ValueOf(3))
	mv.SetMapIndex(reflect.ValueOf("a"), reflect.Value{})
	fmt.Println(m)
	var nm map[string]int
	fmt.Println(reflect.ValueOf(nm).Len(), reflect.ValueOf(nm).MapIndex(reflect.ValueOf("a")).IsValid(), len(reflect.ValueOf(nm).MapKeys()))
	ms := reflect.MakeSlice(reflect.TypeFor[[]string](), 2, 5)
	ms.Index(1).SetString("q")
	fmt.Println(ms.Len(), ms.Cap(), ms.Interface(), reflect.MakeSlice(reflect.TypeFor[[]bool](), 3, 3).Interface())
	mm := reflect.MakeMap(reflect.TypeFor[map[int][]int]())
	mm.SetMapIndex(reflect.ValueOf(1), reflect.ValueOf([]int{7}))
	fmt.Println(mm.Interface(), reflect.MakeMapWithSize(reflect.TypeFor[map[string]bool](), 10).Len())
	ch := make(chan int, 3)
	ch <- 1
	fmt.Println(reflect.ValueOf(ch).Len(), reflect.ValueOf(ch).Cap())
	fmt.Println(reflect.ValueOf(s).CanConvert(reflect.TypeFor[[4]int]()), reflect.ValueOf(s).CanConvert(reflect.TypeFor[[5]int]()), reflect.ValueOf(1).CanConvert(reflect.TypeFor[string]()), reflect.ValueOf(b).CanConvert(reflect.TypeFor[[3]byte]()))
	type key struct{ a, b int }
	km := map[key]string{{1, 2}: "x"}
	fmt.Println(reflect.ValueOf(km).MapIndex(reflect.ValueOf(key{1, 2})), reflect.ValueOf(km).MapKeys()[0].Field(1).Int())
}

func panics() {
	n := 1
	try("Int of string", func() { reflect.ValueOf("s").Int() })
	try("SetInt unaddressable", func() { reflect.ValueOf(n).SetInt(2) })
	try("SetInt unexported", func() { reflect.ValueOf(&Rect{}).Elem().Field(14).SetInt(2) })
	try("Interface unexported", func() { reflect.ValueOf(Rect{}).Field(14).Interface() })
	try("Set wrong type", func() { reflect.ValueOf(&n).Elem().Set(reflect.ValueOf("x")) })
	try("Type of zero", func() { reflect.Value{}.Type() })
	try("Elem of int", func() { reflect.ValueOf(1).Elem() })
	try("Field of int", func() { reflect.ValueOf(1).Field(0) })
	try("Field out of range", func() { reflect.ValueOf(Base{}).Field(5) })
	try("NumField of ptr", func() { reflect.ValueOf(&n).NumField() })
	try("IsNil of int", func() { reflect.ValueOf(1).IsNil() })
	try("Type Elem of int", func() { reflect.TypeFor[int]().Elem() })
	try("Type Key of slice", func() { reflect.TypeFor[[]int]().Key() })
	try("Type Field of int", func() { reflect.TypeFor[int]().Field(0) })
	try("Type In of int", func() { reflect.TypeFor[int]().In(0) })
	try("Type Method out of range", func() { reflect.TypeFor[int]().Method(0) })
	try("Implements non-interface", func() { reflect.TypeFor[int]().Implements(reflect.TypeFor[int]()) })
	try("Implements nil", func() { reflect.TypeFor[int]().Implements(nil) })
	try("Bits of string", func() { reflect.TypeFor[string]().Bits() })
	try("MapOf slice key", func() { reflect.MapOf(reflect.TypeFor[[]int](), reflect.TypeFor[int]()) })
	try("Zero nil", func() { reflect.Zero(nil) })
	try("Addr unaddressable", func() { reflect.ValueOf(1).Addr() })
	try("embedded nil", func() { reflect.ValueOf(Rect{}).FieldByIndex([]int{1, 0}) })
	try("SetFloat of int", func() { reflect.ValueOf(&n).Elem().SetFloat(1) })
	try("TypeAssert zero", func() { reflect.TypeAssert[int](reflect.Value{}) })
	try("Index out of range", func() { reflect.ValueOf([]int{1}).Index(1) })
	try("Index of array out of range", func() { reflect.ValueOf([1]int{}).Index(-1) })
	try("Index of string out of range", func() { reflect.ValueOf("").Index(0) })
	try("Index of int", func() { reflect.ValueOf(1).Index(0) })
	try("Len of int", func() { reflect.ValueOf(1).Len() })
	try("Cap of map", func() { reflect.ValueOf(map[int]int{}).Cap() })
	try("Slice out of bounds", func() { reflect.ValueOf([]int{1}).Slice(0, 2) })
	try("Slice3 out of bounds", func() { reflect.ValueOf([]int{1}).Slice3(0, 1, 2) })
	try("Slice of unaddressable array", func() { reflect.ValueOf([2]int{}).Slice(0, 1) })
	try("Slice3 of string", func() { reflect.ValueOf("ab").Slice3(0, 1, 2) })
	try("Bytes of ints", func() { reflect.ValueOf([]int{}).Bytes() })
	try("Bytes of unaddressable array", func() { reflect.ValueOf([2]byte{}).Bytes() })
	try("MapIndex wrong key", func() { reflect.ValueOf(map[string]int{}).MapIndex(reflect.ValueOf(1)) })
	try("SetMapIndex nil map", func() { reflect.ValueOf(map[string]int(nil)).SetMapIndex(reflect.ValueOf("a"), reflect.ValueOf(1)) })
	try("MapKeys of slice", func() { reflect.ValueOf([]int{}).MapKeys() })
	try("MakeSlice of map", func() { reflect.MakeSlice(reflect.TypeFor[map[int]int](), 0, 0) })
	try("MakeSlice len > cap", func() { reflect.MakeSlice(reflect.TypeFor[[]int](), 2, 1) })
	try("MakeMap of slice", func() { reflect.MakeMap(reflect.TypeFor[[]int]()) })
}
