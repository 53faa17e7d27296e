// Program panicfloat checks how uncaught panics print basic values of named
// and unnamed types (floats, complex, bools, ints), including a panic that
// replaces a recovered one.
package main

import "fmt"

type F float64

type C complex128

func main() {
	for _, v := range []any{1.5, float32(0.1), 1e100, F(2.25), C(1 + 2i), true, int8(-3)} {
		func() {
			defer func() { fmt.Println("recovered:", recover()) }()
			panic(v)
		}()
	}
	defer func() {
		recover()
		panic(F(2.25))
	}()
	panic(1.5)
}
