// Program handles canonicalizes values with unique.Make and holds weak
// pointers: handles of equal values are equal, of different ones differ,
// and a canonical value keeps its strings even when the program changes
// the memory they came from.
package main

import (
	"fmt"
	"math"
	"runtime"
	"unique"
	"unsafe"
	"weak"
)

type pair struct {
	name string
	n    int
}

func main() {
	a, b := unique.Make("go"), unique.Make(string([]byte{'g', 'o'}))
	fmt.Println(a == b, a.Value(), a == unique.Make("vt"))

	buf := []byte("abc")
	h := unique.Make(unsafe.String(&buf[0], len(buf)))
	ph := unique.Make(pair{unsafe.String(&buf[1], 2), 1})
	ah := unique.Make([2]string{unsafe.String(&buf[0], 1), "z"})
	buf[0], buf[1], buf[2] = 'x', 'y', 'z'
	fmt.Println(h.Value(), ph.Value(), ah.Value())
	fmt.Println(h == unique.Make("abc"), ph == unique.Make(pair{"bc", 1}), ph == unique.Make(pair{"bc", 2}))
	fmt.Println(ah == unique.Make([2]string{"a", "z"}), unique.Make(1.5) == unique.Make(1.5))
	nan := math.NaN()
	fmt.Println(unique.Make(nan) == unique.Make(nan), unique.Make(any(3)) == unique.Make(any(3)))

	x := &pair{"w", 2}
	w := weak.Make(x)
	fmt.Println(w.Value() == x, w == weak.Make(x), w.Value().name)
	runtime.KeepAlive(x)
}
