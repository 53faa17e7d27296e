// Program osargs checks os.Args (the harness passes the same arguments to the
// native and interpreted runs; only the base name of Args[0] is printed),
// os.Getenv/LookupEnv of a variable the harness sets, flag parsing of those
// arguments with the flag package, and exit code 0.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	fmt.Println("program:", filepath.Base(os.Args[0]))
	fmt.Println("argc:", len(os.Args))
	for i, a := range os.Args[1:] {
		fmt.Printf("arg %d: %q\n", i+1, a)
	}
	v, ok := os.LookupEnv("VT_CONFORMANCE")
	fmt.Printf("VT_CONFORMANCE=%q set=%v\n", v, ok)
	_, ok = os.LookupEnv("VT_SURELY_UNSET_VARIABLE")
	fmt.Println("unset variable found:", ok, os.Getenv("VT_SURELY_UNSET_VARIABLE") == "")

	fs := flag.NewFlagSet("conf", flag.ContinueOnError)
	verbose := fs.Bool("v", false, "verbose")
	n := fs.Int("n", 1, "count")
	name := fs.String("name", "none", "a name")
	args := os.Args[1:]
	// pick out the flag-looking arguments so parsing is independent of order
	var flagArgs, rest []string
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			flagArgs = append(flagArgs, a)
		} else {
			rest = append(rest, a)
		}
	}
	err := fs.Parse(flagArgs)
	fmt.Println("parse:", err, *verbose, *n, *name, fs.NArg(), rest)
}
