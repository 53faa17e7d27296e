// Program microcode exercises the interpreter's micro-code subset (integer
// and float arithmetic of every width, comparisons, conversions, scalar
// field and element loads and stores, loops with phi moves, calls and
// returns), and the cases where micro-code hands an instruction back to
// its closure: nil pointers, indexes out of range, panics in the middle of
// a loop, deferred calls at return.
package main

import (
	"fmt"
	"math"
)

type point struct {
	x, y  float64
	n     int32
	small int16
	u     uint16
	ok    bool
	b     int8
}

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func noResult(p *point, d float64) {
	p.x += d
	p.y -= d
}

func narrow() {
	var i8 int8 = 100
	var u8 uint8 = 200
	var i16 int16 = 30000
	var u16 uint16 = 60000
	var i32 int32 = 2_000_000_000
	var u32 uint32 = 4_000_000_000
	for k := 0; k < 5; k++ {
		i8 += 27
		u8 *= 3
		i16 -= -2000
		u16 ^= 0x5a5a
		i32 = i32*3 + 7
		u32 = -u32 + 12345
		fmt.Println(i8, u8, i16, u16, i32, u32, ^i8, ^u16, -i16, i8 < 0, u8 > 100)
	}
	var x int64 = math.MinInt64
	var y uint64 = math.MaxUint64
	fmt.Println(x-1, y+1, x < 0, y > 0, int32(x), uint8(y), int8(y), uint16(x+5))
	a, b := -5, 3
	fmt.Println(a&b, a|b, a^b, a&^b, uint(a) > uint(b), a <= b, a >= b, a == b, a != b)
}

func floats() {
	var f32 float32 = 1.1
	var g32 float32 = 3.3
	f := 0.1
	for k := 0; k < 6; k++ {
		f32 = f32*g32 + 0.7
		g32 = g32/1.7 - f32
		f = f*3.3 - f/7
		fmt.Println(f32, g32, f, -f, f32 < g32, f >= 1)
	}
	nan := math.NaN()
	fmt.Println(nan == nan, nan != nan, nan < 1, nan > 1, nan <= nan, nan >= nan)
	z := 0.0
	fmt.Println(1/z, -1/z, math.Copysign(0, -1) == z)
	big := 1e300
	fmt.Println(int64(f*1000), uint32(f32*10), float32(big*big) > 0, float64(int8(-3)), float32(uint64(1<<63)))
}

func structs() {
	ps := make([]point, 5)
	for i := range ps {
		p := &ps[i]
		p.x = float64(i) * 1.5
		p.y = float64(i) / 3
		p.n = int32(i) * 1_000_000_000
		p.small = int16(i) * 20000
		p.u = uint16(i) * 30000
		p.ok = i%2 == 0
		p.b = int8(i) * 100
	}
	var sum float64
	var n int64
	for round := 0; round < 3; round++ {
		for i := range ps {
			p := &ps[i]
			sum += p.x*p.y - p.x
			n += int64(p.n) + int64(p.small) + int64(p.u) + int64(p.b)
			if p.ok {
				p.x, p.y = p.y, p.x
			}
			noResult(p, 0.25)
		}
	}
	fmt.Printf("%.6f %d %+v\n", sum, n, ps[3])
}

func slices() {
	bs := make([]bool, 50)
	i8 := make([]int8, 50)
	u16 := make([]uint16, 50)
	fs := make([]float64, 50)
	var arr [16]byte
	for i := 2; i < len(bs); i++ {
		if !bs[i] {
			for j := i * i; j < len(bs); j += i {
				bs[j] = true
			}
		}
		i8[i] = int8(i * 9)
		u16[i] = uint16(i * 3000)
		fs[i] = float64(i) * 0.5
		arr[i%16] += byte(i)
	}
	pa := &arr
	count, s8, s16, sf := 0, 0, 0, 0.0
	for i := range bs {
		if !bs[i] {
			count++
		}
		s8 += int(i8[i])
		s16 += int(u16[i])
		sf += fs[i]
		pa[i%16] ^= byte(s8)
	}
	fmt.Println(count, s8, s16, sf, arr)
}

func rotate() {
	// Three-way phi rotation: parallel moves whose destinations are also
	// their sources.
	a, b, c, d := 1, 2, 3, 4
	for i := 0; i < 7; i++ {
		a, b, c, d = b, c, d, a+i
	}
	x, y := 1.5, 2.5
	for i := 0; i < 5; i++ {
		x, y = y, x
	}
	fmt.Println(a, b, c, d, x, y)
}

func nilField(ps []*point) (s float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	for _, p := range ps {
		s += p.x * 2
	}
	return s, nil
}

func outOfRange(b []byte, n int) (s int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	for i := 0; i < n; i++ {
		s += int(b[i]) * 3
	}
	return s, nil
}

func negIndex(xs []int, i int) (v int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return xs[i] + 1, nil
}

func divide(xs []int, d int) (s int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	for _, x := range xs {
		s += x/d + x%d
		d--
	}
	return s, nil
}

func divWidths() {
	var i8, m8 int8 = -128, -1
	var u16, v16 uint16 = 65535, 7
	var i64, m64 int64 = math.MinInt64, -1
	var i32 int32 = -7
	for k := 0; k < 3; k++ {
		fmt.Println(i8/m8, i8%m8, u16/v16, u16%v16, i64/m64, i64%m64, i32/2, i32%2, uint(k+9)/2)
		i8++
		u16 -= 1000
		i32 *= 3
	}
}

