// Command unsafewords views scalars, arrays and structs through pointers of
// other types, as gc lays them out on amd64 and arm64 (little-endian): a
// word's bytes, several words as one, a float's bits, the bytes across a
// struct's padding. Reads and writes through a view are reads and writes of
// the memory underneath.
package main

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"unsafe"
)

// float32bits is math.Float32bits as the math package writes it.
func float32bits(f float32) uint32 { return *(*uint32)(unsafe.Pointer(&f)) }

func float32frombits(b uint32) float32 { return *(*float32)(unsafe.Pointer(&b)) }

func float64bits(f float64) uint64 { return *(*uint64)(unsafe.Pointer(&f)) }

type pair struct{ lo, hi int32 }

// padded has 3 bytes of padding after a and 4 after c.
type padded struct {
	a byte
	b int32
	c uint16
	d int64
}

// mixed has no padding.
type mixed struct {
	flag bool
	b    byte
	n    int16
	f    float32
	u    uint64
}

func main() {
	// The low byte of a uint32, and the others.
	x := uint32(0x11223344)
	fmt.Printf("low byte %#x\n", *(*byte)(unsafe.Pointer(&x)))
	bs := (*[4]byte)(unsafe.Pointer(&x))
	fmt.Printf("bytes %x, third %#x\n", *bs, bs[2])
	bs[0] = 0xaa
	bs[3]++
	fmt.Printf("after writes %#x\n", x)
	// A uint16 in the middle of the word: the byte order decides.
	mid := (*uint16)(unsafe.Add(unsafe.Pointer(&x), 1))
	fmt.Printf("middle half %#x\n", *mid)
	*mid = 0xbeef
	fmt.Printf("after the middle write %#x\n", x)

	// Eight bytes as one uint64, and back.
	arr := [8]byte{1, 2, 3, 4, 5, 6, 7, 8}
	fmt.Printf("as uint64 %#x\n", *(*uint64)(unsafe.Pointer(&arr)))
	*(*uint64)(unsafe.Pointer(&arr)) = 0x0102030405060708
	fmt.Println("after a uint64 write", arr)
	fmt.Printf("second word of the bytes %#x\n", *(*uint32)(unsafe.Pointer(&arr[4])))

	// Floats' bits.
	fmt.Printf("float32 bits %#x %#x\n", float32bits(1.5), float32bits(-0.1))
	fmt.Println("float32 from bits", float32frombits(0x40490fdb), float32frombits(float32bits(math.MaxFloat32)))
	fmt.Printf("float64 bits %#x\n", float64bits(math.Pi))
	nan := math.Float64frombits(0x7ff8000000000001)
	fmt.Printf("NaN payload %#x\n", float64bits(nan))
	var f float64
	(*[2]uint32)(unsafe.Pointer(&f))[1] = 0x3ff00000
	fmt.Println("float64 from its high word", f)

	// A struct of two int32 as one uint64, and the other way.
	p := pair{lo: 1, hi: -2}
	fmt.Printf("pair as uint64 %#x\n", *(*uint64)(unsafe.Pointer(&p)))
	*(*uint64)(unsafe.Pointer(&p)) = 0x0000000700000009
	fmt.Println("pair after", p.lo, p.hi)
	w := uint64(0xfffffffe00000003)
	pp := (*pair)(unsafe.Pointer(&w))
	fmt.Println("uint64 as pair", pp.lo, pp.hi)
	pp.hi = 5
	fmt.Printf("after pp.hi = 5: %#x\n", w)

	// Views of a struct with padding, at its fields' offsets (gc leaves
	// the padding's bytes undefined: they are not read).
	pd := padded{a: 0xff, b: -1, c: 0x1234, d: 1}
	raw := (*[24]byte)(unsafe.Pointer(&pd))
	fmt.Println("padded fields' bytes", raw[0], *(*[4]byte)(unsafe.Pointer(&raw[4])), raw[8], raw[9], *(*[8]byte)(unsafe.Pointer(&raw[16])))
	fmt.Printf("word of b and c %#x\n", *(*uint32)(unsafe.Add(unsafe.Pointer(&pd), 4)))
	fmt.Println("sizes", unsafe.Sizeof(pd), unsafe.Offsetof(pd.b), unsafe.Offsetof(pd.c), unsafe.Offsetof(pd.d))
	raw[5] = 0x80
	fmt.Println("b after a write of its second byte", pd.b)
	raw[1] = 0 // zero into padding: nothing to keep
	fmt.Println("a and b after", pd.a, pd.b)

	// Several kinds in one struct, read as words.
	mx := mixed{flag: true, b: 0x0b, n: -3, f: 2.5, u: 1 << 63}
	words := (*[2]uint64)(unsafe.Pointer(&mx))
	fmt.Printf("mixed words %#x %#x\n", words[0], words[1])
	words[0] = 0x3f80000000070001
	fmt.Println("mixed after", mx.flag, mx.b, mx.n, mx.f)

	// Signed and unsigned bytes of a negative number.
	neg := int32(-2)
	fmt.Println("bytes of -2", *(*[4]int8)(unsafe.Pointer(&neg)), *(*[4]uint8)(unsafe.Pointer(&neg)))
	fmt.Println("int16 halves", *(*[2]int16)(unsafe.Pointer(&neg)))

	// complex128 as two float64, complex64 as a uint64.
	c := complex(1.5, -2)
	parts := (*[2]float64)(unsafe.Pointer(&c))
	fmt.Println("complex parts", parts[0], parts[1])
	parts[1] = 4
	fmt.Println("complex after", c)
	c64 := complex64(complex(1, 2))
	fmt.Printf("complex64 bits %#x\n", *(*uint64)(unsafe.Pointer(&c64)))

	// An array of uint32 as bytes, and a bool as a byte.
	u32s := [2]uint32{0x01020304, 0x05060708}
	fmt.Println("bytes of [2]uint32", *(*[8]byte)(unsafe.Pointer(&u32s)))
	t := true
	fmt.Println("bool byte", *(*byte)(unsafe.Pointer(&t)))
	*(*byte)(unsafe.Pointer(&t)) = 0
	fmt.Println("bool after", t)

	// Atomic operations on the halves of a uint64, and on a uint64 as a
	// pointer word.
	val := uint64(0xffffffff_00000005)
	half := unsafe.Pointer(&val)
	fmt.Printf("AddInt32 on the low half: %d %#x\n", atomic.AddInt32((*int32)(half), -7), val)
	hi := (*uint32)(unsafe.Add(half, 4))
	fmt.Printf("AddUint32 on the high half: %d %#x\n", atomic.AddUint32(hi, 1), val)
	fmt.Printf("CAS on the high half: %v %#x\n", atomic.CompareAndSwapUint32(hi, 0, 9), val)
	var counter uint64
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				(*atomic.Int32)(unsafe.Pointer(&counter)).Add(1)
				atomic.AddUint32((*uint32)(unsafe.Add(unsafe.Pointer(&counter), 4)), 2)
			}
		}()
	}
	wg.Wait()
	fmt.Printf("halves added by 4 goroutines: %#x\n", counter)

	// Big-endian-sensitive: the first byte tells the machine's order.
	one := uint16(1)
	fmt.Println("little-endian:", *(*byte)(unsafe.Pointer(&one)) == 1)
}
