// environ: the environment: get, set, unset, expand and list.
package main

import (
	"fmt"
	"os"
	"slices"
	"strings"
)

func main() {
	fmt.Println(os.Getenv("VT_CONFORMANCE"))
	v, ok := os.LookupEnv("VT_UNSET_VARIABLE")
	fmt.Printf("%q %v\n", v, ok)
	fmt.Println(os.Setenv("VT_A", "1"), os.Setenv("VT_B", "two words"))
	fmt.Println(os.ExpandEnv("a=$VT_A b=${VT_B} c=$VT_C"))
	fmt.Println(os.Unsetenv("VT_A"))
	_, ok = os.LookupEnv("VT_A")
	fmt.Println("VT_A set:", ok)
	fmt.Println(os.Setenv("", "x") != nil, os.Setenv("A=B", "x") != nil)
	env := slices.Clone(os.Environ())
	slices.Sort(env)
	fmt.Println(strings.Join(env, ";"))
	os.Clearenv()
	fmt.Println(len(os.Environ()))
}
