// Program mapkeys checks map keys of every comparable kind: strings,
// signed and unsigned integers of every size (negative and large),
// booleans, float32 and float64 (+0 and -0 are one key, every NaN is a
// key of its own), complex numbers, pointers, channels, interfaces holding
// several dynamic types, arrays and structs; deletes, re-inserts and
// iteration after deletes.
package main

import (
	"fmt"
	"math"
	"slices"
)

type point struct {
	x, y int8
	name string
}

func main() {
	strs := map[string]int{"": 1, "a": 2, "ab": 3}
	strs["a"+"b"] += 10
	delete(strs, "")
	fmt.Println(len(strs), strs["ab"], strs[""], strs)

	i8 := map[int8]int{-128: 1, 127: 2, -1: 3}
	u64 := map[uint64]string{math.MaxUint64: "max", 1 << 63: "top", 0: "zero"}
	i64 := map[int64]bool{math.MinInt64: true, -1: false}
	fmt.Println(i8[-128], i8[127], i8[-1], len(i8), u64[math.MaxUint64], u64[1<<63], u64[0], i64[math.MinInt64], len(i64))

	bools := map[bool]int{}
	for i := range 7 {
		bools[i%3 == 0]++
	}
	fmt.Println(bools[true], bools[false], len(bools))

	nz := math.Copysign(0, -1)
	f64 := map[float64]int{}
	f64[0] = 1
	f64[nz] = 2
	f64[math.NaN()] = 3
	f64[math.NaN()] = 4
	f64[1.5] = 5
	f64[1.5]++
	fmt.Println(len(f64), f64[0], f64[nz], f64[math.NaN()], f64[1.5])
	f32 := map[float32]int{float32(nz): 1}
	f32[0]++
	fmt.Println(len(f32), f32[0])

	c128 := map[complex128]int{complex(0, 1): 1, complex(nz, 1): 2, complex(1, nz): 3}
	fmt.Println(len(c128), c128[complex(0, 1)], c128[complex(1, 0)])

	a, b := new(int), new(int)
	ptrs := map[*int]string{a: "a", b: "b"}
	ptrs[a] += "!"
	delete(ptrs, b)
	fmt.Println(len(ptrs), ptrs[a], ptrs[b] == "")

	ch1, ch2 := make(chan int), make(chan int)
	chans := map[chan int]int{ch1: 1, ch2: 2}
	fmt.Println(chans[ch1], chans[ch2], len(chans))

	ifs := map[any]string{1: "int 1", int64(1): "int64 1", "1": "string 1", 1.0: "float 1", point{1, 2, "p"}: "point", nil: "nil", [2]int{1, 2}: "array"}
	fmt.Println(len(ifs), ifs[1], ifs[int64(1)], ifs["1"], ifs[1.0], ifs[point{1, 2, "p"}], ifs[nil], ifs[[2]int{1, 2}], ifs[uint(1)] == "")

	arrs := map[[3]byte]int{{1, 2, 3}: 1}
	arrs[[3]byte{1, 2, 3}]++
	structs := map[point]int{{-1, 2, "a"}: 1}
	structs[point{-1, 2, "a"}] += 2
	structs[point{-1, 2, "b"}] = 7
	fmt.Println(arrs[[3]byte{1, 2, 3}], len(arrs), structs[point{-1, 2, "a"}], len(structs))

	// Deletes, re-inserts and iteration (sorted) after many deletes.
	big := map[int]int{}
	for i := range 1000 {
		big[i*7919] = i
	}
	for i := range 1000 {
		if i%3 != 0 {
			delete(big, i*7919)
		}
	}
	for i := range 10 {
		big[-i] = -i
	}
	keys := make([]int, 0, len(big))
	sum := 0
	for k, v := range big {
		keys = append(keys, k)
		sum += v
	}
	slices.Sort(keys)
	fmt.Println(len(big), sum, keys[:5], keys[len(keys)-3:])
}