type named struct {
	name  string
	next  *named
	shape fmt.Stringer
	tags  []string
}

type label string

func (l label) String() string { return string(l) }

func references() {
	ns := make([]named, 4)
	ptrs := make([]*named, 4)
	for i := range ns {
		ns[i].name = fmt.Sprint("n", i)
		ns[i].shape = label(fmt.Sprint("s", i))
		ns[i].tags = []string{ns[i].name}
		ptrs[i] = &ns[i]
		if i > 0 {
			ns[i-1].next = &ns[i]
		}
	}
	out := ""
	for p := ptrs[0]; p != nil; p = p.next {
		out += p.name + p.shape.String() + p.tags[0] + ","
	}
	names := make([]string, 4)
	for i := range names {
		names[i] = ptrs[3-i].name
	}
	fmt.Println(out, names)
}

func deferred(n int) (r int) {
	defer func() { r *= 2 }()
	for i := 0; i < n; i++ {
		r += i
	}
	return r
}

// shifts shifts values of every width by counts up to past their width,
// and by a negative count (a panic).
func shifts() {
	var sum uint64
	for s := uint(0); s < 70; s += 3 {
		i8, u8 := int8(-100)>>s, uint8(200)<<s
		i16, u16 := int16(-30000)<<s, uint16(60000)>>s
		i32, u32 := int32(-7)<<s, uint32(0xdeadbeef)>>s
		i64, u64 := int64(-1)<<s, uint64(1)<<s
		n := -12345 >> s
		sum += uint64(i8) + uint64(u8) + uint64(i16) + uint64(u16) + uint64(i32) + uint64(u32) + uint64(i64) + u64 + uint64(n)
		sum = sum<<1 | sum>>63
	}
	fmt.Println("shifts", sum)
	for _, s := range []int{3, 64, -1} {
		func() {
			defer func() { fmt.Println("shift", s, recover()) }()
			fmt.Println(1<<s, -8>>s, uint32(8)>>s)
		}()
	}
}

// pointers compares pointers and channels: the same, different, nil.
func pointers() {
	a, b := &point{x: 1}, &point{x: 1}
	var nilp *point
	ps := []*point{a, b, nilp, a}
	c1, c2 := make(chan int), make(chan int)
	var nilc chan int
	cs := []chan int{c1, c2, nilc, c1}
	n := 0
	for i, p := range ps {
		for j, q := range ps {
			if p == q {
				n += i*4 + j
			}
			if p != q && cs[i] != cs[j] {
				n++
			}
			if cs[i] == cs[j] {
				n += 100
			}
		}
		if p == nil || p != nilp {
			n += 1000
		}
	}
	fmt.Println("pointers", n)
}

// tuples reads the elements of tuples: comma-ok forms and calls of
// several results.
func tuples() {
	m := map[string]int{"a": 1, "b": 2}
	sum := 0
	for _, k := range []string{"a", "b", "c"} {
		v, ok := m[k]
		if ok {
			sum += v
		}
		q, r := divmod(17+v, 5)
		sum += q*10 + r
	}
	var x any = 3
	if i, ok := x.(int); ok {
		sum += i
	}
	fmt.Println("tuples", sum)
}

func divmod(a, b int) (int, int) { return a / b, a % b }

var (
	gCount  int
	gSum    float64
	gNarrow int32
	gU16    uint16
	gName   string
	gPtr    *point
)

// bump adds through pointer parameters of several kinds.
func bump(n *int, f *float64, w *int32, s *string) {
	*n += 3
	*f *= 1.5
	*w -= 70000
	*s += "."
}

// variables reads and writes globals, escaped locals and pointer
// parameters (loads and stores through pointer registers).
func variables() {
	local := 0
	inc := func() { local++ } // local escapes to the heap
	for i := 0; i < 100; i++ {
		gCount += i
		gSum += float64(i) / 4
		gNarrow = gNarrow*3 + int32(i)
		gU16 -= uint16(i * 700)
		inc()
	}
	if gPtr == nil {
		gPtr = &point{x: 2}
	}
	gName = "g"
	bump(&gCount, &gSum, &gNarrow, &gName)
	n, f, w, s := 1, 2.0, int32(3), "s"
	bump(&n, &f, &w, &s)
	fmt.Println("variables", gCount, gSum, gNarrow, gU16, gName, gPtr.x, local, n, f, w, s)
	var np *int
	func() {
		defer func() { fmt.Println("nil variable:", recover()) }()
		*np = 1
	}()
}

func main() {
	fmt.Println(fib(20))
	variables()
	shifts()
	pointers()
	tuples()
	narrow()
	floats()
	structs()
	slices()
	rotate()
	fmt.Println(nilField([]*point{{x: 1}, {x: 2}, nil, {x: 4}}))
	fmt.Println(outOfRange([]byte{1, 2, 3, 4}, 6))
	fmt.Println(outOfRange(nil, 1))
	fmt.Println(negIndex([]int{1, 2, 3}, -1))
	fmt.Println(negIndex([]int{1, 2, 3}, 2))
	fmt.Println(deferred(10))
	fmt.Println(divide([]int{10, 20, 30, 40}, 2))
	divWidths()
	references()
}
