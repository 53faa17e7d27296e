// Program shifts checks signed and unsigned shifts of every size, including
// shift counts equal to and greater than the width (result 0 or -1 for
// arithmetic right shifts), shifts by variables of different unsigned and
// signed types, and the runtime panic for a negative shift count.
package main

import "fmt"

func main() {
	for _, n := range []uint{0, 1, 7, 8, 9, 15, 16, 31, 32, 33, 63, 64, 65, 200} {
		fmt.Printf("n=%3d i8:%4d %4d u8:%3d %3d i16:%6d %6d u16:%5d i32:%11d %3d u32:%10d i64:%20d %3d u64:%20d\n",
			n,
			int8(1)<<n, int8(-128)>>n,
			uint8(1)<<n, uint8(255)>>n,
			int16(3)<<n, int16(-32768)>>n,
			uint16(0xffff)>>n,
			int32(5)<<n, int32(-7)>>n,
			uint32(1)<<n,
			int64(-1)<<n, int64(-9)>>n,
			uint64(0xdeadbeefcafebabe)>>n)
	}

	// shift count of various types
	var c8 uint8 = 70
	var c16 int16 = 3
	var c64 int64 = 62
	x := int64(1)
	fmt.Println(x<<c8, x<<c16, x<<c64, -x<<c64, uint64(1)<<c64)
	var i int = 5
	fmt.Println(1<<i, -1>>i, 1024>>i, uint(1)<<(i*13))

	// shifting into the sign bit
	var s32 int32 = 1
	fmt.Println(s32<<31, s32<<30, (s32<<31)>>31, uint32(s32<<31)>>31)

	// compound shift assignment
	v := uint16(1)
	for k := 0; k < 20; k++ {
		v <<= 1
		if v == 0 {
			fmt.Println("uint16 became 0 after", k+1, "shifts")
			break
		}
	}
	w := int8(-128)
	for k := 0; k < 10; k++ {
		w >>= 1
		fmt.Print(w, " ")
	}
	fmt.Println()

	// rotate via shifts
	rot := func(x uint32, k uint) uint32 { return x<<k | x>>(32-k) }
	fmt.Printf("%08x %08x %08x\n", rot(0x12345678, 4), rot(0x12345678, 28), rot(0x80000001, 1))

	// negative shift count panics
	defer func() {
		fmt.Println("recovered:", recover())
	}()
	neg := -3
	fmt.Println(1 << neg)
}
